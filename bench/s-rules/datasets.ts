/**
 * Labelled real data sets for `npm run bench:s-rules`: the mouse protein data (whole, control, trisomic; the
 * paper's k = 8, 49, 36) and scikit-learn's bundled classic sets (iris, wine, breast cancer = WDBC, digits),
 * exported by sklearn_sets.py through Debian's python3-sklearn (no download). Without it those four are skipped
 * with a note (`apt-get install -y python3-sklearn`).
 */
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Matrix } from '../../core/engine/types.js';
import { loadMice } from '../lib/mice.js';

export interface LabelledSet {
  name: string;
  X: Matrix;
  classes: Int32Array;
  k: number;
  /** The paper's SKFR1 NMI (Table 3), when the set is one of its benchmarks. */
  paperNmi: number | null;
  /** Mouse sets: report mixed nodes too. */
  mice: boolean;
}

function scriptPath(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  // Source: bench/s-rules/; compiled: dist/bench/s-rules/ — the .py file stays in the source tree.
  const repo = here.split(/[\\/]/).includes('dist') ? resolve(here, '../../..') : resolve(here, '../..');
  return join(repo, 'bench', 's-rules', 'sklearn_sets.py');
}

/** scikit-learn's bundled sets, or [] with the reason when python3-sklearn is not there. */
export function sklearnSets(): { sets: LabelledSet[]; note: string | null } {
  const paper: Record<string, number> = { iris: 0.815, wine: 0.729, wdbc: 0.585 };
  for (const python of ['/usr/bin/python3', 'python3']) {
    try {
      const text = execFileSync(python, [scriptPath()], { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] }).toString();
      const raw = JSON.parse(text) as Record<string, { X: number[][]; y: number[] }>;
      const sets = Object.entries(raw).map(([name, set]) => ({
        name,
        X: { rows: set.X.length, cols: set.X[0]!.length, data: Float64Array.from(set.X.flat()) },
        classes: Int32Array.from(set.y),
        k: new Set(set.y).size,
        paperNmi: paper[name] ?? null,
        mice: false,
      }));
      return { sets, note: null };
    } catch {
      // try the next interpreter
    }
  }
  return { sets: [], note: 'iris, wine, WDBC and digits skipped: scikit-learn not found (apt-get install -y python3-sklearn)' };
}

export function miceSets(): LabelledSet[] {
  const whole = loadMice();
  const control = loadMice('Control');
  const trisomic = loadMice('Ts65Dn');
  return [
    { name: 'mice (all, k = 8)', X: whole.X, classes: whole.classCodes, k: 8, paperNmi: null, mice: true },
    { name: 'control mice (k = 49)', X: control.X, classes: control.classCodes, k: 49, paperNmi: null, mice: true },
    { name: 'trisomic mice (k = 36)', X: trisomic.X, classes: trisomic.classCodes, k: 36, paperNmi: null, mice: true },
  ];
}
