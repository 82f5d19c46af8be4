/**
 * Issue 26 in the browser build: a MaxQuant table whose sample B2 holds “n.d.” in 24 of its 40 rows keeps all six
 * samples, and the Import screen says how many cells were read as missing values, and why.
 */
import { expect, mappingLine, openFile, screenshot, test } from './fixtures';

function proteinGroups(): Buffer {
  const samples = ['A1', 'A2', 'A3', 'B1', 'B2', 'B3'];
  const lines = [['Protein IDs', 'Gene names', ...samples.map((s) => `LFQ intensity ${s}`)].join('\t')];
  for (let r = 0; r < 40; r++) {
    const values = samples.map((s, j) => (s === 'B2' && r < 24 ? 'n.d.' : String(Math.round(10 ** (6 + ((r * 7 + j * 3) % 20) / 10)))));
    lines.push([`P${r}`, `G${r}`, ...values].join('\t'));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

test('n.d. in a sample column: six samples, and the warning that counts the n.d.', async ({ page }) => {
  await page.goto('/');
  await openFile(page, { name: 'proteinGroups.txt', mimeType: 'text/plain', buffer: proteinGroups() });
  await expect(page.getByTestId('import-screen')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => mappingLine(page), { timeout: 60_000 }).toMatch(/^6 samples × /);
  await expect(page.getByTestId('mapping-warnings')).toContainText(
    'Sample column “LFQ intensity B2” has 24 cells marked not measured (“n.d.” ×24); read as missing values.',
  );
  await screenshot(page, 'import-lab-tokens');
});
