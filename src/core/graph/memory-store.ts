/**
 * In-memory GraphStore: the reference implementation of the port, used by tests,
 * evaluations and benchmarks. Maps plus secondary indexes, same orders as Dexie.
 *
 * Transactions are serialized and all-or-nothing: every write inside one records how
 * to undo itself, and the log is replayed backwards when `fn` throws. A transaction
 * started while another one runs joins it (that is how nesting works without async
 * context in plain TypeScript); callers that need isolation from unrelated writers
 * serialize them above the store, as the background's single writer does.
 */
import { ConflictError } from '../errors';
import type { EntityId, EvidenceId, MergeId, RelationshipId, ReviewId } from './ids';
import type { DegreeRank, Direction, GraphCounts, GraphStore, KeyBatch, ListPagesOptions, PageRequest, RecordBatch } from './store';
import { firstTaken, RANKED_MIN_DEGREE } from './store';
import type { Entity, EntityType, Evidence, MergeRecord, Page, Relationship, ReviewItem, ReviewStatus } from './types';

function addTo<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(value);
}
function removeFrom<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) index.delete(key);
}
function restore<K, V>(map: Map<K, V>, key: K, old: V | undefined): void {
  if (old === undefined) map.delete(key);
  else map.set(key, old);
}
const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The `limit` smallest ids in order, without sorting them all: a common key can hold
 * thousands of ids at 100k entities, and a look-up should cost about its limit.
 */
function smallest<T extends string>(ids: Iterable<T>, limit: number): T[] {
  const kept: T[] = [];
  for (const id of ids) {
    if (kept.length === limit && id >= (kept[limit - 1] ?? id)) continue;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((kept[mid] ?? id) < id) lo = mid + 1;
      else hi = mid;
    }
    kept.splice(lo, 0, id);
    if (kept.length > limit) kept.pop();
  }
  return kept;
}
const byEvidenceOrder = (a: Evidence, b: Evidence): number => a.capturedAt - b.capturedAt || byString(a.id, b.id);

export class InMemoryGraphStore implements GraphStore {
  private readonly entities = new Map<EntityId, Entity>();
  private readonly byKey = new Map<string, Set<EntityId>>();
  /**
   * Each key's largest id so far, and the keys whose ids were not added in ascending order.
   * A key's ids in insertion order are then its ids in order unless the key is listed, so a
   * look-up reads its first `limit` ids instead of all of them (a common word's key holds
   * thousands at 100k entities), as an index range with a limit does in IndexedDB.
   */
  private readonly lastIdOfKey = new Map<string, EntityId>();
  private readonly unorderedKeys = new Set<string>();
  private readonly relationships = new Map<RelationshipId, Relationship>();
  private readonly relByKey = new Map<string, RelationshipId>();
  private readonly relByEnd = new Map<EntityId, Set<RelationshipId>>();
  private readonly evidence = new Map<EvidenceId, Evidence>();
  private readonly evByEntity = new Map<EntityId, Set<EvidenceId>>();
  private readonly evByRel = new Map<RelationshipId, Set<EvidenceId>>();
  private readonly evByPage = new Map<string, Set<EvidenceId>>();
  private readonly pages = new Map<string, Page>();
  private readonly merges = new Map<MergeId, MergeRecord>();
  private readonly reviews = new Map<ReviewId, ReviewItem>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Undo log of the running transaction; undefined when none runs. */
  private undoLog: (() => void)[] | undefined;

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    // Nested (or overlapping) call: join the running transaction instead of waiting
    // for it, which would deadlock.
    if (this.undoLog !== undefined) return fn();
    // Serialize transactions so that concurrent callers see each other's writes in order.
    const run = this.queue.then(() => this.runTransaction(fn));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async runTransaction<T>(fn: () => Promise<T>): Promise<T> {
    const log: (() => void)[] = [];
    this.undoLog = log;
    try {
      return await fn();
    } catch (error) {
      for (let i = log.length - 1; i >= 0; i--) log[i]?.();
      throw error;
    } finally {
      this.undoLog = undefined;
    }
  }

