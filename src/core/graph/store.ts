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
import type {
  Entity,
  EntityType,
  Evidence,
  MergeRecord,
  Page,
  Relationship,
  ReviewItem,
  ReviewStatus,
} from './types';

export type Direction = 'out' | 'in' | 'both';

export interface PageRequest {
  readonly limit: number;
  /** Keyset pagination: return records whose id sorts after this one. */
  readonly after?: string;
}

export interface GraphCounts {
  readonly entities: number;
  readonly relationships: number;
  readonly evidence: number;
  readonly pages: number;
  readonly pendingReviews: number;
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
  /** Entities ordered by id (creation order), optionally of one type. */
  listEntities(options: PageRequest & { readonly type?: EntityType }): Promise<Entity[]>;
  countEntities(type?: EntityType): Promise<number>;

  // Relationships
  getRelationship(id: RelationshipId): Promise<Relationship | undefined>;
  findRelationshipByKey(key: string): Promise<Relationship | undefined>;
  putRelationship(relationship: Relationship): Promise<void>;
  deleteRelationship(id: RelationshipId): Promise<void>;
  /** Relationships touching `id`, ordered by id, at most `limit`. */
  relationshipsOf(id: EntityId, direction: Direction, limit: number): Promise<Relationship[]>;
  listRelationships(options: PageRequest): Promise<Relationship[]>;

  // Evidence
  putEvidence(evidence: Evidence): Promise<void>;
  deleteEvidence(id: EvidenceId): Promise<void>;
  /** Ordered by capture time then id, oldest first. */
  evidenceOfEntity(id: EntityId, limit: number): Promise<Evidence[]>;
  evidenceOfRelationship(id: RelationshipId, limit: number): Promise<Evidence[]>;
  evidenceOfPage(url: string, limit: number): Promise<Evidence[]>;

  // Pages
  putPage(page: Page): Promise<void>;
  getPage(url: string): Promise<Page | undefined>;
  /** Newest first; `since` bounds capture time from below. */
  listPages(options: { readonly limit: number; readonly since?: number }): Promise<Page[]>;
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
