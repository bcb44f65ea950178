/**
 * Team sync as the background runs it, per local workspace: link (tested through the
 * native host first), unlink, status, sync, and recording local changes while linked.
 * The background gives it ports (background/team.ts): where links are kept (the
 * connection without its password), the host, and each workspace's queue, cursor,
 * replay sink and small state (its device id, when the database was last reached).
 *
 * Offline is normal: a failed sync keeps the queue, records the error, and rethrows it;
 * `lastSyncAt` says when the team database was last reached. Syncs of one workspace run
 * one at a time (a timer and the Sync button must not push the same batch twice at once).
 *
 * @example
 *   const team = new TeamService({ links, host, clock, newOrigin });
 *   await team.link(workspace, { host: 'db', port: 5432, database: 'team', user: 'alice', teamWorkspace: 'acme', password }); // { …status, dropped: 0 }
 *   await team.record(workspace, await changesOfPage(store, url, ids));
 *   await team.sync(workspace); // { pushed, pulled, status }
 */
import { AriadneError, type ErrorCode, toErrorShape } from '../errors';
import type { Clock } from '../graph/ids';
import type { TeamChange } from './changes';
import type { TeamConnection } from './host-wire';
import { teamLogKey } from './host-wire';
import type { IngestSink, PullCursor, PushQueue, TeamRemote } from './ports';
import { TeamSync } from './team-sync';

export type HostState = 'ready' | 'missing' | 'unknown';

export interface SyncCounts {
  readonly pushed: { readonly batches: number; readonly applied: number; readonly duplicates: number };
  readonly pulled: { readonly changes: number; readonly position: number };
}

/** What one workspace keeps of its sync between runs (besides the queue, cursor and id map). */
export interface TeamSyncState {
  /** This device's id for the workspace (its own changes are not pulled back); made on first link. */
  readonly origin?: string;
  /** The team log the cursor reads (`host:port/database#teamWorkspace`): another one starts from 0. */
  readonly logKey?: string;
  readonly lastSyncAt: number | null;
  readonly lastResult: SyncCounts | null;
  readonly lastError: { readonly code: ErrorCode; readonly message: string } | null;
  /** Teammates' changes skipped because this version's change schema refuses them (or they are too large to read), since linking. */
  readonly refused?: TeamRefused;
}

/** How many pulled changes were refused, and the last one's position in the team log and why. */
export interface TeamRefused {
  readonly count: number;
  readonly lastPosition: number;
  readonly lastMessage: string;
}

export const EMPTY_SYNC_STATE: TeamSyncState = { lastSyncAt: null, lastResult: null, lastError: null };

export interface TeamStateStore {
  read(): Promise<TeamSyncState>;
  write(state: TeamSyncState): Promise<void>;
}

/** One local workspace's side of sync. */
export interface TeamWorkspace {
  readonly id: string;
  readonly queue: PushQueue;
  readonly cursor: PullCursor;
  readonly sink: IngestSink;
  readonly state: TeamStateStore;
}

/** The links of local workspaces to team databases (no password in them). */
export interface TeamLinks {
  get(workspaceId: string): Promise<TeamConnection | undefined>;
  set(workspaceId: string, connection: TeamConnection | undefined): Promise<void>;
  all(): Promise<ReadonlyMap<string, TeamConnection>>;
}

/** The native host's team role. */
export interface TeamHost {
  readonly state: HostState;
  /** Logs in and checks membership; a given password that works is kept by the host. */
  test(connection: TeamConnection, password: string | undefined): Promise<{ readonly member: string }>;
  /** Drops the password the host keeps for this connection. */
  forget(connection: TeamConnection): Promise<void>;
  remote(connection: TeamConnection, origin: string): TeamRemote;
}

export interface TeamStatusView {
  readonly linked: boolean;
  readonly workspaceId: string;
  readonly connection: TeamConnection | null;
  readonly queued: number;
  readonly lastSyncAt: number | null;
  readonly lastResult: SyncCounts | null;
  readonly lastError: { readonly code: ErrorCode; readonly message: string } | null;
  readonly host: HostState;
  /**
   * The team log (`teamLogKey`) the unsent changes were recorded for, kept while unlinked; null before the first link.
   * Linking to another one drops them: the form compares it with the link it is about to make, and asks first.
   */
  readonly queuedFor: string | null;
  /** Teammates' changes skipped as invalid since linking (Settings → Team counts them); absent when none. */
  readonly refused?: TeamRefused;
}

/** `link`'s answer: the status, and how many unsent changes it dropped (recorded for another team log). */
export interface TeamLinkView extends TeamStatusView {
  readonly dropped: number;
}

export interface TeamServiceDeps {
  readonly links: TeamLinks;
  readonly host: TeamHost;
  readonly clock: Clock;
  /** A fresh device id (`ORIGIN_ID`: 8–64 of a-z, 0-9, `_`, `-`). */
  readonly newOrigin: () => string;
}

/** The refused count with this pull's refused rows added (the cursor has moved past them: they are not read again). */
function addRefused(before: TeamRefused | undefined, rows: readonly { position: number; message: string }[]): TeamRefused | undefined {
  const last = rows[rows.length - 1];
  if (last === undefined) return before;
  return { count: (before?.count ?? 0) + rows.length, lastPosition: last.position, lastMessage: last.message.slice(0, 300) };
}

