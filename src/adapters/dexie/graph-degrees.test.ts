// Persisted entity degrees (schema v5, graph-degrees.ts): a populated v4 database is
// upgraded and its degrees equal a count over its relationships; every write path (relate,
// merge, unmerge, delete, bulk actions and their undo, import, clear) keeps them equal; and a
// transaction cut at any of its writes (as a stopped worker leaves it) leaves relationships,
// counters and degrees as they were.
import { Dexie } from 'dexie';
import type { DBCore, Middleware } from 'dexie';
import { describe, expect, it } from 'vitest';
import { dumpGraph } from '../../core/export/dump';
import { graphJsonParts, splitDump } from '../../core/export/json-stream';
import type { DumpPart } from '../../core/export/json-stream';
import { fixedClock, sequentialIds } from '../../core/graph/ids';
import type { EntityId, RelationshipId } from '../../core/graph/ids';
import { GraphService } from '../../core/graph/service';
import { RANKED_MIN_DEGREE } from '../../core/graph/store';
import { NameIndex } from '../../core/search/name-index';
import { importSessionsOf } from '../../core/tools/definitions/graph-import-session';
import { createRegistry } from '../../core/tools/index';
import { AriadneDatabase, SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_VERSION } from './database';
import { DexieGraphStore } from './dexie-graph-store';
import { DexieImportJournal } from './dexie-import-journal';
import { rebuildDegrees } from './graph-degrees';
import { writeOlderDatabase } from './testing/older-database';
import { throwawayDatabases } from './testing/throwaway-databases';

const NOW = Date.UTC(2026, 10, 28);
const V4_TABLES = Object.keys(SCHEMA_V4);
const track = throwawayDatabases();
let counter = 0;

/** Cuts the transaction (aborts it, as a stopped worker does) at the `cutAt`-th write of any table; counts writes. */
function cutter(): { middleware: Middleware<DBCore>; writes: number; cutAt: number } {
  const state = {
    writes: 0,
    cutAt: 0,
    middleware: {
      stack: 'dbcore',
      name: 'cut-at-write',
      // Below the counters' middleware (-5): its own writes to `counts` and `degrees` are cut too.
      level: -10,
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name);
          return {
            ...table,
            mutate: async (req) => {
              state.writes++;
              if (state.writes === state.cutAt) {
                Reflect.get(req.trans, 'abort')?.call(req.trans);
                throw new Error(`worker stopped at write ${state.cutAt} (${name})`);
              }
              return table.mutate(req);
            },
          };
        },
      }),
    } satisfies Middleware<DBCore>,
  };
  return state;
}

function fresh(cut?: Middleware<DBCore>): { db: AriadneDatabase; store: DexieGraphStore; graph: GraphService } {
  const db = track(new AriadneDatabase(`ariadne-degrees-${++counter}`));
  if (cut) db.use(cut);
  const store = new DexieGraphStore(db);
  return { db, store, graph: new GraphService({ store, ids: sequentialIds(), clock: fixedClock(NOW) }) };
}

/** Degrees of RANKED_MIN_DEGREE or more as a count over the relationships gives them (what the persisted rows must equal). */
async function scannedDegrees(db: AriadneDatabase): Promise<Record<string, number>> {
  const n: Record<string, number> = {};
  for (const r of await db.relationships.toArray()) for (const end of [r.from, r.to]) n[end] = (n[end] ?? 0) + 1;
  return Object.fromEntries(Object.entries(n).filter(([, d]) => d >= RANKED_MIN_DEGREE));
}

async function persistedDegrees(db: AriadneDatabase): Promise<Record<string, number>> {
  return Object.fromEntries((await db.degrees.toArray()).map((r) => [r.id, r.n]));
}