  /** Records how to restore `map`'s entry for `key` if the running transaction fails. */
  private remember<K, V>(map: Map<K, V>, key: K, restore: (old: V | undefined) => void): void {
    if (this.undoLog === undefined) return;
    const old = map.get(key);
    this.undoLog.push(() => restore(old));
  }

  async getEntity(id: EntityId): Promise<Entity | undefined> {
    return this.entities.get(id);
  }
  async getEntities(ids: readonly EntityId[]): Promise<Entity[]> {
    const out: Entity[] = [];
    for (const id of ids) {
      const e = this.entities.get(id);
      if (e) out.push(e);
    }
    return out;
  }
  async putEntity(entity: Entity): Promise<void> {
    this.remember(this.entities, entity.id, (old) => this.restoreEntity(entity.id, old));
    this.setEntity(entity);
  }
  async deleteEntity(id: EntityId): Promise<void> {
    this.remember(this.entities, id, (old) => this.restoreEntity(id, old));
    this.removeEntity(id);
  }
  private restoreEntity(id: EntityId, old: Entity | undefined): void {
    if (old) this.setEntity(old);
    else this.removeEntity(id);
  }
  private setEntity(entity: Entity): void {
    const old = this.entities.get(entity.id);
    // Only the keys that changed move: an update keeps the entity's place under its other keys.
    const kept = new Set(old?.keys ?? []);
    for (const k of kept) if (!entity.keys.includes(k)) this.removeKey(k, entity.id);
    this.entities.set(entity.id, entity);
    for (const k of entity.keys) if (!kept.has(k)) this.addKey(k, entity.id);
  }
  private removeEntity(id: EntityId): void {
    const old = this.entities.get(id);
    if (!old) return;
    for (const k of old.keys) this.removeKey(k, id);
    this.entities.delete(id);
  }
  private addKey(key: string, id: EntityId): void {
    addTo(this.byKey, key, id);
    const last = this.lastIdOfKey.get(key);
    if (last !== undefined && id < last) this.unorderedKeys.add(key);
    else this.lastIdOfKey.set(key, id);
  }
  private removeKey(key: string, id: EntityId): void {
    removeFrom(this.byKey, key, id);
    if (this.byKey.has(key)) return;
    this.lastIdOfKey.delete(key);
    this.unorderedKeys.delete(key);
  }
  /** A key's ids in order: as they are when added in order, else sorted once and kept so. */
  private orderedIds(key: string): ReadonlySet<EntityId> {
    const ids = this.byKey.get(key);
    if (ids === undefined) return new Set();
    if (!this.unorderedKeys.has(key)) return ids;
    const inOrder = [...ids].sort(byString);
    const sorted = new Set(inOrder);
    this.byKey.set(key, sorted);
    this.unorderedKeys.delete(key);
    const last = inOrder[inOrder.length - 1];
    if (last !== undefined) this.lastIdOfKey.set(key, last);
    return sorted;
  }
  async findEntitiesByKeys(keys: readonly string[], limit: number): Promise<Entity[]> {
    if (limit <= 0) return [];
    // One key (retrieval asks fuzzy keys one by one): its first `limit` ids.
    if (keys.length === 1) return this.getEntities(await this.entityIdsByKey(keys[0] ?? '', limit));
    const ids = new Set<EntityId>();
    for (const k of keys) for (const id of this.byKey.get(k) ?? []) ids.add(id);
    return this.getEntities(smallest(ids, limit));
  }
  async entityIdsByKey(key: string, limit: number): Promise<EntityId[]> {
    const first: EntityId[] = [];
    for (const id of this.orderedIds(key)) {
      if (first.length >= limit) break;
      first.push(id);
    }
    return first;
  }
  async listEntities(options: PageRequest & { readonly type?: EntityType }): Promise<Entity[]> {
    const { after, type, limit } = options;
    return [...this.entities.values()]
      .filter((e) => (type === undefined || e.type === type) && (after === undefined || e.id > after))
      .sort((a, b) => byString(a.id, b.id))
      .slice(0, limit);
  }
  async recentEntities(options: { readonly limit: number; readonly types?: readonly EntityType[] }): Promise<Entity[]> {
    const { types, limit } = options;
    return [...this.entities.values()]
      .filter((e) => types === undefined || types.includes(e.type))
      .sort((a, b) => b.updatedAt - a.updatedAt || byString(b.id, a.id))
      .slice(0, Math.max(0, limit));
  }
  async countEntities(type?: EntityType): Promise<number> {
    if (type === undefined) return this.entities.size;
    let n = 0;
    for (const e of this.entities.values()) if (e.type === type) n++;
    return n;
  }

