/**
 * Write a simulated data set as CSV the way `skfr simulate` lays it out (first column `id`, features
 * F1..Fp, last column `class`, 1-based), streaming row by row so that a 100 000 × 1000 file never exists
 * as one string. Numbers (`format`):
 *   - 'fixed4' (default): 4 decimals, `x.toFixed(4)` (the noise is N(0, 1): 4 decimals keep the file under
 *     1 GB at 100 000 × 1000, below Node's and pandas' comfortable limits, and lose nothing that matters here);
 *   - 'repr': as Python's `repr(float)` writes them (pandas' `to_csv`, `csv.writer`, NumPy's `savetxt('%r')`):
 *     the shortest digits that read back to the same double — 16–17 significant digits for these values —
 *     in fixed notation for 1e-4 ≤ |x| < 1e16 (with ".0" on whole numbers), else `1.2345e-05`.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import type { Simulated } from '../../core/engine/types.js';

export type NumberFormat = 'fixed4' | 'repr';

/** Python's repr(float) for a finite x. @example pyRepr(0.1) // '0.1'; pyRepr(1.5e-7) // '1.5e-07'; pyRepr(3) // '3.0' */
export function pyRepr(x: number): string {
  const a = Math.abs(x);
  if (a !== 0 && (a < 1e-4 || a >= 1e16)) return x.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  const s = String(x);
  return Number.isInteger(x) ? `${s}.0` : s;
}

export function writeSimulatedCsv(sim: Simulated, path: string, format: NumberFormat = 'fixed4'): number {
  const { rows: n, cols: p, data } = sim.X;
  const repr = format === 'repr';
  const fd = openSync(path, 'w');
  let bytes = 0;
  try {
    const header = ['id', ...sim.featureNames, 'class'].join(',') + '\n';
    bytes += writeSync(fd, header);
    const chunk: string[] = [];
    for (let i = 0; i < n; i++) {
      let line = `S${i + 1}`;
      for (let l = 0, o = i * p; l < p; l++, o++) {
        const x = data[o]!;
        line += Number.isFinite(x) ? ',' + (repr ? pyRepr(x) : x.toFixed(4)) : ',';
      }
      chunk.push(line + ',' + (sim.classes[i]! + 1));
      if (chunk.length === 256 || i === n - 1) {
        bytes += writeSync(fd, chunk.join('\n') + '\n');
        chunk.length = 0;
      }
    }
  } finally {
    closeSync(fd);
  }
  return bytes;
}
