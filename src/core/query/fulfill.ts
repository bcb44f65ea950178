/**
 * Runs a validated InfoRequest against the ports and returns what it found as a
 * QueryContext to merge. Read-only by construction: it holds readers, not writers.
 */
import { InvalidArgumentsError } from '../errors';
import { asEntityId, type EntityId } from '../graph/ids';
import type { GraphStore } from '../graph/store';
import { isEntityType } from '../graph/types';
import type { EntityType, Page } from '../graph/types';
import { CAPABILITY, MAX_CO_MENTIONS, MAX_PATH_DEPTH, MAX_SENTENCES_READ, NAME_SCAN_PAGES, STATED_PATH_DEPTH } from './capabilities';
import { loadFullEntity } from './graph-views';
import { requestKey } from './info-capability';
import { containsWord, mentionedOnPage, namesInText, sentenceNaming } from './page-text';
import {
  QueryContext,
  summarize,
  type CoMentionView,
  type PageScope,
  type PageView,
  type SentenceName,
  type SentenceView,
  type SharedPageView,
} from './query-context';
import type { InfoRequest } from './query-response';
import type { RelationshipProvider } from './relationship.port';
import { lowerWords } from '../../nlp';
import type { SemanticSearchProvider } from './semantic-search.port';

// Defaults when the answerer does not say how many.
const DEFAULT_RESULTS = 10;
// Relationships per entity for GET_RELATIONSHIPS.
export const RELATIONSHIPS_PER_ENTITY = 50;
// Labels and most-connected entities returned by LIST_ENTITY_DEFINITIONS.
const STATS_TOP = 10;
// Pages per scope, and entities shown per page.
const PAGES_PER_SCOPE = 10;
const ENTITIES_PER_PAGE = 12;
const DAY_MS = 86_400_000;
// Pages read for one entity's sentences, and entities of each page matched in them.
const SENTENCE_PAGES = 10;
const SENTENCE_PAGE_ENTITIES = 200;
// Pages of an entity read for its co-mentions or for the pages it shares with another: the
// newest ones, enough for a reading history, bounded for a hub such as "Google".
const CO_MENTION_PAGES = 50;
// Co-mentioned entities whose types are looked up (the most shared first) before the type filter.
const CO_MENTION_CANDIDATES = 400;
// Page titles cited per co-mentioned entity, shared pages per pair, and quoted sentences per shared page.
const PAGES_CITED = 3;
const SHARED_PAGES = 5;
const SENTENCES_PER_SHARED_PAGE = 2;

export interface FulfillDeps {
  readonly store: GraphStore;
  readonly search: SemanticSearchProvider;
  readonly relationships: RelationshipProvider;
}

export interface FulfillEnv {
  readonly now: number;
  readonly pageUrl?: string;
  /** Minutes east of UTC for "today" (the browser's `-new Date().getTimezoneOffset()`). */
  readonly timezoneOffsetMinutes?: number;
}

/** Start of the local day containing `now`. */
export function startOfDay(now: number, offsetMinutes = 0): number {
  const shift = offsetMinutes * 60_000;
  return Math.floor((now + shift) / DAY_MS) * DAY_MS - shift;
}

function ids(value: unknown): EntityId[] {
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((v) => {
    const id = typeof v === 'string' ? asEntityId(v) : undefined;
    return id ? [id] : [];
  });
}
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const count = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) ? value : DEFAULT_RESULTS);
/** The 1-based position of a listing's first item (`from`), 1 when not given. */
const position = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : 1);

/**
 * @example
 *   const patch = await fulfillRequest(deps, { capabilityId: 'EXPAND_ENTITY', parameters: { entityId } }, { now });
 *   context.merge(patch);
 */