  async getRelationship(id: RelationshipId): Promise<Relationship | undefined> {
    return this.relationships.get(id);
  }
  async findRelationshipByKey(key: string): Promise<Relationship | undefined> {
    const id = this.relByKey.get(key);
    return id === undefined ? undefined : this.relationships.get(id);
  }
  async getRelationships(ids: readonly RelationshipId[]): Promise<Relationship[]> {
    return ids.flatMap((id) => this.relationships.get(id) ?? []);
  }
  async findRelationshipsByKeys(keys: readonly string[]): Promise<Relationship[]> {
    return [...new Set(keys)].flatMap((key) => {
      const id = this.relByKey.get(key);
      return (id === undefined ? undefined : this.relationships.get(id)) ?? [];
    });
  }
  async putRelationship(rel: Relationship): Promise<void> {
    const clash = this.relByKey.get(rel.key);
    if (clash !== undefined && clash !== rel.id) {
      throw new ConflictError(`relationship ${rel.key} already exists as ${clash}`, { id: clash });
    }
    this.remember(this.relationships, rel.id, (old) => this.restoreRelationship(rel.id, old));
    this.setRelationship(rel);
  }
  async deleteRelationship(id: RelationshipId): Promise<void> {
    this.remember(this.relationships, id, (old) => this.restoreRelationship(id, old));
    this.removeRelationship(id);
  }
  private restoreRelationship(id: RelationshipId, old: Relationship | undefined): void {
    if (old) this.setRelationship(old);
    else this.removeRelationship(id);
  }
  private setRelationship(rel: Relationship): void {
    const old = this.relationships.get(rel.id);
    if (old) this.unindexRelationship(old);
    this.relationships.set(rel.id, rel);
    this.relByKey.set(rel.key, rel.id);
    addTo(this.relByEnd, rel.from, rel.id);
    addTo(this.relByEnd, rel.to, rel.id);
  }
  private removeRelationship(id: RelationshipId): void {
    const old = this.relationships.get(id);
    if (!old) return;
    this.unindexRelationship(old);
    this.relationships.delete(id);
  }
  private unindexRelationship(rel: Relationship): void {
    this.relByKey.delete(rel.key);
    removeFrom(this.relByEnd, rel.from, rel.id);
    removeFrom(this.relByEnd, rel.to, rel.id);
  }
  async relationshipsOf(id: EntityId, direction: Direction, limit: number): Promise<Relationship[]> {
    const out: Relationship[] = [];
    for (const rid of [...(this.relByEnd.get(id) ?? [])].sort(byString)) {
      const r = this.relationships.get(rid);
      if (!r) continue;
      if (direction === 'out' && r.from !== id) continue;
      if (direction === 'in' && r.to !== id) continue;
      out.push(r);
      if (out.length >= limit) break;
    }
    return out;
  }
  async mostConnected(options: { readonly limit: number; readonly after?: DegreeRank }): Promise<DegreeRank[]> {
    const { after, limit } = options;
    const ranked: DegreeRank[] = [];
    for (const [id, rids] of this.relByEnd) {
      let degree = 0;
      for (const rid of rids) {
        const r = this.relationships.get(rid);
        // A self-loop is one member of the set and two ends.
        if (r) degree += (r.from === id ? 1 : 0) + (r.to === id ? 1 : 0);
      }
      if (degree >= RANKED_MIN_DEGREE) ranked.push({ id, degree });
    }
    const order = (a: DegreeRank, b: DegreeRank): number => b.degree - a.degree || byString(b.id, a.id);
    return ranked
      .sort(order)
      .filter((r) => after === undefined || order(after, r) < 0)
      .slice(0, Math.max(0, limit));
  }
  async listRelationships(options: PageRequest): Promise<Relationship[]> {
    const { after, limit } = options;
    return [...this.relationships.values()]
      .filter((r) => after === undefined || r.id > after)
      .sort((a, b) => byString(a.id, b.id))
      .slice(0, limit);
  }

