/**
 * The background's workspaces: the registry (in `ariadne-workspaces`), the graphs
 * open in this worker (each workspace's database, graph service, search index, tool
 * registry and ingestion, opened on first use), and the tool router that serves every
 * tool with its optional `workspace` argument. Each workspace's graph service holds
 * its own single writer: two workspaces are two databases, so their writes never meet.
 *
 * A graph stays open until its workspace is deleted or the worker stops (Chromium stops
 * an idle worker within a minute, which frees them).
 *
 * @example
 *   const workspaces = createWorkspaces({ clock, ids, buildTools: createToolRegistry, buildIngest: (s) => createIngest({ ...s, clock, ids, settings: readSettings }) });
 *   const router = await workspaces.router;               // tool.call and the MCP bridge call through it
 *   const target = await workspaces.captureTarget(url);   // the graph a capture of `url` goes to
 */
import { Dexie } from 'dexie';
import { AriadneDatabase } from '../adapters/dexie/database';
import { DexieGraphStore } from '../adapters/dexie/dexie-graph-store';
import { DexieWorkspaceStore, WorkspaceDatabase, workspaceDatabaseName } from '../adapters/dexie/workspace-database';
import type { PageCapture } from '../core/capture';
import type { Clock, IdSource } from '../core/graph/ids';
import { GraphService } from '../core/graph/service';
import type { IngestResult } from '../core/ingest/ingest';
import { entitySearch } from '../core/tools/definitions/entity-search';
import { graphImport } from '../core/tools/definitions/graph-import';
import type { ResolvedTool } from '../core/tools/tool';
import { OpenWorkspaces } from '../core/workspace/open-workspaces';
import { createWorkspaceToolRegistry } from '../core/workspace/tools';
import type { GraphRecords, ImportCounts, WorkspaceSearchHit } from '../core/workspace/tools';
import { asWorkspaceId, randomWorkspaceIds } from '../core/workspace/workspace';
import type { Workspace, WorkspaceIdSource } from '../core/workspace/workspace';
import { WorkspaceRegistry } from '../core/workspace/workspace-registry';
import { WorkspaceToolRouter } from '../core/workspace/workspace-tool-router';
import type { CaptureTargets } from './capture-queue';
import type { LlmReadingQueue } from './llm-reading';
import type { RoutedTools } from '../core/workspace/workspace-tool-router';

/** What a workspace's graph is built from. */
export interface GraphSources {
  readonly db: AriadneDatabase;
  readonly graph: GraphService;
  readonly store: DexieGraphStore;
}

/** One workspace's graph, open in this worker. */
export interface WorkspaceGraph extends GraphSources {
  readonly workspace: Workspace;
  /** Its tool registry (its search index loads first). */
  readonly tools: Promise<RoutedTools<ResolvedTool>>;
  readonly ingest: (capture: PageCapture) => Promise<IngestResult>;
  /** Reading its pages with the LLM, when the host reads pages. */
  readonly llm?: LlmReadingQueue;
}

export interface WorkspacesDeps {
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly buildTools: (sources: GraphSources) => Promise<RoutedTools<ResolvedTool>>;
  readonly buildIngest: (sources: GraphSources) => (capture: PageCapture) => Promise<IngestResult>;
  readonly buildLlm?: (sources: GraphSources) => LlmReadingQueue;
  /** The registry's database (tests pass another name). */
  readonly registryDatabase?: WorkspaceDatabase;
  /** Graph database names (tests prefix them). */
  readonly databaseName?: (workspace: Workspace) => string;
  readonly newId?: WorkspaceIdSource;
  readonly warn?: (message: string) => void;
}

