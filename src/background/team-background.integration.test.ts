// Team sync in the background, over real IndexedDB (fake-indexeddb) graphs and a real
// PostgreSQL started by this file: what gets recorded (captures, merges, undos, deletions,
// tool edits, page deletions, re-read pages; nothing while unlinked), a tool edit and its
// queue rows committed together, no echo of replayed changes, contributors on replayed
// evidence, offline with the queue intact and sent once later, and a replay's graph writes
// and id mappings committed together.
import { describe, expect, it, vi } from 'vitest';
import { AriadneDatabase } from '../adapters/dexie/database';
import { DexieGraphStore } from '../adapters/dexie/dexie-graph-store';
import { throwawayDatabases } from '../adapters/dexie/testing/throwaway-databases';
import { loadMigrations, migrate } from '../adapters/postgres/migrate';
import { PostgresTeamRemote } from '../adapters/postgres/postgres-team-remote';
import { pgSkipReason } from '../adapters/postgres/testing/pg-server';
import type { TeamFixture } from '../adapters/postgres/testing/team-fixture';
import { useTeamDatabases } from '../adapters/postgres/testing/use-team-databases';
import { AriadneError } from '../core/errors';
import { fixedClock, randomIds } from '../core/graph/ids';
import { GraphService } from '../core/graph/service';
import type { IngestResult } from '../core/ingest/ingest';
import type { RereadDeps } from '../core/ingest/reread';
import { rereadPage } from '../core/ingest/reread';
import { forgetLlmReadings } from '../core/llm-read/forget';
import { createResolver } from '../core/resolve/resolver';
import { mulberry32 } from '../core/random';
import { NameIndex } from '../core/search/name-index';
import type { TeamConnection } from '../core/team/host-wire';
import type { TeamHost, TeamLinks } from '../core/team/team-service';
import { createRegistry } from '../core/tools/index';
import type { Workspace } from '../core/workspace/workspace';
import { DEFAULT_WORKSPACE_ID } from '../core/workspace/workspace';
import type { TeamGraph } from './team-background';
import { createTeamBackground } from './team-background';

const skip = pgSkipReason();
if (skip !== undefined) console.warn(`team-background.integration.test.ts skipped: ${skip}`);

const track = throwawayDatabases();
let counter = 0;

const PAGE = { pageUrl: 'https://stripe.com/about', pageTitle: 'About Stripe', snippet: 'Stripe was founded by Patrick Collison.' };

function memoryLinks(): TeamLinks {
  const links = new Map<string, TeamConnection>();
  return {
    get: async (id) => links.get(id),
    all: async () => new Map(links),
    set: async (id, c) => void (c === undefined ? links.delete(id) : links.set(id, c)),
  };
}

