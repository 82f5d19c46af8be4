/**
 * Issue 4: "a preview grid (virtualised: 100 000 rows must scroll smoothly)". A 100 000-row CSV made here is
 * opened through the file input; the grid spans every row, fetches pages from the worker as they scroll into
 * view, reaches the last sample, and renders rows on demand: at every frame of the drag, only a screenful of
 * rows is in the page (what keeps it smooth on any machine). The main thread's long tasks are printed, not
 * asserted: their length depends on the machine's load (issue 26: one of 104 ms on a busy 2-core machine).
 */
import { expect, longTasks, mappingLine, openFile, screenshot, test, watchLongTasks } from './fixtures';

const N = 100_000;

/** sample, 8 protein-like columns (every 13th cell of P3 missing), class — about 6 MB. */
function bigCsv(): Buffer {
  const lines = ['sample,P1_N,P2_N,P3_N,P4_N,P5_N,P6_N,P7_N,P8_N,class'];
  for (let i = 0; i < N; i++) {
    const c = i % 4;
    const cells = [`S${String(i + 1).padStart(6, '0')}`];
    for (let f = 1; f <= 8; f++) cells.push(f === 3 && i % 13 === 0 ? '' : ((c + 1) * f + ((i * 7919 + f * 104729) % 1000) / 1000).toFixed(3));
    cells.push(`C${c + 1}`);
    lines.push(cells.join(','));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

test('100 000-row preview: scroll to the last sample, rows rendered on demand', async ({ page }) => {
  await page.goto('/');
  await openFile(page, { name: 'hundred-thousand.csv', mimeType: 'text/csv', buffer: bigCsv() });
  await expect(page.getByTestId('import-screen')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('import-screen')).toContainText('100 000 rows');
  await expect.poll(() => mappingLine(page), { timeout: 60_000 }).toMatch(/^100 000 samples × 8 features/);

  const grid = page.getByTestId('preview-grid');
  await expect(grid).toHaveAttribute('aria-rowcount', String(N + 1));
  await expect(grid).toContainText('S000001');

  expect(await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('longtask'))).toBe(true);
  await watchLongTasks(page);
  const t0 = Date.now();
  // A wheel scroll over the first rows past the preview (rows load as they come into view)…
  await grid.hover();
  for (let k = 0; k < 12; k++) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(30);
  }
  const top = Math.floor((await grid.evaluate((el) => el.scrollTop)) / 26) + 3;
  expect(top).toBeGreaterThan(120); // past the 100 rows that came with the open result
  await expect(grid.locator(`[data-testid=grid-row][aria-rowindex="${top + 2}"]`)).toContainText(`S${String(top + 1).padStart(6, '0')}`);
  await expect(grid.locator('[data-testid=grid-row][aria-busy=true]')).toHaveCount(0);
  // …then a drag of the scrollbar through the whole table, one position per frame, to the end.
  const mostRows = await grid.evaluate(async (el) => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
    const steps = 60;
    let most = 0;
    for (let k = 1; k <= steps; k++) {
      el.scrollTop = ((el.scrollHeight - el.clientHeight) * k) / steps;
      await frame();
      most = Math.max(most, el.querySelectorAll('[data-testid=grid-row]').length);
    }
    return most;
  });
  // Virtualised: a screenful and its margins (the grid is ~600 px of 26 px rows), never the 100 000 rows.
  expect(mostRows).toBeGreaterThan(0);
  expect(mostRows).toBeLessThan(200);
  const last = grid.locator('[data-testid=grid-row][aria-rowindex="100001"]');
  await expect(last).toContainText(`S${N}`);
  await grid.evaluate((el) => (el.scrollLeft = el.scrollWidth)); // the class column, far right
  await expect(last).toContainText('C4');
  await expect(grid.locator('[data-testid=grid-row][aria-busy=true]')).toHaveCount(0);
  const seconds = (Date.now() - t0) / 1000;

  const tasks = await longTasks(page);
  console.log(`scroll of ${N} rows: ${seconds.toFixed(1)} s, long tasks (ms): ${tasks.map((d) => d.toFixed(0)).join(', ') || 'none'}`);
  await screenshot(page, 'import-100k-rows-end');
});
