/**
 * Issue 26, "cancellation everywhere": a cancel takes effect during every long phase — reading, preparation,
 * fit, tuning, stability, projection (issue-26.test.ts case 7), report and session writing. No clock: each test
 * turns the signal aborted from inside the phase (at one of its work units: a chunk, a step, a restart, a
 * permutation, a subsample, an output) and asserts that the phase looked at the signal once more at most before
 * it stopped (`looksAfter`: the next look throws), that no later unit ran (`after`: no progress or chunk after
 * the abort), and that the outcome is 'cancelled' with nothing produced. How soon that is in milliseconds is
 * the work unit's length: bench:projection prints it for the projection, the engine's units are one iteration.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAnalysisAsync } from '../../core/analysis.js';
import type { Progress } from '../../core/engine/types.js';
import { SkfrError } from '../../core/errors.js';
import { exampleFile } from '../../core/jobs/datasets.js';
import { createSession } from '../../core/jobs/session.js';
import type { FileIO, FitSettings, JobResponse } from '../../core/jobs/types.js';
import { withFile, type ChunkBuffers } from '../../core/table/stream.js';
import { prepare } from '../../core/prepare/index.js';
import { parseTable } from '../../core/table/parse.js';
import type { MappedData } from '../../core/table/types.js';
import { main, nodeIO } from '../../cli/main.js';
import type { OutputWriter } from '../../cli/main.js';
import type { CancelSignal } from '../../node/cancel.js';
import { nodeFileIO } from '../../node/file-io.js';
import { tempDir } from '../cli/helpers.js';

const { dir, cleanup } = tempDir('skfr-cancel-phases-');
afterAll(cleanup);

/**
 * A signal armed from inside a phase: `arm()` turns it aborted; afterwards every look at `aborted` is counted
 * (`looksAfter`), and so is every later work unit the test sees (`after`).
 */
function armedSignal() {
  const state = { armed: false, looksAfter: 0, after: 0 };
  const signal = {
    get aborted() {
      if (state.armed) state.looksAfter++;
      return state.armed;
    },
  };
  return { signal, state, arm: () => void (state.armed = true) };
}

async function cancelledOf(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    if (error instanceof SkfrError) return error.code;
    throw error;
  }
  return 'finished';
}

/** The simulated example panel (the app's "Try an example": 400 samples), prepared. */
function examplePanel(): MappedData {
  const example = exampleFile('sparse', 1);
  return prepare(parseTable(example.bytes, example.fileName), example.mapping);
}

const settings: FitSettings = { k: 3, s: 10, variant: 'global', loss: 'squared', restarts: 20, seed: 1, maxIterations: 100 };

/** runAnalysisAsync with the signal armed at the first progress `at` accepts; the outcome and the counts. */
async function cancelAt(at: (p: Progress) => boolean, asked: FitSettings) {
  const { signal, state, arm } = armedSignal();
  const onProgress = (p: Progress) => {
    if (state.armed) state.after++;
    else if (at(p)) arm();
  };
  const outcome = await cancelledOf(runAnalysisAsync(examplePanel(), asked, { onProgress, signal }));
  return { outcome, armed: state.armed, looksAfter: state.looksAfter, after: state.after };
}

