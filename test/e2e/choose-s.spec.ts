/**
 * Issue 13 on the screen. (1) The mouse CSV with "choose s for me" over the whole range 1..77 (the form's
 * default; 5 permutations to keep it fast): every rule's choice is marked on the gap curve, the fitted one is
 * named (knee-se), the flags are said beside the chart; a click on another rule's marker fits at its s, the
 * curve stays, and a "Use s = …" button goes back. (2) The example (sparse design) with the stability switch,
 * B = 20: the ranked list shows "Selected in" bars, the stability panel the mean ARI and the least consistent
 * samples. (3) "choose k for me" on the example: the gap over k with the silhouette and every k rule.
 * Screenshots: test-results/configure-choose-s.png, gap-rules.png, gap-refit.png, stability.png,
 * stability-panel.png, k-curve.png.
 */
import type { Page } from '@playwright/test';
import { expect, mapMice, mappingLine, screenshot, setField, test } from './fixtures';

const ALL_RULES = ['knee-se', 'tibshirani', 'argmax', 'within-sd-of-max', 'knee'];

interface Marker {
  s: number;
  rules: string[];
  fitted: boolean;
  x: number;
  y: number;
}

async function markers(page: Page): Promise<Marker[]> {
  return page.getByTestId('gap-marker').evaluateAll((items) =>
    items.map((el) => {
      const d = (el as HTMLElement).dataset;
      return { s: Number(d.s), rules: (d.rules ?? '').split(','), fitted: d.fitted === 'true', x: Number(d.x), y: Number(d.y) };
    }),
  );
}

test('mouse CSV: choose s over 1..77, every rule marked, the fitted one named; a click on another rule fits at its s', async ({ page }) => {
  await mapMice(page);
  await page.getByTestId('to-configure').click();
  await setField(page, 'k', '8');
  await page.getByTestId('s-mode-tune').check();
  // The whole range by default, the recommended rule chosen.
  await expect(page.getByTestId('field-tune-from')).toHaveValue('1');
  await expect(page.getByTestId('field-tune-to')).toHaveValue('77');
  await expect(page.getByTestId('s-rule-knee-se')).toBeChecked();
  await expect(page.getByTestId('s-rule')).toContainText('knee-se (recommended)');
  await setField(page, 'permutations', '5');
  await page.getByTestId('class-column').selectOption('class');
  await page.getByTestId('s-rule').scrollIntoViewIfNeeded();
  await screenshot(page, 'configure-choose-s');
  await page.getByTestId('run-button').click();

  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 170_000 });
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await expect(page.getByTestId('gap-chart')).toHaveAttribute('data-ready', 'true');
  const note = (await page.getByTestId('gap-note').textContent()) ?? '';
  expect(note).toMatch(/Chosen s = \d+ by the knee-se rule \(recommended\)\./);
  expect(note).not.toContain('largest gap');
  const chosen = Number(/Chosen s = (\d+)/.exec(note)![1]);
  // Issue 13's acceptance: on the whole mouse data the default rule keeps fewer than 40 proteins.
  expect(chosen).toBeLessThan(40);
  await expect(page.getByTestId('summary-Features kept (s)')).toHaveText(`${chosen} (chosen by knee-se)`);
  await expect(page.getByTestId('feature-name')).toHaveCount(chosen);

  // Every rule is marked on the curve; the fitted marker holds knee-se at the chosen s.
  await expect.poll(async () => (await markers(page)).length).toBeGreaterThan(0);
  const marked = await markers(page);
  expect(marked.flatMap((m) => m.rules).sort()).toEqual([...ALL_RULES].sort());
  const fitted = marked.filter((m) => m.fitted);
  expect(fitted).toHaveLength(1);
  expect(fitted[0]!.s).toBe(chosen);
  expect(fitted[0]!.rules).toContain('knee-se');
  // One "Use s = …" button per other choice.
  await expect(page.getByTestId('use-s')).toHaveCount(marked.length - 1);
  await page.getByTestId('gap-panel').scrollIntoViewIfNeeded();
  await screenshot(page, 'gap-rules');

  // A click on another rule's marker (on the canvas) fits at its s: a plain fit, same settings.
  const other = marked.filter((m) => !m.fitted).sort((a, b) => a.s - b.s)[0]!;
  const box = (await page.getByTestId('gap-chart').locator('.chart-box').boundingBox())!;
  await page.mouse.click(box.x + other.x, box.y + other.y);
  await expect(page.getByTestId('summary-Features kept (s)')).toHaveText(`${other.s} (${other.rules[0]}’s choice)`, { timeout: 280_000 });
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await expect(page.getByTestId('feature-name')).toHaveCount(other.s);
  // The curve of the tuning stays, the new s highlighted, the tuning's choice still named.
  await expect(page.getByTestId('gap-note')).toHaveText(
    `Fitted s = ${other.s}, the choice of ${other.rules[0]}; the tuning run chose s = ${chosen} by knee-se.`,
  );
  await expect.poll(async () => (await markers(page)).find((m) => m.fitted)?.s).toBe(other.s);
  await expect(page.getByTestId('reproduce')).toContainText(`--s ${other.s}`);
  await page.getByTestId('gap-panel').scrollIntoViewIfNeeded();
  await screenshot(page, 'gap-refit');

  // And back to the recommended choice with its button.
  await page.locator(`[data-testid=use-s][data-s="${chosen}"]`).click();
  await expect(page.getByTestId('summary-Features kept (s)')).toHaveText(`${chosen} (knee-se’s choice)`, { timeout: 280_000 });
  await expect(page.getByTestId('gap-note')).toHaveText(`Chosen s = ${chosen} by the knee-se rule (recommended).`);
});

