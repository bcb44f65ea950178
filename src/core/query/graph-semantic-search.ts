/**
 * SemanticSearchProvider over the GraphStore and an injected NameSearch.
 */
import type { EntityId } from '../graph/ids';
import type { GraphStore } from '../graph/store';
import type { Entity } from '../graph/types';
import { fold } from '../text/normalize';
import { summarize, type EntitySummary } from './query-context';
import type { NameSearch, SearchField, SearchOptions, SemanticSearchProvider } from './semantic-search.port';
import { queryTokens } from './token-name-search';

// Over-fetch from the name search so a type filter still leaves enough results.
const OVERFETCH = 3;
// Description and attributes are not indexed: at most this many entities are scanned for them.
export const FIELD_SCAN_LIMIT = 5000;
const SCAN_PAGE = 1000;

/**
 * @example
 *   const search = new GraphSemanticSearch(store, tokenNameSearch(store));
 *   await search.search('who founded Stripe?', { limit: 10 });
 */
export class GraphSemanticSearch implements SemanticSearchProvider {
  constructor(
    private readonly store: GraphStore,
    private readonly nameSearch: NameSearch,
  ) {}

  async search(query: string, options: SearchOptions): Promise<EntitySummary[]> {
    const hits = await this.nameSearch(query, options.limit * OVERFETCH);
    return hits
      .filter((h) => !options.types || options.types.includes(h.entity.type))
      .slice(0, options.limit)
      .map((h) => summarize(h.entity, round(h.score)));
  }

  async findSimilar(entityId: EntityId, options: SearchOptions): Promise<EntitySummary[]> {
    const entity = await this.store.getEntity(entityId);
    if (!entity) return [];
    const hits = await this.nameSearch([entity.name, ...entity.aliases].join(' '), (options.limit + 1) * OVERFETCH);
    return (
      hits
        .filter((h) => h.entity.id !== entityId && (!options.types || options.types.includes(h.entity.type)))
        // Same type first: "similar" means the same kind of thing before it means a shared word.
        .sort((a, b) => Number(b.entity.type === entity.type) - Number(a.entity.type === entity.type) || b.score - a.score)
        .slice(0, options.limit)
        .map((h) => summarize(h.entity, round(h.score)))
    );
  }

  async searchFields(query: string, fields: readonly SearchField[], options: SearchOptions): Promise<EntitySummary[]> {
    const words = queryTokens(query);
    if (words.length === 0) return [];
    const scored = new Map<EntityId, { entity: Entity; score: number }>();
    if (fields.includes('name') || fields.includes('aliases')) {
      for (const h of await this.nameSearch(query, options.limit * OVERFETCH)) scored.set(h.entity.id, h);
    }
    if (fields.includes('description') || fields.includes('attributes')) {
      let after: string | undefined;
      for (let scanned = 0; scanned < FIELD_SCAN_LIMIT; scanned += SCAN_PAGE) {
        const page = await this.store.listEntities({ limit: SCAN_PAGE, ...(after === undefined ? {} : { after }) });
        for (const e of page) {
          const text = fold(
            [
              fields.includes('description') ? (e.description ?? '') : '',
              fields.includes('attributes') ? Object.values(e.attributes).join(' ') : '',
            ].join(' '),
          );
          const hit = words.filter((w) => text.includes(w)).length / words.length;
          if (hit > (scored.get(e.id)?.score ?? 0)) scored.set(e.id, { entity: e, score: hit });
        }
        const last = page.at(-1);
        if (page.length < SCAN_PAGE || !last) break;
        after = last.id;
      }
    }
    return [...scored.values()]
      .filter((h) => !options.types || options.types.includes(h.entity.type))
      .sort((a, b) => b.score - a.score || (a.entity.id < b.entity.id ? -1 : 1))
      .slice(0, options.limit)
      .map((h) => summarize(h.entity, round(h.score)));
  }
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
