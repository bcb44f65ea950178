/**
 * The offline default `Embedder`: character n-grams (2-4) of the folded text hashed
 * into a fixed-size vector and L2-normalized. No download, deterministic, and good
 * at spelling variants ("Leicestershire" ~ "Leicester"); a neural embedder can replace
 * it for meaning ("car" ~ "automobile") through the same port.
 */
import { charNgrams, fnv1a, nameKey } from '../text/normalize';
import type { Embedder } from './ports';

/** 512 buckets: few collisions for names (tens of n-grams) and small vectors. */
const DEFAULT_DIMENSIONS = 512;

export class HashedNgramEmbedder implements Embedder {
  readonly name = 'hashed-ngram';
  readonly dimensions: number;

  constructor(dimensions = DEFAULT_DIMENSIONS) {
    this.dimensions = dimensions;
  }

  /**
   * @example
   *   const [a, b] = await new HashedNgramEmbedder().embed(['Stripe', 'Stripe Inc']);
   *   cosine(a, b) // 1 (legal suffixes are normalized away)
   */
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.embedOne(t));
  }

  embedOne(text: string): Float32Array {
    const v = new Float32Array(this.dimensions);
    const key = nameKey(text);
    for (let n = 2; n <= 4; n++) {
      for (const g of charNgrams(key, n)) {
        const h = fnv1a(g, n);
        // The sign bit of the hash halves the bias of bucket collisions (feature hashing).
        const i = h % this.dimensions;
        v[i] = (v[i] ?? 0) + ((h & 0x80000000) === 0 ? 1 : -1);
      }
    }
    let norm = 0;
    for (const x of v) norm += x * x;
    if (norm > 0) {
      const inv = 1 / Math.sqrt(norm);
      for (let i = 0; i < v.length; i++) v[i] = (v[i] ?? 0) * inv;
    }
    return v;
  }
}

/** Cosine of two unit vectors (their dot product), clamped to 0..1. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return Math.max(0, Math.min(1, dot));
}
