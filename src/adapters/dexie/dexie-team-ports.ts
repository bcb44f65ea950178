/**
 * Team sync's persisted ports on a workspace's own database (schema v3): the push queue
 * (`teamQueue`), the pull cursor (a `settings` row) and the id map (`teamIds`, a graph
 * table, so a replay's graph writes and its mappings commit together). They pass
 * `sync-ports.contract.ts`, as the in-memory ones do.
 *
 * @example
 *   const queue = new DexiePushQueue(db);
 *   await queue.append(await changesOfPage(store, url, ids));
 */
import { z } from 'zod';
import { ERROR_CODES } from '../../core/errors';
import type { TeamChange } from '../../core/team/changes';
import type { TeamStateStore, TeamSyncState } from '../../core/team/team-service';
import { EMPTY_SYNC_STATE } from '../../core/team/team-service';
import type { IdMapping, PullCursor, PushQueue, QueuedChange, TeamIdMap } from '../../core/team/ports';
import type { AriadneDatabase } from './database';

/** The `settings` key of the pull cursor. */
export const TEAM_CURSOR_KEY = 'team.cursor';
/** The `settings` key of the sync state (device id, last sync, last error). */
export const TEAM_STATE_KEY = 'team.state';

export class DexiePushQueue implements PushQueue {
  constructor(private readonly db: AriadneDatabase) {}

  async append(changes: readonly TeamChange[]): Promise<void> {
    await this.db.teamQueue.bulkAdd(changes.map((change) => ({ change })));
  }
  async head(limit: number): Promise<readonly QueuedChange[]> {
    const rows = await this.db.teamQueue.orderBy('seq').limit(limit).toArray();
    return rows.flatMap((row) => (row.seq === undefined ? [] : [{ seq: row.seq, change: row.change }]));
  }
  async removeThrough(seq: number): Promise<void> {
    await this.db.teamQueue.where('seq').belowOrEqual(seq).delete();
  }
  size(): Promise<number> {
    return this.db.teamQueue.count();
  }
  clear(): Promise<number> {
    return this.db.teamQueue.toCollection().delete();
  }
}

export class DexiePullCursor implements PullCursor {
  constructor(private readonly db: AriadneDatabase) {}

  async read(): Promise<number> {
    const value = (await this.db.settings.get(TEAM_CURSOR_KEY))?.value;
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
  }
  async write(position: number): Promise<void> {
    await this.db.settings.put({ key: TEAM_CURSOR_KEY, value: position });
  }
}

export class DexieTeamIdMap implements TeamIdMap {
  constructor(private readonly db: AriadneDatabase) {}

  async get(remoteId: string): Promise<IdMapping | undefined> {
    return (await this.db.teamIds.get(remoteId))?.mapping;
  }
  async set(remoteId: string, mapping: IdMapping): Promise<void> {
    await this.db.teamIds.put({ remoteId, mapping });
  }
  async delete(remoteId: string): Promise<void> {
    await this.db.teamIds.delete(remoteId);
  }
}

const count = z.number().int().nonnegative();
const stateSchema = z.object({
  origin: z.string().optional(),
  logKey: z.string().optional(),
  lastSyncAt: z.number().nullable(),
  lastResult: z
    .object({
      pushed: z.object({ batches: count, applied: count, duplicates: count }),
      pulled: z.object({ changes: count, position: count }),
    })
    .nullable(),
  lastError: z.object({ code: z.enum(ERROR_CODES), message: z.string() }).nullable(),
  refused: z.object({ count, lastPosition: count, lastMessage: z.string() }).optional(),
});

/** The sync state as a `settings` row; a row that does not parse (another version) reads as empty but keeps its device id. */
export class DexieTeamState implements TeamStateStore {
  constructor(private readonly db: AriadneDatabase) {}

  async read(): Promise<TeamSyncState> {
    const raw = (await this.db.settings.get(TEAM_STATE_KEY))?.value;
    const parsed = stateSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const origin = z.object({ origin: z.string() }).safeParse(raw);
    return origin.success ? { ...EMPTY_SYNC_STATE, origin: origin.data.origin } : EMPTY_SYNC_STATE;
  }
  async write(state: TeamSyncState): Promise<void> {
    await this.db.settings.put({ key: TEAM_STATE_KEY, value: state });
  }
}
