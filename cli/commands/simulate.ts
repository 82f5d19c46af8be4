/**
 * `skfr simulate --design D --out FILE.csv`: write one of the paper's simulated data sets (core/engine
 * simulate) as a sheet `skfr cluster` reads back: first column `id` (S1, S2, …), the features F1..Fp
 * (missing cells empty), last column `class` (the true class, 1-based).
 * @example skfr simulate --design sparse --p 100 --seed 7 --out sparse.csv
 *          skfr cluster sparse.csv --id-column id --class-column class --k 10 --s 10
 */
import { simulate } from '../../core/engine/index.js';
import type { Design, Simulated } from '../../core/engine/types.js';
import { SkfrError } from '../../core/errors.js';
import { toCsv, toXlsx } from '../../core/table/index.js';
import { formatOptions, optional, parseArgv, readChoice, readInt, type OptionSpec } from '../args.js';
import type { CommandContext } from '../main.js';

const DESIGNS = ['sparse', 'outliers', 'subsets', 'missing'] as const satisfies readonly Design[];

export const SIMULATE_OPTIONS: readonly OptionSpec[] = [
  { name: 'design', kind: 'value', placeholder: DESIGNS.join('|'), help: 'which of the paper\'s designs (required)' },
  { name: 'n', kind: 'value', placeholder: 'N', help: 'samples (default: the design\'s, e.g. 400 for sparse)' },
  { name: 'p', kind: 'value', placeholder: 'P', help: 'features (default 50)' },
  { name: 'k', kind: 'value', placeholder: 'K', help: 'classes (default: the design\'s, e.g. 10 for sparse)' },
  { name: 's', kind: 'value', placeholder: 'S', help: 'informative features (default 10)' },
  { name: 'seed', kind: 'value', placeholder: 'N', help: 'random seed (default 1)' },
  { name: 'out', kind: 'value', placeholder: 'FILE', help: 'FILE.csv (or FILE.xlsx) to write; required; replaced atomically' },
  { name: 'help', kind: 'flag', help: 'show this help' },
];

export const SIMULATE_HELP = `Usage: skfr simulate --design ${DESIGNS.join('|')} [--n N --p P --k K --s S --seed N] --out FILE.csv

Write a simulated data set of the SKFR paper (Section 4): columns id, F1..Fp, class (the true class, 1-based).

Options:
${formatOptions(SIMULATE_OPTIONS)}`;

/** The sheet rows of a simulated data set: header, then one row per sample (NaN → empty cell). */
export function simulatedRows(sim: Simulated): (string | number | null)[][] {
  const { rows, cols, data } = sim.X;
  const out: (string | number | null)[][] = [['id', ...sim.featureNames, 'class']];
  for (let i = 0; i < rows; i++) {
    const row: (string | number | null)[] = [`S${i + 1}`];
    for (let l = 0; l < cols; l++) {
      const value = data[i * cols + l]!;
      row.push(Number.isNaN(value) ? null : value);
    }
    row.push(sim.classes[i]! + 1);
    out.push(row);
  }
  return out;
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
  };
  await io.checkOutputPath?.(out, []);
  const sim = simulate(design, options);
  const rows = simulatedRows(sim);
  const bytes = format === 'csv' ? new TextEncoder().encode(toCsv(rows)) : toXlsx([{ name: design, rows }]);
  await io.writeFileAtomic(out, bytes);
  const informative = sim.informativeByClass
    ? `informative features per class (${sim.informativeByClass.map((set) => set.length).join(', ')})`
    : `informative features ${sim.informative.map((l) => sim.featureNames[l]).join(', ')}`;
  const classes = new Set(sim.classes).size;
  io.stdout(`Wrote ${out}: ${design} design, ${sim.X.rows} samples × ${sim.X.cols} features, ${classes} classes in column “class”; ${informative}.\n`);
  return 0;
}
