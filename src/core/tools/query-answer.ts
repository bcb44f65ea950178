/**
 * The built-in answerer of `entity_query`: matches a question against entity
 * names (and aliases), entity types, relationship labels and attribute values,
 * and writes a plain answer only from stored facts. No model, deterministic.
 * The query loop replaces it through `GraphToolDeps.answerQuestion`.
 *
 * @example
 *   await answerQuestion('what do we know about Stripe?', deps)
 *   // { entities: [{ name: 'Stripe', … }], answer: 'Stripe is a payments company founded in 2010, …' }
 */
import type { EntityId } from '../graph/ids';
import type { Entity, EntityType, Relationship } from '../graph/types';
import { ENTITY_TYPES } from '../graph/types';
import { tokens } from '../text/normalize';
import type { GraphToolDeps } from './deps';

export interface QueryEntity {
  readonly name: string;
  readonly entity_type: EntityType;
  readonly attributes: Record<string, string>;
  readonly relationships: { readonly to: string; readonly relationship: string }[];
}

export interface QueryAnswer {
  readonly entities: QueryEntity[];
  readonly answer: string;
}

/** Entities returned at most. */
const MAX_ENTITIES = 10;
/** Relationships listed per entity at most. */
const MAX_RELATIONSHIPS = 50;
/** Words of a question tried together as one name (e.g. "Patrick Collison", "San Francisco Bay Area"). */
const MAX_NAME_WORDS = 5;
/** Entities scanned for attribute matches at most (bounded work on big graphs). */
const MAX_ATTRIBUTE_SCAN = 5000;
/** Listed items in one sentence at most. */
const MAX_LISTED = 8;

const STOP = new Set(
  'a an the of in on at to for by with about from and or is are was were be do does did what which who whom whose where when how why we you i know tell me us our any all there that this these those it its has have had s'.split(' '),
);

/** Plural and singular words for each entity type. */
const TYPE_WORDS: Readonly<Record<string, EntityType>> = {
  company: 'company', companies: 'company', organization: 'company', organizations: 'company', firm: 'company', firms: 'company',
  person: 'person', people: 'person', persons: 'person',
  technology: 'technology', technologies: 'technology', tech: 'technology', language: 'technology', languages: 'technology',
  product: 'product', products: 'product',
  location: 'location', locations: 'location', place: 'location', places: 'location', city: 'location', cities: 'location',
};

const ATTRIBUTE_PHRASES: readonly [string, string][] = [
  ['founded', 'founded in'],
  ['headquarters', 'headquartered in'],
  ['location', 'based in'],
  ['role', 'working as'],
];

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** "a", "a and b", "a, b, and c" (the seed's style), with a count of the rest. */
function list(items: readonly string[]): string {
  const shown = items.slice(0, MAX_LISTED);
  const rest = items.length - shown.length;
  const all = rest > 0 ? [...shown, `${rest} more`] : shown;
  if (all.length <= 1) return all.join('');
  if (all.length === 2) return `${all[0]} and ${all[1]}`;
  return `${all.slice(0, -1).join(', ')}, and ${all[all.length - 1]}`;
}

function verb(label: string): string {
  return label.replace(/_/g, ' ');
}

/** The verb for several subjects: "uses" → "use", "competes with" → "compete with". */
function pluralVerb(label: string): string {
  const [first = '', ...rest] = verb(label).split(' ');
  const plural = /[^s]s$/.test(first) ? first.slice(0, -1) : first;
  return [plural, ...rest].join(' ');
}

/** A crude stem so "use" finds "uses", "acquire" finds "acquired". */
function stem(word: string): string {
  return word.replace(/(ing|ed|es|s)$/, '').replace(/e$/, '');
}

async function outgoing(deps: GraphToolDeps, e: Entity): Promise<{ rel: Relationship; other: Entity }[]> {
  const rels = (await deps.store.relationshipsOf(e.id, 'out', MAX_RELATIONSHIPS)).sort(
    (a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1),
  );
  const others = new Map((await deps.store.getEntities(rels.map((r) => r.to))).map((o) => [o.id, o]));
  return rels.flatMap((rel) => {
    const other = others.get(rel.to);
    return other ? [{ rel, other }] : [];
  });
}

async function toQueryEntity(deps: GraphToolDeps, e: Entity): Promise<QueryEntity> {
  const out = await outgoing(deps, e);
  return {
    name: e.name,
    entity_type: e.type,
    attributes: { ...e.attributes },
    relationships: out.map(({ rel, other }) => ({ to: other.name, relationship: rel.label })),
  };
}

/**
 * One or two sentences about an entity from its attributes and outgoing
 * relationships. Relationships with people are left to the structured list (and
 * to "who" questions): the sentence says what the entity is and does.
 */
async function describe(deps: GraphToolDeps, e: Entity, aboutPeople: boolean): Promise<string> {
  const kind = e.attributes['industry'] ? `${e.attributes['industry']} ${e.type}` : e.type;
  const clauses = ATTRIBUTE_PHRASES.flatMap(([key, phrase]) => (e.attributes[key] ? [`${phrase} ${e.attributes[key]}`] : []));
  let text = `${e.name} is ${article(kind)} ${kind}${clauses.length > 0 ? ` ${clauses.join(', ')}` : ''}.`;
  const out = await outgoing(deps, e);
  const groups = new Map<string, string[]>();
  const people = new Map<string, string[]>();
  for (const { rel, other } of out) {
    const target = other.type === 'person' ? people : groups;
    target.set(rel.label, [...(target.get(rel.label) ?? []), other.name]);
  }
  const subject = e.type === 'person' ? e.name : 'It';
  const phrases = [...groups].map(([label, names]) => `${verb(label)} ${list(names)}`);
  if (phrases.length > 0) text += ` ${subject} ${list(phrases)}.`;
  if (aboutPeople && people.size > 0) {
    text += ` ${subject} ${list([...people].map(([label, names]) => `${verb(label)} ${list(names)}`))}.`;
  }
  return text;
}

/** Entities named in the question: longest word runs first, no overlaps. */
async function namedEntities(deps: GraphToolDeps, words: readonly string[]): Promise<Entity[]> {
  const found = new Map<EntityId, Entity>();
  const used = new Array<boolean>(words.length).fill(false);
  for (let n = Math.min(MAX_NAME_WORDS, words.length); n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      if (used.slice(i, i + n).some(Boolean)) continue;
      const phrase = words.slice(i, i + n);
      if (n === 1 && STOP.has(phrase[0] ?? '')) continue;
      const matches = await deps.graph.findByName(phrase.join(' '), MAX_ENTITIES);
      if (matches.length === 0) continue;
      for (const m of matches) found.set(m.id, m);
      for (let k = i; k < i + n; k++) used[k] = true;
    }
  }
  return [...found.values()].slice(0, MAX_ENTITIES);
}

