// @vitest-environment happy-dom
/**
 * App = CLI for the batch step (issue 24): the Prepare panel's "Remove batch effect" (BatchChoice.vue, its store
 * and lib) on `skfr simulate --design batch`, run by the app's stores against the real jobs session (what the
 * browser's worker runs), gives the same recipe, reproduce command, labels and proteins as
 * `skfr cluster … --batch batch` typed by hand; and the command the app shows, run by the built CLI through a
 * shell, gives them again. The panel offers the column by name, counts the step, and says nothing of
 * confounding (batches and conditions are crossed).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mount, flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../core/jobs/session';
import type { JobRequest } from '../../core/jobs/types';
import { shellQuote } from '../../core/report/command';
import { setApi } from '../../renderer/src/bridge/api';
import BatchChoice from '../../renderer/src/components/BatchChoice.vue';
import { useAnalysisStore } from '../../renderer/src/stores/analysis';
import { useDatasetStore } from '../../renderer/src/stores/dataset';
import { useResultsStore } from '../../renderer/src/stores/results';
import { ensureBuiltCli, skfrBin } from '../cli/built-cli';
import { stubApi } from './fixtures';

// (The built CLI in a child process: the CLI's in-process helpers need Node's URL, which happy-dom replaces.)
const dir = mkdtempSync(join(tmpdir(), 'skfr-batch-app-'));
const data = join(dir, 'batch.csv');

/** `skfr ARGS` (words, quoted for the shell here) run by the built CLI in the data's folder; stdout. */
function skfr(args: string[]): string {
  const line = [process.execPath, skfrBin, ...args].map(shellQuote).join(' ');
  const run = spawnSync('/bin/sh', ['-c', line], { cwd: dir, encoding: 'utf8', timeout: 280_000 });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

beforeAll(() => {
  ensureBuiltCli();
  skfr(['simulate', '--design', 'batch', '--seed', '4', '--out', 'batch.csv']);
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Waits until `ready()` holds, letting the stores' debounced map jobs run. */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (let t = 0; t < 400 && !ready(); t++) {
    await new Promise((r) => setTimeout(r, 25));
    await flushPromises();
  }
  expect(ready(), what).toBe(true);
}

describe('the Prepare panel’s batch step and skfr cluster --batch', () => {
  it('give the same recipe, command, labels and proteins', async () => {
    setActivePinia(createPinia());
    const session = createSession();
    setApi(stubApi((request: JobRequest) => session.runJob(request)).api);
    const dataset = useDatasetStore();
    const analysis = useAnalysisStore();
    const results = useResultsStore();
    const file = new File([readFileSync(data)], 'batch.csv', { type: 'text/csv' });
    expect(await dataset.openFile(file)).toBe(true);
    await until(() => dataset.mapResult !== null, 'the table is mapped');
    expect(dataset.mapping.annotationColumns).toEqual(['condition', 'batch']);
    expect(analysis.classColumn).toBe('condition');

    const panel = mount(BatchChoice, { props: { things: 'features' } });
    await flushPromises();
    expect(panel.get('[data-testid=batch-offer]').text()).toBe('Batch columns among the annotations: batch');
    await panel.get('[data-testid=batch-offer-batch]').trigger('click');
    await until(() => dataset.mapResult?.preparation.some((r) => r.step === 'batch') === true, 'the batch step ran');
    await flushPromises();
    expect(dataset.recipe.steps.filter((step) => step.kind === 'batch')).toEqual([{ kind: 'batch', columns: ['batch'], minPerBatch: 2 }]);
    expect(panel.get('[data-testid=batch-count]').text()).toBe('0 feature × batch pairs left as they were');
    expect((panel.get('[data-testid=batch-column-batch]').element as HTMLInputElement).checked).toBe(true);
    expect((panel.get('[data-testid=batch-column-condition]').element as HTMLInputElement).checked).toBe(false);
    expect(panel.findAll('[data-testid=batch-confounded]')).toHaveLength(0);

    analysis.form = { ...analysis.form, k: '3', s: '10' };
    await analysis.run();
    const view = results.fit!;
    expect(view).not.toBeNull();
    expect(view.warnings).toEqual([]);

    // The same run typed by hand.
    const cli = JSON.parse(skfr(['cluster', 'batch.csv', '--id-column', 'id', '--class-column', 'condition', '--batch', 'batch', '--k', '3', '--s', '10', '--json']));
    expect(cli.recipe).toEqual(dataset.recipe);
    expect(cli.command).toBe(view.command);
    expect(cli.sampleIds).toEqual(view.sampleIds);
    expect(cli.labels).toEqual(Array.from(view.clusters));
    expect(cli.selectedFeatures).toEqual(view.selected.map((l) => view.featureNames[l]));
    expect(cli.preparation).toEqual(view.preparation);
    expect(cli.metrics.ari).toBe(1);

    // The command the app shows, through a shell, from the folder holding the file.
    expect(view.command).toMatch(/^skfr cluster batch\.csv .*--class-column condition .*--batch batch /);
    const line = `${shellQuote(process.execPath)} ${shellQuote(skfrBin)} ${view.command.slice('skfr '.length)} --json`;
    const shell = spawnSync('/bin/sh', ['-c', line], { cwd: dir, encoding: 'utf8', timeout: 280_000 });
    expect(shell.status, shell.stderr).toBe(0);
    const again = JSON.parse(shell.stdout);
    expect(again.sampleIds).toEqual(cli.sampleIds);
    expect(again.labels).toEqual(cli.labels);
    expect(again.selectedFeatures).toEqual(cli.selectedFeatures);
    expect(again.recipe).toEqual(dataset.recipe);
    panel.unmount();
    setApi(null);
  }, 180_000);
});
