/**
 * End-to-end tests. Project 'web': the browser build (vite.web.config.ts) served by `vite preview` and driven in
 * Debian's Chromium (never `npx playwright install`). Project 'electron': the desktop shell's specs, which skip
 * themselves when the Electron binary is absent.
 * Screenshots are written by the tests under test-results/; Playwright's own artifacts go to test-results/artifacts
 * (which it empties at start), so the screenshots of a run are kept beside the JSON report.
 */
import { defineConfig } from '@playwright/test';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The preview server's port: SKFR_E2E_PORT when 4173 is taken (several checkouts testing on one machine). */
const port = Number(process.env.SKFR_E2E_PORT ?? 4173);

export default defineConfig({
  outputDir: 'test-results/artifacts',
  timeout: 180_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? 'test-results/playwright.json' }],
  ],
  webServer: {
    command:
      `npm run build:web && npx vite preview --config vite.web.config.ts --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
  projects: [
    {
      name: 'web',
      testDir: 'test/e2e',
      use: {
        baseURL: `http://127.0.0.1:${port}/`,
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        acceptDownloads: true,
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
    {
      name: 'electron',
      testDir: 'test/e2e-electron',
    },
  ],
});
