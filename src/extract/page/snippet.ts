/**
 * Evidence snippets: the sentence around a mention, as bounded plain text. A sentence
 * ends at a line break, or where the language engine's rule says a stop ends one
 * (`sentenceEndAt` in `src/nlp/sentences.ts`, the rule every page sentence is split by).
 * A sentence longer than the bound is cut at word boundaries around the mention, with
 * "…" where text was left out, never inside a word. Every scan is bounded: linear work.
 */
import { sentenceEndAt } from '../../nlp';
import { sanitizeLine } from './sanitize';

/** Snippets never exceed this (evidence rows stay small). */
export const MAX_SNIPPET = 300;
/** How far the sentence ends are looked for on each side of a mention. */
const SCAN = MAX_SNIPPET;
const ELLIPSIS = '…';
/** Where the sentence holding `start` begins (bounded by `SCAN`). */
function sentenceStart(text: string, start: number): number {
  const floor = Math.max(0, start - SCAN);
  for (let a = start; a > floor; a--) {
    if (text.charAt(a - 1) === '\n') return a;
    const after = sentenceEndAt(text, a - 1);
    if (after >= 0 && after <= start) return after;
  }
  return floor;
}

/** Where the sentence holding `end` ends (bounded by `SCAN`). */
function sentenceEnd(text: string, end: number): number {
  const ceiling = Math.min(text.length, end + SCAN);
  for (let b = end; b < ceiling; b++) {
    if (text.charAt(b) === '\n') return b;
    const after = sentenceEndAt(text, b);
    if (after >= 0) return after;
  }
  return ceiling;
}

interface Window {
  readonly text: string;
  readonly cutBefore: boolean;
  readonly cutAfter: boolean;
}

/** `text` cut to at most `max` characters around [from, to), at spaces, and which sides were cut. */
function around(text: string, from: number, to: number, max: number): Window {
  if (text.length <= max) return { text, cutBefore: false, cutAfter: false };
  const room = Math.max(0, max - (to - from) - 2);
  let a = Math.max(0, from - Math.floor(room / 2));
  let b = Math.min(text.length, a + (to - from) + room);
  a = Math.max(0, Math.min(a, b - max + 2));
  // Whole words only: move each cut to the nearest space inside the window.
  if (a > 0) {
    const space = text.indexOf(' ', a);
    a = space >= 0 && space < from ? space + 1 : a;
  }
  if (b < text.length) {
    const space = text.lastIndexOf(' ', b);
    b = space > to ? space : b;
  }
  return { text: text.slice(a, b), cutBefore: a > 0, cutAfter: b < text.length };
}

/**
 * The sentence around [start, end) of `text`, at most `MAX_SNIPPET` characters.
 *
 * @example
 *   sentenceAt('One. Stripe acquired Paystack. Two.', 5, 11) // 'Stripe acquired Paystack.'
 *   sentenceAt('Alphabet CEO Larry Page said so. Next.', 0, 8) // 'Alphabet CEO Larry Page said so.'
 */
export function sentenceAt(text: string, start: number, end: number): string {
  const a = sentenceStart(text, start);
  const b = sentenceEnd(text, end);
  // Cut before sanitizing (which only shortens runs of space) so the mention stays inside;
  // the marks go on after it, which would spell "…" as "...".
  const window = around(text.slice(a, b), start - a, end - a, MAX_SNIPPET - 2);
  const clean = sanitizeLine(window.text, MAX_SNIPPET - 2);
  if (clean === undefined) return '';
  return `${window.cutBefore ? ELLIPSIS : ''}${clean}${window.cutAfter ? ELLIPSIS : ''}`;
}
