/** skfr cluster reads CSV files chunk by chunk: same output as reading them whole, the fallbacks, the report's SHA-256. */
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { join } from 'node:path';
import { main, nodeIO, type CliIO } from '../../cli/main.js';
import { openInputChunks } from '../../node/files.js';
import { micePath, tempDir } from './helpers.js';

const tmp = tempDir('skfr-chunked-');
afterAll(() => tmp.cleanup());

/** Run with an io whose chunk reader is counted (and small: many chunks), or absent (whole-file reads). */
async function run(argv: string[], chunks: 'small' | 'none'): Promise<{ json: Record<string, unknown>; opened: number; wholeReads: number }> {
  let stdout = '';
  let opened = 0;
  let wholeReads = 0;
  const base = nodeIO();
  const io: CliIO = {
    ...base,
    stdout: (t) => void (stdout += t),
    stderr: () => undefined,
    isTTY: false,
    readFile: (path) => (wholeReads++, base.readFile(path)),
    openChunks:
      chunks === 'small'
        ? async (path) => {
            const source = await openInputChunks(path, 4096);
            return () => (opened++, source());
          }
        : undefined,
  };
  const code = await main([...argv, '--json'], io);
  expect(code).toBe(0);
  const json = JSON.parse(stdout) as Record<string, unknown>;
  delete json['timings'];
  return { json, opened, wholeReads };
}

const mouseArgs = ['--id-column', 'MouseID', '--class-column', 'class', '--annotation-columns', 'Genotype,Treatment,Behavior', '--k', '8', '--s', '24', '--restarts', '3'];

describe('skfr cluster on chunks', () => {
  it('gives the mouse data the same output read in 4 KiB chunks (two passes) as read whole', async () => {
    const chunked = await run(['cluster', micePath, ...mouseArgs], 'small');
    const whole = await run(['cluster', micePath, ...mouseArgs], 'none');
    expect(chunked.opened).toBe(2);
    expect(chunked.wholeReads).toBe(0);
    expect(whole.wholeReads).toBe(1);
    expect(chunked.json).toEqual(whole.json);
  });

  it('falls back to reading a Windows-1252 file whole, with the same result', async () => {
    const file = join(tmp.dir, 'latin.csv');
    const rows = ['name,a,b'];
    for (let i = 0; i < 40; i++) rows.push(`Jos\u00e9${i},${i % 2 === 0 ? i : -i},${(i * 7) % 5}`);
    writeFileSync(file, Buffer.from(rows.join('\n') + '\n', 'latin1'));
    const args = ['cluster', file, '--id-column', 'name', '--k', '2', '--s', '1', '--restarts', '2'];
    const chunked = await run(args, 'small');
    expect(chunked.opened).toBe(1);
    expect(chunked.wholeReads).toBe(1);
    expect((chunked.json['sampleIds'] as string[])[0]).toBe('José0');
    expect(chunked.json).toEqual((await run(args, 'none')).json);
  });
});

describe('a report from chunks', () => {
  it('streams the input and records its SHA-256, taken on the first pass', async () => {
    const out = join(tmp.dir, 'report.xlsx');
    const { json, opened, wholeReads } = await run(['cluster', micePath, ...mouseArgs, '--out', out], 'small');
    expect(opened).toBe(2);
    expect(wholeReads).toBe(0);
    expect(json['labels']).toEqual((await run(['cluster', micePath, ...mouseArgs], 'none')).json['labels']);
    const wb = XLSX.read(readFileSync(out), { type: 'buffer', dense: true });
    const summary = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets['Summary']!, { header: 1 }).map((row) => row.join(' '));
    const sha = createHash('sha256').update(readFileSync(micePath)).digest('hex');
    expect(summary.some((line) => line.includes(sha))).toBe(true);
  });
});
