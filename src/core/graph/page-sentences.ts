/**
 * The bounds of the sentences a page record keeps: the page's main-text sentences in
 * order, so questions can be answered from what was read when no relation was extracted
 * and the page can be re-read when the recognizer or the relation model improves (a
 * better recognizer finds names in sentences the old one saw none in). When a page has
 * more than the bounds allow, the sentences naming its entities are kept first. Shared by
 * the graph service (which cuts what it stores), the import check (which refuses more),
 * the store-wide budget (`ingest/reread-sentence-budget.ts`) and the tests.
 */

/** Sentences kept per page: a long article names its entities in ~100; beyond that it is a list page. */
export const MAX_PAGE_SENTENCES = 200;
/** UTF-8 bytes of sentences per page: 200 sentences of ~300 bytes, so a page never costs more than ~60 kB. */
export const MAX_PAGE_SENTENCE_BYTES = 60_000;
/** Characters per sentence: the sentence splitter cuts at 1,000; quoted back in an answer, 600 reads whole. */
export const MAX_SENTENCE_CHARS = 600;
/**
 * Default bound on the sentence text of all pages together, in MB (the capture setting
 * `sentenceStoreMb`): the 189 corpus pages keep 6.1 kB each on average (p50 4.1 kB, p95 19 kB:
 * `bench/sentence-bytes.ts`), so 50 MB holds the text of ~8,000 pages, a small share of a
 * browser profile's quota.
 */
export const DEFAULT_SENTENCE_STORE_MB = 50;

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
 * and repeats dropped, then kept in order within the count and byte bounds. When the
 * bounds cut, the sentences `preferred` marks (those naming an entity) are kept first and
 * the others fill what is left; either way the result is in text order.
 *
 * @example
 *   boundSentences(['Stripe acquired Paystack.', '  ', 'Stripe acquired Paystack.']) // ['Stripe acquired Paystack.']
 */
export function boundSentences(sentences: readonly string[], preferred?: (index: number) => boolean): string[] {
  const all: { readonly text: string; readonly bytes: number; readonly first: boolean }[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const [i, raw] of sentences.entries()) {
    const s = raw.replace(/\s+/g, ' ').trim().slice(0, MAX_SENTENCE_CHARS);
    if (s.length === 0 || seen.has(s)) continue;
    seen.add(s);
    const bytes = utf8Bytes(s);
    total += bytes;
    all.push({ text: s, bytes, first: preferred?.(i) ?? true });
  }
  if (all.length <= MAX_PAGE_SENTENCES && total <= MAX_PAGE_SENTENCE_BYTES) return all.map((s) => s.text);
  // Two passes: the preferred sentences in order while they fit, then the others in the room left.
  const keep = new Set<number>();
  let bytes = 0;
  for (const pass of [true, false]) {
    for (const [i, s] of all.entries()) {
      if (keep.size >= MAX_PAGE_SENTENCES) break;
      if (s.first !== pass || bytes + s.bytes > MAX_PAGE_SENTENCE_BYTES) continue;
      keep.add(i);
      bytes += s.bytes;
    }
  }
  return all.flatMap((s, i) => (keep.has(i) ? [s.text] : []));
}

/** UTF-8 bytes of a page's stored sentences. */
export function sentenceBytes(sentences: readonly string[] | undefined): number {
  let n = 0;
  for (const s of sentences ?? []) n += utf8Bytes(s);
  return n;
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
