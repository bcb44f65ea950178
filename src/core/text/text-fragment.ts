/**
 * Links that open a page at a quoted passage: URL text fragments
 * (`#:~:text=start,end`, WICG Scroll-to-Text-Fragment), built from a stored quote.
 *
 * The quote is page text, so it is only ever percent-encoded into the fragment: every
 * character `encodeURIComponent` escapes, plus `-` (which the directive uses to mark
 * a prefix or suffix); `&` and `,` (which separate directives and terms) are escaped
 * by `encodeURIComponent` already. A long quote becomes a range (its first and last
 * words), so small differences in its middle (a cut, a collapsed space) still match.
 */
import { citedPage } from './pdf-page-cite';

/** Quotes of at most this many words are matched whole; longer ones as first…last words. */
const WHOLE_QUOTE_WORDS = 8;
/** Words taken from each end of a longer quote. */
const RANGE_WORDS = 4;
/** Longest quote read (snippets are bounded already; this bounds the work on any input). */
const MAX_QUOTE_CHARS = 2000;

/** A term of a text directive: percent-encoded, `-` included. */
export function encodeFragmentTerm(term: string): string {
  return encodeURIComponent(term).replaceAll('-', '%2D');
}

const CUT_MARKS = new Set(['.', '…']);

/** `word` without the dots and ellipses at its ends (a loop: linear on any input). */
function trimCutMarks(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && CUT_MARKS.has(word.charAt(start))) start++;
  while (end > start && CUT_MARKS.has(word.charAt(end - 1))) end--;
  return word.slice(start, end);
}

/** The quote's words, without the ellipses and periods a snippet cut leaves at its ends. */
function quoteWords(quote: string): string[] {
  const words = quote
    .slice(0, MAX_QUOTE_CHARS)
    .split(/\s+/u)
    .filter((w) => w !== '');
  const first = words[0];
  if (first !== undefined) words[0] = trimCutMarks(first);
  const last = words.at(-1);
  if (last !== undefined) words[words.length - 1] = trimCutMarks(last);
  return words.filter((w) => w !== '');
}

/** The text directive for `quote` (`text=…`), or undefined when it has no words. */
export function textDirective(quote: string): string | undefined {
  const words = quoteWords(quote);
  if (words.length === 0) return undefined;
  if (words.length <= WHOLE_QUOTE_WORDS) return `text=${encodeFragmentTerm(words.join(' '))}`;
  const start = words.slice(0, RANGE_WORDS).join(' ');
  const end = words.slice(-RANGE_WORDS).join(' ');
  return `text=${encodeFragmentTerm(start)},${encodeFragmentTerm(end)}`;
}

/**
 * `url` with a text fragment that scrolls to and highlights `quote`; an earlier text
 * fragment is replaced, an ordinary `#anchor` kept before it. Non-web URLs and empty
 * quotes come back unchanged.
 *
 * @example
 *   urlAtQuote('https://example.com/a#top', 'Stripe acquired Paystack.');
 *   // 'https://example.com/a#top:~:text=Stripe%20acquired%20Paystack'
 */
export function urlAtQuote(url: string, quote: string): string {
  if (!/^https?:\/\//iu.test(url)) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  // A PDF's evidence cites its page: the browser's PDF viewer opens at `#page=N` (text fragments do not reach into a PDF).
  const page = citedPage(quote);
  if (page !== undefined) return `${base}#page=${page}`;
  const directive = textDirective(quote);
  if (directive === undefined) return url;
  const hash = hashAt === -1 ? '' : url.slice(hashAt + 1);
  const directiveAt = hash.indexOf(':~:');
  const anchor = directiveAt === -1 ? hash : hash.slice(0, directiveAt);
  return `${base}#${anchor}:~:${directive}`;
}
