/**
 * SemanticSearchProvider: finds entities for a question. Ariadne's default
 * implementation (`GraphSemanticSearch`) ranks by names and aliases through an
 * injected name search; an embedding-based one can replace it behind this port.
 */
import type { EntityId } from '../graph/ids';
import type { Entity, EntityType } from '../graph/types';
import type { EntitySummary } from './query-context';

export interface SearchOptions {
  readonly limit: number;
  readonly types?: readonly EntityType[];
}

/** Fields `searchFields` can look in. */
export type SearchField = 'name' | 'aliases' | 'description' | 'attributes';

/**
 * The name search the app injects (the fuzzy NameIndex in the extension), best first.
 * Scores are 0..1.
 */
export type NameSearch = (query: string, limit: number) => Promise<Array<{ entity: Entity; score: number }>>;

export interface SemanticSearchProvider {
  /** Entities relevant to `query`, best first, at most `options.limit`. */
  search(query: string, options: SearchOptions): Promise<EntitySummary[]>;
  /** Entities like `entityId` (same type, shared name tokens or neighbours), best first. */
  findSimilar(entityId: EntityId, options: SearchOptions): Promise<EntitySummary[]>;
  /** Entities whose chosen fields contain the query's words, best first. */
  searchFields(query: string, fields: readonly SearchField[], options: SearchOptions): Promise<EntitySummary[]>;
}
