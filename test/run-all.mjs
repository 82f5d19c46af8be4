#!/usr/bin/env node
// The one quality gate behind `npm test`: checks (the CLI build, every type-check, ESLint), unit tests (Vitest),
// end-to-end tests (Playwright, web and Electron projects). Prints each runner's own output, then two lines:
//
//   checks: N passed, N failed
//   N passed, N failed[, N skipped]
//
// The last line is alone and last (CI greps it). How it counts:
// - Tests are counted as tests: `passed` counts only tests that ran and passed (Vitest and Playwright; a flaky
//   Playwright test that passed on retry counts as passed). A check is not a test, so a passed check adds nothing
//   to `passed`; it is reported on the `checks:` line only.
// - A failure of any kind is a failure: `failed` counts failed tests, plus each failed check (printed as
//   `FAILED: <check>`), plus each Vitest file that failed to load (no test of it ran), plus one for a runner that
//   exited non-zero without reporting a failed test or produced no report at all.
// - Every skip is counted: skipped and todo tests, the Electron specs when no Electron binary is present, and,
//   outside CI, every end-to-end test when Chromium is missing (counted by listing them, `playwright test
//   --list`). In CI a missing Chromium is a failed check as well.
// Exits non-zero when `failed` is not 0. Flags: --no-typecheck, --no-lint, --no-e2e (each says what it left out).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'reports');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const checks = { passed: 0, failed: 0 };
/** One line per failed test, printed again just above the totals so that the tail of a long log names them. */
const failures = [];
const firstLine = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- the terminal's colour codes (ESC [ … m) are what is removed
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '') ?? '';
const clip = (text, n = 220) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);
const args = new Set(process.argv.slice(2));