/** A small graph with a hub and evidence, made by the real service. */
async function populate(graph: GraphService): Promise<Record<string, EntityId>> {
  const page = { pageUrl: 'https://example.test/a', pageTitle: 'A', snippet: 'Invented sentence about Ferrow and Quill.' };
  const ids: Record<string, EntityId> = {};
  for (const [name, type] of [
    ['Ferrow Labs', 'company'],
    ['Ferrow Labs Inc', 'company'],
    ['Quillscript', 'technology'],
    ['Dorin Vale', 'person'],
    ['Marrowby', 'location'],
  ] as const) {
    ids[name] = (await graph.createEntity({ name, type })).id;
  }
  const id = (name: string): EntityId => ids[name] ?? (name as EntityId);
  await graph.relate(id('Ferrow Labs'), 'uses', id('Quillscript'), page);
  await graph.relate(id('Ferrow Labs Inc'), 'located_in', id('Marrowby'), page);
  await graph.relate(id('Dorin Vale'), 'founded', id('Ferrow Labs'));
  await graph.relate(id('Dorin Vale'), 'uses', id('Quillscript'));
  await graph.relate(id('Ferrow Labs Inc'), 'uses', id('Quillscript'));
  // Readers make Quillscript a hub (3 + RANKED_MIN_DEGREE links); Ferrow Labs stays below the bound.
  for (let i = 0; i < RANKED_MIN_DEGREE; i++) {
    const reader = await graph.createEntity({ name: `Reader ${i}`, type: 'person' });
    await graph.relate(reader.id, 'uses', id('Quillscript'));
  }
  return ids;
}

