/**
 * The sentences a page keeps: those of the read main text that hold
 * at least one kept mention, in text order, within the page record's bounds
 * (`core/graph/page-sentences.ts`). One pass over sentences and sorted mentions.
 */
import type { Mention } from '../../core/capture';
import { boundSentences, MAX_PAGE_SENTENCES } from '../../core/graph/page-sentences';
import { splitSentences } from './sentences';

/**
 * @example
 *   pageSentences('Stripe grew. It rained. Ada left Stripe.', mentions) // ['Stripe grew.', 'Ada left Stripe.']
 */
export function pageSentences(text: string, mentions: readonly Mention[]): string[] {
  const starts = mentions.map((m) => m.start).sort((a, b) => a - b);
  const out: string[] = [];
  let mi = 0;
  for (const s of splitSentences(text)) {
    // A few spare ones: bounding drops repeats and may stop on bytes first.
    if (out.length >= MAX_PAGE_SENTENCES * 2) break;
    while (mi < starts.length && (starts[mi] ?? Number.POSITIVE_INFINITY) < s.start) mi += 1;
    if (mi < starts.length && (starts[mi] ?? Number.POSITIVE_INFINITY) < s.end) out.push(text.slice(s.start, s.end));
  }
  return boundSentences(out);
}
