// TeamService with in-memory ports and a scripted host: what link, unlink, record and sync
// keep and say (the background's test runs the same over IndexedDB and PostgreSQL).
import { describe, expect, it } from 'vitest';
import { AriadneError } from '../errors';
import { fixedClock, sequentialIds } from '../graph/ids';
import { changeIds, entityDelete } from './changes';
import type { TeamConnection } from './host-wire';
import { InMemoryPullCursor, InMemoryPushQueue } from './memory-ports';
import type { ChangeBatch, TeamRemote } from './ports';
import type { TeamHost, TeamLinks, TeamStateStore, TeamSyncState, TeamWorkspace } from './team-service';
import { EMPTY_SYNC_STATE, TeamService } from './team-service';
import { teamLogKey } from './host-wire';

const acme: TeamConnection = { host: 'db.test', port: 5432, database: 'team', user: 'alice', teamWorkspace: 'acme' };

function setup() {
  const links = new Map<string, TeamConnection>();
  const linkStore: TeamLinks = {
    get: async (id) => links.get(id),
    all: async () => new Map(links),
    set: async (id, c) => void (c === undefined ? links.delete(id) : links.set(id, c)),
  };
  const pushed: ChangeBatch[] = [];
  const forgotten: TeamConnection[] = [];
  let refuse: AriadneError | undefined;
  /** Log rows the next pull reports as refused by the change schema (each pull reports them once, then the log moves on). */
  let refusedRows: { position: number; message: string }[] = [];
  const remote: TeamRemote = {
    push: async (batch) => {
      if (refuse) throw refuse;
      pushed.push(batch);
      return { batchId: batch.batchId, applied: batch.changes.length, duplicates: 0, head: pushed.length };
    },
    pull: async (after) => {
      const rejected = refusedRows.filter((r) => r.position > after);
      refusedRows = [];
      return { changes: [], through: Math.max(after, ...rejected.map((r) => r.position)), rejected };
    },
  };
  const host: TeamHost = {
    state: 'ready',
    test: async (_c, password) => {
      if (password === 'wrong') throw new AriadneError('forbidden', 'login refused');
      return { member: 'alice' };
    },
    forget: async (c) => void forgotten.push(c),
    remote: () => remote,
  };
  const workspace = (id: string): TeamWorkspace => {
    let state: TeamSyncState = EMPTY_SYNC_STATE;
    const store: TeamStateStore = { read: async () => state, write: async (s) => void (state = s) };
    return { id, queue: new InMemoryPushQueue(), cursor: new InMemoryPullCursor(), sink: { apply: async () => undefined }, state: store };
  };
  const service = new TeamService({ links: linkStore, host, clock: fixedClock(), newOrigin: () => 'device-0001' });
  const ids = changeIds(fixedClock(), () => 0.5);
  const graphIds = sequentialIds();
  const change = () => entityDelete(ids.next(), graphIds.entity(), 1);
  return {
    service,
    workspace,
    pushed,
    forgotten,
    links,
    change,
    setRefusal: (e: AriadneError | undefined) => void (refuse = e),
    logRefuses: (rows: { position: number; message: string }[]) => void (refusedRows = rows),
  };
}

