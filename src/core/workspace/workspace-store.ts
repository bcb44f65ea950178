/**
 * The WorkspaceStore port: persistence of the workspace list and of which one is
 * active. Dumb like `GraphStore`: the rules (unique names, what may be archived or
 * deleted, where a capture goes) live in `WorkspaceRegistry`. Two implementations pass
 * one contract suite (`workspace-registry.contract.ts`): `InMemoryWorkspaceStore` here
 * and `DexieWorkspaceStore` in `src/adapters/dexie`.
 */
import type { Workspace, WorkspaceId } from './workspace';

export interface WorkspaceStore {
  /** Every workspace (at most `MAX_WORKSPACES`), by creation time, then id. */
  list(): Promise<Workspace[]>;
  get(id: WorkspaceId): Promise<Workspace | undefined>;
  put(workspace: Workspace): Promise<void>;
  delete(id: WorkspaceId): Promise<void>;
  /** The id last passed to `setActive`, or undefined before the first. */
  getActive(): Promise<WorkspaceId | undefined>;
  setActive(id: WorkspaceId): Promise<void>;
}

/** Creation time, then id: the order every listing uses. */
export function byCreation(a: Workspace, b: Workspace): number {
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
