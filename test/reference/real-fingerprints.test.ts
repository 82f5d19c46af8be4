/**
 * Issue 27, "no change in results": every given real file (../shared/data/real) opened by the three readers a user
 * meets — `skfr cluster` in-process (the CLI's chunked reader), the jobs session on the file's bytes (the browser
 * worker) and on its path through the Node FileIO (the desktop compute process) — gives the same samples,
 * proteins, numbers and labels as before the reading was made faster. What each path gave is reduced to SHA-256
 * fingerprints of canonical JSON (below), stored in real-fingerprints.json. They were computed on main at
 * 481590a, before any change of issue 27's reader work (the branch `speed` passed against them), then taken
 * again after the merges of `formats`, `joins`, `onepath` and `robust2`, which change what is recognised and
 * proposed on purpose (sample names, groups from names, PD and PAW layouts), and after `tables3` (the reproduce
 * command always says `--floor none|V`: every cli.result and fit; PAW's floor value 150 read as missing: its mapped,
 * open and map too), and after the proposed scale for log intensities became Pareto (issue 24: every table but the
 * mouse workbook — the scale step in open, map and mapped, the fit and cli.result), with
 *
 *     SKFR_WRITE_FINGERPRINTS=1 npx vitest run test/reference/real-fingerprints.test.ts
 *
 * Parts fingerprinted, each separately so a failure names what changed:
 * - cli.mapped: the prepared matrix as `skfr cluster` builds it (loadMapped: sample ids, feature names, the
 *   n × p numbers bit for bit, annotations, feature annotations, the preparation's steps and counts);
 * - cli.result: its `--json` output without the timings (labels, scores, selected proteins, objective, recipe,
 *   warnings, the reproduce command);
 * - open / map / fit (bytes and path): the jobs session's OpenResult (columns, preview, layout, header row, notes),
 *   MapResult and FitView (labels, ranking, centres, distances, projection), ids and timings left out.
 * Numbers are written with 17 significant digits, NaN as "NaN", so equal fingerprints mean equal doubles. The data
 * folder's absolute path is written as `<real>/`, so the fingerprints do not depend on where the clone sits.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeIO } from '../../cli/main.js';
import { loadMapped } from '../../cli/commands/cluster.js';
import { planCluster } from '../../cli/commands/cluster-options.js';
import { createSession } from '../../core/jobs/session.js';
import type { JobResponse } from '../../core/jobs/types.js';
import type { ColumnSummary } from '../../core/table/types.js';
import { nodeFileIO } from '../../node/file-io.js';
import { columnValues } from '../../renderer/src/lib/filters.js';
import { skfr } from '../cli/helpers.js';
import { skfr1 } from '../jobs/fork.js';

const realDir = fileURLToPath(new URL('../../../shared/data/real/', import.meta.url));
const real = (name: string) => realDir + name;
const storePath = fileURLToPath(new URL('./real-fingerprints.json', import.meta.url));
const writing = process.env.SKFR_WRITE_FINGERPRINTS === '1';

/** Each given table with the flags a user gives it (a sample table where one is given beside it). */
const CASES: { file: string; args: string[] }[] = [
  { file: 'maxquant_lfq_proteinGroups.txt', args: ['--design', real('maxquant_lfq_experimental_design.txt'), '--class-column', 'condition'] },
  { file: 'fragpipe_combined_protein.tsv', args: [] },
  { file: 'perseus_matrix.txt', args: [] },
  { file: 'diann_report.pg_matrix.tsv', args: ['--design', real('diann_metadata.csv')] },
  { file: 'maxquant_ups1_yeast_proteinGroups.txt', args: [] },
  { file: 'pd24_ups1_yeast_Proteins.txt', args: [] },
  { file: 'paw_tmt_ups2_mouse_two_sites.txt', args: [] },
  { file: 'gct13_medulloblastoma_proteome.gct', args: [] },
  { file: 'somascan_example_data10.adat', args: [] },
  { file: 'olink_npx_data1.xlsx', args: [] },
  { file: 'Data_Cortex_Nuclear.xls', args: ['--id-column', 'MouseID', '--annotation-columns', 'Genotype,Treatment,Behavior', '--class-column', 'class'] },
  { file: 'supplement_tam2020_elife.xlsx', args: [] },
];

const FIT = ['--k', '3', '--s', '10', '--restarts', '5', '--workers', '1'];

