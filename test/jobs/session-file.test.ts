/**
 * Issue 16: the `.skfr` session file (core/jobs/session-file.ts) — a round trip of a real fit (text → parse → the
 * same FitView), NaN and infinities through JSON, one sentence for each way a file can be wrong; the jobs' side:
 * 'session' reads a file and finds its input beside it, 'restore' shows the saved results on the reopened data
 * without fitting (and its exports are those of the original fit), refused on data that maps otherwise; and a
 * session saved from a UI fit (createSession + the renderer's sessionTextOf, the path made relative as the
 * desktop's save does) run again with `skfr rerun`: identical.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisEngine } from '../../core/analysis.js';
import { SkfrError } from '../../core/errors.js';
import { createSession } from '../../core/jobs/session.js';
import {
  buildSession, compareRun, inputCandidates, parseSessionFile, resolveBeside, sessionText, toSessionFile, viewFromSession, type SessionFile,
} from '../../core/jobs/session-file.js';
import type { FitRequest, FitView, JobResponse, OpenResult } from '../../core/jobs/types.js';
import { nodeFileIO } from '../../node/file-io.js';
import { withInputBeside } from '../../electron/ipc.js';
import { sessionTextOf } from '../../renderer/src/lib/session.js';
import { skfr } from '../cli/helpers.js';
import { miceCsv } from './fork.js';

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.result as Extract<T, { ok: true }>['result'];
}
function failure(r: JobResponse): { code: string; message: string } {
  if (r.ok) throw new Error('expected a failure');
  return r.error;
}
function message(result: SessionFile | SkfrError): string {
  if (!(result instanceof SkfrError)) throw new Error('expected an error');
  expect(result.code).toBe('invalid-session');
  return result.message;
}

/** An engine that fails the test if anything is fitted. */
const noFits: AnalysisEngine = {
  fit: () => {
    throw new Error('a fit ran');
  },
  tune: () => {
    throw new Error('a tuning ran');
  },
};

// The Import screen's mapping of the mouse sheet (as test/e2e/session.spec.ts sets it): MouseID, class, the _N proteins.
const mapping = { orientation: 'samples-as-rows' as const, idColumn: 'MouseID', annotationColumns: ['class'], featureColumns: null, featuresMatch: '_N$', filters: [] };
const settings = { k: 8, s: 24, variant: 'global' as const, loss: 'squared' as const, restarts: 20, seed: 1, maxIterations: 100 };