/**
 * Answers a question from the graph's stored facts.
 *
 * Handles "what do we know about X?" (X described), "which <type> <verb> X?"
 * (entities of that type with that relationship to X), "who …" (people linked),
 * "which <type> … <attribute value>?" (attribute matches), else the best name match.
 */
export async function answerQuestion(question: string, deps: GraphToolDeps): Promise<QueryAnswer> {
  const words = tokens(question).slice(0, 60);
  const askedType = words.map((w) => TYPE_WORDS[w]).find((t) => t !== undefined);
  const aboutPeople = words.includes('who') || askedType === 'person';
  const named = await namedEntities(deps, words);
  const content = words.filter((w) => !STOP.has(w) && TYPE_WORDS[w] === undefined);

  // "which companies use Rust?": a type, a verb matching a label, and a named target.
  if (askedType && named.length > 0) {
    const verbs = new Set(content.map(stem));
    const hits: Entity[] = [];
    const phrases: string[] = [];
    for (const target of named) {
      const incoming = await deps.store.relationshipsOf(target.id, 'in', MAX_RELATIONSHIPS);
      const matching = incoming.filter((r) => r.label.split('_').some((part) => verbs.has(stem(part))));
      const sources = (await deps.store.getEntities(matching.map((r) => r.from))).filter((s) => s.type === askedType);
      if (sources.length === 0) continue;
      hits.push(...sources);
      const label = matching[0]?.label ?? '';
      phrases.push(`${list(sources.map((s) => s.name))} ${sources.length > 1 ? pluralVerb(label) : verb(label)} ${target.name}`);
    }
    if (hits.length > 0) {
      const unique = [...new Map(hits.map((h) => [h.id, h])).values()].slice(0, MAX_ENTITIES);
      return {
        entities: await Promise.all(unique.map((e) => toQueryEntity(deps, e))),
        answer: `${phrases.join('; ')}.`,
      };
    }
  }

  if (named.length > 0) {
    const entities = await Promise.all(named.map((e) => toQueryEntity(deps, e)));
    const sentences = await Promise.all(named.slice(0, 3).map((e) => describe(deps, e, aboutPeople)));
    return { entities, answer: sentences.join(' ') };
  }

  // "which companies are in payments?": attribute values among entities of the asked type.
  if (content.length > 0) {
    const wanted = new Set(content);
    const matches: Entity[] = [];
    const types = askedType ? [askedType] : ENTITY_TYPES;
    for (const type of types) {
      for (const e of await deps.store.listEntities({ limit: MAX_ATTRIBUTE_SCAN, type })) {
        if (Object.values(e.attributes).some((v) => tokens(v).some((t) => wanted.has(t)))) matches.push(e);
        if (matches.length >= MAX_ENTITIES) break;
      }
    }
    if (matches.length > 0) {
      const entities = await Promise.all(matches.map((e) => toQueryEntity(deps, e)));
      return { entities, answer: `Matching ${askedType ?? 'entities'}: ${list(matches.map((e) => e.name))}.` };
    }
    const fuzzy = deps.search.search(content.join(' '), { limit: 3, ...(askedType ? { types: [askedType] } : {}) });
    const best = fuzzy[0] ? await deps.store.getEntity(fuzzy[0].id) : undefined;
    if (best && (fuzzy[0]?.score ?? 0) >= 0.6) {
      return { entities: [await toQueryEntity(deps, best)], answer: await describe(deps, best, aboutPeople) };
    }
  }
  return { entities: [], answer: 'The graph holds nothing that matches this question.' };
}
