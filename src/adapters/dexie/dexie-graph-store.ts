/**
 * `DexieGraphStore`: the GraphStore port on IndexedDB (Dexie). It passes the same
 * contract suite as the in-memory store (`graph-store.contract.ts`), with the same
 * orders and tie-breaks, answered from indexes rather than scans.
 *
 * Errors: a full disk or a refused quota surfaces as `AriadneError('quota_exceeded')`;
 * a relationship whose key already exists under another id is a `ConflictError`.
 *
 * @example
 *   const store = new DexieGraphStore(new AriadneDatabase());
 *   await store.transaction(async () => { await store.putEntity(entity); });
 */
import { Dexie } from 'dexie';
import { AriadneError, ConflictError, toErrorShape } from '../../core/errors';
import type { EntityId, EvidenceId, MergeId, RelationshipId, ReviewId } from '../../core/graph/ids';
import type {
  DegreeRank,
  Direction,
  GraphCounts,
  GraphStore,
  KeyBatch,
  ListPagesOptions,
  PageRequest,
  RecordBatch,
} from '../../core/graph/store';
import type { Entity, EntityType, Evidence, MergeRecord, Page, Relationship, ReviewItem, ReviewStatus } from '../../core/graph/types';
import type { AriadneDatabase } from './database';
import { readCount } from './graph-counts';
import type { CountKey } from './graph-counts';
import { mostConnected } from './graph-degrees';

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byPageOrder = (a: Page, b: Page): number => b.capturedAt - a.capturedAt || byString(a.url, b.url);

/** Rethrows storage-quota failures as `quota_exceeded`; everything else unchanged. */
function rethrow(error: unknown): never {
  if (error instanceof AriadneError) throw error;
  const shape = toErrorShape(error);
  if (shape.code === 'quota_exceeded') throw new AriadneError('quota_exceeded', shape.message);
  throw error;
}

/** Runs one bulk write of `kind`s; a unique-key refusal becomes a `ConflictError` naming the first refused record. */
async function bulk(kind: string, op: () => Promise<unknown>): Promise<void> {
  try {
    await op();
  } catch (error) {
    if (error instanceof Dexie.BulkError) {
      const [position, failure] = Object.entries(error.failuresByPos)[0] ?? [];
      if (failure?.name === 'ConstraintError') {
        throw new ConflictError(`the ${kind} at position ${position ?? '?'} of the batch (same id, key or URL) is already in the graph`);
      }
      rethrow(failure ?? error);
    }
    rethrow(error);
  }
}

