/**
 * Numbers alone, for `npm run bench:parse`: the cells of a simulated table (sparse design, seed 1) written as
 * repr or with 4 decimals, one byte buffer with every cell's range, converted by the parser before issue 17
 * (legacy-number.ts), by the current one (core/table/float-parse.ts), by `Number()` on ready-made strings, and
 * as rows of 200 fields by the WebAssembly kernel of the reader (core/table/kernel/rows.ts: copy in, read,
 * numbers into columns).
 * Rounds alternate between the parsers, so a busy machine slows them alike; the time is CPU time of this
 * process (process.cpuUsage), median over the rounds, in ns per number.
 */
import { simulate } from '../../core/engine/index.js';
import { ColumnBuilder } from '../../core/table/columns.js';
import { parseNumberBytes } from '../../core/table/float-parse.js';
import { RowKernel } from '../../core/table/kernel/rows.js';
import { pyRepr, type NumberFormat } from '../peers/csv.js';
import { legacyParseNumberBytes } from './legacy-number.js';
import { median } from '../lib/stats.js';

export interface MicroResult {
  format: NumberFormat;
  numbers: number;
  bytesPerNumber: number;
  legacyNs: number;
  currentNs: number;
  numberNs: number;
  /** The kernel's ns per number (NaN where WebAssembly does not run). */
  kernelNs: number;
  /** Every parser gave Number(text) for every cell. */
  identical: boolean;
}

function cpuNs(run: () => number): { ns: number; sum: number } {
  const before = process.cpuUsage();
  const sum = run();
  const used = process.cpuUsage(before);
  return { ns: (used.user + used.system) * 1000, sum };
}

export function microParse(format: NumberFormat, numbers = 2_000_000, rounds = 7): MicroResult {
  const p = 200;
  const sim = simulate('sparse', { n: Math.ceil(numbers / p), p, k: 10, s: 10, seed: 1 });
  const texts = Array.from(sim.X.data.subarray(0, numbers), (x) => (format === 'repr' ? pyRepr(x) : x.toFixed(4)));
  const bytes = new TextEncoder().encode(texts.join(','));
  const rows = Math.floor(numbers / p);
  const lines = new TextEncoder().encode(Array.from({ length: rows }, (_, r) => texts.slice(r * p, (r + 1) * p).join(',') + '\n').join(''));
  const kernel = RowKernel.create(p, 0x2c, false);
  const columns = Array.from({ length: p }, () => new ColumnBuilder(rows));
  const viaKernel = (): number => {
    if (kernel === null) return 0;
    kernel.load(lines);
    for (let at = 0, row = 0; row < rows; ) {
      const read = kernel.read(at, false);
      kernel.commit(columns, row, read);
      row += read;
      at = kernel.stopPos;
    }
    return columns[0]!.numbers[0]!;
  };
  const starts = new Int32Array(numbers);
  const ends = new Int32Array(numbers);
  for (let i = 0, k = 0, s = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x2c) {
      starts[k] = s;
      ends[k++] = i;
      s = i + 1;
    }
  }
  let identical = true;
  for (let j = 0; j < numbers; j++) {
    const want = Number(texts[j]);
    if (!Object.is(parseNumberBytes(bytes, starts[j]!, ends[j]!, false), want) || !Object.is(legacyParseNumberBytes(bytes, starts[j]!, ends[j]!, false), want)) identical = false;
  }
  viaKernel();
  if (kernel !== null) for (let j = 0; j < rows * p; j++) if (!Object.is(columns[j % p]!.numbers[Math.floor(j / p)], Number(texts[j]))) identical = false;
  const times = { legacy: [] as number[], current: [] as number[], number: [] as number[], kernel: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    times.legacy.push(
      cpuNs(() => {
        let sum = 0;
        for (let j = 0; j < numbers; j++) sum += legacyParseNumberBytes(bytes, starts[j]!, ends[j]!, false);
        return sum;
      }).ns,
    );
    times.current.push(
      cpuNs(() => {
        let sum = 0;
        for (let j = 0; j < numbers; j++) sum += parseNumberBytes(bytes, starts[j]!, ends[j]!, false);
        return sum;
      }).ns,
    );
    times.kernel.push(cpuNs(viaKernel).ns);
    times.number.push(
      cpuNs(() => {
        let sum = 0;
        for (let j = 0; j < numbers; j++) sum += Number(texts[j]);
        return sum;
      }).ns,
    );
  }
  return {
    format,
    numbers,
    bytesPerNumber: bytes.length / numbers,
    legacyNs: median(times.legacy) / numbers,
    currentNs: median(times.current) / numbers,
    numberNs: median(times.number) / numbers,
    kernelNs: kernel === null ? NaN : median(times.kernel) / (rows * p),
    identical,
  };
}
