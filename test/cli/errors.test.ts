/**
 * Every user mistake of issue 2 ends with exit code 2 and ONE line `error: …` on stderr that names the file,
 * row, column or value at fault — never a stack trace. A text cell in a feature column is a warning, not an error.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { main, reportError, type CliIO } from '../../cli/main.js';
import { SkfrError } from '../../core/errors.js';
import { skfr, tempDir } from './helpers.js';

const tmp = tempDir('skfr-errors-');
afterAll(tmp.cleanup);
const file = (name: string, contents: string | Uint8Array) => {
  const path = join(tmp.dir, name);
  writeFileSync(path, contents);
  return path;
};

// A small valid sheet: 6 samples, 3 numeric features, one text annotation.
const good = file('good.csv', 'id,a,b,c,group\ns1,1,2,3,x\ns2,1.1,2.1,3.2,x\ns3,0.9,1.9,2.8,x\ns4,5,6,7,y\ns5,5.2,6.1,7.3,y\ns6,4.9,5.8,6.9,y\n');

async function expectUserError(argv: string[], ...mentions: string[]) {
  const run = await skfr(argv);
  expect(run.code, run.stderr).toBe(2);
  expect(run.stdout).toBe('');
  const lines = run.stderr.split('\n').filter((line) => line.length > 0);
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: \S/);
  expect(lines[0]).not.toMatch(/\bat .*:\d+:\d+/); // no stack frames
  for (const mention of mentions) expect(lines[0]).toContain(mention);
  return lines[0]!;
}

const base = ['--id-column', 'id', '--annotation-columns', 'group'];

describe('user mistakes: exit 2 and one line naming the culprit', () => {
  it('missing file', async () => {
    await expectUserError(['cluster', join(tmp.dir, 'nope.csv'), '--k', '2', '--s', '1'], 'nope.csv', 'does not exist');
  });
  it('a directory instead of a file', async () => {
    const dir = join(tmp.dir, 'folder.csv');
    mkdirSync(dir);
    await expectUserError(['cluster', dir, '--k', '2', '--s', '1'], 'folder.csv', 'directory');
  });
  it('an empty file', async () => {
    await expectUserError(['cluster', file('empty.csv', ''), '--k', '2', '--s', '1'], 'empty.csv');
  });
  it('an HTML page renamed .xlsx (unreadable sheet)', async () => {
    await expectUserError(['cluster', file('page.xlsx', '<html><body><table><tr><td>1</td></tr></table></body></html>'), '--k', '2', '--s', '1'], 'page.xlsx');
  });
  it('an unknown sheet of a workbook', async () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['id', 'a'], ['s1', 1], ['s2', 2]]), 'Data');
    const path = file('book.xlsx', XLSX.write(wb, { bookType: 'xlsx', type: 'buffer' }));
    await expectUserError(['cluster', path, '--k', '2', '--s', '1', '--sheet', 'Results'], 'Results', 'Data');
  });
  it('an empty sheet and a truncated workbook', async () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([]), 'Blank');
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['id', 'a'], ['s1', 1], ['s2', 2]]), 'Data');
    const bytes = XLSX.write(wb, { bookType: 'xlsx', type: 'buffer' }) as Buffer;
    const path = file('blank.xlsx', bytes);
    await expectUserError(['cluster', path, '--k', '2', '--s', '1', '--sheet', 'Blank'], 'Blank', 'blank.xlsx', 'empty');
    await expectUserError(['cluster', file('cut.xlsx', bytes.subarray(0, 200)), '--k', '2', '--s', '1'], 'cut.xlsx');
  });
  it('an unknown column (id, class, annotation, feature, filter)', async () => {
    await expectUserError(['cluster', good, '--k', '2', '--s', '1', '--id-column', 'ID'], '“ID”');
    await expectUserError(['cluster', good, ...base, '--k', '2', '--s', '1', '--class-column', 'cls'], '“cls”');
    await expectUserError(['cluster', good, ...base, '--k', '2', '--s', '1', '--features', 'a,zz'], '“zz”');
    await expectUserError(['cluster', good, ...base, '--k', '2', '--s', '1', '--where', 'colour=red'], '“colour”');
  });
  it('no numeric features', async () => {
    const path = file('text.csv', 'id,name,colour\ns1,ann,red\ns2,bob,blue\ns3,cy,green\n');
    await expectUserError(['cluster', path, '--id-column', 'id', '--k', '2', '--s', '1'], 'text.csv');
  });
  it('k < 2 and k > the number of samples', async () => {
    await expectUserError(['cluster', good, ...base, '--k', '1', '--s', '1'], '--k 1', 'at least 2');
    await expectUserError(['cluster', good, ...base, '--k', '7', '--s', '1'], '7', 'samples (6)');
    // after --where the number of samples is the filtered one
    await expectUserError(['cluster', good, ...base, '--k', '4', '--s', '1', '--where', 'group=x'], '4', '(3)');
  });
  it('s < 1 and s > the number of features', async () => {
    await expectUserError(['cluster', good, ...base, '--k', '2', '--s', '0'], '--s 0', 'at least 1');
    await expectUserError(['cluster', good, ...base, '--k', '2', '--s', '4'], '4', 'features (3)');
    await expectUserError(['cluster', good, ...base, '--k', '2', '--tune-s', '1:9'], '1..9', '(3)');
  });
  it('a sample with no observed value', async () => {
    const path = file('hole.csv', 'id,a,b\ns1,1,2\ns2,NA,\ns3,3,4\ns4,5,6\n');
    await expectUserError(['cluster', path, '--id-column', 'id', '--k', '2', '--s', '1'], 's2');
  });
  it('a ragged CSV row', async () => {
    const path = file('ragged.csv', 'id,a,b\ns1,1,2\ns2,3\ns3,4,5\n');
    await expectUserError(['cluster', path, '--id-column', 'id', '--k', '2', '--s', '1'], 'ragged.csv', '3');
  });
  it('bad flag values and unknown flags', async () => {
    await expectUserError(['cluster', good, '--k', 'eight', '--s', '1'], '--k', '“eight”');
    await expectUserError(['cluster', good, '--k', '2', '--s', '1', '--variant', 'both'], '--variant', '“both”', 'global or local');
    await expectUserError(['cluster', good, '--k', '2', '--s', '1', '--loss', 'huber'], '“huber”');
    await expectUserError(['cluster', good, '--k', '2', '--s', '1', '--restarts', '0'], '--restarts');
    await expectUserError(['cluster', good, '--k', '2', '--s', '1', '--seed', '-1'], '--seed');
    await expectUserError(['cluster', good, '--k', '2', '--s', '1', '--colour', 'red'], '--colour');
    await expectUserError(['cluster', good, '--k', '2', '--tune-s', '5-10'], '“5-10”');
    await expectUserError(['cluster', good, '--k', '2', '--tune-s', '3:2'], '3:2');
    await expectUserError(['cluster', good, '--k', '2', '--s', '1', '--tune-s', '1:2'], '--s', '--tune-s');
    await expectUserError(['cluster', good, '--k', '2'], '--s');
    await expectUserError(['cluster', good, '--s', '2'], '--k');
    await expectUserError(['cluster', good, '--k', '2', '--s', '1', '--permutations', '5'], '--permutations');
    await expectUserError(['cluster', good, '--k', '2', '--s', '1', '--where', 'group'], '“group”');
    await expectUserError(['cluster', good, '--k', '2', '--s', '1', '--features-match', '(['], '([');
    await expectUserError(['cluster', good, '--k', '2', '--s', '1', '--out', 'result.txt'], 'result.txt', '.xlsx', '.csv');
    await expectUserError(['cluster', good, '--k', '2', '--s', '1', '--out', join(tmp.dir, 'no', 'r.csv')], 'r.csv');
    await expectUserError(['cluster', good, '--k', '2', '--s', '1', '--out', good], 'is the input file');
    await expectUserError(['cluster'], 'FILE');
    await expectUserError(['cluster', good, 'other.csv', '--k', '2', '--s', '1'], 'other.csv');
    await expectUserError(['frobnicate'], '“frobnicate”');
    await expectUserError(['simulate', '--design', 'dense', '--out', join(tmp.dir, 's.csv')], '“dense”');
    await expectUserError(['simulate', '--design', 'sparse'], '--out');
  });
});

describe('warnings and internal errors', () => {
  it('a text cell in a feature column is a warning naming column and row; the run continues with it missing', async () => {
    const path = file('typo.csv', 'id,a,b,c\ns1,1,2,3\ns2,1.1,oops,3.2\ns3,0.9,1.9,2.8\ns4,5,6,7\ns5,5.2,6.1,7.3\ns6,4.9,5.8,6.9\n');
    const run = await skfr(['cluster', path, '--id-column', 'id', '--k', '2', '--s', '2', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const warnings = run.stderr.split('\n').filter((line) => line.length > 0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^warning: /);
    expect(warnings[0]).toContain('“b”');
    expect(warnings[0]).toContain('oops');
    expect(warnings[0]).toContain('missing');
    const json = JSON.parse(run.stdout);
    expect(json.imputedCells).toBe(1);
    expect(json.labels).toEqual([1, 1, 1, 2, 2, 2].map((l) => (json.labels[0] === 1 ? l : 3 - l)));
  });

  it('an unexpected error is reported as an internal error with exit code 1', () => {
    let stderr = '';
    const io = { stderr: (t: string) => void (stderr += t) } as unknown as CliIO;
    expect(reportError(new TypeError('x is undefined'), io)).toBe(1);
    expect(stderr).toMatch(/^internal error: x is undefined/);
    stderr = '';
    expect(reportError(new SkfrError('invalid-k', 'k = 0 is not possible.'), io)).toBe(2);
    expect(stderr).toBe('error: k = 0 is not possible.\n');
    stderr = '';
    expect(reportError(new SkfrError('cancelled', 'The run was cancelled.'), io)).toBe(130);
  });

  it('a failing input read is caught by main, not thrown', async () => {
    let stderr = '';
    const io: CliIO = {
      stdout: () => undefined,
      stderr: (t) => void (stderr += t),
      isTTY: false,
      readFile: () => Promise.reject(new RangeError('boom')),
      writeFileAtomic: () => Promise.resolve(),
    };
    expect(await main(['cluster', 'x.csv', '--k', '2', '--s', '1'], io)).toBe(1);
    expect(stderr).toContain('internal error: boom');
  });
});
