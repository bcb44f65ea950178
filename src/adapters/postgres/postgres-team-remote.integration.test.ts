// The team database on a real PostgreSQL 15 started by this file: migrations, row-level
// security, idempotent batches, pull by change-log position, tombstones, contributors,
// and a server stopped between batches.
import { describe, expect, it } from 'vitest';
import { AriadneError } from '../../core/errors';
import { fixedClock, randomIds } from '../../core/graph/ids';
import { InMemoryGraphStore } from '../../core/graph/memory-store';
import { GraphService } from '../../core/graph/service';
import { mulberry32 } from '../../core/random';
import { changeIds, entityDelete, entityUpsert, evidenceAdd, evidenceDelete, relationshipUpsert } from '../../core/team/changes';
import type { TeamChange } from '../../core/team/changes';
import { InMemoryPullCursor, InMemoryPushQueue } from '../../core/team/memory-ports';
import type { ChangeBatch, PushReceipt, TeamRemote } from '../../core/team/ports';
import { batchOf, TeamSync } from '../../core/team/team-sync';
import { loadMigrations, migrate } from './migrate';
import { PostgresTeamRemote } from './postgres-team-remote';
import { pgSkipReason } from './testing/pg-server';
import { useTeamDatabases } from './testing/use-team-databases';
import type { TeamFixture } from './testing/team-fixture';

const skip = pgSkipReason();
if (skip !== undefined) console.warn(`postgres-team-remote.integration.test.ts skipped: ${skip}`);

/** A local graph of one member, with its own random ids (as in the extension). */
function memberGraph(seed: number) {
  const clock = fixedClock();
  const graph = new GraphService({ store: new InMemoryGraphStore(), ids: randomIds(clock, mulberry32(seed)), clock });
  return { graph, clock, ids: changeIds(clock, mulberry32(seed + 1000)) };
}

async function stripeChanges(seed = 1): Promise<TeamChange[]> {
  const { graph, ids } = memberGraph(seed);
  const stripe = await graph.createEntity({ name: 'Stripe', type: 'company', aliases: ['Stripe, Inc.'] });
  const patrick = await graph.createEntity({ name: 'Patrick Collison', type: 'person' });
  const source = { pageUrl: 'https://stripe.com/about', pageTitle: 'About Stripe', snippet: 'Stripe was founded by Patrick Collison.' };
  const { relationship } = await graph.relate(stripe.id, 'founded_by', patrick.id, source);
  const evidence = await graph.recordEvidence({ ...source, kind: 'mention', entityId: stripe.id });
  return [
    entityUpsert(ids.next(), stripe),
    entityUpsert(ids.next(), patrick),
    relationshipUpsert(ids.next(), relationship),
    evidenceAdd(ids.next(), evidence),
  ];
}

function remote(fx: TeamFixture, role: string, workspaceId = 'acme', origin = `${role}-laptop`): PostgresTeamRemote {
  return new PostgresTeamRemote(fx.pool(role), { workspaceId, origin });
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'none';
  } catch (error) {
    return error instanceof AriadneError ? error.code : `raw: ${String(error)}`;
  }
}

