/**
 * Sentence ranges of a page's main text, in one linear pass without regular
 * expressions: a line break ends a sentence; so does `.`, `!` or `?` followed by a space
 * and a capital, digit or quote, unless the word before the stop is a known
 * abbreviation ("Inc.", "Mr.") or a single letter ("U.S."). Overlong runs are cut.
 */

export interface SentenceRange {
  readonly start: number;
  readonly end: number;
}

/** A "sentence" longer than this is a list or a table flattened to text: cut it there. */
const MAX_SENTENCE_CHARS = 1_000;
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
 *   splitSentences('Stripe, Inc. hired Ada. She left.') // [{ start: 0, end: 23 }, { start: 24, end: 33 }]
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
    if (ch === '\n' || i - start >= MAX_SENTENCE_CHARS) {
      push(i);
      start = i;
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
