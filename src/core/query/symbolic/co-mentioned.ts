/**
 * "Which companies are mentioned with X?": entities sharing pages with one entity.
 */
import type { EntityId } from '../../graph/ids';
import type { EntityType } from '../../graph/types';
import { CAPABILITY } from '../capabilities';
import type { AnswerClaim, Confidence, QueryResponse } from '../query-response';
import { askRange } from '../question';
import { neighboursOf, UNTYPED_LABELS } from '../relation-words';
import { verbPhrase } from '../sentences';
import { pagesWord, titles, TYPE_PLURAL, TYPE_SINGULAR } from './phrasing';
import type { Turn } from './turn';

// Co-mentioned entities listed in one answer: the list stays readable in a narrow panel.
const CO_MENTIONS_SHOWN = 10;

/**
 * "Which companies are mentioned with Google?": the entities (of the type asked) named on
 * the pages that name the anchor, the most shared pages first, each with page titles;
 * entities linked to it by a relationship (`mentioned_with` included) come after. It says
 * they were mentioned together, never that they are related in a particular way.
 */
export function coMentioned(
  t: Turn,
  anchor: EntityId,
  anchorName: string,
  type: EntityType | undefined,
  exact: boolean,
  from = 1,
): QueryResponse {
  const view = t.ctx.coMentionsOf(anchor, type);
  if (view === undefined) {
    // One turn for the full record and the shared pages: the loop allows few turns.
    const expand = t.ctx.isExpanded(anchor) ? [] : [{ capabilityId: CAPABILITY.EXPAND_ENTITY, parameters: { entityId: anchor } }];
    const need = t.ask(`find what is mentioned with ${anchorName}`, [
      ...expand,
      {
        capabilityId: CAPABILITY.FIND_CO_MENTIONED,
        parameters: { entityId: anchor, ...(type ? { definition: type } : {}), ...(from > 1 ? { from } : {}) },
      },
    ]);
    if (need) return need;
  }
  // A stated relation before a co-mention link, when a neighbour has both.
  const rels = [...t.relsOf(anchor)].sort((x, y) => Number(UNTYPED_LABELS.has(x.label)) - Number(UNTYPED_LABELS.has(y.label)));
  const inSentence = new Set<string>(
    neighboursOf(
      rels.filter((r) => UNTYPED_LABELS.has(r.label)),
      anchor,
    ).map((f) => f.id),
  );
  // Among entities on as many pages, those named in the same sentence as the anchor first.
  const entries = [...(view?.entries ?? [])]
    .sort((x, y) => y.sharedPages - x.sharedPages || Number(inSentence.has(y.id)) - Number(inSentence.has(x.id)))
    .slice(0, CO_MENTIONS_SHOWN);
  const total = view?.total ?? 0;
  const start = view?.from ?? 1;
  const onPages = new Set<string>(view?.entries.map((e) => e.id));
  // Linked entities the pages did not show, unless the page list was cut (they would only be the less shared).
  const linked =
    total > (view?.entries.length ?? 0) || start > 1
      ? []
      : neighboursOf(rels, anchor).filter((f) => (!type || f.type === type) && !onPages.has(f.id));
  const one = type ? TYPE_SINGULAR[type] : 'entity';
  if (entries.length === 0 && linked.length === 0) {
    return t.answer(
      start > 1 ? `Your graph has no more than ${total} to list.` : `No ${one} shares a page with ${anchorName} in your graph.`,
      view && exact ? 'medium' : 'low',
      [anchor],
      [`What do we know about ${anchorName}?`],
    );
  }
  const items = [
    ...entries.map((e) => `${e.name}, on ${pagesWord(e.sharedPages)}: ${titles(e.pages, e.sharedPages)}`),
    ...linked.map((f) =>
      UNTYPED_LABELS.has(f.via.label)
        ? `${f.name}, named with ${anchorName} in a sentence`
        : `${f.via.fromName} ${verbPhrase(f.via.label)} ${f.via.toName}`,
    ),
  ];
  // Each entity's claim cites the pages naming both, with a sentence of each naming it; a link, its relationship.
  const claims: AnswerClaim[] = [
    ...entries.map((e): AnswerClaim => ({ value: e.name, entityId: e.id, basis: 'sentence', pages: e.pages })),
    ...linked.map((f): AnswerClaim => ({
      value: f.name,
      entityId: f.id,
      basis: UNTYPED_LABELS.has(f.via.label) ? 'sentence' : 'fact',
      relationshipId: f.via.id,
      pages: [],
    })),
  ];
  const ids = [...entries.map((e) => e.id), ...linked.map((f) => f.id)];
  const first = entries[0];
  const confidence: Confidence = view ? (exact ? 'high' : 'medium') : 'low';
  const last = start + entries.length - 1;
  // A cut list offers the rest: the same question, from the next entity on.
  const rest = total > last ? [askRange(t.input.question, last + 1, Math.min(total, last + CO_MENTIONS_SHOWN), total)] : [];
  const followUps = [...rest, `How are ${t.name(ids[0] ?? anchor)} and ${anchorName} connected?`];
  if (ids.length === 1 && first && start === 1) {
    return t.answer(
      `${first.name} shares ${pagesWord(first.sharedPages)} with ${anchorName} in your graph: ${titles(first.pages, first.sharedPages)}.`,
      confidence,
      [first.id, anchor],
      followUps,
      claims,
    );
  }
  const what = type ? TYPE_PLURAL[type] : 'entities';
  const head =
    entries.length === 0
      ? `No ${one} shares a page with ${anchorName} in your graph, but these are linked to it:`
      : start > 1
        ? `${total} ${what} share a page with ${anchorName} in your graph. Numbers ${start} to ${last}, the most shared first:`
        : total > entries.length
          ? `${total} ${what} share a page with ${anchorName} in your graph. The ${entries.length} sharing the most:`
          : `${total} ${what} share a page with ${anchorName} in your graph, the most shared first:`;
  return t.answer(
    [
      { kind: 'paragraph', text: head },
      { kind: 'list', items },
    ],
    confidence,
    [...ids, anchor].slice(0, 8),
    followUps,
    claims,
  );
}