describe('a session of the mouse fit (k = 8, s = 24)', () => {
  const session = createSession(nodeFileIO);
  let opened: OpenResult;
  let view: FitView;
  let request: FitRequest;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'skfr-session-'));
    opened = ok(await session.runJob({ type: 'open', source: { kind: 'path', path: miceCsv } }));
    request = { type: 'fit', datasetId: opened.datasetId, mapping, recipe: { steps: [] }, settings, classColumn: 'class' };
    view = ok(await session.runJob(request));
  }, 300_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('records the input (name, path, size, SHA-256, sheet, header row), layout, mapping, recipe, settings', () => {
    const saved = buildSession({ opened, absolutePath: miceCsv, request, view, savedBy: 'test' });
    expect(saved.kind).toBe('skfr-session');
    expect(saved.formatVersion).toBe(1);
    expect(saved.input).toEqual({ fileName: 'mice_protein.csv', path: null, absolutePath: miceCsv, size: 1010610, sha256: opened.sha256, sheet: null, headerRow: 1 });
    expect(saved.layout).toEqual({ format: 'table', quantity: null });
    expect(saved.mapping).toEqual(mapping);
    expect(saved.settings).toEqual(settings);
    expect(saved.classColumn).toBe('class');
    expect(saved.result.clusters).toEqual(Array.from(view.clusters));
  });

  it('round trip: the text parses back to the same session, and to the same FitView', () => {
    const text = toSessionFile({ opened, absolutePath: miceCsv, request, view, savedBy: 'test', savedAt: '2025-01-02T03:04:05.000Z' });
    const parsed = parseSessionFile(text, 'mice.skfr');
    if (parsed instanceof SkfrError) throw parsed;
    expect(parsed).toEqual(buildSession({ opened, absolutePath: miceCsv, request, view, savedBy: 'test', savedAt: '2025-01-02T03:04:05.000Z' }));
    const back = viewFromSession(parsed, { fitId: view.fitId, datasetId: view.datasetId });
    // All but the samples × proteins heatmap, whose cells come from the data ('restore' adds it).
    expect(back).toEqual({ ...view, heatmap: undefined });
    // what the Results screen shows first
    expect(back.clusterSizes).toEqual(view.clusterSizes);
    expect(back.ranking.slice(0, 24).map((r) => r.name)).toEqual(view.selected.map((l) => view.featureNames[l]));
  });

  it('a session saved before the scale step (settings.standardize) opens: true as it was, false as the scale none', () => {
    const text = toSessionFile({ opened, absolutePath: miceCsv, request, view, savedBy: 'test', savedAt: '2025-01-02T03:04:05.000Z' });
    const old = (standardize: boolean) => {
      const json = JSON.parse(text) as { settings: Record<string, unknown> };
      json.settings = { ...json.settings, standardize };
      const parsed = parseSessionFile(JSON.stringify(json), 'old.skfr');
      if (parsed instanceof SkfrError) throw parsed;
      return parsed;
    };
    const on = old(true);
    expect(on.settings).toEqual(request.settings);
    expect(on.recipe).toEqual(request.recipe ?? { steps: [] });
    const off = old(false);
    expect('standardize' in off.settings).toBe(false);
    expect(off.recipe.steps.at(-1)).toEqual({ kind: 'scale', method: 'none', reason: 'saved with standardisation off' });
  });

  it("'restore' shows the saved results on the reopened file without fitting; its exports are the original fit's", async () => {
    const saved = parseSessionFile(toSessionFile({ opened, absolutePath: miceCsv, request, view, savedBy: 'test' })) as SessionFile;
    const fresh = createSession(nodeFileIO, { engine: noFits });
    const again = ok(await fresh.runJob({ type: 'open', source: { kind: 'path', path: miceCsv }, headerRow: saved.input.headerRow }));
    expect(again.sha256).toBe(saved.input.sha256);
    const restored = ok(await fresh.runJob({
      type: 'restore', datasetId: again.datasetId, mapping: saved.mapping, recipe: saved.recipe, settings: saved.settings, classColumn: saved.classColumn, result: saved.result,
    }));
    expect({ ...restored, fitId: '', datasetId: '', timings: null }).toEqual({ ...view, fitId: '', datasetId: '', timings: null });
    for (const what of ['samples', 'features', 'report'] as const) {
      const format = what === 'report' ? 'xlsx' : 'csv';
      const before = ok(await session.runJob({ type: 'export', fitId: view.fitId, what, format }));
      const after = ok(await fresh.runJob({ type: 'export', fitId: restored.fitId, what, format }));
      if (format === 'csv') expect(new TextDecoder().decode(after.bytes!)).toBe(new TextDecoder().decode(before.bytes!));
      else expect(after.bytes!.length).toBeGreaterThan(0);
    }
    const metrics = ok(await fresh.runJob({ type: 'evaluate', fitId: restored.fitId, classColumn: 'class' }));
    expect(metrics).toEqual(view.metrics);
  });

  it("'restore' refuses data that the recorded mapping turns into other samples or features, in one sentence", async () => {
    const saved = parseSessionFile(toSessionFile({ opened, absolutePath: miceCsv, request, view, savedBy: 'test' })) as SessionFile;
    const fresh = createSession(nodeFileIO, { engine: noFits });
    const again = ok(await fresh.runJob({ type: 'open', source: { kind: 'path', path: miceCsv } }));
    const error = failure(await fresh.runJob({
      type: 'restore', datasetId: again.datasetId, mapping: { ...saved.mapping, featuresMatch: '^p' }, recipe: saved.recipe, settings: saved.settings, result: saved.result,
    }));
    expect(error.code).toBe('invalid-session');
    expect(error.message).toMatch(/^With the recorded mapping and preparation, “mice_protein\.csv” gives 1080 samples × \d+ features, not the 1080 × 77 of the saved analysis; re-run/);
  });

  it("'session' reads a .skfr file and finds its input beside it (relative path), else where it was, else not", async () => {
    const folder = join(dir, 'moved');
    await mkdir(join(folder, 'data'), { recursive: true });
    const data = join(folder, 'data', 'mice.csv');
    await copyFile(miceCsv, data);
    const file = join(folder, 'run.skfr');
    const saved = buildSession({ opened, absolutePath: '/nowhere/mice.csv', relativePath: 'data/mice.csv', request, view, savedBy: 'test' });
    await writeFile(file, sessionText(saved));
    const read = ok(await session.runJob({ type: 'session', source: { kind: 'path', path: file } }));
    expect(read.fileName).toBe('run.skfr');
    expect(read.inputPath).toBe(join(folder, 'data/mice.csv'));
    expect(read.session.result.n).toBe(1080);
    await rm(data);
    expect(ok(await session.runJob({ type: 'session', source: { kind: 'path', path: file } })).inputPath).toBeNull();
    await writeFile(file, sessionText({ ...saved, input: { ...saved.input, absolutePath: miceCsv } }));
    expect(ok(await session.runJob({ type: 'session', source: { kind: 'path', path: file } })).inputPath).toBe(miceCsv);
    // bytes (the browser): the session, no input path
    const bytes = new Uint8Array(await readFile(file));
    expect(ok(await createSession().runJob({ type: 'session', source: { kind: 'bytes', fileName: 'run.skfr', bytes } })).inputPath).toBeNull();
    // a table is not a session
    const notSession = failure(await session.runJob({ type: 'session', source: { kind: 'path', path: miceCsv } }));
    expect(notSession).toEqual({ code: 'invalid-session', message: '“mice_protein.csv” is damaged: it is not valid JSON (cut short or edited?), so the analysis cannot be read.' });
  });

  it('a session saved from a UI fit (the renderer’s sessionTextOf, saved beside its data) reruns identically with skfr rerun', async () => {
    const folder = join(dir, 'ui');
    await mkdir(folder, { recursive: true });
    const data = join(folder, 'mice_protein.csv');
    await copyFile(miceCsv, data);
    // The desktop app opened the file by path and fitted it, as the Results screen shows it.
    const app = createSession(nodeFileIO);
    const table = ok(await app.runJob({ type: 'open', source: { kind: 'path', path: data } }));
    const uiRequest: FitRequest = { type: 'fit', datasetId: table.datasetId, mapping, recipe: { steps: [] }, settings, classColumn: 'class' };
    const uiView = ok(await app.runJob(uiRequest));
    const text = sessionTextOf({ opened: table, path: data, request: uiRequest, view: uiView, platform: 'electron' });
    // "Save analysis…" in main: checked, the input recorded relative to the session file's folder.
    const target = join(folder, 'runs', 'mice.skfr');
    await mkdir(join(folder, 'runs'));
    const parsed = parseSessionFile(text);
    if (parsed instanceof SkfrError) throw parsed;
    const beside = withInputBeside(parsed, target);
    expect(beside.input.path).toBe('../mice_protein.csv');
    await writeFile(target, sessionText(beside));

    const run = await skfr(['rerun', target]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('identical: 1 080 samples, same clusters, same proteins');
    const json = await skfr(['rerun', target, '--json']);
    const out = JSON.parse(json.stdout) as { identical: boolean; labels: number[]; selectedFeatures: string[]; input: { path: string } };
    expect(out.identical).toBe(true);
    expect(out.input.path).toBe(data);
    expect(out.labels).toEqual(Array.from(uiView.clusters));
    expect(out.selectedFeatures).toEqual(uiView.selected.map((l) => uiView.featureNames[l]));
  }, 300_000);
});

