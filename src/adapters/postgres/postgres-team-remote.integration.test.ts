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

  describe('what a member pushes is checked by the database (migration 004)', () => {
    /** The error code and message of a push, or 'ok'. */
    async function pushOutcome(r: PostgresTeamRemote, changes: readonly TeamChange[]): Promise<string> {
      try {
        await r.push(batchOf(changes));
        return 'ok';
      } catch (error) {
        return error instanceof AriadneError ? `${error.code}: ${error.message}` : `raw: ${String(error)}`;
      }
    }

    it('an extra field, an oversized change, a javascript: page, a wrong type: the whole batch is refused, invalid_arguments, nothing stored', async () => {
      const fx = await pg.fresh();
      const alice = remote(fx, 'alice');
      const [stripe, patrick, relation, evidence] = await stripeChanges();
      if (stripe?.kind !== 'entity.upsert' || evidence?.kind !== 'evidence.add' || patrick === undefined || relation === undefined) {
        throw new Error('fixture');
      }
      const cases: [string, TeamChange, RegExp][] = [
        ['a small extra field', Object.assign({}, patrick, { padding: 'x'.repeat(1000) }), /unknown keys: padding/],
        ['an extra field of 1 MB', Object.assign({}, relation, { padding: 'x'.repeat(1_000_000) }), /bytes of JSON \(at most 524288\)/],
        [
          'an extra field inside the entity',
          { ...stripe, entity: Object.assign({}, stripe.entity, { note: 'hi' }) },
          /unknown keys in entity: note/,
        ],
        [
          'a javascript: page',
          { ...evidence, evidence: { ...evidence.evidence, pageUrl: 'javascript:alert(1)' } },
          /pageUrl must be an http\(s\) URL/,
        ],
        [
          'a data: page',
          { ...evidence, evidence: { ...evidence.evidence, pageUrl: 'data:text/html,<b>x</b>' } },
          /pageUrl must be an http\(s\) URL/,
        ],
        [
          'a type that is not one of the six',
          { ...stripe, entity: Object.assign({}, stripe.entity, { type: 'planet' }) },
          /entity.type must be/,
        ],
        [
          'an attribute value over 2,000 characters',
          { ...stripe, entity: { ...stripe.entity, attributes: { founded: 'y'.repeat(2001) } } },
          /entity.attributes.founded has 2001 characters/,
        ],
        ['an unknown kind', Object.assign({}, patrick, { kind: 'entity.explode' }), /unknown change kind/],
      ];
      const ids = changeIds(fixedClock(), mulberry32(5));
      for (const [what, bad, message] of cases) {
        // The bad change last (an id of its own): the valid ones before it must not land either.
        const outcome = await pushOutcome(alice, [stripe, patrick, { ...bad, changeId: ids.next() }]);
        expect(outcome, what).toMatch(/^invalid_arguments: /);
        expect(outcome, what).toMatch(message);
      }
      // A member calling push_batch without the extension: the same checks.
      const raw = { ...stripe, changeId: ids.next(), entity: { ...stripe.entity, name: 42, nameKey: 'x', aliases: [] } };
      await expect(
        fx.pool('alice').query('SELECT ariadne.push_batch($1, $2, $3, $4::jsonb)', ['acme', 'b_raw', 'psql', JSON.stringify([raw])]),
      ).rejects.toMatchObject({ code: '22023', message: expect.stringContaining('entity.name must be a string') });
      // The device and batch ids are stored on every log row, so they are bounded too.
      const query = 'SELECT ariadne.push_batch($1, $2, $3, $4::jsonb)';
      const valid = JSON.stringify([{ ...relation, changeId: ids.next() }]);
      await expect(fx.pool('alice').query(query, ['acme', 'b_1', 'd'.repeat(1_000_000), valid])).rejects.toMatchObject({ code: '22023' });
      await expect(fx.pool('alice').query(query, ['acme', 'b'.repeat(101), 'psql-device', valid])).rejects.toMatchObject({ code: '22023' });
      expect(await fx.admin('SELECT position FROM ariadne.change_log')).toEqual([]);
      expect(await fx.admin('SELECT id FROM ariadne.entities')).toEqual([]);
      // The same changes as the extension makes them go in.
      expect(await pushOutcome(alice, [stripe, patrick, relation, evidence])).toBe('ok');
      // Even the owner cannot store an oversized change or a non-web evidence page by hand.
      await expect(
        fx.admin(
          "INSERT INTO ariadne.change_log (workspace_id, position, change_id, batch_id, origin, contributor, kind, payload) VALUES ('acme', 99, 'c_big00000', 'b_x', 'x', 'alice', 'x', jsonb_build_object('pad', repeat('x', 600000)))",
        ),
      ).rejects.toMatchObject({ code: '23514' });
      await expect(fx.admin("UPDATE ariadne.evidence SET page_url = 'javascript:alert(1)'")).rejects.toMatchObject({ code: '23514' });
    });

    it('rows stored before it: an oversized one is reported, not read; a javascript: page is refused on pull; a page stops at 4 MiB', async () => {
      const fx = await pg.fresh({ migrations: loadMigrations().slice(0, 3) });
      const [stripe, , , evidence] = await stripeChanges();
      if (stripe?.kind !== 'entity.upsert' || evidence?.kind !== 'evidence.add') throw new Error('fixture');
      // Before 004 a member could push anything push_batch did not look at: 10 valid changes with 2 MB of extra each, a javascript: page.
      // The wire form (toWire): names with their keys.
      const entity = { ...stripe.entity, nameKey: 'stripe', aliases: [{ alias: 'Stripe, Inc.', key: 'stripe' }] };
      const padded = Array.from({ length: 10 }, (_, i) => ({
        ...stripe,
        entity,
        changeId: `c_pad${String(i).padStart(5, '0')}`,
        padding: 'p'.repeat(2_000_000),
      }));
      const script = { ...evidence, changeId: 'c_script000', evidence: { ...evidence.evidence, pageUrl: 'javascript:alert(1)' } };
      await fx
        .pool('alice')
        .query('SELECT ariadne.push_batch($1, $2, $3, $4::jsonb)', ['acme', 'b_old', 'mallet', JSON.stringify([...padded, script])]);
      const owner = await fx.pool('postgres').connect();
      try {
        expect((await migrate(owner)).map((m) => m.version)).toEqual([4]);
      } finally {
        owner.release();
      }
      const started = performance.now();
      const page = await remote(fx, 'bob').pull(0, 1000);
      const ms = performance.now() - started;
      expect(page.changes).toEqual([]);
      expect(page.through).toBe(11);
      expect(page.rejected.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect(page.rejected[0]?.message).toMatch(/^the change has \d+ bytes of JSON; at most 524288 are read$/);
      expect(page.rejected[10]?.message).toMatch(/pageUrl.*http\(s\)/);
      expect(ms).toBeLessThan(5000);

      // Changes as large as the extension makes them (100 attributes of 2,000 characters) go in, and a pull page stops after 4 MiB.
      const attributes = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`a${i}`, 'v'.repeat(2000)]));
      const ids = changeIds(fixedClock(), mulberry32(77));
      const big = Array.from({ length: 25 }, () => ({ ...stripe, changeId: ids.next(), entity: { ...stripe.entity, attributes } }));
      await remote(fx, 'alice').push(batchOf(big));
      const first = await remote(fx, 'bob').pull(11, 1000);
      expect(first.changes.length).toBeGreaterThan(10);
      expect(first.changes.length).toBeLessThan(25);
      expect(first.through).toBe(11 + first.changes.length);
      const rest = await remote(fx, 'bob').pull(first.through, 1000);
      expect(first.changes.length + rest.changes.length).toBe(25);
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
        expect((await migrate(owner)).map((m) => m.version)).toEqual([3, 4]);
      } finally {
        owner.release();
      }
      expect(await sync.push()).toEqual({ batches: 1, applied: 5, duplicates: 0 });
      expect(await queue.size()).toBe(0);
      expect(await fx.pool('alice').query('SELECT ariadne.schema_version() AS v')).toMatchObject({ rows: [{ v: 4 }] });
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
