// The upgrade to workspaces keeps every record: a populated version-2 `ariadne`
// database (written by the real graph service, plus inbox rows and a setting) is
// registered as the Default workspace on the registry's first use, and the Default
// workspace's graph database then holds every row of every table, unchanged, still at
// schema version 2. New workspaces start empty in databases of their own.
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { pageCaptureSchema } from '../../core/capture';
import { fixedClock, sequentialIds } from '../../core/graph/ids';
import { GraphService } from '../../core/graph/service';
import { DEFAULT_WORKSPACE_ID, DEFAULT_WORKSPACE_NAME, sequentialWorkspaceIds } from '../../core/workspace/workspace';
import { WorkspaceRegistry } from '../../core/workspace/workspace-registry';
import { AriadneDatabase, DATABASE_NAME, SCHEMA_V2, SCHEMA_VERSION } from './database';
import { DexieGraphStore } from './dexie-graph-store';
import { DexieWorkspaceStore, WorkspaceDatabase, workspaceDatabaseName } from './workspace-database';

const TABLES = Object.keys(SCHEMA_V2);
const opened: Dexie[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

async function dumpAll(db: Dexie): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) out[table] = await db.table(table).toArray();
  return out;
}

/** A Dexie instance that knows schema v2 only, as the last release before workspaces shipped it. */
function openV2(name: string): Dexie {
  const db = new Dexie(name);
  db.version(2).stores(SCHEMA_V2);
  opened.push(db);
  return db;
}

/** Writes a v2 `ariadne` database: a graph made by the real service, a merge and its undo data, inbox rows, a setting. */
async function buildV2Graph(): Promise<Record<string, unknown[]>> {
  const db = new AriadneDatabase(DATABASE_NAME);
  const graph = new GraphService({ store: new DexieGraphStore(db), ids: sequentialIds(), clock: fixedClock() });
  const stripe = await graph.createEntity({
    name: 'Stripe',
    type: 'company',
    aliases: ['Stripe, Inc.'],
    attributes: { industry: 'payments' },
  });
  const patrick = await graph.createEntity({ name: 'Patrick Collison', type: 'person' });
  const dup = await graph.createEntity({ name: 'Stripe Inc', type: 'company' });
  const page = { pageUrl: 'https://example.test/stripe', pageTitle: 'Stripe', snippet: 'Stripe was founded by Patrick Collison.' };
  const founded = await graph.relate(stripe.id, 'founded_by', patrick.id, page);
  await graph.recordEvidence({ ...page, kind: 'mention', entityId: stripe.id });
  await graph.recordPage({
    url: page.pageUrl,
    title: page.pageTitle,
    entityIds: [stripe.id, patrick.id, dup.id],
    relationshipIds: [founded.relationship.id],
    notes: [],
  });
  await graph.merge(stripe.id, dup.id);
  const capture = pageCaptureSchema.parse({
    url: 'https://example.test/q',
    title: 'Q',
    text: 'Queued text.',
    capturedAt: 7,
    entities: [],
    relations: [],
  });
  await db.inbox.bulkAdd([
    { id: 'c_parked', capture, receivedAt: 9, attempts: 5, lastError: 'boom' },
    { id: 'c_waiting', capture: { ...capture, url: 'https://example.test/w' }, receivedAt: 8, attempts: 0 },
  ]);
  await db.settings.put({ key: 'marker', value: { seen: true } });
  expect(db.verno).toBe(SCHEMA_VERSION); // v3 adds only the (empty) team tables: the v2 rows are what this test follows
  db.close();
  const before = await dumpAll(openV2(DATABASE_NAME));
  for (const table of TABLES.filter((t) => t !== 'reviews')) expect(before[table]?.length, table).toBeGreaterThan(0);
  return before;
}

function registryOver(db: WorkspaceDatabase): WorkspaceRegistry {
  opened.push(db);
  return new WorkspaceRegistry({ store: new DexieWorkspaceStore(db), clock: fixedClock(), newId: sequentialWorkspaceIds() });
}

describe('upgrade to workspaces', () => {
  it('registers a populated version-2 ariadne database as Default, active, with every row of every table kept', async () => {
    const before = await buildV2Graph();
    const registry = registryOver(new WorkspaceDatabase());
    const active = await registry.active();
    expect(active).toMatchObject({ id: DEFAULT_WORKSPACE_ID, name: DEFAULT_WORKSPACE_NAME, archived: false });

    const graphDb = new AriadneDatabase(workspaceDatabaseName(active.id));
    opened.push(graphDb);
    await graphDb.open();
    expect(graphDb.name).toBe(DATABASE_NAME);
    expect(graphDb.verno).toBe(SCHEMA_VERSION);
    expect(await dumpAll(graphDb)).toEqual(before);
    expect(await new DexieGraphStore(graphDb).counts()).toMatchObject({ entities: 2, relationships: 1, pages: 1 });
  });

  it('a second start finds Default registered and changes nothing', async () => {
    const before = await buildV2Graph();
    const first = await registryOver(new WorkspaceDatabase()).list({ includeArchived: true });
    const second = await registryOver(new WorkspaceDatabase()).list({ includeArchived: true });
    expect(second).toEqual(first);
    expect(await dumpAll(openV2(DATABASE_NAME))).toEqual(before);
  });

  it('a new workspace gets an empty graph database of its own; Default keeps its rows', async () => {
    const before = await buildV2Graph();
    const registry = registryOver(new WorkspaceDatabase());
    const thesis = await registry.create('Thesis');
    const name = workspaceDatabaseName(thesis.id);
    expect(name).not.toBe(DATABASE_NAME);
    const thesisDb = new AriadneDatabase(name);
    opened.push(thesisDb);
    expect(await new DexieGraphStore(thesisDb).counts()).toEqual({
      entities: 0,
      relationships: 0,
      evidence: 0,
      pages: 0,
      pendingReviews: 0,
    });
    expect(await dumpAll(openV2(DATABASE_NAME))).toEqual(before);
  });
});
