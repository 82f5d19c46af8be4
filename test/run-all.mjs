#!/usr/bin/env node
// The one quality gate behind `npm test`: type-checks, unit tests (Vitest), end-to-end tests (Playwright, web and
// Electron projects). Prints each runner's own output, then the totals as one line alone: `N passed, N failed`
// (CI reads only that line). Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'reports');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const args = new Set(process.argv.slice(2));

function run(label, command, commandArgs, env = {}) {
  console.log(`\n=== ${label}: ${[command, ...commandArgs].map((a) => a.replace(root + '/', '')).join(' ')}`);
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function check(label, command, commandArgs) {
  const status = run(label, command, commandArgs);
  if (status === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    console.log(`FAILED: ${label}`);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// 1. Build the CLI (dist/) so the bin the tests spawn is current, and type-check every tsconfig.
check('build the skfr CLI', bin('tsc'), ['-p', 'tsconfig.cli.json']);
if (!args.has('--no-typecheck')) {
  check('type-check core (platform-free)', bin('tsc'), ['-p', 'tsconfig.core.json', '--noEmit']);
  check('type-check node side (core, cli, bench, tests)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  if (existsSync(join(root, 'tsconfig.electron.json')))
    check('type-check electron main + preload', bin('tsc'), ['-p', 'tsconfig.electron.json', '--noEmit']);
  if (existsSync(join(root, 'tsconfig.web.json')))
    check('type-check renderer (vue-tsc)', bin('vue-tsc'), ['-p', 'tsconfig.web.json', '--noEmit']);
  if (existsSync(join(root, 'test/e2e/tsconfig.json')))
    check('type-check end-to-end specs', bin('tsc'), ['-p', 'test/e2e/tsconfig.json', '--noEmit']);
}

// 2. Unit tests.
const vitestJson = join(reports, 'vitest.json');
const vitestStatus = run('unit tests (Vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const unit = readJson(vitestJson);
if (unit) {
  totals.passed += unit.numPassedTests ?? 0;
  totals.failed += unit.numFailedTests ?? 0;
  totals.skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0);
  // A suite that failed to load has no tests counted: make it visible.
  const brokenSuites = (unit.testResults ?? []).filter((s) => s.status === 'failed' && (s.assertionResults ?? []).length === 0);
  totals.failed += brokenSuites.length;
} else if (vitestStatus !== 0 || !unit) {
  totals.failed += 1;
  console.log('FAILED: Vitest produced no report');
}

// 3. End-to-end tests (Playwright): the web build in Debian's Chromium, and Electron when its binary exists.
if (!args.has('--no-e2e') && existsSync(join(root, 'playwright.config.ts'))) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    const reason = `Chromium not found at ${chromium} (install it: apt-get install -y chromium)`;
    if (process.env.CI) {
      totals.failed += 1;
      console.log(`FAILED: ${reason}`);
    } else {
      console.log(`SKIPPED end-to-end tests: ${reason}`);
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
      if (pwStatus !== 0 && !(e2e.stats.unexpected > 0)) {
        totals.failed += 1;
        console.log(`FAILED: Playwright exited with ${pwStatus}`);
      }
    } else {
      totals.failed += 1;
      console.log('FAILED: Playwright produced no report');
    }
  }
}

console.log('');
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
