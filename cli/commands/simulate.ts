/**
 * `skfr simulate --design D --out FILE.csv`: write one of the paper's simulated data sets (core/engine
 * simulate) as a sheet `skfr cluster` reads back: first column `id` (S1, S2, …), the features F1..Fp
 * (missing cells empty), last column `class` (the true class, 1-based). The batch design ends instead with the
 * sample annotations `condition` (C1…Ck) and `batch` (B1…BB), as text, so they are never read as features.
 * @example skfr simulate --design sparse --p 100 --seed 7 --out sparse.csv
 *          skfr cluster sparse.csv --id-column id --class-column class --k 10 --s 10
 * @example skfr simulate --design batch --out batch.csv
 *          skfr cluster batch.csv --id-column id --class-column condition --batch batch --k 3 --s 10
 */
import { simulate } from '../../core/engine/index.js';
import type { Design, Simulated } from '../../core/engine/types.js';
import { SkfrError } from '../../core/errors.js';
import { shellQuote } from '../../core/report/command.js';
import { toCsv } from '../../core/table/write-csv.js';
import { formatOptions, optional, parseArgv, readChoice, readInt, type OptionSpec } from '../args.js';
import type { CommandContext } from '../context.js';
import { outputWriter } from '../../node/files.js';

const DESIGNS = ['sparse', 'outliers', 'subsets', 'missing', 'batch'] as const satisfies readonly Design[];

export const SIMULATE_OPTIONS: readonly OptionSpec[] = [
  { name: 'design', kind: 'value', placeholder: DESIGNS.join('|'), help: 'which of the paper\'s designs (required); batch: k conditions\nmeasured in batches that shift half the proteins (not the paper\'s)' },
  { name: 'n', kind: 'value', placeholder: 'N', help: 'samples (default: the design\'s, e.g. 400 for sparse)' },
  { name: 'p', kind: 'value', placeholder: 'P', help: 'features (default 50)' },
  { name: 'k', kind: 'value', placeholder: 'K', help: 'classes (default: the design\'s, e.g. 10 for sparse)' },
  { name: 's', kind: 'value', placeholder: 'S', help: 'informative features (default 10)' },
  { name: 'batches', kind: 'value', placeholder: 'B', help: 'batch design: the number of batches (default 3)' },
  { name: 'seed', kind: 'value', placeholder: 'N', help: 'random seed (default 1)' },
  { name: 'decimals', kind: 'value', placeholder: 'D', help: 'round values to D decimals, 0 … 17 (default: full precision, read back\nexactly; --decimals 4 makes a 100 000 × 1000 file 0.7 GB instead of 2 GB)' },
  { name: 'out', kind: 'value', placeholder: 'FILE', help: 'FILE.csv (or FILE.xlsx) to write; required; replaced atomically' },
  { name: 'help', kind: 'flag', help: 'show this help' },
];

export const SIMULATE_HELP = `Usage: skfr simulate --design ${DESIGNS.join('|')} [--n N --p P --k K --s S --seed N --decimals D] --out FILE.csv

Write a simulated data set of the SKFR paper (Section 4): columns id, F1..Fp, class (the true class, 1-based).
The batch design (k conditions × B batches, in log2-like units) ends with condition and batch instead of class.

Options:
${formatOptions(SIMULATE_OPTIONS)}`;

type Row = (string | number | null)[];

/**
 * Row i of a simulated data set: id S(i+1), the features (NaN → empty cell), the class 1-based (batch design:
 * condition C1…, batch B1…).
 */
function simulatedRow(sim: Simulated, i: number, decimals: number | null): Row {
  const { cols, data } = sim.X;
  const row: Row = [`S${i + 1}`];
  for (let l = 0, o = i * cols; l < cols; l++, o++) {
    const value = data[o]!;
    row.push(Number.isNaN(value) ? null : decimals === null ? value : Number(value.toFixed(decimals)));
  }
  if (sim.batches) row.push(`C${sim.classes[i]! + 1}`, `B${sim.batches[i]! + 1}`);
  else row.push(sim.classes[i]! + 1);
  return row;
}

const header = (sim: Simulated): Row => ['id', ...sim.featureNames, ...(sim.batches ? ['condition', 'batch'] : ['class'])];

/** The sheet rows of a simulated data set: header, then one row per sample. */
export function simulatedRows(sim: Simulated, decimals: number | null = null): Row[] {
  const out: Row[] = [header(sim)];
  for (let i = 0; i < sim.X.rows; i++) out.push(simulatedRow(sim, i, decimals));
  return out;
}

