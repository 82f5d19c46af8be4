/** A subset of the features of mapped data: matrix columns, names, feature annotations and imputed flags. */
import { nameRecord } from '../table/name-record.js';
import type { MappedData } from '../table/types.js';

/** Keep the features where `keep[l]` is 1: matrix columns, names and feature annotations. */
export function keepFeatures(data: MappedData, keep: Uint8Array): MappedData {
  const { rows: n, cols: p, data: x } = data.matrix;
  let q = 0;
  for (let l = 0; l < p; l++) if (keep[l]) q++;
  if (q === p) return data;
  const index = new Int32Array(q);
  for (let l = 0, j = 0; l < p; l++) if (keep[l]) index[j++] = l;
  const out = new Float64Array(n * q);
  let missingCells = 0;
  for (let i = 0; i < n; i++) {
    const from = i * p;
    const to = i * q;
    for (let j = 0; j < q; j++) {
      const v = x[from + index[j]!]!;
      out[to + j] = v;
      if (v !== v) missingCells++;
    }
  }
  let imputed: Uint8Array | null = null;
  if (data.imputed) {
    const flags = data.imputed;
    imputed = new Uint8Array(n * q);
    for (let i = 0; i < n; i++) for (let j = 0; j < q; j++) imputed[i * q + j] = flags[i * p + index[j]!]!;
  }
  const featureAnnotations = nameRecord<(string | null)[]>();
  for (const [name, values] of Object.entries(data.featureAnnotations ?? {})) {
    featureAnnotations[name] = Array.from(index, (l) => values[l] ?? null);
  }
  return {
    ...data,
    matrix: { rows: n, cols: q, data: out },
    featureNames: Array.from(index, (l) => data.featureNames[l]!),
    featureAnnotations,
    missingCells,
    imputed,
  };
}
