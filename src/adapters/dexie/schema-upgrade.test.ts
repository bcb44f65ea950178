// Schema upgrades keep every record: a v1 database, written by a v1-only
// Dexie instance from data the graph service really produces, opened with the current
// schema. Every row of every table must come back, entities with recomputed keys.
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { pageCaptureSchema } from '../../core/capture';
import { fixedClock, sequentialIds } from '../../core/graph/ids';
import { indexKeys } from '../../core/graph/keys';
import { GraphService } from '../../core/graph/service';
import type { Entity, ReviewItem } from '../../core/graph/types';
import { AriadneDatabase, SCHEMA_V1, SCHEMA_VERSION } from './database';
import { DexieGraphStore } from './dexie-graph-store';

const TABLES = Object.keys(SCHEMA_V1);
const opened: Dexie[] = [];
let counter = 0;

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

/** A Dexie instance that only knows schema v1, as the first release shipped it. */
function openV1(name: string): Dexie {
  const db = new Dexie(name);
  db.version(1).stores(SCHEMA_V1);
  opened.push(db);
  return db;
}

/** Every row of every table, keyed by table name, in primary-key order. */
async function dumpAll(db: Dexie): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) out[table] = await db.table(table).toArray();
  return out;
}

/**
 * Builds a v1 fixture: a small graph made by the real service (entities with aliases and
 * attributes, relationships, evidence, pages, a merge and its undo data, a review item),
 * plus an inbox row (one parked) and a setting. Entity keys are cut back to what v1-era
 * code wrote (no MinHash `m:` keys), as found in databases created before the resolver
 * added them.
 */
async function buildV1Fixture(name: string): Promise<Record<string, unknown[]>> {
  const source = new AriadneDatabase(`${name}-source`);
  opened.push(source);
  const store = new DexieGraphStore(source);
  const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
  const stripe = await graph.createEntity({
    name: 'Stripe',
    type: 'company',
    aliases: ['Stripe, Inc.'],
    attributes: { industry: 'payments' },
  });
  const patrick = await graph.createEntity({ name: 'Patrick Collison', type: 'person' });
  const dup = await graph.createEntity({ name: 'Stripe Inc', type: 'company', authorityId: 'Q7624104' });
  const ruby = await graph.createEntity({ name: 'Ruby', type: 'technology', description: 'A programming language.' });
  const page = { pageUrl: 'https://example.test/stripe', pageTitle: 'Stripe', snippet: 'Stripe was founded by Patrick Collison.' };
  const founded = await graph.relate(stripe.id, 'founded_by', patrick.id, page);
  await graph.relate(dup.id, 'uses', ruby.id, page);
  await graph.recordEvidence({ ...page, kind: 'mention', entityId: stripe.id });
  await graph.recordPage({
    url: page.pageUrl,
    title: page.pageTitle,
    entityIds: [stripe.id, patrick.id, dup.id],
    relationshipIds: [founded.relationship.id],
    notes: ['text cut'],
  });
  await graph.merge(stripe.id, dup.id);
  const review: ReviewItem = {
    id: sequentialIds().review(),
    createdAt: 5,
    status: 'pending',
    mention: { name: 'Stripe', type: 'company', pageUrl: page.pageUrl, pageTitle: page.pageTitle, snippet: page.snippet },
    provisionalId: ruby.id,
    candidates: [{ id: stripe.id, label: 'Stripe', type: 'company', confidence: 0.7 }],
    reason: 'close score',
  };
  await store.putReview(review);
  const rows = await dumpAll(source);
  const capture = pageCaptureSchema.parse({
    url: 'https://example.test/q',
    title: 'Q',
    text: 'Queued text.',
    capturedAt: 7,
    entities: [],
    relations: [],
  });
  rows['inbox'] = [
    // In primary-key order, as the dump reads them back.
    { id: 'c_parked', capture: { ...capture, url: 'https://example.test/p' }, receivedAt: 9, attempts: 5, lastError: 'boom' },
    { id: 'c_waiting', capture, receivedAt: 8, attempts: 0 },
  ];
  rows['settings'] = [{ key: 'settings', value: { capture: { paused: true } } }];
  rows['entities'] = (rows['entities'] ?? []).map((e) => {
    const entity = e as Entity;
    return { ...entity, keys: entity.keys.filter((k) => !k.startsWith('m:')) };
  });

  const v1 = openV1(name);
  await v1.transaction('rw', TABLES, async () => {
    for (const table of TABLES) await v1.table(table).bulkAdd(rows[table] ?? []);
  });
  expect(v1.verno).toBe(1);
  v1.close();
  return rows;
}

describe('Dexie schema upgrade', () => {
  it('v1 → current keeps every record of every table, byte for byte apart from entity keys', async () => {
    const name = `ariadne-upgrade-${++counter}`;
    const before = await buildV1Fixture(name);
    expect(before['entities']).toHaveLength(3); // the merged duplicate is gone
    for (const table of ['relationships', 'evidence', 'pages', 'merges', 'reviews', 'inbox', 'settings']) {
      expect(before[table]?.length, table).toBeGreaterThan(0);
    }

    const current = new AriadneDatabase(name);
    opened.push(current);
    await current.open();
    expect(current.verno).toBe(SCHEMA_VERSION);
    const after = await dumpAll(current);

    for (const table of TABLES.filter((t) => t !== 'entities')) expect(after[table], table).toEqual(before[table]);
    const entities = (after['entities'] ?? []) as Entity[];
    expect(entities.map(({ keys: _keys, ...rest }) => rest)).toEqual(
      (before['entities'] as Entity[]).map(({ keys: _keys, ...rest }) => rest),
    );
    for (const entity of entities) expect(entity.keys).toEqual(indexKeys(entity));
  });

  it('regression: entities written before MinHash keys are found by a misspelt name after the upgrade', async () => {
    const name = `ariadne-upgrade-${++counter}`;
    await buildV1Fixture(name);
    const patrickSignature = indexKeys({ name: 'Patrick Collison', aliases: [] }).filter((k) => k.startsWith('m:'));
    expect(patrickSignature.length).toBeGreaterThan(0);

    const v1 = openV1(name);
    expect(await v1.table('entities').where('keys').anyOf(patrickSignature).count()).toBe(0);
    v1.close();

    const store = new DexieGraphStore(new AriadneDatabase(name));
    opened.push(store.db);
    const found = await store.findEntitiesByKeys(
      indexKeys({ name: 'Patrik Collison', aliases: [] }).filter((k) => k.startsWith('m:')),
      5,
    );
    expect(found.map((e) => e.name)).toContain('Patrick Collison');
  });

  it('the new inbox index finds parked captures without a scan', async () => {
    const name = `ariadne-upgrade-${++counter}`;
    await buildV1Fixture(name);
    const current = new AriadneDatabase(name);
    opened.push(current);
    expect(await current.inbox.where('attempts').aboveOrEqual(5).primaryKeys()).toEqual(['c_parked']);
  });

  it('a database already at the current version opens unchanged (the upgrade does not run again)', async () => {
    const name = `ariadne-upgrade-${++counter}`;
    await buildV1Fixture(name);
    const first = new AriadneDatabase(name);
    await first.open();
    const once = await dumpAll(first);
    first.close();
    const second = new AriadneDatabase(name);
    opened.push(second);
    expect(await dumpAll(second)).toEqual(once);
  });
});
