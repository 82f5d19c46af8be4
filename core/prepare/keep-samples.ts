/** A subset of the samples of mapped data: matrix rows, ids, annotations, table rows, sample columns and imputed flags. */
import type { MappedData } from '../table/types.js';

/** Keep the samples where `keep[i]` is 1 (the same object when every one is kept). */
export function keepSamples(data: MappedData, keep: Uint8Array): MappedData {
  const { rows: n, cols: p, data: x } = data.matrix;
  const index: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) index.push(i);
  if (index.length === n) return data;
  const out = new Float64Array(index.length * p);
  let missingCells = 0;
  index.forEach((i, j) => {
    const row = x.subarray(i * p, (i + 1) * p);
    out.set(row, j * p);
    for (let l = 0; l < p; l++) if (row[l] !== row[l]) missingCells++;
  });
  let imputed: Uint8Array | null = null;
  if (data.imputed) {
    const flags = data.imputed;
    imputed = new Uint8Array(index.length * p);
    index.forEach((i, j) => imputed!.set(flags.subarray(i * p, (i + 1) * p), j * p));
  }
  const annotations: Record<string, (string | null)[]> = {};
  for (const [name, values] of Object.entries(data.annotations)) annotations[name] = index.map((i) => values[i] ?? null);
  return {
    ...data,
    matrix: { rows: index.length, cols: p, data: out },
    sampleIds: index.map((i) => data.sampleIds[i]!),
    annotations,
    rowIndices: Int32Array.from(index, (i) => (data.rowIndices === null ? i : data.rowIndices[i]!)),
    ...(data.sampleColumns ? { sampleColumns: index.map((i) => data.sampleColumns![i]!) } : {}),
    missingCells,
    imputed,
  };
}
