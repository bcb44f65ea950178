// The persisted graph counters (schema v4, graph-counts.ts): a populated v3 database is
// upgraded and its counters match its rows; every write path keeps them equal to a count of
// the rows; an aborted transaction leaves rows and counters as they were.
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../../core/graph/ids';
import { GraphService } from '../../core/graph/service';
import type { GraphCounts } from '../../core/graph/store';
import { ENTITY_TYPES } from '../../core/graph/types';
import type { Entity, EntityType, ReviewItem } from '../../core/graph/types';
import { mulberry32 } from '../../core/random';
import { AriadneDatabase, SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_VERSION } from './database';
import { DexieGraphStore } from './dexie-graph-store';
import { writeOlderDatabase } from './testing/older-database';
import { throwawayDatabases } from './testing/throwaway-databases';

const V3_TABLES = Object.keys(SCHEMA_V3);
const track = throwawayDatabases();
let counter = 0;

function fresh(): { db: AriadneDatabase; store: DexieGraphStore; graph: GraphService } {
  const db = track(new AriadneDatabase(`ariadne-counts-${++counter}`));
  const store = new DexieGraphStore(db);
  return { db, store, graph: new GraphService({ store, ids: sequentialIds(), clock: fixedClock() }) };
}

/** The counts as a scan of the rows gives them (what the counters must equal). */
async function scanned(db: AriadneDatabase): Promise<{ counts: GraphCounts; byType: Record<EntityType, number> }> {
  const entities = await db.entities.toArray();
  const byType = Object.fromEntries(ENTITY_TYPES.map((t) => [t, entities.filter((e) => e.type === t).length])) as Record<
    EntityType,
    number
  >;
  const reviews = await db.reviews.toArray();
  return {
    counts: {
      entities: entities.length,
      relationships: (await db.relationships.toArray()).length,
      evidence: (await db.evidence.toArray()).length,
      pages: (await db.pages.toArray()).length,
      pendingReviews: reviews.filter((r) => r.status === 'pending').length,
    },
    byType,
  };
}

async function counted(store: DexieGraphStore): Promise<{ counts: GraphCounts; byType: Record<EntityType, number> }> {
  const byType = {} as Record<EntityType, number>;
  for (const t of ENTITY_TYPES) byType[t] = await store.countEntities(t);
  return { counts: await store.counts(), byType };
}

function review(id: string, status: ReviewItem['status'], provisionalId: Entity['id']): ReviewItem {
  return {
    id: id as ReviewItem['id'],
    createdAt: 1,
    status,
    mention: { name: 'Stripe', type: 'company', pageUrl: 'https://x.test/', pageTitle: 'X', snippet: 'Stripe' },
    provisionalId,
    candidates: [],
    reason: 'close score',
  };
}

/** A graph made by the real service: several types, relationships, evidence, a page, a merge, reviews. */
async function populate(graph: GraphService, store: DexieGraphStore): Promise<void> {
  const page = { pageUrl: 'https://example.test/a', pageTitle: 'A', snippet: 'Stripe uses Ruby in Dublin.' };
  const stripe = await graph.createEntity({ name: 'Stripe', type: 'company', aliases: ['Stripe, Inc.'] });
  const dup = await graph.createEntity({ name: 'Stripe Inc', type: 'company' });
  const ruby = await graph.createEntity({ name: 'Ruby', type: 'technology' });
  const dublin = await graph.createEntity({ name: 'Dublin', type: 'location' });
  const patrick = await graph.createEntity({ name: 'Patrick Collison', type: 'person' });
  await graph.relate(stripe.id, 'uses', ruby.id, page);
  await graph.relate(dup.id, 'located_in', dublin.id, page);
  await graph.relate(patrick.id, 'founded', stripe.id);
  await graph.recordEvidence({ ...page, kind: 'mention', entityId: stripe.id });
  await graph.recordPage({ url: page.pageUrl, title: page.pageTitle, entityIds: [stripe.id, ruby.id], relationshipIds: [] });
  await graph.merge(stripe.id, dup.id);
  await store.putReview(review('rv_1', 'pending', ruby.id));
  await store.putReview(review('rv_2', 'accepted', ruby.id));
}

