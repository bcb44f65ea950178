/**
 * The in-memory WorkspaceStore: the reference implementation of the port, for tests
 * and for anything that runs without IndexedDB.
 *
 * @example
 *   const registry = new WorkspaceRegistry({ store: new InMemoryWorkspaceStore(), clock, ids });
 */
import type { Workspace, WorkspaceId } from './workspace';
import { byCreation } from './workspace-store';
import type { WorkspaceStore } from './workspace-store';

export class InMemoryWorkspaceStore implements WorkspaceStore {
  private readonly rows = new Map<WorkspaceId, Workspace>();
  private active: WorkspaceId | undefined;

  async list(): Promise<Workspace[]> {
    return [...this.rows.values()].sort(byCreation);
  }
  async get(id: WorkspaceId): Promise<Workspace | undefined> {
    return this.rows.get(id);
  }
  async put(workspace: Workspace): Promise<void> {
    // A copy: a caller changing its object afterwards does not change the store.
    this.rows.set(workspace.id, { ...workspace, pinnedSites: [...workspace.pinnedSites] });
  }
  async delete(id: WorkspaceId): Promise<void> {
    this.rows.delete(id);
  }
  async getActive(): Promise<WorkspaceId | undefined> {
    return this.active;
  }
  async setActive(id: WorkspaceId): Promise<void> {
    this.active = id;
  }
}
