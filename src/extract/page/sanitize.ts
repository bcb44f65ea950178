/**
 * Turns untrusted page strings into safe, bounded plain text: markup stripped,
 * common HTML entities decoded, control and zero-width characters removed,
 * NFKC-normalized and cut to a length. Used for names, snippets and metadata.
 */
import { ownValue } from '../../core/records';
import { cleanText } from '../../core/text/normalize';

// C0/C1 control characters (tab/newline included: names and metadata are one line).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// Zero-width, bidi override and other invisible format characters (spoofing vectors).
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]/g;
const TAG = /<\/?[a-zA-Z!][^<>]{0,2000}>/g;
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  hellip: '…',
  copy: '©',
  reg: '®',
  trade: '™',
};

/** Decodes `&amp;`, `&#39;`, `&#x2019;` and a few named entities; leaves unknown ones. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ownValue(NAMED_ENTITIES, body.toLowerCase()) ?? whole;
  });
}

/** Removes control and invisible characters but keeps new lines (for main text). */
export function stripInvisible(text: string, keepNewlines = false): string {
  const noInvisible = text.replace(INVISIBLE, '');
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return keepNewlines ? noInvisible.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, ' ') : noInvisible.replace(CONTROL, ' ');
}

/** Format characters (zero-width spaces and joiners, bidi controls, soft hyphen, BOM, tags): invisible, and they split runs of spaces. */
const FORMAT = /\p{Cf}/gu;
// Control characters other than the line feed (tab, CR, VT, FF, NEL, C1).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;
/** A run of Unicode white space other than the line feed (incl. U+00A0, U+1680, U+202F, U+205F, U+2028, U+2029, U+3000). */
const SPACE_RUN = /[^\P{White_Space}\n]+/gu;
/** Spaces and line feeds around a line feed: one line feed (after SPACE_RUN each space run is one character). */
const LINE_BREAK_RUN = / ?\n[\n ]*/g;

/**
 * Page text as analysis reads it: format characters removed, every other Unicode white
 * space (`\p{White_Space}` and control characters) folded to one ASCII space, line breaks
 * kept as one `\n`, ends trimmed. After this no run of white space is longer than one
 * character, so no pattern can be made to backtrack over one.
 * Linear: each pattern here consumes what it starts on and never fails after a run.
 *
 * @example
 *   foldWhitespace('Acme\u202f\u202f\u2028 is\u200b a firm.\n \n\tNext') // 'Acme is a firm.\nNext'
 */
export function foldWhitespace(text: string): string {
  return text.replace(FORMAT, '').replace(CONTROL_BUT_LF, ' ').replace(SPACE_RUN, ' ').replace(LINE_BREAK_RUN, '\n').trim();
}

/** Cuts to at most `max` UTF-16 units without splitting a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/**
 * A single-line, markup-free, bounded string, or `undefined` when nothing is left.
 *
 * @example
 *   sanitizeLine('<b>Stripe</b>,&nbsp;Inc.\u200b', 200) // 'Stripe, Inc.'
 */
export function sanitizeLine(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  // Bound the work before any regex runs: untrusted values can be megabytes long.
  const raw = String(value).slice(0, max * 4 + 64);
  const text = cleanText(stripInvisible(decodeEntities(raw.replace(TAG, ' '))).replace(TAG, ' '));
  const cut = truncate(text, max).trim();
  return cut.length > 0 ? cut : undefined;
}

/** "By Jane Doe" → "Jane Doe" (a byline's "by" in a few languages); undefined when nothing is left. */
export function stripBy(byline: string | undefined): string | undefined {
  if (byline === undefined) return undefined;
  const stripped = byline.replace(/^(?:by|von|par|por|di|door)\s*:?\s+/i, '').trim();
  return stripped.length > 0 ? stripped : undefined;
}
