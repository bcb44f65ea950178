/**
 * Adapts the side panel's fuzzy `NameIndex` (src/core/search) to the query loop's
 * `NameSearch` port, so questions find entities with the same typo tolerance as
 * `entity_search`.
 */
import type { GraphStore } from '../graph/store';
import type { NameIndex } from '../search/name-index';
import type { NameSearch } from './semantic-search.port';

/**
 * @example
 *   createQueryEngine({ store, clock, nameSearch: nameIndexSearch(index, store) });
 */
export function nameIndexSearch(index: NameIndex, store: GraphStore): NameSearch {
  return async (query, limit) => {
    const hits = await index.find(query, { limit });
    const entities = new Map((await store.getEntities(hits.map((h) => h.id))).map((e) => [e.id, e]));
    return hits.flatMap((hit) => {
      const entity = entities.get(hit.id);
      return entity ? [{ entity, score: hit.score }] : [];
    });
  };
}
