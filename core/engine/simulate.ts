/**
 * The paper's four simulation designs (Section 4), seeded and reproducible on every host.
 *
 * Common: a generator createRng(deriveSeed(seed, 0, 'simulate')); feature names F1..Fp; N(m, v) below is a
 * normal with mean m and VARIANCE v; the true class of each sample is returned (0-based).
 *
 * - 'sparse' (defaults n=400, k=10, s=10, p=50): k equal classes (sample i is in class ⌊i·k/n⌋). For each
 *   class j and informative feature l < s, a class mean μ_jl = ±U(3, 6) (sign + or − with probability ½, i.e.
 *   U([−6,−3] ∪ [3,6])). x_il = μ_{c(i) l} + N(0, 1) for l < s; the p − s noise features are N(0, 1).
 *   Informative features: F1..Fs.
 * - 'outliers' (same defaults, outlierFraction 0.1): the sparse design, then in every class the last
 *   round(outlierFraction · |class|) samples are replaced by outliers that keep their class label: each
 *   informative value is ±U(10, 15) (random sign per cell), far from every center (|μ| ≤ 6); their noise
 *   features stay N(0, 1).
 * - 'subsets' (defaults n=250, k=5, s=10, p=50): uneven classes — samples 1..k get classes 0..k−1, every
 *   further sample a uniformly random class. Each class j has its own informative set S_j, a uniformly random
 *   s-subset of the p features, with centers θ_jl = 6·U(0, 1); x_il = θ_{c(i) l} + N(0, 1) for l ∈ S_{c(i)},
 *   else N(0, 3). `informativeByClass` lists S_j (sorted), `informative` their union.
 * - 'missing' (defaults n=250, k=5, s=10, p=50, missingFraction 0.1): uneven classes as in 'subsets'; shared
 *   informative features F1..Fs with centers θ_jl = 6·U(0, 1), x_il = θ + N(0, 1); noise N(0, 1.5). Then
 *   exactly round(missingFraction · n · p) cells, drawn uniformly without replacement, are set to NaN —
 *   a cell is skipped (and the next drawn) when it would leave its row with no observed value. The paper's
 *   "N(0, 1.5)" may mean sd 1.5; that changes nothing for a standardised fit (each noise column is scaled
 *   to unit variance either way). The deletion comes after all draws: missingFraction 0 gives the same data.
 * - 'batch' (defaults n=36, k=3, s=10, p=200, batches B=3; not in the paper): a proteomics-like experiment of k
 *   conditions measured in B batches (labs, TMT plexes), in log2-like units. Sample i is in condition i mod k and
 *   batch ⌊i·B/n⌋ (36 samples: 3 conditions × 3 batches × 4 replicates, balanced). Each protein has a level
 *   a_l = 25 + 2·N(0, 1); the conditions shift F1..Fs by δ_jl = ±U(1, 2), some condition up and another down
 *   on each of them (the last sign is turned when all k came out alike); a random half of all proteins
 *   (round(p/2), any of them) is shifted in each batch by γ_bl = ±U(2, 4); x_il = a_l + δ + γ + 0.5·N(0, 1).
 *   So the batches differ on many proteins, more than the conditions do on a few: a fit without removing the
 *   batch effect finds the batches. `batches` holds each sample's batch; `classes` its condition.
 *
 * @example const { X, classes, informative } = simulate('sparse', { p: 100, seed: 3 });
 */
import { SkfrError } from '../errors.js';
import { createRng, deriveSeed, RNG_DOMAIN, type Rng } from './random.js';
import type { Design, Simulated, SimulateOptions } from './types.js';

/** The sizes of one simulated data set: n samples, k classes, s informative features (per class), p features. */
interface Shape {
  n: number;
  k: number;
  s: number;
  p: number;
}

const DEFAULTS: Record<Design, Shape> = {
  sparse: { n: 400, k: 10, s: 10, p: 50 },
  outliers: { n: 400, k: 10, s: 10, p: 50 },
  subsets: { n: 250, k: 5, s: 10, p: 50 },
  missing: { n: 250, k: 5, s: 10, p: 50 },
  batch: { n: 36, k: 3, s: 10, p: 200 },
};

function whole(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new SkfrError('invalid-option', `${name} = ${value} is not possible: ${name} must be a whole number between ${min} and ${max}.`);
  }
  return value;
}

function fraction(name: string, value: number): number {
  if (!(value >= 0 && value < 1)) {
    throw new SkfrError('invalid-option', `${name} = ${value} is not possible: it must be at least 0 and below 1.`);
  }
  return value;
}

function unevenClasses(n: number, k: number, rng: Rng): Int32Array {
  const classes = new Int32Array(n);
  for (let i = 0; i < n; i++) classes[i] = i < k ? i : rng.int(k);
  return classes;
}

