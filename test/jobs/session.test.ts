// The jobs session run directly (in-process): the mouse data end to end, the example panel, exports to disk,
// typed errors, and the progress throttle.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { createSession } from '../../core/jobs/session.js';
import { throttleProgress } from '../../core/jobs/progress.js';
import type { FitView, JobResponse, OpenResult } from '../../core/jobs/types.js';
import type { Progress } from '../../core/engine/types.js';
import { nodeFileIO } from '../../node/file-io.js';
import { miceCsv, miceMapping, skfr1 } from './fork.js';

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.result as Extract<T, { ok: true }>['result'];
}
function code(r: JobResponse): string {
  return r.ok ? 'ok' : r.error.code;
}

describe('jobs session on the mouse protein data', () => {
  const session = createSession(nodeFileIO);
  let opened: OpenResult;
  let view: FitView;
  let dir: string;
  const progress: Progress[] = [];
  let fitMs = 0;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'skfr-jobs-'));
    opened = ok(await session.runJob({ type: 'open', source: { kind: 'path', path: miceCsv } }));
    const t0 = performance.now();
    view = ok(await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping: miceMapping, settings: skfr1, classColumn: 'class' }, { onProgress: (p) => progress.push(p) }));
    fitMs = performance.now() - t0;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('opens: 1080 rows, 82 columns, a 100-row preview and the SHA-256 of the file', async () => {
    expect(opened.rowCount).toBe(1080);
    expect(opened.columns).toHaveLength(82);
    expect(opened.preview).toHaveLength(100);
    expect(opened.sha256).toMatch(/^[0-9a-f]{64}$/);
    const { createHash } = await import('node:crypto');
    expect(opened.sha256).toBe(createHash('sha256').update(await readFile(miceCsv)).digest('hex'));
  });

  it('maps MouseID / class / the 77 _N proteins', async () => {
    const mapped = ok(await session.runJob({ type: 'map', datasetId: opened.datasetId, mapping: miceMapping }));
    expect([mapped.n, mapped.p]).toEqual([1080, 77]);
    expect(mapped.featureNames.every((n) => n.endsWith('_N'))).toBe(true);
    expect(mapped.missingCells).toBeGreaterThan(0);
  });

  it('fits SKFR1 k=8 s=24 into a FitView with 24 selected proteins, clusters 1..8, metrics and a projection', () => {
    expect([view.n, view.p, view.k, view.s]).toEqual([1080, 77, 8, 24]);
    expect(view.selected).toHaveLength(24);
    expect(view.clusters).toBeInstanceOf(Int32Array);
    expect(Math.min(...view.clusters)).toBe(1);
    expect(Math.max(...view.clusters)).toBe(8);
    expect(view.clusterSizes.reduce((a, b) => a + b, 0)).toBe(1080);
    // ranking: best first, shares sum to 1, the selected ones flagged, selected = the first 24 ranked (SKFR1)
    const scores = view.ranking.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(view.ranking.reduce((a, r) => a + r.share, 0)).toBeCloseTo(1, 10);
    expect(view.ranking.slice(0, 24).map((r) => r.index).sort((a, b) => a - b)).toEqual([...view.selected].sort((a, b) => a - b));
    expect(view.metrics?.classColumn).toBe('class');
    expect(view.metrics!.contingency.counts.flat().reduce((a, b) => a + b, 0)).toBe(1080);
    expect(view.projection.x).toHaveLength(1080);
    expect(view.projection.explained[0]).toBeGreaterThan(view.projection.explained[1]);
    expect(view.sampleIds[0]).toBe('309_1');
  });

  it('reports progress, first and last included, at most ~10 per second', () => {
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.length).toBeLessThanOrEqual(Math.ceil(fitMs / 100) + 2);
  });

  it('evaluates against another annotation column and rejects unknown ones', async () => {
    const m = ok(await session.runJob({ type: 'evaluate', fitId: view.fitId, classColumn: 'class' }));
    expect(m.ari).toBeCloseTo(view.metrics!.ari, 12);
    const bad = await session.runJob({ type: 'evaluate', fitId: view.fitId, classColumn: 'Genotype' });
    expect(code(bad)).toBe('unknown-column');
  });

  it('exports samples as CSV bytes, and the report atomically to a path', async () => {
    const samples = ok(await session.runJob({ type: 'export', fitId: view.fitId, what: 'samples', format: 'csv' }));
    expect(samples.fileName).toBe('mice_protein_SKFR1_k8_s24_samples.csv');
    const lines = new TextDecoder().decode(samples.bytes!).trim().split(/\r?\n/);
    expect(lines).toHaveLength(1081);
    expect(lines[0]!.split(',')[0]).toBe('MouseID'); // the id column's own name
    const target = join(dir, 'report.xlsx');
    await writeFile(target, 'old contents');
    const report = ok(await session.runJob({ type: 'export', fitId: view.fitId, what: 'report', format: 'xlsx', path: target }));
    expect(report).toMatchObject({ path: target, bytes: null, fileName: 'report.xlsx' });
    const wb = XLSX.read(await readFile(target), { type: 'buffer', dense: true });
    expect(wb.SheetNames).toEqual(expect.arrayContaining(['Summary', 'Samples', 'Features']));
    expect(await readdir(dir)).toEqual(['report.xlsx']); // no temporary file left behind
    const csvReport = await session.runJob({ type: 'export', fitId: view.fitId, what: 'report', format: 'csv' });
    expect(code(csvReport)).toBe('invalid-option');
    const unwritable = await session.runJob({ type: 'export', fitId: view.fitId, what: 'samples', format: 'csv', path: join(dir, 'no-such-folder', 'x.csv') });
    expect(code(unwritable)).toBe('write-failed');
  });

  it('answers unknown ids, impossible k and cancelled runs with typed errors', async () => {
    expect(code(await session.runJob({ type: 'map', datasetId: 'nope', mapping: miceMapping }))).toBe('unknown-dataset');
    expect(code(await session.runJob({ type: 'export', fitId: 'nope', what: 'samples', format: 'csv' }))).toBe('unknown-fit');
    const k0 = await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping: miceMapping, settings: { ...skfr1, k: 0 } });
    expect(code(k0)).toBe('invalid-k');
    const cancelled = await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping: miceMapping, settings: skfr1 }, { signal: { aborted: true } });
    expect(code(cancelled)).toBe('cancelled');
  });

  it('closes a dataset, forgetting its fits', async () => {
    const other = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: 'tiny.csv', bytes: new TextEncoder().encode('id,a,b\nx,1,2\ny,3,5\nz,4,4\n') } }));
    expect(ok(await session.runJob({ type: 'close', datasetId: other.datasetId }))).toEqual({ closed: true });
    expect(code(await session.runJob({ type: 'close', datasetId: other.datasetId }))).toBe('unknown-dataset');
  });
});