describe('persisted entity degrees', () => {
  it('v4 → v5: a populated v4 database keeps every row and gets degrees equal to a count of its relationships', async () => {
    const { db: source, graph } = fresh();
    await populate(graph);
    const rows: Record<string, unknown[]> = {};
    for (const table of V4_TABLES) rows[table] = await source.table(table).toArray();
    expect(rows['relationships']?.length).toBe(5 + RANKED_MIN_DEGREE);

    const name = `ariadne-degrees-v4-${++counter}`;
    await writeOlderDatabase(track(new Dexie(name)), [SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4], rows);

    const upgraded = track(new AriadneDatabase(name));
    await upgraded.open();
    expect(upgraded.verno).toBe(SCHEMA_VERSION);
    for (const table of V4_TABLES) expect(await upgraded.table(table).toArray(), table).toEqual(rows[table]);
    const degrees = await persistedDegrees(upgraded);
    expect(degrees).toEqual(await scannedDegrees(upgraded));
    // The hub: Quillscript has 3 + RANKED_MIN_DEGREE incoming relationships; no one else reaches the bound.
    const quill = (await upgraded.entities.toArray()).find((e) => e.name === 'Quillscript');
    expect(quill && degrees[quill.id]).toBe(3 + RANKED_MIN_DEGREE);
    expect(Object.keys(degrees)).toHaveLength(1);
    expect((await new DexieGraphStore(upgraded).mostConnected({ limit: 1 }))[0]?.id).toBe(quill?.id);
  });

  it('a rebuild reading the relationships in pages smaller than the graph gives the degrees the writes kept', async () => {
    const { db, graph } = fresh();
    await populate(graph);
    const kept = await persistedDegrees(db);
    await db.transaction('rw', [db.relationships, db.degrees], async (tx) => rebuildDegrees(tx, 2));
    expect(await persistedDegrees(db)).toEqual(kept);
    expect(kept).toEqual(await scannedDegrees(db));
  });

  it('every write path keeps the degrees equal to a count of the relationships', async () => {
    const { db, store, graph } = fresh();
    const ids = await populate(graph);
    const id = (name: string): EntityId => ids[name] ?? (name as EntityId);
    const check = async (step: string) => expect(await persistedDegrees(db), step).toEqual(await scannedDegrees(db));
    await check('populate');
    const merged = await graph.merge(id('Ferrow Labs'), id('Ferrow Labs Inc'));
    await check('merge');
    await graph.unmerge(merged.record.id);
    await check('unmerge');
    await graph.deleteEntity(id('Marrowby'));
    await check('delete');
    const bulk = await graph.bulkDelete([id('Dorin Vale')]);
    await check('bulk delete');
    await graph.undoBulk(bulk.undoId);
    await check('bulk undo');
    await graph.bulkMerge(id('Ferrow Labs'), [id('Ferrow Labs Inc')]);
    await check('bulk merge');
    // Ferrow Labs crosses the bound (its row is counted from the indexes), then falls below it.
    const fans: EntityId[] = [];
    for (let i = 0; i < RANKED_MIN_DEGREE; i++) {
      fans.push((await graph.createEntity({ name: `Fan ${i}`, type: 'person' })).id);
      await graph.relate(fans[i] ?? id('Dorin Vale'), 'knows', id('Ferrow Labs'));
    }
    await check('crossing up');
    expect((await persistedDegrees(db))[id('Ferrow Labs')]).toBeGreaterThanOrEqual(RANKED_MIN_DEGREE);
    await graph.deleteEntity(fans[0] ?? id('Dorin Vale'));
    await graph.deleteEntity(fans[1] ?? id('Dorin Vale'));
    await graph.deleteEntity(fans[2] ?? id('Dorin Vale'));
    await check('crossing down');
    expect((await persistedDegrees(db))[id('Ferrow Labs')]).toBeUndefined();

    // A merge import of an export of another graph, then a restore of this one into a fresh database.
    const other = fresh();
    await populate(other.graph);
    const registryOf = async (target: { store: DexieGraphStore; graph: GraphService }) => {
      const search = await NameIndex.load(target.store);
      search.attach(target.graph);
      return createRegistry({ graph: target.graph, store: target.store, search, clock: fixedClock(NOW) });
    };
    const { format: _f, version: _v, exportedAt: _t, ...records } = await dumpGraph(other.store, { exportedAt: NOW });
    await (await registryOf({ store, graph })).call('graph_import', { mode: 'merge', records }, { caller: { kind: 'test' } });
    await check('merge import');
    const copy = fresh();
    const { format: _f2, version: _v2, exportedAt: _t2, ...mine } = await dumpGraph(store, { exportedAt: NOW });
    await (await registryOf(copy)).call('graph_import', { mode: 'restore', records: mine }, { caller: { kind: 'test' } });
    expect(await persistedDegrees(copy.db)).toEqual(await persistedDegrees(db));
    await store.clear();
    await check('clear');
    expect(await db.degrees.count()).toBe(0);
  });

  it('an import in parts holds its degree changes back and writes them at its commit; a cancel leaves the rows as they were', async () => {
    // The source: Quillscript gains RANKED_MIN_DEGREE more readers, Dorin Vale (2 links in the target) crosses the bound.
    const source = fresh();
    const ids = await populate(source.graph);
    for (let i = 0; i < RANKED_MIN_DEGREE; i++) {
      const scribe = await source.graph.createEntity({ name: `Scribe Olvar ${i}`, type: 'person' });
      await source.graph.relate(scribe.id, 'uses', ids['Quillscript'] as EntityId);
      await source.graph.relate(scribe.id, 'knows', ids['Dorin Vale'] as EntityId);
    }
    const text: string[] = [];
    for await (const t of graphJsonParts(source.store, { exportedAt: NOW })) text.push(t);
    const parts: DumpPart[] = [];
    for await (const part of splitDump(text, { records: 3 })) parts.push(part);
    const empty = { entities: [], relationships: [], evidence: [], pages: [], merges: [], reviews: [] };
    const importInto = async (target: { db: AriadneDatabase; store: DexieGraphStore; graph: GraphService }, end: 'commit' | 'cancel') => {
      const search = await NameIndex.load(target.store);
      search.attach(target.graph);
      const registry = createRegistry({
        graph: target.graph,
        store: target.store,
        search,
        clock: fixedClock(NOW),
        importJournal: new DexieImportJournal(target.db),
      });
      const call = (args: object) =>
        registry.call('graph_import_session', args, { caller: { kind: 'test' } }) as Promise<{ importId: string }>;
      const before = await persistedDegrees(target.db);
      const { importId } = await call({ action: 'begin', mode: 'auto' });
      for (const part of parts) await call({ action: 'part', importId, records: { ...empty, [part.table]: part.records } });
      // Held back: the rows still describe the graph without the import.
      expect(await persistedDegrees(target.db)).toEqual(before);
      await call({ action: end, importId });
    };

    const restored = fresh();
    await importInto(restored, 'commit');
    expect(await persistedDegrees(restored.db)).toEqual(await persistedDegrees(source.db));
    expect(await persistedDegrees(restored.db)).toEqual(await scannedDegrees(restored.db));

    const merged = fresh();
    const mine = await populate(merged.graph);
    const before = await persistedDegrees(merged.db);
    expect(before[mine['Dorin Vale'] as EntityId]).toBeUndefined();
    await importInto(merged, 'cancel');
    expect(await persistedDegrees(merged.db)).toEqual(before);
    await importInto(merged, 'commit');
    const after = await persistedDegrees(merged.db);
    expect(after).toEqual(await scannedDegrees(merged.db));
    // A row that grew, and an entity counted from the indexes as it crossed the bound.
    const quill = mine['Quillscript'] as EntityId;
    expect(after[quill]).toBeGreaterThanOrEqual((before[quill] ?? 0) + RANKED_MIN_DEGREE);
    expect(after[mine['Dorin Vale'] as EntityId]).toBeGreaterThanOrEqual(RANKED_MIN_DEGREE);
  });

  it('a journal left by an older build (parts that kept degrees write by write) is rolled back with its degrees', async () => {
    const { db, store, graph } = fresh();
    const ids = await populate(graph);
    const before = await persistedDegrees(db);
    // An older build's part: relationships written with the degrees kept per write, and an entry without the mark.
    const fans = Array.from({ length: RANKED_MIN_DEGREE }, (_, i) => ({
      id: `e_old_${i}` as EntityId,
      name: `Old Fan ${i}`,
      type: 'person' as const,
      aliases: [],
      attributes: {},
      createdAt: NOW,
      updatedAt: NOW,
      mentionCount: 1,
      keys: [],
    }));
    const rels = fans.map((f, i) => ({
      id: `r_old_${i}` as RelationshipId,
      from: f.id,
      to: ids['Dorin Vale'] as EntityId,
      label: 'knows',
      key: `${f.id}|knows|${ids['Dorin Vale'] ?? ''}`,
      createdAt: NOW,
      updatedAt: NOW,
    }));
    await db.transaction('rw', [...db.transactionTables(), db.settings], async () => {
      await store.putBatch({ entities: fans, relationships: rels, evidence: [], pages: [] });
      await db.settings.put({
        key: 'import-journal:import-old:00000000',
        value: {
          importId: 'import-old',
          seq: 0,
          created: { entities: fans.map((f) => f.id), relationships: rels.map((r) => r.id), evidence: [], pages: [] },
          before: { entities: [], pages: [] },
        },
      });
    });
    expect(await persistedDegrees(db)).not.toEqual(before);
    const search = await NameIndex.load(store);
    const deps = { graph, store, search, clock: fixedClock(NOW), importJournal: new DexieImportJournal(db) };
    expect(await importSessionsOf(deps).recover()).toBe(1);
    expect(await persistedDegrees(db)).toEqual(before);
    expect(before).toEqual(await scannedDegrees(db));
  });

  it('a merge cut at each of its writes leaves relationships, counters and degrees as they were', async () => {
    // Count the merge's writes once, uncut.
    const probe = cutter();
    const dry = fresh(probe.middleware);
    const dryIds = await populate(dry.graph);
    const before = probe.writes;
    await dry.graph.merge(dryIds['Quillscript'] as EntityId, dryIds['Ferrow Labs'] as EntityId);
    const writes = probe.writes - before;
    // Relationships re-pointed, entities, evidence, the merge record, counters, degrees.
    expect(writes).toBeGreaterThan(5);

    for (let k = 1; k <= writes; k++) {
      const cut = cutter();
      const { db, store, graph } = fresh(cut.middleware);
      const ids = await populate(graph);
      const rels = await db.relationships.toArray();
      const counts = await store.counts();
      const degrees = await persistedDegrees(db);
      cut.cutAt = cut.writes + k;
      await expect(graph.merge(ids['Quillscript'] as EntityId, ids['Ferrow Labs'] as EntityId), `cut at write ${k}`).rejects.toThrow(
        /worker stopped|abort/i,
      );
      expect(await db.relationships.toArray(), `cut at write ${k}`).toEqual(rels);
      expect(await store.counts(), `cut at write ${k}`).toEqual(counts);
      expect(await persistedDegrees(db), `cut at write ${k}`).toEqual(degrees);
      expect(degrees).toEqual(await scannedDegrees(db));
    }
    expect(await persistedDegrees(dry.db)).toEqual(await scannedDegrees(dry.db));
  });
});