describe('persisted graph counts', () => {
  it('v3 → v4: a populated v3 database keeps every row and its counters equal a count of the rows', async () => {
    const { db: source, store, graph } = fresh();
    await populate(graph, store);
    const rows: Record<string, unknown[]> = {};
    for (const table of V3_TABLES) rows[table] = await source.table(table).toArray();
    expect(rows['entities']?.length).toBe(4);

    const name = `ariadne-counts-v3-${++counter}`;
    await writeOlderDatabase(track(new Dexie(name)), [SCHEMA_V1, SCHEMA_V2, SCHEMA_V3], rows);

    const upgraded = track(new AriadneDatabase(name));
    await upgraded.open();
    expect(upgraded.verno).toBe(SCHEMA_VERSION);
    for (const table of V3_TABLES) expect(await upgraded.table(table).toArray(), table).toEqual(rows[table]);
    const after = new DexieGraphStore(upgraded);
    expect(await counted(after)).toEqual(await scanned(upgraded));
    expect(await after.counts()).toEqual({ entities: 4, relationships: 3, evidence: 3, pages: 1, pendingReviews: 1 });
    expect(await after.countEntities('company')).toBe(1);
  });

  it('counters follow every write path: creates, updates that change a type, merges, deletes, bulk writes, clears', async () => {
    const { db, store, graph } = fresh();
    await populate(graph, store);
    expect(await counted(store)).toEqual(await scanned(db));

    const random = mulberry32(39);
    const ids: Entity['id'][] = (await db.entities.toArray()).map((e) => e.id);
    for (let step = 0; step < 60; step++) {
      const r = random();
      const type = ENTITY_TYPES[Math.floor(random() * ENTITY_TYPES.length)] ?? 'other';
      if (r < 0.35 || ids.length < 2) {
        ids.push((await graph.createEntity({ name: `Entity ${step}`, type })).id);
      } else if (r < 0.5) {
        const id = ids[Math.floor(random() * ids.length)];
        const entity = id === undefined ? undefined : await store.getEntity(id);
        if (entity) await store.putEntity({ ...entity, type }); // a type change moves one count
      } else if (r < 0.7) {
        const [a, b] = [ids[Math.floor(random() * ids.length)], ids[Math.floor(random() * ids.length)]];
        if (a !== undefined && b !== undefined && a !== b)
          await graph.relate(a, `rel_${step % 3}`, b, { pageUrl: `https://p.test/${step}`, pageTitle: 'P', snippet: 's' });
      } else if (r < 0.8) {
        const [a, b] = [ids.pop(), ids[0]];
        if (a !== undefined && b !== undefined && a !== b) await graph.merge(b, a);
      } else if (r < 0.9) {
        const id = ids.pop();
        if (id !== undefined) await store.transaction(async () => store.deleteEntity(id));
      } else {
        await store.putReview(review(`rv_s${step}`, random() < 0.5 ? 'pending' : 'rejected', ids[0] ?? ('e_none' as Entity['id'])));
      }
      expect(await counted(store), `after step ${step}`).toEqual(await scanned(db));
    }
    // Bulk paths and writes that bypass the store (a Collection delete, a bulkPut with a key twice).
    const some = await db.entities.limit(3).toArray();
    await db.entities.bulkPut([...some.map((e) => ({ ...e, type: 'product' as const })), ...some]);
    await db.evidence
      .where('[pageUrl+capturedAt]')
      .between(['https://p.test/', Dexie.minKey], ['https://p.test/\uffff', Dexie.maxKey])
      .delete();
    expect(await counted(store)).toEqual(await scanned(db));
    await store.clear();
    expect(await store.counts()).toEqual({ entities: 0, relationships: 0, evidence: 0, pages: 0, pendingReviews: 0 });
    expect(await counted(store)).toEqual(await scanned(db));
  });

  it('writes of one transaction started together are counted once each', async () => {
    const { db, store, graph } = fresh();
    const made = await Promise.all(ENTITY_TYPES.map((type, i) => graph.createEntity({ name: `Parallel ${i}`, type })));
    const entities = await store.getEntities(made.map((e) => e.id));
    await store.transaction(async () => {
      await Promise.all([
        ...entities.map((e) => store.putEntity({ ...e, type: 'company' })),
        ...entities.map((e) => store.putEntity({ ...e, type: 'company' })),
      ]);
    });
    expect(await counted(store)).toEqual(await scanned(db));
    expect(await store.countEntities('company')).toBe(ENTITY_TYPES.length);
  });

  it('an aborted transaction leaves the rows and the counters unchanged (they share it)', async () => {
    const { db, store, graph } = fresh();
    await populate(graph, store);
    const before = await counted(store);
    const rowsBefore = await db.entities.toArray();
    const ruby = rowsBefore.find((e) => e.name === 'Ruby');
    if (!ruby) throw new Error('fixture');
    await expect(
      store.transaction(async () => {
        await graph.createEntity({ name: 'Never Stored', type: 'person' });
        await store.putEntity({ ...ruby, type: 'product' });
        await store.deleteEntity(rowsBefore[0]?.id ?? ruby.id);
        // The counters were written in this transaction by now.
        expect((await store.counts()).entities).toBe(before.counts.entities);
        expect(await store.countEntities('product')).toBe(1);
        throw new Error('stop before commit');
      }),
    ).rejects.toThrow('stop before commit');
    expect(await db.entities.toArray()).toEqual(rowsBefore);
    expect(await counted(store)).toEqual(before);
  });

  it('graph counts read the counters, not the rows (constant work whatever the graph holds)', async () => {
    const { db, store, graph } = fresh();
    await graph.createEntity({ name: 'Stripe', type: 'company' });
    // A counter set by hand is what comes back: nothing was counted.
    await db.counts.put({ key: 'entities', n: 1_000_000 });
    expect((await store.counts()).entities).toBe(1_000_000);
    expect(await store.countEntities('company')).toBe(1);
  });
});
