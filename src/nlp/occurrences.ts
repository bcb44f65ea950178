/**
 * Where a name stands in a text as whole words: the one scan behind the readers that look a
 * known name up again in page text (sentence reading, the fallback gate's "written twice",
 * the italic titles' other occurrences).
 */

const WORD_CHAR = /[\p{L}\p{N}]/u;
const isWordChar = (ch: string | undefined): boolean => ch !== undefined && WORD_CHAR.test(ch);

export interface OccurrenceLimits {
  /** Stop once this many whole-word occurrences are found. */
  readonly found?: number;
  /** Stop once this many occurrences (whole words or not) are looked at: a page may repeat one word everywhere. */
  readonly looked?: number;
}

/**
 * Start offsets where `form` stands as whole words in `text` (no letter or digit right
 * before or after it), in text order, within `limits`.
 *
 * @example
 *   wholeWordsAt('Vornquist met Vornquistan and Vornquist.', 'Vornquist') // [0, 30]
 */
export function wholeWordsAt(text: string, form: string, limits: OccurrenceLimits = {}): number[] {
  const out: number[] = [];
  if (form.length === 0) return out;
  const found = limits.found ?? Infinity;
  const looked = limits.looked ?? Infinity;
  let seen = 0;
  for (let at = text.indexOf(form); at >= 0 && seen < looked && out.length < found; at = text.indexOf(form, at + 1)) {
    seen += 1;
    if (!isWordChar(text[at - 1]) && !isWordChar(text[at + form.length])) out.push(at);
  }
  return out;
}
