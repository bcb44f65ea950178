/**
 * Turns parsed structured data (JSON-LD objects, or microdata items converted to
 * the same shape) into capture entities and relations. Walks `@graph`, nested
 * objects, arrays and `@id` references with hard budgets, so a 10k-node graph or a
 * cyclic one stays bounded in time and size. Property names and `@id`s are the
 * page's strings: they are looked up in Maps and read as own keys only, so a
 * property named `constructor` or `__proto__` is just an unknown property.
 */
import type { StructuredEntity, StructuredRelation } from '../../core/capture';
import { MAX_STRUCTURED_ENTITIES, MAX_STRUCTURED_RELATIONS } from '../../core/capture-limits';
import type { EntityType } from '../../core/graph/types';
import { MAX_NAME_LENGTH } from '../../core/graph/types';
import { emptyRecord, ownValue, setOwn } from '../../core/records';
import { nameKey } from '../../core/text/normalize';
import { sanitizeLine, stripBy } from '../page/sanitize';
import { ALIAS_PROPERTIES, ATTRIBUTE_PROPERTIES, RELATION_PROPERTIES, bareType, entityTypeFor } from './schema-org';

/** Objects visited in total across all inputs: enough for any real page, cheap for hostile ones. */
export const MAX_STRUCTURED_VISITS = 20_000;
/** Nodes (objects with a type or a name) kept for entity building. */
export const MAX_STRUCTURED_NODES = 2_000;
/** Nesting deeper than this is not followed (real JSON-LD nests 3-6 levels). */
const MAX_DEPTH = 24;
/** Edges between nodes kept before relation building. */
const MAX_EDGES = 4_000;
const MAX_ALIASES = 20;
const MAX_REF_LENGTH = 300;
const MAX_ATTRIBUTE_VALUE = 2_000;
const MAX_DESCRIPTION = 1_000;

export type StructuredOrigin = StructuredEntity['origin'];

export interface StructuredInput {
  readonly value: unknown;
  readonly origin: StructuredOrigin;
}

export interface StructuredResult {
  readonly entities: StructuredEntity[];
  readonly relations: StructuredRelation[];
  readonly notes: string[];
}

type JsonObject = Record<string, unknown>;

interface NodeRecord {
  readonly ref: string;
  readonly obj: JsonObject;
  readonly origin: StructuredOrigin;
  /** The property it was the value of, to infer a type when `@type` is missing. */
  readonly viaProperty?: string;
}

interface Edge {
  readonly from: string;
  readonly property: string;
  /** A node ref, or an `@id` to resolve. */
  readonly to: string;
}

function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

function typesOf(obj: JsonObject): string[] {
  return asArray(obj['@type'])
    .filter((t): t is string => typeof t === 'string')
    .slice(0, 10);
}

/** A literal: a string, a number, or a JSON-LD value object `{ "@value": … }`. */
function literal(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (isRecord(value)) {
    const inner = value['@value'] ?? value.name;
    if (typeof inner === 'string' || typeof inner === 'number') return String(inner);
  }
  if (Array.isArray(value)) return literal(value[0]);
  return undefined;
}

function looksLikeUrl(text: string): boolean {
  return /^(?:https?:)?\/\//i.test(text) || /^www\./i.test(text);
}

function isNodeLike(obj: JsonObject): boolean {
  return obj['@type'] !== undefined || obj.name !== undefined || obj.givenName !== undefined || obj.addressLocality !== undefined;
}

/**
 * Properties without `@type` still say what their value is (an author is a person).
 * A `Map`: the page names the property, and `constructor` must not find a function.
 */
