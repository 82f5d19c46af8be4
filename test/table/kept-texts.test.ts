/**
 * Issue 27 (the cold read): the reader keeps, while it reads, every cell's text of the columns its probe rows show
 * will need them (delimited.ts predictTexts: text columns holding numbers, lists of numbers such as MaxQuant's
 * "Evidence IDs"), instead of a third pass over the file (reread.ts). The table is the same whatever the guess:
 * a column found mixed only after the probe is still re-read, and texts kept for a column that ends numeric are
 * dropped. Checked by hand on a table with each case, whole and in chunks, with and without WebAssembly.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DelimitedReader } from '../../core/table/delimited.js';
import { parseTable, parseTableChunks } from '../../core/table/index.js';
import { RowKernel } from '../../core/table/kernel/rows.js';
import { chunked, enc, plain } from './chunks.js';


const ROWS = 70;
/**
 * id: text. ids: lists of numbers in the probe's rows, a single id ("7", a quoted " 8 ") and a missing "NA" further
 * down (kept: a list column). pep: lists and numbers alike in the probe's rows (kept), text in the end. late: text in
 * the probe's rows, a number far below (re-read). flip: as many texts as numbers in the probe's rows (kept), numbers
 * below (numeric in the end: its texts dropped, "x" a bad cell). x: numbers.
 */
function lab(): { text: string; want: { ids: (string | null)[]; pep: (string | null)[]; late: (string | null)[] } } {
  const lines = ['id\tids\tpep\tlate\tflip\tx'];
  const ids: (string | null)[] = [];
  const pep: (string | null)[] = [];
  const late: (string | null)[] = [];
  for (let r = 0; r < ROWS; r++) {
    const id = r === 55 ? '7' : r === 56 ? '" 8 "' : r === 57 ? 'NA' : `${r};${r + 1}`;
    ids.push(r === 55 ? '7' : r === 56 ? '8' : r === 57 ? null : id);
    const p = r % 2 === 0 ? `${r};2` : `${r}`;
    pep.push(p);
    const l = r === 66 ? ' 9 ' : `a${r}`;
    late.push(l.trim());
    const flip = r < 40 && r % 2 === 0 ? 'x' : `${r}.5`;
    lines.push([`P${r}`, id, p, l, flip, `${r / 4}`].join('\t'));
    if (r === 60) lines.push(''); // (a blank row: skipped)
  }
  return { text: lines.join('\r\n') + '\r\n', want: { ids, pep, late } };
}

afterEach(() => vi.unstubAllGlobals());

describe('texts kept while reading (issue 27)', () => {
  it('re-reads only the column found mixed after the probe', () => {
    const { text } = lab();
    const reader = new DelimitedReader('lab.tsv', { delimiter: '\t' });
    reader.push(enc(text), true);
    expect(reader.textsWanted()?.columns).toEqual([false, false, false, true, false, false]);
    const asked: boolean[][] = [];
    const table = reader.finish((wanted, rows) => {
      asked.push(wanted);
      return wanted.map((w) => (w ? Array.from({ length: rows }, (_, r) => (r === 66 ? '9' : `a${r}`)) : null));
    })!;
    expect(asked).toEqual([[false, false, false, true, false, false]]);
    expect(table.columns[3]!.texts![66]).toBe('9');
  });

  it('gives the table as written: whole, in chunks, and without WebAssembly', async () => {
    const { text, want } = lab();
    const bytes = enc(text);
    const whole = parseTable(bytes, 'lab.tsv');
    expect(whole.columns.map((c) => c.kind)).toEqual(['text', 'text', 'text', 'text', 'numeric', 'numeric']);
    expect(whole.columns[1]!.texts).toEqual(want.ids);
    expect(whole.columns[2]!.texts).toEqual(want.pep);
    expect(whole.columns[3]!.texts).toEqual(want.late);
    const flip = whole.columns[4]!;
    expect(flip.badCells.map((b) => b.row)).toEqual(Array.from({ length: 20 }, (_, i) => 2 * i));
    expect(flip.numbers![1]).toBe(1.5);
    for (const size of [64, 333, 4096, bytes.length]) {
      expect(plain((await parseTableChunks(chunked(bytes, size), 'lab.tsv'))!), `chunks of ${size}`).toEqual(plain(whole));
    }
    vi.stubGlobal('WebAssembly', undefined);
    expect(RowKernel.create(3, 0x2c, false)).toBeNull();
    expect(plain(parseTable(bytes, 'lab.tsv'))).toEqual(plain(whole));
    expect(plain((await parseTableChunks(chunked(bytes, 333), 'lab.tsv'))!)).toEqual(plain(whole));
  });

  it('keeps the texts of a label column holding numbers (textColumns), as written', async () => {
    const lines = ['code,x', ...Array.from({ length: 50 }, (_, r) => `${r % 3 === 0 ? `00${r}` : `c${r}`},${r}`)];
    const bytes = enc(lines.join('\n') + '\n');
    const table = (await parseTableChunks(chunked(bytes, 100), 'l.csv', { textColumns: ['code'] }))!;
    expect(table.columns[0]!.texts).toEqual(Array.from({ length: 50 }, (_, r) => (r % 3 === 0 ? `00${r}` : `c${r}`)));
    expect(plain(table)).toEqual(plain(parseTable(bytes, 'l.csv', { textColumns: ['code'] })));
  });
});
