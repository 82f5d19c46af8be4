/**
 * Issue 16 at the desktop shell's IPC boundary (registerIpc on a fake ipcMain, as ipc.test.ts): a saved analysis
 * is read by path only when the user chose it; once read, its input (found by the compute process at a path the
 * file records) may be opened and the .skfr joins the recent files; "Save analysis…" checks the text as a session
 * file, writes it where the save dialog points with the input's path relative to it, and nothing else.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSession, sessionText, type SessionFile } from '../../core/jobs/session-file.js';
import type { JobRequest } from '../../core/jobs/types.js';
import { withInputBeside } from '../../electron/ipc.js';
import { IPC, IPC_EVENTS, validatePayload } from '../../electron/ipc-channels.js';
import { fakeIpc } from './fake-ipc.js';

const dir = mkdtempSync(join(tmpdir(), 'skfr-session-ipc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A tiny analysis of /data/study/mice.csv. */
function saved(): SessionFile {
  const view = {
    fitId: 'f', datasetId: 'd', fileName: 'mice.csv', n: 2, p: 1, k: 2, s: 1, sampleIds: ['a', 'b'], clusters: Int32Array.of(1, 2), clusterSizes: [1, 1],
    featureNames: ['F'], ranking: [{ index: 0, name: 'F', score: 1, share: 1, selected: true }], selected: [0], selectedByCluster: null,
    means: Float64Array.of(-1, 1), originalMeans: Float64Array.of(1, 2), distances: Float64Array.of(0, 0), objective: 0, totalSS: 2, betweenSS: 2,
    iterations: 1, converged: true, imputedCells: 0, zeroVarianceFeatures: [], projection: { x: Float64Array.of(0, 1), y: Float64Array.of(0, 0), explained: [1, 0] as [number, number] },
    annotations: {}, featureAnnotations: {}, preparation: [], recipe: { steps: [] }, format: 'table' as const, quantity: null, metrics: null, warnings: [],
    command: 'skfr cluster mice.csv', gap: null, timings: { parseMs: 1, fitMs: 1 },
    settings: { k: 2, s: 1, variant: 'global' as const, loss: 'squared' as const, restarts: 1, seed: 1, maxIterations: 10 },
  };
  return buildSession({
    opened: { fileName: 'mice.csv', sha256: 'b'.repeat(64), format: 'csv', sheet: 'mice.csv', headerRow: 1, size: 9 },
    absolutePath: '/data/study/mice.csv',
    request: { mapping: { orientation: 'samples-as-rows', idColumn: null, annotationColumns: [], featureColumns: null, filters: [] }, recipe: { steps: [] }, settings: view.settings, classColumn: null },
    view,
    savedBy: 'test',
  });
}

/** registerIpc on a fake ipcMain (fake-ipc.ts); the Open dialog chooses run.skfr, the save dialog `savePath`. */
function setup(savePath: string | null) {
  const asked: string[] = [];
  const dialogs = {
    chooseFile: async () => '/data/study/runs/run.skfr',
    chooseSavePath: async (name: string) => {
      asked.push(name);
      return savePath;
    },
  };
  const result = (request: JobRequest) =>
    request.type === 'session' ? { session: saved(), fileName: 'run.skfr', path: '/data/study/runs/run.skfr', inputPath: '/data/study/mice.csv' } : { closed: true };
  const ipc = fakeIpc({ dialogs, result });
  return { ...ipc, recent: ipc.added, asked };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('a saved analysis read through IPC', () => {
  it('only when the user chose the .skfr; then its input may be opened and the .skfr is a recent file', async () => {
    const s = setup(null);
    const read = { type: 'session', source: { kind: 'path', path: '/data/study/runs/run.skfr' } };
    s.listeners.get(IPC.job)!(s.event(), { kind: 'run', id: 'r-1', request: read });
    expect(s.runs).toEqual([]);
    expect(s.sent[0]![1]).toMatchObject({ kind: 'rejected', id: 'r-1', error: { code: 'invalid-request', message: expect.stringContaining('was not chosen by you') } });
    await s.handlers.get(IPC.openDialog)!(s.event());
    expect(s.access.isAllowed('/data/study/mice.csv')).toBe(false);
    s.listeners.get(IPC.job)!(s.event(), { kind: 'run', id: 'r-2', request: read });
    await tick();
    expect(s.runs).toEqual([read]);
    expect(s.access.isAllowed('/data/study/mice.csv')).toBe(true);
    expect(s.recent).toEqual(['/data/study/runs/run.skfr']);
    // a restore names no fit id of its own
    s.listeners.get(IPC.job)!(s.event(), { kind: 'run', id: 'r-3', request: { type: 'restore', datasetId: 'd', mapping: saved().mapping, settings: saved().settings, result: saved().result, fitId: 'mine' } });
    expect(s.runs).toHaveLength(1);
  });
});

describe('Save analysis… through IPC', () => {
  it('writes the checked session where the dialog points, the input relative to it', async () => {
    const target = join(dir, 'run.skfr');
    const s = setup(target);
    const answer = await s.handlers.get(IPC.saveSession)!(s.event(), { text: sessionText(saved()), suggestedName: 'mice_SKFR1_k2_s1.skfr' });
    expect(answer).toEqual({ savedAs: target });
    expect(s.asked).toEqual(['mice_SKFR1_k2_s1.skfr']);
    const written = JSON.parse(readFileSync(target, 'utf8'));
    expect(written.input.absolutePath).toBe('/data/study/mice.csv');
    expect(written.input.path).toBe(withInputBeside(saved(), target).input.path);
    expect(written.result.clusters).toEqual([1, 2]);
    expect(s.recent).toEqual([target]);
  });

  it('refuses text that is not a session (nothing asked, nothing written); a cancelled dialog writes nothing', async () => {
    const s = setup(join(dir, 'never.skfr'));
    expect(await s.handlers.get(IPC.saveSession)!(s.event(), { text: '{"x":1}', suggestedName: 'a.skfr' })).toEqual({
      error: { code: 'invalid-session', message: 'This file is not an SKFR Studio analysis (.skfr) file: open it as data, or choose the .skfr file saved with “Save analysis”.' },
    });
    expect(s.asked).toEqual([]);
    const cancelled = setup(null);
    expect(await cancelled.handlers.get(IPC.saveSession)!(cancelled.event(), { text: sessionText(saved()), suggestedName: 'a.skfr' })).toBeNull();
    expect(() => validatePayload(IPC.saveSession, [{ text: 'x', suggestedName: '../a.skfr' }])).toThrow(/suggestedName/);
    expect(IPC_EVENTS.jobEvent).toBe('skfr:job-event');
  });

  it('withInputBeside: relative to the session file’s folder, "/"-separated; absolute when unknown', () => {
    expect(withInputBeside(saved(), '/data/study/runs/run.skfr').input.path).toBe('../mice.csv');
    expect(withInputBeside(saved(), '/data/study/run.skfr').input.path).toBe('mice.csv');
    const browser = { ...saved(), input: { ...saved().input, absolutePath: null } };
    expect(withInputBeside(browser, '/x/run.skfr').input.path).toBeNull();
  });
});
