/**
 * All or nothing, checked at every write point: one capture is ingested
 * into a store whose k-th write fails, for k = 1, 2, … until the capture gets through
 * unhindered; after each failure the same capture is ingested again, and the graph must
 * then equal a clean ingest of it (entities with mention counts, aliases, attributes,
 * evidence, relationships, the page row, review items), with listeners having heard of
 * nothing that was rolled back. A factory, like the GraphStore contract, so the Dexie
 * store (fake-indexeddb) runs it as well as the in-memory one.
 *
 * @example
 *   ingestAtomicitySpecs('InMemoryGraphStore', () => new InMemoryGraphStore());
 */
import { describe, expect, it } from 'vitest';
import type { AnalyzedEntity, AnalyzedRelation, CaptureAnalysis } from '../capture';
import { AriadneError } from '../errors';
import type { EntityId, EvidenceId, MergeId, RelationshipId, ReviewId } from '../graph/ids';
import { fixedClock, sequentialIds } from '../graph/ids';
import { GraphService } from '../graph/service';
import type { DegreeRank, Direction, GraphCounts, GraphStore, KeyBatch, PageRequest, RecordBatch } from '../graph/store';
import type { Entity, EntityType, Evidence, MergeRecord, Page, Relationship, ReviewItem, ReviewStatus } from '../graph/types';
import { createResolver } from '../resolve/resolver';
import type { Resolver } from '../resolve/resolver';
import { ingestCapture } from './ingest';

/** Builds a fresh, empty store (a new database for Dexie). */
export type AtomicityStoreFactory = () => GraphStore | Promise<GraphStore>;

/** Write points tried at most: far above this scenario's count, so the loop always ends. */
const MAX_WRITE_POINTS = 200;

/** Delegates to a store; once armed, its `failAt`-th write throws before reaching the store. */
class FaultyStore implements GraphStore {
  failAt: number | undefined;
  private writes = 0;
  constructor(private readonly inner: GraphStore) {}