/** A uniformly random s-subset of 0..p−1, sorted (partial Fisher–Yates). */
function randomSubset(p: number, s: number, rng: Rng): number[] {
  const idx = Array.from({ length: p }, (_, l) => l);
  for (let t = 0; t < s; t++) {
    const u = t + rng.int(p - t);
    [idx[t], idx[u]] = [idx[u]!, idx[t]!];
  }
  return idx.slice(0, s).sort((a, b) => a - b);
}

/** What a design's generator returns besides the data it writes (`batches`: the batch design's only). */
type Drawn = Pick<Simulated, 'classes' | 'informative' | 'informativeByClass'> & { batches?: Int32Array };

/** One design: writes the n × p data (row-major) from `rng` and returns the classes and informative features. */
type Generator = (data: Float64Array, shape: Shape, rng: Rng, options: SimulateOptions) => Drawn;

/** F1..Fs (0-based indices). */
function firstFeatures(s: number): number[] {
  return Array.from({ length: s }, (_, l) => l);
}

/**
 * 'sparse': k equal classes (sample i in class ⌊i·k/n⌋); class means μ_jl = ±U(3, 6) on F1..Fs, drawn class by
 * class (magnitude, then sign); then row by row x_il = μ_{c(i) l} + N(0, 1), noise features N(0, 1).
 */
function sparse(data: Float64Array, { n, k, s, p }: Shape, rng: Rng): Drawn {
  const classes = new Int32Array(n);
  for (let i = 0; i < n; i++) classes[i] = Math.floor((i * k) / n);
  const mu = new Float64Array(k * s);
  for (let t = 0; t < k * s; t++) {
    const u = 3 + 3 * rng.next();
    mu[t] = rng.next() < 0.5 ? -u : u;
  }
  for (let i = 0; i < n; i++) {
    const c = classes[i]!;
    for (let l = 0; l < p; l++) data[i * p + l] = (l < s ? mu[c * s + l]! : 0) + rng.normal();
  }
  return { classes, informative: firstFeatures(s), informativeByClass: null };
}

/**
 * 'outliers': the sparse design, then class by class the last round(outlierFraction · |class|) samples get
 * informative values ±U(10, 15) (magnitude, then sign, cell by cell); their noise features stay.
 */
function outliers(data: Float64Array, shape: Shape, rng: Rng, options: SimulateOptions): Drawn {
  const frac = fraction('outlierFraction', options.outlierFraction ?? 0.1);
  const drawn = sparse(data, shape, rng);
  const { n, k, s, p } = shape;
  for (let j = 0; j < k; j++) {
    const members: number[] = [];
    for (let i = 0; i < n; i++) if (drawn.classes[i] === j) members.push(i);
    const count = Math.round(frac * members.length);
    for (const i of members.slice(members.length - count)) {
      for (let l = 0; l < s; l++) {
        const u = 10 + 5 * rng.next();
        data[i * p + l] = rng.next() < 0.5 ? -u : u;
      }
    }
  }
  return drawn;
}

/**
 * 'subsets': uneven classes; class by class a random s-subset S_j with centers 6·U(0, 1) (in increasing
 * feature order); then row by row x_il = θ_{c(i) l} + N(0, 1) on S_{c(i)}, else N(0, 3).
 */
function subsets(data: Float64Array, { n, k, s, p }: Shape, rng: Rng): Drawn {
  const classes = unevenClasses(n, k, rng);
  const informativeByClass: number[][] = [];
  const theta = new Float64Array(k * p);
  const isInformative = new Uint8Array(k * p);
  for (let j = 0; j < k; j++) {
    const set = randomSubset(p, s, rng);
    informativeByClass.push(set);
    for (const l of set) {
      isInformative[j * p + l] = 1;
      theta[j * p + l] = 6 * rng.next();
    }
  }
  const noiseSd = Math.sqrt(3);
  for (let i = 0; i < n; i++) {
    const c = classes[i]!;
    for (let l = 0; l < p; l++) {
      data[i * p + l] = isInformative[c * p + l] === 1 ? theta[c * p + l]! + rng.normal() : noiseSd * rng.normal();
    }
  }
  const informative = [...new Set(informativeByClass.flat())].sort((a, b) => a - b);
  return { classes, informative, informativeByClass };
}

/**
 * 'missing': uneven classes; centers 6·U(0, 1) on F1..Fs, class by class; row by row x_il = θ + N(0, 1),
 * noise N(0, 1.5); then the cells are deleted (deleteCells).
 */