const TYPE_BY_PROPERTY: ReadonlyMap<string, EntityType> = new Map(
  Object.entries({
    founder: 'person',
    founders: 'person',
    employee: 'person',
    employees: 'person',
    author: 'person',
    creator: 'person',
    member: 'person',
    members: 'person',
    worksFor: 'company',
    memberOf: 'company',
    parentOrganization: 'company',
    subOrganization: 'company',
    publisher: 'company',
    manufacturer: 'company',
    affiliation: 'company',
    alumniOf: 'company',
    location: 'location',
    address: 'location',
    headquarters: 'location',
    foundingLocation: 'location',
    homeLocation: 'location',
    containedInPlace: 'location',
    brand: 'product',
  } satisfies Record<string, EntityType>),
);

function nodeName(obj: JsonObject): string | undefined {
  const direct = sanitizeLine(literal(obj.name), MAX_NAME_LENGTH);
  if (direct !== undefined) return direct;
  const given = literal(obj.givenName);
  const family = literal(obj.familyName);
  if (given !== undefined || family !== undefined) {
    return sanitizeLine([given, family].filter((p) => p !== undefined).join(' '), MAX_NAME_LENGTH);
  }
  for (const key of ['addressLocality', 'addressRegion', 'addressCountry', 'legalName', 'alternateName']) {
    const found = sanitizeLine(literal(ownValue(obj, key)), MAX_NAME_LENGTH);
    if (found !== undefined && !looksLikeUrl(found)) return found;
  }
  return undefined;
}

interface Collected {
  readonly nodes: Map<string, NodeRecord>;
  readonly edges: Edge[];
  readonly literalEdges: { from: string; property: string; value: string }[];
  truncated: boolean;
  /** Values below `MAX_DEPTH` were skipped. */
  tooDeep: boolean;
}

/** Walks every input iteratively (no recursion: hostile depth cannot blow the stack). */
function collect(inputs: readonly StructuredInput[]): Collected {
  const out: Collected = { nodes: new Map(), edges: [], literalEdges: [], truncated: false, tooDeep: false };
  let visits = 0;
  let blank = 0;
  const seen = new Set<object>();
  interface Frame {
    value: unknown;
    origin: StructuredOrigin;
    parent?: string;
    property?: string;
    depth: number;
  }
  const stack: Frame[] = [];
  for (const input of [...inputs].reverse()) stack.push({ value: input.value, origin: input.origin, depth: 0 });
  while (stack.length > 0) {
    const frame = stack.pop();
    if (frame === undefined) break;
    if (++visits > MAX_STRUCTURED_VISITS) {
      out.truncated = true;
      break;
    }
    if (frame.depth > MAX_DEPTH) {
      out.tooDeep = true;
      continue;
    }
    const { value, origin, parent, property, depth } = frame;
    if (Array.isArray(value)) {
      for (let i = Math.min(value.length, MAX_STRUCTURED_VISITS) - 1; i >= 0; i -= 1) {
        stack.push({ value: value[i], origin, parent, property, depth: depth + 1 });
      }
      continue;
    }
    if (!isRecord(value)) {
      if (parent !== undefined && property !== undefined && typeof value === 'string' && out.literalEdges.length < MAX_EDGES) {
        out.literalEdges.push({ from: parent, property, value });
      }
      continue;
    }
    if (seen.has(value)) continue;
    seen.add(value);
    const id = typeof value['@id'] === 'string' ? value['@id'].slice(0, MAX_REF_LENGTH) : undefined;
    const keys = Object.keys(value);
    // A bare reference `{ "@id": "#org" }`: an edge to resolve once every node is known.
    if (id !== undefined && keys.every((k) => k === '@id' || k === '@context')) {
      if (parent !== undefined && property !== undefined && out.edges.length < MAX_EDGES)
        out.edges.push({ from: parent, property, to: id });
      continue;
    }
    let self = parent;
    if (isNodeLike(value)) {
      const ref = id ?? `_:b${blank++}`;
      const existing = out.nodes.get(ref);
      if (existing === undefined) {
        if (out.nodes.size < MAX_STRUCTURED_NODES) out.nodes.set(ref, { ref, obj: value, origin, viaProperty: property });
        else out.truncated = true;
      } else {
        // The same @id described twice: the first description wins, new keys are added.
        out.nodes.set(ref, { ...existing, obj: { ...value, ...existing.obj } });
      }
      if (parent !== undefined && property !== undefined && out.edges.length < MAX_EDGES)
        out.edges.push({ from: parent, property, to: ref });
      self = ref;
    }
    for (const key of [...keys].reverse()) {
      if (key === '@context' || key === '@id' || key === '@type') continue;
      const child = ownValue(value, key);
      const childProperty = key === '@graph' ? property : key;
      const childParent = key === '@graph' ? parent : self;
      if (typeof child === 'object' && child !== null) {
        stack.push({ value: child, origin, parent: childParent, property: childProperty, depth: depth + 1 });
      } else if (
        typeof child === 'string' &&
        self !== undefined &&
        self !== parent &&
        RELATION_PROPERTIES.has(key) &&
        out.literalEdges.length < MAX_EDGES
      ) {
        out.literalEdges.push({ from: self, property: key, value: child });
      }
    }
  }
  return out;
}