export class DexieGraphStore implements GraphStore {
  constructor(readonly db: AriadneDatabase) {}

  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    // One read-write transaction over every graph table and the team queue; Dexie joins it when nested.
    // The scope function must itself be declared `async`: Dexie only keeps its zone
    // (the current transaction) across native awaits for async scope functions, and
    // callers pass plain arrows that forward to one (PrematureCommitError otherwise).
    try {
      return await this.db.transaction('rw', this.db.transactionTables(), async () => await fn());
    } catch (error) {
      return rethrow(error);
    }
  }

  private async write(op: () => Promise<unknown>): Promise<void> {
    try {
      await op();
    } catch (error) {
      rethrow(error);
    }
  }

  // Entities

  async getEntity(id: EntityId): Promise<Entity | undefined> {
    return this.db.entities.get(id);
  }
  async getEntities(ids: readonly EntityId[]): Promise<Entity[]> {
    const found = await this.db.entities.bulkGet([...ids]);
    return found.filter((e): e is Entity => e !== undefined);
  }
  putEntity(entity: Entity): Promise<void> {
    return this.write(() => this.db.entities.put(entity));
  }
  deleteEntity(id: EntityId): Promise<void> {
    return this.write(() => this.db.entities.delete(id));
  }
  async findEntitiesByKeys(keys: readonly string[], limit: number): Promise<Entity[]> {
    if (keys.length === 0 || limit <= 0) return [];
    // One indexed `equals` per key, primary keys only, then one bulk read. Not `anyOf`:
    // on a multi-entry index it walks a cursor whose cost grows with the table (measured
    // 25.6 ms against 0.67 ms per key at 1.5k entities on fake-indexeddb).
    // The index is ordered by (key, id): each key's first `limit` ids hold the union's first `limit`.
    const perKey = await Promise.all(
      [...new Set(keys)].map((key) => this.db.entities.where('keys').equals(key).limit(limit).primaryKeys()),
    );
    const unique = [...new Set(perKey.flat())].sort(byString).slice(0, limit);
    return this.getEntities(unique);
  }
  async entityIdsByKey(key: string, limit: number): Promise<EntityId[]> {
    if (limit <= 0) return [];
    return this.db.entities.where('keys').equals(key).limit(limit).primaryKeys();
  }
  async listEntities(options: PageRequest & { readonly type?: EntityType }): Promise<Entity[]> {
    const { after, type, limit } = options;
    if (limit <= 0) return [];
    if (type === undefined) {
      const from = after === undefined ? this.db.entities.orderBy('id') : this.db.entities.where('id').above(after);
      return from.limit(limit).toArray();
    }
    return this.db.entities
      .where('[type+id]')
      .between([type, after ?? Dexie.minKey], [type, Dexie.maxKey], after === undefined, true)
      .limit(limit)
      .toArray();
  }
  async recentEntities(options: { readonly limit: number; readonly types?: readonly EntityType[] }): Promise<Entity[]> {
    const { types, limit } = options;
    if (limit <= 0) return [];
    // The updatedAt index reversed: newest first, ties by primary key (id) descending.
    const newest = this.db.entities.orderBy('updatedAt').reverse();
    return (types === undefined ? newest : newest.filter((e) => types.includes(e.type))).limit(limit).toArray();
  }
  async countEntities(type?: EntityType): Promise<number> {
    // Persisted counters (graph-counts.ts): a row read, not an index walk.
    return readCount(this.db.counts, type === undefined ? 'entities' : `type:${type}`);
  }

  // Relationships

  async getRelationship(id: RelationshipId): Promise<Relationship | undefined> {
    return this.db.relationships.get(id);
  }
  async findRelationshipByKey(key: string): Promise<Relationship | undefined> {
    return this.db.relationships.where('key').equals(key).first();
  }
  async getRelationships(ids: readonly RelationshipId[]): Promise<Relationship[]> {
    const found = await this.db.relationships.bulkGet([...ids]);
    return found.filter((r): r is Relationship => r !== undefined);
  }
  async findRelationshipsByKeys(keys: readonly string[]): Promise<Relationship[]> {
    if (keys.length === 0) return [];
    // One indexed `equals` per key, sent together (not awaited one by one); not `anyOf`, whose
    // cursor cost more here (bench/scale/restore-node.ts at 10k on fake-indexeddb).
    const found = await Promise.all([...new Set(keys)].map((key) => this.db.relationships.where('key').equals(key).first()));
    return found.filter((r): r is Relationship => r !== undefined);
  }
  async putRelationship(relationship: Relationship): Promise<void> {
    // Checked before writing so the caller gets a typed error and the transaction is not aborted.
    const clash = await this.findRelationshipByKey(relationship.key);
    if (clash !== undefined && clash.id !== relationship.id) {
      throw new ConflictError(`relationship ${relationship.key} already exists as ${clash.id}`, { id: clash.id });
    }
    return this.write(() => this.db.relationships.put(relationship));
  }
  deleteRelationship(id: RelationshipId): Promise<void> {
    return this.write(() => this.db.relationships.delete(id));
  }
  async relationshipsOf(id: EntityId, direction: Direction, limit: number): Promise<Relationship[]> {
    if (limit <= 0) return [];
    // Each index is ordered by (end, id), so `limit` rows per side suffice before merging.
    const out = direction === 'in' ? [] : await this.db.relationships.where('from').equals(id).limit(limit).toArray();
    const incoming = direction === 'out' ? [] : await this.db.relationships.where('to').equals(id).limit(limit).toArray();
    const seen = new Set(out.map((r) => r.id));
    for (const r of incoming) if (!seen.has(r.id)) out.push(r); // a self-loop is listed once
    return out.sort((a, b) => byString(a.id, b.id)).slice(0, limit);
  }
  async listRelationships(options: PageRequest): Promise<Relationship[]> {
    const { after, limit } = options;
    if (limit <= 0) return [];
    const from = after === undefined ? this.db.relationships.orderBy('id') : this.db.relationships.where('id').above(after);
    return from.limit(limit).toArray();
  }
  mostConnected(options: { readonly limit: number; readonly after?: DegreeRank }): Promise<DegreeRank[]> {
    // Persisted degrees (graph-degrees.ts): `limit` small rows from the `[n+id]` index.
    return mostConnected(this.db.degrees, options);
  }

  // Evidence

  putEvidence(evidence: Evidence): Promise<void> {
    return this.write(() => this.db.evidence.put(evidence));
  }
  deleteEvidence(id: EvidenceId): Promise<void> {
    return this.write(() => this.db.evidence.delete(id));
  }
  private async evidenceBy(index: string, value: string, limit: number): Promise<Evidence[]> {
    if (limit <= 0) return [];
    // Compound index (value, capturedAt) then primary key: oldest first, ties by id.
    return this.db.evidence.where(index).between([value, Dexie.minKey], [value, Dexie.maxKey], true, true).limit(limit).toArray();
  }
  evidenceOfEntity(id: EntityId, limit: number): Promise<Evidence[]> {
    return this.evidenceBy('[entityId+capturedAt]', id, limit);
  }
  evidenceOfRelationship(id: RelationshipId, limit: number): Promise<Evidence[]> {
    return this.evidenceBy('[relationshipId+capturedAt]', id, limit);
  }
  evidenceOfPage(url: string, limit: number): Promise<Evidence[]> {
    return this.evidenceBy('[pageUrl+capturedAt]', url, limit);
  }
  async listEvidence(options: PageRequest): Promise<Evidence[]> {
    const { after, limit } = options;
    if (limit <= 0) return [];
    const from = after === undefined ? this.db.evidence.orderBy('id') : this.db.evidence.where('id').above(after);
    return from.limit(limit).toArray();
  }

  // Pages

  putPage(page: Page): Promise<void> {
    return this.write(() => this.db.pages.put(page));
  }
  deletePage(url: string): Promise<void> {
    return this.write(() => this.db.pages.delete(url));
  }
  async getPage(url: string): Promise<Page | undefined> {
    return this.db.pages.get(url);
  }
  async listPages(options: ListPagesOptions): Promise<Page[]> {
    const { limit, since, site } = options;
    if (limit <= 0) return [];
    if (site !== undefined) {
      // One host's pages: the site index, then capture time (a site holds far fewer pages than the graph).
      const ofSite = await this.db.pages
        .where('site')
        .equals(site)
        .filter((p) => since === undefined || p.capturedAt >= since)
        .toArray();
      return ofSite.sort(byPageOrder).slice(0, limit);
    }
    const range = since === undefined ? this.db.pages.orderBy('capturedAt') : this.db.pages.where('capturedAt').aboveOrEqual(since);
    const newest = await range.reverse().limit(limit).toArray();
    const last = newest.at(-1);
    if (newest.length < limit || last === undefined) return newest.sort(byPageOrder);
    // The index breaks ties by url descending; the port wants url ascending, so the
    // last timestamp's whole tie group is read to pick the right ones.
    const ties = await this.db.pages.where('capturedAt').equals(last.capturedAt).toArray();
    return [...newest.filter((p) => p.capturedAt !== last.capturedAt), ...ties].sort(byPageOrder).slice(0, limit);
  }
  async countPages(since?: number): Promise<number> {
    return since === undefined ? this.db.pages.count() : this.db.pages.where('capturedAt').aboveOrEqual(since).count();
  }
  async pagesOfEntity(id: EntityId, limit: number): Promise<Page[]> {
    if (limit <= 0) return [];
    const pages = await this.db.pages.where('entityIds').equals(id).toArray();
    return pages.sort(byPageOrder).slice(0, limit);
  }

  // Merges

  putMerge(record: MergeRecord): Promise<void> {
    return this.write(() => this.db.merges.put(record));
  }
  async getMerge(id: MergeId): Promise<MergeRecord | undefined> {
    return this.db.merges.get(id);
  }
  async listMerges(limit: number): Promise<MergeRecord[]> {
    if (limit <= 0) return [];
    // Index (at, id) reversed: newest first, ties by id descending, as the port says.
    return this.db.merges.orderBy('at').reverse().limit(limit).toArray();
  }

  // Reviews

  putReview(item: ReviewItem): Promise<void> {
    return this.write(() => this.db.reviews.put(item));
  }
  async getReview(id: ReviewId): Promise<ReviewItem | undefined> {
    return this.db.reviews.get(id);
  }
  async listReviews(status: ReviewStatus, limit: number): Promise<ReviewItem[]> {
    if (limit <= 0) return [];
    return this.db.reviews
      .where('[status+createdAt]')
      .between([status, Dexie.minKey], [status, Dexie.maxKey], true, true)
      .limit(limit)
      .toArray();
  }

  // Bulk paths

  putBatch(batch: RecordBatch, options: { readonly onlyNew?: boolean } = {}): Promise<void> {
    // One bulk request per table (Dexie sends the puts without a round trip each, and the
    // counts middleware reads and updates its counters once per request). `bulkAdd` makes
    // IndexedDB itself refuse a taken id, relationship key or URL (unique indexes): no read
    // before writing. A refusal is rethrown, so the transaction aborts whole.
    const onlyNew = options.onlyNew === true;
    return this.transaction(async () => {
      await bulk('entity', () => (onlyNew ? this.db.entities.bulkAdd([...batch.entities]) : this.db.entities.bulkPut([...batch.entities])));
      await bulk('relationship', () =>
        onlyNew ? this.db.relationships.bulkAdd([...batch.relationships]) : this.db.relationships.bulkPut([...batch.relationships]),
      );
      await bulk('evidence', () =>
        onlyNew ? this.db.evidence.bulkAdd([...batch.evidence]) : this.db.evidence.bulkPut([...batch.evidence]),
      );
      await bulk('page', () => (onlyNew ? this.db.pages.bulkAdd([...batch.pages]) : this.db.pages.bulkPut([...batch.pages])));
    });
  }
  deleteBatch(keys: KeyBatch): Promise<void> {
    return this.transaction(async () => {
      await this.write(() => this.db.pages.bulkDelete([...keys.pages]));
      await this.write(() => this.db.evidence.bulkDelete([...keys.evidence]));
      await this.write(() => this.db.relationships.bulkDelete([...keys.relationships]));
      await this.write(() => this.db.entities.bulkDelete([...keys.entities]));
    });
  }

  async counts(): Promise<GraphCounts> {
    const count = (key: CountKey) => readCount(this.db.counts, key);
    const [entities, relationships, evidence, pages, pendingReviews] = await Promise.all([
      count('entities'),
      count('relationships'),
      count('evidence'),
      count('pages'),
      count('reviews:pending'),
    ]);
    return { entities, relationships, evidence, pages, pendingReviews };
  }

  clear(): Promise<void> {
    return this.transaction(async () => {
      await Promise.all(this.db.graphTables().map((t) => t.clear()));
    });
  }
}