  arm(failAt: number): void {
    this.failAt = failAt;
    this.writes = 0;
  }
  private hit(what: string): void {
    if (this.failAt === undefined) return;
    this.writes++;
    if (this.writes === this.failAt) throw new AriadneError('internal', `injected failure at write ${this.writes} (${what})`);
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.inner.transaction(fn);
  }
  getEntity(id: EntityId): Promise<Entity | undefined> {
    return this.inner.getEntity(id);
  }
  getEntities(ids: readonly EntityId[]): Promise<Entity[]> {
    return this.inner.getEntities(ids);
  }
  async putEntity(entity: Entity): Promise<void> {
    this.hit('putEntity');
    return this.inner.putEntity(entity);
  }
  async deleteEntity(id: EntityId): Promise<void> {
    this.hit('deleteEntity');
    return this.inner.deleteEntity(id);
  }
  findEntitiesByKeys(keys: readonly string[], limit: number): Promise<Entity[]> {
    return this.inner.findEntitiesByKeys(keys, limit);
  }
  entityIdsByKey(key: string, limit: number): Promise<EntityId[]> {
    return this.inner.entityIdsByKey(key, limit);
  }
  listEntities(options: PageRequest & { readonly type?: EntityType }): Promise<Entity[]> {
    return this.inner.listEntities(options);
  }
  recentEntities(options: { readonly limit: number; readonly types?: readonly EntityType[] }): Promise<Entity[]> {
    return this.inner.recentEntities(options);
  }
  countEntities(type?: EntityType): Promise<number> {
    return this.inner.countEntities(type);
  }
  getRelationship(id: RelationshipId): Promise<Relationship | undefined> {
    return this.inner.getRelationship(id);
  }
  findRelationshipByKey(key: string): Promise<Relationship | undefined> {
    return this.inner.findRelationshipByKey(key);
  }
  getRelationships(ids: readonly RelationshipId[]): Promise<Relationship[]> {
    return this.inner.getRelationships(ids);
  }
  findRelationshipsByKeys(keys: readonly string[]): Promise<Relationship[]> {
    return this.inner.findRelationshipsByKeys(keys);
  }
  async putRelationship(relationship: Relationship): Promise<void> {
    this.hit('putRelationship');
    return this.inner.putRelationship(relationship);
  }
  async deleteRelationship(id: RelationshipId): Promise<void> {
    this.hit('deleteRelationship');
    return this.inner.deleteRelationship(id);
  }
  relationshipsOf(id: EntityId, direction: Direction, limit: number): Promise<Relationship[]> {
    return this.inner.relationshipsOf(id, direction, limit);
  }
  listRelationships(options: PageRequest): Promise<Relationship[]> {
    return this.inner.listRelationships(options);
  }
  mostConnected(options: { readonly limit: number; readonly after?: DegreeRank }): Promise<DegreeRank[]> {
    return this.inner.mostConnected(options);
  }
  async putEvidence(evidence: Evidence): Promise<void> {
    this.hit('putEvidence');
    return this.inner.putEvidence(evidence);
  }
  async deleteEvidence(id: EvidenceId): Promise<void> {
    this.hit('deleteEvidence');
    return this.inner.deleteEvidence(id);
  }
  evidenceOfEntity(id: EntityId, limit: number): Promise<Evidence[]> {
    return this.inner.evidenceOfEntity(id, limit);
  }
  evidenceOfRelationship(id: RelationshipId, limit: number): Promise<Evidence[]> {
    return this.inner.evidenceOfRelationship(id, limit);
  }
  evidenceOfPage(url: string, limit: number): Promise<Evidence[]> {
    return this.inner.evidenceOfPage(url, limit);
  }
  listEvidence(options: PageRequest): Promise<Evidence[]> {
    return this.inner.listEvidence(options);
  }
  async putPage(page: Page): Promise<void> {
    this.hit('putPage');
    return this.inner.putPage(page);
  }
  async putBatch(batch: RecordBatch, options?: { readonly onlyNew?: boolean }): Promise<void> {
    this.hit('putBatch');
    return this.inner.putBatch(batch, options);
  }
  async deleteBatch(keys: KeyBatch): Promise<void> {
    this.hit('deleteBatch');
    return this.inner.deleteBatch(keys);
  }
  async deletePage(url: string): Promise<void> {
    this.hit('deletePage');
    return this.inner.deletePage(url);
  }
  getPage(url: string): Promise<Page | undefined> {
    return this.inner.getPage(url);
  }
  listPages(options: { readonly limit: number; readonly since?: number; readonly site?: string }): Promise<Page[]> {
    return this.inner.listPages(options);
  }
  countPages(since?: number): Promise<number> {
    return this.inner.countPages(since);
  }
  pagesOfEntity(id: EntityId, limit: number): Promise<Page[]> {
    return this.inner.pagesOfEntity(id, limit);
  }
  async putMerge(record: MergeRecord): Promise<void> {
    this.hit('putMerge');
    return this.inner.putMerge(record);
  }
  getMerge(id: MergeId): Promise<MergeRecord | undefined> {
    return this.inner.getMerge(id);
  }
  listMerges(limit: number): Promise<MergeRecord[]> {
    return this.inner.listMerges(limit);
  }
  async putReview(item: ReviewItem): Promise<void> {
    this.hit('putReview');
    return this.inner.putReview(item);
  }
  getReview(id: ReviewId): Promise<ReviewItem | undefined> {
    return this.inner.getReview(id);
  }
  listReviews(status: ReviewStatus, limit: number): Promise<ReviewItem[]> {
    return this.inner.listReviews(status, limit);
  }
  counts(): Promise<GraphCounts> {
    return this.inner.counts();
  }
  async clear(): Promise<void> {
    this.hit('clear');
    return this.inner.clear();
  }
}

