/**
 * Small deterministic number helpers shared by training, hashing, tests and
 * benchmarks: one seeded PRNG and one integer mixer, so the same seed or input gives
 * the same sequence or hash everywhere (shipped NER weights and index keys rely on it).
 */

/**
 * mulberry32: a tiny seeded PRNG with a 2^32 period, values in [0, 1).
 *
 * @example
 *   const next = mulberry32(42);
 *   next(); // the same number on every run
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * MurmurHash3's 32-bit finalizer: spreads every input bit over the output.
 *
 * @example
 *   fmix32(1) // 0x514e28b7
 */
export function fmix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
