/**
 * Where workspaces live in IndexedDB. The list and the active id are in a small
 * database of their own, `ariadne-workspaces`, read before any graph is opened (the
 * panel follows it live to know which graph to show). Each workspace's graph is a
 * database of the `AriadneDatabase` schema: Default's is `ariadne`, the database that
 * held the one graph before workspaces, kept in place so the upgrade moves no record;
 * another workspace's is `ariadne-ws-<id>`. One database per workspace makes a switch
 * cost the same whatever the other workspaces hold, and no query can join two.
 *
 * @example
 *   const store = new DexieWorkspaceStore(new WorkspaceDatabase());
 *   const registry = new WorkspaceRegistry({ store, clock: systemClock, newId: randomWorkspaceIds() });
 *   const db = new AriadneDatabase(workspaceDatabaseName((await registry.active()).id));
 */
import { Dexie, type EntityTable } from 'dexie';
import type { Workspace, WorkspaceId } from '../../core/workspace/workspace';
import { DEFAULT_WORKSPACE_ID } from '../../core/workspace/workspace';
import { byCreation } from '../../core/workspace/workspace-store';
import type { WorkspaceStore } from '../../core/workspace/workspace-store';
import { DATABASE_NAME } from './database';

export const WORKSPACE_DATABASE_NAME = 'ariadne-workspaces';
/** The prefix of every workspace's graph database but Default's. */
export const WORKSPACE_GRAPH_PREFIX = 'ariadne-ws-';

/** The name of the graph database of workspace `id`. */
export function workspaceDatabaseName(id: WorkspaceId): string {
  return id === DEFAULT_WORKSPACE_ID ? DATABASE_NAME : `${WORKSPACE_GRAPH_PREFIX}${id}`;
}

interface StateRow {
  readonly key: 'active';
  readonly value: WorkspaceId;
}

export class WorkspaceDatabase extends Dexie {
  workspaces!: EntityTable<Workspace, 'id'>;
  state!: EntityTable<StateRow, 'key'>;

  constructor(name: string = WORKSPACE_DATABASE_NAME) {
    // Strict: a switch or a new workspace is one small write the user waits for, and must survive a crash.
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({ workspaces: 'id', state: 'key' });
  }
}

export class DexieWorkspaceStore implements WorkspaceStore {
  constructor(readonly db: WorkspaceDatabase) {}

  async list(): Promise<Workspace[]> {
    // At most MAX_WORKSPACES rows: sorted here rather than through an index.
    return (await this.db.workspaces.toArray()).sort(byCreation);
  }
  async get(id: WorkspaceId): Promise<Workspace | undefined> {
    return this.db.workspaces.get(id);
  }
  async put(workspace: Workspace): Promise<void> {
    await this.db.workspaces.put(workspace);
  }
  async delete(id: WorkspaceId): Promise<void> {
    await this.db.workspaces.delete(id);
  }
  async getActive(): Promise<WorkspaceId | undefined> {
    return (await this.db.state.get('active'))?.value;
  }
  async setActive(id: WorkspaceId): Promise<void> {
    await this.db.state.put({ key: 'active', value: id });
  }
}
