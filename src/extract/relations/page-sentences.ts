/**
 * The sentences a page keeps: every sentence of the read main text, in text order, within
 * the page record's bounds (`core/graph/page-sentences.ts`); when the bounds cut, those
 * holding a kept mention are kept first (they answer questions today; the others are there
 * for a better recognizer to re-read). One pass over sentences and sorted mentions.
 */
import type { Mention } from '../../core/capture';
import { boundSentences } from '../../core/graph/page-sentences';
import { splitSentences } from '../../nlp';

/**
 * @example
 *   pageSentences('Stripe grew. It rained. Ada left Stripe.', mentions) // ['Stripe grew.', 'It rained.', 'Ada left Stripe.']
 */
export function pageSentences(text: string, mentions: readonly Mention[]): string[] {
  const starts = mentions.map((m) => m.start).sort((a, b) => a - b);
  const out: string[] = [];
  const named: boolean[] = [];
  let mi = 0;
  // Every sentence (the text is at most 200k characters, so this list is bounded): the bound picks.
  for (const s of splitSentences(text)) {
    while (mi < starts.length && (starts[mi] ?? Number.POSITIVE_INFINITY) < s.start) mi += 1;
    named.push(mi < starts.length && (starts[mi] ?? Number.POSITIVE_INFINITY) < s.end);
    out.push(text.slice(s.start, s.end));
  }
  return boundSentences(out, (i) => named[i] === true);
}
