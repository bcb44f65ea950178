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

/** Records written or removed together by a bulk path (an import's part), in this order of kinds. */
export interface RecordBatch {
  readonly entities: readonly Entity[];
  readonly relationships: readonly Relationship[];
  readonly evidence: readonly Evidence[];
  readonly pages: readonly Page[];
}

/** The keys of records removed together (an import's part taken back). */
export interface KeyBatch {
  readonly entities: readonly EntityId[];
  readonly relationships: readonly RelationshipId[];
  readonly evidence: readonly EvidenceId[];
  readonly pages: readonly string[];
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

  // Bulk paths (an import's parts): one store request per kind instead of one per record.
  /**
   * Writes `batch` (entities, relationships, evidence, pages). With `onlyNew`, every id,
   * relationship key and page URL must be new to the store: otherwise a `ConflictError`,
   * and the running transaction fails whole (in Dexie it aborts), so nothing of it stays.
   * Without it, records replace theirs as the single puts do.
   *
   * @example await store.transaction(() => store.putBatch({ entities, relationships: [], evidence: [], pages: [] }, { onlyNew: true }));
   */
  putBatch(batch: RecordBatch, options?: { readonly onlyNew?: boolean }): Promise<void>;
  /** Removes the records of `keys` (pages, evidence, relationships, then entities); missing keys are no error. */
  deleteBatch(keys: KeyBatch): Promise<void>;

  counts(): Promise<GraphCounts>;
  /** Removes every record. */
  clear(): Promise<void>;
}

/**
 * The first record of `batch` that `exists` finds in a store, or repeats an earlier record
 * of the batch (same id, relationship key or page URL), described for a `ConflictError`;
 * undefined when every record is new. Shared by the stores' `putBatch({ onlyNew })` checks.
 */
export function firstTaken(
  batch: RecordBatch,
  exists: {
    readonly entity: (id: EntityId) => boolean;
    readonly relationship: (r: Relationship) => boolean;
    readonly evidence: (id: EvidenceId) => boolean;
    readonly page: (url: string) => boolean;
  },
): string | undefined {
  const seen = new Set<string>();
  const clash = (kind: string, keys: readonly string[], there: boolean): string | undefined => {
    const repeated = keys.find((k) => seen.has(`${kind}\u0000${k}`));
    for (const k of keys) seen.add(`${kind}\u0000${k}`);
    return there || repeated !== undefined ? `${kind} "${(repeated ?? keys[0] ?? '').slice(0, 120)}"` : undefined;
  };
  for (const e of batch.entities) {
    const found = clash('entity', [e.id], exists.entity(e.id));
    if (found !== undefined) return found;
  }
  for (const r of batch.relationships) {
    const found = clash('relationship', [r.id, `key:${r.key}`], exists.relationship(r));
    if (found !== undefined) return found;
  }
  for (const ev of batch.evidence) {
    const found = clash('evidence', [ev.id], exists.evidence(ev.id));
    if (found !== undefined) return found;
  }
  for (const p of batch.pages) {
    const found = clash('page', [p.url], exists.page(p.url));
    if (found !== undefined) return found;
  }
  return undefined;
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
