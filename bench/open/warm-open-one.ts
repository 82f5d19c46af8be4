/**
 * One open for bench/warm-open.ts, in a fresh process as the browser build's worker does it: the jobs session
 * warmed up first as the page warms it at load (open, map, fit, close of a built-in table: `lab`, the table the
 * page uses now, core/jobs/warm-up.ts; `tiny`, the 6 × 12 matrix it used before), then FILE's bytes
 * opened and mapped with the proposed mapping and recipe. Prints {"warm": ms, "open": ms, "map": ms}.
 *
 * Usage: node dist/bench/open/warm-open-one.js FILE lab|tiny
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { DEFAULT_SETTINGS } from '../../core/analysis.js';
import { createSession } from '../../core/jobs/session.js';
import type { JobResponse } from '../../core/jobs/types.js';
import { warmTable } from '../../core/jobs/warm-up.js';

const [file, how] = process.argv.slice(2);
if (file === undefined || (how !== 'lab' && how !== 'tiny')) throw new Error('usage: warm-open-one.js FILE lab|tiny');

/** The warm-up table before issue 27's change: 6 samples of 12 proteins in two groups (proteins as rows). */
function tinyTable(): Uint8Array {
  const samples = ['A1', 'A2', 'A3', 'B1', 'B2', 'B3'];
  const rows = [['Protein', ...samples].join('\t')];
  for (let i = 0; i < 12; i++) {
    rows.push([`P${String(i + 1).padStart(5, '0')}`, ...samples.map((_, j) => (20 + ((i * 7 + j * 3) % 5) + (j < 3 && i < 4 ? 3 : 0)).toFixed(2))].join('\t'));
  }
  return new TextEncoder().encode(rows.join('\n') + '\n');
}

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(r.error.message);
  return r.result as Extract<T, { ok: true }>['result'];
}

const session = createSession();
const t0 = performance.now();
const datasetId = 'warm-up';
const warm = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: 'warm-up.tsv', bytes: how === 'lab' ? warmTable() : tinyTable() }, datasetId }));
ok(await session.runJob({ type: 'map', datasetId, mapping: warm.layout.mapping, recipe: warm.layout.recipe }));
ok(await session.runJob({ type: 'fit', datasetId, mapping: warm.layout.mapping, recipe: warm.layout.recipe, fitId: 'warm-up', settings: { ...DEFAULT_SETTINGS, k: 2, s: 2, restarts: 2 } }));
ok(await session.runJob({ type: 'close', datasetId }));
const t1 = performance.now();
const bytes = new Uint8Array(readFileSync(file));
const t2 = performance.now();
const opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: basename(file), bytes } }));
const t3 = performance.now();
ok(await session.runJob({ type: 'map', datasetId: opened.datasetId, mapping: opened.layout.mapping, recipe: opened.layout.recipe }));
const t4 = performance.now();
process.stdout.write(JSON.stringify({ warm: t1 - t0, open: t3 - t2, map: t4 - t3 }) + '\n');
