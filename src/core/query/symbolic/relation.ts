/**
 * Who-did-X lists: "which companies use X?", "what does X develop?" from stored relations,
 * then what the pages also state.
 */
import type { EntityType } from '../../graph/types';
import { counted, listAll, uniqueValues } from '../answer-values';
import type { QueryResponse } from '../query-response';
import type { Intent } from '../question';
import { isCoMentionRelation, relatedBy } from '../relation-words';
import { pluralVerbPhrase, verbPhrase } from '../sentences';
import { TYPE_PLURAL, verbForm } from './phrasing';
import { coMentioned } from './co-mentioned';
import { alsoRead, fromSentences, notFound } from './read-answers';
import { isNeeds, MORE_RELATIONSHIPS, type Turn } from './turn';

/** "Which companies use X?", "What does X develop?": stored relations by the question's verb, then readings. */
export function relation(
  t: Turn,
  relation: string,
  object: string,
  direction: 'in' | 'out',
  type: EntityType | undefined,
  from = 1,
): QueryResponse {
  const res = t.resolve(object);
  if (isNeeds(res)) return res;
  if (res === 'missing')
    return notFound(t, object, { kind: 'relation', relation, object, direction, ...(type ? { entityType: type } : {}) });
  const anchor = res.ids[0];
  if (!anchor) return notFound(t, object);
  if (isCoMentionRelation(relation)) return coMentioned(t, anchor, t.name(anchor), type, res.exact, from);
  const need = t.expand([anchor]) ?? t.moreRelationships(anchor);
  if (need) return need;
  const anchorName = t.name(anchor);
  const found = relatedBy(t.relsOf(anchor), anchor, relation, direction).filter((f) => !type || f.type === type);
  const what = type ? TYPE_PLURAL[type] : direction === 'in' ? 'entities' : 'things';
  if (found.length === 0) {
    const read = fromSentences(t, anchor, { kind: 'relation', relation, object, direction, ...(type ? { entityType: type } : {}) });
    if (read) return read;
    const text =
      direction === 'in'
        ? `Your graph has no ${what} that ${verbForm(relation, 'plural')} ${anchorName}.`
        : `Your graph does not say what ${anchorName} ${verbForm(relation, 'singular')}${type ? ` among ${what}` : ''}.`;
    return t.answer(
      `${text} (I looked at ${t.relsOf(anchor).length} of its relationships.)`,
      'low',
      [anchor],
      [`What do we know about ${anchorName}?`],
    );
  }
  const intent: Intent = { kind: 'relation', relation, object, direction, ...(type ? { entityType: type } : {}) };
  const also = alsoRead(t, anchor, intent, new Set(found.map((f) => f.id)));
  if (isNeeds(also)) return also;
  const facts = uniqueValues(
    found.map((f) => ({ name: f.name, id: f.id, type: f.type, basis: 'fact' as const, relationshipId: f.via.id, pages: [] })),
  );
  const noun = type ? TYPE_PLURAL[type] : undefined;
  // Grouped by label and by the side the anchor stands on, so each sentence states the stored
  // edge the way it points ("TikTok is a subsidiary of ByteDance" for "who owns TikTok?").
  const byEdge = new Map<string, { label: string; anchorFirst: boolean; names: string[] }>();
  for (const f of found) {
    const anchorFirst = f.via.from === anchor;
    const key = `${f.via.label}|${anchorFirst}`;
    const group = byEdge.get(key) ?? { label: f.via.label, anchorFirst, names: [] };
    if (!group.names.includes(f.name)) group.names.push(f.name);
    byEdge.set(key, group);
  }
  // Labels come from the data ("uses", "founded_by"), so the sentence quotes them rather than conjugating the user's verb.
  const groups = [...byEdge.values()];
  const [only] = groups;
  const sentence = (g: { label: string; anchorFirst: boolean; names: string[] }, count?: string): string => {
    const list = count === undefined ? listAll(g.names) : `${count}: ${listAll(g.names)}`;
    if (g.anchorFirst) return `${anchorName} ${verbPhrase(g.label)} ${list}.`;
    if (count !== undefined) return `${count} ${pluralVerbPhrase(g.label)} ${anchorName}: ${listAll(g.names)}.`;
    return `${list} ${g.names.length === 1 ? verbPhrase(g.label) : pluralVerbPhrase(g.label)} ${anchorName}.`;
  };
  // Several values: how many, then which ("Acme uses 3 technologies: …"); over several labels, the count after.
  const factText =
    groups.length === 1 && only
      ? sentence(only, facts.length > 1 ? counted(facts, noun) : undefined)
      : `${groups.map((g) => sentence(g)).join(' ')} That is ${counted(facts, noun)} in all.`;
  const firstName = facts[0]?.name ?? anchorName;
  // The answer's subjects first, then the entity asked about (entity_query lists them in this order).
  return t.valuesAnswer({
    factText,
    facts,
    also,
    exact: res.exact,
    ...(noun === undefined ? {} : { noun }),
    ...(t.truncatedRelationships(anchor) ? { incomplete: MORE_RELATIONSHIPS } : {}),
    sourceIds: [...found.map((f) => f.id), anchor],
    followUps: [`What do we know about ${firstName}?`, `How are ${firstName} and ${anchorName} connected?`],
  });
}

/** True when `id` has more relationships than the context read: the rest were not asked for, or fill what was asked. */
