/**
 * Labels shortened as a set (core/charts/short-labels.ts): the shared prefix and suffix go, then the middle, never
 * the distinguishing end. Hand-checked fixtures first, then properties (fast-check), then the DIA-NN run names of
 * ../shared/data/real/ that used to be cut to one identical "20240709_Ast_Neo_…".
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commonPrefix, commonSuffix, middleEllipsis, shortLabel, shortLabels } from '../../core/charts/short-labels';

const DIANN = new URL('../../../shared/data/real/diann_report.pg_matrix.tsv', import.meta.url);

describe('shortLabels (hand-checked)', () => {
  it('labels that fit stay as they are', () => {
    expect(shortLabels(['H1', 'H2', 'N5'], 18)).toEqual(['H1', 'H2', 'N5']);
    expect(shortLabels([], 5)).toEqual([]);
  });

  it('a long shared prefix becomes one "…" and the distinguishing end stays', () => {
    // Prefix shared up to the last "_" before the run numbers: "20240709_Ast_Neo_150uID_80mins_DIA_NeatPlasma_" (46 characters).
    const ids = [1, 2, 10].map((i) => `20240709_Ast_Neo_150uID_80mins_DIA_NeatPlasma_${i}`);
    expect(shortLabels(ids, 18)).toEqual(['…1', '…2', '…10']);
  });

  it('the longer shared affix goes first; the other only when still needed', () => {
    // Suffix " MaxLFQ Intensity" (17) is longer than the prefix "control_" (8): dropping it is enough for 20 characters.
    expect(shortLabels(['control_1 MaxLFQ Intensity', 'control_12 MaxLFQ Intensity'], 20)).toEqual(['control_1…', 'control_12…']);
    // For 8 characters both go: "…1…", "…12…".
    expect(shortLabels(['control_1 MaxLFQ Intensity', 'control_12 MaxLFQ Intensity'], 8)).toEqual(['…1…', '…12…']);
    // Run paths: the prefix (44) is longer than ".raw.dia" (8), and dropping it fits 16 characters.
    const runs = ['bcmk1', 'bcmk10'].map((r) => `20240709_Ast_Neo_Aurora_FAIMS_pilot-2_neuron_${r}.raw.dia`);
    expect(shortLabels(runs, 16)).toEqual(['…bcmk1.raw.dia', '…bcmk10.raw.dia']);
  });

  it('what still does not fit loses its middle, not its end', () => {
    // Nothing shared: 'Tubulin beta-4A chain' (21) to 12 = 4 from the start + "…" + 7 from the end.
    expect(shortLabels(['Tubulin beta-4A chain', 'Actin, cytoplasmic 1'], 12)).toEqual(['Tubu…A chain', 'Acti…asmic 1']);
    // Shared prefix "sample_" dropped, then the core "alpha_long_name_1" (17) to 10 − 1 = 9: 3 + "…" + 5.
    expect(shortLabels(['sample_alpha_long_name_1', 'sample_beta_long_name_2'], 10)).toEqual(['…alp…ame_1', '…bet…ame_2']);
    expect(shortLabel('Tubulin beta-4A chain', 12)).toBe('Tubu…A chain');
    expect(middleEllipsis('abcdefghij', 7)).toBe('ab…ghij');
    expect(middleEllipsis('abc', 7)).toBe('abc');
    expect(middleEllipsis('abc', 1)).toBe('…');
  });

  it('a shared affix is cut at a separator, never inside a word', () => {
    expect(commonPrefix(['run_bcmk1', 'run_bcmk10'])).toBe('run_');
    expect(commonPrefix(['LFQ intensity H1', 'LFQ intensity L1'])).toBe('LFQ intensity ');
    expect(commonPrefix(['a'])).toBe('');
    expect(commonSuffix(['a.raw.dia', 'bb.raw.dia'])).toBe('.raw.dia');
    expect(commonSuffix(['x1', 'y1'])).toBe('');
  });
});

/** Separators and letters few enough that random labels share prefixes, suffixes and words. */
const word = fc.string({ unit: fc.constantFrom('a', 'b', '1'), minLength: 1, maxLength: 12 });
const affix = fc.array(fc.tuple(fc.constantFrom('_', '-', ' ', '.'), fc.string({ unit: fc.constantFrom('a', 'b', 'X'), maxLength: 6 })), { maxLength: 4 });

describe('shortLabels (properties)', () => {
  it('never longer than the budget; unchanged when everything fits', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { maxLength: 8 }), fc.integer({ min: 1, max: 30 }), (labels, max) => {
        const out = shortLabels(labels, max);
        expect(out).toHaveLength(labels.length);
        for (const o of out) expect(Array.from(o).length).toBeLessThanOrEqual(max);
        if (labels.every((l) => Array.from(l).length <= max)) expect(out).toEqual(labels);
      }),
    );
  });

  it('distinct labels stay distinct when what distinguishes them fits in the budget', () => {
    // Labels = shared prefix (ending at a separator) + distinct cores (no separator) + shared suffix (starting at
    // one); the cores fit in max − 2 (room for an "…" on each side).
    fc.assert(
      fc.property(affix, affix, fc.uniqueArray(word, { minLength: 2, maxLength: 10 }), fc.integer({ min: 0, max: 20 }), (pre, suf, cores, extra) => {
        const prefix = pre.map(([sep, w]) => w + sep).join('');
        const suffix = suf.map(([sep, w]) => sep + w).join('');
        const max = Math.max(...cores.map((c) => c.length)) + 2 + extra;
        const labels = cores.map((c) => prefix + c + suffix);
        const out = shortLabels(labels, max);
        expect(new Set(out).size).toBe(labels.length);
        for (const o of out) expect(Array.from(o).length).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('a label cut alone keeps its start and its end', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), fc.integer({ min: 3, max: 30 }), (label, max) => {
        const c = Array.from(label);
        const out = Array.from(shortLabel(label, max));
        if (c.length <= max) {
          expect(out.join('')).toBe(label);
          return;
        }
        const head = out.indexOf('…');
        expect(out.slice(0, head)).toEqual(c.slice(0, head));
        const tail = out.length - head - 1;
        expect(tail).toBeGreaterThan(0);
        expect(out.slice(head + 1)).toEqual(c.slice(c.length - tail));
      }),
    );
  });
});

describe('shortLabels on DIA-NN run names (../shared/data/real/)', () => {
  it('every run keeps its own label at 18 characters', () => {
    const header = readFileSync(DIANN, 'utf8').split('\n', 1)[0]!.split('\t');
    const runs = header.filter((h) => h.endsWith('.raw.dia')).map((h) => h.split('/').pop()!.replace(/\.raw\.dia$/, ''));
    expect(runs.length).toBe(12);
    // Cut at its end, every run name is the same 18 characters.
    expect(new Set(runs.map((r) => r.slice(0, 17))).size).toBe(1);
    const short = shortLabels(runs, 18);
    expect(new Set(short).size).toBe(runs.length);
    expect(short[0]).toBe('…bcmk10');
  });
});
