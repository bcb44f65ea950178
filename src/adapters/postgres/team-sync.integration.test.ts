// Two members' browsers, end to end in Node: each a real Dexie graph (fake-indexeddb) fed
// by the real ingestion, syncing through a real PostgreSQL. A teammate's "Stripe, Inc."
// joins the local "Stripe" through the resolver on pull; a merge is replayed with its
// undo; a second sync changes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalyzedEntity, AnalyzedRelation, CaptureAnalysis } from '../../core/capture';
import { fixedClock, randomIds } from '../../core/graph/ids';
import type { EntityId } from '../../core/graph/ids';
import { GraphService } from '../../core/graph/service';
import type { EntityType } from '../../core/graph/types';
import { ingestCapture } from '../../core/ingest/ingest';
import { mulberry32 } from '../../core/random';
import { createResolver } from '../../core/resolve/resolver';
import { changeIds } from '../../core/team/changes';
import { changesOfMerge, changesOfPage, changesOfUnmerge } from '../../core/team/local-changes';
import { InMemoryPullCursor, InMemoryPushQueue, InMemoryTeamIdMap } from '../../core/team/memory-ports';
import { resolverIngestSink } from '../../core/team/resolver-sink';
import { TeamSync } from '../../core/team/team-sync';
import { AriadneDatabase } from '../dexie/database';
import { DexieGraphStore } from '../dexie/dexie-graph-store';
import { PostgresTeamRemote } from './postgres-team-remote';
import { pgSkipReason } from './testing/pg-server';
import { useTeamDatabases } from './testing/use-team-databases';
import type { TeamFixture } from './testing/team-fixture';

const skip = pgSkipReason();
if (skip !== undefined) console.warn(`team-sync.integration.test.ts skipped: ${skip}`);

function ent(name: string, type: EntityType): AnalyzedEntity {
  return { name, type, aliases: [], attributes: {}, salience: 0.5, mentions: 1, snippet: `${name} was mentioned.`, origin: 'text' };
}
function rel(from: string, label: string, to: string): AnalyzedRelation {
  return { from, to, label, snippet: `${from} ${label} ${to}.`, origin: 'text' };
}

let databases = 0;
const opened: AriadneDatabase[] = [];

/** One member's browser: a Dexie graph, the resolver, ingestion, and a TeamSync to the team database. */
function browser(fx: TeamFixture, member: string, seed: number) {
  const db = new AriadneDatabase(`team-sync-${member}-${++databases}`);
  opened.push(db);
  const store = new DexieGraphStore(db);
  const clock = fixedClock();
  const ids = randomIds(clock, mulberry32(seed));
  const graph = new GraphService({ store, ids, clock });
  const resolver = createResolver({ store, clock, settings: { networkLookups: false } });
  const changes = changeIds(clock, mulberry32(seed + 1));
  const remote = new PostgresTeamRemote(fx.pool(member), { workspaceId: 'acme', origin: `${member}-browser` });
  const skipped: string[] = [];
  const sink = resolverIngestSink({ graph, store, resolver, idMap: new InMemoryTeamIdMap(), onSkip: (_c, reason) => skipped.push(reason) });
  const sync = new TeamSync({ queue: new InMemoryPushQueue(), cursor: new InMemoryPullCursor(), remote, sink });
  return {
    store,
    graph,
    sync,
    skipped,
    async capture(url: string, entities: AnalyzedEntity[], relations: AnalyzedRelation[] = []): Promise<void> {
      clock.advance(1000);
      const analysis: CaptureAnalysis = { url, title: `Title of ${url}`, entities, relations, notes: [], analyzeMs: 1 };
      const result = await ingestCapture(analysis, { service: graph, resolver, store, clock, ids }, { capturedAt: clock.now() });
      await sync.record(await changesOfPage(store, result.pageUrl, changes));
    },
    async merge(into: string, removed: string) {
      const outcome = await graph.merge(await this.id(into), await this.id(removed));
      await sync.record(changesOfMerge(outcome, changes));
      return outcome;
    },
    async unmerge(mergeId: Parameters<GraphService['unmerge']>[0]): Promise<void> {
      clock.advance(1000);
      await sync.record(changesOfUnmerge(await graph.unmerge(mergeId), changes, clock.now()));
    },
    async id(name: string): Promise<EntityId> {
      const found = await graph.findByName(name);
      if (found.length !== 1 || found[0] === undefined) throw new Error(`${member} has ${found.length} entities named ${name}`);
      return found[0].id;
    },
    /** Name → sorted other names, and each entity's relationships as `label → other`. */
    async picture() {
      const entities = await store.listEntities({ limit: 100 });
      const byId = new Map(entities.map((e) => [e.id, e.name]));
      const rels = await store.listRelationships({ limit: 100 });
      return {
        entities: entities.map((e) => `${e.name} [${[...e.aliases].sort().join(', ')}]`).sort(),
        relationships: rels.map((r) => `${byId.get(r.from) ?? '?'} ${r.label} ${byId.get(r.to) ?? '?'}`).sort(),
      };
    },
  };
}

