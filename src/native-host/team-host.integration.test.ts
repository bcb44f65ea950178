// The native host's team role as Chromium runs it: a real host process (`mcp.ts` with
// ARIADNE_HOST_ROLE=team, framed stdin/stdout) against a real PostgreSQL started by this
// file. Login with a password (kept 0600 by the host, never sent back), membership,
// push and pull, the team reads (`search`, `related`: the local tools' answers for the
// same graph), errors with their codes, and the extension's NativeTeamRemote speaking
// to the same process.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NativeTeamClient, NativeTeamRemote } from '../adapters/team-native/native-team-client';
import type { NativePortLike } from '../adapters/team-native/native-team-client';
import { addMember, createWorkspace } from '../adapters/postgres/admin';
import { migrate } from '../adapters/postgres/migrate';
import { pgSkipReason, startPgServer, type PgServer } from '../adapters/postgres/testing/pg-server';
import { fixedClock, sequentialIds } from '../core/graph/ids';
import type { EntityId } from '../core/graph/ids';
import { changeIds, entityDelete, entityUpsert, relationshipUpsert } from '../core/team/changes';
import { InMemoryGraphStore } from '../core/graph/memory-store';
import { GraphService } from '../core/graph/service';
import { NameIndex } from '../core/search/name-index';
import { createRegistry } from '../core/tools';
import { entitySearch } from '../core/tools/definitions/entity-search';
import type { TeamConnection, TeamHostReply } from '../core/team/host-wire';
import { teamHostReplySchema } from '../core/team/host-wire';
import { batchOf } from '../core/team/team-sync';
import { PassThrough } from 'node:stream';
import { framedChannel, type FramedChannel } from './channel';
import { startTeamHost } from './team-host';
import { fileTeamSecrets } from './team-secrets';
import pg from 'pg';

const skip = pgSkipReason();

if (skip !== undefined) console.warn(`team-host.integration.test.ts skipped: ${skip}`);

const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'correct horse: battery \\ staple';

interface HostProcess {
  readonly child: ChildProcess;
  readonly channel: FramedChannel;
  readonly home: string;
  ask(request: unknown): Promise<TeamHostReply['outcome']>;
  stop(): Promise<void>;
}