/** One member's browser: a workspace graph in IndexedDB, its tools, and the team background over a pool as that member. */
async function member(fx: TeamFixture, role: string, seed: number) {
  const clock = fixedClock();
  const db = track(new AriadneDatabase(`team-bg-${role}-${++counter}`));
  const store = new DexieGraphStore(db);
  const graph = new GraphService({ store, ids: randomIds(clock, mulberry32(seed)), clock });
  const workspace: Workspace = { id: DEFAULT_WORKSPACE_ID, name: 'Default', createdAt: 0, archived: false, pinnedSites: [] };
  const teamGraph: TeamGraph = { workspace, db, graph, store };
  const pool = fx.pool(role);
  let down = false;
  const host: TeamHost = {
    state: 'ready',
    test: async () => ({ member: role }),
    forget: async () => undefined,
    remote: (c, origin) => {
      const real = new PostgresTeamRemote(pool, { workspaceId: c.teamWorkspace, origin });
      const check = () => {
        if (down) throw new AriadneError('unavailable', 'The native host is not installed.');
      };
      return {
        push: async (batch) => (check(), real.push(batch)),
        pull: async (after, limit) => (check(), real.pull(after, limit)),
      };
    },
  };
  const warnings: string[] = [];
  const team = createTeamBackground({
    clock,
    links: memoryLinks(),
    host,
    workspaces: () => ({ active: async () => teamGraph, registry: { get: async () => workspace }, open: { get: async () => teamGraph } }),
    workspaceOfDatabase: (name, ids) => (name === db.name ? ids[0] : undefined),
    soon: () => undefined,
    warn: (message) => warnings.push(message),
    newOrigin: () => `device-${role}-${seed}`,
  });
  const search = await NameIndex.load(store);
  search.attach(graph);
  const tools = team.recordTools(createRegistry({ graph, store, search }), db, store);
  const call = (name: string, args: object) => tools.call(name, args, { caller: { kind: 'test' } });
  const link = () =>
    team.link({ type: 'team.link', host: '127.0.0.1', port: 5432, database: fx.database, user: role, teamWorkspace: 'acme' });
  /** What the capture queue does: the page is ingested (here: written by hand), then handed to the team. */
  const capture = async (): Promise<IngestResult> => {
    const stripe = await graph.createEntity({ name: 'Stripe', type: 'company' });
    const patrick = await graph.createEntity({ name: 'Patrick Collison', type: 'person' });
    const founded = await graph.relate(stripe.id, 'founded_by', patrick.id, PAGE);
    await graph.recordEvidence({ ...PAGE, kind: 'mention', entityId: stripe.id });
    await graph.recordPage({
      url: PAGE.pageUrl,
      title: PAGE.pageTitle,
      entityIds: [stripe.id, patrick.id],
      relationshipIds: [founded.relationship.id],
      notes: [],
    });
    const result = {
      pageUrl: PAGE.pageUrl,
      entityIds: [stripe.id, patrick.id],
      created: 2,
      matched: 0,
      queuedForReview: 0,
      relationships: 1,
      duplicate: false,
    };
    await team.afterIngest(teamGraph, result);
    return result;
  };
  /** What a re-read needs: an analyzer that finds the page's two names and their relation again. */
  const rereadDeps: Omit<RereadDeps, 'service' | 'analyzerVersion'> = {
    store,
    clock,
    ids: randomIds(clock, mulberry32(seed + 100)),
    resolver: createResolver({ store, clock, settings: { networkLookups: false } }),
    analyze: async (c) => ({
      url: c.url,
      title: c.title,
      entities: [
        { name: 'Stripe', type: 'company', aliases: [], attributes: {}, salience: 0.9, mentions: 1, snippet: PAGE.snippet, origin: 'text' },
        {
          name: 'Patrick Collison',
          type: 'person',
          aliases: [],
          attributes: {},
          salience: 0.8,
          mentions: 1,
          snippet: PAGE.snippet,
          origin: 'text',
        },
      ],
      relations: [{ from: 'Stripe', label: 'founded_by', to: 'Patrick Collison', snippet: PAGE.snippet, origin: 'text' }],
      notes: [],
      analyzeMs: 1,
    }),
  };
  const queued = async () => (await db.teamQueue.orderBy('seq').toArray()).map((r) => r.change.kind);
  return {
    db,
    store,
    graph,
    team,
    call,
    link,
    capture,
    queued,
    warnings,
    rereadDeps,
    workspace,
    setDown: (value: boolean) => void (down = value),
  };
}