  async putEvidence(ev: Evidence): Promise<void> {
    this.remember(this.evidence, ev.id, (old) => this.restoreEvidence(ev.id, old));
    this.setEvidence(ev);
  }
  async deleteEvidence(id: EvidenceId): Promise<void> {
    this.remember(this.evidence, id, (old) => this.restoreEvidence(id, old));
    this.removeEvidence(id);
  }
  private restoreEvidence(id: EvidenceId, old: Evidence | undefined): void {
    if (old) this.setEvidence(old);
    else this.removeEvidence(id);
  }
  private setEvidence(ev: Evidence): void {
    this.removeEvidence(ev.id);
    this.evidence.set(ev.id, ev);
    if (ev.entityId) addTo(this.evByEntity, ev.entityId, ev.id);
    if (ev.relationshipId) addTo(this.evByRel, ev.relationshipId, ev.id);
    addTo(this.evByPage, ev.pageUrl, ev.id);
  }
  private removeEvidence(id: EvidenceId): void {
    const old = this.evidence.get(id);
    if (!old) return;
    if (old.entityId) removeFrom(this.evByEntity, old.entityId, id);
    if (old.relationshipId) removeFrom(this.evByRel, old.relationshipId, id);
    removeFrom(this.evByPage, old.pageUrl, id);
    this.evidence.delete(id);
  }
  private evidenceIn(ids: Set<EvidenceId> | undefined, limit: number): Evidence[] {
    const out: Evidence[] = [];
    for (const id of ids ?? []) {
      const ev = this.evidence.get(id);
      if (ev) out.push(ev);
    }
    return out.sort(byEvidenceOrder).slice(0, limit);
  }
  async evidenceOfEntity(id: EntityId, limit: number): Promise<Evidence[]> {
    return this.evidenceIn(this.evByEntity.get(id), limit);
  }
  async evidenceOfRelationship(id: RelationshipId, limit: number): Promise<Evidence[]> {
    return this.evidenceIn(this.evByRel.get(id), limit);
  }
  async evidenceOfPage(url: string, limit: number): Promise<Evidence[]> {
    return this.evidenceIn(this.evByPage.get(url), limit);
  }
  async listEvidence(options: PageRequest): Promise<Evidence[]> {
    const { after, limit } = options;
    return [...this.evidence.values()]
      .filter((e) => after === undefined || e.id > after)
      .sort((a, b) => byString(a.id, b.id))
      .slice(0, Math.max(0, limit));
  }

  async putPage(page: Page): Promise<void> {
    this.remember(this.pages, page.url, (old) => restore(this.pages, page.url, old));
    this.pages.set(page.url, page);
  }
  async deletePage(url: string): Promise<void> {
    this.remember(this.pages, url, (old) => restore(this.pages, url, old));
    this.pages.delete(url);
  }
  async getPage(url: string): Promise<Page | undefined> {
    return this.pages.get(url);
  }
  async listPages(options: ListPagesOptions): Promise<Page[]> {
    const since = options.since ?? Number.NEGATIVE_INFINITY;
    const { site } = options;
    return [...this.pages.values()]
      .filter((p) => p.capturedAt >= since && (site === undefined || p.site === site))
      .sort((a, b) => b.capturedAt - a.capturedAt || byString(a.url, b.url))
      .slice(0, options.limit);
  }
  async countPages(since?: number): Promise<number> {
    if (since === undefined) return this.pages.size;
    let n = 0;
    for (const p of this.pages.values()) if (p.capturedAt >= since) n++;
    return n;
  }
  async pagesOfEntity(id: EntityId, limit: number): Promise<Page[]> {
    return [...this.pages.values()]
      .filter((p) => p.entityIds.includes(id))
      .sort((a, b) => b.capturedAt - a.capturedAt || byString(a.url, b.url))
      .slice(0, limit);
  }