export interface Workspaces {
  readonly registry: WorkspaceRegistry;
  readonly open: OpenWorkspaces<WorkspaceGraph>;
  /** Every tool, across workspaces; built once the active workspace's tools are (a failed build is tried again by the next call). */
  router(): Promise<WorkspaceToolRouter<ResolvedTool>>;
  /** The open graph a capture of `url` goes to (a pinned site's workspace, else the active one). */
  captureTarget(url: string): Promise<WorkspaceGraph>;
  /** The open graph of the active workspace. */
  active(): Promise<WorkspaceGraph>;
  /**
   * The open graph of a queued capture's target workspace (its id). A row written before
   * workspaces has none, and a workspace deleted or archived since takes no capture: those
   * go to the active workspace.
   */
  graphOfTarget(target: string | undefined): Promise<WorkspaceGraph>;
}

const caller = { caller: { kind: 'background' as const } };

export function createWorkspaces(deps: WorkspacesDeps): Workspaces {
  const registry = new WorkspaceRegistry({
    store: new DexieWorkspaceStore(deps.registryDatabase ?? new WorkspaceDatabase()),
    clock: deps.clock,
    newId: deps.newId ?? randomWorkspaceIds(deps.clock),
  });
  const nameOf = deps.databaseName ?? ((w: Workspace) => workspaceDatabaseName(w.id));
  const open = new OpenWorkspaces<WorkspaceGraph>({
    open: async (workspace) => {
      const db = new AriadneDatabase(nameOf(workspace));
      const store = new DexieGraphStore(db);
      const graph = new GraphService({ store, ids: deps.ids, clock: deps.clock });
      const sources = { db, graph, store };
      const tools = deps.buildTools(sources);
      // Left unhandled here, a failed build would be reported twice; callers of `tools` see it.
      tools.catch(() => undefined);
      const llm = deps.buildLlm?.(sources);
      return { workspace, ...sources, tools, ingest: deps.buildIngest(sources), ...(llm === undefined ? {} : { llm }) };
    },
    close: (g) => g.db.close(),
    drop: (workspace) => Dexie.delete(nameOf(workspace)),
  });
  const searchIn = async (workspace: Workspace, input: object): Promise<readonly WorkspaceSearchHit[]> => {
    const tools = await (await open.get(workspace)).tools;
    return entitySearch.outputSchema.parse(await tools.call('entity_search', input, caller)).results;
  };
  const importInto = async (workspace: Workspace, records: GraphRecords): Promise<ImportCounts> => {
    const tools = await (await open.get(workspace)).tools;
    return graphImport.outputSchema.parse(await tools.call('graph_import', { mode: 'merge', records }, caller));
  };
  const management = createWorkspaceToolRegistry(
    { workspaces: registry, dropGraph: (w) => open.drop(w), searchIn, readerOf: async (w) => (await open.get(w)).store, importInto },
    deps.warn ? { warn: deps.warn } : {},
  );
  const active = async () => open.get(await registry.active());
  let router: Promise<WorkspaceToolRouter<ResolvedTool>> | undefined;
  const buildRouter = async () =>
    new WorkspaceToolRouter<ResolvedTool>({
      workspaces: registry,
      toolsOf: async (w) => (await open.get(w)).tools,
      management,
      catalog: await (await active()).tools,
    });
  return {
    registry,
    open,
    active,
    router: () => {
      if (router === undefined) {
        const building = buildRouter();
        router = building;
        building.catch(() => {
          if (router === building) router = undefined;
        });
      }
      return router;
    },
    captureTarget: async (url) => open.get(await registry.captureTarget(url)),
    graphOfTarget: async (target) => {
      const id = target === undefined ? undefined : asWorkspaceId(target);
      const workspace = id === undefined ? undefined : await registry.get(id);
      return workspace === undefined || workspace.archived ? active() : open.get(workspace);
    },
  };
}

/** The capture queue's targets: the workspace a capture arrives for (pinned site, else active), kept on its row. */
export function captureTargets(workspaces: Workspaces): CaptureTargets {
  return {
    targetOf: async (capture) => (await workspaces.registry.captureTarget(capture.url)).id,
    storeOf: async (target) => (await workspaces.graphOfTarget(target)).store,
  };
}
