/**
 * The ids an import in parts has written, as 63-bit fingerprints in a flat open-addressing
 * table (two `Uint32Array`s, 8 bytes a slot, at most 70% full): a part's references to
 * records of earlier parts are answered here instead of a store read each (the reads were
 * ~20% of a restore's CPU, bench/scale/restore.bench.ts at 20k), at 11–23 bytes an id
 * (the table doubles) instead of the ~60 a `Set<string>` costs (3M ids at 1M entities).
 *
 * `has` is exact for every id added. An id never added answers true only if its
 * fingerprint equals one of the n added ones: about n / 2^63 per look-up (3e-13 at 3M),
 * so a reference that leads nowhere is reported all but always; ids not found here are
 * read from the store as before.
 *
 * @example
 *   const written = new IdFingerprints();
 *   written.add('e_12');
 *   written.has('e_12'); // true
 */

/** Largest share of slots in use before the table doubles. */
const MAX_LOAD = 0.7;
const FIRST_CAPACITY = 1024;

/** Two independent 32-bit hashes of `text` (FNV-1a, and a multiply-rotate hash finished by a mixer). */
function hashes(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b = (b << 13) | (b >>> 19);
  }
  b ^= text.length;
  b = Math.imul(b ^ (b >>> 16), 0x85ebca6b);
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  b ^= b >>> 16;
  // The low word is never 0: 0 marks an empty slot.
  return [a >>> 0, (b | 1) >>> 0];
}

export class IdFingerprints {
  private hi = new Uint32Array(FIRST_CAPACITY);
  private lo = new Uint32Array(FIRST_CAPACITY);
  private used = 0;

  /** Ids added (distinct fingerprints). */
  get size(): number {
    return this.used;
  }

  add(id: string): void {
    if (this.used + 1 > this.hi.length * MAX_LOAD) this.grow();
    const [h, l] = hashes(id);
    if (this.place(this.hi, this.lo, h, l)) this.used++;
  }

  has(id: string): boolean {
    const [h, l] = hashes(id);
    const mask = this.hi.length - 1;
    for (let i = (h ^ l) & mask; ; i = (i + 1) & mask) {
      const slot = this.lo[i] ?? 0;
      if (slot === 0) return false;
      if (slot === l && this.hi[i] === h) return true;
    }
  }

  /** Puts a fingerprint in its slot (linear probing); false when it was there already. */
  private place(hi: Uint32Array, lo: Uint32Array, h: number, l: number): boolean {
    const mask = hi.length - 1;
    for (let i = (h ^ l) & mask; ; i = (i + 1) & mask) {
      const slot = lo[i] ?? 0;
      if (slot === 0) {
        hi[i] = h;
        lo[i] = l;
        return true;
      }
      if (slot === l && hi[i] === h) return false;
    }
  }

  private grow(): void {
    const hi = new Uint32Array(this.hi.length * 2);
    const lo = new Uint32Array(this.lo.length * 2);
    for (let i = 0; i < this.lo.length; i++) {
      const l = this.lo[i] ?? 0;
      if (l !== 0) this.place(hi, lo, this.hi[i] ?? 0, l);
    }
    this.hi = hi;
    this.lo = lo;
  }
}