describe('a text file read with no header row (issue 26 case 2): carried by the dataset, its command and its session', () => {
  // Six rows of numbers, no names: with noHeader the first row is the first sample, the columns Column 1..3.
  const text = '1.5,2.25,3.5\n1.4,2.2,3.6\n4.5,5.25,6.5\n4.4,5.1,6.7\n1.6,2.3,3.4\n4.6,5.2,6.6\n';
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'skfr-noheader-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("'open' with noHeader: six rows, the flag in the OpenResult, kept by a re-read, in the command and the saved session", async () => {
    const data = join(dir, 'numbers.csv');
    await writeFile(data, text);
    const app = createSession(nodeFileIO);
    const table = ok(await app.runJob({ type: 'open', source: { kind: 'path', path: data }, noHeader: true }));
    expect(table.rowCount).toBe(6);
    expect(table.columns.map((c) => c.name)).toEqual(['Column 1', 'Column 2', 'Column 3']);
    expect(table.noHeader).toBe(true);
    // the same sheet read again (no header row asked): still no header
    const again = ok(await app.runJob({ type: 'sheet', datasetId: table.datasetId, sheet: table.sheet }));
    expect([again.rowCount, again.noHeader]).toEqual([6, true]);
    const noHeaderMapping = { orientation: 'samples-as-rows' as const, idColumn: null, annotationColumns: [], featureColumns: null, filters: [] };
    const request: FitRequest = { type: 'fit', datasetId: table.datasetId, mapping: noHeaderMapping, recipe: { steps: [] }, settings: { ...settings, k: 2, s: 1 }, classColumn: null };
    const view = ok(await app.runJob(request));
    expect(view.n).toBe(6);
    expect(view.command).toMatch(/^skfr cluster numbers\.csv --no-header /);
    const saved = parseSessionFile(sessionTextOf({ opened: again, path: data, request, view, platform: 'electron' }));
    if (saved instanceof SkfrError) throw saved;
    expect(saved.input).toMatchObject({ headerRow: 1, noHeader: true });
    // a file read with its header: no noHeader field at all (sessions saved before it read the same)
    expect('noHeader' in buildSession({ opened: { ...again, noHeader: undefined }, absolutePath: data, request, view, savedBy: 'test' }).input).toBe(false);
    // without the flag the first row is the header: five samples (what a session without it would re-run)
    const withHeader = ok(await createSession(nodeFileIO).runJob({ type: 'open', source: { kind: 'path', path: data }, headerRow: 1 }));
    expect([withHeader.rowCount, withHeader.noHeader]).toEqual([5, undefined]);
  });
});

