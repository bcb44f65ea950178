/**
 * The side panel's ports: what it needs from outside `src/ui`, installed once by the
 * side panel's entrypoint before the panel renders. The panel reads the graph of the
 * workspace it shows through `GraphReader` (live views; the background is the only
 * writer), follows the workspace list to know which one that is, loads and saves the
 * settings through a storage, and asks whether the browser has a built-in model. It
 * never imports an adapter itself (a test keeps it so): the entrypoint chooses them.
 *
 * @example
 *   // entrypoints/sidepanel/main.tsx
 *   installPanelPorts({ workspaces: { read, graphOf: (id) => new DexieGraphStore(new AriadneDatabase(workspaceDatabaseName(id))) }, settings, promptApi });
 *   showWorkspace(activeId);
 *   const entity = await panelGraph().getEntity(id);
 */
import type { GraphReader } from '../core/graph/store';
import type { Settings } from '../core/settings';
import { DEFAULT_WORKSPACE_ID } from '../core/workspace/workspace';
import type { Workspace, WorkspaceId } from '../core/workspace/workspace';

/** Where the settings live (`createSettingsStorage` of `src/adapters/settings` satisfies it). */
export interface PanelSettingsStorage {
  load(): Promise<Settings>;
  save(settings: Settings): Promise<void>;
}

/** The browser's built-in model (Chrome's Prompt API), as the settings view shows it. */
export interface PromptApiProbe {
  /** The browser has the API at all. */
  available(): boolean;
  /** Its model is downloaded and can answer now. */
  ready(): Promise<boolean>;
}

/** The stored workspace list, as the panel follows it. */
export interface WorkspaceListing {
  readonly workspaces: readonly Workspace[];
  /** The id last switched to (undefined before the first switch). */
  readonly activeId: WorkspaceId | undefined;
}

export interface PanelWorkspaces {
  /** The list and the active id; a live query over it follows every change. */
  read(): Promise<WorkspaceListing>;
  /** A workspace's graph, read-only. */
  graphOf(id: WorkspaceId): GraphReader;
}

export interface PanelPorts {
  readonly workspaces: PanelWorkspaces;
  readonly settings: () => Promise<PanelSettingsStorage>;
  readonly promptApi: PromptApiProbe;
}

let installed: PanelPorts | undefined;
let shown: WorkspaceId = DEFAULT_WORKSPACE_ID;
const readers = new Map<WorkspaceId, GraphReader>();

export function installPanelPorts(ports: PanelPorts): void {
  installed = ports;
}

function ports(): PanelPorts {
  if (installed === undefined) throw new Error('The side panel started without its ports: installPanelPorts must run before it renders.');
  return installed;
}

/** The graph of the workspace the panel shows, read-only. */
export function panelGraph(): GraphReader {
  return graphOfWorkspace(shown);
}

/** Any workspace's graph, read-only (one reader per workspace, kept while the panel is open). */
export function graphOfWorkspace(id: WorkspaceId): GraphReader {
  const known = readers.get(id);
  if (known !== undefined) return known;
  const reader = ports().workspaces.graphOf(id);
  readers.set(id, reader);
  return reader;
}

/** Makes `panelGraph` read workspace `id` (the panel re-renders its views keyed by it). */
export function showWorkspace(id: WorkspaceId): void {
  shown = id;
}

export function panelWorkspaces(): PanelWorkspaces {
  return ports().workspaces;
}

export function panelSettingsStorage(): Promise<PanelSettingsStorage> {
  return ports().settings();
}

export function promptApi(): PromptApiProbe {
  return ports().promptApi;
}
