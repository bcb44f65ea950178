/**
 * Answers read from stored page sentences with the capture's relation stage (the
 * `SentenceRelationReader` port): the relations each sentence yields are matched to the
 * question exactly as stored facts are (`relation-words.ts`: a role's labels, the place
 * labels, a relation verb and its direction), so an answer read at question time and a
 * fact stored at capture mean the same thing. Pure: the reader is injected.
 */
import type { EntityId } from '../graph/ids';
import type { SentenceName, SentenceView } from './query-context';
import type { Intent } from './question';
import { LOCATION_LABELS, ROLE_LABELS, relatedBy, type RelationEnds } from './relation-words';
import type { SentenceRelationReader } from './sentence-relations.port';
import type { ReadAnswer } from './sentence-reading';

/** The rank of an answer the capture's rules read: before any answer reader's (a tight phrase scores -1, a trigger word 0 and up). */
export const RULE_READ_SCORE = -2;

/**
 * The entities `rels` give as answers to `intent` about `about`, in relation order, each once.
 *
 * @example
 *   answersTo({ kind: 'role', role: 'founder', subject: 'Fabrikam' }, fabrikam, [{ from: fabrikam, label: 'founded_by', to: ada, … }]) // [ada]
 */
export function answersTo(intent: Intent, about: EntityId, rels: readonly RelationEnds[]): EntityId[] {
  const found = ((): EntityId[] => {
    switch (intent.kind) {
      case 'role': {
        const labels = ROLE_LABELS[intent.role];
        return rels.flatMap((r) =>
          r.to === about && labels.toSubject.includes(r.label)
            ? [r.from]
            : r.from === about && labels.fromSubject.includes(r.label)
              ? [r.to]
              : [],
        );
      }
      case 'where':
        return rels.filter((r) => r.from === about && LOCATION_LABELS.includes(r.label) && r.toType === 'location').map((r) => r.to);
      case 'relation':
        return relatedBy(rels, about, intent.relation, intent.direction)
          .filter((f) => intent.entityType === undefined || f.type === intent.entityType)
          .map((f) => f.id);
      default:
        return [];
    }
  })();
  return [...new Set(found)];
}

/**
 * What the capture's relation stage reads in `sentences` that answers `intent` about one of
 * `about` (the entity and the shorter names the pages use for it): each answer once, with
 * the first sentence stating it, in sentence order, at most `limit`.
 *
 * @example
 *   ruleReadings(reader, sentences, [fabrikam], { kind: 'role', role: 'founder', subject: 'Fabrikam' }, 8)
 *   // [{ sentence: { text: 'Fabrikam was founded by Ada Quinn and Bo Lind.', … }, answer: { name: 'Ada Quinn', … }, score: -2 }, { … 'Bo Lind' … }]
 */
export function ruleReadings(
  reader: SentenceRelationReader,
  sentences: readonly SentenceView[],
  about: readonly EntityId[],
  intent: Intent,
  limit: number,
): ReadAnswer[] {
  const out: ReadAnswer[] = [];
  for (const sentence of sentences) {
    if (out.length >= limit) break;
    const names = new Map<EntityId, SentenceName>(sentence.names.map((n) => [n.id, n]));
    const rels = reader.read(sentence, about[0]).flatMap((r): RelationEnds[] => {
      const from = names.get(r.from);
      const to = names.get(r.to);
      if (from === undefined || to === undefined) return [];
      return [{ from: r.from, fromName: from.name, fromType: from.type, label: r.label, to: r.to, toName: to.name, toType: to.type }];
    });
    for (const id of about.flatMap((a) => answersTo(intent, a, rels))) {
      const answer = names.get(id);
      if (answer === undefined || about.includes(id) || out.some((o) => o.answer.id === id)) continue;
      out.push({ sentence, answer, score: RULE_READ_SCORE });
    }
  }
  return out.slice(0, limit);
}
