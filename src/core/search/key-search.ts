/**
 * Name search over the persisted key index (`Entity.keys`: name, alias, token and
 * MinHash band keys, see graph/keys.ts) instead of an in-memory index: nothing is built
 * at start and memory does not grow with the graph. Candidates are the entities sharing
 * keys with the query, ranked by how many they share (a name or alias match counts most),
 * then re-scored exactly as `NameIndex.search` scores (`scoreEntity`).
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
import type { Entity } from '../graph/types';
import { tokens } from '../text/normalize';
import { byHitOrder, DEFAULT_SEARCH_LIMIT, MAX_SEARCH_RESULTS, MIN_SEARCH_SCORE, scoreEntity } from './name-index';
import type { SearchHit, SearchOptions } from './name-index';

/** Entities read per name or alias key: homonyms, rarely more. */
const EXACT_PER_KEY = 100;
/** Entities read per token or band key: a common token ("smith", "labs") is cut here; rarer keys of the query find the rest. */
const FUZZY_PER_KEY = 60;
/** Candidates re-scored at most (as the in-memory index's wide pass). */
const MAX_SCORED = 256;
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
  store: Pick<GraphStore, 'findEntitiesByKeys'>,
  query: string,
  options: SearchOptions = {},
): Promise<SearchHit[]> {
  const limit = Math.max(1, Math.min(MAX_SEARCH_RESULTS, Math.floor(options.limit ?? DEFAULT_SEARCH_LIMIT)));
  const minScore = options.minScore ?? MIN_SEARCH_SCORE;
  const types = options.types && options.types.length > 0 ? new Set(options.types) : undefined;
  const keys = queryKeys(query);
  const found = await Promise.all(keys.map(({ key, limit: perKey }) => store.findEntitiesByKeys([key], perKey)));
  const weight = new Map<EntityId, { entity: Entity; weight: number }>();
  found.forEach((entities, i) => {
    const w = keys[i]?.weight ?? 1;
    for (const entity of entities) {
      if (types && !types.has(entity.type)) continue;
      const prior = weight.get(entity.id);
      weight.set(entity.id, { entity, weight: (prior?.weight ?? 0) + w });
    }
  });
  const candidates = [...weight.values()].sort((a, b) => b.weight - a.weight || (a.entity.id < b.entity.id ? -1 : 1)).slice(0, MAX_SCORED);
  const hits = candidates.map((c) => scoreEntity(query, c.entity)).filter((h): h is SearchHit => h !== undefined && h.score >= minScore);
  return hits.sort(byHitOrder).slice(0, limit);
}