export async function fulfillRequest(deps: FulfillDeps, request: InfoRequest, env: FulfillEnv): Promise<QueryContext> {
  const patch = QueryContext.create();
  const p = request.parameters;
  switch (request.capabilityId) {
    case CAPABILITY.EXPAND_ENTITY:
    case CAPABILITY.EXPAND_ENTITIES:
      for (const id of ids(p.entityId ?? p.entityIds)) {
        const full = await loadFullEntity(deps.store, id);
        if (full) {
          patch.addEntity(full);
          // Neighbours become summaries, so a later turn may expand them in turn.
          for (const r of full.relationships) {
            const other = r.from === id ? { id: r.to, name: r.toName, type: r.toType } : { id: r.from, name: r.fromName, type: r.fromType };
            patch.addEntitySummary({ ...other, summary: '' });
          }
        }
        patch.markExpanded(id);
      }
      break;
    case CAPABILITY.SEARCH_ENTITIES:
    case CAPABILITY.GET_ENTITY_BY_NAME: {
      const query = text(p.query ?? p.name);
      const found = await deps.search.search(query, { limit: request.capabilityId === CAPABILITY.SEARCH_ENTITIES ? count(p.limit) : 5 });
      for (const s of found) patch.addEntitySummary(s);
      patch.setLookup(
        query,
        found.map((s) => s.id),
      );
      break;
    }
    case CAPABILITY.GET_RELATIONSHIPS: {
      const direction = p.direction === 'in' || p.direction === 'out' ? p.direction : 'both';
      const rels = await deps.relationships.getRelationships(ids(p.entityIds), { direction, limit: RELATIONSHIPS_PER_ENTITY });
      for (const r of rels) {
        patch.addRelationship(r);
        for (const end of [
          { id: r.from, name: r.fromName, type: r.fromType },
          { id: r.to, name: r.toName, type: r.toType },
        ]) {
          patch.addEntitySummary({ ...end, summary: '' });
        }
      }
      break;
    }
    case CAPABILITY.LIST_ENTITY_DEFINITIONS: {
      const stats = await deps.relationships.getRelationshipStats({ top: STATS_TOP });
      const definitions = [];
      for (const type of ['company', 'person', 'technology', 'product', 'location', 'other'] as const) {
        definitions.push({ type, count: await deps.store.countEntities(type) });
      }
      for (const e of await deps.store.getEntities(stats.mostConnected.map((c) => c.id))) patch.addEntitySummary(summarize(e));
      patch.setDefinitions(definitions, stats.labels, stats.mostConnected);
      break;
    }
    case CAPABILITY.GET_ENTITIES_BY_DEFINITION: {
      const type = text(p.definition);
      if (!isEntityType(type)) throw new InvalidArgumentsError(`Unknown entity type "${type.slice(0, 40)}".`);
      const limit = count(p.limit);
      const from = position(p.from);
      // Most mentioned first (ties by id) among a bounded read in creation order.
      const listed = (await deps.store.listEntities({ type, limit: (from - 1 + limit) * 20 }))
        .sort((a, b) => b.mentionCount - a.mentionCount || (a.id < b.id ? -1 : 1))
        .slice(from - 1, from - 1 + limit);
      for (const e of listed) patch.addEntitySummary(summarize(e));
      patch.setTypeListing(
        type,
        listed.map((e) => e.id),
        from,
      );
      break;
    }
    case CAPABILITY.FIND_PATH: {
      const [from] = ids(p.fromId);
      const [to] = ids(p.toId);
      if (from && to) {
        // Stated relations first; a chain through co-mentions only when none is short enough.
        const stated = await deps.relationships.findPath(from, to, { maxDepth: STATED_PATH_DEPTH, statedOnly: true });
        const path = stated.steps.length > 0 ? stated : await deps.relationships.findPath(from, to, { maxDepth: MAX_PATH_DEPTH });
        patch.addPath(path);
        // Two entities no stated relation links are often named on the same pages: the answer's next resort.
        patch.setSharedPages({ fromId: from, toId: to, pages: await sharedPages(deps.store, from, to) });
        for (const s of path.steps) {
          patch.addEntitySummary({ id: s.from, name: s.fromName, type: s.fromType, summary: '' });
          patch.addEntitySummary({ id: s.to, name: s.toName, type: s.toType, summary: '' });
        }
      }
      break;
    }
    case CAPABILITY.GET_CAPTURED_PAGES:
      await addPages(deps.store, patch, text(p.scope), env, position(p.from));
      break;
    case CAPABILITY.READ_PAGE_SENTENCES:
      for (const id of ids(p.entityId)) patch.setSentences(id, await readSentences(deps.store, id));
      break;
    case CAPABILITY.READ_SENTENCES_NAMING: {
      const name = text(p.name);
      if (name !== '') patch.setNameSentences(name, await readSentencesNaming(deps.store, name));
      break;
    }
    case CAPABILITY.FIND_CO_MENTIONED: {
      const type = text(p.definition);
      if (type !== '' && !isEntityType(type)) throw new InvalidArgumentsError(`Unknown entity type "${type.slice(0, 40)}".`);
      for (const id of ids(p.entityId)) await addCoMentions(deps.store, patch, id, type === '' ? undefined : type, position(p.from));
      break;
    }
    default:
      throw new InvalidArgumentsError(`Unknown capability "${request.capabilityId.slice(0, 40)}".`);
  }
  patch.markFulfilled(requestKey(request));
  return patch;
}

