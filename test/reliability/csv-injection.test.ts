/**
 * Issue 12 item 7: CSV formula injection (OWASP "CSV injection"). Every CSV export (core/table/write-csv.ts,
 * used by `skfr cluster --out x.csv` / `--features-out`, `skfr simulate` and the app's exports) neutralises
 * text cells a spreadsheet would run as formulas, and keeps true numbers as numbers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTable, toCsv } from '../../core/table/index.js';
import { createSession } from '../../core/jobs/session.js';
import { skfr, tempDir } from '../cli/helpers.js';

const tmp = tempDir('skfr-injection-');
afterAll(tmp.cleanup);

const HOSTILE = ['=HYPERLINK("http://x","y")', "+cmd|'/C calc'!A0", '-2+3', '@SUM(A1)', '\tTAB', '\rCR'];

describe('toCsv is spreadsheet-safe', () => {
  it('prefixes a quote to text cells starting with = + - @ tab or CR, and quotes them', () => {
    expect(toCsv([HOSTILE])).toBe(
      `"'=HYPERLINK(""http://x"",""y"")","'+cmd|'/C calc'!A0","'-2+3","'@SUM(A1)","'\tTAB","'\rCR"\n`,
    );
  });

  it('keeps numbers as numbers (-2 stays -2), text that is only a number too, and ordinary text as it was', () => {
    expect(toCsv([[-2, 1e-300, -0.5, '-2', '+1.5e3', 'a-b', 'x=1', 'plain', null]])).toBe('-2,1e-300,-0.5,-2,+1.5e3,a-b,x=1,plain,\n');
  });

  it('the neutralised text reads back as the same text with the leading quote (nothing is lost)', () => {
    const csv = toCsv([['id', 'v'], ...HOSTILE.slice(0, 4).map((t, i) => [t, i])]);
    const table = parseTable(new TextEncoder().encode(csv), 'x.csv');
    expect(table.columns[0]!.texts).toEqual(HOSTILE.slice(0, 4).map((t) => `'${t}`));
  });
});

describe('every CSV export', () => {
  const rows = ['id,group,a,b', ...Array.from({ length: 12 }, (_, i) => `${HOSTILE[i % 4]!.replace(/"/g, '""').replace(/^(.*)$/, '"$1"')}${i},@g${i % 2},${i % 3},${(i * 7) % 5}`)];
  const input = join(tmp.dir, 'hostile.csv');
  writeFileSync(input, rows.join('\n') + '\n');

  it('skfr cluster --out samples.csv: ids and annotations neutralised, clusters and distances numbers', async () => {
    const out = join(tmp.dir, 'samples.csv');
    const run = await skfr(['cluster', input, '--id-column', 'id', '--annotation-columns', 'group', '--k', '2', '--s', '2', '--restarts', '2', '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('id,group,cluster,distance');
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/x"",""y""\)0","'@g0",[12],\d/);
    expect(lines[3]).toMatch(/^"'-2\+32","'@g0",[12],\d/);
    for (const line of lines.slice(1)) expect(line).toMatch(/^"'[=+\-@]/);
  });

  it('the app\'s export (jobs session) writes the same neutralised CSV', async () => {
    const session = createSession();
    const opened = await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: 'hostile.csv', bytes: readFileSync(input) } });
    if (!opened.ok) throw new Error(opened.error.message);
    const mapping = { orientation: 'samples-as-rows' as const, idColumn: 'id', annotationColumns: ['group'], featureColumns: null, filters: [] };
    const fitted = await session.runJob({
      type: 'fit', datasetId: opened.result.datasetId, mapping,
      settings: { k: 2, s: 2, variant: 'global', loss: 'squared', restarts: 2, seed: 1, maxIterations: 100 },
    });
    if (!fitted.ok) throw new Error(fitted.error.message);
    const exported = await session.runJob({ type: 'export', fitId: fitted.result.fitId, what: 'samples', format: 'csv' });
    if (!exported.ok) throw new Error(exported.error.message);
    const text = new TextDecoder().decode(exported.result.bytes!);
    expect(text.split('\n')[2]).toMatch(/^"'\+cmd\|'\/C calc'!A01","'@g1",[12],\d/);
  });
});