describe('session files: numbers JSON cannot write, and one sentence for each way a file is wrong', () => {
  /** A small valid session (2 samples, 1 feature). */
  function tiny(): SessionFile {
    return {
      kind: 'skfr-session',
      formatVersion: 1,
      savedAt: '2025-01-01T00:00:00.000Z',
      savedBy: 'test',
      input: { fileName: 'x.csv', path: 'x.csv', absolutePath: null, size: 10, sha256: 'a'.repeat(64), sheet: null, headerRow: 1 },
      layout: { format: 'table', quantity: null },
      mapping: { orientation: 'samples-as-rows', idColumn: null, annotationColumns: [], featureColumns: null, filters: [] },
      recipe: { steps: [] },
      settings: { k: 2, s: 1, variant: 'global', loss: 'squared', restarts: 1, seed: 1, maxIterations: 10 },
      classColumn: null,
      result: {
        n: 2, p: 1, k: 2, s: 1, sampleIds: ['a', 'b'], clusters: [1, 2], featureNames: ['F'], scores: [2], clusterScores: null, selected: [0], selectedByCluster: null,
        means: [-1, 1], originalMeans: [NaN, Infinity], distances: [0, -Infinity], objective: 0, totalSS: 2, betweenSS: 2, iterations: 1, converged: true,
        imputedCells: 0, bestRestart: 0, zeroVarianceFeatures: [], projection: { x: [0, 0], y: [0, 0], explained: [1, 0] }, annotations: {}, featureAnnotations: {},
        preparation: [], metrics: null, warnings: [], command: 'skfr cluster x.csv', gap: null, sRules: null, sFlags: null, kCurve: null, ksSteps: null,
        stability: { subsamples: 2, fraction: 0.8, subsampleSize: 2, featureFrequency: [1], clusterFeatureFrequency: null, unstableSelected: [], sampleConsistency: [NaN, 1], ari: [1, 1], meanAri: 1 },
        timings: { parseMs: 1, fitMs: 2 },
      },
    };
  }

  it('NaN is written as null and ±Infinity as strings, and read back as such', () => {
    const text = sessionText(tiny());
    expect(text).toContain('"originalMeans": [null,"Infinity"]');
    expect(text).toContain('"distances": [0,"-Infinity"]');
    const back = parseSessionFile(text);
    expect(back).toEqual(tiny());
  });

  it('a sample table joined in file order and a drop-samples step are kept (issue 25)', () => {
    const design = { source: 'notebook.csv', sampleColumn: 'name', order: 'file' as const, columns: [{ name: 'name', values: ['O1', 'O2'] }] };
    const session: SessionFile = {
      ...tiny(),
      mapping: { ...tiny().mapping, design },
      recipe: { steps: [{ kind: 'drop-samples', minValues: 2 }] },
      result: { ...tiny().result, preparation: [{ step: 'drop-samples', label: 'Samples with fewer than 2 values removed', count: 1 }] },
    };
    expect(parseSessionFile(sessionText(session))).toEqual(session);
    const bad = JSON.parse(sessionText(session)) as { recipe: { steps: { minValues: number }[] } };
    bad.recipe.steps[0]!.minValues = 0;
    expect(message(parseSessionFile(JSON.stringify(bad)))).toMatch(/minValues/);
  });

  it('damaged, empty, not a session, newer, unknown version, or a wrong field: one sentence each', () => {
    const text = sessionText(tiny());
    expect(message(parseSessionFile(text.slice(0, 200), 'a.skfr'))).toBe('“a.skfr” is damaged: it is not valid JSON (cut short or edited?), so the analysis cannot be read.');
    expect(message(parseSessionFile('  ', 'a.skfr'))).toBe('“a.skfr” is empty: it is not an SKFR Studio analysis (.skfr) file, or it was cut short when saved.');
    expect(message(parseSessionFile('[1,2]', 'a.skfr'))).toMatch(/^“a\.skfr” is not an SKFR Studio analysis \(\.skfr\) file/);
    expect(message(parseSessionFile('{"rows": 3}', 'a.skfr'))).toMatch(/^“a\.skfr” is not an SKFR Studio analysis/);
    expect(message(parseSessionFile(JSON.stringify({ ...JSON.parse(text), formatVersion: 2 }), 'a.skfr'))).toBe(
      '“a.skfr” was saved by a newer SKFR Studio (analysis format 2; this version reads format 1): update SKFR Studio to open it.',
    );
    expect(message(parseSessionFile(JSON.stringify({ ...JSON.parse(text), formatVersion: '1' }), 'a.skfr'))).toBe(
      '“a.skfr” has an unknown analysis format (formatVersion "1"; this version reads 1).',
    );
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the file as JSON, edited by path
    type Json = Record<string, any>;
    const wrong = (change: (json: Json) => void) => {
      const json = JSON.parse(text) as Json;
      change(json);
      return message(parseSessionFile(JSON.stringify(json), 'a.skfr'));
    };
    expect(wrong((j) => (j.result.clusters = [1]))).toBe('“a.skfr” is damaged: its field result.clusters has 1 values for 2 samples.');
    expect(wrong((j) => (j.result.clusters = [1, 3]))).toBe('“a.skfr” is damaged: its field result.clusters has cluster 3 (sample 2) but k = 2.');
    expect(wrong((j) => (j.result.clusters = [1, 'two']))).toBe('“a.skfr” is damaged: its field result.clusters must hold whole numbers from 1 to 100000, not “two” (position 2).');
    expect(wrong((j) => (j.result.selected = [5]))).toBe('“a.skfr” is damaged: its field result.selected lists feature 6, but there are 1 features.');
    expect(wrong((j) => (j.input.sha256 = 'abc'))).toBe('“a.skfr” is damaged: its field input.sha256 must be 64 hexadecimal digits.');
    expect(wrong((j) => delete j.settings)).toMatch(/^“a\.skfr” is damaged: its field settings is not valid \(/);
    expect(wrong((j) => (j.mapping.orientation = 'sideways'))).toMatch(/^“a\.skfr” is damaged: its field mapping\.orientation is not valid/);
  });

  it('compareRun: identical, renumbered, moved samples, other proteins', () => {
    const s = tiny();
    expect(compareRun(s, { sampleIds: ['a', 'b'], clusters: [1, 2], selectedFeatures: ['F'] }).summary).toBe('identical: 2 samples, same clusters, same proteins');
    const swapped = compareRun(s, { sampleIds: ['a', 'b'], clusters: [2, 1], selectedFeatures: ['F'] });
    expect(swapped.identical).toBe(false);
    expect(swapped.summary).toBe('different: the same clusters numbered differently (2 of 2 samples have another cluster number); same proteins');
    const moved = compareRun(s, { sampleIds: ['a', 'b'], clusters: [1, 1], selectedFeatures: ['G'] });
    expect(moved.summary).toBe('different: 1 of 2 samples in another cluster (b: 2 → 1); proteins now selected: G; no longer selected: F');
    expect(compareRun(s, { sampleIds: ['a'], clusters: [1], selectedFeatures: ['F'] }).summary).toBe('different: the samples differ (1 now, 2 recorded); same proteins');
  });

  it('input paths: beside the session file first, then the absolute one', () => {
    expect(resolveBeside('/Users/a/runs/x.skfr', '../data/m.csv')).toBe('/Users/a/runs/../data/m.csv');
    expect(resolveBeside('C:\\runs\\x.skfr', 'data/m.csv')).toBe('C:\\runs\\data\\m.csv');
    expect(resolveBeside('/runs/x.skfr', '/abs/m.csv')).toBe('/abs/m.csv');
    const s = { ...tiny(), input: { ...tiny().input, path: 'd/x.csv', absolutePath: '/old/x.csv' } };
    expect(inputCandidates(s, '/new/run.skfr')).toEqual(['/new/d/x.csv', '/old/x.csv']);
    expect(inputCandidates(s, null)).toEqual(['/old/x.csv']);
  });
});
