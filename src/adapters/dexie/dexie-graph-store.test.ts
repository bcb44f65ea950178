// Runs the GraphStore contract suite against the Dexie store on fake-indexeddb,
// plus the Dexie-only behaviours (quota errors, schema, database name).
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { graphStoreContract } from '../../core/graph/graph-store.contract';
import { asEntityId, fixedClock, sequentialIds } from '../../core/graph/ids';
import { GraphService } from '../../core/graph/service';
import type { Entity } from '../../core/graph/types';
import { AriadneDatabase, DATABASE_NAME, SCHEMA_VERSION } from './database';
import { DexieGraphStore } from './dexie-graph-store';

let opened: AriadneDatabase[] = [];
let counter = 0;

function freshStore(): DexieGraphStore {
  const db = new AriadneDatabase(`ariadne-test-${++counter}`);
  opened.push(db);
  return new DexieGraphStore(db);
}

afterEach(async () => {
  for (const db of opened) await db.delete();
  opened = [];
});

graphStoreContract('DexieGraphStore', freshStore);

describe('DexieGraphStore specifics', () => {
  it('opens the database named ariadne by default', () => {
    expect(new AriadneDatabase().name).toBe(DATABASE_NAME);
    expect(DATABASE_NAME).toBe('ariadne');
  });

  it('declares the current schema version with the indexes the look-ups rely on', async () => {
    const store = freshStore();
    await store.db.open();
    expect(store.db.verno).toBe(SCHEMA_VERSION);
    const indexes = (table: string) =>
      store.db
        .table(table)
        .schema.indexes.map((i) => i.name)
        .sort();
    expect(indexes('entities')).toEqual(['[type+id]', 'keys', 'updatedAt']);
    // v6: evidence is found through its compound indexes only (their prefixes answer the single-field look-ups).
    expect(indexes('evidence')).toEqual(['[entityId+capturedAt]', '[pageUrl+capturedAt]', '[relationshipId+capturedAt]']);
    expect(store.db.table('relationships').schema.idxByName['key']?.unique).toBe(true);
    expect(indexes('inbox')).toEqual(['attempts', 'receivedAt']);
  });

  it('keeps the transaction when the scope is a plain arrow forwarding to async code while other reads run (no PrematureCommitError)', async () => {
    const store = freshStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
    const a = await graph.createEntity({ name: 'Stripe', type: 'company' });
    const b = await graph.createEntity({ name: 'Rust', type: 'technology' });
    const source = { pageUrl: 'https://example.test/', pageTitle: 'A page', snippet: 'Stripe uses Rust.' };
    // The graph service passes `() => fn(log)` as the scope: not itself async.
    const outside = async () => {
      for (let i = 0; i < 10; i++) {
        await store.getPage('https://example.test/other');
        await store.db.inbox.get('c_none');
      }
    };
    const [related] = await Promise.all([graph.relate(a.id, 'uses', b.id, source), outside()]);
    expect(related.created).toBe(true);
    expect(await store.evidenceOfRelationship(related.relationship.id, 5)).toHaveLength(1);
  });

  it('surfaces a storage quota failure as quota_exceeded and keeps what was stored', async () => {
    const store = freshStore();
    const id = asEntityId('e_0001');
    if (!id) throw new Error('bad test id');
    const entity: Entity = {
      id,
      name: 'Stripe',
      type: 'company',
      aliases: [],
      attributes: {},
      createdAt: 1,
      updatedAt: 1,
      mentionCount: 1,
      keys: ['n:stripe'],
    };
    await store.putEntity(entity);
    // Simulate the browser refusing the write the way IndexedDB does.
    const original = store.db.entities.put.bind(store.db.entities);
    store.db.entities.put = () => Dexie.Promise.reject(Object.assign(new Error('full'), { name: 'QuotaExceededError' }));
    await expect(store.putEntity({ ...entity, name: 'Changed' })).rejects.toMatchObject({ code: 'quota_exceeded' });
    store.db.entities.put = original;
    expect((await store.getEntity(id))?.name).toBe('Stripe');
  });
});