/** Types of an article (`Article`, `NewsArticle`, `BlogPosting`, …): a work with an author. */
const ARTICLE_TYPE = /(?:Article|BlogPosting|Report)$/u;

/**
 * The people who are only authors of other pages' teasers: when the page's JSON-LD names the
 * article's author, a microdata article none of whose authors is that author is a related-story
 * card ("By Mira Osk" under another headline), and its authors are no entities of this page.
 * Nothing is dropped when the JSON-LD names no author (the microdata may be the page's own byline).
 */
function teaserAuthorRefs(collected: Collected): Set<string> {
  const isArticle = (ref: string) => typesOf(collected.nodes.get(ref)?.obj ?? {}).some((t) => ARTICLE_TYPE.test(bareType(t)));
  const nameOf = (ref: string) => {
    const name = collected.nodes.get(ref)?.obj.name;
    return typeof name === 'string' ? nameKey(stripBy(name) ?? name) : undefined;
  };
  const authorEdges = collected.edges.filter((e) => e.property === 'author' && isArticle(e.from));
  const pageAuthors = new Set<string>();
  for (const e of authorEdges) {
    const name = nameOf(e.to);
    if (collected.nodes.get(e.from)?.origin === 'json-ld' && name !== undefined) pageAuthors.add(name);
  }
  const out = new Set<string>();
  if (pageAuthors.size === 0) return out;
  const byArticle = new Map<string, string[]>();
  for (const e of authorEdges) {
    if (collected.nodes.get(e.from)?.origin !== 'microdata') continue;
    byArticle.set(e.from, [...(byArticle.get(e.from) ?? []), e.to]);
  }
  for (const authors of byArticle.values()) {
    if (authors.some((a) => pageAuthors.has(nameOf(a) ?? ''))) continue;
    for (const a of authors) out.add(a);
  }
  // A person the page also ties to something else (not only as a teaser's author) stays.
  for (const e of collected.edges) if (out.has(e.to) && !(e.property === 'author' && byArticle.has(e.from))) out.delete(e.to);
  return out;
}

/** Types of a reader's comment (`Comment`, `UserComments`): the comment section is no part of the article. */
const COMMENT_TYPE = /^(?:Comment|UserComments)$/u;
const isCommentNode = (obj: JsonObject): boolean => typesOf(obj).some((t) => COMMENT_TYPE.test(bareType(t)));

/**
 * The people who are only authors of readers' comments (a WordPress theme marks each comment
 * as a schema.org `Comment` with its `author`): the comment section is page furniture, and
 * its commenters are no entities of the article. A person the page also ties to something
 * else (the article's author answering a comment) stays.
 */
function commentAuthorRefs(collected: Collected): Set<string> {
  const isComment = (ref: string) => isCommentNode(collected.nodes.get(ref)?.obj ?? {});
  const byComment = (e: Edge) => (e.property === 'author' || e.property === 'creator') && isComment(e.from);
  const out = new Set<string>();
  for (const e of collected.edges) if (byComment(e)) out.add(e.to);
  for (const e of collected.edges) if (out.has(e.to) && !byComment(e)) out.delete(e.to);
  return out;
}

