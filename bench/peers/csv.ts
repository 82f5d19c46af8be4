/**
 * Write a simulated data set as CSV the way `skfr simulate` lays it out (first column `id`, features
 * F1..Fp, last column `class`, 1-based), streaming row by row so that a 100 000 × 1000 file never exists
 * as one string. Values are written with 4 decimals (the noise is N(0, 1): 4 decimals keep the file under
 * 1 GB at that size, below Node's and pandas' comfortable limits, and lose nothing that matters here).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import type { Simulated } from '../../core/engine/types.js';

export function writeSimulatedCsv(sim: Simulated, path: string): number {
  const { rows: n, cols: p, data } = sim.X;
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
        line += Number.isFinite(x) ? ',' + x.toFixed(4) : ',';
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
