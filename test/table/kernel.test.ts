/**
 * core/table/kernel (issue 17): the WebAssembly kernels read as their JavaScript statements do. The rows kernel
 * against QuickRows (its oracle, test/table/quick-rows.ts) on random rows — numbers in every spelling, missing markers, text, quotes,
 * spaces, ragged and blank rows, LF/CRLF/CR, pieces that may go on —: the same cells bit for bit, the same
 * rows vouched for, the same place where the scanner must take over. The line counter against LineCounter on
 * random bytes cut anywhere. And the committed *-wasm.ts modules are the build of their sources.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RowKernel, type KernelColumn } from '../../core/table/kernel/rows.js';
import { WasmLineCounter } from '../../core/table/kernel/lines.js';
import { LineCounter } from '../../core/table/lines.js';
import { QuickRows } from './quick-rows.js';
import { isAscii } from '../../core/table/text.js';
import { decimalString, HARD_CASES } from './decimal-strings.js';
import { TextRereader } from '../../core/table/reread.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const encoder = new TextEncoder();

type Cell = number | string | null;

/** A column that keeps every cell (as pieces.ts PieceColumn keeps numbers, NaN for the others). */
class Column implements KernelColumn {
  numericCount = 0;
  readonly cells: Cell[] = [];
  constructor(readonly numbers: Float64Array) {}
  setNumber(row: number, value: number): void {
    this.numbers[row] = value;
    this.numericCount++;
  }
  setMissing(row: number): void {
    this.numbers[row] = NaN;
    this.cells[row] = null;
  }
  setText(row: number, text: string): void {
    this.numbers[row] = NaN;
    this.cells[row] = text;
  }
  setCell(row: number, cell: Cell): void {
    if (cell === null) this.setMissing(row);
    else if (typeof cell === 'number') this.setNumber(row, cell);
    else this.setText(row, cell);
  }
  /** Row `row`'s cell: its text, null (missing) or its number. */
  cell(row: number): Cell {
    return this.cells[row] !== undefined ? this.cells[row]! : this.numbers[row]!;
  }
}

interface Read {
  rows: Cell[][];
  numeric: number[];
  /** Where reading stopped: the end, or the row the scanner must read. */
  stop: number;
}

function columns(width: number, rows: number): Column[] {
  return Array.from({ length: width }, () => new Column(new Float64Array(rows)));
}

function collect(cols: Column[], rows: number, stop: number): Read {
  return { rows: Array.from({ length: rows }, (_, r) => cols.map((c) => c.cell(r))), numeric: cols.map((c) => c.numericCount), stop };
}

function viaKernel(kernel: RowKernel, body: Uint8Array, width: number, partial: boolean): Read {
  const cols = columns(width, body.length + 1);
  kernel.load(body);
  let p = 0;
  let row = 0;
  while (p < body.length) {
    const rows = kernel.read(p, partial);
    kernel.commit(cols, row, rows);
    row += rows;
    p = kernel.stopPos;
    if (kernel.needsScanner) break;
  }
  return collect(cols, row, p);
}

function viaQuick(body: Uint8Array, width: number, delimiter: number, decimalComma: boolean, partial: boolean, quotes = false): Read {
  const quick = QuickRows.create(width, delimiter, decimalComma, quotes)!;
  const cols = columns(width, body.length + 1);
  let p = 0;
  let row = 0;
  while (p < body.length) {
    const q = quick.read(body, p, body.length, partial);
    if (q < 0) break;
    quick.commit(cols, row++);
    p = q;
  }
  return collect(cols, row, p);
}

/** Same cells (numbers bit for bit: Object.is), counts and stop. */
function expectSameRead(got: Read, want: Read, text: string): void {
  const same = got.stop === want.stop && got.rows.length === want.rows.length && got.numeric.every((n, c) => n === want.numeric[c]) && got.rows.every((row, r) => row.every((cell, c) => Object.is(cell, want.rows[r]![c])));
  if (!same) expect.fail(`${JSON.stringify(text)}: kernel ${JSON.stringify(got)} vs QuickRows ${JSON.stringify(want)}`);
}

const DIALECTS = [
  { delimiter: ',', decimalComma: false },
  { delimiter: '\t', decimalComma: false },
  { delimiter: ';', decimalComma: true },
] as const;