describe.skipIf(skip !== undefined)('team database on PostgreSQL', () => {
  const pg = useTeamDatabases();

  describe('migrations', () => {
    it('apply once, in order, with pg_trgm; a second init applies nothing', async () => {
      const fx = await pg.fresh();
      const pool = fx.pool('postgres');
      const client = await pool.connect();
      try {
        expect(await migrate(client)).toEqual([]);
      } finally {
        client.release();
      }
      const versions = await fx.admin<{ version: number }>('SELECT version FROM ariadne_schema_migrations ORDER BY version');
      expect(versions.map((v) => v.version)).toEqual(loadMigrations().map((m) => m.version));
      const ext = await fx.admin('SELECT 1 FROM pg_extension WHERE extname = $1', ['pg_trgm']);
      expect(ext).toHaveLength(1);
      const tables = await fx.admin<{ tablename: string }>(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'ariadne' ORDER BY tablename",
      );
      expect(tables.map((t) => t.tablename)).toEqual([
        'aliases',
        'batches',
        'change_log',
        'entities',
        'evidence',
        'members',
        'merges',
        'relationships',
        'workspaces',
      ]);
    });
  });

  describe('rights', () => {
    it('a non-member reads nothing and cannot write; a member reads the facts with who contributed them', async () => {
      const fx = await pg.fresh();
      const changes = await stripeChanges();
      await remote(fx, 'alice').push(batchOf(changes));

      const mallory = fx.pool('mallory');
      for (const table of ['workspaces', 'entities', 'aliases', 'relationships', 'evidence', 'change_log', 'batches', 'members']) {
        expect((await mallory.query(`SELECT * FROM ariadne.${table}`)).rows, table).toEqual([]);
      }
      expect(await codeOf(remote(fx, 'mallory').push(batchOf(await stripeChanges(2))))).toBe('forbidden');
      expect((await remote(fx, 'mallory').pull(0, 100)).changes).toEqual([]);
      const direct = mallory.query(
        "INSERT INTO ariadne.entities (workspace_id, id, name, name_key, type, created_at, updated_at, position) VALUES ('acme', 'e_x1', 'X', 'x', 'other', 0, 0, 1)",
      );
      await expect(direct).rejects.toMatchObject({ code: '42501' });
      // A member of another workspace neither.
      expect((await fx.pool('carol').query('SELECT * FROM ariadne.entities')).rows).toEqual([]);
      expect(await codeOf(remote(fx, 'carol').push(batchOf(await stripeChanges(3))))).toBe('forbidden');

      const bob = await fx
        .pool('bob')
        .query<{ name: string; contributor: string }>('SELECT name, contributor FROM ariadne.entities ORDER BY name');
      expect(bob.rows).toEqual([
        { name: 'Patrick Collison', contributor: 'alice' },
        { name: 'Stripe', contributor: 'alice' },
      ]);
      const evidence = await fx.pool('bob').query<{ contributor: string }>('SELECT contributor FROM ariadne.evidence');
      expect(evidence.rows.map((r) => r.contributor)).toEqual(['alice']);
      expect(await fx.admin('SELECT 1 FROM ariadne.entities')).toHaveLength(2);
    });

    it('a member writes only through push_batch: a row written by hand is refused, so no one can forge a contributor or a log position', async () => {
      const fx = await pg.fresh();
      const bob = fx.pool('bob');
      const forged = bob.query(
        "INSERT INTO ariadne.entities (workspace_id, id, name, name_key, type, created_at, updated_at, position, contributor) VALUES ('acme', 'e_x2', 'X', 'x', 'other', 0, 0, 1, 'alice')",
      );
      await expect(forged).rejects.toMatchObject({ code: '42501' });
      const jump = bob.query(
        "INSERT INTO ariadne.change_log (workspace_id, position, change_id, batch_id, origin, contributor, kind, payload) VALUES ('acme', 1000000, 'c_x0000000', 'b', 'o', 'bob', 'x', '{}')",
      );
      await expect(jump).rejects.toMatchObject({ code: '42501' });
      await expect(bob.query("UPDATE ariadne.workspaces SET log_head = 99 WHERE id = 'acme'")).rejects.toMatchObject({ code: '42501' });
    });
  });

  describe('push and pull', () => {
    it('a re-sent batch lands once, and a batch overlapping a pushed one adds only the new changes', async () => {
      const fx = await pg.fresh();
      const alice = remote(fx, 'alice');
      const changes = await stripeChanges();
      const batch = batchOf(changes);
      expect(await alice.push(batch)).toMatchObject({ applied: 4, duplicates: 0, head: 4 });
      expect(await alice.push(batch)).toMatchObject({ applied: 0, duplicates: 4, head: 4 });
      const more = await stripeChanges(7);
      expect(await alice.push(batchOf([...changes.slice(2), ...more]))).toMatchObject({ applied: 4, duplicates: 2, head: 8 });
      expect(await fx.admin('SELECT 1 FROM ariadne.change_log')).toHaveLength(8);
      expect(await fx.admin('SELECT 1 FROM ariadne.evidence')).toHaveLength(2);
    });

    it('pulls by change-log position, in order, without the device’s own changes', async () => {
      const fx = await pg.fresh();
      const alice = remote(fx, 'alice');
      const first = await stripeChanges(1);
      const second = await stripeChanges(2);
      await alice.push(batchOf(first));
      await alice.push(batchOf(second));
      const bob = remote(fx, 'bob');
      const page1 = await bob.pull(0, 3);
      expect(page1.changes.map((c) => c.position)).toEqual([1, 2, 3]);
      expect(page1.changes.map((c) => c.change)).toEqual(first.slice(0, 3));
      expect(page1.changes.every((c) => c.contributor === 'alice')).toBe(true);
      const page2 = await bob.pull(page1.through, 100);
      expect(page2.changes.map((c) => c.position)).toEqual([4, 5, 6, 7, 8]);
      expect(page2.changes.map((c) => c.change)).toEqual([...first.slice(3), ...second]);
      expect(await bob.pull(page2.through, 100)).toEqual({ changes: [], through: 8, rejected: [] });
      // Alice's laptop reads past its own changes; her phone (another origin) gets them.
      expect(await alice.pull(0, 100)).toEqual({ changes: [], through: 8, rejected: [] });
      expect((await remote(fx, 'alice', 'acme', 'alice-phone').pull(0, 100)).changes).toHaveLength(8);
    });

    it('a log row this client cannot read (a newer version’s change, a row edited by hand) is skipped and reported', async () => {
      const fx = await pg.fresh();
      await fx.admin(
        "INSERT INTO ariadne.change_log (workspace_id, position, change_id, batch_id, origin, contributor, kind, payload) VALUES ('acme', 1, 'c_bad00000', 'b_x', 'x', 'alice', 'entity.upsert', '{\"kind\":\"entity.upsert\",\"entity\":{\"name\":\"<script>\"}}')",
      );
      const page = await remote(fx, 'bob').pull(0, 10);
      expect(page.changes).toEqual([]);
      expect(page.through).toBe(1);
      expect(page.rejected).toHaveLength(1);
      expect(page.rejected[0]?.position).toBe(1);
    });

    it('a deletion is a tombstone: the entity and its relationships stay, marked deleted', async () => {
      const fx = await pg.fresh();
      const alice = remote(fx, 'alice');
      const changes = await stripeChanges();
      await alice.push(batchOf(changes));
      const stripe = changes[0];
      if (stripe?.kind !== 'entity.upsert') throw new Error('fixture: first change is Stripe');
      await alice.push(batchOf([entityDelete(changeIds(fixedClock(), mulberry32(9)).next(), stripe.entity.id, 5000)]));
      const rows = await fx.admin<{ name: string; deleted_at: string | null }>(
        'SELECT name, deleted_at FROM ariadne.entities ORDER BY name',
      );
      expect(rows).toEqual([
        { name: 'Patrick Collison', deleted_at: null },
        { name: 'Stripe', deleted_at: '5000' },
      ]);
      expect(await fx.admin('SELECT deleted_at FROM ariadne.relationships')).toEqual([{ deleted_at: '5000' }]);
      const pulled = await remote(fx, 'bob').pull(4, 10);
      expect(pulled.changes.map((c) => c.change.kind)).toEqual(['entity.delete']);
    });

    it('an evidence tombstone marks the row deleted (its entity stays), readable only by the workspace’s members', async () => {
      const fx = await pg.fresh();
      const alice = remote(fx, 'alice');
      const changes = await stripeChanges();
      await alice.push(batchOf(changes));
      const added = changes[3];
      if (added?.kind !== 'evidence.add') throw new Error('fixture: the fourth change is evidence');
      const tombstone = evidenceDelete(changeIds(fixedClock(), mulberry32(9)).next(), added.evidence.id, 6000);
      expect(await remote(fx, 'bob').push(batchOf([tombstone]))).toMatchObject({ applied: 1, head: 5 });
      expect(await fx.admin('SELECT id, deleted_at, contributor FROM ariadne.evidence WHERE deleted_at IS NOT NULL')).toEqual([
        { id: added.evidence.id, deleted_at: '6000', contributor: 'bob' },
      ]);
      expect(await fx.admin('SELECT 1 FROM ariadne.entities WHERE deleted_at IS NULL')).toHaveLength(2);
      const pulled = await remote(fx, 'alice').pull(4, 10);
      expect(pulled.changes.map((c) => c.change)).toEqual([tombstone]);
      // Row-level security holds on the new column: another workspace's member and a non-member see nothing.
      for (const role of ['carol', 'mallory']) {
        expect((await fx.pool(role).query('SELECT deleted_at FROM ariadne.evidence')).rows, role).toEqual([]);
        expect(await codeOf(remote(fx, role).push(batchOf([tombstone])))).toBe('forbidden');
      }
      await expect(fx.pool('bob').query('UPDATE ariadne.evidence SET deleted_at = NULL')).rejects.toMatchObject({ code: '42501' });
    });
  });

  describe('an older team database (before migration 003)', () => {
    it('refuses the push with a message to run team init, sends nothing and keeps the queue; after init it goes out', async () => {
      const fx = await pg.fresh({ migrations: loadMigrations().slice(0, 2) });
      const queue = new InMemoryPushQueue();
      const sync = new TeamSync({
        queue,
        cursor: new InMemoryPullCursor(),
        remote: remote(fx, 'alice'),
        sink: { apply: async () => undefined },
      });
      const changes = await stripeChanges();
      const added = changes[3];
      if (added?.kind !== 'evidence.add') throw new Error('fixture: the fourth change is evidence');
      await sync.record([...changes, evidenceDelete(changeIds(fixedClock(), mulberry32(9)).next(), added.evidence.id, 6000)]);
      const refused = await sync.push().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(AriadneError);
      expect(refused).toMatchObject({ code: 'unavailable', details: { schemaVersion: 2, required: 3 } });
      expect(String(Object(refused).message)).toMatch(/team -- init/);
      expect(await queue.size()).toBe(5);
      expect(await fx.admin('SELECT 1 FROM ariadne.change_log')).toEqual([]);

      const owner = await fx.pool('postgres').connect();
      try {
        expect((await migrate(owner)).map((m) => m.version)).toEqual([3]);
      } finally {
        owner.release();
      }
      expect(await sync.push()).toEqual({ batches: 1, applied: 5, duplicates: 0 });
      expect(await queue.size()).toBe(0);
      expect(await fx.pool('alice').query('SELECT ariadne.schema_version() AS v')).toMatchObject({ rows: [{ v: 3 }] });
    });
  });

  describe('nothing lost', () => {
    it('server stopped between batches: the push fails, the queue keeps the rest, a re-push after restart lands everything once', async () => {
      const fx = await pg.fresh();
      const queue = new InMemoryPushQueue();
      const real = remote(fx, 'alice');
      let pushes = 0;
      const stoppingRemote: TeamRemote = {
        pull: (after, limit) => real.pull(after, limit),
        async push(batch: ChangeBatch): Promise<PushReceipt> {
          pushes++;
          if (pushes === 2) await pg.server().stop();
          return real.push(batch);
        },
      };
      const sink = { apply: async () => undefined };
      const sync = new TeamSync({ queue, cursor: new InMemoryPullCursor(), remote: stoppingRemote, sink, batchSize: 4 });
      const all = [...(await stripeChanges(1)), ...(await stripeChanges(2)), ...(await stripeChanges(3))];
      await sync.record(all);
      expect(await codeOf(sync.push())).toBe('unavailable');
      expect(await queue.size()).toBe(8);
      await pg.server().start();
      expect(await sync.push()).toEqual({ batches: 2, applied: 8, duplicates: 0 });
      expect(await queue.size()).toBe(0);
      const log = await fx.admin<{ change_id: string }>('SELECT change_id FROM ariadne.change_log ORDER BY position');
      expect(log.map((r) => r.change_id)).toEqual(all.map((c) => c.changeId));
      expect(await fx.admin('SELECT 1 FROM ariadne.entities')).toHaveLength(6);
    });

    it('a reply lost after the commit: the batch is pushed again and counted as duplicates, stored once', async () => {
      const fx = await pg.fresh();
      const queue = new InMemoryPushQueue();
      const real = remote(fx, 'alice');
      let lose = true;
      const lossy: TeamRemote = {
        pull: (after, limit) => real.pull(after, limit),
        async push(batch) {
          const receipt = await real.push(batch);
          if (lose) {
            lose = false;
            throw new AriadneError('unavailable', 'connection reset before the reply');
          }
          return receipt;
        },
      };
      const sync = new TeamSync({ queue, cursor: new InMemoryPullCursor(), remote: lossy, sink: { apply: async () => undefined } });
      await sync.record(await stripeChanges());
      expect(await codeOf(sync.push())).toBe('unavailable');
      expect(await sync.push()).toEqual({ batches: 1, applied: 0, duplicates: 4 });
      expect(await fx.admin('SELECT 1 FROM ariadne.change_log')).toHaveLength(4);
    });
  });
});
