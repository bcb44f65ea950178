/**
 * Lists and counts over the whole graph: "list the companies", "most connected".
 */
import type { EntityType } from '../../graph/types';
import { CAPABILITY, MAX_RESULTS_PER_REQUEST } from '../capabilities';
import type { AnswerBlock, QueryResponse } from '../query-response';
import { askRange } from '../question';
import { TYPE_PLURAL } from './phrasing';
import type { Turn } from './turn';

// Entities listed for "most connected".
const TOP_CONNECTED = 5;

/** "List the companies": the entities of one type, most mentioned first, a page at a time. */
export function list(t: Turn, type: EntityType, from = 1): QueryResponse {
  const need = t.ask(`list the ${TYPE_PLURAL[type]}`, [
    ...(t.ctx.definitions ? [] : [{ capabilityId: CAPABILITY.LIST_ENTITY_DEFINITIONS, parameters: {} }]),
    ...(t.ctx.getTypeListing(type)
      ? []
      : [
          {
            capabilityId: CAPABILITY.GET_ENTITIES_BY_DEFINITION,
            parameters: { definition: type, limit: MAX_RESULTS_PER_REQUEST, ...(from > 1 ? { from } : {}) },
          },
        ]),
  ]);
  if (need) return need;
  const count = t.ctx.definitions?.find((d) => d.type === type)?.count;
  const ids = [...(t.ctx.getTypeListing(type) ?? [])];
  const start = t.ctx.typeListingFrom(type);
  if (count === 0 || (count === undefined && ids.length === 0)) {
    return t.answer(
      `Your graph has no ${TYPE_PLURAL[type]} yet.`,
      count === 0 ? 'high' : 'low',
      [],
      ['Which entities are the most connected?'],
    );
  }
  const names = ids.map((id) => t.name(id));
  const what = count === 1 ? type : TYPE_PLURAL[type];
  const last = start + ids.length - 1;
  if (ids.length === 0) {
    return t.answer(`Your graph has ${count ?? 0} ${what}, fewer than ${start}.`, 'high', [], [`List the ${TYPE_PLURAL[type]}`]);
  }
  const head =
    count === undefined
      ? `Some ${TYPE_PLURAL[type]} in your graph, the most mentioned first:`
      : start > 1
        ? `Your graph has ${count} ${what}. Numbers ${start} to ${last} by mentions:`
        : count > ids.length
          ? `Your graph has ${count} ${what}. The ${ids.length} mentioned most often:`
          : `Your graph has ${count} ${what}:`;
  const first = names[0];
  // A cut list offers the rest: the same question, from the next entity on.
  const rest =
    count !== undefined && count > last
      ? [askRange(t.input.question, last + 1, Math.min(count, last + MAX_RESULTS_PER_REQUEST), count)]
      : [];
  return t.answer(
    [
      { kind: 'paragraph', text: head },
      { kind: 'list', items: names },
    ],
    count === undefined ? 'medium' : 'high',
    ids.slice(0, 8),
    [...rest, ...(first ? [`What do we know about ${first}?`] : [])],
  );
}

/** "Which entities are the most connected?": the entities with the most relationships. */
export function mostConnected(t: Turn): QueryResponse {
  const need = t.ask('find the most connected entities', [{ capabilityId: CAPABILITY.LIST_ENTITY_DEFINITIONS, parameters: {} }]);
  if (need) return need;
  const top = (t.ctx.mostConnected ?? []).slice(0, TOP_CONNECTED);
  if (top.length === 0)
    return t.answer('Your graph has no relationships yet, so nothing is connected.', t.ctx.mostConnected ? 'high' : 'low', [], []);
  const items = top.map((c) => `${t.name(c.id)}, with ${c.degree} relationship${c.degree === 1 ? '' : 's'}`);
  const first = top[0];
  const head: AnswerBlock = {
    kind: 'paragraph',
    text: `The ${top.length === 1 ? 'most connected entity' : `${top.length} most connected entities`} in your graph:`,
  };
  return t.answer(
    [head, { kind: 'list', items }],
    'high',
    top.map((c) => c.id),
    first ? [`What do we know about ${t.name(first.id)}?`] : [],
  );
}