/**
 * The stored sentences of the pages naming `id` that contain one of its names, each with
 * the page's entities it names (bounded: `SENTENCE_PAGES` pages, `MAX_SENTENCES_READ`
 * sentences, `SENTENCE_PAGE_ENTITIES` entities looked up per page).
 */
async function readSentences(store: GraphStore, id: EntityId): Promise<SentenceView[]> {
  const entity = await store.getEntity(id);
  if (!entity) return [];
  const own = namesInText(entity);
  const openers = entity.type === 'person' ? PERSON_OPENERS : entity.type === 'location' ? [] : THING_OPENERS;
  const out: SentenceView[] = [];
  for (const page of await store.pagesOfEntity(id, SENTENCE_PAGES)) {
    const all = page.sentences ?? [];
    const lower = all.map((s) => s.toLowerCase());
    const naming = lower.map((s) => own.some((n) => containsWord(s, n)));
    if (!naming.includes(true)) continue;
    const names = await pageNames(store, page);
    const others = names.keys.filter((n) => n.id !== id).map((n) => n.key);
    for (const [i, s] of all.entries()) {
      if (out.length >= MAX_SENTENCES_READ) return out;
      const refersBy = naming[i] === true ? undefined : continuation(lower, naming, i, own, others, openers);
      if (naming[i] !== true && refersBy === undefined) continue;
      const named = names.in(s);
      if (refersBy !== undefined) named.push({ id, name: entity.name, type: entity.type });
      // "In 2011, she co-founded Fabrikam": "she" is the person the sentence before opens with.
      const pronoun = i > 0 ? personPronoun(s) : undefined;
      const person = pronoun === undefined ? undefined : names.firstIn(all[i - 1] ?? '');
      if (pronoun !== undefined && person?.type === 'person' && person.id !== id && !named.some((n) => n.id === person.id))
        named.push({ ...person, aliases: [pronoun] });
      out.push({
        pageUrl: page.url,
        pageTitle: page.title,
        text: s,
        names: named,
        ...(refersBy ? { refersBy: { opener: refersBy, name: entity.name } } : {}),
      });
    }
  }
  return out;
}

/**
 * The stored sentences of the newest `NAME_SCAN_PAGES` pages that contain `name` (whole
 * words, any case), each with the page's entities it names: for a name no entity has.
 */
async function readSentencesNaming(store: GraphStore, name: string): Promise<SentenceView[]> {
  const key = name.toLowerCase();
  const out: SentenceView[] = [];
  for (const page of await store.listPages({ limit: NAME_SCAN_PAGES })) {
    const holding = (page.sentences ?? []).filter((s) => containsWord(s.toLowerCase(), key));
    if (holding.length === 0) continue;
    const names = await pageNames(store, page);
    for (const s of holding) {
      if (out.length >= MAX_SENTENCES_READ) return out;
      out.push({ pageUrl: page.url, pageTitle: page.title, text: s, names: names.in(s) });
    }
  }
  return out;
}

/** Words at most before a sentence's subject pronoun ("In 2014, he …"). */
const PRONOUN_WINDOW = 4;

/** "he" or "she" among the first words of a sentence, as its subject; undefined when neither is. */
function personPronoun(sentence: string): string | undefined {
  const words = lowerWords(sentence).filter((w) => w !== ',');
  return words.slice(0, PRONOUN_WINDOW).find((w) => w === 'he' || w === 'she');
}

/**
 * A page's entities by every lower-case name a sentence may use (`keys`), those a sentence
 * names (`in`), and the one it names first (`firstIn`).
 */
