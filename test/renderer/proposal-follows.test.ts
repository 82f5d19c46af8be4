/**
 * Issue 25, item 1: "Preparation follows the columns". The dataset store, driven against a real jobs session (the
 * browser worker's, on the file's bytes), changes what is mapped as the Import screen does — sample columns chosen
 * by a pattern (selectSamplesByPattern, the pattern field), the sample table attached, the quantity switched — and
 * its recipe and reasons afterwards must be the ones `skfr cluster` proposes for the same choice (its planning:
 * planCluster + loadMapped, everything a run does before the fit), on the real MaxQuant LFQ, FragPipe and DIA-NN
 * files. The user's own choice (transform none on the Prepare panel) survives a change of columns, as a flag does.
 * (Node's environment, not happy-dom: the stores need no DOM, and the CLI's planning needs Node's URL.)
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { loadMapped } from '../../cli/commands/cluster.js';
import { planCluster } from '../../cli/commands/cluster-options.js';
import { nodeIO } from '../../cli/main.js';
import { createSession } from '../../core/jobs/session.js';
import type { JobRequest } from '../../core/jobs/types.js';
import type { Recipe } from '../../core/table/types.js';
import { setApi } from '../../renderer/src/bridge/api';
import { selectSamplesByPattern } from '../../renderer/src/lib/columns-mode';
import { setTransform } from '../../renderer/src/lib/prepare-steps';
import { useDatasetStore } from '../../renderer/src/stores/dataset';
import { stubApi } from './fixtures';

const REAL = fileURLToPath(new URL('../../../shared/data/real/', import.meta.url));
const bytes = (name: string) => new Uint8Array(readFileSync(REAL + name));

/** The recipe and reasons `skfr cluster FILE ARGS` would run with (its planning, no fit), and the samples × features it prepares. */
async function cliProposal(file: string, args: string[]): Promise<{ recipe: Recipe; reasons: string[]; n: number; p: number }> {
  const { prep, mapped } = await loadMapped(planCluster([REAL + file, '--k', '2', '--s', '2', ...args])!, nodeIO());
  return { recipe: prep.recipe, reasons: prep.reasons, n: mapped.matrix.rows, p: mapped.matrix.cols };
}

let maps: JobRequest[] = [];
let done = 0;

beforeEach(() => {
  setActivePinia(createPinia());
  const session = createSession();
  maps = [];
  done = 0;
  setApi(
    stubApi(async (request) => {
      if (request.type === 'map') maps.push(request);
      const response = await session.runJob(request);
      if (request.type === 'map') done++;
      return response;
    }).api,
  );
});
afterEach(() => vi.useRealTimers());

/** Waits until the store's maps since `before` have all answered and none is pending. */
async function settled(before: number): Promise<void> {
  const dataset = useDatasetStore();
  await vi.waitFor(
    async () => {
      expect(maps.length).toBeGreaterThan(before);
      expect(done).toBe(maps.length);
      expect(dataset.mappingBusy).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the debounce of a follow-up map
      expect(done).toBe(maps.length);
    },
    { timeout: 280_000, interval: 50 },
  );
}

async function open(file: string): Promise<ReturnType<typeof useDatasetStore>> {
  const dataset = useDatasetStore();
  expect(await dataset.openFile(new File([bytes(file)], file))).toBe(true);
  await settled(0);
  expect(dataset.mapError).toBeNull();
  return dataset;
}

async function choosePattern(dataset: ReturnType<typeof useDatasetStore>, pattern: string): Promise<void> {
  const outcome = selectSamplesByPattern(dataset.mapping, dataset.columns, pattern);
  if (!outcome.ok) throw new Error(outcome.reason);
  const before = maps.length;
  dataset.setMapping(outcome.mapping);
  await settled(before);
  expect(dataset.mapError).toBeNull();
}

async function attach(dataset: ReturnType<typeof useDatasetStore>, file: string): Promise<void> {
  const before = maps.length;
  expect(await dataset.attachDesign({ kind: 'bytes', fileName: file, bytes: bytes(file) }, file)).toBe(true);
  await settled(before);
  expect(dataset.mapError).toBeNull();
}

const kinds = (recipe: Recipe) => recipe.steps.map((s) => s.kind);