describe('the example panel', () => {
  it('is a simulated protein panel with a class column and a mapping that runs', async () => {
    const session = createSession();
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'example', design: 'sparse', seed: 3 } }));
    expect(opened.columns[0]!.name).toBe('sample');
    expect(opened.columns.at(-1)!.name).toBe('class');
    expect(opened.columns.slice(1, -1).every((c) => c.kind === 'numeric' && c.name.endsWith('_N'))).toBe(true);
    const mapping = opened.suggestedMapping!;
    const view = ok(await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping, settings: { ...skfr1, k: 10, s: 10, restarts: 5 }, classColumn: 'class' }));
    expect(view.metrics!.ari).toBeGreaterThan(0.8); // the sparse design separates well
    // same seed, same file
    const again = ok(await session.runJob({ type: 'open', source: { kind: 'example', design: 'sparse', seed: 3 } }));
    expect(again.sha256).toBe(opened.sha256);
  });
});

describe('progress throttle', () => {
  it('sends the first at once, at most one per interval, and the held last one on flush', () => {
    let t = 0;
    const sent: number[] = [];
    const throttle = throttleProgress((p) => sent.push(p.fraction), 100, () => t);
    for (let i = 0; i <= 50; i++) {
      t = i * 10; // 51 reports over 500 ms
      throttle.report({ stage: 'fitting', fraction: i / 50 });
    }
    throttle.flush();
    expect(sent[0]).toBe(0);
    expect(sent.at(-1)).toBe(1);
    expect(sent).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
});