function missing(data: Float64Array, { n, k, s, p }: Shape, rng: Rng, options: SimulateOptions): Drawn {
  const frac = fraction('missingFraction', options.missingFraction ?? 0.1);
  const classes = unevenClasses(n, k, rng);
  const theta = new Float64Array(k * s);
  for (let t = 0; t < k * s; t++) theta[t] = 6 * rng.next();
  const noiseSd = Math.sqrt(1.5);
  for (let i = 0; i < n; i++) {
    const c = classes[i]!;
    for (let l = 0; l < p; l++) data[i * p + l] = l < s ? theta[c * s + l]! + rng.normal() : noiseSd * rng.normal();
  }
  deleteCells(data, n, p, Math.round(frac * n * p), rng);
  return { classes, informative: firstFeatures(s), informativeByClass: null };
}

/**
 * Set exactly `target` cells to NaN, drawn uniformly without replacement (partial Fisher–Yates over all n·p
 * cells); a cell is skipped (and the next drawn) when it would leave its row with no observed value.
 */
function deleteCells(data: Float64Array, n: number, p: number, target: number, rng: Rng): void {
  const cells = new Int32Array(n * p);
  for (let o = 0; o < n * p; o++) cells[o] = o;
  const observedInRow = new Int32Array(n).fill(p);
  let made = 0;
  for (let t = 0; t < n * p && made < target; t++) {
    const u = t + rng.int(n * p - t);
    const o = cells[u]!;
    cells[u] = cells[t]!;
    cells[t] = o;
    const i = (o / p) | 0;
    if (observedInRow[i]! <= 1) continue;
    observedInRow[i]!--;
    data[o] = NaN;
    made++;
  }
}

/**
 * 'batch': conditions i mod k, batches ⌊i·B/n⌋; protein levels 25 + 2·N(0, 1); condition effects ±U(1, 2) on F1..Fs,
 * protein by protein, condition by condition (magnitude, then sign; the last sign turned when all are alike); the
 * batch-shifted proteins, a random subset of round(p/2); their
 * shifts ±U(2, 4), batch by batch in increasing protein order; then row by row x_il = level + effects + 0.5·N(0, 1).
 */
function batch(data: Float64Array, { n, k, s, p }: Shape, rng: Rng, options: SimulateOptions): Drawn {
  const B = whole('batches', options.batches ?? 3, 2, n);
  const classes = new Int32Array(n);
  const batches = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    classes[i] = i % k;
    batches[i] = Math.floor((i * B) / n);
  }
  const level = new Float64Array(p);
  for (let l = 0; l < p; l++) level[l] = 25 + 2 * rng.normal();
  // δ_jl, protein by protein; a protein whose k signs all came out alike has its last one turned, so that
  // every informative protein sets some condition up and another down (else it would barely separate them).
  const delta = new Float64Array(k * s);
  for (let l = 0; l < s; l++) {
    let up = 0;
    for (let j = 0; j < k; j++) {
      const u = 1 + rng.next();
      const sign = rng.next() < 0.5 ? -1 : 1;
      delta[j * s + l] = sign * u;
      if (sign > 0) up++;
    }
    if (up === 0 || up === k) delta[(k - 1) * s + l] = -delta[(k - 1) * s + l]!;
  }
  const shifted = randomSubset(p, Math.round(p / 2), rng);
  const gamma = new Float64Array(B * p);
  for (let b = 0; b < B; b++) {
    for (const l of shifted) {
      const u = 2 + 2 * rng.next();
      gamma[b * p + l] = rng.next() < 0.5 ? -u : u;
    }
  }
  for (let i = 0; i < n; i++) {
    const c = classes[i]!;
    const b = batches[i]!;
    for (let l = 0; l < p; l++) data[i * p + l] = level[l]! + (l < s ? delta[c * s + l]! : 0) + gamma[b * p + l]! + 0.5 * rng.normal();
  }
  return { classes, batches, informative: firstFeatures(s), informativeByClass: null };
}

const GENERATORS: Record<Design, Generator> = { sparse, outliers, subsets, missing, batch };

export function simulate(design: Design, options: SimulateOptions = {}): Simulated {
  const d = DEFAULTS[design];
  if (d === undefined) {
    throw new SkfrError('invalid-option', `design = "${String(design)}" is not possible: use sparse, outliers, subsets, missing or batch.`);
  }
  const p = whole('p', options.p ?? d.p, 1, 10_000_000);
  const n = whole('n', options.n ?? d.n, 2, 100_000_000);
  const k = whole('k', options.k ?? d.k, 2, n);
  const s = whole('s', options.s ?? d.s, 1, p);
  const seed = whole('seed', options.seed ?? 1, 0, 4294967295);
  const rng = createRng(deriveSeed(seed, 0, RNG_DOMAIN.simulate));
  const data = new Float64Array(n * p);
  const { batches = null, ...drawn } = GENERATORS[design](data, { n, k, s, p }, rng, options);
  return {
    design,
    X: { rows: n, cols: p, data },
    ...drawn,
    batches,
    featureNames: Array.from({ length: p }, (_, l) => `F${l + 1}`),
  };
}