test('example with stability (B = 20): "Selected in" bars, unstable proteins marked, mean ARI and sample consistency', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('try-example').click();
  await expect.poll(() => mappingLine(page)).toMatch(/^400 samples × 50 features, 0 missing cells$/);
  await page.getByTestId('to-configure').click();
  await setField(page, 'k', '10');
  await setField(page, 's', '12');
  await setField(page, 'restarts', '10');
  await page.getByTestId('stability').check();
  await expect(page.getByTestId('field-subsamples')).toHaveValue('50');
  await expect(page.getByTestId('stability-switch')).toContainText('20–200');
  await setField(page, 'subsamples', '20');
  await page.getByTestId('run-button').click();

  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 170_000 });
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await expect(page.getByTestId('frequency-header')).toHaveText('Selected in');
  const values = (await page.getByTestId('frequency-value').allTextContents()).map((t) => Number(t.replace(/\s*%$/, '')));
  expect(values).toHaveLength(12);
  for (const v of values) {
    expect(v).toBeGreaterThanOrEqual(0);
    expect(v).toBeLessThanOrEqual(100);
  }
  // The sparse design has 10 informative features of 50: those are selected in (nearly) every subsample fit.
  expect(values.filter((v) => v >= 90).length).toBeGreaterThanOrEqual(10);
  // Every selected protein chosen in fewer than half of the subsample fits is tagged (s = 12 > 10 informative:
  // the extra, noise proteins are the candidates).
  const unstable = await page.getByTestId('unstable-tag').count();
  expect(unstable).toBe(values.filter((v) => v < 50).length);
  if (unstable > 0) await expect(page.getByTestId('unstable-tag').first()).toHaveAttribute('title', /fewer than half of the subsample fits/);
  const bar = page.getByTestId('frequency-bar').first();
  await expect(bar).toHaveAttribute('aria-valuenow', String(values[0]));
  await expect(page.getByTestId('stability-ari')).toContainText(/Subsample fits agree with the full fit: mean ARI \d\.\d\d over 20 fits\./);
  await expect(page.getByTestId('summary-Stability')).toHaveText(/^mean ARI \d\.\d\d over 20 subsample fits$/);
  await expect(page.getByTestId('stability-chart')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('consistency-row')).toHaveCount(10);
  await page.getByTestId('feature-panel').scrollIntoViewIfNeeded();
  await screenshot(page, 'stability');
  await page.getByTestId('stability-panel').scrollIntoViewIfNeeded();
  await screenshot(page, 'stability-panel');
});

test('example: choose k for me draws the gap over k with the silhouette and every k rule', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('try-example').click();
  await expect.poll(() => mappingLine(page)).toMatch(/^400 samples × 50 features, 0 missing cells$/);
  await page.getByTestId('to-configure').click();
  await page.getByTestId('k-mode-tune').check();
  await expect(page.getByTestId('field-k')).toHaveCount(0);
  await expect(page.getByTestId('field-k-from')).toHaveValue('2');
  await expect(page.getByTestId('field-k-to')).toHaveValue('15');
  await setField(page, 'k-from', '6');
  await setField(page, 'k-to', '13');
  await setField(page, 's', '10');
  await setField(page, 'permutations', '3');
  await setField(page, 'restarts', '5');
  await page.getByTestId('run-button').click();

  await expect(page.getByTestId('results-screen')).toBeVisible({ timeout: 170_000 });
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await expect(page.getByTestId('k-chart')).toHaveAttribute('data-ready', 'true');
  const k = Number(/^(\d+) \(chosen by tibshirani\)$/.exec((await page.getByTestId('summary-Clusters (k)').textContent()) ?? '')?.[1]);
  expect(k).toBeGreaterThanOrEqual(6);
  expect(k).toBeLessThanOrEqual(13);
  await expect(page.getByTestId('k-note')).toContainText(`Fitted k = ${k}, chosen by tibshirani.`);
  await expect(page.locator('[data-testid=k-panel] .rule-lines li')).toHaveCount(5);
  await expect(page.getByTestId('gap-chart')).toHaveCount(0);
  await page.getByTestId('k-panel').scrollIntoViewIfNeeded();
  await screenshot(page, 'k-curve');
});
