/**
 * Tokenization with character offsets and sentence splitting for the rule-based
 * recognizer. Abbreviations keep their period ("U.S.", "Inc.", "Dr."); other
 * trailing punctuation is its own token; new lines always end a sentence.
 */

export interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Words, numbers, and names with inner marks (Node.js, O'Neill, AT&T, C++, C#), or one other character. */
const TOKEN_RE = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:[.'’&\-/][\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*(?:\+\+|#(?![\p{L}\p{N}]))?\.?|\S/gu;
const LETTER_DOTS = /^(?:\p{L}\.){2,}$|^\p{Lu}\.$/u;
/** Abbreviations that keep their final period. */
const ABBREVIATIONS = new Set([
  'Inc.',
  'Corp.',
  'Co.',
  'Ltd.',
  'Mr.',
  'Mrs.',
  'Ms.',
  'Dr.',
  'Prof.',
  'St.',
  'Jr.',
  'Sr.',
  'Gen.',
  'Col.',
  'Lt.',
  'Sgt.',
  'Capt.',
  'Rep.',
  'Sen.',
  'Gov.',
  'Rev.',
  'Mt.',
  'Ft.',
  'No.',
  'vs.',
  'etc.',
  'e.g.',
  'i.e.',
  'Bros.',
  'Dept.',
  'Univ.',
  'Ave.',
  'Blvd.',
  'Jan.',
  'Feb.',
  'Aug.',
  'Sept.',
  'Oct.',
  'Nov.',
  'Dec.',
]);
/** Tokens after which a period does not end the sentence. */
const NON_FINAL = new Set([
  'Mr.',
  'Mrs.',
  'Ms.',
  'Dr.',
  'Prof.',
  'St.',
  'Gen.',
  'Col.',
  'Lt.',
  'Sgt.',
  'Capt.',
  'Rep.',
  'Sen.',
  'Gov.',
  'Rev.',
  'Mt.',
  'No.',
  'vs.',
  'e.g.',
  'i.e.',
]);

/**
 * @example
 *   tokenize('Dr. Smith joined Acme Inc. today.').map((t) => t.text)
 *   // ['Dr.', 'Smith', 'joined', 'Acme', 'Inc.', 'today', '.']
 */
export function tokenize(text: string, maxTokens = Number.POSITIVE_INFINITY): Token[] {
  const out: Token[] = [];
  TOKEN_RE.lastIndex = 0;
  for (let m = TOKEN_RE.exec(text); m !== null && out.length < maxTokens; m = TOKEN_RE.exec(text)) {
    const raw = m[0];
    const start = m.index;
    const possessive = /^(.+?)(['’][sS])$/u.exec(raw);
    if (possessive !== null && possessive[1] !== undefined && possessive[2] !== undefined) {
      // "Stripe's" → "Stripe" + "'s": the name without its possessive.
      const head = possessive[1];
      out.push({ text: head, start, end: start + head.length });
      out.push({ text: possessive[2], start: start + head.length, end: start + raw.length });
    } else if (raw.length > 1 && raw.endsWith('.') && !LETTER_DOTS.test(raw) && !ABBREVIATIONS.has(raw)) {
      out.push({ text: raw.slice(0, -1), start, end: start + raw.length - 1 });
      out.push({ text: '.', start: start + raw.length - 1, end: start + raw.length });
    } else {
      out.push({ text: raw, start, end: start + raw.length });
    }
  }
  return out;
}

/**
 * Sentence ranges over `tokens` as [first, last + 1): a sentence ends at a new
 * line, or at . ! ? (not after a title abbreviation) followed by a capital or quote.
 */
export function sentences(text: string, tokens: readonly Token[]): [number, number][] {
  const out: [number, number][] = [];
  let first = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const tok = tokens[i];
    const next = tokens[i + 1];
    if (tok === undefined) continue;
    if (next === undefined) break;
    const gap = text.slice(tok.end, next.start);
    const newline = gap.includes('\n');
    const terminal =
      (tok.text === '.' ||
        tok.text === '!' ||
        tok.text === '?' ||
        (tok.text.endsWith('.') && tok.text.length > 1 && !NON_FINAL.has(tok.text) && !/^(?:\p{L}\.)+$/u.test(tok.text))) &&
      gap.length > 0 &&
      /^[\p{Lu}"“'‘(\p{N}]/u.test(next.text);
    if (newline || terminal) {
      out.push([first, i + 1]);
      first = i + 1;
    }
  }
  if (first < tokens.length) out.push([first, tokens.length]);
  return out;
}
