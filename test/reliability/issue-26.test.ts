/**
 * Issue 26, "Nothing silently lost, round two": one test per numbered case (case 5, a sample table with two rows
 * for one sample, is the joins' work: core/table/design.ts). Each writes its own fixture, runs what a user runs
 * (the CLI in this process, or the reader) and asserts the column, sample or id kept and the words said.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SkfrError } from '../../core/errors.js';
import { lenientNumber } from '../../core/table/cells.js';
import { uniqueHeaderNames } from '../../core/table/columns.js';
import { backtrackingRisk, namePattern } from '../../core/table/name-pattern.js';
import { parseTable } from '../../core/table/parse.js';
import { checkTextSize, MAX_STRING } from '../../core/table/text.js';
import { checkZipSize, MAX_PART } from '../../core/table/zip-guard.js';
import { pcaProjection, pcaProjectionAsync } from '../../core/engine/projection.js';
import { allocateSharedFloat64 } from '../../core/parallel/shared.js';
import { openInputChunks } from '../../node/files.js';
import { readTableChunks } from '../../node/parallel/read.js';
import { skfr, skfrJson, tempDir } from '../cli/helpers.js';

const { dir, cleanup } = tempDir('skfr-issue26-');
afterAll(cleanup);
const enc = (text: string) => new TextEncoder().encode(text);

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** 6 samples × 2 clean features a, b (fixed values), then `c` as given. */
function samplesWith(c: readonly string[], delimiter = ','): string {
  const a = ['0.1', '0.9', '0.2', '0.8', '0.15', '0.85'];
  const b = ['1', '3', '1.5', '3.2', '1.1', '2.9'];
  const rows = c.map((cell, i) => [`s${i + 1}`, a[i], b[i], cell].join(delimiter));
  return [['id', 'a', 'b', 'c'].join(delimiter), ...rows].join('\n') + '\n';
}

describe('case 1: text in a number column is missing values, never a lost column', () => {
  it('a MaxQuant sample with n.d. in 24 of 40 rows stays, and the warning counts the n.d.', async () => {
    const samples = ['A1', 'A2', 'A3', 'B1', 'B2', 'B3'];
    const lines = [['Protein IDs', 'Gene names', ...samples.map((s) => `LFQ intensity ${s}`)].join('\t')];
    for (let r = 0; r < 40; r++) {
      // values 1e6 … 1e8 on a log scale, different in each column; B2 holds n.d. in rows 0–23
      const values = samples.map((s, j) => (s === 'B2' && r < 24 ? 'n.d.' : String(Math.round(10 ** (6 + ((r * 7 + j * 3) % 20) / 10)))));
      lines.push([`P${r}`, `G${r}`, ...values].join('\t'));
    }
    const path = write('proteinGroups.txt', lines.join('\n') + '\n');
    const run = await skfr(['cluster', path, '--k', '2', '--s', '3', '--min-valid', 'none', '--json']);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.n).toBe(6); // (was 5: B2 silently gone)
    expect(json.sampleIds).toContain('B2');
    expect(json.warnings.map((w: { message: string }) => w.message)).toContain(
      'Sample column “LFQ intensity B2” has 24 cells marked not measured (“n.d.” ×24); read as missing values.',
    );
  });

  it('a column 1.5, <LOD, 2.5, ND, 3.5, n.d. stays a feature, with the warning', async () => {
    const json = await skfrJson(['cluster', write('lod.csv', samplesWith(['1.5', '<LOD', '2.5', 'ND', '3.5', 'n.d.'])), '--k', '2', '--s', '1']);
    expect(json.featureLabels).toEqual(['a', 'b', 'c']);
    expect(json.warnings[0]).toEqual({
      code: 'text-in-feature',
      about: 'input',
      message: 'Column “c” has 3 cells marked not measured (“<LOD” ×1, “ND” ×1, “n.d.” ×1); read as missing values.',
    });
  });

  it('the Unicode minus, "1,234.50" in comma files and "1.234,50" in semicolon files are the numbers they are', async () => {
    const minus = await skfrJson(['cluster', write('minus.csv', samplesWith(['−2.5', '−1', '−3.25', '0.5', '−2', '1'])), '--k', '2', '--s', '1', '--out', join(dir, 'minus-out.csv')]);
    expect(minus.featureLabels).toEqual(['a', 'b', 'c']);
    expect(minus.warnings.filter((w: { about: string }) => w.about === 'input')).toEqual([]);
    const thousands = parseTable(enc(samplesWith(['"1,234.50"', '"2,000.5"', '"1,000,000"', '3', '"12,345.6"', '4'])), 'thousands.csv');
    expect(Array.from(thousands.columns[3]!.numbers!)).toEqual([1234.5, 2000.5, 1e6, 3, 12345.6, 4]);
    const european = parseTable(enc(samplesWith(['1.234,50', '2,5', '1.000.000', '3', '-1.234,5', '4'], ';')), 'european.csv');
    expect(Array.from(european.columns[3]!.numbers!)).toEqual([1234.5, 2.5, 1e6, 3, -1234.5, 4]);
    // (ambiguous: a lone group after a comma may be a decimal comma; it stays text, and is reported)
    expect(lenientNumber('1,234')).toBeNaN();
    expect(lenientNumber('1 234,5')).toBe(1234.5);
  });

  it('the rule: a name column holding “1” in a few rows stays text (said), a sample column with 60 % n.d. stays numbers', () => {
    const names = parseTable(enc('name,x\nACTB,1\n1,2\nGAPDH,3\nTUBB,4\n2,5\n'), 'names.csv');
    expect(names.columns[0]!.kind).toBe('text');
    const mostlyNd = parseTable(enc('id,x\n' + ['n.d.', 'n.d.', 'n.d.', '1', 'n.d.', 'n.d.', '2', 'n.d.', '3', '4'].map((v, i) => `s${i},${v}`).join('\n') + '\n'), 'nd.csv');
    expect(mostlyNd.columns[1]!.kind).toBe('numeric');
  });
});

