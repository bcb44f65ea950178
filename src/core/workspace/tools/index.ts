/**
 * The workspace tools, registered: management (list, create, rename, switch,
 * archive, delete), site pins, search across all workspaces, and copying a page's
 * part of the graph from one workspace into another. They run against
 * the workspace registry, not a graph, so they sit in a registry of their own beside
 * each workspace's graph tools (`WorkspaceToolRouter` serves both).
 *
 * @example
 *   const management = createWorkspaceToolRegistry({ workspaces, dropGraph, searchIn });
 *   await management.call('workspace_create', { name: 'Thesis' }, { caller: { kind: 'extension' } });
 */
import type { CreateRegistryOptions } from '../../tools/index';
import { ToolRegistry } from '../../tools/registry';
import type { Tool } from '../../tools/tool';
import { workspaceCopyPage } from './copy-page';
import type { WorkspaceToolDeps } from './deps';
import { workspaceArchive, workspaceCreate, workspaceDelete, workspaceList, workspaceRename, workspaceSwitch } from './manage';
import { workspacePinSite, workspaceUnpinSite } from './pin-site';
import { workspaceSearch } from './search-all';

export type { GraphRecords, ImportCounts, WorkspaceSearchHit, WorkspaceSearchInput, WorkspaceToolDeps } from './deps';

/** The workspace tools, each with its precise type (the side panel's typed calls read them). */
export const workspaceTools = [
  workspaceList,
  workspaceCreate,
  workspaceRename,
  workspaceSwitch,
  workspaceArchive,
  workspaceDelete,
  workspacePinSite,
  workspaceUnpinSite,
  workspaceSearch,
  workspaceCopyPage,
] as const;

export function createWorkspaceToolRegistry(deps: WorkspaceToolDeps, options: CreateRegistryOptions = {}): ToolRegistry<WorkspaceToolDeps> {
  const registry = new ToolRegistry<WorkspaceToolDeps>({ deps, ...options });
  const tools: readonly Tool<unknown, unknown, WorkspaceToolDeps>[] = workspaceTools;
  for (const tool of tools) registry.register(tool);
  return registry;
}
