import { describe, expect, it } from 'vitest';
import {
  adjustedRandIndex,
  contingency,
  falseNegativeRate,
  falsePositiveRate,
  mixedNodes,
  normalizedMutualInfo,
} from '../../core/engine/index.js';

// Tiny case used below: a = [0,0,0,1,1,1], b = [0,0,1,1,2,2].
// Contingency (rows a, cols b): [[2,1,0],[0,1,2]].
// ARI: Σ C(n_uv,2) = 1+0+0+0+0+1 = 2; Σ C(a_u,2) = 3+3 = 6; Σ C(b_v,2) = 1+1+1 = 3; C(6,2) = 15;
//      E = 6·3/15 = 1.2; max = (6+3)/2 = 4.5; ARI = (2 − 1.2)/(4.5 − 1.2) = 0.8/3.3 = 8/33.
// NMI: H(a) = ln 2, H(b) = ln 3; I = (2/6)ln(6·2/(3·2)) + (1/6)ln(6·1/(3·2)) + (1/6)ln(1) + (2/6)ln 2 = (2/3) ln 2;
//      NMI = 2I/(H(a)+H(b)) = (4/3) ln 2 / ln 6 ≈ 0.515804.
const a = [0, 0, 0, 1, 1, 1];
const b = [0, 0, 1, 1, 2, 2];

describe('adjustedRandIndex', () => {
  it('matches the hand-derived value 8/33', () => {
    expect(adjustedRandIndex(a, b)).toBeCloseTo(8 / 33, 12);
    expect(adjustedRandIndex(Int32Array.from(b), Int32Array.from(a))).toBeCloseTo(8 / 33, 12);
  });
  it('is 1 for the same partition under renamed labels, and for the degenerate one-cluster case', () => {
    expect(adjustedRandIndex([0, 0, 1, 1, 2], [7, 7, 3, 3, 9])).toBe(1);
    expect(adjustedRandIndex([0, 0, 0], [4, 4, 4])).toBe(1);
  });
  it('is negative for an anti-correlated split', () => {
    // a=[0,0,1,1], b=[0,1,0,1]: Σ C(n_uv,2)=0, Σ C(a)=2, Σ C(b)=2, E=4/6, max=2 → (0−2/3)/(2−2/3) = −0.5
    expect(adjustedRandIndex([0, 0, 1, 1], [0, 1, 0, 1])).toBeCloseTo(-0.5, 12);
  });
});

describe('normalizedMutualInfo (arithmetic mean)', () => {
  it('matches the hand-derived value (4/3) ln 2 / ln 6', () => {
    expect(normalizedMutualInfo(a, b)).toBeCloseTo(((4 / 3) * Math.log(2)) / Math.log(6), 12);
  });
  it('matches the doc example ≈ 0.3437', () => {
    // H(a)=ln2, H(b)=−(¾ln¾+¼ln¼); I=½ln(4/3)+¼ln(2/3)+¼ln2
    const I = 0.5 * Math.log(4 / 3) + 0.25 * Math.log(2 / 3) + 0.25 * Math.log(2);
    const Hb = -(0.75 * Math.log(0.75) + 0.25 * Math.log(0.25));
    expect(normalizedMutualInfo([0, 0, 1, 1], [0, 0, 0, 1])).toBeCloseTo((2 * I) / (Math.log(2) + Hb), 12);
    expect(normalizedMutualInfo([0, 0, 1, 1], [0, 0, 0, 1])).toBeCloseTo(0.3437, 4);
  });
  it('defines the degenerate cases: both single-cluster → 1, one single-cluster → 0', () => {
    expect(normalizedMutualInfo([1, 1, 1], [2, 2, 2])).toBe(1);
    expect(normalizedMutualInfo([1, 1, 1], [0, 1, 2])).toBe(0);
    expect(normalizedMutualInfo([0, 1, 2], [5, 6, 7])).toBeCloseTo(1, 12);
  });
});

describe('contingency', () => {
  it('counts pairs with sorted row and column labels', () => {
    const t = contingency([1, 0, 0, 1, 1], [9, 5, 9, 9, 9]);
    expect(t.rowLabels).toEqual([0, 1]);
    expect(t.colLabels).toEqual([5, 9]);
    expect(Array.from(t.counts)).toEqual([1, 1, 0, 3]);
  });
  it('rejects labellings of different lengths', () => {
    expect(() => contingency([0, 1], [0])).toThrow(/different lengths/);
  });
});

describe('mixedNodes', () => {
  it('counts clusters with more than one known class and their known samples', () => {
    // cluster 0: classes {5, 6} → mixed, 3 samples; cluster 1: {7} pure; cluster 2: {8} (+ one unknown) pure.
    expect(mixedNodes([0, 0, 0, 1, 1, 2, 2], [5, 5, 6, 7, 7, -1, 8])).toEqual({ mixedNodes: 1, totalInMixedNodes: 3 });
  });
  it('ignores unknown classes (−1) in counts and in mixedness', () => {
    expect(mixedNodes([0, 0, 0, 1, 1], [1, 2, -1, 3, -1])).toEqual({ mixedNodes: 1, totalInMixedNodes: 2 });
    expect(mixedNodes([0, 0, 1], [-1, 4, -1])).toEqual({ mixedNodes: 0, totalInMixedNodes: 0 });
  });
});

describe('feature-selection error rates', () => {
  it('FPR = false picks / true negatives, FNR = missed / true features', () => {
    // truth {0,1,2} of p=10 → 7 negatives; selected {0,1,7}: 1 false positive, 1 miss (2).
    expect(falsePositiveRate([0, 1, 7], [0, 1, 2], 10)).toBeCloseTo(1 / 7, 12);
    expect(falseNegativeRate([0, 1, 7], [0, 1, 2], 10)).toBeCloseTo(1 / 3, 12);
    expect(falsePositiveRate(Int32Array.from([2, 1, 0]), [0, 1, 2], 10)).toBe(0);
    expect(falseNegativeRate(Int32Array.from([2, 1, 0]), [0, 1, 2], 10)).toBe(0);
  });
});