function run(label, command, commandArgs, env = {}, stdio = 'inherit') {
  console.log(`\n=== ${label}: ${[command, ...commandArgs].map((a) => a.replace(root + '/', '')).join(' ')}`);
  const result = spawnSync(command, commandArgs, { cwd: root, stdio, env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** A failure that is not a test's: it fails the run and counts in `failed`. */
function fail(reason) {
  totals.failed += 1;
  console.log(`FAILED: ${reason}`);
}

/** Runs a check; true when it passed. */
function check(label, command, commandArgs) {
  const status = run(label, command, commandArgs);
  if (status === 0) checks.passed += 1;
  else {
    checks.failed += 1;
    fail(label);
  }
  return status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Number of tests in a Playwright JSON report (specs nest in suites, each spec has one test per project). */
function countPlaywrightTests(report) {
  const walk = (suite) =>
    (suite.specs ?? []).reduce((n, spec) => n + (spec.tests ?? []).length, 0) +
    (suite.suites ?? []).reduce((n, child) => n + walk(child), 0);
  return (report.suites ?? []).reduce((n, suite) => n + walk(suite), 0);
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// 1. Checks: build the CLI (dist/) so the bin the tests spawn is current, type-check every tsconfig, lint.
const cliBuilt =
  check('build the skfr CLI', bin('tsc'), ['-p', 'tsconfig.cli.json']) &&
  check('bundle the skfr CLI (esbuild)', process.execPath, [join(root, 'build', 'cli-bundle.mjs')]);
if (!args.has('--no-typecheck')) {
  check('type-check core (platform-free)', bin('tsc'), ['-p', 'tsconfig.core.json', '--noEmit']);
  check('type-check node side (core, cli, bench, tests)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  if (existsSync(join(root, 'tsconfig.electron.json')))
    check('type-check electron main + preload', bin('tsc'), ['-p', 'tsconfig.electron.json', '--noEmit']);
  if (existsSync(join(root, 'tsconfig.web.json')))
    check('type-check renderer (vue-tsc)', bin('vue-tsc'), ['-p', 'tsconfig.web.json', '--noEmit']);
  if (existsSync(join(root, 'test/e2e/tsconfig.json')))
    check('type-check end-to-end specs', bin('tsc'), ['-p', 'test/e2e/tsconfig.json', '--noEmit']);
} else console.log('\n(type-checks left out: --no-typecheck)');
if (!args.has('--no-lint')) {
  check('lint (ESLint)', bin('eslint'), [
    '--max-warnings',
    '0',
    '--cache',
    '--cache-location',
    join(root, 'node_modules', '.cache', 'eslint') + '/',
    '.',
  ]);
  // No import cycles, type-only imports included (.dependency-cruiser.cjs says why ESLint's rule is not enough).
  check('import cycles (dependency-cruiser)', 'npm', ['run', '--silent', 'lint:cycles']);
} else console.log('\n(lint left out: --no-lint)');

// 2. Unit tests.
const vitestJson = join(reports, 'vitest.json');
// dist/ was just built: the test files that run the CLI must not rebuild it (test/cli/built-cli.ts), which they
// would do at once, in parallel, while others run it, should a source's time look newer than dist's.
const vitestStatus = run(
  'unit tests (Vitest)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  cliBuilt ? { SKFR_CLI_BUILT: '1' } : {},
);
const unit = readJson(vitestJson);
if (unit) {
  const failedTests = unit.numFailedTests ?? 0;
  totals.passed += unit.numPassedTests ?? 0;
  totals.failed += failedTests;
  totals.skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0);
  // A test file that failed to load has no tests counted: make it visible.
  const brokenSuites = (unit.testResults ?? []).filter((s) => s.status === 'failed' && (s.assertionResults ?? []).length === 0);
  for (const suite of brokenSuites) fail(`Vitest could not run ${String(suite.name).replace(root + '/', '')}`);
  for (const suite of unit.testResults ?? [])
    for (const test of suite.assertionResults ?? [])
      if (test.status === 'failed')
        failures.push(
          `${String(suite.name).replace(root + '/', '')} › ${test.fullName ?? test.title}: ${firstLine((test.failureMessages ?? [])[0])}`,
        );
  // Unhandled errors fail Vitest's run without failing a test.
  if (vitestStatus !== 0 && failedTests === 0 && brokenSuites.length === 0) fail(`Vitest exited with ${vitestStatus}`);
} else fail('Vitest produced no report');

// 3. End-to-end tests (Playwright): the web build in Debian's Chromium, and Electron when its binary exists.
if (args.has('--no-e2e')) console.log('\n(end-to-end tests left out: --no-e2e)');
else if (existsSync(join(root, 'playwright.config.ts'))) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    const reason = `Chromium not found at ${chromium} (install it: apt-get install -y chromium)`;
    // Not run, so counted as skipped, each of them: list them without running anything (no browser, no server).
    const listJson = join(reports, 'playwright-list.json');
    const listStatus = run(
      'list the end-to-end tests (Playwright)',
      bin('playwright'),
      ['test', '--list', '--reporter=json'],
      { PLAYWRIGHT_JSON_OUTPUT_FILE: listJson },
      ['ignore', 'ignore', 'inherit'],
    );
    const listed = listStatus === 0 ? readJson(listJson) : null;
    if (listed) {
      const count = countPlaywrightTests(listed);
      totals.skipped += count;
      console.log(`SKIPPED ${count} end-to-end tests: ${reason}`);
    } else fail(`could not list the end-to-end tests (playwright test --list exited with ${listStatus}); ${reason}`);
    if (process.env.CI) {
      checks.failed += 1;
      fail(`${reason}; CI requires it`);
    }
  } else {
    const pwJson = join(reports, 'playwright.json');
    const pwStatus = run('end-to-end tests (Playwright)', bin('playwright'), ['test'], {
      PLAYWRIGHT_JSON_OUTPUT_FILE: pwJson,
    });
    const e2e = readJson(pwJson);
    if (e2e?.stats) {
      totals.passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
      totals.failed += e2e.stats.unexpected ?? 0;
      totals.skipped += e2e.stats.skipped ?? 0;
      if (pwStatus !== 0 && !(e2e.stats.unexpected > 0)) fail(`Playwright exited with ${pwStatus}`);
      const walk = (suite, file) => {
        for (const spec of suite.specs ?? [])
          for (const test of spec.tests ?? [])
            if (test.status === 'unexpected') {
              const last = (test.results ?? []).at(-1);
              failures.push(`${spec.file ?? file} › ${spec.title}: ${firstLine(last?.error?.message)}`);
            }
        for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
      };
      for (const suite of e2e.suites ?? []) walk(suite, suite.file);
    } else fail('Playwright produced no report');
  }
}

console.log('');
if (failures.length > 0) {
  console.log(`failed tests (${failures.length}), each with the first line of its error:`);
  for (const line of failures.slice(0, 40)) console.log(`  - ${clip(line)}`);
  if (failures.length > 40) console.log(`  … and ${failures.length - 40} more (reports/vitest.json, reports/playwright.json)`);
}
console.log(`checks: ${checks.passed} passed, ${checks.failed} failed`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