/**
 * The CSV of a simulated data set as UTF-8 chunks of `rowsPerChunk` rows (header first), produced one at a
 * time: a 100 000 × 1000 file (2 GB at full precision) never exists as one string or one buffer.
 */
export function* simulatedCsvChunks(sim: Simulated, decimals: number | null = null, rowsPerChunk = 256): Generator<Uint8Array> {
  const encoder = new TextEncoder();
  yield encoder.encode(toCsv([header(sim)]));
  for (let start = 0; start < sim.X.rows; start += rowsPerChunk) {
    const rows: Row[] = [];
    for (let i = start; i < Math.min(sim.X.rows, start + rowsPerChunk); i++) rows.push(simulatedRow(sim, i, decimals));
    yield encoder.encode(toCsv(rows));
  }
}

export async function simulateCommand(argv: readonly string[], { io }: CommandContext): Promise<number> {
  const parsed = parseArgv(argv, SIMULATE_OPTIONS, 'skfr simulate');
  if (parsed.flags.has('help')) {
    io.stdout(SIMULATE_HELP + '\n');
    return 0;
  }
  if (parsed.positionals.length > 0) {
    throw new SkfrError('invalid-option', `skfr simulate takes no file argument (got “${parsed.positionals[0]}”); write with --out FILE.csv.`);
  }
  const design = readChoice(parsed, 'design', DESIGNS);
  if (design === undefined) throw new SkfrError('invalid-option', `missing --design: one of ${DESIGNS.join(', ')}.`);
  const out = parsed.values.get('out');
  if (out === undefined) throw new SkfrError('invalid-option', 'missing --out FILE.csv: where to write the data set.');
  const format = /\.xlsx$/i.test(out) ? 'xlsx' : /\.csv$/i.test(out) ? 'csv' : null;
  if (format === null) throw new SkfrError('invalid-option', `--out “${out}” must end in .csv (or .xlsx).`);
  const options = {
    ...optional('n', readInt(parsed, 'n', { min: 2, max: 10_000_000 })),
    ...optional('p', readInt(parsed, 'p', { min: 1, max: 1_000_000 })),
    ...optional('k', readInt(parsed, 'k', { min: 2, code: 'invalid-k' })),
    ...optional('s', readInt(parsed, 's', { min: 1, code: 'invalid-s' })),
    ...optional('seed', readInt(parsed, 'seed', { min: 0, max: 0xffffffff })),
    ...optional('batches', readInt(parsed, 'batches', { min: 2, max: 10_000 })),
  };
  if (options.batches !== undefined && design !== 'batch') throw new SkfrError('invalid-option', '--batches applies only with --design batch.');
  const decimals = readInt(parsed, 'decimals', { min: 0, max: 17 }) ?? null;
  await io.checkOutputPaths?.([out], []);
  // Ctrl+C / SIGTERM while simulating or writing: the temporary file is removed, the target left as it was.
  const writer = outputWriter(io);
  const unsubscribe = io.onInterrupt?.((signal = 'SIGINT') => writer.cancel(signal));
  let sim;
  try {
    sim = simulate(design, options);
    // SheetJS only for a workbook (see cluster.ts).
    const content = format === 'csv' ? simulatedCsvChunks(sim, decimals) : (await import('../../core/table/write.js')).toXlsx([{ name: design, rows: simulatedRows(sim, decimals) }]);
    await writer.stage(out, content);
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    unsubscribe?.();
  }
  const informative = sim.informativeByClass
    ? `informative features per class (${sim.informativeByClass.map((set) => set.length).join(', ')})`
    : `informative features ${sim.informative.map((l) => sim.featureNames[l]).join(', ')}`;
  const classes = new Set(sim.classes).size;
  const truth = sim.batches
    ? `${classes} conditions in column “condition”, ${new Set(sim.batches).size} batches in column “batch”`
    : `${classes} classes in column “class”`;
  io.stdout(`Wrote ${out}: ${design} design, ${sim.X.rows} samples × ${sim.X.cols} features, ${truth}; ${informative}.\n`);
  if (sim.batches) {
    const run = `skfr cluster ${shellQuote(out)} --id-column id --class-column condition`;
    io.stdout(`Cluster it as is: ${run} --annotation-columns batch --k ${classes} --s ${sim.informative.length}\n` +
      `and with the batch effect removed: ${run} --batch batch --k ${classes} --s ${sim.informative.length}\n`);
  }
  return 0;
}