interface Draft {
  ref: string;
  name: string;
  type: EntityType;
  sourceType?: string;
  aliases: string[];
  attributes: Record<string, string>;
  description?: string;
  origin: StructuredOrigin;
}

function addAlias(draft: Draft, alias: string | undefined): void {
  if (alias === undefined || looksLikeUrl(alias) || draft.aliases.length >= MAX_ALIASES) return;
  if (nameKey(alias) === nameKey(draft.name) && alias === draft.name) return;
  if (!draft.aliases.includes(alias) && alias !== draft.name) draft.aliases.push(alias);
}

function setAttribute(draft: Draft, key: string, value: string | undefined): void {
  if (value === undefined || ownValue(draft.attributes, key) !== undefined) return;
  setOwn(draft.attributes, key, value);
}

function draftFromNode(node: NodeRecord): Draft | undefined {
  const types = typesOf(node.obj);
  let type = types.length > 0 ? entityTypeFor(types) : undefined;
  if (types.length === 0 && node.viaProperty !== undefined) type = TYPE_BY_PROPERTY.get(node.viaProperty);
  if (type === undefined) return undefined;
  const name = nodeName(node.obj);
  if (name === undefined || looksLikeUrl(name)) return undefined;
  const firstType = types[0];
  const sourceType = firstType === undefined ? undefined : sanitizeLine(bareType(firstType), 80);
  const draft: Draft = { ref: node.ref, name, type, sourceType, aliases: [], attributes: emptyRecord(), origin: node.origin };
  for (const key of ALIAS_PROPERTIES)
    for (const alias of asArray(ownValue(node.obj, key)).slice(0, MAX_ALIASES))
      addAlias(draft, sanitizeLine(literal(alias), MAX_NAME_LENGTH));
  for (const [property, attribute] of ATTRIBUTE_PROPERTIES) {
    setAttribute(draft, attribute, sanitizeLine(literal(ownValue(node.obj, property)), MAX_ATTRIBUTE_VALUE));
  }
  const sameAs: string[] = [];
  for (const item of asArray(node.obj.sameAs).slice(0, 50)) {
    const text = sanitizeLine(literal(item), 500);
    if (text === undefined) continue;
    if (looksLikeUrl(text)) {
      sameAs.push(text);
      const qid = /wikidata\.org\/(?:wiki|entity)\/(Q\d{1,12})\b/.exec(text);
      if (qid !== null) setAttribute(draft, 'wikidata', qid[1]);
    } else addAlias(draft, sanitizeLine(text, MAX_NAME_LENGTH));
  }
  if (sameAs.length > 0) setAttribute(draft, 'sameAs', sanitizeLine(sameAs.join(' '), MAX_ATTRIBUTE_VALUE));
  draft.description = sanitizeLine(literal(node.obj.description), MAX_DESCRIPTION);
  return draft;
}

/** A string value of a relation property (`"author": "Jane Doe"`) as an entity of the inferred type. */
function draftFromLiteral(ref: string, property: string, value: string, origin: StructuredOrigin): Draft | undefined {
  const type = TYPE_BY_PROPERTY.get(property);
  // A street address as a string is not a place name worth an entity.
  if (type === undefined || property === 'address') return undefined;
  const name = sanitizeLine(value, MAX_NAME_LENGTH);
  if (name === undefined || looksLikeUrl(name) || name.length < 2) return undefined;
  return { ref, name, type, aliases: [], attributes: emptyRecord(), origin };
}

/**
 * Builds entities and relations from structured-data values.
 *
 * @example
 *   buildStructuredGraph([{ origin: 'json-ld', value: {
 *     '@type': 'Organization', name: 'Stripe', founder: { '@type': 'Person', name: 'Patrick Collison' } } }])
 *   // entities: Stripe (company), Patrick Collison (person)
 *   // relations: { from: '_:b0', to: '_:b1', label: 'founded_by' }
 */
