/**
 * Team sync in the background, without the browser APIs (team.ts adds them: storage,
 * the native host, alarms): the `team.*` message handlers on the active workspace, the
 * recording of local changes (a capture's ingestion, after it committed; a page rewritten
 * by a re-read or an LLM reading, LLM readings forgotten, and a user's edit through a
 * tool, in the transaction of their writes), and the periodic sync of every linked workspace. Each workspace's
 * queue, cursor, id map and state live in its own database (dexie-team-ports.ts); a
 * teammate's change is replayed through the resolver in one transaction with its id
 * mappings. Replays write through the graph service, never through these recorders,
 * so nothing is pushed back (no echo). The team tools of each workspace read its linked
 * team database through `readsFor`.
 *
 * @example
 *   const team = createTeamBackground({ clock, links, host, workspaces: () => workspaces, databaseName, soon, warn });
 *   await team.afterIngest(graph, result); // queues the page's changes when its workspace is linked
 *   createRereader({ ...sources, recorder: team.pageRecorder(sources.db, sources.store) }); // a re-read's, in its transaction
 */
import type { AriadneDatabase } from '../adapters/dexie/database';
import { DexiePullCursor, DexiePushQueue, DexieTeamIdMap, DexieTeamState } from '../adapters/dexie/dexie-team-ports';
import type { Clock } from '../core/graph/ids';
import type { GraphService } from '../core/graph/service';
import type { GraphStore } from '../core/graph/store';
import type { IngestResult } from '../core/ingest/ingest';
import { createResolver } from '../core/resolve/resolver';
import { changeIds } from '../core/team/changes';
import { changesOfPage, changesOfReports } from '../core/team/local-changes';
import { atomicResolverSink } from '../core/team/resolver-sink';
import type { TeamHost, TeamLinks, TeamWorkspace } from '../core/team/team-service';
import { TeamService } from '../core/team/team-service';
import { changesOfToolCall, RECORDED_TOOLS } from '../core/team/tool-changes';
import type { TeamReadHost, TeamReads } from '../core/tools/definitions/team-reads';
import { linkedTeamReads } from '../core/tools/definitions/team-reads';
import type { CallOptions } from '../core/tools/registry';
import type { PageWriteRecorder } from '../core/tools/write-report';
import { asWorkspaceId } from '../core/workspace/workspace';
import type { Workspace } from '../core/workspace/workspace';
import type { RoutedToolRecord, RoutedTools } from '../core/workspace/workspace-tool-router';
import type { TeamHandling } from './handlers';

/** What the team needs of one open workspace graph (`WorkspaceGraph` satisfies it). */
export interface TeamGraph {
  readonly workspace: Pick<Workspace, 'id'>;
  readonly db: AriadneDatabase;
  readonly graph: GraphService;
  readonly store: GraphStore;
}

/** What the team needs of the workspaces (`Workspaces` satisfies it). */
export interface TeamWorkspaces {
  active(): Promise<TeamGraph>;
  readonly registry: { get(id: Workspace['id']): Promise<Workspace | undefined> };
  readonly open: { get(workspace: Workspace): Promise<TeamGraph> };
}

export interface TeamBackgroundDeps {
  readonly clock: Clock;
  readonly links: TeamLinks;
  readonly host: TeamHost;
  /** Set after the workspaces are built (they build their tools through `recordTools`). */
  readonly workspaces: () => TeamWorkspaces;
  /** The workspace id owning a graph database, among `ids` (the linked ones). */
  readonly workspaceOfDatabase: (name: string, ids: readonly string[]) => string | undefined;
  /** Asks for a sync soon (a local change was queued). */
  readonly soon: () => void;
  readonly warn: (message: string) => void;
  /** A fresh device id. */
  readonly newOrigin: () => string;
  /** The host's team reads (`team_search`, `team_find_related`); without it the tools answer `unavailable`. */
  readonly readHost?: TeamReadHost;
}

export interface TeamBackground extends TeamHandling {
  /** Queues a captured page's entities, relationships and evidence (when its workspace is linked). */
  afterIngest(graph: TeamGraph, result: IngestResult): Promise<void>;
  /**
   * Records page writes other than a capture and a tool call (a re-read, an LLM reading, forgetting LLM readings) of
   * the workspace owning `db`, when it is linked: the page's changes when it was rewritten, and tombstones of what
   * went, queued in the write's own transaction (on `db`'s connection), so both commit or neither does.
   */
  pageRecorder(db: AriadneDatabase, store: GraphStore): PageWriteRecorder;
  /**
   * The same tools, whose successful writing calls are queued for the team (`tool-changes.ts`) in the transaction of
   * their writes: both commit or neither does.
   */
  recordTools<R extends RoutedToolRecord>(tools: RoutedTools<R>, db: AriadneDatabase, store: GraphStore): RoutedTools<R>;
  /** The team reads of the workspace owning `db` (its link looked up at each call); undefined without a read host. */
  readsFor(db: AriadneDatabase): TeamReads | undefined;
  /** Syncs every linked workspace (the timer); failures are kept in each one's status. */
  syncLinked(): Promise<void>;
  readonly service: TeamService;
}

