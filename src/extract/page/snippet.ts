/**
 * Evidence snippets: the sentence around a mention, as bounded plain text. A sentence
 * ends at a line break, or at `.`, `!` or `?` (closing quotes and brackets kept) before
 * a space and a capital, digit or opening quote, except after an abbreviation ("Inc.",
 * "Dr.", "Jan."), a single letter ("U.S.", "J. Smith") or inside a number ("iOS 17.3").
 * A sentence longer than the bound is cut at word boundaries around the mention, with
 * "…" where text was left out, never inside a word. Every scan is bounded: linear work.
 */
import { sanitizeLine } from './sanitize';

/** Snippets never exceed this (evidence rows stay small). */
export const MAX_SNIPPET = 300;
/** How far the sentence ends are looked for on each side of a mention. */
const SCAN = MAX_SNIPPET;
/** Spaces or quotes skipped after a stop to see what follows it. */
const LOOKAHEAD = 8;
/** Words a full stop follows without ending the sentence (lower case, without the stop). */
const ABBREVIATIONS: ReadonlySet<string> = new Set([
  'inc',
  'corp',
  'co',
  'ltd',
  'llc',
  'plc',
  'bros',
  'mr',
  'mrs',
  'ms',
  'mx',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'gen',
  'col',
  'lt',
  'sgt',
  'capt',
  'gov',
  'sen',
  'rep',
  'pres',
  'rev',
  'hon',
  'vs',
  'dept',
  'univ',
  'approx',
  'cf',
  'jan',
  'feb',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);
/** Words that abbreviate only before a number ("No. 5", "Vol. 2"); before a capital, "no." ends a sentence. */
const NUMBER_ABBREVIATIONS: ReadonlySet<string> = new Set(['no', 'nos', 'vol', 'fig', 'pp', 'art', 'ch']);
const ELLIPSIS = '…';

function isLetter(ch: string): boolean {
  return /\p{L}/u.test(ch);
}
function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}
function isSpace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\u00a0';
}

/** The letters just before `end` (at most 12), lower-cased. */
function wordBefore(text: string, end: number): string {
  let a = end;
  while (a > 0 && end - a < 12 && isLetter(text.charAt(a - 1))) a -= 1;
  return text.slice(a, end).toLowerCase();
}

/**
 * When the stop at `i` ends a sentence, the index just after it (and its closing quotes);
 * otherwise -1.
 */
function sentenceEndAt(text: string, i: number): number {
  const ch = text.charAt(i);
  if (ch !== '.' && ch !== '!' && ch !== '?') return -1;
  if (ch === '.' && isDigit(text.charAt(i + 1))) return -1;
  let j = i + 1;
  while (j < text.length && j - i <= LOOKAHEAD && /["”’')\]]/u.test(text.charAt(j))) j += 1;
  if (j >= text.length || text.charAt(j) === '\n') return j;
  if (!isSpace(text.charAt(j))) return -1;
  let k = j;
  while (k < text.length && k - j < LOOKAHEAD && isSpace(text.charAt(k))) k += 1;
  const next = text.charAt(k);
  if (next !== '\n' && !/[\p{Lu}\p{N}"“'‘(]/u.test(next)) return -1;
  if (ch === '.') {
    const word = wordBefore(text, i);
    if (ABBREVIATIONS.has(word) || (NUMBER_ABBREVIATIONS.has(word) && isDigit(next)) || word.length === 1) return -1;
  }
  return j;
}

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
