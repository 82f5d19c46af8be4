/**
 * Coded sample annotations (core/request/coded-annotations.ts): a numeric column named like a class or a batch
 * whose values are a few whole-number codes is an annotation, never a feature — the true class `skfr simulate`
 * writes (1 … k) was fitted as a 51st feature of a 50-protein design before. The CLI and the app take the same
 * columns, say so, and the reproduce command names them (--annotation-columns).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { proposedLayout } from '../../core/jobs/datasets.js';
import { codedAnnotationColumns, codedAnnotationNote, codeLevels, isAnnotationName } from '../../core/request/coded-annotations.js';
import { parseTable, type Table } from '../../core/table/index.js';
import { skfr, skfrJson, tempDir } from '../cli/helpers.js';

const parse = (text: string): Table => parseTable(new TextEncoder().encode(text), 'data.csv');

describe('codeLevels: 2 to ⌊rows / 2⌋ whole-number codes among the present values (hand-checked)', () => {
  it.each([
    [[1, 1, 2, 2], 2],
    [[1, 2, 3, 1, 2, 3], 3], // 3 = ⌊6 / 2⌋
    [[1, 2, 3, 4, 1, 2], 0], // 4 levels in 6 rows: more than 3
    [[1, 2, 3, 4], 0], // one sample each: an id, not codes
    [[1, 1, 1, 1], 0], // one level
    [[0, 1, NaN, 1], 2], // a missing value left out
    [[1, 1.5, 1, 1.5], 0], // a fraction: a measurement
  ])('%j → %i', (numbers, levels) => {
    expect(codeLevels(numbers, numbers.length)).toBe(levels);
  });
});

describe('isAnnotationName: a class word or a batch word', () => {
  it.each([
    ['class', true],
    ['Treatment group', true],
    ['Sex', true],
    ['plate', true], // a batch word
    ['BDNF_N', false],
    ['Classical_monocytes', false], // one word, “classical”
    ['count', false],
  ])('%s → %s', (name, expected) => {
    expect(isAnnotationName(name)).toBe(expected);
  });
});

describe('codedAnnotationColumns on a parsed table', () => {
  it('the numeric class of codes, not a class-named measurement, not a code column named like nothing', () => {
    const table = parse('id,F1,class,group score,dose\nS1,0.5,1,0.25,1\nS2,1.5,1,0.75,1\nS3,2.5,2,1.25,2\nS4,3.5,2,1.75,2\n');
    // “group score” has fractions; “dose” has codes but names no annotation.
    expect(codedAnnotationColumns(table)).toEqual(['class']);
    expect(codedAnnotationNote(['class'])).toBe('“class” holds whole-number codes shared by samples and is named like a sample annotation: it is kept beside the samples, not fitted (--features to fit it).');
    expect(codedAnnotationNote([])).toBeNull();
  });
});

describe('skfr cluster and the app on `skfr simulate`’s output', () => {
  const { dir, cleanup } = tempDir('skfr-coded-');
  afterAll(cleanup);
  const fit = ['--k', '2', '--s', '2', '--restarts', '2', '--workers', '1'];

  it('class is an annotation in both, said, named by the command; --class-column class and --features still rule', async () => {
    const path = join(dir, 'sim.csv');
    expect((await skfr(['simulate', '--design', 'sparse', '--n', '20', '--p', '6', '--k', '2', '--s', '2', '--out', path])).code).toBe(0);
    expect(readFileSync(path, 'utf8').split('\n')[0]).toBe('id,F1,F2,F3,F4,F5,F6,class');
    const out = await skfrJson(['cluster', path, ...fit]);
    expect(out.p).toBe(6);
    expect(out.featureNames ?? Object.keys(out.featureScores)).not.toContain('class');
    const text = (await skfr(['cluster', path, ...fit])).stdout;
    expect(text).toContain('\n  “class” holds whole-number codes shared by samples and is named like a sample annotation: it is kept beside the samples, not fitted (--features to fit it).\n');
    expect(out.command).toContain(' --format table --id-column id --annotation-columns class ');
    expect(out.warnings.map((w: { code: string }) => w.code)).not.toContain('clusters-follow-annotation');
    // The app opens it the same way.
    const layout = proposedLayout(parseTable(new Uint8Array(readFileSync(path)), 'sim.csv'));
    expect(layout.mapping.annotationColumns).toEqual(['class']);
    expect(layout.mapping.featureColumns).toEqual(['F1', 'F2', 'F3', 'F4', 'F5', 'F6']);
    expect(layout.notes?.some((n) => n.startsWith('“class” holds whole-number codes'))).toBe(true);
    // Named as the class: the agreement, no reason; asked as a feature: fitted.
    const asClass = await skfrJson(['cluster', path, '--class-column', 'class', ...fit]);
    expect(asClass.p).toBe(6);
    expect((await skfr(['cluster', path, '--class-column', 'class', ...fit])).stdout).not.toContain('whole-number codes');
    const asFeature = await skfrJson(['cluster', path, '--features', 'F1,F2,F3,F4,F5,F6,class', ...fit]);
    expect(asFeature.p).toBe(7);
  });

  it('a file written with codes as text ("01", "02") keeps them as written in the CLI, as the app does', async () => {
    const path = join(dir, 'coded.csv');
    writeFileSync(path, 'id,F1,F2,group\n' + [0.5, 1.5, 2.5, 3.5, 4.5, 5.5].map((v, i) => `S${i + 1},${v},${(i * 7) % 5},0${1 + (i % 2)}`).join('\n') + '\n');
    const out = await skfrJson(['cluster', path, '--k', '2', '--s', '1', '--restarts', '1', '--workers', '1']);
    expect(out.p).toBe(2);
    expect(out.annotations.group).toEqual(['01', '02', '01', '02', '01', '02']);
  });
});