function ent(name: string, type: EntityType, extra: Partial<AnalyzedEntity> = {}): AnalyzedEntity {
  return {
    name,
    type,
    aliases: [],
    attributes: {},
    salience: 0.5,
    mentions: 1,
    snippet: `${name} was mentioned.`,
    origin: 'text',
    ...extra,
  };
}
function rel(from: string, label: string, to: string): AnalyzedRelation {
  return { from, to, label, snippet: `${from} ${label} ${to}.`, origin: 'text' };
}
function page(url: string, entities: AnalyzedEntity[], relations: AnalyzedRelation[] = []): CaptureAnalysis {
  return { url, title: `Title of ${url}`, entities, relations, notes: ['analysis note'], analyzeMs: 1 };
}

const SEED = page(
  'https://seed.example/',
  [
    ent('Stripe', 'company', { attributes: { industry: 'payments' }, salience: 0.9 }),
    ent('Patrick Collison', 'person'),
    ent('Mr Rodrigues', 'person'),
  ],
  [rel('Stripe', 'founded_by', 'Patrick Collison')],
);
/** A doubtful "Jaguar" already waits for review: the capture's "Jaguar" joins its provisional entity. */
const SEED_DOUBT = page('https://seed-doubt.example/', [ent('Jaguar', 'other')]);
/**
 * The capture under test: every kind of write ingestion makes. A match with a new alias,
 * attributes and mentions (Stripe, Inc.), a person renamed to the full name (Carl
 * Rodrigues), a new entity (Adyen), a doubtful mention queued for review with a
 * provisional entity (Mercury), one joining a pending provisional entity (Jaguar), a new
 * relationship and a repeated one (evidence only).
 */
const CAPTURE = page(
  'https://b.example/news',
  [
    ent('Stripe, Inc.', 'company', { attributes: { url: 'https://stripe.com' }, mentions: 3, salience: 0.95 }),
    ent('Patrick Collison', 'person', { salience: 0.8 }),
    ent('Mr Rodrigues', 'person', { salience: 0.7 }),
    ent('Carl Rodrigues', 'person', { salience: 0.4 }),
    ent('Adyen', 'company', { attributes: { industry: 'payments' }, salience: 0.6, description: 'A Dutch payment company.' }),
    ent('Mercury', 'other', { salience: 0.3 }),
    ent('Jaguar', 'other', { salience: 0.2 }),
  ],
  [
    rel('Stripe, Inc.', 'competes_with', 'Adyen'),
    rel('Stripe, Inc.', 'founded_by', 'Patrick Collison'),
    rel('Carl Rodrigues', 'works_at', 'Adyen'),
  ],
);

interface World {
  readonly store: FaultyStore;
  readonly service: GraphService;
  readonly resolver: Resolver;
  readonly deps: Parameters<typeof ingestCapture>[1];
  /** What a listener (a derived name index) believes the entities are called. */
  readonly heard: Map<string, string>;
}

async function seeded(factory: AtomicityStoreFactory): Promise<World> {
  const store = new FaultyStore(await factory());
  const clock = fixedClock();
  const ids = sequentialIds();
  const service = new GraphService({ store, ids, clock });
  const heard = new Map<string, string>();
  service.subscribe((change) => {
    if (change.kind === 'entity.put') heard.set(change.entity.id, change.entity.name);
    if (change.kind === 'entity.removed') heard.delete(change.entity.id);
  });
  const resolver = createResolver({ store, clock, settings: { networkLookups: false } });
  const deps = { service, resolver, store, clock, ids };
  await ingestCapture(SEED, deps, { capturedAt: 1 });
  await service.createEntity({ name: 'Mercury', type: 'location' });
  await service.createEntity({ name: 'Mercury', type: 'company' });
  await service.createEntity({ name: 'Jaguar', type: 'company' });
  await service.createEntity({ name: 'Jaguar', type: 'product' });
  await ingestCapture(SEED_DOUBT, deps, { capturedAt: 2 });
  return { store, service, resolver, deps, heard };
}