describe('case 2: a header of numbers is said, and --no-header reads it as data', () => {
  const text = '1.5,2.25,3.5\n1.4,2.2,3.6\n4.5,5.25,6.5\n4.4,5.1,6.7\n1.6,2.3,3.4\n4.6,5.2,6.6\n';
  it('the note, then all six samples with --no-header', async () => {
    const path = write('noheader.csv', text);
    const plain = await skfr(['cluster', path, '--k', '2', '--s', '1', '--json']);
    expect(plain.stderr).toContain('Line 1, read as the header, holds numbers, not names (“1.5”, “2.25”, “3.5”): is there a header?');
    const json = await skfrJson(['cluster', path, '--k', '2', '--s', '1', '--no-header']);
    expect(json.n).toBe(6);
    expect(json.featureLabels).toEqual(['Column 1', 'Column 2', 'Column 3']);
    expect(json.command).toContain('--no-header');
  });

  it('--no-header is carried in the saved session: skfr rerun reads the first row as data, its command says --no-header', async () => {
    const path = write('noheader-session.csv', text);
    const session = join(dir, 'noheader.skfr');
    const run = await skfrJson(['cluster', path, '--k', '2', '--s', '1', '--no-header', '--save-session', session]);
    expect(run.n).toBe(6);
    const saved = JSON.parse(readFileSync(session, 'utf8'));
    expect(saved.input).toMatchObject({ noHeader: true, headerRow: 1 });
    expect(saved.result.command).toContain('--no-header');
    const again = await skfr(['rerun', session, '--json']);
    expect(again.code, again.stderr).toBe(0);
    const rerun = JSON.parse(again.stdout);
    expect(rerun.identical).toBe(true);
    expect(rerun.n).toBe(6);
    expect(rerun.sampleIds).toEqual(['1', '2', '3', '4', '5', '6']);
    // (the command of the run again, derived from the dataset as read: the first run's flags, on the file's name)
    const flags = (command: string) => command.replace(/^skfr cluster \S+ /, '');
    expect(flags(rerun.command)).toBe(flags(run.command));
    expect(flags(rerun.command)).toMatch(/^--no-header /);
  });
});