/** JSON with numbers as 17 significant digits (NaN, ±Infinity by name) and typed arrays as arrays. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'number') return Number.isFinite(v) ? v.toPrecision(17) : String(v);
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) return Array.from(v as unknown as ArrayLike<number>, (x) => (Number.isFinite(x) ? x.toPrecision(17) : String(x)));
    return v;
  });
}

const sha = (value: unknown) => createHash('sha256').update(canonical(value)).digest('hex').slice(0, 32);

function without<T extends object>(object: T, keys: string[]): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key))) as Partial<T>;
}

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.result as Extract<T, { ok: true }>['result'];
}

type Fingerprint = Record<string, string | number>;

async function cliFingerprint(file: string, args: string[]): Promise<Fingerprint> {
  const argv = [real(file), ...args, ...FIT];
  const plan = planCluster(argv);
  if (plan === null) throw new Error('no plan');
  const { mapped } = await loadMapped(plan, { ...nodeIO(), stderr: () => {} });
  const matrix = mapped.matrix;
  const run = await skfr(['cluster', ...argv, '--json']);
  if (run.code !== 0) throw new Error(`skfr exited ${run.code}: ${run.stderr}`);
  // The output names the input by its absolute path (the reproduce command, the input): the clone's place on disk
  // is not part of the result, so it is written as <real>/ (CI clones elsewhere; stop 30 failed on this alone).
  const json = JSON.parse(run.stdout.split(realDir).join('<real>/')) as Record<string, unknown>;
  return {
    n: matrix.rows,
    p: matrix.cols,
    'cli.mapped': sha({
      sampleIds: mapped.sampleIds,
      featureNames: mapped.featureNames,
      numbers: matrix.data.subarray(0, matrix.rows * matrix.cols),
      annotations: mapped.annotations,
      featureAnnotations: mapped.featureAnnotations ?? null,
      preparation: mapped.preparation ?? null,
    }),
    'cli.result': sha(without(json, ['timings'])),
  };
}

/**
 * A column's summary with its values as a filter shows them (renderer/src/lib/filters.ts columnValues): the worker
 * sends a text column's values in the order the rows first hold them and the page sorts them, so what a user sees,
 * sorted, is what was fingerprinted when the worker sorted them itself.
 */
function asShown(column: ColumnSummary): ColumnSummary {
  if (column.kind !== 'text' || column.distinct === null) return column;
  const values = columnValues(column);
  return { ...column, distinct: values.map((v) => v.value), distinctCounts: values.map((v) => v.count) };
}

async function sessionFingerprint(file: string, how: 'bytes' | 'path'): Promise<Fingerprint> {
  const session = how === 'bytes' ? createSession() : createSession(nodeFileIO);
  const source = how === 'bytes' ? ({ kind: 'bytes', fileName: file, bytes: new Uint8Array(readFileSync(real(file))) } as const) : ({ kind: 'path', path: real(file) } as const);
  const opened = ok(await session.runJob({ type: 'open', source }));
  const { mapping, recipe } = opened.layout;
  const mappedView = ok(await session.runJob({ type: 'map', datasetId: opened.datasetId, mapping, recipe }));
  const view = ok(await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping, recipe, settings: { ...skfr1, k: 3, s: 10, restarts: 5 } }));
  return {
    [`${how}.open`]: sha({ ...without(opened, ['datasetId']), columns: opened.columns.map(asShown) }),
    [`${how}.map`]: sha(without(mappedView, ['datasetId'])),
    [`${how}.fit`]: sha(without(view, ['datasetId', 'fitId', 'timings', 'fileName'])),
  };
}

const stored: Record<string, Fingerprint> = !writing && existsSync(storePath) ? (JSON.parse(readFileSync(storePath, 'utf8')) as Record<string, Fingerprint>) : {};
const computed: Record<string, Fingerprint> = {};

describe('every given real file reads as before (samples, proteins, numbers, labels)', () => {
  for (const { file, args } of CASES) {
    it(file, async () => {
      const fingerprint = { ...(await cliFingerprint(file, args)), ...(await sessionFingerprint(file, 'bytes')), ...(await sessionFingerprint(file, 'path')) };
      computed[file] = fingerprint;
      if (writing) {
        writeFileSync(storePath, JSON.stringify({ ...(JSON.parse(existsSync(storePath) ? readFileSync(storePath, 'utf8') : '{}') as object), [file]: fingerprint }, null, 2) + '\n');
        return;
      }
      expect(stored[file], `no stored fingerprint for ${file}`).toBeDefined();
      expect(fingerprint).toEqual(stored[file]);
    }, 300_000);
  }
});