export function buildStructuredGraph(inputs: readonly StructuredInput[]): StructuredResult {
  const notes: string[] = [];
  const collected = collect(inputs);
  if (collected.truncated) notes.push(`structured data was cut after ${MAX_STRUCTURED_VISITS} values or ${MAX_STRUCTURED_NODES} nodes`);
  if (collected.tooDeep) notes.push(`structured data nested deeper than ${MAX_DEPTH} levels was cut`);

  const teaserAuthors = teaserAuthorRefs(collected);
  const commenters = commentAuthorRefs(collected);
  const drafts = new Map<string, Draft>();
  for (const node of collected.nodes.values()) {
    if (teaserAuthors.has(node.ref) || commenters.has(node.ref) || isCommentNode(node.obj)) continue;
    const draft = draftFromNode(node);
    if (draft !== undefined) drafts.set(node.ref, draft);
  }
  let literalIndex = 0;
  const literalEdges: Edge[] = [];
  for (const edge of collected.literalEdges) {
    if (!RELATION_PROPERTIES.has(edge.property) || !drafts.has(edge.from)) continue;
    const ref = `_:l${literalIndex++}`;
    const origin = drafts.get(edge.from)?.origin ?? 'json-ld';
    const draft = draftFromLiteral(ref, edge.property, edge.value, origin);
    if (draft === undefined) continue;
    drafts.set(ref, draft);
    literalEdges.push({ from: edge.from, property: edge.property, to: ref });
  }

  // One entity per (type, normalized name): later duplicates point at the first.
  const canonical = new Map<string, string>();
  const byKey = new Map<string, Draft>();
  const entities: Draft[] = [];
  for (const draft of drafts.values()) {
    const key = `${draft.type}|${nameKey(draft.name)}`;
    const first = byKey.get(key);
    if (first === undefined) {
      if (entities.length >= MAX_STRUCTURED_ENTITIES) continue;
      byKey.set(key, draft);
      entities.push(draft);
      canonical.set(draft.ref, draft.ref);
      continue;
    }
    canonical.set(draft.ref, first.ref);
    addAlias(first, draft.name);
    for (const alias of draft.aliases) addAlias(first, alias);
    for (const [k, v] of Object.entries(draft.attributes)) setAttribute(first, k, v);
    first.description ??= draft.description;
  }
  if (drafts.size > 0 && entities.length >= MAX_STRUCTURED_ENTITIES)
    notes.push(`structured entities were capped at ${MAX_STRUCTURED_ENTITIES}`);

  const relations: StructuredRelation[] = [];
  const relationKeys = new Set<string>();
  for (const edge of [...collected.edges, ...literalEdges]) {
    const spec = RELATION_PROPERTIES.get(edge.property);
    if (spec === undefined) continue;
    const from = canonical.get(edge.from);
    const to = canonical.get(edge.to);
    if (from === undefined || to === undefined || from === to) continue;
    const [a, b] = spec.reverse ? [to, from] : [from, to];
    const key = `${a}|${spec.label}|${b}`;
    if (relationKeys.has(key)) continue;
    if (relations.length >= MAX_STRUCTURED_RELATIONS) {
      notes.push(`structured relations were capped at ${MAX_STRUCTURED_RELATIONS}`);
      break;
    }
    relationKeys.add(key);
    relations.push({ from: a, to: b, label: spec.label });
  }

  return {
    entities: entities.map((d) => ({
      ref: d.ref,
      name: d.name,
      type: d.type,
      ...(d.sourceType === undefined ? {} : { sourceType: d.sourceType }),
      aliases: d.aliases,
      attributes: d.attributes,
      ...(d.description === undefined ? {} : { description: d.description }),
      origin: d.origin,
    })),
    relations,
    notes,
  };
}