describe('a cancel is heard in every phase, at its next work unit', () => {
  it('reading: the chunked reader looks between chunks; the next chunk is never asked for', async () => {
    const lines = ['id,a,b'];
    for (let i = 0; i < 2000; i++) lines.push(`s${i},${i},${i * 2}`);
    const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
    const { parseTableChunks } = await import('../../core/table/stream.js');
    for (const pass of [1, 2]) {
      const { signal, state, arm } = armedSignal();
      let iterations = 0;
      // 1 000-byte chunks; armed as the 5th chunk of the first pass (or of the second) is handed over
      const source = async function* () {
        iterations++;
        let chunks = 0;
        for (let at = 0; at < bytes.length; at += 1000) {
          if (state.armed) state.after++;
          if (iterations === pass && ++chunks === 5) arm();
          yield bytes.subarray(at, at + 1000);
        }
      };
      expect(await cancelledOf(parseTableChunks(source, 'big.csv', { signal }))).toBe('cancelled');
      expect([iterations, state.looksAfter, state.after]).toEqual([pass, 1, 0]);
    }
  });

  it("reading in the app ('open'): the cancelled outcome, and no dataset kept", async () => {
    const path = join(dir, 'open.csv');
    const lines = ['id,a,b'];
    for (let i = 0; i < 50_000; i++) lines.push(`s${i},${i},${i * 2}`);
    writeFileSync(path, lines.join('\n') + '\n');
    const { signal, arm, state } = armedSignal();
    let seen = 0;
    // The host's chunks of the file, the signal armed as the first of them is handed over.
    const io: FileIO = {
      ...nodeFileIO,
      async openChunks(p: string) {
        const opened = await nodeFileIO.openChunks!(p);
        if (!opened) return null;
        const chunks = withFile(async function* (into?: ChunkBuffers) {
          for await (const chunk of opened.chunks(into)) {
            if (state.armed) state.after++;
            if (++seen === 1) arm();
            yield chunk;
          }
        }, opened.chunks);
        return { ...opened, chunks };
      },
    };
    const session = createSession(io);
    const response = await session.runJob({ type: 'open', source: { kind: 'path', path }, datasetId: 'd1' }, { signal });
    expect(response.ok ? 'ok' : response.error.code).toBe('cancelled');
    expect([state.looksAfter, state.after]).toEqual([1, 0]);
    const rows = await session.runJob({ type: 'rows', datasetId: 'd1', start: 0, count: 1 });
    expect(rows.ok ? 'ok' : rows.error.code).not.toBe('ok');
  });

  it('preparation: the signal is looked at after the mapping and before each step, and the first look that sees it stops', () => {
    const example = exampleFile('sparse', 1);
    const table = parseTable(example.bytes, example.fileName);
    const recipe = { steps: [{ kind: 'zeros-missing' as const }, { kind: 'normalize' as const, method: 'median' as const }, { kind: 'scale' as const, method: 'unit-variance' as const }] };
    // Not aborted: one look after the mapping, one before each of the 3 steps, one before the last check.
    let looks = 0;
    prepare(table, example.mapping, recipe, { signal: { get aborted() { return (looks++, false); } } });
    expect(looks).toBe(5);
    // Aborted at the second look (before the first step): nothing more is looked at or done.
    for (const at of [1, 2, 4]) {
      let n = 0;
      const signal = { get aborted() { return ++n >= at; } };
      expect(() => prepare(table, example.mapping, recipe, { signal })).toThrowError(/cancelled/);
      expect(n).toBe(at);
    }
  });

  it("preparation in the app ('map'): cancelled, and the next map is prepared afresh", async () => {
    const example = exampleFile('sparse', 1);
    const session = createSession();
    const opened = await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: example.fileName, bytes: example.bytes } });
    if (!opened.ok) throw new Error(opened.error.message);
    const request = { type: 'map' as const, datasetId: opened.result.datasetId, mapping: example.mapping, recipe: { steps: [{ kind: 'normalize' as const, method: 'median' as const }] } };
    // (look 1: the job's start; look 2: prepare's, once the mapping is made)
    let looks = 0;
    const cancelled = await session.runJob(request, { signal: { get aborted() { return ++looks >= 2; } } });
    expect(cancelled.ok ? 'ok' : cancelled.error.code).toBe('cancelled');
    expect(looks).toBe(2);
    const again: JobResponse<'map'> = await session.runJob(request);
    expect(again.ok && again.result.n).toBe(400);
  });

  it('fit: armed at the first restart’s fitting, the next look stops it; no later restart starts', async () => {
    const r = await cancelAt((p) => p.stage === 'fitting', settings);
    expect(r).toEqual({ outcome: 'cancelled', armed: true, looksAfter: 1, after: 0 });
  });

  it('tuning of s: armed at the first permutation, the next look stops it; no later s or permutation runs', async () => {
    const r = await cancelAt((p) => p.stage === 'tuning', { ...settings, s: undefined, tune: { from: 1, to: 30, permutations: 5 } });
    expect(r).toEqual({ outcome: 'cancelled', armed: true, looksAfter: 1, after: 0 });
  });

  it('stability: armed once the first subsample fit is done, the next look stops it; no later subsample runs', async () => {
    const r = await cancelAt((p) => p.message === 'stability', { ...settings, stability: { subsamples: 20 } });
    expect(r).toEqual({ outcome: 'cancelled', armed: true, looksAfter: 1, after: 0 });
  });

  it('report and session writing (skfr cluster): Ctrl+C while the first output is staged; no later output is made, none written', async () => {
    const example = exampleFile('sparse', 1);
    const data = join(dir, 'panel.csv');
    writeFileSync(data, example.bytes);
    const out = join(dir, 'out');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(out);
    let interrupt: ((signal?: CancelSignal) => void) | null = null;
    const staged: string[] = [];
    const real = nodeIO().createOutputSet!();
    const writer: OutputWriter = {
      async stage(path, content) {
        staged.push(path);
        await real.stage(path, content);
        interrupt?.('SIGINT'); // Ctrl+C, heard once the first output's bytes are on their way
      },
      commit: () => real.commit(),
      abort: () => real.abort(),
      cancel: (signal) => real.cancel(signal),
    };
    let stderr = '';
    const io = {
      ...nodeIO(),
      stdout: () => {},
      stderr: (t: string) => void (stderr += t),
      isTTY: false,
      createOutputSet: () => writer,
      onInterrupt(handler: (signal?: CancelSignal) => void) {
        interrupt = handler;
        return () => void (interrupt = null);
      },
    };
    const outputs = ['--out', join(out, 'samples.csv'), '--save-session', join(out, 'run.skfr'), '--report', join(out, 'report.html'), '--features-out', join(out, 'features.csv')];
    const code = await main(['cluster', data, '--id-column', 'sample', '--class-column', 'class', '--k', '3', '--s', '10', '--workers', '1', ...outputs], io);
    expect(code).toBe(130);
    expect(stderr).toBe('error: cancelled (Ctrl+C); nothing was written.\n');
    // The samples CSV was staged; the session, the report and the features were never made.
    expect(staged).toEqual([join(out, 'samples.csv')]);
    expect(readdirSync(out)).toEqual([]);
    expect(existsSync(join(out, 'run.skfr'))).toBe(false);
  });

  it("an export in the app ('export'): made, then the cancel is seen before the write; no file", async () => {
    const example = exampleFile('sparse', 1);
    const session = createSession(nodeFileIO);
    const opened = await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: example.fileName, bytes: example.bytes } });
    if (!opened.ok) throw new Error(opened.error.message);
    const fitted = await session.runJob({ type: 'fit', datasetId: opened.result.datasetId, mapping: example.mapping, settings, classColumn: 'class' });
    if (!fitted.ok) throw new Error(fitted.error.message);
    const path = join(dir, 'report.html');
    let looks = 0;
    const response = await session.runJob({ type: 'export', fitId: fitted.result.fitId, what: 'report', format: 'html', path }, { signal: { get aborted() { return ++looks >= 2; } } });
    expect(response.ok ? 'ok' : response.error.code).toBe('cancelled');
    expect(existsSync(path)).toBe(false);
  });
});
