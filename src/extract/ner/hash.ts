/**
 * 32-bit hashing for feature hashing: FNV-1a over strings, a murmur3-style mix to
 * combine a template id with already-hashed values (no string concatenation in the
 * hot loop), and a finalizer that turns a hash into a table bucket.
 */
import { fmix32 } from '../../core/random';

/**
 * FNV-1a of a string's UTF-16 code units, seeded.
 *
 * @example
 *   hashString('stripe', 7) === hashString('stripe', 7) // deterministic across runs
 */
export function hashString(text: string, seed: number): number {
  let h = (2166136261 ^ seed) | 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h;
}

/** Combines a running hash with one more 32-bit value (murmur3 body step). */
export function mix(h: number, value: number): number {
  let k = Math.imul(value, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  let r = h ^ k;
  r = (r << 13) | (r >>> 19);
  return (Math.imul(r, 5) + 0xe6546b64) | 0;
}

/** murmur3 finalizer, then the top `bits` bits: a bucket in `[0, 2^bits)`. */
export function bucketOf(h: number, bits: number): number {
  return fmix32(h) >>> (32 - bits);
}
