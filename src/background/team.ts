/**
 * Team sync wired to the browser: links kept in `storage.local` (per local workspace, no
 * password), the native host's team role over `connectNative('com.ariadne.team')`, and
 * `alarms` for the timer (every 5 minutes, and half a minute after a local change); the
 * same host port serves the team tools' reads. The logic is in team-background.ts and core/team.
 *
 * @example
 *   // startBackground()
 *   const team = startTeam({ clock, workspaces: () => workspaces, warn });
 */
import { browser } from 'wxt/browser';
import { z } from 'zod';
import { NativeTeamClient, NativeTeamRemote } from '../adapters/team-native/native-team-client';
import { workspaceDatabaseName } from '../adapters/dexie/workspace-database';
import type { Clock } from '../core/graph/ids';
import { teamConnectionSchema } from '../core/team/host-wire';
import type { TeamConnection } from '../core/team/host-wire';
import type { TeamHost, TeamLinks } from '../core/team/team-service';
import { asWorkspaceId } from '../core/workspace/workspace';
import type { TeamBackground, TeamWorkspaces } from './team-background';
import { createTeamBackground } from './team-background';

/** `storage.local` key of the links: `{ [localWorkspaceId]: connection }`. */
export const TEAM_LINKS_KEY = 'ariadne.team.links';
/** The periodic sync. */
export const TEAM_SYNC_ALARM = 'ariadne.team.sync';
/** The sync soon after a local change (one pending at a time). */
export const TEAM_SOON_ALARM = 'ariadne.team.soon';
/** Teammates see a capture within minutes; a shorter period would wake the worker for nothing most of the time. */
const SYNC_PERIOD_MINUTES = 5;
/** Half a minute (Chromium's shortest alarm): a burst of captures goes out in one sync, not one each. */
const SOON_DELAY_MINUTES = 0.5;

function storageLinks(): TeamLinks {
  const read = async (): Promise<Map<string, TeamConnection>> => {
    const raw: unknown = (await browser.storage.local.get(TEAM_LINKS_KEY))[TEAM_LINKS_KEY];
    const record = z.record(z.string(), z.unknown()).safeParse(raw);
    const links = new Map<string, TeamConnection>();
    // Parsed entry by entry: one bad entry (another version) does not unlink the others.
    for (const [id, value] of Object.entries(record.success ? record.data : {})) {
      const connection = teamConnectionSchema.safeParse(value);
      if (connection.success) links.set(id, connection.data);
    }
    return links;
  };
  return {
    get: async (id) => (await read()).get(id),
    all: read,
    async set(id, connection) {
      const links = await read();
      if (connection === undefined) links.delete(id);
      else links.set(id, connection);
      await browser.storage.local.set({ [TEAM_LINKS_KEY]: Object.fromEntries(links) });
    },
  };
}

function nativeClient(): NativeTeamClient {
  return new NativeTeamClient({
    // Absent without the `nativeMessaging` permission.
    connectNative: typeof browser.runtime.connectNative === 'function' ? (name) => browser.runtime.connectNative(name) : undefined,
    lastErrorMessage: () => browser.runtime.lastError?.message,
  });
}

function nativeHost(client: NativeTeamClient): TeamHost {
  return {
    get state() {
      return client.hostState;
    },
    test: (connection, password) => client.request({ op: 'test', connection, ...(password === undefined ? {} : { password }) }),
    forget: async (connection) => void (await client.request({ op: 'forget', connection })),
    remote: (connection, origin) => new NativeTeamRemote(client, connection, origin),
  };
}

function randomOrigin(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `d_${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export function startTeam(deps: {
  readonly clock: Clock;
  readonly workspaces: () => TeamWorkspaces;
  readonly warn: (message: string) => void;
}): TeamBackground {
  const alarms = browser.alarms;
  // One port to the host for sync and the team tools.
  const client = nativeClient();
  const team = createTeamBackground({
    clock: deps.clock,
    links: storageLinks(),
    host: nativeHost(client),
    readHost: {
      search: (connection, input) => client.request({ op: 'search', connection, input }),
      related: (connection, input) => client.request({ op: 'related', connection, input }),
    },
    workspaces: deps.workspaces,
    workspaceOfDatabase: (name, ids) =>
      ids.find((id) => {
        const workspaceId = asWorkspaceId(id);
        return workspaceId !== undefined && workspaceDatabaseName(workspaceId) === name;
      }),
    soon: () => {
      if (alarms === undefined) return;
      void alarms.get(TEAM_SOON_ALARM).then((pending) => {
        if (pending === undefined) void alarms.create(TEAM_SOON_ALARM, { delayInMinutes: SOON_DELAY_MINUTES });
      });
    },
    warn: deps.warn,
    newOrigin: randomOrigin,
  });
  if (alarms !== undefined) {
    void alarms.get(TEAM_SYNC_ALARM).then((existing) => {
      if (existing === undefined) void alarms.create(TEAM_SYNC_ALARM, { periodInMinutes: SYNC_PERIOD_MINUTES });
    });
    alarms.onAlarm.addListener((alarm) => {
      if (alarm.name === TEAM_SYNC_ALARM || alarm.name === TEAM_SOON_ALARM) void team.syncLinked();
    });
  }
  return team;
}