describe('case 3: ids are text, kept exactly as written', () => {
  it('001, 1e3, 0x1, 1.0, 01, -0 in --json and the samples export, without a false duplicate warning', async () => {
    const ids = ['001', '1e3', '0x1', '1.0', '01', '-0'];
    const text = 'id,a,b\n' + ids.map((id, i) => `${id},${[0.1, 0.9, 0.2, 0.8, 0.15, 0.85][i]},${i % 2}`).join('\n') + '\n';
    const path = write('ids.csv', text);
    const out = join(dir, 'ids-out.csv');
    const run = await skfr(['cluster', path, '--id-column', 'id', '--k', '2', '--s', '1', '--json', '--out', out]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).sampleIds).toEqual(ids);
    expect(run.stderr).not.toContain('not unique');
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(out, 'utf8').split('\n').slice(1, 7).map((line) => line.split(',')[0])).toEqual(ids);
  });

  it('the reader keeps a label column as written (textColumns), whole and in chunks alike', () => {
    const table = parseTable(enc('id,x\n001,1\n1e3,2\n-0,3\n'), 'ids.csv', { textColumns: ['id'] });
    expect(table.columns[0]!.texts).toEqual(['001', '1e3', '-0']);
    expect(table.columns[1]!.kind).toBe('numeric');
  });
});

describe('case 4: a Perseus type row one cell short is refused, naming the row and the column', () => {
  it('the sentence names the line and the column', () => {
    const text = 'S1\tS2\tS3\tProtein IDs\n#!{Type}E\tE\tE\n1\t2\t3\tP1\n4\t5\t6\tP2\n';
    expect(() => parseTable(enc(text), 'perseus.txt')).toThrowError(
      '“perseus.txt”, line 2: the Perseus type row “#!{Type}” (it has 3 cells, the header 4) gives no type for column 4, “Protein IDs”',
    );
  });
});

describe('case 6: a quoted field with line breaks longer than a piece of the parallel reader', () => {
  it('is read (on one thread, again), not called unclosed', async () => {
    // The parallel reader cuts files of 64 MiB or more into pieces of 1 MiB; here pieces of 64 bytes and a
    // field of 5 100 bytes whose closing quote opens a line, as a 1 MiB field does in a 64 MiB file.
    const field = '"' + ('x'.repeat(50) + '\n').repeat(100) + '"';
    const rows = ['id,note,a,b'];
    for (let i = 0; i < 200; i++) rows.push(`s${i},${i === 50 ? field : 'n'},${i},${i * 2}`);
    const path = write('long-field.csv', rows.join('\n') + '\n');
    const table = await readTableChunks(await openInputChunks(path, 97), 'long-field.csv', { allocate: allocateSharedFloat64 }, { workers: 2, minBytes: 0, pieceBytes: 64 });
    expect(table!.rowCount).toBe(200);
    expect(table!.columns[1]!.texts![50]).toBe(field.slice(1, -1).trim()); // (cells are trimmed)
    expect(Array.from(table!.columns[3]!.numbers!.slice(198, 200))).toEqual([396, 398]);
  });
});