  async putMerge(record: MergeRecord): Promise<void> {
    this.remember(this.merges, record.id, (old) => restore(this.merges, record.id, old));
    this.merges.set(record.id, record);
  }
  async getMerge(id: MergeId): Promise<MergeRecord | undefined> {
    return this.merges.get(id);
  }
  async listMerges(limit: number): Promise<MergeRecord[]> {
    return [...this.merges.values()].sort((a, b) => b.at - a.at || byString(b.id, a.id)).slice(0, limit);
  }

  async putReview(item: ReviewItem): Promise<void> {
    this.remember(this.reviews, item.id, (old) => restore(this.reviews, item.id, old));
    this.reviews.set(item.id, item);
  }
  async getReview(id: ReviewId): Promise<ReviewItem | undefined> {
    return this.reviews.get(id);
  }
  async listReviews(status: ReviewStatus, limit: number): Promise<ReviewItem[]> {
    return [...this.reviews.values()]
      .filter((r) => r.status === status)
      .sort((a, b) => a.createdAt - b.createdAt || byString(a.id, b.id))
      .slice(0, limit);
  }

  putBatch(batch: RecordBatch, options: { readonly onlyNew?: boolean } = {}): Promise<void> {
    // Joins the running transaction (or opens one), so a conflict takes back the whole of it.
    return this.transaction(async () => {
      if (options.onlyNew === true) {
        const taken = firstTaken(batch, {
          entity: (id) => this.entities.has(id),
          relationship: (r) => this.relationships.has(r.id) || this.relByKey.has(r.key),
          evidence: (id) => this.evidence.has(id),
          page: (url) => this.pages.has(url),
        });
        if (taken !== undefined) throw new ConflictError(`${taken} is already in the graph`);
      }
      for (const e of batch.entities) await this.putEntity(e);
      for (const r of batch.relationships) await this.putRelationship(r);
      for (const ev of batch.evidence) await this.putEvidence(ev);
      for (const p of batch.pages) await this.putPage(p);
    });
  }
  deleteBatch(keys: KeyBatch): Promise<void> {
    return this.transaction(async () => {
      for (const url of keys.pages) await this.deletePage(url);
      for (const id of keys.evidence) await this.deleteEvidence(id);
      for (const id of keys.relationships) await this.deleteRelationship(id);
      for (const id of keys.entities) await this.deleteEntity(id);
    });
  }

  async counts(): Promise<GraphCounts> {
    let pending = 0;
    for (const r of this.reviews.values()) if (r.status === 'pending') pending++;
    return {
      entities: this.entities.size,
      relationships: this.relationships.size,
      evidence: this.evidence.size,
      pages: this.pages.size,
      pendingReviews: pending,
    };
  }
  async clear(): Promise<void> {
    if (this.undoLog !== undefined) {
      const saved = {
        entities: [...this.entities.values()],
        relationships: [...this.relationships.values()],
        evidence: [...this.evidence.values()],
        pages: [...this.pages.values()],
        merges: [...this.merges.values()],
        reviews: [...this.reviews.values()],
      };
      this.undoLog.push(() => {
        for (const e of saved.entities) this.setEntity(e);
        for (const r of saved.relationships) this.setRelationship(r);
        for (const v of saved.evidence) this.setEvidence(v);
        for (const p of saved.pages) this.pages.set(p.url, p);
        for (const m of saved.merges) this.merges.set(m.id, m);
        for (const q of saved.reviews) this.reviews.set(q.id, q);
      });
    }
    for (const m of [
      this.entities,
      this.byKey,
      this.lastIdOfKey,
      this.unorderedKeys,
      this.relationships,
      this.relByKey,
      this.relByEnd,
      this.evidence,
      this.evByEntity,
      this.evByRel,
      this.evByPage,
      this.pages,
      this.merges,
      this.reviews,
    ])
      m.clear();
  }
}
