/**
 * Capture ids: `c_` + a 128-bit hash of url + capture time. The same capture re-sent
 * (after a worker restart, a lost ack) gets the same id, so it lands on the same
 * inbox row and is ingested once.
 *
 * Synchronous on purpose: an awaited native crypto promise between IndexedDB calls
 * can let Dexie commit a concurrent transaction early (PrematureCommitError).
 *
 * @example
 *   captureIdOf({ url: 'https://stripe.com/about', capturedAt: 1767225600000 }) // 'c_…' (32 hex digits)
 */

import { fmix32 } from '../core/random';

/** Four 32-bit lanes of FNV-1a with different offsets, each finished with a murmur3 mix. */
const LANE_SEEDS = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b];

export function captureIdOf(capture: { readonly url: string; readonly capturedAt: number }): string {
  const text = `${capture.url}\n${capture.capturedAt}`;
  let hex = '';
  for (const [lane, seed] of LANE_SEEDS.entries()) {
    let h = seed ^ lane;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193 + lane * 2);
    }
    hex += fmix32(h).toString(16).padStart(8, '0');
  }
  return `c_${hex}`;
}