describe('after the sample columns change on Import, the app proposes what skfr cluster proposes', () => {
  it('MaxQuant LFQ opened alone (grouped by the names), then its sample table: grouped by condition, as --design', async () => {
    const dataset = await open('maxquant_lfq_proteinGroups.txt');
    expect(dataset.recipe.steps.find((s) => s.kind === 'min-valid')).toMatchObject({ scope: 'any', group: 'group (from names)' });
    await attach(dataset, 'maxquant_lfq_experimental_design.txt');
    const cli = await cliProposal('maxquant_lfq_proteinGroups.txt', ['--design', REAL + 'maxquant_lfq_experimental_design.txt']);
    expect(dataset.recipe.steps.find((s) => s.kind === 'min-valid')).toMatchObject({ scope: 'any', group: 'condition' });
    expect(dataset.recipe).toEqual(cli.recipe);
  }, 300_000);

  it('MaxQuant LFQ, the Intensity columns chosen by a pattern: the same recipe and reasons as --sample-columns', async () => {
    const dataset = await open('maxquant_lfq_proteinGroups.txt');
    await choosePattern(dataset, '^Intensity [HLN]\\d');
    expect(dataset.mapResult?.n).toBe(15);
    const cli = await cliProposal('maxquant_lfq_proteinGroups.txt', ['--sample-columns', '^Intensity [HLN]\\d']);
    expect(dataset.recipe).toEqual(cli.recipe);
    expect(dataset.layout?.reasons).toEqual(cli.reasons);
    expect({ n: dataset.mapResult?.n, p: dataset.mapResult?.p }).toEqual({ n: cli.n, p: cli.p });
    expect(kinds(cli.recipe)).toEqual(['remove-flagged', 'remove-flagged', 'remove-flagged', 'zeros-missing', 'transform', 'min-valid', 'scale']);
    expect(cli.reasons.join(' ')).toMatch(/Intensity/);
    // The request said so: the map after the change asked for a proposal.
    expect(maps[maps.length - 1]).toMatchObject({ propose: { from: expect.anything() } });
  }, 300_000);

  it('MaxQuant LFQ with its sample table, then a subset of samples by pattern: grouped by condition, as --design with --sample-columns', async () => {
    const dataset = await open('maxquant_lfq_proteinGroups.txt');
    await attach(dataset, 'maxquant_lfq_experimental_design.txt');
    await choosePattern(dataset, '^LFQ intensity [HL]');
    expect(dataset.mapResult?.n).toBe(10);
    const cli = await cliProposal('maxquant_lfq_proteinGroups.txt', ['--design', REAL + 'maxquant_lfq_experimental_design.txt', '--sample-columns', '^LFQ intensity [HL]']);
    expect(dataset.recipe).toEqual(cli.recipe);
    expect(dataset.layout?.reasons).toEqual(cli.reasons);
    expect({ n: dataset.mapResult?.n, p: dataset.mapResult?.p }).toEqual({ n: cli.n, p: cli.p });
    expect(cli.recipe.steps.find((s) => s.kind === 'min-valid')).toMatchObject({ scope: 'any', group: 'condition' });
  }, 300_000);

  it('FragPipe, the spectral counts chosen by a pattern: the same recipe and reasons as --sample-columns', async () => {
    const dataset = await open('fragpipe_combined_protein.tsv');
    await choosePattern(dataset, '^control_\\d+ Spectral Count$');
    expect(dataset.mapResult?.n).toBe(6);
    const cli = await cliProposal('fragpipe_combined_protein.tsv', ['--sample-columns', '^control_\\d+ Spectral Count$']);
    expect(dataset.recipe).toEqual(cli.recipe);
    expect(dataset.layout?.reasons).toEqual(cli.reasons);
    expect({ n: dataset.mapResult?.n, p: dataset.mapResult?.p }).toEqual({ n: cli.n, p: cli.p });
  }, 300_000);

  it('DIA-NN with its metadata, then some runs by pattern: the same recipe and reasons as --design with --sample-columns', async () => {
    const dataset = await open('diann_report.pg_matrix.tsv');
    await attach(dataset, 'diann_metadata.csv');
    await choosePattern(dataset, 'bcmk([1-9]|1[0-2])\\.raw');
    const cli = await cliProposal('diann_report.pg_matrix.tsv', ['--design', REAL + 'diann_metadata.csv', '--sample-columns', 'bcmk([1-9]|1[0-2])\\.raw']);
    expect(dataset.recipe).toEqual(cli.recipe);
    expect(dataset.layout?.reasons).toEqual(cli.reasons);
    expect({ n: dataset.mapResult?.n, p: dataset.mapResult?.p }).toEqual({ n: cli.n, p: cli.p });
  }, 300_000);

  it('a choice the user made on Prepare (no transform) stays when the columns change, as --transform none does', async () => {
    const dataset = await open('maxquant_lfq_proteinGroups.txt');
    let before = maps.length;
    dataset.setRecipe(setTransform(dataset.recipe, null, 'refuse'));
    await settled(before);
    expect(kinds(dataset.recipe)).not.toContain('transform');
    before = maps.length;
    await choosePattern(dataset, '^Intensity [HLN]\\d');
    const cli = await cliProposal('maxquant_lfq_proteinGroups.txt', ['--sample-columns', '^Intensity [HLN]\\d', '--transform', 'none']);
    expect(dataset.recipe).toEqual(cli.recipe);
    expect(dataset.layout?.reasons).toEqual(cli.reasons);
    expect({ n: dataset.mapResult?.n, p: dataset.mapResult?.p }).toEqual({ n: cli.n, p: cli.p });
    expect(kinds(dataset.recipe)).not.toContain('transform');
  }, 300_000);
});
