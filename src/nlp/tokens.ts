/**
 * The language engine's tokenizer: the one place that decides where the words of a page
 * are. Close to CoNLL-2003's tokenization (punctuation split off, `'s`/`n't` clitics
 * separate, abbreviations such as `U.S.` and numbers such as `1,000.5` kept whole), with
 * every token mapped back to character offsets in the original text. Capture's
 * recognizers read these tokens; the relation classifier and question-time reading read
 * them through the two views below (`wordPieces`, `lowerWords`), which only cut them finer.
 */
import { ABBREVIATIONS, NUMBER_ABBREVIATIONS } from './abbreviations';

export interface Token {
  readonly text: string;
  /** Offset of the first character in the input text. */
  readonly start: number;
  /** Offset just past the last character. */
  readonly end: number;
  /** True when a line break separates this token from the previous one. */
  readonly newline: boolean;
}

/*
 * One token per match, tried in order:
 *  1. clitics ('s, 're, n't …) so "Contoso's" gives "Contoso" + "'s" as in CoNLL;
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
 *   tokenize("Contoso's CEO, Ada.").map((t) => t.text)
 *   // ['Contoso', "'s", 'CEO', ',', 'Ada', '.']
 */
export function tokenize(text: string, maxTokens = MAX_TOKENS): Token[] {
  const out: Token[] = [];
  let last = 0;
  TOKEN_RE.lastIndex = 0;
  for (let m = TOKEN_RE.exec(text); m !== null && out.length < maxTokens; m = TOKEN_RE.exec(text)) {
    let word = m[0];
    let start = m.index;
    const newline = hasNewline(text, last, start);
    // "don't" / "Contoso's" matched as one word: split the clitic off.
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
    if (text.charCodeAt(end) === 46 /* . */ && isAbbreviation(word, text, end + 1)) {
      end += 1;
      word += '.';
      TOKEN_RE.lastIndex = end;
    }
    out.push({ text: word, start, end, newline });
    last = end;
  }
  return out;
}

/** Whether the stop after `word` (the text goes on at `after`) is part of it: an initial or a known abbreviation. */
function isAbbreviation(word: string, text: string, after: number): boolean {
  if (word.length === 1) return /\p{Lu}/u.test(word);
  if (word.length > 6) return false;
  const lower = word.toLowerCase();
  return ABBREVIATIONS.has(lower) || (NUMBER_ABBREVIATIONS.has(lower) && /^\s*\d/u.test(text.slice(after, after + 3)));
}

function hasNewline(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return true;
  }
  return false;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The tokens cut at every mark: runs of letters and digits, and each other character on its
 * own ("Apple's" → Apple ' s, "Node.js" → Node . js), as Re-DocRED tokenizes, which is the
 * form the relation classifier was trained on. A run never stops at a token edge that no
 * space separates ("don't" → don ' t), so this is the tokens' view, not a second tokenizer.
 *
 * @example
 *   wordPieces("Acme's C++ kit").map((t) => t.text) // ['Acme', "'", 's', 'C', '+', '+', 'kit']
 */
export function wordPieces(text: string): Token[] {
  const out: Token[] = [];
  // Whether the last piece is a run of letters and digits (and so may go on).
  let inWord = false;
  for (const token of tokenize(text)) {
    let at = token.start;
    let newline = token.newline;
    for (const ch of token.text) {
      const end = at + ch.length;
      const last = out.at(-1);
      const word = LETTER_OR_DIGIT.test(ch);
      if (word && inWord && last !== undefined && last.end === at) out[out.length - 1] = { ...last, text: last.text + ch, end };
      else out.push({ text: ch, start: at, end, newline });
      inWord = word;
      newline = false;
      at = end;
    }
  }
  return out;
}

/**
 * Lower-case words and commas, the view question-time reading matches names in: the
 * tokens' letters and digits, a dot between two of them kept inside its word ("node.js"),
 * a comma as its own word, every other mark a break.
 *
 * @example
 *   lowerWords('Ada, of Acme-Labs, uses Node.js.') // ['ada', ',', 'of', 'acme', 'labs', ',', 'uses', 'node.js']
 */
export function lowerWords(text: string): string[] {
  const lower = text.toLowerCase();
  const out: string[] = [];
  let word = '';
  let wordEnd = -1;
  for (const token of tokenize(lower)) {
    if (word.length > 0 && token.start !== wordEnd) {
      out.push(word);
      word = '';
    }
    let at = token.start;
    for (const ch of token.text) {
      at += ch.length;
      if (LETTER_OR_DIGIT.test(ch) || (ch === '.' && word.length > 0 && LETTER_OR_DIGIT.test(codePointAt(lower, at)))) {
        word += ch;
        wordEnd = at;
        continue;
      }
      if (word.length > 0) out.push(word);
      word = '';
      if (ch === ',') out.push(',');
    }
  }
  if (word.length > 0) out.push(word);
  return out;
}

/** The whole code point starting at `at` ('' past the end). */
function codePointAt(text: string, at: number): string {
  const cp = text.codePointAt(at);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}