describe('case 7: the projection is bounded by the n × s block, and cancellable', () => {
  it('3 samples × 200 000 features: a 3 × 3 Gram matrix, the same axes as the covariance would give', () => {
    const n = 3;
    const q = 200_000;
    const data = new Float64Array(n * q);
    for (let l = 0; l < q; l++) {
      data[l] = 1 + (l % 7) * 0.01; // sample 0
      data[q + l] = -1 + (l % 5) * 0.01; // sample 1
      data[2 * q + l] = (l % 3) * 0.01; // sample 2
    }
    const { coords, explained } = pcaProjection({ rows: n, cols: q, data }, Array.from({ length: q }, (_, l) => l), 2);
    expect(coords.length).toBe(6);
    // three points span a plane: two axes explain everything
    expect(explained[0]! + explained[1]!).toBeCloseTo(1, 9);
    // the first axis separates sample 0 from sample 1
    expect(Math.sign(coords[0]!)).not.toBe(Math.sign(coords[2]!));
  });

  it('an aborted signal stops it at its next look, which comes within a few million operations', async () => {
    const n = 1200;
    const q = 1500;
    const data = new Float64Array(n * q).map((_, i) => Math.sin(i * 12.9898) % 1);
    let looks = 0;
    const signal = { aborted: false };
    const run = pcaProjectionAsync({ rows: n, cols: q, data }, Array.from({ length: q }, (_, l) => l), 2, {
      signal,
      onCheck: () => {
        looks++;
        if (looks === 3) signal.aborted = true;
      },
    });
    await expect(run).rejects.toThrowError(SkfrError);
    expect(looks).toBe(3); // (stopped at the look that saw the abort, not at the end)
  });
});

describe('cases 8 and 9: one-sentence size refusals before anything is unpacked or decoded', () => {
  it('a workbook part that would unpack past the longest string', () => {
    // A central directory alone: one entry, xl/worksheets/sheet1.xml, 600 MiB from 2 MiB (ratio 300: allowed).
    const name = enc('xl/worksheets/sheet1.xml');
    const cd = new Uint8Array(46 + name.length);
    const v = new DataView(cd.buffer);
    v.setUint32(0, 0x02014b50, true);
    v.setUint32(20, 2 * 1024 ** 2, true);
    v.setUint32(24, 600 * 1024 ** 2, true);
    v.setUint16(28, name.length, true);
    cd.set(name, 46);
    const eocd = new Uint8Array(22);
    const e = new DataView(eocd.buffer);
    e.setUint32(0, 0x06054b50, true);
    e.setUint16(8, 1, true);
    e.setUint16(10, 1, true);
    e.setUint32(12, cd.length, true);
    e.setUint32(16, 0, true);
    const bytes = new Uint8Array(cd.length + eocd.length);
    bytes.set(cd);
    bytes.set(eocd, cd.length);
    expect(600 * 1024 ** 2).toBeGreaterThan(MAX_PART);
    expect(() => checkZipSize(bytes, 'big.xlsx')).toThrowError('“big.xlsx”: its part “xl/worksheets/sheet1.xml” would unpack to 600 MiB');
  });

  it('UTF-16 text over 1 GiB', () => {
    const bytes = new Uint8Array(2 * MAX_STRING + 2); // (not written: the pages stay untouched)
    bytes[0] = 0xff;
    bytes[1] = 0xfe;
    expect(() => checkTextSize(bytes, 'big.csv')).toThrowError('“big.csv” is UTF-16 text of 1024.0 MiB, more than such a file can have here (1 GiB');
  });
});

describe('case 10: duplicate column names renamed in linear time', () => {
  it('200 000 copies of “a”: distinct names, 21 notes (20 and a count)', () => {
    const { names, notes } = uniqueHeaderNames(new Array<string>(200_000).fill('a'));
    expect(new Set(names).size).toBe(200_000);
    expect(names[199_999]).toBe('a (200000)');
    expect(notes.length).toBe(21);
    expect(notes[20]).toBe('199979 more columns were renamed the same way (blank → “Column N”, a repeated name → “name (2)”, …).');
  });
});