async function pageNames(
  store: GraphStore,
  page: Page,
): Promise<{
  keys: ReadonlyArray<{ key: string; id: EntityId }>;
  in: (sentence: string) => SentenceName[];
  firstIn: (sentence: string) => SentenceName | undefined;
}> {
  // Each entity by every name a sentence may use, a person's surname included ("… by Banzi, Cuartielles …").
  const entities = await store.getEntities(page.entityIds.slice(0, SENTENCE_PAGE_ENTITIES));
  const named = entities.flatMap((e) => namesInText(e).map((key) => ({ key, view: { id: e.id, name: e.name, type: e.type } })));
  // Aliases the reading may find an entity by: written as names ("Pega", "AI"), not a common word an alias happens to be.
  const nameLike = new Map(entities.map((e) => [e.id, e.aliases.filter((a) => /^[\p{Lu}\p{N}]/u.test(a))]));
  return {
    keys: named.map((n) => ({ key: n.key, id: n.view.id })),
    in: (s) => {
      const lower = s.toLowerCase();
      const names = new Map<EntityId, SentenceName>();
      for (const n of named) {
        if (n.key.length <= 1 || !containsWord(lower, n.key)) continue;
        const seen = names.get(n.view.id);
        // The other names it goes by here ("Pega" for Pegasystems): the reading finds it by them.
        const aliases = (nameLike.get(n.view.id) ?? [])
          .filter((a) => a.toLowerCase() === n.key && containsWord(s, a))
          .map((a) => a.toLowerCase());
        names.set(n.view.id, seen === undefined ? { ...n.view, aliases } : { ...seen, aliases: [...(seen.aliases ?? []), ...aliases] });
      }
      return [...names.values()];
    },
    firstIn: (s) => {
      const lower = s.toLowerCase();
      let best: { at: number; view: SentenceName } | undefined;
      for (const n of named) {
        if (n.key.length <= 1) continue;
        const at = firstWord(lower, n.key);
        if (at >= 0 && (best === undefined || at < best.at)) best = { at, view: n.view };
      }
      return best?.view;
    },
  };
}

/** Words that open a sentence going on about the organization or thing the one before began with. */
const THING_OPENERS: readonly string[] = [
  'it',
  'its',
  ...['company', 'firm', 'startup', 'organization', 'organisation', 'group', 'fund', 'agency', 'institute', 'university'].flatMap(
    (noun) => [`the ${noun}`, `the ${noun}'s`, `the ${noun}’s`],
  ),
];
/** …about the person it began with. */
const PERSON_OPENERS: readonly string[] = ['he', 'she', 'his', 'her'];

/**
 * The opener by which sentence `i` goes on about the entity (`own` names) that the sentence
 * before names first of the page's entities ("Kestrel Robotics (KR) is a subsidiary of
 * Contoso Group. It offers Wren …"), or undefined. The sentence names no other entity before
 * its opener, and the one before names the entity ahead of every other (`others`): the
 * usual subject of both.
 */
function continuation(
  lower: readonly string[],
  naming: readonly boolean[],
  i: number,
  own: readonly string[],
  others: readonly string[],
  openers: readonly string[],
): string | undefined {
  if (i === 0 || naming[i - 1] !== true) return undefined;
  const text = lower[i] ?? '';
  const opener = openers
    .filter((o) => text.startsWith(o) && !/[\p{L}\p{N}'’]/u.test(text.charAt(o.length)))
    .sort((a, b) => b.length - a.length)[0];
  if (opener === undefined) return undefined;
  const before = lower[i - 1] ?? '';
  // Other names inside the entity's own do not count ("Piaggio" in "Piaggio Fast Forward").
  const rest = own.reduce((t, n) => t.split(n).join(' '.repeat(n.length)), before);
  const first = (hay: string, names: readonly string[]): number =>
    Math.min(...names.map((n) => firstWord(hay, n)).filter((at) => at >= 0), Number.POSITIVE_INFINITY);
  return first(before, own) < first(rest, others) ? opener : undefined;
}

/** Where `needle` first stands as whole words in `hay` (-1 when absent). */
function firstWord(hay: string, needle: string): number {
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    if (!/[\p{L}\p{N}]/u.test(hay.charAt(at - 1)) && !/[\p{L}\p{N}]/u.test(hay.charAt(at + needle.length))) return at;
  }
  return -1;
}

/**
 * The entities named on the newest pages of `anchor` (of `type` when given), ranked by how
 * many of those pages name both (ties: mentions, name, then id), each with the first pages
 * and a sentence of each naming it. A page counts for an entity only when its own words name
 * it (`mentionedOnPage`): the page's publisher, author or site name is not said with everything on
 * it. `from` is the 1-based rank of the first entry returned.
 */
async function addCoMentions(
  store: GraphStore,
  patch: QueryContext,
  anchor: EntityId,
  type: EntityType | undefined,
  from: number,
): Promise<void> {
  const anchorEntity = await store.getEntity(anchor);
  const pages = (await store.pagesOfEntity(anchor, CO_MENTION_PAGES)).filter(
    (page) => anchorEntity !== undefined && mentionedOnPage(page, anchorEntity),
  );
  const listed = new Map<EntityId, Page[]>();
  for (const page of pages) {
    for (const id of new Set(page.entityIds)) if (id !== anchor) listed.set(id, [...(listed.get(id) ?? []), page]);
  }
  const candidates = [...listed]
    .sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, CO_MENTION_CANDIDATES);
  const entities = new Map((await store.getEntities(candidates.map(([id]) => id))).map((e) => [e.id, e]));
  // Ties on shared pages go to the entity mentioned more often overall (the more likely topic), then by name.
  const matching = candidates
    .flatMap(([id, listing]) => {
      const e = entities.get(id);
      if (!e || (type !== undefined && e.type !== type)) return [];
      const on = listing.filter((page) => mentionedOnPage(page, e));
      return on.length === 0 ? [] : [{ entity: e, on, mentions: e.mentionCount }];
    })
    .sort(
      (a, b) =>
        b.on.length - a.on.length ||
        b.mentions - a.mentions ||
        a.entity.name.localeCompare(b.entity.name) ||
        (a.entity.id < b.entity.id ? -1 : 1),
    );
  const entries: CoMentionView[] = matching.slice(from - 1, from - 1 + MAX_CO_MENTIONS).map(({ entity: e, on }) => ({
    id: e.id,
    name: e.name,
    type: e.type,
    sharedPages: on.length,
    pages: on.slice(0, PAGES_CITED).map((page) => {
      const sentence = sentenceNaming(page, e, anchorEntity);
      return { url: page.url, title: page.title, ...(sentence === undefined ? {} : { sentence }) };
    }),
  }));
  for (const e of entries) patch.addEntitySummary({ id: e.id, name: e.name, type: e.type, summary: '' });
  patch.setCoMentions({
    anchorId: anchor,
    ...(type === undefined ? {} : { type }),
    pagesRead: pages.length,
    total: matching.length,
    from,
    entries,
  });
}

