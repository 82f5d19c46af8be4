/**
 * Issue 27: a fit view's parts from the mapped data (feature names and annotations, sample annotations and ids)
 * cross the worker boundary once while they stay the same (renderer/src/bridge/view-parts.ts): the page still
 * gets every view whole, with the same values as the session made them, through a structured clone as postMessage
 * does; the parts left out are named in the message; other messages pass as they are.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../core/jobs/session';
import type { FitView, JobResponse } from '../../core/jobs/types';
import { createViewReceiver, createViewSender, MAPPED_PARTS, REUSED_PARTS } from '../../renderer/src/bridge/view-parts';
import { miceCsv, miceMapping, skfr1 } from '../jobs/fork';

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.result as Extract<T, { ok: true }>['result'];
}

describe('fit views across the worker boundary', () => {
  it('come whole on the page, the mapped parts sent once while the same', async () => {
    const session = createSession();
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: 'mice.csv', bytes: new Uint8Array(readFileSync(miceCsv)) } }));
    const fit = await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping: miceMapping, settings: skfr1, classColumn: 'class' });
    const fitId = ok(fit).fitId;
    const responses: JobResponse[] = [
      fit,
      await session.runJob({ type: 'preview', fitId, s: 25, k: 8 }),
      await session.runJob({ type: 'preview', fitId, s: 26, k: 8 }),
      await session.runJob({ type: 'evaluate', fitId, classColumn: 'class' }),
      await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping: miceMapping, settings: { ...skfr1, s: 27 }, classColumn: 'class' }),
    ];
    const send = createViewSender();
    const receive = createViewReceiver();
    const sent = responses.map((response, i) => structuredClone(send({ kind: 'response', id: `j${i}`, response })) as Record<string, unknown>);
    // the first view carries every part; the next ones of the same mapped data none of them
    expect(sent[0]![REUSED_PARTS]).toBeUndefined();
    // (the mouse table has no feature annotations: each view has an empty object of its own, sent as it is)
    for (const i of [1, 2, 4]) {
      expect(sent[i]![REUSED_PARTS]).toEqual(['featureNames', 'annotations', 'sampleIds']);
      const result = (sent[i]!.response as { result: FitView }).result;
      for (const part of ['featureNames', 'annotations', 'sampleIds']) expect(part in result).toBe(false);
    }
    expect(sent[3]![REUSED_PARTS]).toBeUndefined();
    const received = sent.map((m) => receive(m) as { kind: string; id: string; response: JobResponse });
    received.forEach((m, i) => {
      expect(REUSED_PARTS in m).toBe(false);
      expect(m.response).toEqual(structuredClone(responses[i]));
    });
  });

  it('a table with feature annotations (GCT 1.3): they too are sent once', async () => {
    const session = createSession();
    const bytes = new Uint8Array(readFileSync(fileURLToPath(new URL('../../../shared/data/real/gct13_medulloblastoma_proteome.gct', import.meta.url))));
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: 'gct13.gct', bytes } }));
    const { mapping, recipe } = opened.layout;
    const fit = await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping, recipe, settings: { ...skfr1, k: 3, s: 10, restarts: 4 } });
    const responses = [fit, await session.runJob({ type: 'preview', fitId: ok(fit).fitId, s: 11, k: 3 })];
    expect(Object.keys(ok(fit).featureAnnotations).length).toBeGreaterThan(0);
    const send = createViewSender();
    const receive = createViewReceiver();
    const sent = responses.map((response, i) => structuredClone(send({ kind: 'response', id: `j${i}`, response })) as Record<string, unknown>);
    expect(sent[1]![REUSED_PARTS]).toEqual(expect.arrayContaining(['featureNames', 'featureAnnotations']));
    sent.forEach((m, i) => expect((receive(m) as { response: JobResponse }).response).toEqual(structuredClone(responses[i])));
  });

  it('a new pair (a new worker) starts empty; other messages pass as they are', () => {
    const view = { featureNames: ['a'], featureAnnotations: {}, annotations: {}, sampleIds: ['s'], ranking: [] };
    const message = { kind: 'response', id: 'j', response: { ok: true, type: 'fit', result: view } };
    const send = createViewSender();
    expect(send(message)).toBe(message);
    expect((send({ ...message, id: 'k' }) as Record<string, unknown>)[REUSED_PARTS]).toEqual([...MAPPED_PARTS]);
    expect(createViewSender()(message)).toBe(message);
    const progress = { kind: 'progress', id: 'j', progress: { stage: 'fitting', fraction: 0.5 } };
    expect(send(progress)).toBe(progress);
    expect(createViewReceiver()(progress)).toBe(progress);
    const failed = { kind: 'response', id: 'j', response: { ok: false, type: 'fit', error: { code: 'cancelled', message: 'x' } } };
    expect(send(failed)).toBe(failed);
  });
});
