/**
 * "Who founded / leads / works at X?": people tied to an organization by a role.
 */
import type { EntityId } from '../../graph/ids';
import { ownValue } from '../../records';
import { counted, listAll, uniqueValues, type AnswerValue } from '../answer-values';
import type { RelationshipView } from '../query-context';
import type { QueryResponse } from '../query-response';
import type { Role } from '../question';
import { ROLE_LABELS, TITLE_ATTRIBUTES } from '../relation-words';
import { alsoRead, fromSentences, notFound } from './read-answers';
import { isNeeds, MORE_RELATIONSHIPS, type Turn } from './turn';

// Connected people whose titles are checked for "who leads X".
const MAX_TITLE_CHECKS = 5;
/** What the people of a role are called, counted ("3 founders"). */
const ROLE_NOUN: Readonly<Record<Role, string>> = { founder: 'founders', leader: 'people', employee: 'people' };
/** The verb of a role's one value: "Acme was founded by Ada." */
const ROLE_VERB: Readonly<Record<Role, string>> = {
  founder: 'was founded by',
  leader: 'is led by',
  employee: 'has these people working there:',
};

/** Words that make a founder one of several ("co-founder", "co-founded", "the founders"). */
const CO_FOUNDING = /\bco-?found(?:er|ers|ed|ing)\b|\bfounders\b/iu;

/** True when a stored sentence about `id` names `founder` beside words that make them one of several founders. */
function calledCoFounder(t: Turn, id: EntityId, founder: string): boolean {
  return (t.ctx.sentencesOf(id) ?? []).some((s) => s.text.includes(founder) && CO_FOUNDING.test(s.text));
}

/** "Who founded / leads / works at X?": people tied by a role label, a role attribute or a title. */
export function role(t: Turn, role: Role, subject: string): QueryResponse {
  const res = t.resolve(subject);
  if (isNeeds(res)) return res;
  if (res === 'missing') return notFound(t, subject, { kind: 'role', role, subject });
  const id = res.ids[0];
  if (!id) return notFound(t, subject);
  const need = t.expand([id]) ?? t.moreRelationships(id);
  if (need) return need;
  const labels = ROLE_LABELS[role];
  const rels = t.relsOf(id);
  // Each person once, with the stored relationship that says so and, for a title, the title.
  const people = new Map<EntityId, { value: AnswerValue; title?: string }>();
  const fact = (person: EntityId, name: string, via: RelationshipView): AnswerValue => ({
    name,
    id: person,
    type: 'person',
    basis: 'fact',
    relationshipId: via.id,
    pages: [],
  });
  for (const r of rels) {
    if (r.to === id && labels.toSubject.includes(r.label) && !people.has(r.from))
      people.set(r.from, { value: fact(r.from, r.fromName, r) });
    if (r.from === id && labels.fromSubject.includes(r.label) && !people.has(r.to)) people.set(r.to, { value: fact(r.to, r.toName, r) });
  }
  const attributes: AnswerValue[] = Object.entries(t.ctx.getFull(id)?.entity.attributes ?? {})
    .filter(([k]) => labels.attributes.includes(k))
    .map(([key, v]) => ({ name: v, basis: 'fact', attribute: { entityId: id, key }, pages: [] }));
  if (labels.titles) {
    // People tied to the subject whose title names the role (e.g. `role: CEO` on an employee).
    const employees = rels.flatMap((r) =>
      r.to === id && r.fromType === 'person' ? [{ p: r.from, r }] : r.from === id && r.toType === 'person' ? [{ p: r.to, r }] : [],
    );
    const check = [...new Map(employees.map((e) => [e.p, e])).values()].slice(0, MAX_TITLE_CHECKS);
    const expandPeople = t.expand(check.map((e) => e.p));
    if (expandPeople) return expandPeople;
    for (const { p, r } of check) {
      const attrs = t.ctx.getFull(p)?.entity.attributes ?? {};
      const title = TITLE_ATTRIBUTES.map((k) => ownValue(attrs, k)).find((t) => t !== undefined && labels.titles?.test(t));
      if (title) people.set(p, { value: people.get(p)?.value ?? fact(p, t.name(p), r), title });
    }
  }
  const subjectName = t.name(id);
  const facts = uniqueValues([...[...people.values()].map((p) => p.value), ...attributes]);
  const noun = ROLE_NOUN[role];
  if (facts.length === 0) {
    const read = fromSentences(t, id, { kind: 'role', role, subject }, noun);
    if (read) return read;
    const what = role === 'founder' ? 'who founded it' : role === 'leader' ? 'who leads it' : 'who works there';
    return t.answer(`I know ${subjectName}, but your graph does not say ${what}.`, 'low', [id], [`What do we know about ${subjectName}?`]);
  }
  const also = alsoRead(t, id, { kind: 'role', role, subject }, new Set(people.keys()));
  if (isNeeds(also)) return also;
  const shown = facts.map((v) => {
    const title = v.id === undefined ? undefined : people.get(v.id)?.title;
    return title === undefined ? v.name : `${v.name} (${title})`;
  });
  const factText =
    facts.length === 1
      ? `${subjectName} ${ROLE_VERB[role]} ${listAll(shown)}.`
      : role === 'founder'
        ? `${subjectName} was founded by ${counted(facts, 'people')}: ${listAll(shown)}.`
        : role === 'leader'
          ? `${subjectName} is led by ${counted(facts, noun)}: ${listAll(shown)}.`
          : `${counted(facts, noun)} work at ${subjectName}: ${listAll(shown)}.`;
  const firstId = [...people.keys()][0];
  const [lone] = facts;
  // "Who founded Acme?" with one founder known, whom a page calls a co-founder: the others were not read.
  const coFounder =
    role === 'founder' && facts.length === 1 && also.reads.length === 0 && lone !== undefined && calledCoFounder(t, id, lone.name);
  return t.valuesAnswer({
    factText,
    facts,
    also,
    exact: res.exact,
    noun,
    ...(t.truncatedRelationships(id)
      ? { incomplete: MORE_RELATIONSHIPS }
      : coFounder
        ? { incomplete: `a page calls ${lone.name} a co-founder, and the other founders are not in your graph` }
        : {}),
    sourceIds: [id, ...people.keys()],
    followUps: [...(firstId ? [`What do we know about ${t.name(firstId)}?`] : []), `Where is ${subjectName}?`],
  });
}