/** The newest pages whose words name both entities (`mentionedOnPage`), each with its stored sentences that name both. */
async function sharedPages(store: GraphStore, a: EntityId, b: EntityId): Promise<SharedPageView[]> {
  const [ea, eb] = [await store.getEntity(a), await store.getEntity(b)];
  if (!ea || !eb || a === b) return [];
  const ofB = new Set((await store.pagesOfEntity(b, CO_MENTION_PAGES)).map((page) => page.url));
  const namesA = namesInText(ea);
  const namesB = namesInText(eb);
  const both = (s: string): boolean => {
    const lower = s.toLowerCase();
    return namesA.some((n) => containsWord(lower, n)) && namesB.some((n) => containsWord(lower, n));
  };
  return (await store.pagesOfEntity(a, CO_MENTION_PAGES))
    .filter((page) => ofB.has(page.url) && mentionedOnPage(page, ea) && mentionedOnPage(page, eb))
    .slice(0, SHARED_PAGES)
    .map((page) => ({
      url: page.url,
      title: page.title,
      sentences: (page.sentences ?? []).filter(both).slice(0, SENTENCES_PER_SHARED_PAGE),
    }));
}

/** The pages of a scope from the `from`-th newest on (1-based), with how many the scope holds in all. */
async function addPages(store: GraphStore, patch: QueryContext, scope: string, env: FulfillEnv, from: number): Promise<void> {
  let pages: Page[];
  let total: number | undefined;
  if (scope === 'current_page') {
    const page = env.pageUrl ? await store.getPage(env.pageUrl) : undefined;
    pages = page ? [page] : [];
  } else if (scope === 'today' || scope === 'recent') {
    const since = scope === 'today' ? startOfDay(env.now, env.timezoneOffsetMinutes) : undefined;
    const window = { limit: from - 1 + PAGES_PER_SCOPE, ...(since === undefined ? {} : { since }) };
    pages = (await store.listPages(window)).slice(from - 1);
    // Only a window of the newest pages is loaded; the count is of all of them.
    total = await store.countPages(since);
  } else {
    pages = [];
  }
  for (const page of pages) {
    const view: PageView = {
      url: page.url,
      title: page.title,
      capturedAt: page.capturedAt,
      entityIds: page.entityIds.slice(0, ENTITIES_PER_PAGE),
      entityCount: page.entityIds.length,
    };
    patch.addPage(view);
    for (const e of await store.getEntities(view.entityIds)) patch.addEntitySummary(summarize(e));
  }
  if (scope === 'current_page' || scope === 'today' || scope === 'recent') patch.markPageScope(scope satisfies PageScope, total, from);
}
