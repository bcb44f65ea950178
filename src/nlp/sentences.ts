/**
 * The language engine's sentence splitter, the one every reader of page text uses:
 * capture's recognizers (as token ranges, `tokenSentences`) and relation rules, the
 * sentences a page keeps for questions and re-reading, and the LLM reading's chunks and
 * verification, and the evidence snippets around a mention (`sentenceEndAt`). One linear pass
 * without backtracking: a line break ends a sentence, and so does a stop where `sentenceEndAt`
 * says one ends. Overlong runs are cut, at a space where there is one.
 */
import { ABBREVIATIONS, MAY_END_SENTENCE, NUMBER_ABBREVIATIONS } from './abbreviations';
import type { Token } from './tokens';

export interface SentenceRange {
  readonly start: number;
  readonly end: number;
}

/** A "sentence" longer than this is a list or a table flattened to text: cut it there. */
export const MAX_SENTENCE_CHARS = 1_000;
/** Spaces or closing quotes looked past after a stop to see what follows it: a scan from any point stays local. */
const LOOKAHEAD = 8;

function isSpace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\u00a0';
}

function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}

/** The word ending just before `end` (letters only, at most 12), lower-cased. */
function wordBefore(text: string, end: number): string {
  let a = end;
  while (a > 0 && end - a < 12 && /\p{L}/u.test(text.charAt(a - 1))) a -= 1;
  return text.slice(a, end).toLowerCase();
}

/**
 * The engine's one rule for where a sentence ends: when the character at `i` is a stop that
 * ends one, the index just after it and its closing quotes and brackets; otherwise -1. A
 * stop ends a sentence before a line break, the end of the text, or a space and a capital,
 * digit or opening quote, except inside a number ("17.3"), after an abbreviation ("Inc.",
 * "Dr.", "Jan."; "No." before a number) or a single letter ("U.S.", "J. Smith"). It reads at
 * most a few characters on each side, so a caller may ask it anywhere (`splitSentences` goes
 * forward through the text; evidence snippets look around one mention).
 *
 * @example
 *   sentenceEndAt('It grew. Then', 7) // 8
 *   sentenceEndAt('Contoso Inc. hired', 11) // -1
 */
export function sentenceEndAt(text: string, i: number): number {
  const ch = text.charAt(i);
  if (ch !== '.' && ch !== '!' && ch !== '?') return -1;
  if (ch === '.' && isDigit(text.charAt(i + 1))) return -1;
  let j = i + 1;
  // Closing quotes and brackets stay with the sentence they end.
  while (j < text.length && j - i <= LOOKAHEAD && /["”’')\]]/u.test(text.charAt(j))) j += 1;
  if (j >= text.length || text.charAt(j) === '\n') return j;
  if (!isSpace(text.charAt(j))) return -1;
  let k = j;
  while (k < text.length && k - j < LOOKAHEAD && isSpace(text.charAt(k))) k += 1;
  const next = text.charAt(k);
  if (next !== '\n' && !/[\p{Lu}\p{N}"“'‘(]/u.test(next)) return -1;
  if (ch === '.') {
    const word = wordBefore(text, i);
    if ((ABBREVIATIONS.has(word) && !MAY_END_SENTENCE.has(word)) || (NUMBER_ABBREVIATIONS.has(word) && isDigit(next)) || word.length === 1)
      return -1;
  }
  return j;
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
    const after = sentenceEndAt(text, i);
    if (after < 0) continue;
    push(after);
    start = after;
    i = after - 1;
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
