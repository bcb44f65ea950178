/**
 * Facts about one entity ("what do we know about X?"), and questions the parser could not
 * read (answered about the first entity they name, else with the questions it understands).
 */
import type { EntityId } from '../../graph/ids';
import type { EntityType } from '../../graph/types';
import { entitiesNamedIn } from '../prompt';
import type { AnswerBlock, QueryResponse } from '../query-response';
import { describeEntity } from '../sentences';
import { notFound } from './read-answers';
import { isNeeds, type Turn } from './turn';

/** "What do we know about X?": each entity of that name described with its relations. */
export function about(t: Turn, subject: string): QueryResponse {
  const res = t.resolve(subject);
  if (isNeeds(res)) return res;
  if (res === 'missing') return notFound(t, subject);
  const need = t.expand(res.ids);
  if (need) return need;
  const parts = res.ids.map((id): AnswerBlock => ({ kind: 'paragraph', text: describe(t, id) }));
  const first = res.ids[0];
  const neighbour = first ? t.relsOf(first).map((r) => (r.from === first ? r.toName : r.fromName))[0] : undefined;
  const name = first ? t.name(first) : subject;
  const intro: AnswerBlock[] =
    res.ids.length > 1 ? [{ kind: 'paragraph', text: `Your graph has ${res.ids.length} entities named "${name}".` }] : [];
  return t.answer([...intro, ...parts], res.exact ? 'high' : 'medium', res.ids, [
    ...(neighbour ? [`How are ${name} and ${neighbour} connected?`] : []),
    `Which entities are related to ${name}?`,
  ]);
}

function describe(t: Turn, id: EntityId): string {
  const full = t.ctx.getFull(id);
  const summary = t.ctx.getSummary(id);
  if (!full) return summary ? `${summary.name} is a ${summary.type}${summary.summary ? ` (${summary.summary})` : ''}.` : id;
  const rels = t.relsOf(id);
  const typeOf = (otherId: EntityId): EntityType => t.ctx.getFull(otherId)?.entity.type ?? t.ctx.getSummary(otherId)?.type ?? 'other';
  const outgoing = rels.filter((r) => r.from === id).map((r) => ({ label: r.label, otherName: r.toName, otherType: typeOf(r.to) }));
  const incoming = rels.filter((r) => r.to === id).map((r) => ({ label: r.label, otherName: r.fromName, otherType: typeOf(r.from) }));
  const text = describeEntity(full.entity, outgoing, incoming);
  return full.relationshipsTruncated ? `${text} It has more relationships than shown here.` : text;
}

/** A question no intent fits: about the first entity it names, else the questions understood. */
export function unknown(t: Turn): QueryResponse {
  const named = entitiesNamedIn(t.input.question, t.ctx);
  const first = named[0];
  if (first) return about(t, t.name(first));
  const near = t.ctx.summaries.slice(0, 3).map((s) => s.name);
  return t.answer(
    `I could not read this question. I understand questions like "what do we know about X?", "which companies use X?", "who founded X?", "where is X?", "how are X and Y connected?", "list the companies", "what are the most connected entities?" and "what did I capture today?".${near.length > 0 ? ` Entities that look related: ${near.join(', ')}.` : ''}`,
    'low',
    [],
    near.map((n) => `What do we know about ${n}?`),
  );
}
