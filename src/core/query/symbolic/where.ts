/**
 * "Where is X?": located-in relations and location attributes.
 */
import { uniqueValues, type AnswerValue } from '../answer-values';
import type { QueryResponse } from '../query-response';
import { LOCATION_ATTRIBUTES, LOCATION_LABELS } from '../relation-words';
import { verbPhrase } from '../sentences';
import { listNames, words } from './phrasing';
import { alsoRead, fromSentences, notFound } from './read-answers';
import { isNeeds, type Turn } from './turn';

// Location attributes as the verb phrase of a sentence ("Stripe is headquartered in San Francisco").
const LOCATION_PHRASES: ReadonlyMap<string, string> = new Map([
  ['headquarters', 'is headquartered in'],
  ['location', 'is based in'],
  ['address', 'is at'],
  ['city', 'is in'],
  ['country', 'is in'],
]);

/** "Where is X?": located-in relations to places and location attributes. */
export function where(t: Turn, subject: string): QueryResponse {
  const res = t.resolve(subject);
  if (isNeeds(res)) return res;
  if (res === 'missing') return notFound(t, subject, { kind: 'where', subject });
  const id = res.ids[0];
  if (!id) return notFound(t, subject);
  const need = t.expand([id]);
  if (need) return need;
  const places = t.relsOf(id).filter((r) => r.from === id && LOCATION_LABELS.includes(r.label) && r.toType === 'location');
  const attrs = Object.entries(t.ctx.getFull(id)?.entity.attributes ?? {}).filter(([k]) => LOCATION_ATTRIBUTES.includes(k));
  const name = t.name(id);
  if (places.length === 0 && attrs.length === 0) {
    const read = fromSentences(t, id, { kind: 'where', subject });
    if (read) return read;
    return t.answer(`I know ${name}, but your graph has no location for it.`, 'low', [id], [`What do we know about ${name}?`]);
  }
  const also = alsoRead(t, id, { kind: 'where', subject }, new Set(places.map((r) => r.to)));
  if (isNeeds(also)) return also;
  const parts = [
    ...places.map((r) => `${verbPhrase(r.label)} ${r.toName}`),
    ...attrs.map(([k, v]) => `${LOCATION_PHRASES.get(k) ?? `has ${words(k)}`} ${v}`),
  ];
  const facts: AnswerValue[] = [
    ...places.map((r) => ({ name: r.toName, id: r.to, type: r.toType, basis: 'fact' as const, relationshipId: r.id, pages: [] })),
    ...attrs.map(([key, v]) => ({ name: v, basis: 'fact' as const, attribute: { entityId: id, key }, pages: [] })),
  ];
  return t.valuesAnswer({
    factText: `${name} ${listNames(parts)}.`,
    facts: uniqueValues(facts),
    also,
    exact: res.exact,
    noun: 'places',
    sourceIds: [id],
    followUps: [...places.slice(0, 1).map((r) => `What else is in ${r.toName}?`), `What do we know about ${name}?`],
  });
}
