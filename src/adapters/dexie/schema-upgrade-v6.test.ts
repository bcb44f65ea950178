// Schema v6 drops indexes another one answers (issue 39: fewer index entries per record).
// A populated v5 database, written by a v5-only Dexie from a graph the real service made,
// is opened with the current schema: every row of every table comes back unchanged, and
// every look-up the dropped indexes served gives, through the compound indexes left, the
// rows the v5 index gave, in the store's order.
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../../core/graph/ids';
import type { EntityId, RelationshipId } from '../../core/graph/ids';
import { GraphService } from '../../core/graph/service';
import { ENTITY_TYPES } from '../../core/graph/types';
import type { EntityType } from '../../core/graph/types';
import { mulberry32 } from '../../core/random';
import { AriadneDatabase, SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5, SCHEMA_VERSION } from './database';
import { DexieGraphStore } from './dexie-graph-store';
import { writeOlderDatabase } from './testing/older-database';
import { throwawayDatabases } from './testing/throwaway-databases';

const V5_SCHEMAS = [SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5];
const V5_TABLES = Object.keys(SCHEMA_V5);
const track = throwawayDatabases();
let counter = 0;

/** Every row of every v5 table, in primary-key order. */
async function dumpAll(db: Dexie): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of V5_TABLES) out[table] = await db.table(table).toArray();
  return out;
}

/**
 * A graph made by the real service: 40 entities of every type, relationships with evidence
 * from pages that share capture times (ties), mentions, pages listing entities, a merge.
 */
async function populate(): Promise<{ store: DexieGraphStore; rows: Record<string, unknown[]> }> {
  const store = new DexieGraphStore(track(new AriadneDatabase(`ariadne-v6-source-${++counter}`)));
  const clock = fixedClock();
  const graph = new GraphService({ store, ids: sequentialIds(), clock });
  const random = mulberry32(6);
  const ids: EntityId[] = [];
  for (let i = 0; i < 40; i++) {
    const type = ENTITY_TYPES[i % ENTITY_TYPES.length] ?? 'other';
    ids.push((await graph.createEntity({ name: `Entity ${i} ${type}`, type, aliases: i % 3 === 0 ? [`E${i}`] : [] })).id);
    if (i % 4 === 0) clock.advance(1000); // several entities per timestamp: updatedAt ties
  }
  const pick = (): EntityId => ids[Math.floor(random() * ids.length)] ?? ids[0] ?? ('e_none' as EntityId);
  for (let step = 0; step < 60; step++) {
    const source = { pageUrl: `https://p.test/${step % 7}`, pageTitle: `P${step % 7}`, snippet: `snippet ${step}` };
    const [a, b] = [pick(), pick()];
    if (a !== b) await graph.relate(a, `rel_${step % 3}`, b, source);
    await graph.recordEvidence({ ...source, kind: 'mention', entityId: pick() });
    if (step % 5 === 0) clock.advance(1000);
  }
  for (let p = 0; p < 7; p++) {
    await graph.recordPage({ url: `https://p.test/${p}`, title: `P${p}`, entityIds: [pick(), pick()], relationshipIds: [] });
  }
  const [into, removed] = [ids[0], ids[1]];
  if (into !== undefined && removed !== undefined) await graph.merge(into, removed);
  return { store, rows: await dumpAll(store.db) };
}

/** The v5 database, written with the v1…v5 schemas only, and a v5 view of it for the old indexes. */
async function writeV5(rows: Record<string, unknown[]>): Promise<string> {
  const name = `ariadne-v6-upgrade-${++counter}`;
  await writeOlderDatabase(track(new Dexie(name)), V5_SCHEMAS, rows);
  return name;
}

function openV5(name: string): Dexie {
  const db = track(new Dexie(name));
  V5_SCHEMAS.forEach((schema, i) => db.version(i + 1).stores(schema));
  return db;
}

