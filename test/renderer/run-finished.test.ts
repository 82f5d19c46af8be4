// @vitest-environment happy-dom
/**
 * The "run finished" notice (issue 16): a run that ends while the user is on another screen (Import, Start) leaves
 * that screen and says what ran, with "Show results"; one that ends on Configure or Results shows them as before.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { mount } from '@vue/test-utils';
import type { FitView, JobResponse } from '../../core/jobs/types';
import { setApi } from '../../renderer/src/bridge/api';
import RunFinishedNotice from '../../renderer/src/components/RunFinishedNotice.vue';
import { useAnalysisStore } from '../../renderer/src/stores/analysis';
import { useResultsStore } from '../../renderer/src/stores/results';
import { useUiStore } from '../../renderer/src/stores/ui';
import { fitView, stubApi } from './fixtures';

const view = fitView({ fileName: 'mice_protein.csv', k: 8, s: 20, settings: {} });

/** A host whose fit answers when `finish()` is called. */
function pendingFit() {
  let finish: () => void = () => {};
  const { api } = stubApi(() => new Promise<JobResponse>((resolve) => (finish = () => resolve({ ok: true, type: 'fit', result: view }))));
  setApi(api);
  return { finish: () => finish() };
}

/** Starts a fit through the store's request path (a re-fit of a tuned fit, as the Results screen starts it). */
function start(): { done: Promise<void> } {
  const analysis = useAnalysisStore();
  const results = useResultsStore();
  // refit() needs a shown tuned fit and its request; run() needs a mapped table: go through refit's submit path.
  results.setFit({ ...view, gap: { curve: [], bestS: 20, oneSeS: 20, permutations: 10 } } as unknown as FitView, {
    request: { type: 'fit', datasetId: 'd1', mapping: {} as never, settings: { k: 8, tune: { from: 1, to: 77 }, variant: 'global', loss: 'squared', restarts: 20, seed: 1, maxIterations: 100 } },
  });
  return { done: analysis.refit({ s: 20 }) };
}

beforeEach(() => setActivePinia(createPinia()));

describe('run finished on another screen', () => {
  it('on Import: the screen stays, the notice says what ran, "Show results" goes there and clears it', async () => {
    const host = pendingFit();
    const ui = useUiStore();
    ui.go('results');
    const { done } = start();
    ui.go('import'); // the user leaves while it runs
    host.finish();
    await done;
    expect(ui.screen).toBe('import');
    expect(ui.runFinished).toBe('SKFR1, k = 8, s = 20 on mice_protein.csv');
    const wrapper = mount(RunFinishedNotice);
    expect(wrapper.get('[data-testid=run-finished]').attributes('role')).toBe('status');
    expect(wrapper.text()).toContain('Run finished');
    await wrapper.get('[data-testid=show-results]').trigger('click');
    expect(ui.screen).toBe('results');
    expect(ui.runFinished).toBeNull();
    await vi.waitFor(() => expect(wrapper.find('[data-testid=run-finished]').exists()).toBe(false));
  });

  it('still on Configure or Results: straight to the results, no notice; the notice can be closed', async () => {
    const host = pendingFit();
    const ui = useUiStore();
    ui.go('configure');
    const { done } = start();
    host.finish();
    await done;
    expect(ui.screen).toBe('results');
    expect(ui.runFinished).toBeNull();
    ui.announceRun('SKFR1, k = 2, s = 3 on x.csv');
    const wrapper = mount(RunFinishedNotice);
    await wrapper.get('[data-testid=run-finished-close]').trigger('click');
    expect(ui.runFinished).toBeNull();
  });
});
