/**
 * The warm-up of a jobs host before the user chooses a file: `warmUp` opens, maps, fits and closes `warmTable()`
 * through the host's own jobs — the browser build's worker at page load (renderer/src/bridge/worker-api.ts warm)
 * and the desktop app's compute worker when it starts (electron/compute-worker.ts). The table is a made-up
 * MaxQuant proteinGroups table of WARM_ROWS proteins × 6 samples, as a lab's file is —
 * protein ids, names and descriptions as text, peptide counts and scores, Intensity and LFQ intensity per sample
 * (raw, with zeros for "not quantified"), decoy and contaminant rows flagged. Opening it runs the reader's loops,
 * the layout's recognition and the proposed preparation (flagged rows out, zeros missing, log2, valid values) often
 * enough for the engine's JIT to compile them, so the user's own first open runs compiled code: `npm run
 * bench:warm-open` (Node's V8) gives the given real tables' first open and map 0–40 % quicker than after the 6 × 12
 * table used before (MaxQuant LFQ 155 → 124 ms, FragPipe 224 → 177, DIA-NN 100 → 60; bench/RESULTS.md), for a
 * warm-up of ~0.25 s instead of ~0.03 s while the app waits for a file. The compute worker is Node, so that bench
 * measures the desktop app's first open as it is.
 * Then a second table of the other common shape, one sample per row (`warmRowsTable`: the mouse sheet's), is opened,
 * mapped and fitted the same way (~0.1 s more).
 * Values are a fixed sequence (no Math.random): every page load warms up on the same bytes.
 * @example new TextDecoder().decode(warmTable(3)).split('\n')[0].startsWith('Protein IDs\t') // true
 * @example await warmUp((request) => session.runJob(request)) // never throws
 */
import { DEFAULT_SETTINGS } from '../analysis.js';
import type { Matrix } from '../engine/types.js';
import { encodeUtf8 } from '../table/text.js';
import type { JobRequest, JobResponse, OpenResult } from './types.js';

/** Proteins in the warm-up table (≈ 1.2 MB of text; the warm-up takes ~0.2 s in the worker at page load). */
export const WARM_ROWS = 6000;

const SAMPLES = ['A1', 'A2', 'A3', 'B1', 'B2', 'B3'];
const WORDS = ['kinase', 'protein', 'subunit', 'alpha', 'ribosomal', 'factor', 'binding', 'dehydrogenase', 'transport', 'heat shock'];

