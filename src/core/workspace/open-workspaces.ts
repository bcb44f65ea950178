/**
 * The workspaces whose graphs are open: each opened on first use (a switch opens one
 * graph, whatever the others hold), kept until closed or dropped. What "open" builds
 * is the host's business (the background: a database, a graph service, a search
 * index, a tool registry); this map only makes sure each workspace is opened once,
 * even when two calls ask for it at the same moment, and that a failed open is tried
 * again by the next call instead of being remembered.
 *
 * @example
 *   const open = new OpenWorkspaces({ open: async (w) => openGraph(w), close: (g) => g.db.close(), drop: (w) => deleteDatabase(w) });
 *   const graph = await open.get(await registry.active());
 */
import type { Workspace, WorkspaceId } from './workspace';

export interface WorkspaceOpener<T> {
  open(workspace: Workspace): Promise<T>;
  close(handle: T): void | Promise<void>;
  /** Deletes the workspace's stored graph (called after `close`). */
  drop(workspace: Workspace): Promise<void>;
}

export class OpenWorkspaces<T> {
  private readonly handles = new Map<WorkspaceId, Promise<T>>();

  constructor(private readonly opener: WorkspaceOpener<T>) {}

  /** The workspace's open graph, opened now when it is not yet. */
  get(workspace: Workspace): Promise<T> {
    const known = this.handles.get(workspace.id);
    if (known !== undefined) return known;
    const opening = this.opener.open(workspace);
    this.handles.set(workspace.id, opening);
    opening.catch(() => {
      if (this.handles.get(workspace.id) === opening) this.handles.delete(workspace.id);
    });
    return opening;
  }

  /** Ids of the workspaces open (or opening), in the order they were first asked for. */
  openIds(): WorkspaceId[] {
    return [...this.handles.keys()];
  }

  /** Closes the workspace's graph when it is open; the next `get` opens it again. */
  async close(id: WorkspaceId): Promise<void> {
    const handle = this.handles.get(id);
    if (handle === undefined) return;
    this.handles.delete(id);
    const opened = await handle.then(
      (h) => ({ ok: true as const, h }),
      () => ({ ok: false as const }),
    );
    if (opened.ok) await this.opener.close(opened.h);
  }

  /** Closes the workspace's graph and deletes it. */
  async drop(workspace: Workspace): Promise<void> {
    await this.close(workspace.id);
    await this.opener.drop(workspace);
  }
}
