/**
 * Issue 25, item 1: one path from file to prepared matrix. Every given real file (../shared/data/real/, each with
 * its sample table where it has one) goes through the app's job pipeline — a jobs session on the file's bytes, as
 * the browser's worker runs it: open, the sample table ('design'), the map that proposes the preparation again
 * for it (MapRequest.propose, as the Import screen sends it), the fit — and through `skfr cluster` as a user
 * types it (in this process, --json), with the same k, s, restarts and seed. Both must give the same samples
 * (clean names, in order), the same proteins, the same preparation (recipe and counted steps), the same sample
 * annotations, the same clusters and the same selected proteins — and the same reasons for the preparation. The
 * mouse tables (the workbook, and ../shared/data/mice_protein.csv) are read without --id-column: both take
 * `MouseID`, the one unique text column named like an id (core/request/sample-id.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../core/jobs/session.js';
import type { DesignRequest, FitView, JobResponse, MapResult, OpenResult } from '../../core/jobs/types.js';
import type { Recipe } from '../../core/table/types.js';
import { repoRoot, skfrJson } from '../cli/helpers.js';

const REAL = `${repoRoot}/../shared/data/real/`;
/** A file of the real folder, or `../name` for one of ../shared/data/ (mice_protein.csv). */
const bytes = (name: string) => new Uint8Array(readFileSync(REAL + name));
const baseName = (name: string) => name.split('/').pop()!;

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.result as Extract<T, { ok: true }>['result'];
}

interface Case {
  file: string;
  /** The sample table: another file, or a sheet of the same workbook (the CLI: FILE:SHEET). */
  design?: { file: string } | { sheet: string };
  k: number;
  s: number;
  /**
   * Flags for what the app's Import screen guesses and `skfr cluster` does not: on a table with one sample per
   * row the app takes the text columns other than the id as annotations, the CLI none unless told. (The id is
   * the same on both: the unique text column named like an id, core/request/sample-id.ts.)
   */
  cli?: string[];
  /** The first sample's id, where the test checks how it was found (the mouse tables: MouseID, not row numbers). */
  firstSample?: string;
}

/** Every data file of the folder (its sample tables attached); the levels workbook is no tidy sample table (README). */
const CASES: Case[] = [
  { file: 'maxquant_lfq_proteinGroups.txt', design: { file: 'maxquant_lfq_experimental_design.txt' }, k: 3, s: 10 },
  { file: 'maxquant_ups1_yeast_proteinGroups.txt', k: 3, s: 20 },
  { file: 'diann_report.pg_matrix.tsv', design: { file: 'diann_metadata.csv' }, k: 3, s: 10 },
  { file: 'fragpipe_combined_protein.tsv', k: 2, s: 10 },
  { file: 'perseus_matrix.txt', k: 3, s: 10 },
  { file: 'supplement_tam2020_elife.xlsx', design: { sheet: 'Sample information' }, k: 3, s: 10 },
  { file: 'Data_Cortex_Nuclear.xls', k: 8, s: 24, cli: ['--annotation-columns', 'Genotype,Treatment,Behavior,class'], firstSample: '309_1' },
  { file: '../mice_protein.csv', k: 8, s: 24, cli: ['--annotation-columns', 'Genotype,Treatment,Behavior,class'], firstSample: '309_1' },
  { file: 'pd24_ups1_yeast_Proteins.txt', k: 3, s: 20 },
  { file: 'paw_tmt_ups2_mouse_two_sites.txt', k: 2, s: 20 },
  { file: 'gct13_medulloblastoma_proteome.gct', k: 4, s: 20 },
  { file: 'somascan_example_data10.adat', k: 2, s: 20 },
  { file: 'olink_npx_data1.xlsx', design: { file: 'olink_npx_data1_meta.csv' }, k: 3, s: 20 },
];

const SETTINGS = { variant: 'global' as const, loss: 'squared' as const, restarts: 5, seed: 3, maxIterations: 100 };