/** Starts the host the way the installed wrapper does (same entry, same environment variables). */
async function startHost(): Promise<HostProcess> {
  const home = await mkdtemp(path.join(tmpdir(), 'ariadne-team-host-'));
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), path.join(ROOT, 'src/cli/mcp.ts'), 'chrome-extension://test/'],
    {
      env: {
        ...process.env,
        ARIADNE_HOST_ROLE: 'team',
        ARIADNE_PROFILE_KEY: 'test',
        ARIADNE_HOME: home,
        ARIADNE_RUNTIME_DIR: path.join(home, 'run'),
        // The user's own ~/.pgpass must not log the test in.
        PGPASSFILE: path.join(home, 'no-such-pgpass'),
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  if (child.stdin === null || child.stdout === null) throw new Error('no stdio');
  const channel = framedChannel(child.stdout, child.stdin);
  const waiting = new Map<number, (outcome: TeamHostReply['outcome']) => void>();
  channel.onMessage((raw) => {
    const reply = teamHostReplySchema.parse(raw);
    waiting.get(reply.id)?.(reply.outcome);
    waiting.delete(reply.id);
  });
  let next = 0;
  return {
    child,
    channel,
    home,
    ask: (request) =>
      new Promise((resolve) => {
        const id = ++next;
        waiting.set(id, resolve);
        channel.send({ id, request });
      }),
    async stop() {
      const running = child.exitCode === null && child.signalCode === null;
      const exited = running ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve();
      child.stdin?.end();
      await exited;
      await rm(home, { recursive: true, force: true });
    },
  };
}

/** A `runtime.Port` double wired to a host process's stdio: what Chromium does between the worker and the host. */
function portTo(host: HostProcess): NativePortLike {
  const listeners: ((message: unknown) => void)[] = [];
  const disconnects: (() => void)[] = [];
  host.channel.onMessage((message) => listeners.forEach((l) => l(message)));
  host.channel.onClose(() => disconnects.forEach((l) => l()));
  return {
    postMessage: (message) => void host.channel.send(message),
    disconnect: () => host.child.stdin?.end(),
    onMessage: { addListener: (l) => void listeners.push(l) },
    onDisconnect: { addListener: (l) => void disconnects.push(l) },
  };
}

describe.skipIf(skip !== undefined)('native host, team role (real process, real PostgreSQL)', () => {
  let server: PgServer;
  let database: string;
  const hosts: HostProcess[] = [];
  let connection: TeamConnection;

  beforeAll(async () => {
    server = await startPgServer({ passwordRoles: ['dora'] });
    database = await server.createDatabase();
    const owner = new pg.Client(server.config(database));
    await owner.connect();
    try {
      await migrate(owner);
      await createWorkspace(owner, 'acme', 'Acme');
      await addMember(owner, 'acme', 'dora', PASSWORD);
      await addMember(owner, 'acme', 'erin');
      await owner.query('CREATE ROLE mallory LOGIN IN ROLE ariadne_member');
    } finally {
      await owner.end();
    }
    connection = { host: server.host, port: server.port, database, user: 'dora', teamWorkspace: 'acme' };
  }, 90_000);
  afterEach(async () => {
    for (const host of hosts.splice(0)) await host.stop();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const host = async (): Promise<HostProcess> => {
    const started = await startHost();
    hosts.push(started);
    return started;
  };

  it('a wrong password is forbidden and kept nowhere; the right one logs in, is kept 0600, and never comes back', async () => {
    const h = await host();
    const wrong = await h.ask({ op: 'test', connection, password: 'nope' });
    expect(wrong).toMatchObject({
      ok: false,
      error: { code: 'forbidden', details: { reason: 'login' }, message: expect.stringContaining('Check the member name and password') },
    });
    await expect(stat(path.join(h.home, 'team.pgpass'))).rejects.toThrow();

    const right = await h.ask({ op: 'test', connection, password: PASSWORD });
    expect(right).toEqual({ ok: true, result: { member: 'dora' } });
    expect(JSON.stringify(right)).not.toContain('battery');
    const file = path.join(h.home, 'team.pgpass');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toContain('dora:correct horse\\: battery \\\\ staple');

    // Without a password in the request: the kept one logs in (a push, then a test).
    const ids = changeIds(fixedClock(), () => 0.5);
    const batch = batchOf([entityDelete(ids.next(), sequentialIds().entity(), 1)]);
    const pushed = await h.ask({ op: 'push', connection, origin: 'device-a1', batch });
    expect(pushed).toMatchObject({ ok: true, result: { applied: 1, duplicates: 0 } });
    expect(await h.ask({ op: 'push', connection, origin: 'device-a1', batch })).toMatchObject({
      ok: true,
      result: { applied: 0, duplicates: 1 },
    });

    // Forgotten: the next login has no password and is refused, saying what to do.
    expect(await h.ask({ op: 'forget', connection })).toEqual({ ok: true, result: { forgotten: true } });
    const after = await h.ask({ op: 'test', connection });
    expect(after).toMatchObject({
      ok: false,
      error: { code: 'forbidden', details: { reason: 'login' }, message: expect.stringContaining('Settings → Team') },
    });
  }, 60_000);

  it('a role that is not a member of the team workspace is forbidden; an unreachable database is unavailable', async () => {
    const h = await host();
    // The login works (no password asked of these roles): the reason is membership, not the password.
    const notMember = { code: 'forbidden', details: { reason: 'not_member' }, message: expect.stringContaining('not a member') };
    expect(await h.ask({ op: 'test', connection: { ...connection, user: 'mallory' } })).toMatchObject({ ok: false, error: notMember });
    expect(await h.ask({ op: 'test', connection: { ...connection, user: 'erin', teamWorkspace: 'other' } })).toMatchObject({
      ok: false,
      error: notMember,
    });
    // Port 1 on the loopback: nothing listens there.
    expect(await h.ask({ op: 'test', connection: { ...connection, port: 1 } })).toMatchObject({
      ok: false,
      error: { code: 'unavailable', message: expect.stringContaining('cannot be reached') },
    });
  }, 60_000);

  it('a malformed request is answered invalid_arguments when it has an id, and the host keeps serving', async () => {
    const h = await host();
    expect(await h.ask({ op: 'push', connection, origin: 'x', batch: { batchId: 'b', changes: [{ kind: 'nope' }] } })).toEqual({
      ok: false,
      error: { code: 'invalid_arguments', message: 'Malformed team request.' },
    });
    expect(await h.ask({ op: 'test', connection: { ...connection, user: 'erin' } })).toEqual({ ok: true, result: { member: 'erin' } });
  }, 60_000);

  it('a pulled page too large for one message to the browser is cut (halved) and the cursor resumes after it', async () => {
    // In process, with a small reply budget standing in for Chromium's 1 MiB.
    const toHost = new PassThrough();
    const fromHost = new PassThrough();
    const hostEnd = framedChannel(toHost, fromHost);
    const secrets = fileTeamSecrets(path.join(await mkdtemp(path.join(tmpdir(), 'ariadne-team-budget-')), 'team.pgpass'));
    const running = startTeamHost({ channel: hostEnd, secrets, log: () => undefined, replyBudget: 3000 });
    const extensionEnd = framedChannel(fromHost, toHost);
    const client = new NativeTeamClient({
      connectNative: () => ({
        postMessage: (m) => void extensionEnd.send(m),
        disconnect: () => extensionEnd.close(),
        onMessage: { addListener: (l) => extensionEnd.onMessage(l) },
        onDisconnect: { addListener: (l) => extensionEnd.onClose(() => l()) },
      }),
      lastErrorMessage: () => undefined,
    });
    const erin = { ...connection, user: 'erin' };
    const ids = changeIds(fixedClock(), () => 0.75);
    const graphIds = sequentialIds();
    const changes = Array.from({ length: 40 }, (_, i) => entityDelete(ids.next(), graphIds.entity(), i));
    await new NativeTeamRemote(client, erin, 'device-erin-2').push(batchOf(changes));
    const remote = new NativeTeamRemote(client, erin, 'device-other');
    const seen: number[] = [];
    let after = 0;
    let pages = 0;
    for (let page = await remote.pull(after, 40); page.through > after; page = await remote.pull(after, 40)) {
      expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(3000);
      pages += 1;
      seen.push(...page.changes.filter((c) => c.contributor === 'erin').map((c) => c.position));
      after = page.through;
    }
    expect(seen.length).toBeGreaterThanOrEqual(40);
    expect(pages).toBeGreaterThan(1); // 40 changes do not fit in 3000 bytes: cut, not refused
    expect(new Set(seen).size).toBe(seen.length);
    hostEnd.close();
    await running.done;
  }, 60_000);

  it('the extension’s NativeTeamRemote pushes and pulls through the host process: contributors are the members, own changes skipped', async () => {
    const erinHost = await host();
    const doraHost = await host();
    const erin = new NativeTeamClient({ connectNative: () => portTo(erinHost), lastErrorMessage: () => undefined });
    const dora = new NativeTeamClient({ connectNative: () => portTo(doraHost), lastErrorMessage: () => undefined });
    const erinConnection = { ...connection, user: 'erin' };
    expect(await erin.request({ op: 'test', connection: erinConnection })).toEqual({ member: 'erin' });
    expect(erin.hostState).toBe('ready');
    await dora.request({ op: 'test', connection, password: PASSWORD });

    const ids = changeIds(fixedClock(), () => 0.25);
    const graphIds = sequentialIds();
    const changes = [entityDelete(ids.next(), graphIds.entity(), 1), entityDelete(ids.next(), graphIds.entity(), 2)];
    const fromErin = new NativeTeamRemote(erin, erinConnection, 'device-erin');
    expect(await fromErin.push(batchOf(changes))).toMatchObject({ applied: 2, duplicates: 0 });

    const page = await new NativeTeamRemote(dora, connection, 'device-dora').pull(0, 1000);
    const pushedIds = new Set(changes.map((c) => c.changeId));
    const erinRows = page.changes.filter((c) => pushedIds.has(c.change.changeId));
    expect(erinRows.map((c) => c.change)).toEqual(changes);
    expect(erinRows.every((c) => c.contributor === 'erin')).toBe(true);
    // Erin's own device does not get her changes back.
    expect((await fromErin.pull(0, 1000)).changes.filter((c) => pushedIds.has(c.change.changeId))).toEqual([]);
    erin.close();
    dora.close();
  }, 60_000);

  it('search and related read the team graph through the host: the local tools’ answers for the same graph, errors coded', async () => {
    // A small graph made locally, pushed whole by erin, then read back through the host as the team tools do.
    const store = new InMemoryGraphStore();
    const clock = fixedClock();
    const graph = new GraphService({ store, ids: sequentialIds(), clock });
    const search = await NameIndex.load(store);
    search.attach(graph);
    const local = createRegistry({ graph, store, search });
    const made = new Map<string, EntityId>();
    for (const [name, type] of [
      ['Stripe', 'company'],
      ['Rust', 'technology'],
      ['Mozilla', 'company'],
      ['Patrick Collison', 'person'],
      ['Mercury', 'company'],
      ['Mercury', 'location'],
    ] as const) {
      made.set(name, (await graph.createEntity({ name, type })).id);
    }
    for (const [from, label, to] of [
      ['Stripe', 'uses', 'Rust'],
      ['Rust', 'created_by', 'Mozilla'],
      ['Stripe', 'founded_by', 'Patrick Collison'],
    ] as const) {
      clock.advance(1000);
      const a = made.get(from);
      const b = made.get(to);
      if (a === undefined || b === undefined) throw new Error('fixture');
      await graph.relate(a, label, b);
    }
    const ids = changeIds(clock, () => 0.125);
    const changes = [
      ...(await store.listEntities({ limit: 100 })).map((e) => entityUpsert(ids.next(), e)),
      ...(await store.listRelationships({ limit: 100 })).map((r) => relationshipUpsert(ids.next(), r)),
    ];
    const h = await host();
    const erin = new NativeTeamClient({ connectNative: () => portTo(h), lastErrorMessage: () => undefined });
    const erinConnection = { ...connection, user: 'erin' };
    await new NativeTeamRemote(erin, erinConnection, 'device-erin-reads').push(batchOf(changes));

    const hits = await erin.request({ op: 'search', connection: erinConnection, input: { query: 'strpe' } });
    expect(entitySearch.outputSchema.parse(hits)).toEqual(hits);
    expect(hits.results[0]).toMatchObject({ name: 'Stripe', entity_type: 'company', id: made.get('Stripe') });
    const caller = { caller: { kind: 'test' as const } };
    for (const input of [{ name: 'Rust' }, { name: 'stripe', direction: 'outgoing' as const }, { name: 'Stripe', relationship: 'Uses' }]) {
      expect(await erin.request({ op: 'related', connection: erinConnection, input })).toEqual(
        await local.call('entity_find_related', input, caller),
      );
    }

    // The errors keep their codes: no such entity, a non-member, a database that is not there; a name of two
    // entities is ambiguous, with both as structured candidates (ids to call again with).
    await expect(erin.request({ op: 'related', connection: erinConnection, input: { name: 'Mercury' } })).rejects.toMatchObject({
      code: 'ambiguous',
      details: {
        candidates: expect.arrayContaining([
          { id: made.get('Mercury') ?? '', name: 'Mercury', entity_type: 'location' },
          expect.objectContaining({ name: 'Mercury', entity_type: 'company' }),
        ]),
      },
    });
    await expect(erin.request({ op: 'related', connection: erinConnection, input: { name: 'Nobody' } })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(
      erin.request({ op: 'search', connection: { ...connection, user: 'mallory' }, input: { query: 'stripe' } }),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(
      erin.request({ op: 'search', connection: { ...erinConnection, port: 1 }, input: { query: 'stripe' } }),
    ).rejects.toMatchObject({
      code: 'unavailable',
    });
    // Arguments are the local tools' own: an empty query never reaches the database.
    expect(await h.ask({ op: 'search', connection: erinConnection, input: { query: '' } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
    erin.close();
  }, 60_000);
});