export function createTeamBackground(deps: TeamBackgroundDeps): TeamBackground {
  const service = new TeamService({ links: deps.links, host: deps.host, clock: deps.clock, newOrigin: deps.newOrigin });
  const ids = changeIds(deps.clock);
  const ports = new WeakMap<AriadneDatabase, TeamWorkspace>();

  const portsOf = (g: TeamGraph): TeamWorkspace => {
    const known = ports.get(g.db);
    if (known) return known;
    const made: TeamWorkspace = {
      id: g.workspace.id,
      queue: new DexiePushQueue(g.db),
      cursor: new DexiePullCursor(g.db),
      state: new DexieTeamState(g.db),
      sink: atomicResolverSink({
        graph: g.graph,
        store: g.store,
        // Local only, deterministic: a teammate's entity joins a local one or is created, never looked up online.
        resolver: createResolver({ store: g.store, clock: deps.clock, settings: { networkLookups: false } }),
        idMap: new DexieTeamIdMap(g.db),
        onSkip: (change, reason) => deps.warn(`team: skipped change ${change.position} (${change.change.kind}): ${reason}`),
      }),
    };
    ports.set(g.db, made);
    return made;
  };

  const record = async (g: TeamGraph, changes: Parameters<TeamService['record']>[1]): Promise<void> => {
    if (await service.record(portsOf(g), changes)) deps.soon();
  };

  const active = async (): Promise<TeamWorkspace> => portsOf(await deps.workspaces().active());

  /** The open graph of the linked workspace owning `db`; undefined when it is not linked. */
  const linkedGraphOf = async (db: AriadneDatabase): Promise<TeamGraph | undefined> => {
    const id = deps.workspaceOfDatabase(db.name, [...(await deps.links.all()).keys()]);
    const workspace = id === undefined ? undefined : await workspaceOf(deps.workspaces(), id);
    return workspace === undefined ? undefined : deps.workspaces().open.get(workspace);
  };

  const failed = (what: string, error: unknown): void =>
    deps.warn(`team: could not queue ${what}: ${error instanceof Error ? error.message : String(error)}`);

  return {
    service,
    status: async () => service.status(await active()),
    link: async (request) => {
      const { host, port, database, user, teamWorkspace, password } = request;
      const status = await service.link(await active(), { host, port, database, user, teamWorkspace }, password);
      deps.soon();
      return status;
    },
    unlink: async () => service.unlink(await active()),
    sync: async () => service.sync(await active()),

    async afterIngest(graph, result) {
      // A duplicate capture is queued again too: it is how a capture whose queuing a stopped worker missed gets queued.
      if (!(await service.isLinked(graph.workspace.id))) return;
      try {
        await record(graph, await changesOfPage(graph.store, result.pageUrl, ids));
      } catch (error) {
        deps.warn(`team: could not queue the capture of ${result.pageUrl}: ${error instanceof Error ? error.message : String(error)}`);
      }
    },

    pageRecorder(db, store) {
      return {
        prepare: async () => {
          // Looked up before the write turn: the link is in browser storage, which a store transaction cannot wait for.
          const graph = await linkedGraphOf(db).catch((error: unknown) => void failed('a page rewrite', error));
          if (graph === undefined) return undefined;
          // On the writer's own connection: a queue on another one would not join its transaction.
          const queue = new DexiePushQueue(db);
          let queued = 0;
          return {
            record: async ({ url, rewritten, removed }) => {
              const page = rewritten ? await changesOfPage(store, url, ids) : [];
              const tombstones = removed === undefined ? [] : changesOfReports([{ removed }], ids, deps.clock.now());
              const changes = [...page, ...tombstones];
              if (changes.length > 0) await queue.append(changes);
              queued += changes.length;
            },
            committed: () => {
              if (queued > 0) deps.soon();
            },
          };
        },
      };
    },

    recordTools(tools, db, store) {
      const call = async (name: string, args: unknown, options: CallOptions): Promise<unknown> => {
        if (!RECORDED_TOOLS.has(name)) return tools.call(name, args, options);
        // Looked up before the writer turn: the link is in browser storage, which a store transaction cannot wait for.
        const graph = await linkedGraphOf(db).catch((error: unknown) => void failed(name, error));
        if (graph === undefined) return tools.call(name, args, options);
        // On the tools' own connection: a queue on another one would not join their transaction.
        const queue = new DexiePushQueue(db);
        let queued = 0;
        const output = await tools.call(name, args, {
          ...options,
          // Inside the tool's transaction: its writes and these queue rows commit together, or neither does.
          afterWrite: async (c) => {
            const changes = await changesOfToolCall(c.name, c.input, c.output, { store, ids, clock: deps.clock }, c.reports);
            if (changes.length > 0) await queue.append(changes);
            queued = changes.length;
          },
        });
        if (queued > 0) deps.soon();
        return output;
      };
      return { get: (name) => tools.get(name), list: () => tools.list(), call };
    },

    readsFor(db) {
      const host = deps.readHost;
      if (host === undefined) return undefined;
      return linkedTeamReads(async () => {
        const links = await deps.links.all();
        const id = deps.workspaceOfDatabase(db.name, [...links.keys()]);
        return id === undefined ? undefined : links.get(id);
      }, host);
    },

    async syncLinked() {
      for (const id of (await deps.links.all()).keys()) {
        const workspace = await workspaceOf(deps.workspaces(), id);
        if (workspace === undefined || workspace.archived) continue;
        try {
          await service.sync(portsOf(await deps.workspaces().open.get(workspace)));
        } catch (error) {
          deps.warn(`team: sync of ${id} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    },
  };
}

async function workspaceOf(workspaces: TeamWorkspaces, id: string): Promise<Workspace | undefined> {
  const workspaceId = asWorkspaceId(id);
  return workspaceId === undefined ? undefined : workspaces.registry.get(workspaceId);
}