/** What both sides are compared on. */
interface Outcome {
  sampleIds: string[];
  features: string[];
  recipe: Recipe;
  preparation: { step: string; label: string; count: number }[];
  annotations: Record<string, (string | null)[]>;
  /** Why the preparation is what it is (the proposal's reasons). */
  reasons: string[];
  labels: number[];
  selected: string[];
}

/** The app: a jobs session on the bytes, as the Import and Configure screens drive it. */
async function viaJobs(c: Case): Promise<Outcome> {
  const session = createSession();
  const opened: OpenResult = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: baseName(c.file), bytes: bytes(c.file) } }));
  let mapping = opened.layout.mapping;
  let recipe = opened.layout.recipe;
  let reasons = opened.layout.reasons ?? [];
  if (c.design) {
    const source: DesignRequest['source'] = 'file' in c.design ? { kind: 'bytes', fileName: c.design.file, bytes: bytes(c.design.file) } : { kind: 'dataset', datasetId: opened.datasetId };
    const design = ok(await session.runJob({ type: 'design', source, ...('sheet' in c.design ? { sheet: c.design.sheet } : {}) }));
    mapping = { ...mapping, design: design.table };
    // The sample table changes what is mapped: the store asks the map to propose again (stores/dataset.ts).
    const mapped: MapResult = ok(await session.runJob({ type: 'map', datasetId: opened.datasetId, mapping, recipe, propose: { from: opened.layout.recipe } }));
    recipe = mapped.proposal!.recipe;
    reasons = mapped.proposal!.reasons;
  }
  const view: FitView = ok(await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping, recipe, settings: { ...SETTINGS, k: c.k, s: c.s } }));
  return {
    sampleIds: view.sampleIds,
    features: view.featureNames,
    recipe: view.recipe,
    preparation: view.preparation,
    annotations: view.annotations,
    reasons,
    labels: Array.from(view.clusters),
    selected: view.selected.map((l) => view.featureNames[l]!),
  };
}

/** The CLI, as typed: the file, its sample table, k, s and the same restarts and seed. */
async function viaCli(c: Case): Promise<Outcome> {
  const design = c.design ? ['--design', 'file' in c.design ? REAL + c.design.file : `${REAL}${c.file}:${c.design.sheet}`] : [];
  const json = await skfrJson([
    'cluster', REAL + c.file, ...design, ...(c.cli ?? []), '--k', String(c.k), '--s', String(c.s),
    '--restarts', String(SETTINGS.restarts), '--seed', String(SETTINGS.seed), '--workers', '1',
  ]);
  return {
    sampleIds: json.sampleIds,
    features: json.featureLabels,
    recipe: json.recipe,
    preparation: json.preparation,
    annotations: json.annotations,
    reasons: json.reasons,
    labels: json.labels,
    selected: json.selectedFeatures,
  };
}

describe('every given file: the app’s job pipeline and skfr cluster give the same result', () => {
  for (const c of CASES) {
    it(`${c.file}${c.design ? ` with ${'file' in c.design ? c.design.file : `its sheet “${c.design.sheet}”`}` : ''}`, async () => {
      const app = await viaJobs(c);
      const cli = await viaCli(c);
      expect(app.sampleIds.length).toBeGreaterThan(c.k);
      expect(app.sampleIds).toEqual(cli.sampleIds);
      if (c.firstSample !== undefined) expect(cli.sampleIds[0]).toBe(c.firstSample);
      expect(app.features).toEqual(cli.features);
      expect(app.recipe).toEqual(cli.recipe);
      expect(app.preparation).toEqual(cli.preparation);
      expect(app.annotations).toEqual(cli.annotations);
      expect(app.reasons.length).toBeGreaterThan(0);
      expect(app.reasons).toEqual(cli.reasons);
      expect(app.labels).toEqual(cli.labels);
      expect(app.selected).toEqual(cli.selected);
    }, 600_000);
  }
});
