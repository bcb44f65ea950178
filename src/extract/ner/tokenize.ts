/**
 * Tokenizer and sentence splitter for raw page text, close to CoNLL-2003's
 * tokenization (punctuation split off, `'s`/`n't` clitics separate, abbreviations
 * such as `U.S.` and numbers such as `1,000.5` kept whole), with every token mapped
 * back to character offsets in the original text.
 */

export interface Token {
  readonly text: string;
  /** Offset of the first character in the input text. */
  readonly start: number;
  /** Offset just past the last character. */
  readonly end: number;
  /** True when a line break separates this token from the previous one. */
  readonly newline: boolean;
}

// Titles and abbreviations that keep their period, as CoNLL does ("Mr.", "Inc.").
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'jr',
  'sr',
  'inc',
  'corp',
  'ltd',
  'co',
  'bros',
  'gen',
  'col',
  'lt',
  'sgt',
  'capt',
  'gov',
  'sen',
  'rep',
  'rev',
  'vs',
  'no',
  'mt',
  'ft',
  'jan',
  'feb',
  'mar',
  'apr',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'etc',
  'dept',
  'univ',
  'assn',
]);

/*
 * One token per match, tried in order:
 *  1. clitics ('s, 're, n't …) so "Stripe's" gives "Stripe" + "'s" as in CoNLL;
 *  2. dotted abbreviations (U.S., e.g.);
 *  3. words and numbers with inner joiners (AT&T, Node.js, 1,000.5, Anglo-Dutch, C++, C#);
 *  4. runs of dots or dashes (..., --);
 *  5. any other single non-space character.
 */
const TOKEN_RE =
  /['’](?:[sSdDmM]|re|ve|ll|RE|VE|LL)(?![\p{L}\p{N}])|[nN]['’][tT](?![\p{L}\p{N}])|(?:\p{L}\.){2,}|[\p{L}\p{N}\p{M}]+(?:(?:[-'’.&/_@]|(?<=\p{N}),(?=\p{N}{3}))[\p{L}\p{N}\p{M}]+)*(?:\+\+|#|\+)?|\.{2,}|-{2,}|\S/gu;
const CLITIC_TAIL = /(?:['’](?:[sSdDmM]|re|ve|ll|RE|VE|LL)|[nN]['’][tT])$/u;

/** Hard cap on tokens per call: keeps recognition bounded on hostile pages. */
export const MAX_TOKENS = 400_000;

/**
 * Splits text into tokens with offsets.
 *
 * @example
 *   tokenize("Stripe's CEO, Patrick.").map((t) => t.text)
 *   // ['Stripe', "'s", 'CEO', ',', 'Patrick', '.']
 */
export function tokenize(text: string, maxTokens = MAX_TOKENS): Token[] {
  const out: Token[] = [];
  let last = 0;
  TOKEN_RE.lastIndex = 0;
  for (let m = TOKEN_RE.exec(text); m !== null && out.length < maxTokens; m = TOKEN_RE.exec(text)) {
    let word = m[0];
    let start = m.index;
    const newline = hasNewline(text, last, start);
    // "don't" / "Stripe's" matched as one word: split the clitic off.
    const clitic = word.length > 2 ? CLITIC_TAIL.exec(word) : null;
    if (clitic !== null && clitic.index > 0) {
      out.push({ text: word.slice(0, clitic.index), start, end: start + clitic.index, newline });
      start += clitic.index;
      word = word.slice(clitic.index);
      out.push({ text: word, start, end: start + word.length, newline: false });
      last = start + word.length;
      continue;
    }
    let end = start + word.length;
    // Keep the period of a known abbreviation or an initial ("J. Smith").
    if (text.charCodeAt(end) === 46 /* . */ && isAbbreviation(word)) {
      end += 1;
      word += '.';
      TOKEN_RE.lastIndex = end;
    }
    out.push({ text: word, start, end, newline });
    last = end;
  }
  return out;
}

function isAbbreviation(word: string): boolean {
  if (word.length === 1) return /\p{Lu}/u.test(word);
  return word.length <= 5 && ABBREVIATIONS.has(word.toLowerCase());
}

function hasNewline(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return true;
  }
  return false;
}

/** Sentences longer than this are cut: bounds decoding and matches CoNLL's lengths. */
export const MAX_SENTENCE_TOKENS = 120;
const ENDERS = new Set(['.', '?', '!', '...', '…']);

/**
 * Sentence boundaries over a token list, as `[start, end)` token index pairs.
 * A sentence ends after `.`/`?`/`!` (unless the next token is lower case), before a
 * line break, or at `MAX_SENTENCE_TOKENS`.
 *
 * @example
 *   splitSentences(tokenize('Hi there. Bye.')) // [[0, 3], [3, 5]]
 */
export function splitSentences(tokens: readonly { readonly text: string; readonly newline: boolean }[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = 0;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    if (tok === undefined) break;
    if (i > start && tok.newline) {
      out.push([start, i]);
      start = i;
    }
    const next = tokens[i + 1];
    const ends = ENDERS.has(tok.text) && (next === undefined || !/^\p{Ll}/u.test(next.text));
    if (ends || i + 1 - start >= MAX_SENTENCE_TOKENS) {
      out.push([start, i + 1]);
      start = i + 1;
    }
  }
  if (start < tokens.length) out.push([start, tokens.length]);
  return out;
}
