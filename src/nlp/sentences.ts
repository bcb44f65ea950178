/**
 * The language engine's sentence splitter, the one every reader of page text uses:
 * capture's recognizers (as token ranges, `tokenSentences`) and relation rules, the
 * sentences a page keeps for questions and re-reading, and the LLM reading's chunks and
 * verification. One linear pass without backtracking: a line break ends a sentence; so does
 * `.`, `!` or `?` followed by a space and a capital, digit or quote, unless the word before
 * the stop is a known abbreviation ("Inc.", "Mr.") or a single letter ("U.S."). Overlong runs
 * are cut, at a space where there is one.
 */
import type { Token } from './tokens';

export interface SentenceRange {
  readonly start: number;
  readonly end: number;
}

/** A "sentence" longer than this is a list or a table flattened to text: cut it there. */
export const MAX_SENTENCE_CHARS = 1_000;
const ABBREVIATIONS = new Set([
  'inc',
  'corp',
  'co',
  'ltd',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'jr',
  'sr',
  'vs',
  'no',
  'gen',
  'gov',
  'sen',
  'rep',
  'prof',
  'est',
  'approx',
  'dept',
  'univ',
  'jan',
  'feb',
  'aug',
  'sept',
  'oct',
  'nov',
  'dec',
]);

function isSpace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\u00a0';
}

function startsSentence(ch: string): boolean {
  return /[\p{Lu}\p{N}"“'‘(]/u.test(ch);
}

/** The word ending just before `end` (letters only), lower-cased. */
function wordBefore(text: string, end: number): string {
  let a = end;
  while (a > 0 && end - a < 12 && /\p{L}/u.test(text.charAt(a - 1))) a -= 1;
  return text.slice(a, end).toLowerCase();
}

/**
 * @example
 *   splitSentences('Contoso, Inc. hired Ada. She left.') // [{ start: 0, end: 23 }, { start: 24, end: 33 }]
 */
export function splitSentences(text: string): SentenceRange[] {
  const out: SentenceRange[] = [];
  let start = 0;
  const push = (end: number) => {
    let a = start;
    let b = end;
    while (a < b && (isSpace(text.charAt(a)) || text.charAt(a) === '\n')) a += 1;
    while (b > a && (isSpace(text.charAt(b - 1)) || text.charAt(b - 1) === '\n')) b -= 1;
    if (b > a) out.push({ start: a, end: b });
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch === '\n') {
      push(i);
      start = i;
      continue;
    }
    if (i - start >= MAX_SENTENCE_CHARS) {
      // Cut at the last space of the run's second half, so no word is cut in two (a run
      // without one is cut where it stands). Each cut moves on by half the bound at least.
      let cut = i;
      while (cut > start + MAX_SENTENCE_CHARS / 2 && !isSpace(text.charAt(cut - 1))) cut -= 1;
      if (cut <= start + MAX_SENTENCE_CHARS / 2) cut = i;
      push(cut);
      start = cut;
      i = cut - 1;
      continue;
    }
    if (ch !== '.' && ch !== '!' && ch !== '?') continue;
    let j = i + 1;
    // Closing quotes and brackets stay with the sentence they end.
    while (j < text.length && /["”’')\]]/u.test(text.charAt(j))) j += 1;
    if (j >= text.length || !isSpace(text.charAt(j))) continue;
    let k = j;
    while (k < text.length && isSpace(text.charAt(k))) k += 1;
    if (k < text.length && !startsSentence(text.charAt(k))) continue;
    if (ch === '.') {
      const w = wordBefore(text, i);
      if (ABBREVIATIONS.has(w) || w.length === 1) continue;
    }
    push(j);
    start = j;
    i = j - 1;
  }
  push(text.length);
  return out;
}

/**
 * Sentences longer than this many tokens are cut for the trained recognizer: it bounds
 * decoding and matches the sentence lengths of its training data (CoNLL-2003).
 */
export const MAX_SENTENCE_TOKENS = 120;

/**
 * The sentences of `text` as `[first, last + 1)` ranges over its `tokens` (from `tokenize`
 * of the same text): a token belongs to the sentence its first character lies in, and a
 * sentence of more than `maxTokens` tokens is cut into pieces of at most that many. One pass
 * over sentences and tokens together.
 *
 * @example
 *   const text = 'Hi there. Bye.';
 *   tokenSentences(text, tokenize(text)) // [[0, 3], [3, 5]]
 */
export function tokenSentences(
  text: string,
  tokens: readonly Pick<Token, 'start'>[],
  maxTokens = Number.POSITIVE_INFINITY,
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const ranges = splitSentences(text);
  let r = 0;
  let first = 0;
  const close = (end: number) => {
    for (let a = first; a < end; a += maxTokens) out.push([a, Math.min(end, a + maxTokens)]);
    first = end;
  };
  for (let i = 0; i < tokens.length; i++) {
    const start = tokens[i]?.start ?? 0;
    // Past the end of the current sentence: the token opens a later one.
    let moved = false;
    while (r < ranges.length && start >= (ranges[r]?.end ?? 0)) {
      r += 1;
      moved = true;
    }
    if (moved && i > first) close(i);
  }
  if (first < tokens.length) close(tokens.length);
  return out;
}
