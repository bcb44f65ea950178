/**
 * Co-occurrence without pretending: two kept entities named in the
 * same sentence with no typed relation between them are linked `mentioned_with`, with
 * the sentence, so the neighbourhood shows in `entity_find_related` and the diagram.
 * The label is never a typed fact: the symbolic answerer skips it for typed questions.
 */
import type { AnalyzedRelation } from '../../core/capture';
import { nameKey } from '../../core/text/normalize';
import type { ClassifiedRelation, CoMention } from './extract';

/** The label of a co-occurrence link (also the one the query side ignores). */
export const MENTIONED_WITH = 'mentioned_with';

/**
 * `mentioned_with` links kept per page: enough to show a page's neighbourhood, few
 * enough that co-occurrence never crowds out typed relations (the analysis keeps 100).
 */
export const MAX_MENTIONED_WITH_PER_PAGE = 20;

function pairKey(a: string, b: string): string {
  const [x, y] = [nameKey(a), nameKey(b)].sort();
  return `${x ?? ''}\u0000${y ?? ''}`;
}

/**
 * Merges the page's relations: the hand-written patterns' (`known`) stand; a classified
 * relation is added for a pair the patterns did not relate (they are more precise where
 * they fire); then `mentioned_with` for co-mentioned pairs with no typed relation at all,
 * at most `MAX_MENTIONED_WITH_PER_PAGE`, in text order.
 *
 * @example
 *   mergeRelations([patternFact], classified, coMentions)
 *   // [classified relations of other pairs…, { from: 'A', to: 'B', label: 'mentioned_with', … }]
 */
export function mergeRelations(
  known: readonly AnalyzedRelation[],
  classified: readonly ClassifiedRelation[],
  coMentions: readonly CoMention[],
): AnalyzedRelation[] {
  const related = new Set(known.map((r) => pairKey(r.from, r.to)));
  const out: AnalyzedRelation[] = [];
  const added = new Set<string>();
  for (const r of classified) {
    const key = pairKey(r.from, r.to);
    if (related.has(key)) continue;
    added.add(key);
    out.push(r);
  }
  for (const key of added) related.add(key);
  let links = 0;
  for (const c of coMentions) {
    if (links >= MAX_MENTIONED_WITH_PER_PAGE) break;
    const key = pairKey(c.a, c.b);
    if (related.has(key)) continue;
    related.add(key);
    out.push({ from: c.a, to: c.b, label: MENTIONED_WITH, snippet: c.snippet, origin: 'text' });
    links += 1;
  }
  return out;
}
