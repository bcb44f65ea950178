/**
 * Small pure helpers shared by the reference registry and resolver: the topic key,
 * safe short labels, a total string order and stable ids derived from URLs.
 */
import { cleanText } from '../text/normalize';
import { MAX_LABEL_CHARS } from './schema';

/** '' stands for "no topic" (ids are never empty). */
export function topicKey(topicId: string | null | undefined): string {
  return topicId ?? '';
}

/** Untrusted text made safe to show: invisible and bidi characters stripped, cut short. */
export function shortLabel(text: string, max: number = MAX_LABEL_CHARS): string {
  const clean = cleanText(text);
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/** Code-unit order, independent of locale: the tie-break of every ranking here. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A stable 64-bit (two-lane FNV-1a style) hex digest, for object ids derived from URLs. */
export function shortHash(text: string): string {
  let h1 = 0x811c9dc5;
  // A second lane with another offset and multiplier, so the two halves are independent.
  let h2 = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}
