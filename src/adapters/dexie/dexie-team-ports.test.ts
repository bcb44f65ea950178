// The persisted team sync ports (fake-indexeddb): the sync ports contract, what survives a
// reopen, and the v2 → v3 upgrade (new tables only: every v2 row stays as it was).
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../../core/graph/ids';
import { changeIds, entityDelete } from '../../core/team/changes';
import { syncPortsContract } from '../../core/team/sync-ports.contract';
import { AriadneDatabase, SCHEMA_V2, SCHEMA_VERSION } from './database';
import { EMPTY_SYNC_STATE } from '../../core/team/team-service';
import { DexiePullCursor, DexiePushQueue, DexieTeamIdMap, DexieTeamState, TEAM_STATE_KEY } from './dexie-team-ports';
import { throwawayDatabases } from './testing/throwaway-databases';

const track = throwawayDatabases();
let counter = 0;

function freshDb(name = `ariadne-team-ports-${++counter}`): AriadneDatabase {
  return track(new AriadneDatabase(name));
}

syncPortsContract('Dexie', {
  queue: () => new DexiePushQueue(freshDb()),
  cursor: () => new DexiePullCursor(freshDb()),
  idMap: () => new DexieTeamIdMap(freshDb()),
});

describe('Dexie team ports', () => {
  it('the queue, the cursor and the id map survive closing and reopening the database', async () => {
    const name = `ariadne-team-reopen-${++counter}`;
    const first = freshDb(name);
    const ids = changeIds(fixedClock(), () => 0.5);
    const change = entityDelete(ids.next(), sequentialIds().entity(), 1);
    await new DexiePushQueue(first).append([change]);
    await new DexiePullCursor(first).write(17);
    await new DexieTeamIdMap(first).set('e_remote', { localId: 'e_local', how: 'joined' });
    first.close();

    const again = freshDb(name);
    expect((await new DexiePushQueue(again).head(10)).map((r) => r.change)).toEqual([change]);
    expect(await new DexiePullCursor(again).read()).toBe(17);
    expect(await new DexieTeamIdMap(again).get('e_remote')).toEqual({ localId: 'e_local', how: 'joined' });
  });

  it('the sync state keeps the count of refused team changes; a row from before the count reads without it', async () => {
    const db = freshDb();
    const state = new DexieTeamState(db);
    const refused = { count: 4, lastPosition: 12, lastMessage: 'evidence.pageUrl: must be an http(s) URL' };
    await state.write({ ...EMPTY_SYNC_STATE, origin: 'device-0001', logKey: 'db:5432/team#acme', refused });
    expect(await state.read()).toMatchObject({ origin: 'device-0001', logKey: 'db:5432/team#acme', refused });
    await db.settings.put({ key: TEAM_STATE_KEY, value: { ...EMPTY_SYNC_STATE, origin: 'device-0001', logKey: 'db:5432/team#acme' } });
    const before = await state.read();
    expect(before.logKey).toBe('db:5432/team#acme');
    expect(before.refused).toBeUndefined();
  });

  it('upgrades a v2 database: its rows stay, the team tables start empty', async () => {
    const name = `ariadne-team-upgrade-${++counter}`;
    const v2 = new Dexie(name);
    v2.version(2).stores(SCHEMA_V2);
    await v2.table('settings').put({ key: 'x', value: 1 });
    await v2.table('entities').put({ id: 'e_1', name: 'Stripe', keys: [] });
    v2.close();

    const db = freshDb(name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSION);
    expect(await db.settings.toArray()).toEqual([{ key: 'x', value: 1 }]);
    expect(await db.entities.toArray()).toEqual([{ id: 'e_1', name: 'Stripe', keys: [] }]);
    expect(await new DexiePushQueue(db).size()).toBe(0);
    expect(await new DexiePullCursor(db).read()).toBe(0);
  });
});
