/**
 * Name search over the persisted key index (`Entity.keys`: name, alias, token and
 * MinHash band keys, see graph/keys.ts) instead of an in-memory index: nothing is built
 * at start and memory does not grow with the graph. Candidates are the entities sharing
 * keys with the query, ranked by how many they share (a name or alias match counts most)
 * from the index's ids alone; the best `MAX_SCORED` are read and re-scored exactly as
 * `NameIndex.search` scores (`scoreEntity`).
 *
 * Weaker than the in-memory index on one thing: a typo that breaks every token and every
 * MinHash band of a name finds nothing (the n-gram index would still rank it); a one-letter
 * typo in a two-word name keeps the other token and, most often, a band.
 *
 * @example
 *   const hits = await searchByKeys(store, 'Jmes Smith', { limit: 5 });
 */
import type { EntityId } from '../graph/ids';
import { aliasIndexKey, nameIndexKey, signatureKeys, tokenIndexKey } from '../graph/keys';
import type { GraphStore } from '../graph/store';
import { tokens } from '../text/normalize';
import { byHitOrder, DEFAULT_SEARCH_LIMIT, MAX_SEARCH_RESULTS, MIN_SEARCH_SCORE, scoreEntity } from './name-index';
import type { SearchHit, SearchOptions } from './name-index';

/** Ids read per name or alias key: homonyms, rarely more. */
const EXACT_PER_KEY = 100;
/**
 * Ids read per token or band key (ids only, no record): a common last name's token holds
 * ~1,500 at 1M synthetic entities, so it is read whole and an entity sharing several of
 * the query's keys is found whatever its id (60 records per key, by id, lost typo'd names
 * above 20k entities: 16 of 20 found at 300k).
 */
const FUZZY_PER_KEY = 2000;
/** Candidates re-scored at most (as the in-memory index's wide pass); records read. */
const MAX_SCORED = 256;
/** With a type filter, more candidates are read: the filter drops some after reading. */
const TYPED_READ_FACTOR = 4;
/** A shared name or alias key outweighs any number of shared tokens and bands. */
const EXACT_WEIGHT = 100;

/** The keys of a query, each with its weight and how many entities to read for it. */
function queryKeys(query: string): { key: string; weight: number; limit: number }[] {
  const out = new Map<string, { key: string; weight: number; limit: number }>();
  const add = (key: string, weight: number, limit: number) => {
    if (!out.has(key)) out.set(key, { key, weight, limit });
  };
  add(nameIndexKey(query), EXACT_WEIGHT, EXACT_PER_KEY);
  add(aliasIndexKey(query), EXACT_WEIGHT, EXACT_PER_KEY);
  for (const token of tokens(query)) if (token.length >= 2) add(tokenIndexKey(token), 2, FUZZY_PER_KEY);
  for (const key of signatureKeys(query)) add(key, 1, FUZZY_PER_KEY);
  return [...out.values()];
}

export async function searchByKeys(
  store: Pick<GraphStore, 'entityIdsByKey' | 'getEntities'>,
  query: string,
  options: SearchOptions = {},
): Promise<SearchHit[]> {
  const limit = Math.max(1, Math.min(MAX_SEARCH_RESULTS, Math.floor(options.limit ?? DEFAULT_SEARCH_LIMIT)));
  const minScore = options.minScore ?? MIN_SEARCH_SCORE;
  const types = options.types && options.types.length > 0 ? new Set(options.types) : undefined;
  const keys = queryKeys(query);
  // Ids only first: candidates are ranked by the weight of the keys they share, then only the best are read.
  const found = await Promise.all(keys.map(({ key, limit: perKey }) => store.entityIdsByKey(key, perKey)));
  const weight = new Map<EntityId, number>();
  found.forEach((ids, i) => {
    const w = keys[i]?.weight ?? 1;
    for (const id of ids) weight.set(id, (weight.get(id) ?? 0) + w);
  });
  const ranked = [...weight.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, types ? MAX_SCORED * TYPED_READ_FACTOR : MAX_SCORED)
    .map(([id]) => id);
  const candidates = (await store.getEntities(ranked)).filter((e) => !types || types.has(e.type)).slice(0, MAX_SCORED);
  const hits = candidates.map((e) => scoreEntity(query, e)).filter((h): h is SearchHit => h !== undefined && h.score >= minScore);
  return hits.sort(byHitOrder).slice(0, limit);
}