describe('case 11: a catastrophic pattern is matched in bounded time', () => {
  it('(a+)+$ on 35-character names goes to the linear engine and answers', async () => {
    expect(backtrackingRisk('(a+)+$').repeatedGroup).toBe(true);
    expect(backtrackingRisk('^LFQ intensity ')).toEqual({ repeatedGroup: false, unbounded: 0 });
    const names = Array.from({ length: 4 }, (_, i) => `${'a'.repeat(34)}!${i}`);
    const text = `id,${names.join(',')}\n` + Array.from({ length: 6 }, (_, i) => `s${i},${names.map((_, j) => (i * 7 + j) % 5).join(',')}`).join('\n') + '\n';
    const run = await skfr(['cluster', write('regex.csv', text), '--k', '2', '--s', '1', '--features-match', '(a+)+$']);
    expect(run.stderr).toContain('No column of “regex.csv” matches the feature pattern “(a+)+$”.');
    expect(namePattern('(a+)+$', 'x').test('aaaa')).toBe(true);
    expect(() => namePattern('(a+)+(?=b)', 'The feature pattern')).toThrowError('could take hours');
  });
});

describe('case 12: every protein a decoy or a contaminant', () => {
  it('names the cause and the flags that keep them', async () => {
    const lines = ['Protein IDs\tLFQ intensity S1\tLFQ intensity S2\tLFQ intensity S3\tReverse\tPotential contaminant'];
    for (let r = 0; r < 40; r++) lines.push([`P${r}`, 1e6 + r, 2e6 + r, 3e6 + r, r % 2 === 0 ? '+' : '', r % 2 === 1 ? '+' : ''].join('\t'));
    const run = await skfr(['cluster', write('decoys.txt', lines.join('\n') + '\n'), '--k', '2', '--s', '1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'No protein is left: all 40 were removed as decoys (20) or contaminants (20); keep them with --keep-decoys or --keep-contaminants',
    );
  });
});

describe('case 13: a column named __proto__', () => {
  it('is an annotation in --json and in the samples export', async () => {
    const text = 'id,__proto__,a,b\n' + Array.from({ length: 6 }, (_, i) => `s${i},${i < 3 ? 'x' : 'y'},${i < 3 ? 0.1 * i : 1 + 0.1 * i},${i % 2}`).join('\n') + '\n';
    const out = join(dir, 'proto-out.csv');
    const json = await skfrJson(['cluster', write('proto.csv', text), '--id-column', 'id', '--class-column', '__proto__', '--k', '2', '--s', '1', '--out', out]);
    expect(Object.keys(json.annotations)).toEqual(['__proto__']);
    expect(json.annotations['__proto__']).toEqual(['x', 'x', 'x', 'y', 'y', 'y']);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(out, 'utf8').split('\n')[0]).toBe('id,__proto__,cluster,distance');
  });
});

describe('rerun on a damaged session: the input checked before a byte of it is parsed', () => {
  it('another file of another size is refused by its size; a named pipe is said to be one', async () => {
    const data = write('rerun.csv', samplesWith(['1', '2', '1.5', '2.5', '1.2', '2.2']));
    const session = join(dir, 'rerun.skfr');
    expect((await skfr(['cluster', data, '--k', '2', '--s', '1', '--save-session', session])).code).toBe(0);
    const { readFileSync, writeFileSync: put } = await import('node:fs');
    const { execFileSync } = await import('node:child_process');
    const saved = JSON.parse(readFileSync(session, 'utf8'));
    const other = write('other.csv', 'line 1\nline 2 is longer than the data file, and not a table at all: "unclosed\n'.repeat(5));
    put(join(dir, 'moved.skfr'), JSON.stringify({ ...saved, input: { ...saved.input, path: 'other.csv', absolutePath: other } }));
    const moved = await skfr(['rerun', join(dir, 'moved.skfr')]);
    expect(moved.code).toBe(2);
    expect(moved.stderr).toContain(`“${other}” is not the file this analysis was made from: it has`);
    expect(moved.stderr).not.toContain('line'); // (nothing parsed: no message about a line of it)
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    put(join(dir, 'pipe.skfr'), JSON.stringify({ ...saved, input: { ...saved.input, path: 'pipe', absolutePath: fifo } }));
    const piped = await skfr(['rerun', join(dir, 'pipe.skfr')]);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain(`recorded as “${fifo}” is a named pipe, not a data file; give the data file with --data PATH.`);
  });
});