const byJson = (a: unknown, b: unknown): number => {
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The graph with ids replaced by what they name, so two runs with different ids compare. */
async function snapshot(store: GraphStore) {
  const entities = await store.listEntities({ limit: 1000 });
  const relationships = await store.listRelationships({ limit: 1000 });
  const label = new Map<string, string>();
  for (const e of entities) label.set(e.id, `${e.type}:${e.name}`);
  const name = (id: string | undefined): string => (id === undefined ? '-' : (label.get(id) ?? `missing ${id}`));
  for (const r of relationships) label.set(r.id, `${name(r.from)} ${r.label} ${name(r.to)}`);
  const evidence: Evidence[] = [];
  for (const e of entities) evidence.push(...(await store.evidenceOfEntity(e.id, 1000)));
  for (const r of relationships) evidence.push(...(await store.evidenceOfRelationship(r.id, 1000)));
  const reviews: ReviewItem[] = [];
  for (const status of ['pending', 'accepted', 'rejected'] as const) reviews.push(...(await store.listReviews(status, 1000)));
  return {
    counts: await store.counts(),
    entities: entities.map(({ id, ...e }) => ({ ...e, id: name(id) })).sort(byJson),
    relationships: relationships.map((r) => ({ rel: name(r.id), createdAt: r.createdAt, updatedAt: r.updatedAt })).sort(byJson),
    evidence: evidence.map(({ id: _id, entityId, relationshipId, ...v }) => ({ ...v, of: name(entityId ?? relationshipId) })).sort(byJson),
    pages: (await store.listPages({ limit: 100 })).map((p) => ({
      ...p,
      entityIds: p.entityIds.map(name),
      relationshipIds: p.relationshipIds.map(name),
    })),
    reviews: reviews
      .map(({ id: _id, provisionalId, candidates, ...q }) => ({
        ...q,
        provisional: name(provisionalId),
        candidates: candidates.map((c) => ({ ...c, id: name(c.id) })),
      }))
      .sort(byJson),
    merges: (await store.listMerges(100)).length,
  };
}

async function namesInStore(store: GraphStore): Promise<Map<string, string>> {
  return new Map((await store.listEntities({ limit: 1000 })).map((e) => [e.id, e.name]));
}

export function ingestAtomicitySpecs(name: string, factory: AtomicityStoreFactory): void {
  describe(`ingestCapture is all or nothing (${name})`, () => {
    it('a capture interrupted at any write, then retried, leaves the graph a clean ingest leaves', { timeout: 120_000 }, async () => {
      const clean = await seeded(factory);
      const cleanResult = await ingestCapture(CAPTURE, clean.deps, { capturedAt: 10 });
      // The scenario does exercise every path (match, rename, create, review, pending provisional, relations).
      expect(cleanResult).toMatchObject({ created: 2, matched: 5, queuedForReview: 1, relationships: 3, duplicate: false });
      const expected = await snapshot(clean.store);

      let writePoints = 0;
      for (let k = 1; k <= MAX_WRITE_POINTS; k++) {
        const world = await seeded(factory);
        const before = await snapshot(world.store);
        world.store.arm(k);
        const outcome = await ingestCapture(CAPTURE, world.deps, { capturedAt: 10 }).then(
          () => 'ingested',
          (error: unknown) => (error instanceof AriadneError && error.message.startsWith('injected failure') ? 'interrupted' : error),
        );
        world.store.failAt = undefined;
        if (outcome === 'ingested') break;
        expect(outcome, `write ${k}`).toBe('interrupted');
        writePoints = k;
        // Nothing of the failed attempt is left, and no listener heard of it.
        expect(await snapshot(world.store), `after a failure at write ${k}`).toEqual(before);
        expect(world.heard, `listeners after a failure at write ${k}`).toEqual(await namesInStore(world.store));
        // The retry applies the capture once.
        await ingestCapture(CAPTURE, world.deps, { capturedAt: 10 });
        expect(await snapshot(world.store), `retry after a failure at write ${k}`).toEqual(expected);
        expect(world.heard, `listeners after the retry (write ${k})`).toEqual(await namesInStore(world.store));
      }
      // Every write point was tried: the loop ended because the capture got through, not at the cap.
      expect(writePoints).toBeGreaterThan(10);
      expect(writePoints).toBeLessThan(MAX_WRITE_POINTS);
    });
  });
}