function sameLogin(a: TeamConnection, b: TeamConnection): boolean {
  return a.host === b.host && a.port === b.port && a.database === b.database && a.user === b.user;
}

export class TeamService {
  private readonly deps: TeamServiceDeps;
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(deps: TeamServiceDeps) {
    this.deps = deps;
  }

  async status(ws: TeamWorkspace): Promise<TeamStatusView> {
    const connection = (await this.deps.links.get(ws.id)) ?? null;
    const state = await ws.state.read();
    return {
      linked: connection !== null,
      workspaceId: ws.id,
      connection,
      queued: await ws.queue.size(),
      lastSyncAt: state.lastSyncAt,
      lastResult: state.lastResult,
      lastError: state.lastError,
      host: this.deps.host.state,
      queuedFor: state.logKey ?? null,
      ...(state.refused === undefined ? {} : { refused: state.refused }),
    };
  }

  async isLinked(workspaceId: string): Promise<boolean> {
    return (await this.deps.links.get(workspaceId)) !== undefined;
  }

  /**
   * Tests the connection through the host, then saves the link (never the password). Linking
   * to another team log (another database or team workspace) drops the changes still queued
   * for the old one: they were recorded for that team, and the new one gets what is recorded
   * from now on, as a first link does. Relinking to the same log keeps them.
   */
  async link(ws: TeamWorkspace, connection: TeamConnection, password?: string): Promise<TeamLinkView> {
    await this.deps.host.test(connection, password);
    const state = await ws.state.read();
    const logKey = teamLogKey(connection);
    let dropped = 0;
    // Another team log: its positions mean nothing to the old cursor. The id map stays (replays are idempotent through it).
    if (state.logKey !== undefined && state.logKey !== logKey) {
      await ws.cursor.write(0);
      dropped = await ws.queue.clear();
    }
    // The refused count is about one team log: another one starts it again.
    const { refused, ...kept } = state;
    const sameLog = state.logKey === logKey && refused !== undefined;
    await ws.state.write({
      ...kept,
      origin: state.origin ?? this.deps.newOrigin(),
      logKey,
      lastError: null,
      ...(sameLog ? { refused } : {}),
    });
    await this.deps.links.set(ws.id, connection);
    return { ...(await this.status(ws)), dropped };
  }

  /** Stops syncing the workspace; its graph and unsent queue stay. The host forgets the password no other link uses. */
  async unlink(ws: TeamWorkspace): Promise<TeamStatusView> {
    const connection = await this.deps.links.get(ws.id);
    await this.deps.links.set(ws.id, undefined);
    if (connection !== undefined) {
      const others = [...(await this.deps.links.all()).values()];
      if (!others.some((c) => sameLogin(c, connection))) {
        // Best effort: a host that is missing keeps nothing to forget; unlinking must not fail on it.
        await this.deps.host.forget(connection).catch(() => undefined);
      }
    }
    return this.status(ws);
  }

  /** Queues local changes, while the workspace is linked (an unlinked one records nothing). */
  async record(ws: TeamWorkspace, changes: readonly TeamChange[]): Promise<boolean> {
    if (changes.length === 0 || !(await this.isLinked(ws.id))) return false;
    await ws.queue.append(changes);
    return true;
  }

  /** Push then pull now; on failure the queue stays, the error is kept for the status, and rethrown. */
  sync(ws: TeamWorkspace): Promise<SyncCounts & { readonly status: TeamStatusView }> {
    const previous = this.running.get(ws.id) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.syncNow(ws));
    this.running.set(ws.id, run);
    void run
      .catch(() => undefined)
      .finally(() => {
        if (this.running.get(ws.id) === run) this.running.delete(ws.id);
      });
    return run;
  }

  private async syncNow(ws: TeamWorkspace): Promise<SyncCounts & { readonly status: TeamStatusView }> {
    const connection = await this.deps.links.get(ws.id);
    if (connection === undefined) {
      throw new AriadneError('invalid_arguments', 'This workspace is not linked to a team database; link it in Settings → Team first.');
    }
    const state = await ws.state.read();
    const origin = state.origin ?? this.deps.newOrigin();
    const remote = this.deps.host.remote(connection, origin);
    try {
      const out = await new TeamSync({ queue: ws.queue, cursor: ws.cursor, remote, sink: ws.sink }).sync();
      const result: SyncCounts = { pushed: out.pushed, pulled: { changes: out.pulled.changes, position: out.pulled.position } };
      const refused = addRefused(state.refused, out.pulled.rejected);
      await ws.state.write({
        ...state,
        origin,
        lastSyncAt: this.deps.clock.now(),
        lastResult: result,
        lastError: null,
        ...(refused === undefined ? {} : { refused }),
      });
      return { ...result, status: await this.status(ws) };
    } catch (error) {
      const shape = toErrorShape(error);
      await ws.state.write({ ...state, origin, lastError: { code: shape.code, message: shape.message } });
      throw error;
    }
  }
}
