/**
 * A small seeded pseudo-random generator (sfc32, Chris Doty-Humphrey's "small fast counting" generator),
 * seeded through splitmix32. Pure 32-bit integer arithmetic (`Math.imul`, `>>>`), so the stream is
 * identical on every JavaScript host. The engine never uses `Math.random`.
 *
 * @example
 * const rng = createRng(42);
 * rng.next();   // a number in [0, 1)
 * rng.int(10);  // an integer in 0..9
 * rng.normal(); // a standard normal deviate (Box–Muller)
 */
export interface Rng {
  /** Uniform in [0, 1), 32 bits of resolution. */
  next(): number;
  /** Uniform integer in 0 .. n−1 (n ≥ 1). */
  int(n: number): number;
  /**
   * Standard normal N(0, 1) by the Box–Muller transform: one deviate per call (two uniforms), no cached
   * state. (Keeping the sin partner would be faster but would change every simulated data set.)
   */
  normal(): number;
}

/** splitmix32 finaliser: a bijective 32-bit mixing function. */
export function mix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * Seed of an independent stream number `index` derived from a base seed, so that restart r (or
 * permutation b) gets its own generator regardless of how many numbers the others drew.
 * `domain` separates families of streams (restarts, permutations, simulation, …).
 *
 * @example deriveSeed(1, 0) !== deriveSeed(1, 1) // true
 */
export function deriveSeed(seed: number, index: number, domain = 0): number {
  return mix32(mix32(mix32(seed >>> 0) ^ (index >>> 0)) ^ Math.imul(domain + 1, 0x632be5ab));
}

/** Stream domains used by the engine (kept here so no two families collide). */
export const RNG_DOMAIN = { restart: 0, permutation: 1, simulate: 2, impute: 3, subsample: 4, silhouette: 5 } as const;

export function createRng(seed: number): Rng {
  let a = mix32(seed >>> 0);
  let b = mix32(a ^ 0x6a09e667);
  let c = mix32(b ^ 0xbb67ae85);
  let d = 1;
  const nextU32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Warm up so that nearby seeds decorrelate.
  for (let i = 0; i < 12; i++) nextU32();
  const next = (): number => nextU32() / 4294967296;
  return {
    next,
    int: (n: number): number => Math.floor(next() * n),
    normal: (): number => {
      const u1 = 1 - next(); // (0, 1]
      const u2 = next();
      return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    },
  };
}
