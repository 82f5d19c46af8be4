/**
 * Issue 26, memory: the row numbers naming the samples of a table without an id column are a lazy list
 * (core/table/lazy-list.ts: made when read, never stored), which every reader takes for the array it stands
 * for; `--json` is written in parts (cli/json-out.ts) whose text is JSON.stringify's, so 20 million ids and
 * labels never sit in memory as strings at once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonChunks, jsonParts } from '../../cli/json-out.js';
import { isLazyList, lazyList, plainList } from '../../core/table/lazy-list.js';
import { applyMapping } from '../../core/table/mapping.js';
import { parseTable } from '../../core/table/parse.js';

describe('lazyList', () => {
  it('reads as the array it stands for: items made on demand, never stored', () => {
    let made = 0;
    const ids = lazyList(4, (i) => (made++, String(i + 1)));
    expect(made).toBe(0);
    expect([ids.length, ids[0], ids[3], ids[4], Array.isArray(ids)]).toEqual([4, '1', '4', undefined, true]);
    expect(made).toBe(2);
    expect(JSON.stringify(ids)).toBe('["1","2","3","4"]');
    expect([...ids]).toEqual(['1', '2', '3', '4']);
    expect(ids.slice(1, 3)).toEqual(['2', '3']);
    expect(ids.map((id) => id + id).join(' ')).toBe('11 22 33 44');
    expect(ids).toEqual(['1', '2', '3', '4']); // (a deep comparison, as the tests make)
    expect(ids.indexOf('3')).toBe(2);
    expect(() => {
      'use strict';
      (ids as string[])[0] = 'x';
    }).toThrow(TypeError);
  });

  it('cannot be posted to a thread; plainList makes the real array that can', () => {
    const ids = lazyList(3, (i) => `s${i}`);
    expect(() => structuredClone(ids)).toThrow();
    const plain = plainList(ids);
    expect([isLazyList(ids), isLazyList(plain), structuredClone(plain)]).toEqual([true, false, ['s0', 's1', 's2']]);
    const real = ['a'];
    expect(plainList(real)).toBe(real);
  });

  it('a mapping without an id column names the samples by their rows, lazily (the rows a filter kept)', () => {
    const table = parseTable(new TextEncoder().encode('g,x\na,1\nb,2\na,3\nb,4\n'), 't.csv');
    const all = applyMapping(table, { orientation: 'samples-as-rows', idColumn: null, annotationColumns: ['g'], featureColumns: null, filters: [] });
    expect([isLazyList(all.sampleIds), all.sampleIds]).toEqual([true, ['1', '2', '3', '4']]);
    const kept = applyMapping(table, { orientation: 'samples-as-rows', idColumn: null, annotationColumns: ['g'], featureColumns: null, filters: [{ column: 'g', values: ['b'] }] });
    expect(kept.sampleIds).toEqual(['2', '4']);
  });
});

describe('jsonParts: JSON.stringify in parts', () => {
  it('joined, the parts are JSON.stringify’s text (slices of 3 items: every array of more is cut)', () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 1 }),
        fc.array(tie('node'), { maxLength: 8 }),
        fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(tie('node'), fc.constant(undefined)), { maxKeys: 5 }),
        fc.constantFrom(NaN, -0, Infinity, undefined, null),
        fc.array(fc.integer(), { maxLength: 9 }).map((a) => Int32Array.from(a)),
        fc.array(fc.string({ maxLength: 3 }), { maxLength: 9 }).map((a) => lazyList(a.length, (i) => a[i]!)),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect([...jsonParts(v, 3)].join('')).toBe(JSON.stringify(v) ?? 'null');
      }),
      { numRuns: 500 },
    );
  });

  it('an array of 10 items in slices of 3: four slices between the brackets', () => {
    const parts = [...jsonParts(lazyList(10, (i) => i), 3)];
    expect(parts).toEqual(['[', '0,1,2', ',3,4,5', ',6,7,8', ',9', ']']);
  });
});

describe('jsonChunks: the parts joined for writing', () => {
  it('each chunk at least `size` characters but the last, and joined the same text (JSON.stringify’s)', () => {
    const value = fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.array(fc.double(), { maxLength: 12 })), { maxKeys: 30 });
    fc.assert(
      fc.property(value, fc.integer({ min: 1, max: 40 }), (v, size) => {
        const chunks = [...jsonChunks(v, size, 3)];
        expect(chunks.join('')).toBe(JSON.stringify(v));
        expect(chunks.slice(0, -1).every((c) => c.length >= size)).toBe(true);
        expect(chunks.at(-1)!.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('an object of 6 824 scores is one part; of 6 824 lists, a part a key and value, joined into a few chunks', () => {
    const scores = Object.fromEntries(Array.from({ length: 6824 }, (_, i) => [`P${i}`, i / 7]));
    expect([...jsonParts({ featureScores: scores })]).toEqual(['{', '"featureScores":', JSON.stringify(scores), '}']);
    const lists = Object.fromEntries(Array.from({ length: 6824 }, (_, i) => [`P${i}`, [i]]));
    expect([...jsonParts({ featureScores: lists })].length).toBe(3 + 2 * 6824 + 2);
    const chunks = [...jsonChunks({ featureScores: lists })];
    expect(chunks.length).toBeLessThanOrEqual(3);
    expect(chunks.join('')).toBe(JSON.stringify({ featureScores: lists }));
  });

  it('an object of more than `slice` keys is cut by key even when its values are plain', () => {
    expect([...jsonParts({ a: 1, b: 'x', c: null }, 3)]).toEqual(['{"a":1,"b":"x","c":null}']);
    expect([...jsonParts({ a: 1, b: 'x', c: null, d: true }, 3)]).toEqual(['{', '"a":', '1', ',"b":', '"x"', ',"c":', 'null', ',"d":', 'true', '}']);
  });

  it('the example: {a: [1], b: [2]} in chunks of 4 characters', () => {
    expect([...jsonChunks({ a: [1], b: [2] }, 4)]).toEqual(['{"a":', '[1],"b":', '[2]}']);
  });
});