describe.skipIf(skip !== undefined)('team sync between two browsers through PostgreSQL', () => {
  const pg = useTeamDatabases();
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.delete();
  });

  it('a teammate’s "Stripe, Inc." joins the local "Stripe" on pull; both graphs end up the same, and a second sync changes nothing', async () => {
    const fx = await pg.fresh();
    const alice = browser(fx, 'alice', 1);
    const bob = browser(fx, 'bob', 2);
    await alice.capture(
      'https://stripe.com/about',
      [ent('Stripe', 'company'), ent('Patrick Collison', 'person')],
      [rel('Stripe', 'founded_by', 'Patrick Collison')],
    );
    await bob.capture(
      'https://example.com/rust-at-stripe',
      [ent('Stripe, Inc.', 'company'), ent('Rust', 'technology')],
      [rel('Stripe, Inc.', 'uses', 'Rust')],
    );

    await alice.sync.sync();
    await bob.sync.sync();
    await alice.sync.sync();

    expect(await alice.picture()).toEqual({
      entities: ['Patrick Collison []', 'Rust []', 'Stripe [Stripe, Inc.]'],
      relationships: ['Stripe founded_by Patrick Collison', 'Stripe uses Rust'],
    });
    expect(await bob.picture()).toEqual({
      entities: ['Patrick Collison []', 'Rust []', 'Stripe, Inc. [Stripe]'],
      relationships: ['Stripe, Inc. founded_by Patrick Collison', 'Stripe, Inc. uses Rust'],
    });
    // Where the teammate read it comes along: Bob's Stripe has Alice's page as evidence.
    const pages = (await bob.store.evidenceOfEntity(await bob.id('Stripe'), 10)).map((e) => e.pageUrl).sort();
    expect(pages).toEqual(['https://example.com/rust-at-stripe', 'https://stripe.com/about']);

    const before = [await alice.store.counts(), await bob.store.counts()];
    expect(await alice.sync.sync()).toMatchObject({ pushed: { batches: 0 }, pulled: { changes: 0 } });
    expect(await bob.sync.sync()).toMatchObject({ pushed: { batches: 0 }, pulled: { changes: 0 } });
    expect([await alice.store.counts(), await bob.store.counts()]).toEqual(before);
    expect([...alice.skipped, ...bob.skipped]).toEqual([]);
    // Every fact in the team database names its contributor.
    expect(await fx.admin('SELECT DISTINCT contributor FROM ariadne.entities ORDER BY contributor')).toEqual([
      { contributor: 'alice' },
      { contributor: 'bob' },
    ]);
  });

  it('a merge by one member is replayed for the other with its undo, and the undo is replayed too', async () => {
    const fx = await pg.fresh();
    const alice = browser(fx, 'alice', 3);
    const bob = browser(fx, 'bob', 4);
    await alice.capture(
      'https://example.com/alphabet',
      [ent('Google', 'company'), ent('Alphabet', 'company'), ent('DeepMind', 'company')],
      [rel('Alphabet', 'owns', 'DeepMind')],
    );
    await alice.sync.sync();
    await bob.sync.sync();
    expect((await bob.picture()).entities).toEqual(['Alphabet []', 'DeepMind []', 'Google []']);

    const merged = await alice.merge('Google', 'Alphabet');
    await alice.sync.sync();
    await bob.sync.sync();
    expect(await bob.picture()).toEqual({ entities: ['DeepMind []', 'Google [Alphabet]'], relationships: ['Google owns DeepMind'] });
    // Bob's own merge history holds the replayed merge: his undo button works on it.
    const [record] = await bob.store.listMerges(10);
    expect(record?.removed.name).toBe('Alphabet');
    expect(record?.intoId).toBe(await bob.id('Google'));

    await alice.unmerge(merged.record.id);
    await alice.sync.sync();
    await bob.sync.sync();
    expect(await bob.picture()).toEqual({
      entities: ['Alphabet []', 'DeepMind []', 'Google []'],
      relationships: ['Alphabet owns DeepMind'],
    });
    expect((await bob.store.listMerges(10))[0]?.undoneAt).toBeDefined();
    expect([...alice.skipped, ...bob.skipped]).toEqual([]);
    expect(await fx.admin("SELECT merged_into FROM ariadne.entities WHERE name = 'Alphabet'")).toEqual([{ merged_into: null }]);
  });
});