describe('schema v6: the indexes another one answers are dropped', () => {
  it('v5 → v6 keeps every row of every table, and drops only the duplicate and unused indexes', async () => {
    const { rows } = await populate();
    for (const table of ['entities', 'relationships', 'evidence', 'pages', 'merges', 'counts', 'degrees']) {
      expect(rows[table]?.length, table).toBeGreaterThan(0);
    }
    const name = await writeV5(rows);
    const upgraded = track(new AriadneDatabase(name));
    await upgraded.open();
    expect(upgraded.verno).toBe(SCHEMA_VERSION);
    expect(await dumpAll(upgraded)).toEqual(rows);
    upgraded.close();

    // What IndexedDB itself holds now (not Dexie's declared schema).
    const raw = await new Promise<IDBDatabase>((done, fail) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => done(request.result);
      request.onerror = () => fail(request.error);
    });
    const indexNames = (store: string) => [...raw.transaction(store).objectStore(store).indexNames].sort();
    expect(indexNames('entities')).toEqual(['[type+id]', 'keys', 'updatedAt']);
    expect(indexNames('evidence')).toEqual(['[entityId+capturedAt]', '[pageUrl+capturedAt]', '[relationshipId+capturedAt]']);
    expect(indexNames('relationships')).toEqual(['from', 'key', 'to']);
    raw.close();
  });

  it('every look-up a dropped index served gives the rows it gave at v5, and the store answers as before the upgrade', async () => {
    const { store: source, rows } = await populate();
    const name = await writeV5(rows);
    // The v5 answers first, with the v5 indexes (the database is upgraded below).
    const v5 = openV5(name);
    const entityIds = (rows['entities'] ?? []).map((e) => (e as { id: EntityId }).id);
    const relationshipIds = (rows['relationships'] ?? []).map((r) => (r as { id: RelationshipId }).id);
    const urls = [...new Set((rows['evidence'] ?? []).map((e) => (e as { pageUrl: string }).pageUrl))];
    const sortedKeys = async (index: string, value: string) =>
      (await v5.table('evidence').where(index).equals(value).primaryKeys()).map(String).sort();
    const byEntity = new Map<string, string[]>();
    for (const id of [...entityIds, 'e_none']) byEntity.set(id, await sortedKeys('entityId', id));
    const byRelationship = new Map<string, string[]>();
    for (const id of relationshipIds) byRelationship.set(id, await sortedKeys('relationshipId', id));
    const byPage = new Map<string, string[]>();
    for (const url of urls) byPage.set(url, await sortedKeys('pageUrl', url));
    const byType = new Map<EntityType, string[]>();
    for (const type of ENTITY_TYPES) byType.set(type, (await v5.table('entities').where('type').equals(type).primaryKeys()).map(String));
    v5.close();
    expect([...byEntity.values()].some((k) => k.length > 1)).toBe(true); // the comparison has rows to compare

    const upgraded = new DexieGraphStore(track(new AriadneDatabase(name)));
    const evidenceIds = (list: readonly { id: string }[]) => list.map((e) => e.id).sort();
    for (const id of entityIds) {
      const eid = id;
      expect(evidenceIds(await upgraded.evidenceOfEntity(eid, 1000)), id).toEqual(byEntity.get(id));
      expect(await upgraded.evidenceOfEntity(eid, 1000)).toEqual(await source.evidenceOfEntity(eid, 1000));
      expect(await upgraded.evidenceOfEntity(eid, 2)).toEqual(await source.evidenceOfEntity(eid, 2));
      expect(await upgraded.relationshipsOf(eid, 'both', 1000)).toEqual(await source.relationshipsOf(eid, 'both', 1000));
      expect(await upgraded.pagesOfEntity(eid, 10)).toEqual(await source.pagesOfEntity(eid, 10));
    }
    expect(await upgraded.evidenceOfEntity('e_none' as EntityId, 10)).toEqual([]);
    for (const id of relationshipIds) {
      expect(evidenceIds(await upgraded.evidenceOfRelationship(id, 1000)), id).toEqual(byRelationship.get(id));
      expect(await upgraded.evidenceOfRelationship(id, 1000)).toEqual(await source.evidenceOfRelationship(id, 1000));
    }
    for (const url of urls) {
      expect(evidenceIds(await upgraded.evidenceOfPage(url, 1000)), url).toEqual(byPage.get(url));
      expect(await upgraded.evidenceOfPage(url, 3)).toEqual(await source.evidenceOfPage(url, 3));
    }
    for (const type of ENTITY_TYPES) {
      const listed = await upgraded.listEntities({ type, limit: 1000 });
      expect(listed.map((e) => e.id).sort(), type).toEqual(byType.get(type));
      expect(listed).toEqual(await source.listEntities({ type, limit: 1000 }));
      expect(await upgraded.listEntities({ type, after: listed[0]?.id, limit: 2 })).toEqual(
        await source.listEntities({ type, after: listed[0]?.id, limit: 2 }),
      );
      expect(await upgraded.countEntities(type)).toBe(byType.get(type)?.length);
    }
    expect(await upgraded.recentEntities({ limit: 15 })).toEqual(await source.recentEntities({ limit: 15 }));
    expect(await upgraded.recentEntities({ limit: 5, types: ['person', 'product'] })).toEqual(
      await source.recentEntities({ limit: 5, types: ['person', 'product'] }),
    );
    expect(await upgraded.findEntitiesByKeys(['entity', 'e3'], 10)).toEqual(await source.findEntitiesByKeys(['entity', 'e3'], 10));
    expect(await upgraded.counts()).toEqual(await source.counts());
    expect(await upgraded.mostConnected({ limit: 10 })).toEqual(await source.mostConnected({ limit: 10 }));
  });
});