describe('the rows kernel reads what QuickRows reads', () => {
  it('runs here (Node has WebAssembly with SIMD)', () => {
    expect(RowKernel.create(3, 0x2c, false)).not.toBeNull();
    expect(WasmLineCounter.create(0x2c)).not.toBeNull();
  });

  it('on hand-checked rows', () => {
    const kernel = RowKernel.create(3, 0x2c, false)!;
    const body = encoder.encode('a,1.5,NA\r\nb, -2e3 ,x\n"c",1,2\n');
    const read = viaKernel(kernel, body, 3, false);
    expect(read.rows).toEqual([
      ['a', 1.5, null],
      ['b', -2000, 'x'],
    ]);
    expect(read.numeric).toEqual([0, 2, 0]);
    expect(read.stop).toBe(body.indexOf(0x22)); // the quoted row: the scanner's
    expect(kernel.needsScanner).toBe(true);
    // Another number of fields, a blank-looking row, a row that may go on.
    expect(viaKernel(kernel, encoder.encode('a,1\n'), 3, false).rows).toEqual([]);
    expect(viaKernel(kernel, encoder.encode(',1,2\n'), 3, false).stop).toBe(0);
    expect(viaKernel(kernel, encoder.encode('a,1,2\nb,3,4'), 3, true)).toMatchObject({ stop: 6, rows: [['a', 1, 2]] });
    expect(viaKernel(kernel, encoder.encode('a,1,2\nb,3,4'), 3, false).rows).toEqual([
      ['a', 1, 2],
      ['b', 3, 4],
    ]);
  });

  it('on hand-checked quoted fields, when it takes them (a reader from the file\'s start)', () => {
    const kernel = RowKernel.create(3, 0x2c, false, false, true)!;
    // "c" text; " 7 " the number 7 (trimmed inside the quotes, as readCells); "NA" missing; "P1;P2" text; "" missing.
    const body = encoder.encode('"c",1,2\n  "d" ," 7 ","NA"\ne,"P1;P2",""\n"x""y",1,2\n');
    const read = viaKernel(kernel, body, 3, false);
    expect(read.rows).toEqual([
      ['c', 1, 2],
      ['d', 7, null],
      ['e', 'P1;P2', null],
    ]);
    expect(read.numeric).toEqual([0, 2, 1]);
    expect(read.stop).toBe(body.lastIndexOf(encoder.encode('"x')[0]!, body.indexOf(encoder.encode('x')[0]!))); // "" inside: the scanner's
    expectSameRead(read, viaQuick(body, 3, 0x2c, false, false, true), 'quoted');
    // A quote that runs past its line, text after the closing quote, an empty quoted first field: the scanner's.
    for (const text of ['a,"b\nc",1\n', 'a,"b"c,1\n', '"",1,2\n']) expect(viaKernel(kernel, encoder.encode(text), 3, false)).toMatchObject({ stop: 0, rows: [] });
    // Without `quotes` (a piece), every quote is the scanner's.
    expect(viaKernel(RowKernel.create(3, 0x2c, false)!, body, 3, false).stop).toBe(0);
  });

  it('on every hard number quoted, spaces inside, when it takes quotes', () => {
    const kernel = RowKernel.create(2, 0x2c, false, false, true)!;
    const lines = HARD_CASES.flatMap((text, i) => [`"r${i}","${text}"\n`, `"s${i}"," ${text}  "\n`, `"t${i}",${text}\n`]);
    const body = encoder.encode(lines.join(''));
    const got = viaKernel(kernel, body, 2, false);
    expect(got.rows.length).toBe(lines.length);
    expect(got.rows[0]![1]).toBe(Number(HARD_CASES[0]));
    expectSameRead(got, viaQuick(body, 2, 0x2c, false, false, true), 'quoted hard cases');
  });

  it('on every hard number, and in batches of more rows than one read gives', () => {
    const kernel = RowKernel.create(2, 0x2c, false)!;
    const lines = HARD_CASES.map((text, i) => `r${i},${text}\n`);
    while (lines.length < 3 * kernel.rowsCap) lines.push(...lines);
    const body = encoder.encode(lines.join(''));
    const got = viaKernel(kernel, body, 2, false);
    expect(got.rows.length).toBe(lines.length);
    expectSameRead(got, viaQuick(body, 2, 0x2c, false, false), 'hard cases');
  });

  it('on random rows: numbers in every spelling, missing markers, text, quotes, spaces, ragged rows, line ends', () => {
    const kernels = new Map<string, RowKernel>();
    const field = (delimiter: string, decimalComma: boolean) =>
      fc.oneof(
        { weight: 6, arbitrary: decimalString.filter((d) => d.comma === decimalComma || !d.text.includes(',')).map((d) => d.text) },
        { weight: 1, arbitrary: fc.constantFrom('', 'NA', 'NaN', 'n/a', '#N/A', 'null', '-', 'x', 'Q9Y6K9', 'é', '1e', '1.2.3', '0x1F', '1e100000', '12345678901234567890123', '"q"', ' 7 ', '\t8', '1 2') },
        // Missing tokens and text the kernel classifies itself (quick-rows.ts agrees), and near misses it leaves to JavaScript.
        { weight: 1, arbitrary: fc.constantFrom('?', 'N/A', 'nan', '#N/A', 'NA ', 'Na', 'nul', 'n.d.', '5;3', '5;3;12', '"5;3"', '" 5;3"', '"N/A"', '"-"', '" NA "', '"\u00a0NA"', '\u00a0NA', '1,234,567', '"1,234.5"', '\u22122.5', '"\u22122.5"', '1\u00a0234', '\u000b1,234,567', 'e5', '"E"', '+-', '"1;2\t"', '<LOD') },
        { weight: 1, arbitrary: fc.constantFrom('"q"', '""', '" 7 "', '"NA"', '"1e3"', '"a""b"', '"ab"cd', ' "x" ', '"é"', '"\t8\t"', '"P1;P2"', '"-"', '"a\nb"', '"12345678901234567890123"') },
        { weight: 1, arbitrary: fc.array(fc.constantFrom('a', '1', '.', ' ', '"', 'e', '-'), { maxLength: 6 }).map((c) => c.join('')) },
        // A quoted number, spaces inside (every field of a Proteome Discoverer export is quoted): the kernel's, with `quotes`.
        {
          weight: 2,
          arbitrary: fc
            .tuple(decimalString.filter((d) => d.comma === decimalComma || !d.text.includes(',')), fc.constantFrom('', ' ', '  ', '\t'), fc.constantFrom('', ' ', ' x'))
            .map(([d, before, after]) => `"${before}${d.text}${after}"`),
        },
      ).map((text) => (delimiter === '\t' ? text : text.replace(/\t/g, ' ')).replaceAll(delimiter, ''));
    const test = fc.constantFrom(...DIALECTS).chain(({ delimiter, decimalComma }) =>
      fc.record({
        delimiter: fc.constant(delimiter),
        decimalComma: fc.constant(decimalComma),
        width: fc.integer({ min: 1, max: 6 }),
        rows: fc.array(fc.tuple(fc.array(field(delimiter, decimalComma), { minLength: 0, maxLength: 7 }), fc.constantFrom('\n', '\r\n', '\r', '\n', '')), { maxLength: 12, size: 'max' }),
        partial: fc.boolean(),
        quotes: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(test, ({ delimiter, decimalComma, width, rows, partial, quotes }) => {
        const text = rows.map(([fields, end]) => fields.join(delimiter) + end).join('');
        const body = encoder.encode(text);
        const code = delimiter.charCodeAt(0);
        const key = `${width} ${code} ${quotes}`;
        if (!kernels.has(key)) kernels.set(key, RowKernel.create(width, code, decimalComma, false, quotes)!);
        const want = viaQuick(body, width, code, decimalComma, partial, quotes);
        expectSameRead(viaKernel(kernels.get(key)!, body, width, partial), want, text);
        // Every field of the kept columns listed (delimited.ts keptTexts): the same cells, and each one's text as
        // reread.ts's scanner gives it.
        if (!kernels.has(`${key} keep`)) kernels.set(`${key} keep`, RowKernel.create(width, code, decimalComma, false, quotes)!);
        const keeping = kernels.get(`${key} keep`)!;
        const kept = Array.from({ length: width }, (_, c) => (c % 2 === 0 ? new Array<string | null>(body.length + 1).fill(null) : null));
        keeping.keepTexts(kept);
        const got = viaKernel(keeping, body, width, partial);
        expectSameRead(got, want, `${text} (texts kept)`);
        const reread = new TextRereader('t.csv', code, decimalComma, got.rows.length, kept.map((k) => k !== null), { offset: 0, line: 1 }, true);
        reread.push(body, true);
        kept.forEach((k, c) => {
          if (k !== null) expect(k.slice(0, got.rows.length), `${JSON.stringify(text)} column ${c}`).toEqual(reread.texts[c]);
        });
      }),
      { numRuns: 6000 },
    );
  });
});

describe('the line counter kernel counts what LineCounter counts', () => {
  it('on random bytes cut anywhere: lines, breaks, lone CRs, and whether each push was ASCII', () => {
    const bytes = fc.array(fc.constantFrom(0x61, 0x31, 0x2c, 0x3b, 0x20, 0x09, 0x0d, 0x0a, 0x0a, 0xc3, 0xa9, 0x62, 0x63, 0x64, 0x65), { maxLength: 160, size: 'max' });
    const cuts = fc.array(fc.integer({ min: 0, max: 160 }), { maxLength: 4 });
    fc.assert(
      fc.property(bytes, cuts, fc.constantFrom(-1, 0x2c, 0x09), (list, at, delimiter) => {
        const data = Uint8Array.from(list);
        const points = [0, ...at.filter((c) => c <= data.length).sort((a, b) => a - b), data.length];
        const js = new LineCounter(delimiter);
        const wasm = WasmLineCounter.create(delimiter)!;
        for (let i = 1; i < points.length; i++) {
          js.push(data, points[i - 1]!, points[i]!);
          const ascii = wasm.push(data, points[i - 1]!, points[i]!);
          expect(ascii).toBe(isAscii(data.subarray(points[i - 1]!, points[i]!)));
          expect([wasm.total, wasm.breaks, wasm.loneCr]).toEqual([js.total, js.breaks, js.loneCr]);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('on long runs (16-byte blocks): a CSV of 1000 lines with blank lines and CRLF', () => {
    const text = Array.from({ length: 1000 }, (_, i) => (i % 7 === 0 ? ' , \r\n' : `${i},${i * 2}.5,x${'y'.repeat(i % 40)}${i % 3 === 0 ? '\r\n' : '\n'}`)).join('');
    const data = encoder.encode(text);
    const js = new LineCounter(0x2c);
    const wasm = WasmLineCounter.create(0x2c)!;
    js.push(data);
    expect(wasm.push(data)).toBe(true);
    expect(wasm.total).toBe(1000 - Math.ceil(1000 / 7));
    expect([wasm.total, wasm.breaks, wasm.loneCr]).toEqual([js.total, js.breaks, js.loneCr]);
  });
});

describe('the line counter read into (windows)', () => {
  it('counts bytes read into its windows where they are, as the same bytes copied in; copies never touch the windows', () => {
    const text = Array.from({ length: 3000 }, (_, i) => (i % 11 === 0 ? '\n' : `${i},${i / 7},é${'z'.repeat(i % 50)}\r\n`)).join('');
    const data = encoder.encode(text);
    const size = 4096;
    const js = new LineCounter(0x2c);
    const wasm = WasmLineCounter.create()!;
    const windows = wasm.windows(size);
    wasm.setDelimiter(0x2c);
    for (let from = 0, turn = 0; from < data.length; from += size, turn = 1 - turn) {
      const chunk = data.subarray(from, from + size);
      const window = windows[turn]!.subarray(0, chunk.length);
      window.set(chunk);
      // A push of other bytes (copied into the kernel's memory) first: the window keeps its bytes.
      const other = Uint8Array.from(chunk.subarray(0, 300)).reverse();
      expect(wasm.push(other)).toBe(isAscii(other));
      js.push(other);
      windows[1 - turn]!.fill(0x41);
      expect(wasm.push(window)).toBe(isAscii(chunk));
      js.push(chunk);
      expect(Array.from(window)).toEqual(Array.from(chunk));
      expect([wasm.total, wasm.breaks, wasm.loneCr]).toEqual([js.total, js.breaks, js.loneCr]);
    }
    // A push larger than the copy area (1 MiB) goes in slices: the windows' views are not detached.
    const big = new Uint8Array((3 << 20) + 5).fill(0x61);
    big[(1 << 20) + 1] = 0x0a;
    expect(wasm.push(big)).toBe(true);
    expect(windows[0]!.length).toBe(size);
  });
});

describe('the committed kernels', () => {
  it('are the build of their AssemblyScript sources (npm run build:wasm)', () => {
    const run = spawnSync(process.execPath, [join(repo, 'build', 'wasm.mjs'), '--check'], { cwd: repo, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 300_000);
});
