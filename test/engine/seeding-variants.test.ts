/**
 * core/engine/seeding.ts `seedWith`: the seedings measured against k-means++ in `npm run bench:seeding`
 * (issue 17 item 3). The default fit still seeds with k-means++ (`seedCenters`), unchanged.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../core/engine/random.js';
import { seedCenters, seedWith, squaredRowNorms, type SeedingMethod } from '../../core/engine/seeding.js';
import { simulate } from '../../core/engine/index.js';

const METHODS: SeedingMethod[] = ['kmeans++', 'greedy', 'parallel', 'subsample', 'subsample-sparse'];

/** Ten tight, far-apart blobs of 30 samples in 8 dimensions. */
function blobs(): { data: Float64Array; n: number; p: number; classes: Int32Array } {
  const n = 300;
  const p = 8;
  const rng = createRng(5);
  const data = new Float64Array(n * p);
  const classes = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const c = i % 10;
    classes[i] = c;
    for (let l = 0; l < p; l++) data[i * p + l] = (l === c % p ? 50 : 0) + (l === (c + 3) % p && c >= 8 ? 50 : 0) + 0.1 * rng.normal();
  }
  return { data, n, p, classes };
}

describe('seedWith', () => {
  it("'kmeans++' is seedCenters, draw for draw", () => {
    const { data, n, p } = blobs();
    const a = seedWith('kmeans++', data, n, p, 10, createRng(3));
    const b = seedCenters(data, n, p, 10, createRng(3));
    expect(Array.from(a.indices)).toEqual(Array.from(b.indices));
    expect(Array.from(a.labels)).toEqual(Array.from(b.labels));
  });

  for (const method of METHODS) {
    it(`${method}: k distinct seeds, one in every well-separated blob, each sample at its nearest seed, deterministic`, () => {
      const { data, n, p, classes } = blobs();
      const norms = squaredRowNorms(data, n, p);
      const seeding = seedWith(method, data, n, p, 10, createRng(11), { s: 2 }, norms);
      expect(new Set(seeding.indices).size).toBe(10);
      expect(new Set(Array.from(seeding.indices, (i) => classes[i]!)).size).toBe(10);
      for (let i = 0; i < n; i++) expect(classes[seeding.indices[seeding.labels[i]!]!]).toBe(classes[i]);
      if (method !== 'subsample-sparse') {
        // Full-space distances, as k-means++ gives them.
        for (let i = 0; i < n; i += 7) {
          const c = seeding.indices[seeding.labels[i]!]!;
          let d = 0;
          for (let l = 0; l < p; l++) d += (data[i * p + l]! - data[c * p + l]!) ** 2;
          expect(seeding.distances[i]).toBeCloseTo(d, 6);
        }
      }
      const again = seedWith(method, data, n, p, 10, createRng(11), { s: 2 }, norms);
      expect(Array.from(again.indices)).toEqual(Array.from(seeding.indices));
      expect(Array.from(again.labels)).toEqual(Array.from(seeding.labels));
    });
  }

  it('subsample-sparse assigns on the features that separate the clusters (sparse design, p = 200)', () => {
    const sim = simulate('sparse', { n: 400, p: 200, k: 10, s: 10, seed: 2 });
    const { rows: n, cols: p, data } = sim.X;
    const seeding = seedWith('subsample-sparse', data, n, p, 10, createRng(4), { s: 10 });
    expect(seeding.indices.length).toBe(10);
    // Distances over 20 of 200 features: far below the full-space ones (≈ 2·200 for unit noise).
    const full = seedWith('subsample', data, n, p, 10, createRng(4), { s: 10 });
    expect(Array.from(full.indices)).toEqual(Array.from(seeding.indices)); // the same seeds
    let sparse = 0;
    let all = 0;
    for (let i = 0; i < n; i++) {
      sparse += seeding.distances[i]!;
      all += full.distances[i]!;
    }
    expect(sparse).toBeLessThan(all / 3);
  });
});
