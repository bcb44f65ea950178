/**
 * The text pieces of the Markdown export, kept apart from the notes they make up: note
 * names that are file names everywhere and valid inside `[[…]]`, page text flattened so it
 * cannot open Markdown structure, and YAML front matter where every value from outside is
 * a double-quoted scalar (a page title can hold `: # --- \n` or a lone surrogate and still
 * be one string property, never a second key or the end of the block).
 *
 * @example
 *   frontMatter([['title', 'a: "b"\n---'], ['created', bare('2026-11-25')]])
 *   // ['---', 'title: "a: \\"b\\"\\n---"', 'created: 2026-11-25', '---']
 */
import { isWebUrl } from './web-url';

/**
 * Longest note name in UTF-8 bytes: macOS and Linux allow 255 bytes a file name, which
 * leaves room for a homonym's " (99)" and ".md".
 */
const MAX_NOTE_BYTES = 180;
/** Device names Windows reserves, with or without an extension. */
const WINDOWS_RESERVED = /^(?:con|prn|aux|nul|com\d|lpt\d)$/i;

/** Bytes of one code point in UTF-8. */
function utf8Size(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** Cuts `text` to at most `max` UTF-8 bytes, on a character boundary. */
function cutBytes(text: string, max: number): string {
  let bytes = 0;
  let out = '';
  for (const ch of text) {
    const size = utf8Size(ch.codePointAt(0) ?? 0);
    if (bytes + size > max) break;
    bytes += size;
    out += ch;
  }
  return out;
}

/** Windows drops trailing dots and spaces from file names: they go here first (a loop, not a backtracking pattern). */
function withoutTrailingDotsOrSpaces(text: string): string {
  let end = text.length;
  while (end > 0 && (text.charAt(end - 1) === '.' || /\s/.test(text.charAt(end - 1)))) end -= 1;
  return text.slice(0, end);
}

/**
 * A note name that is a valid file name on Windows and macOS and valid inside `[[…]]`.
 *
 * @example noteName('a/b [x]#y|z') // 'a b x y z'
 * @example noteName('nul.txt') // 'nul_.txt'
 */
export function noteName(name: string): string {
  const flat = name
    .normalize('NFC')
    .replace(/[[\]#^|\\/:*?"<>]/g, ' ')
    .replace(/\p{Cc}|\p{Cf}|\p{Cs}/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '');
  const safe = withoutTrailingDotsOrSpaces(cutBytes(flat, MAX_NOTE_BYTES));
  if (safe.length === 0) return 'Untitled';
  // "NUL.txt" is as reserved as "NUL": the mark goes on the part before the first dot.
  const dot = safe.indexOf('.');
  const stem = dot < 0 ? safe : safe.slice(0, dot);
  return WINDOWS_RESERVED.test(stem) ? `${stem}_${safe.slice(stem.length)}` : safe;
}

/**
 * Text from pages, flattened to one line so it cannot open a heading, list, quote, link,
 * embed, tag, math or comment; a blockquote line holding it stays one blockquote line.
 *
 * @example inline('# Hi\n[[x]]') // '\\# Hi \\[\\[x\\]\\]'
 */
export function inline(text: string): string {
  return (
    text
      .replace(/\s+/g, ' ')
      // `$` opens math, `%%` a comment, `==` a highlight, `~~` a strike-through, `^` a block id in Obsidian.
      .replace(/([[\]`*_<>|#!\\$%=~^])/g, '\\$1')
      .trim()
  );
}

/**
 * A YAML double-quoted scalar: JSON's escapes are YAML's, and the characters YAML does not
 * allow as they are (C1 controls, line and paragraph separators, byte-order marks) are
 * escaped too. A lone surrogate (which YAML cannot escape) becomes U+FFFD.
 *
 * @example yamlString('a: b\n---') // '"a: b\\n---"'
 */
export function yamlString(text: string): string {
  return JSON.stringify(text.replace(/\p{Cs}/gu, '\ufffd')).replace(
    /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A front matter value written without quotes: only words Ariadne wrote itself (a type, an ISO date). */
export class BareValue {
  private constructor(readonly text: string) {}

  /** Refuses anything but letters, digits, `-`, `:` and `.` (so a bare value cannot start a comment, a flow or a second key). */
  static of(text: string): BareValue {
    if (!/^[A-Za-z0-9][A-Za-z0-9.:-]*$/.test(text)) throw new Error(`not a bare YAML word: ${JSON.stringify(text)}`);
    return new BareValue(text);
  }
}

export const bare = (text: string): BareValue => BareValue.of(text);

/** A field of the front matter: a quoted string, a list of quoted strings (left out when empty) or a bare word. */
export type FrontValue = string | readonly string[] | BareValue;

/** The front matter block: keys as given (Ariadne's own), strings quoted, bare words as they are. */
export function frontMatter(fields: readonly (readonly [string, FrontValue | undefined])[]): string[] {
  const lines = ['---'];
  for (const [key, value] of fields) {
    if (value === undefined) continue;
    if (value instanceof BareValue) lines.push(`${key}: ${value.text}`);
    else if (typeof value === 'string') lines.push(`${key}: ${yamlString(value)}`);
    else if (value.length > 0) lines.push(`${key}:`, ...value.map((v) => `  - ${yamlString(v)}`));
  }
  lines.push('---');
  return lines;
}

/** `YYYY-MM-DD` of a time in ms (UTC). */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A link to a page: a Markdown link only for an http(s) address, plain text otherwise. */
export function pageLink(url: string, title: string): string {
  const text = inline(title || url);
  if (!isWebUrl(url)) return `${text} (${inline(url)})`;
  return `[${text}](<${url.replace(/[<>\s]/g, encodeURIComponent)}>)`;
}
