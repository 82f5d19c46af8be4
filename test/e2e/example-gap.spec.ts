/**
 * Scenario 3: "Try an example", choose s by the gap statistic; a long tuning run is cancelled (the banner says so
 * and the settings are kept), then a shorter one completes and shows the gap curve with the chosen s.
 * The main thread's long tasks (> 50 ms) during the run are printed, not asserted: on a busy machine any task can
 * run long (issue 26, timings live in benchmarks). What holds under any load is asserted instead: the page answers
 * while the engine works in its worker — the progress line moves on and the Cancel click is honoured.
 */
import { expect, longTasks, mappingLine, screenshot, setField, test, watchLongTasks } from './fixtures';

test('example: choose s by the gap statistic, cancel a run, then complete another', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('try-example').click();
  await expect(page.getByTestId('import-screen')).toBeVisible();
  await expect.poll(() => mappingLine(page)).toMatch(/^400 samples × 50 features, 0 missing cells$/);
  await page.getByTestId('to-configure').click();

  await setField(page, 'k', '10');
  await page.getByTestId('s-mode-tune').check();
  // A long run to cancel: every s from 1 to 50, 50 permutations each, 20 restarts.
  await setField(page, 'tune-from', '1');
  await setField(page, 'tune-to', '50');
  await setField(page, 'permutations', '50');
  await setField(page, 'restarts', '20');
  await watchLongTasks(page);
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-panel')).toBeVisible();
  // The engine pool reports each (data set, restart) path over all s at once: no "s = …" then (engine-pool.ts).
  await expect(page.getByTestId('progress-stage')).toContainText(/Choosing s: (s = \d+, )?(observed data|permutation \d+ of 50)/, { timeout: 30_000 });
  const first = await page.getByTestId('progress-stage').textContent();
  await expect.poll(() => page.getByTestId('progress-stage').textContent(), { timeout: 60_000 }).not.toBe(first);
  const during = await longTasks(page);
  await page.getByTestId('cancel-button').click();
  await expect(page.getByTestId('error-banner')).toHaveAttribute('data-code', 'cancelled', { timeout: 10_000 });
  await expect(page.getByTestId('error-title')).toHaveText('Run cancelled');
  await expect(page.getByTestId('run-panel')).toHaveCount(0);
  console.log(`main-thread long tasks during the run (ms): ${during.map((d) => d.toFixed(0)).join(', ') || 'none'}`);
  // Settings kept.
  await expect(page.getByTestId('field-tune-to')).toHaveValue('50');

  // A shorter run that completes: s from 4 to 16, 5 permutations, 5 restarts.
  await setField(page, 'tune-from', '4');
  await setField(page, 'tune-to', '16');
  await setField(page, 'permutations', '5');
  await setField(page, 'restarts', '5');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 280_000 });
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await expect(page.getByTestId('gap-chart')).toBeVisible();
  const note = (await page.getByTestId('gap-note').textContent()) ?? '';
  const chosen = Number(/Chosen s = (\d+)/.exec(note)?.[1]);
  expect(chosen).toBeGreaterThanOrEqual(4);
  expect(chosen).toBeLessThanOrEqual(16);
  await expect(page.getByTestId('summary-Features kept (s)')).toHaveText(`${chosen} (chosen by knee-se)`);
  await expect(page.getByTestId('feature-name')).toHaveCount(chosen);
  await page.getByTestId('gap-chart').scrollIntoViewIfNeeded();
  await screenshot(page, 'results-example-gap');
});
