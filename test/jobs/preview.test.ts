/**
 * Issue 27: the 'preview' job of a jobs session on the mouse data (SKFR1 k = 8, s = 24, 3 restarts): a preview at
 * s = 30 is one warm-started fit marked as such, whose settings and command are those of the full fit at s = 30;
 * previews chain from previews and move k; a preview can be evaluated but never exported; the full fit at its s and
 * k (a plain 'fit' with settingsAt) is what a saved analysis and its command then carry, and running that
 * analysis's request again gives the same clusters. The schema refuses a preview without a whole s.
 */
import { describe, expect, it } from 'vitest';
import { createSession } from '../../core/jobs/session.js';
import { parseRequest } from '../../core/jobs/schema.js';
import { settingsAt } from '../../core/jobs/preview.js';
import { parseSessionFile, sessionRequest, toSessionFile } from '../../core/jobs/session-file.js';
import type { FitRequest, FitView, JobResponse, OpenResult } from '../../core/jobs/types.js';
import { SkfrError } from '../../core/errors.js';
import { nodeFileIO } from '../../node/file-io.js';
import { miceCsv, miceMapping, skfr1 } from './fork.js';

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.result as Extract<T, { ok: true }>['result'];
}

describe('a jobs session previews a fit at another s or k, warm-started from a kept fit', () => {
  const session = createSession(nodeFileIO);
  let opened: OpenResult;
  let first: FitView;
  let request: FitRequest;

  it('fits the mouse data, then previews s = 30 from that fit', async () => {
    opened = ok(await session.runJob({ type: 'open', source: { kind: 'path', path: miceCsv } }));
    request = { type: 'fit', datasetId: opened.datasetId, mapping: miceMapping, settings: { ...skfr1, k: 8, s: 24, restarts: 3 }, classColumn: 'class' };
    first = ok(await session.runJob(request));
    expect(first.preview ?? null).toBeNull();
    const preview = ok(await session.runJob({ type: 'preview', fitId: first.fitId, s: 30, k: 8 }));
    expect(preview.preview).toEqual({ fromS: 24, fromK: 8 });
    expect(preview.s).toBe(30);
    expect(preview.k).toBe(8);
    expect(preview.selected).toHaveLength(30);
    expect(preview.heatmap?.columns).toHaveLength(30);
    expect(preview.fitId).not.toBe(first.fitId);
    // Its settings and command are the full fit's at s = 30: nothing else changed.
    expect(preview.settings).toEqual({ ...request.settings, s: 30 });
    expect(preview.command).toBe(first.command.replace('--s 24 ', '--s 30 '));
    // One restart from the partition at s = 24, compared with the known classes like the fit.
    expect(preview.bestRestart).toBe(0);
    expect(preview.metrics?.classColumn).toBe('class');
    expect(preview.metrics?.contingency.clusters).toHaveLength(8);
    expect(preview.clusterSizes.reduce((a, b) => a + b, 0)).toBe(1080);
  });

  it('chains previews and moves k; each is evaluated, none is exported', async () => {
    const at30 = ok(await session.runJob({ type: 'preview', fitId: first.fitId, s: 30, k: 8 }));
    const at10 = ok(await session.runJob({ type: 'preview', fitId: at30.fitId, s: 30, k: 10 }));
    expect(at10.preview).toEqual({ fromS: 30, fromK: 8 });
    expect(at10.clusterSizes).toHaveLength(10);
    expect(Math.min(...at10.clusterSizes)).toBeGreaterThan(0);
    const at5 = ok(await session.runJob({ type: 'preview', fitId: at10.fitId, s: 12, k: 5 }));
    expect(at5.clusterSizes).toHaveLength(5);
    expect(at5.selected).toHaveLength(12);
    expect(at5.command).toContain('--k 5 --s 12 ');
    const metrics = ok(await session.runJob({ type: 'evaluate', fitId: at5.fitId, classColumn: 'class' }));
    expect(metrics.contingency.clusters).toHaveLength(5);
    const exported = await session.runJob({ type: 'export', fitId: at5.fitId, what: 'samples', format: 'csv' });
    expect(exported.ok).toBe(false);
    if (!exported.ok) {
      expect(exported.error.code).toBe('invalid-request');
      expect(exported.error.message).toBe('These results are a live preview (one fit started from the clusters shown before): wait for the full fit at this s and k, then export.');
    }
  });

  it('answers in the user’s terms for an s the data do not have, or a fit it no longer keeps', async () => {
    const tooMany = await session.runJob({ type: 'preview', fitId: first.fitId, s: 78, k: 8 });
    expect(tooMany.ok ? null : tooMany.error).toEqual({ code: 'invalid-s', message: 's = 78 is not possible: s must be between 1 and the number of features (77).' });
    const gone = await session.runJob({ type: 'preview', fitId: 'f-none', s: 30, k: 8 });
    expect(gone.ok ? null : gone.error.code).toBe('unknown-fit');
    expect(() => parseRequest({ type: 'preview', fitId: first.fitId, s: 2.5, k: 8 })).toThrow(SkfrError);
    expect(() => parseRequest({ type: 'preview', fitId: first.fitId, s: 30 })).toThrow(/k = missing/);
    expect(parseRequest({ type: 'preview', fitId: 'f1', s: 30, k: 8 })).toEqual({ type: 'preview', fitId: 'f1', s: 30, k: 8 });
  });

  it('the full fit at the previewed s and k is what the saved analysis and its command carry, and it reruns the same', async () => {
    const full: FitRequest = { ...request, settings: settingsAt(request.settings, { s: 30, k: 8 }) };
    const fitted = ok(await session.runJob(full));
    expect(fitted.preview ?? null).toBeNull();
    expect(fitted.s).toBe(30);
    expect(fitted.command).toContain('--k 8 --s 30 ');
    const text = toSessionFile({ opened, absolutePath: miceCsv, request: full, view: fitted, savedBy: 'test' });
    const saved = parseSessionFile(text, 'mice.skfr');
    if (saved instanceof SkfrError) throw saved;
    expect(saved.settings).toMatchObject({ k: 8, s: 30 });
    expect(saved.settings.tune).toBeUndefined();
    expect(saved.result.s).toBe(30);
    expect(saved.result.command).toBe(fitted.command);
    const again = ok(await session.runJob(sessionRequest(saved, opened.datasetId)));
    expect(Array.from(again.clusters)).toEqual(Array.from(fitted.clusters));
    expect(again.selected).toEqual(fitted.selected);
  });

  it('settingsAt: the settings of a plain fit at s and k, nothing chosen any more, stability kept', () => {
    const tuned = { ...skfr1, k: 8, tune: { from: 1, to: 77 }, sRule: 'knee-se' as const, tuneK: { from: 2, to: 9 }, stability: { subsamples: 20 } };
    const { s: _s, ...noS } = skfr1;
    expect(settingsAt(tuned, { s: 13 })).toEqual({ ...noS, k: 8, s: 13, stability: { subsamples: 20 } });
    expect(settingsAt(tuned, { s: 13, k: 4 })).toMatchObject({ k: 4, s: 13 });
  });
});