describe.skipIf(skip !== undefined)('team background (IndexedDB graphs, real PostgreSQL)', () => {
  const pg = useTeamDatabases();

  it('records a capture, tool edits, a merge, its undo and a deletion of a linked workspace; nothing while unlinked', async () => {
    const fx = await pg.fresh();
    const alice = await member(fx, 'alice', 1);
    await alice.call('entity_add', { name: 'Adyen', entity_type: 'company' });
    expect(await alice.queued()).toEqual([]);
    expect((await alice.team.status()).linked).toBe(false);

    await alice.link();
    await alice.capture(); // the page's entities, relationship and evidence
    expect(await alice.queued()).toEqual(['entity.upsert', 'entity.upsert', 'relationship.upsert', 'evidence.add', 'evidence.add']);
    await alice.db.teamQueue.clear();

    await alice.call('entity_add', { name: 'Stripe Inc', entity_type: 'company' });
    const merged = await alice.call('entity_merge', { name_a: 'Stripe', name_b: 'Stripe Inc' });
    const mergeId = String(Object(merged).merge_id);
    await alice.call('entity_unmerge', { merge_id: mergeId });
    await alice.call('entity_relate', { from: 'Stripe', to: 'Adyen', relationship: 'competes_with' });
    await alice.call('entity_update', { name: 'Adyen', attributes: { hq: 'Amsterdam' } });
    await alice.call('entity_delete', { name: 'Adyen' });
    await alice.call('entity_search', { query: 'stripe' }); // a read: nothing recorded
    expect(await alice.queued()).toEqual([
      'entity.upsert',
      'merge.apply',
      'entity.upsert',
      'merge.undo',
      'entity.upsert',
      'entity.upsert',
      'relationship.upsert',
      'entity.upsert',
      'entity.delete',
    ]);
    expect((await alice.team.status()).queued).toBe(9);
  });

  /** Alice and bob linked to the same team workspace; alice captured a page and pushed it. */
  const aliceSharedAPage = async () => {
    const fx = await pg.fresh();
    const alice = await member(fx, 'alice', 1);
    const bob = await member(fx, 'bob', 2);
    await alice.link();
    await bob.link();
    await alice.capture();
    const sent = await alice.team.sync();
    expect(sent.pushed).toMatchObject({ batches: 1, applied: 5, duplicates: 0 });
    return { fx, alice, bob };
  };

  it('a teammate’s changes arrive with their contributor, and are never pushed back (no echo)', async () => {
    const { fx, bob } = await aliceSharedAPage();

    const got = await bob.team.sync();
    expect(got.pulled.changes).toBe(5);
    expect(got.status).toMatchObject({ linked: true, queued: 0, lastError: null, lastResult: { pulled: { changes: 5 } } });
    const evidence = await bob.store.evidenceOfPage(PAGE.pageUrl, 10);
    expect(evidence.map((e) => e.contributor)).toEqual(['alice', 'alice']);
    expect(await bob.queued()).toEqual([]);

    // Bob captures the same page: his own evidence goes out, alice's (replayed) does not.
    await bob.capture();
    const kinds = await bob.queued();
    const pushedEvidence = (await bob.db.teamQueue.toArray()).flatMap((r) => (r.change.kind === 'evidence.add' ? [r.change.evidence] : []));
    expect(kinds.filter((k) => k === 'evidence.add')).toHaveLength(2);
    expect(pushedEvidence.every((e) => !evidence.some((theirs) => theirs.id === e.id))).toBe(true);
    await bob.team.sync();
    // Alice pulls bob's capture: the log holds 5 of hers and bob's own, none of hers twice.
    const rows = await fx.admin<{ contributor: string; n: string }>(
      'SELECT contributor, count(*) AS n FROM ariadne.change_log GROUP BY contributor ORDER BY contributor',
    );
    expect(rows.map((r) => [r.contributor, Number(r.n)])).toEqual([
      ['alice', 5],
      ['bob', kinds.length],
    ]);
  });

  it('a teammate’s change stored before the database checked it (a javascript: page) is counted as refused in the status, with its reason', async () => {
    // Issue 34 item 4: such rows were skipped with only a console warning.
    const fx = await pg.fresh({ migrations: loadMigrations().slice(0, 3) });
    const alice = await member(fx, 'alice', 1);
    const bob = await member(fx, 'bob', 2);
    await alice.link();
    await bob.link();
    await alice.capture();
    expect((await alice.team.sync()).pushed).toMatchObject({ applied: 5 });
    // Before migration 004 push_batch stored what it was given: one of alice's evidence rows again, pointing at a script.
    const [row] = await fx.admin<{ payload: Record<string, unknown> }>(
      "SELECT payload FROM ariadne.change_log WHERE kind = 'evidence.add' ORDER BY position LIMIT 1",
    );
    const evidence = row?.payload.evidence;
    if (typeof evidence !== 'object' || evidence === null) throw new Error('fixture: no evidence row');
    const script = {
      ...row?.payload,
      changeId: 'c_script000',
      evidence: { ...evidence, id: 'v_script000', pageUrl: 'javascript:alert(1)' },
    };
    await fx.pool('alice').query('SELECT ariadne.push_batch($1, $2, $3, $4::jsonb)', ['acme', 'b_old', 'mallet', JSON.stringify([script])]);
    const owner = await fx.pool('postgres').connect();
    try {
      expect((await migrate(owner)).map((m) => m.version)).toEqual([4]);
    } finally {
      owner.release();
    }

    const got = await bob.team.sync();
    expect(got.pulled.changes).toBe(5);
    expect(got.status.refused).toMatchObject({ count: 1, lastPosition: 6, lastMessage: expect.stringMatching(/http\(s\)/) });
    expect((await bob.team.status()).refused?.count).toBe(1);
    expect((await bob.store.evidenceOfPage('javascript:alert(1)', 10)).length).toBe(0);
  });

  it('offline: the sync fails unavailable with the queue intact and says so; back online it is sent exactly once', async () => {
    const fx = await pg.fresh();
    const alice = await member(fx, 'alice', 1);
    await alice.link();
    await alice.capture();
    alice.setDown(true);
    await expect(alice.team.sync()).rejects.toMatchObject({ code: 'unavailable' });
    expect(await alice.team.status()).toMatchObject({ queued: 5, lastSyncAt: null, lastError: { code: 'unavailable' } });

    // The database itself goes away and comes back.
    alice.setDown(false);
    await pg.server().stop();
    await expect(alice.team.sync()).rejects.toMatchObject({ code: 'unavailable' });
    expect((await alice.team.status()).queued).toBe(5);
    await pg.server().start();

    const out = await alice.team.sync();
    expect(out.pushed).toEqual({ batches: 1, applied: 5, duplicates: 0 });
    expect(out.status).toMatchObject({ queued: 0, lastError: null, lastSyncAt: expect.any(Number) });
    expect(await alice.team.sync()).toMatchObject({ pushed: { batches: 0, applied: 0 } });
    expect(await fx.admin('SELECT change_id FROM ariadne.change_log')).toHaveLength(5);
  });

  it('a tool edit and its queued changes commit together: when the queue row cannot be written, the edit is not kept', async () => {
    const fx = await pg.fresh();
    const alice = await member(fx, 'alice', 1);
    await alice.link();
    // The crash: the queue write fails after the entity was written, in the same transaction.
    const refuse = () => {
      throw new Error('the worker stopped');
    };
    alice.db.teamQueue.hook('creating', refuse);
    await expect(alice.call('entity_add', { name: 'Adyen', entity_type: 'company' })).rejects.toThrow();
    expect(await alice.graph.findByName('Adyen')).toEqual([]);
    alice.db.teamQueue.hook('creating').unsubscribe(refuse);
    await alice.call('entity_add', { name: 'Adyen', entity_type: 'company' });
    expect(await alice.queued()).toEqual(['entity.upsert']);
  });

  it('a page deletion reaches the team as tombstones of what it removed', async () => {
    const fx = await pg.fresh();
    const alice = await member(fx, 'alice', 1);
    await alice.link();
    await alice.capture();
    await alice.team.sync();
    await alice.call('page_delete', { url: PAGE.pageUrl });
    expect(await alice.queued()).toEqual(['relationship.delete', 'entity.delete', 'entity.delete']);
    await alice.team.sync();
    const live = async (table: string) =>
      (await fx.admin<{ n: string }>(`SELECT count(*) AS n FROM ariadne.${table} WHERE deleted_at IS NULL`))[0]?.n;
    expect([await live('entities'), await live('relationships')]).toEqual(['0', '0']);
  });

  it('a re-read page is queued in its write turn, with tombstones of what went; not while unlinked', async () => {
    const fx = await pg.fresh();
    const alice = await member(fx, 'alice', 1);
    await alice.capture();
    let version = 1; // a newer analyzer each time
    const reread = (recorder = alice.team.pageRecorder(alice.db, alice.store), service = alice.graph) =>
      rereadPage(PAGE.pageUrl, { ...alice.rereadDeps, analyzerVersion: ++version, service, recorder });
    await alice.graph.recordPage({ url: PAGE.pageUrl, title: PAGE.pageTitle, sentences: [PAGE.snippet] });
    await reread();
    expect(await alice.queued()).toEqual([]); // unlinked
    await alice.link();
    const before = await alice.store.evidenceOfPage(PAGE.pageUrl, 10);
    await reread();
    const kinds = await alice.queued();
    // Found again: Stripe, Patrick and founded_by with new evidence; the old rows of what stays are tombstoned.
    expect(kinds.filter((k) => k !== 'evidence.delete')).toEqual([
      'entity.upsert',
      'entity.upsert',
      'relationship.upsert',
      'evidence.add',
      'evidence.add',
      'evidence.add',
    ]);
    const tombstoned = (await alice.db.teamQueue.toArray()).flatMap((r) =>
      r.change.kind === 'evidence.delete' ? [r.change.evidenceId] : [],
    );
    expect(tombstoned.sort()).toEqual(before.map((e) => e.id).sort());
    await alice.db.teamQueue.clear();

    // The crash window: the worker stops as the re-read's write turn commits (nothing after it runs). The page's changes
    // are in the queue all the same: they were written in that turn, not after it.
    const stopsAfterCommit = new Proxy(alice.graph, {
      get: (target, prop, receiver) =>
        prop === 'exclusive'
          ? (...args: Parameters<GraphService['exclusive']>) => target.exclusive(...args).then(() => new Promise(() => undefined))
          : Reflect.get(target, prop, receiver),
    });
    void reread(alice.team.pageRecorder(alice.db, alice.store), stopsAfterCommit);
    await vi.waitFor(async () => expect((await alice.store.getPage(PAGE.pageUrl))?.analyzerVersion).toBe(4));
    expect(await alice.queued()).toContain('entity.upsert');
  });

  it('forgetting LLM readings reaches teammates as tombstones: their copy of the LLM’s evidence goes, the entity stays', async () => {
    const { alice, bob } = await aliceSharedAPage();
    const [stripe] = await alice.graph.findByName('Stripe');
    const llmRow = await alice.graph.recordEvidence({
      ...PAGE,
      snippet: 'Stripe is a payments company.',
      kind: 'mention',
      entityId: stripe?.id ?? never(),
      extractor: 'llm',
      model: 'm',
    });
    await alice.team.afterIngest(alice, {
      pageUrl: PAGE.pageUrl,
      entityIds: [],
      created: 0,
      matched: 0,
      queuedForReview: 0,
      relationships: 0,
      duplicate: true,
    });
    await alice.team.sync();
    await bob.team.sync();
    const bobsCopy = async () => (await bob.store.evidenceOfPage(PAGE.pageUrl, 10)).map((e) => e.snippet).sort();
    expect(await bobsCopy()).toContain('Stripe is a payments company.');

    await alice.db.teamQueue.clear();
    await forgetLlmReadings({ graph: alice.graph, store: alice.store, recorder: alice.team.pageRecorder(alice.db, alice.store) }, [
      PAGE.pageUrl,
    ]);
    expect((await alice.db.teamQueue.toArray()).map((r) => r.change)).toEqual([
      expect.objectContaining({ kind: 'evidence.delete', evidenceId: llmRow.id }),
    ]);
    await alice.team.sync();
    await bob.team.sync();
    expect(await bobsCopy()).not.toContain('Stripe is a payments company.');
    expect(await bob.graph.findByName('Stripe')).toHaveLength(1);
  });

  it('a page deletion takes the page’s evidence off teammates’ entities that stay (evidence tombstones)', async () => {
    const { alice, bob } = await aliceSharedAPage();
    await bob.team.sync();
    expect(await bob.store.evidenceOfPage(PAGE.pageUrl, 10)).toHaveLength(2);
    // Stripe is named on another page of alice's, so it stays when the page goes; Patrick and founded_by go.
    const [stripe] = await alice.graph.findByName('Stripe');
    await alice.graph.recordEvidence({ ...PAGE, pageUrl: 'https://example.com/other', kind: 'mention', entityId: stripe?.id ?? never() });
    await alice.db.teamQueue.clear();
    await alice.call('page_delete', { url: PAGE.pageUrl });
    expect(await alice.queued()).toEqual(['evidence.delete', 'relationship.delete', 'entity.delete']);
    await alice.team.sync();
    await bob.team.sync();
    expect(await bob.store.evidenceOfPage(PAGE.pageUrl, 10)).toEqual([]);
    expect((await bob.graph.findByName('Stripe')).map((e) => e.name)).toEqual(['Stripe']);
  });

  it('a replayed change and its id mapping commit together: a failure between them leaves no evidence row behind', async () => {
    const { bob } = await aliceSharedAPage();
    // The crash: writing the mapping of an evidence row fails after the row itself was written.
    bob.db.teamIds.hook('creating', (key) => {
      if (String(key).startsWith('v_')) throw new Error('the worker stopped');
    });
    await expect(bob.team.sync()).rejects.toThrow();
    expect(await bob.store.evidenceOfPage(PAGE.pageUrl, 10)).toEqual([]);
  });
});

function never(): never {
  throw new Error('unreachable');
}
