/**
 * The GraphStore port: persistence of the graph's records. Two implementations
 * pass one contract suite (`graph-store.contract.ts`): `InMemoryGraphStore` here
 * and `DexieGraphStore` in `src/adapters/dexie`.
 *
 * Stores are dumb: they keep records and answer indexed look-ups. Graph rules
 * (merging attributes, deduplicating relations, undo) live in the graph service.
 * Every list method takes a limit; results come in a stable, documented order.
 */
import type { EntityId, EvidenceId, MergeId, RelationshipId, ReviewId } from './ids';
import type { Entity, EntityType, Evidence, MergeRecord, Page, Relationship, ReviewItem, ReviewStatus } from './types';

export type Direction = 'out' | 'in' | 'both';

export interface PageRequest {
  readonly limit: number;
  /** Keyset pagination: return records whose id sorts after this one. */
  readonly after?: string;
}

export interface ListPagesOptions {
  readonly limit: number;
  readonly since?: number;
  /** A host name as `Page.site` stores it. */
  readonly site?: string;
}

export interface GraphCounts {
  readonly entities: number;
  readonly relationships: number;
  readonly evidence: number;
  readonly pages: number;
  readonly pendingReviews: number;
}

/**
 * Degrees below this are not ranked (nor persisted by Dexie): most entities have one to a few
 * links (93% below 8 in the 300k bench graph: `npx tsx bench/scale/degrees.ts`), and
 * writing a row for each made the v4 → v5 upgrade cost ~40 s of CPU at 300k. A diagram needs the top few hundred at most; a ranking
 * that runs out is completed by counting (mermaid/select.ts).
 */
export const RANKED_MIN_DEGREE = 8;

/** An entity and its degree: how many relationship ends touch it (a self-loop counts twice). */
export interface DegreeRank {
  readonly id: EntityId;
  readonly degree: number;
}

export interface GraphStore {
  /**
   * Runs `fn` so that its writes are applied together: in Dexie one read-write
   * transaction (all or nothing); in memory, serialized. `fn` must only await this
   * store's methods inside (no network, no timers).
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;

  // Entities
  getEntity(id: EntityId): Promise<Entity | undefined>;
  /** In the order of `ids`, skipping missing ones. */
  getEntities(ids: readonly EntityId[]): Promise<Entity[]>;
  putEntity(entity: Entity): Promise<void>;
  deleteEntity(id: EntityId): Promise<void>;
  /** Entities having any of `keys` in `Entity.keys`, by id, at most `limit`. */
  findEntitiesByKeys(keys: readonly string[], limit: number): Promise<Entity[]>;
  /** Ids of the entities having `key` in `Entity.keys`, by id, at most `limit` (no record is read). */
  entityIdsByKey(key: string, limit: number): Promise<EntityId[]>;
  /** Entities ordered by id (creation order), optionally of one type. */
  listEntities(options: PageRequest & { readonly type?: EntityType }): Promise<Entity[]>;
  countEntities(type?: EntityType): Promise<number>;
  /** The most recently updated entities first (ties: higher id first), optionally of some types only, at most `limit`. */
  recentEntities(options: { readonly limit: number; readonly types?: readonly EntityType[] }): Promise<Entity[]>;

  // Relationships
  getRelationship(id: RelationshipId): Promise<Relationship | undefined>;
  findRelationshipByKey(key: string): Promise<Relationship | undefined>;
  /** The relationships of `ids` that exist, in no set order (one store call for a batch: an import's checks). */
  getRelationships(ids: readonly RelationshipId[]): Promise<Relationship[]>;
  /** The relationships whose key is one of `keys`, in no set order. */
  findRelationshipsByKeys(keys: readonly string[]): Promise<Relationship[]>;
  putRelationship(relationship: Relationship): Promise<void>;
  deleteRelationship(id: RelationshipId): Promise<void>;
  /** Relationships touching `id`, ordered by id, at most `limit`. */
  relationshipsOf(id: EntityId, direction: Direction, limit: number): Promise<Relationship[]>;
  listRelationships(options: PageRequest): Promise<Relationship[]>;
  /**
   * Entities of degree `RANKED_MIN_DEGREE` or more, highest first, ties by id descending,
   * continuing after `after` when given. Dexie answers from persisted degrees (no
   * relationship is read).
   */
  mostConnected(options: { readonly limit: number; readonly after?: DegreeRank }): Promise<DegreeRank[]>;

  // Evidence
  putEvidence(evidence: Evidence): Promise<void>;
  deleteEvidence(id: EvidenceId): Promise<void>;
  /** Ordered by capture time then id, oldest first. */
  evidenceOfEntity(id: EntityId, limit: number): Promise<Evidence[]>;
  evidenceOfRelationship(id: RelationshipId, limit: number): Promise<Evidence[]>;
  evidenceOfPage(url: string, limit: number): Promise<Evidence[]>;
  /** Every evidence row by id, a page at a time (the streamed export). */
  listEvidence(options: PageRequest): Promise<Evidence[]>;

  // Pages
  putPage(page: Page): Promise<void>;
  /** Removes the page record only (its evidence and contributions are the service's business). */
  deletePage(url: string): Promise<void>;
  getPage(url: string): Promise<Page | undefined>;
  /** Newest first (ties: url ascending); `since` bounds capture time from below, `site` keeps one host's pages. */
  listPages(options: ListPagesOptions): Promise<Page[]>;
  /** Pages captured at or after `since` (all pages without it). */
  countPages(since?: number): Promise<number>;
  pagesOfEntity(id: EntityId, limit: number): Promise<Page[]>;

  // Merges (undo history)
  putMerge(record: MergeRecord): Promise<void>;
  getMerge(id: MergeId): Promise<MergeRecord | undefined>;
  /** Newest first. */
  listMerges(limit: number): Promise<MergeRecord[]>;

  // Review queue
  putReview(item: ReviewItem): Promise<void>;
  getReview(id: ReviewId): Promise<ReviewItem | undefined>;
  /** Oldest first. */
  listReviews(status: ReviewStatus, limit: number): Promise<ReviewItem[]>;

  counts(): Promise<GraphCounts>;
  /** Removes every record. */
  clear(): Promise<void>;
}

/** The methods of `GraphStore` that only read. */
export type GraphReadMethod =
  | 'getEntity'
  | 'getEntities'
  | 'findEntitiesByKeys'
  | 'entityIdsByKey'
  | 'listEntities'
  | 'countEntities'
  | 'recentEntities'
  | 'getRelationship'
  | 'findRelationshipByKey'
  | 'getRelationships'
  | 'findRelationshipsByKeys'
  | 'relationshipsOf'
  | 'listRelationships'
  | 'mostConnected'
  | 'evidenceOfEntity'
  | 'evidenceOfRelationship'
  | 'evidenceOfPage'
  | 'listEvidence'
  | 'getPage'
  | 'listPages'
  | 'countPages'
  | 'pagesOfEntity'
  | 'getMerge'
  | 'listMerges'
  | 'getReview'
  | 'listReviews'
  | 'counts';

/**
 * The read-only port: `GraphStore` without its writes and transactions, covered by the
 * same contract suite. The side panel's live views read the graph through it (the
 * background is the only writer), and so do the pure functions the panel runs over the
 * graph (the diagram's selection, exports).
 *
 * @example
 *   const reader: GraphReader = new DexieGraphStore(new AriadneDatabase());
 *   const pending = (await reader.counts()).pendingReviews;
 */
export type GraphReader = Pick<GraphStore, GraphReadMethod>;
