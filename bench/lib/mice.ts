/**
 * Loader for the mouse protein data set of Higuera et al. (2015) used by the paper's Table 1
 * (`../shared/data/mice_protein.csv` beside the repository: MouseID, 77 protein columns ending in `_N`,
 * Genotype, Treatment, Behavior, class; empty cell = missing). The file is plain comma-separated without
 * quotes, so a few lines suffice here; the app itself reads it through core/table.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Matrix } from '../../core/engine/types.js';

export interface MiceData {
  X: Matrix;
  proteins: string[];
  ids: string[];
  genotype: string[];
  /** The 8-way class (c-CS-m, …), as an integer code per sample, and the code's names. */
  classCodes: Int32Array;
  classNames: string[];
}

/** Repository root, from the location of this module (bench/lib/ in source, dist/bench/lib/ when built). */
function repoRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const twoUp = resolve(here, '../..');
  return basename(twoUp) === 'dist' ? resolve(twoUp, '..') : twoUp;
}

export function miceCsvPath(): string {
  return process.env.SKFR_MICE_CSV ?? resolve(repoRoot(), '../shared/data/mice_protein.csv');
}

/** Read the mouse data, optionally keeping only rows whose Genotype equals `genotype`. */
export function loadMice(genotype?: 'Control' | 'Ts65Dn', path = miceCsvPath()): MiceData {
  const lines = readFileSync(path, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.length > 0);
  const header = lines[0]!.split(',');
  const proteinCols = header.map((h, i) => (h.endsWith('_N') ? i : -1)).filter((i) => i >= 0);
  const gCol = header.indexOf('Genotype');
  const cCol = header.indexOf('class');
  if (proteinCols.length === 0 || gCol < 0 || cCol < 0) throw new Error(`${path} does not look like the mouse protein data.`);
  const rows = lines.slice(1).map((l) => l.split(',')).filter((cells) => genotype === undefined || cells[gCol] === genotype);
  const p = proteinCols.length;
  const data = new Float64Array(rows.length * p);
  const classNames = [...new Set(rows.map((r) => r[cCol]!))].sort();
  const classCodes = new Int32Array(rows.length);
  rows.forEach((cells, i) => {
    for (let l = 0; l < p; l++) {
      const raw = cells[proteinCols[l]!] ?? '';
      data[i * p + l] = raw === '' ? NaN : Number(raw);
    }
    classCodes[i] = classNames.indexOf(cells[cCol]!);
  });
  return {
    X: { rows: rows.length, cols: p, data },
    proteins: proteinCols.map((i) => header[i]!),
    ids: rows.map((r) => r[0]!),
    genotype: rows.map((r) => r[gCol]!),
    classCodes,
    classNames,
  };
}