export function warmTable(rows = WARM_ROWS): Uint8Array {
  const header = [
    'Protein IDs', 'Majority protein IDs', 'Protein names', 'Gene names', 'Fasta headers', 'Peptides', 'Sequence coverage [%]', 'Q-value', 'Score',
    ...SAMPLES.map((s) => `Intensity ${s}`), ...SAMPLES.map((s) => `LFQ intensity ${s}`),
    'Only identified by site', 'Reverse', 'Potential contaminant', 'id',
  ];
  const lines = [header.join('\t')];
  let state = 0x2545f491;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  for (let i = 0; i < rows; i++) {
    const accession = `P${String(10000 + i).padStart(5, '0')}`;
    const decoy = i % 97 === 5;
    const contaminant = i % 89 === 7;
    const ids = `${decoy ? 'REV__' : contaminant ? 'CON__' : ''}${accession};${accession}-2`;
    const gene = `GENE${i}`;
    const name = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i % 13}`;
    const level = 18 + 10 * next();
    const group = i % 10 === 0 ? 2 : 0; // a tenth of the proteins differ between groups A and B
    const intensity = SAMPLES.map((_, j) => (next() < 0.12 ? '0' : String(Math.round(2 ** (level + (j < 3 ? group : 0) + next())))));
    lines.push([
      ids, ids.split(';')[0], name, gene, `>sp|${accession}|${gene}_HUMAN ${name} OS=Homo sapiens OX=9606 GN=${gene} PE=1 SV=${1 + (i % 3)}`,
      String(1 + Math.floor(30 * next())), (100 * next()).toFixed(1), next() < 0.9 ? '0' : (0.01 * next()).toFixed(4), (300 * next()).toFixed(3),
      ...intensity, ...intensity.map((v) => (v === '0' ? '0' : String(Math.round(Number(v) * (0.8 + 0.4 * next()))))),
      i % 61 === 3 ? '+' : '', decoy ? '+' : '', contaminant ? '+' : '', String(i),
    ].join('\t'));
  }
  return encodeUtf8(lines.join('\n') + '\n');
}

/** Samples in the second warm-up table (one sample per row). */
export const WARM_SAMPLES = 600;
/** Features of that table. */
const WARM_FEATURES = 40;

/**
 * The values of the second warm-up table, `rows` samples × `cols` features, samples as rows: ~2 % missing (k-POD
 * rounds), the others in [0, 4), 3 more on the first 8 features for the samples of one group of every 6th. Also the
 * browser build's engine workers' warm-up fit (renderer/src/bridge/engine-pool.ts warmFitMatrix).
 * @example warmRowsMatrix().data.some(Number.isNaN) // true
 */
export function warmRowsMatrix(rows = WARM_SAMPLES, cols = WARM_FEATURES): Matrix {
  const data = new Float64Array(rows * cols);
  let state = 0x9e3779b9;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const u = (state >>> 0) / 4294967296;
      data[i * cols + j] = u < 0.02 ? Number.NaN : 4 * u + (j < 8 && i % 6 === j % 6 ? 3 : 0);
    }
  }
  return { rows, cols, data };
}

/**
 * The second warm-up table: the shape of the mouse sheet and of plain sheets — one sample per row, an id and a class
 * column (the group), then `warmRowsMatrix` as text, empty where missing. Its fit (unit variance, the class's
 * agreement, the samples' PCA) runs code the proteins × samples table does not: after the MaxQuant table alone, the
 * mouse sheet's first fit job took 274 ms against 190 for the next; after both, 247 (medians of 7, `npm run
 * bench:warm-fit`, bench/RESULTS.md).
 * @example new TextDecoder().decode(warmRowsTable(2)).split('\n')[0].startsWith('sample,class,f1,') // true
 */
export function warmRowsTable(rows = WARM_SAMPLES): Uint8Array {
  const { cols, data } = warmRowsMatrix(rows);
  const lines = [['sample', 'class', ...Array.from({ length: cols }, (_, j) => `f${j + 1}`)].join(',')];
  for (let i = 0; i < rows; i++) {
    const cells = [`S${i + 1}`, `group ${i % 6}`];
    for (let j = 0; j < cols; j++) {
      const v = data[i * cols + j]!;
      cells.push(Number.isNaN(v) ? '' : v.toFixed(4));
    }
    lines.push(cells.join(','));
  }
  return encodeUtf8(lines.join('\n') + '\n');
}

/** The dataset id of the warm-up's jobs (neither counted nor restored by the hosts). */
export const WARM_UP_ID = 'warm-up';

/**
 * Runs open, map, fit and close through `run` (a host's way to run a job) of `warmTable()` (k = 2, s = 2, 2
 * restarts), then of `warmRowsTable()` (k = 6, s = 12, 8 restarts, its class column as the known class); resolves
 * when done. A warm-up that fails costs nothing: it never throws, and the first real job then starts cold as before.
 */
export async function warmUp(run: (request: JobRequest) => Promise<JobResponse>): Promise<void> {
  try {
    if (!(await warmOn(run, 'warm-up.tsv', warmTable(), LAB_WARM_FIT, null))) return;
    await warmOn(run, 'warm-up.csv', warmRowsTable(), ROWS_WARM_FIT, 'class');
  } catch {
    // (module comment: nothing is lost)
  }
}

/** The fit of `warmTable()` in the warm-up. */
export const LAB_WARM_FIT = { k: 2, s: 2, restarts: 2 } as const;
/** The fit of `warmRowsTable()` in the warm-up. */
export const ROWS_WARM_FIT = { k: 6, s: 12, restarts: 8 } as const;

/**
 * Open, map, fit and close one warm-up table through `run`; false when the host refused to open it (then warmUp tries
 * no more). Also the benchmarks' way to warm a session up on one table (bench/open/warm-fit-one.ts).
 */
export async function warmOn(
  run: (request: JobRequest) => Promise<JobResponse>,
  fileName: string,
  bytes: Uint8Array,
  fit: { k: number; s: number; restarts: number },
  classColumn: string | null,
): Promise<boolean> {
  const datasetId = WARM_UP_ID;
  const opened = await run({ type: 'open', source: { kind: 'bytes', fileName, bytes }, datasetId });
  if (!opened.ok) return false;
  const { mapping, recipe } = (opened.result as OpenResult).layout;
  const mapped = await run({ type: 'map', datasetId, mapping, recipe });
  if (mapped.ok) await run({ type: 'fit', datasetId, mapping, recipe, fitId: WARM_UP_ID, classColumn, settings: { ...DEFAULT_SETTINGS, ...fit } });
  await run({ type: 'close', datasetId });
  return true;
}
