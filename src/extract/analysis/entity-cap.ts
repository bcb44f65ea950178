/**
 * How many entities a page keeps: the configured number (default 25) is for an
 * ordinary article, and a longer page keeps more, growing with the square root of its
 * length, so a long reference page is not cut to the same 25 names as a news brief.
 */

/** A mention this sure was typed by a list or a context cue (`web-names.ts`: 0.85 and 0.9). */
export const CONFIDENT_TYPE_SCORE = 0.85;

/**
 * Confidently typed names (a list or a cue: score ≥ 0.85) mentioned once rank low by
 * salience; up to this many times the cap of them are kept past it.
 */
const SURE_EXTRA_SHARE = 1;

/** Characters of text of the "ordinary article" the configured cap is for (about 900 words). */
const ARTICLE_CHARS = 5_000;

/**
 * @example
 *   pageEntityCap(25, 3_000)  // 25
 *   pageEntityCap(25, 20_000) // 50
 */
export function pageEntityCap(configured: number, textChars: number, ceiling: number): number {
  const growth = Math.sqrt(Math.max(0, textChars) / ARTICLE_CHARS);
  return Math.max(0, Math.min(ceiling, Math.round(configured * Math.max(1, growth))));
}

/**
 * The first `cap` of `ranked` (most salient first), then the sure ones among the rest,
 * up to `cap` more: a name the page mentions once but a list or a cue types is kept.
 *
 * @example
 *   keepRanked(['a', 'b', 'c'], 1, (x) => x === 'c') // ['a', 'c']
 */
export function keepRanked<T>(ranked: readonly T[], cap: number, sure: (t: T) => boolean): T[] {
  const kept = ranked.slice(0, cap);
  const extra = Math.round(cap * SURE_EXTRA_SHARE);
  for (const t of ranked.slice(cap)) {
    if (kept.length >= cap + extra) break;
    if (sure(t)) kept.push(t);
  }
  return kept;
}
