/**
 * The bounds of the sentences a page record keeps: the main-text
 * sentences that name at least one of the page's entities, so questions can be answered
 * from what was read when no relation was extracted. Shared by the graph service (which
 * cuts what it stores), the import check (which refuses more) and the tests.
 */

/** Sentences kept per page: a long article names its entities in ~100; beyond that it is a list page. */
export const MAX_PAGE_SENTENCES = 200;
/** UTF-8 bytes of sentences per page: 200 sentences of ~300 bytes, so a page never costs more than ~60 kB. */
export const MAX_PAGE_SENTENCE_BYTES = 60_000;
/** Characters per sentence: the sentence splitter cuts at 1,000; quoted back in an answer, 600 reads whole. */
export const MAX_SENTENCE_CHARS = 600;

/** UTF-8 length of `s` without an encoder (core runs without DOM globals). */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i += 1;
    } else n += 3;
  }
  return n;
}

/**
 * The sentences as stored: spaces folded, each cut to `MAX_SENTENCE_CHARS`, empty ones
 * and repeats dropped, then kept in order until the count or byte bound.
 *
 * @example
 *   boundSentences(['Stripe acquired Paystack.', '  ', 'Stripe acquired Paystack.']) // ['Stripe acquired Paystack.']
 */
export function boundSentences(sentences: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let bytes = 0;
  for (const raw of sentences) {
    if (out.length >= MAX_PAGE_SENTENCES) break;
    const s = raw.replace(/\s+/g, ' ').trim().slice(0, MAX_SENTENCE_CHARS);
    if (s.length === 0 || seen.has(s)) continue;
    const b = utf8Bytes(s);
    if (bytes + b > MAX_PAGE_SENTENCE_BYTES) break;
    seen.add(s);
    bytes += b;
    out.push(s);
  }
  return out;
}

/** True when `sentences` is within the bounds (the import check). */
export function sentencesWithinBounds(sentences: readonly unknown[]): boolean {
  if (sentences.length > MAX_PAGE_SENTENCES) return false;
  let bytes = 0;
  for (const s of sentences) {
    if (typeof s !== 'string' || s.length > MAX_SENTENCE_CHARS) return false;
    bytes += utf8Bytes(s);
  }
  return bytes <= MAX_PAGE_SENTENCE_BYTES;
}
