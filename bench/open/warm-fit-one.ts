/**
 * One run for bench/warm-fit.ts, in a fresh process as a host's jobs session runs it: warmed up first (`lab`: the
 * MaxQuant table alone, the warm-up before the table with one sample per row was added; `both`: core/jobs/warm-up.ts
 * warmUp as it is now; `none`: no warm-up), then the mouse sheet opened, mapped and fitted twice as the app's Run
 * fits it (SKFR1, k = 8, s = 24, 20 restarts, its class column known), in this thread (the desktop compute worker's
 * path for a fit this small, core/parallel/small-fit.ts). Prints {"warm": ms, "first": ms, "second": ms}.
 *
 * Usage: node dist/bench/open/warm-fit-one.js MOUSE_CSV lab|both|none
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { DEFAULT_SETTINGS } from '../../core/analysis.js';
import { createSession } from '../../core/jobs/session.js';
import type { JobRequest, JobResponse } from '../../core/jobs/types.js';
import { LAB_WARM_FIT, warmOn, warmTable, warmUp } from '../../core/jobs/warm-up.js';

const [file, how] = process.argv.slice(2);
if (file === undefined || (how !== 'lab' && how !== 'both' && how !== 'none')) throw new Error('usage: warm-fit-one.js MOUSE_CSV lab|both|none');

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(r.error.message);
  return r.result as Extract<T, { ok: true }>['result'];
}

const session = createSession();
/** The session's jobs, a failed one thrown, so that `lab` cannot warm up on less than it says (warmUp, `both`, swallows failures as the hosts' warm-up does). */
const strict = async (request: JobRequest): Promise<JobResponse> => {
  const response = await session.runJob(request);
  ok(response);
  return response;
};
const t0 = performance.now();
if (how === 'both') await warmUp((request: JobRequest) => session.runJob(request));
if (how === 'lab') await warmOn(strict, 'warm-up.tsv', warmTable(), LAB_WARM_FIT, null);
const t1 = performance.now();
const opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: basename(file), bytes: new Uint8Array(readFileSync(file)) } }));
const { mapping, recipe } = opened.layout;
ok(await session.runJob({ type: 'map', datasetId: opened.datasetId, mapping, recipe }));
const settings = { ...DEFAULT_SETTINGS, k: 8, s: 24, restarts: 20, seed: 1 };
const fits: number[] = [];
for (let i = 0; i < 2; i++) {
  const t = performance.now();
  ok(await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping, recipe, settings, classColumn: 'class' }));
  fits.push(performance.now() - t);
}
process.stdout.write(JSON.stringify({ warm: t1 - t0, first: fits[0], second: fits[1] }) + '\n');