describe('TeamService', () => {
  it('counts teammates’ changes the schema refuses, across syncs, in the status; another team log starts the count again', async () => {
    const { service, workspace, logRefuses } = setup();
    const ws = workspace('w_a');
    await service.link(ws, acme);
    expect((await service.sync(ws)).status.refused).toBeUndefined();
    logRefuses([
      { position: 3, message: 'evidence.pageUrl: must be an http(s) URL' },
      { position: 5, message: 'the change has 20000000 bytes of JSON; at most 524288 are read' },
    ]);
    expect((await service.sync(ws)).status.refused).toEqual({
      count: 2,
      lastPosition: 5,
      lastMessage: 'the change has 20000000 bytes of JSON; at most 524288 are read',
    });
    logRefuses([{ position: 9, message: 'entity.name: too long' }]);
    await service.sync(ws);
    expect((await service.status(ws)).refused).toEqual({ count: 3, lastPosition: 9, lastMessage: 'entity.name: too long' });
    // A sync that refuses nothing keeps the count; relinking the same log too.
    await service.sync(ws);
    await service.link(ws, acme);
    expect((await service.status(ws)).refused?.count).toBe(3);
    await service.link(ws, { ...acme, teamWorkspace: 'beta' });
    expect((await service.status(ws)).refused).toBeUndefined();
  });

  it('a refused login saves no link; a working one saves the address only', async () => {
    const { service, workspace, links } = setup();
    const ws = workspace('w_a');
    await expect(service.link(ws, acme, 'wrong')).rejects.toMatchObject({ code: 'forbidden' });
    expect(links.size).toBe(0);
    const status = await service.link(ws, acme, 'right');
    expect(status).toMatchObject({ linked: true, connection: acme, queued: 0, host: 'ready' });
    expect(JSON.stringify([...links.values()])).not.toContain('right');
  });

  it('records only while linked; unlinking keeps the queue and forgets the password no other link uses', async () => {
    const { service, workspace, forgotten, change } = setup();
    const a = workspace('w_a');
    const b = workspace('w_b');
    expect(await service.record(a, [change()])).toBe(false);
    await service.link(a, acme);
    await service.link(b, acme);
    expect(await service.record(a, [change(), change()])).toBe(true);
    await service.unlink(a);
    expect(forgotten).toEqual([]); // b still logs in as alice there
    expect(await service.status(a)).toMatchObject({ linked: false, connection: null, queued: 2 });
    expect(await service.record(a, [change()])).toBe(false);
    await service.unlink(b);
    expect(forgotten).toEqual([acme]);
  });

  it('a failed sync keeps the queue and the error, a later one sends the queue once and clears it', async () => {
    const { service, workspace, pushed, change, setRefusal } = setup();
    const ws = workspace('w_a');
    await expect(service.sync(ws)).rejects.toMatchObject({ code: 'invalid_arguments' });
    await service.link(ws, acme);
    await service.record(ws, [change(), change(), change()]);
    setRefusal(new AriadneError('unavailable', 'database down'));
    await expect(service.sync(ws)).rejects.toMatchObject({ code: 'unavailable' });
    expect(await service.status(ws)).toMatchObject({
      queued: 3,
      lastSyncAt: null,
      lastError: { code: 'unavailable', message: 'database down' },
    });
    setRefusal(undefined);
    // Two syncs at once (the timer and the button): one sends, the other finds nothing.
    const [first, second] = await Promise.all([service.sync(ws), service.sync(ws)]);
    expect([first.pushed.applied, second.pushed.applied]).toEqual([3, 0]);
    expect(pushed.flatMap((b) => b.changes)).toHaveLength(3);
    expect(second.status).toMatchObject({ queued: 0, lastError: null, lastSyncAt: expect.any(Number) });
  });

  it('linking to another team log starts its cursor from the beginning; the same log keeps it', async () => {
    const { service, workspace } = setup();
    const ws = workspace('w_a');
    await service.link(ws, acme);
    await ws.cursor.write(40);
    await service.link(ws, { ...acme, user: 'alice' });
    expect(await ws.cursor.read()).toBe(40);
    await service.link(ws, { ...acme, teamWorkspace: 'other' });
    expect(await ws.cursor.read()).toBe(0);
  });

  it('relinking to another team workspace drops what was queued for the old one: nothing of it is sent there', async () => {
    const { service, workspace, pushed, change } = setup();
    const ws = workspace('w_a');
    await service.link(ws, acme);
    await service.record(ws, [change(), change()]);
    await service.unlink(ws);
    // The status says which team log they wait for, so the form can warn before a link to another one.
    expect(await service.status(ws)).toMatchObject({ linked: false, queued: 2, queuedFor: teamLogKey(acme) });
    // Back to the same team workspace: the unsent changes are still its own, and go out.
    expect(await service.link(ws, acme)).toMatchObject({ queued: 2, dropped: 0 });
    const mine = change();
    expect(await service.link(ws, { ...acme, teamWorkspace: 'other' })).toMatchObject({
      queued: 0,
      dropped: 2,
      queuedFor: teamLogKey({ ...acme, teamWorkspace: 'other' }),
    });
    await service.record(ws, [mine]);
    await service.sync(ws);
    expect(pushed.flatMap((b) => b.changes)).toEqual([mine]);
  });
});
