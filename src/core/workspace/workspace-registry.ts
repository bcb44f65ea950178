/**
 * The workspace registry: the list of workspaces and the rules around it. Names are
 * unique ignoring case; there is always an active workspace (Default unless the user
 * switched); the Default workspace, which holds the graph written before workspaces
 * existed, can be renamed but neither archived nor deleted; the active one can be
 * neither archived nor deleted (switch first); a site is pinned to at most one
 * workspace, and a capture from it goes there whatever is active.
 *
 * The first use registers Default when the store is empty: that is the whole upgrade
 * of an existing graph, which stays where it is (see `WorkspaceGraphs`).
 *
 * Writes run one at a time (each reads, checks, then writes), so two quick creates of
 * one name cannot both succeed.
 *
 * @example
 *   const registry = new WorkspaceRegistry({ store, clock: systemClock, newId: randomWorkspaceIds() });
 *   const thesis = await registry.create('Thesis');
 *   await registry.switchTo('thesis');              // by name, any case, or by id
 *   (await registry.captureTarget('https://arxiv.org/abs/1')).name; // 'Thesis', or the pinned one
 */
import { AmbiguousError, ConflictError, InvalidArgumentsError, NotFoundError } from '../errors';
import type { Clock } from '../graph/ids';
import { matchesSitePattern, parseSiteUrl } from '../site-match';
import {
  cleanSitePattern,
  cleanWorkspaceName,
  DEFAULT_WORKSPACE_ID,
  DEFAULT_WORKSPACE_NAME,
  MAX_PINNED_SITES,
  MAX_WORKSPACES,
  workspaceNameKey,
} from './workspace';
import type { Workspace, WorkspaceId, WorkspaceIdSource } from './workspace';
import type { WorkspaceStore } from './workspace-store';

export interface WorkspaceRegistryDeps {
  readonly store: WorkspaceStore;
  readonly clock: Clock;
  readonly newId: WorkspaceIdSource;
}

export interface PinOutcome {
  readonly workspace: Workspace;
  /** The workspace the site was pinned to before, when it moved. */
  readonly movedFrom?: Workspace;
}

/** Names quoted in a not-found message; more are counted. */
const MAX_QUOTED_NAMES = 20;

export class WorkspaceRegistry {
  private readonly store: WorkspaceStore;
  private readonly clock: Clock;
  private readonly newId: WorkspaceIdSource;
  private tail: Promise<unknown> = Promise.resolve();
  private ready: Promise<void> | undefined;

  constructor({ store, clock, newId }: WorkspaceRegistryDeps) {
    this.store = store;
    this.clock = clock;
    this.newId = newId;
  }

  /** Registers Default when no workspace exists yet (the upgrade of an existing graph); idempotent. */
  ensureDefault(): Promise<void> {
    if (this.ready === undefined) {
      this.ready = this.serial(async () => {
        if ((await this.store.get(DEFAULT_WORKSPACE_ID)) !== undefined) return;
        await this.store.put({
          id: DEFAULT_WORKSPACE_ID,
          name: await this.freeDefaultName(),
          createdAt: this.clock.now(),
          archived: false,
          pinnedSites: [],
        });
      });
      // A failed first use (storage refused) is tried again by the next call.
      this.ready.catch(() => (this.ready = undefined));
    }
    return this.ready;
  }

  /** Workspaces by creation time; archived ones only when asked. */
  async list(options: { readonly includeArchived?: boolean } = {}): Promise<Workspace[]> {
    await this.ensureDefault();
    const all = await this.store.list();
    return options.includeArchived === true ? all : all.filter((w) => !w.archived);
  }

  async get(id: WorkspaceId): Promise<Workspace | undefined> {
    await this.ensureDefault();
    return this.store.get(id);
  }

  /**
   * The workspace `ref` names: its id, or its name ignoring case. Archived ones are
   * found too (they can be read, exported, restored). `not_found` lists the names.
   */
  async resolve(ref: string): Promise<Workspace> {
    await this.ensureDefault();
    return this.find(ref, await this.store.list());
  }

  /** The active workspace: the one last switched to, or Default. */
  async active(): Promise<Workspace> {
    await this.ensureDefault();
    return this.activeOf(await this.store.list(), await this.store.getActive());
  }

  /** Where a capture of `url` goes: the workspace its site is pinned to (the longest matching pattern), else the active one. */
  async captureTarget(url: string): Promise<Workspace> {
    await this.ensureDefault();
    const all = await this.store.list();
    return pinnedTarget(all, url) ?? this.activeOf(all, await this.store.getActive());
  }

  /** A new workspace (not switched to). `conflict` when the name is taken, even by an archived one. */
  async create(rawName: string): Promise<Workspace> {
    const name = cleanWorkspaceName(rawName);
    return this.write(async (all) => {
      if (all.length >= MAX_WORKSPACES)
        throw new ConflictError(`There are already ${MAX_WORKSPACES} workspaces (archived ones count); delete one first.`);
      checkNameFree(all, name);
      const workspace: Workspace = { id: this.newId(), name, createdAt: this.clock.now(), archived: false, pinnedSites: [] };
      if (all.some((w) => w.id === workspace.id)) throw new ConflictError(`Workspace id ${workspace.id} is already taken; try again.`);
      await this.store.put(workspace);
      return workspace;
    });
  }

  async rename(ref: string, rawName: string): Promise<Workspace> {
    const name = cleanWorkspaceName(rawName);
    return this.write(async (all) => {
      const target = this.find(ref, all);
      checkNameFree(
        all.filter((w) => w.id !== target.id),
        name,
      );
      return this.update(target, { name });
    });
  }

  /** Archives or restores a workspace. Neither Default nor the active one can be archived. */
  setArchived(ref: string, archived: boolean): Promise<Workspace> {
    return this.write(async (all) => {
      const target = this.find(ref, all);
      if (archived) this.checkRemovable(target, all, await this.store.getActive(), 'archived');
      return target.archived === archived ? target : this.update(target, { archived });
    });
  }

  /** Makes `ref` the active workspace. `conflict` for an archived one (restore it first). */
  switchTo(ref: string): Promise<Workspace> {
    return this.write(async (all) => {
      const target = this.find(ref, all);
      if (target.archived)
        throw new ConflictError(
          `Workspace "${target.name}" is archived; restore it (workspace_archive with archived: false) before switching to it.`,
        );
      await this.store.setActive(target.id);
      return target;
    });
  }

  /**
   * Deletes a workspace: `dropGraph` removes its graph first, and only once that
   * succeeded is the entry removed (a failure leaves the workspace listed, to try
   * again, rather than a graph nobody can reach). Neither Default nor the active one.
   */
  remove(ref: string, dropGraph: (workspace: Workspace) => Promise<void>): Promise<Workspace> {
    return this.write(async (all) => {
      const target = this.find(ref, all);
      this.checkRemovable(target, all, await this.store.getActive(), 'deleted');
      await dropGraph(target);
      await this.store.delete(target.id);
      return target;
    });
  }

  /** Pins a site pattern to `ref`; a pattern pinned elsewhere moves here. */
  async pinSite(ref: string, rawPattern: string): Promise<PinOutcome> {
    const pattern = cleanSitePattern(rawPattern);
    return this.write(async (all) => {
      const target = this.find(ref, all);
      if (target.archived) throw new ConflictError(`Workspace "${target.name}" is archived; captures never go there.`);
      const owner = all.find((w) => w.id !== target.id && w.pinnedSites.includes(pattern));
      if (target.pinnedSites.includes(pattern)) return { workspace: target };
      if (target.pinnedSites.length >= MAX_PINNED_SITES)
        throw new ConflictError(`Workspace "${target.name}" already has ${MAX_PINNED_SITES} pinned sites.`);
      const movedFrom =
        owner === undefined ? undefined : await this.update(owner, { pinnedSites: owner.pinnedSites.filter((p) => p !== pattern) });
      const workspace = await this.update(target, { pinnedSites: [...target.pinnedSites, pattern] });
      return movedFrom === undefined ? { workspace } : { workspace, movedFrom };
    });
  }

  async unpinSite(ref: string, rawPattern: string): Promise<Workspace> {
    const pattern = cleanSitePattern(rawPattern);
    return this.write(async (all) => {
      const target = this.find(ref, all);
      if (!target.pinnedSites.includes(pattern)) throw new NotFoundError(`"${pattern}" is not pinned to workspace "${target.name}".`);
      return this.update(target, { pinnedSites: target.pinnedSites.filter((p) => p !== pattern) });
    });
  }

  /**
   * The one workspace whose id or name is `rawRef`, ids and names alike compared
   * ignoring case and compatibility forms. A reference that is one workspace's id and
   * another's name (a name stored before names in the id form were refused) is
   * `ambiguous` rather than quietly the id's: it names both.
   */
  private find(rawRef: string, all: readonly Workspace[]): Workspace {
    const ref = rawRef.trim();
    if (ref === '') throw new InvalidArgumentsError('Name a workspace by its name or id.');
    const key = workspaceNameKey(ref);
    const byId = all.find((w) => w.id === key);
    const byName = all.find((w) => workspaceNameKey(w.name) === key);
    if (byId !== undefined && byName !== undefined && byId.id !== byName.id)
      throw new AmbiguousError(
        `"${ref.slice(0, 100)}" is the id of workspace "${byId.name}" and the name of workspace ${byName.id}; ` +
          `rename ${byName.id} (its name has the form of an id), or name the one you mean by its id.`,
        { candidates: [byId, byName].map((w) => ({ id: w.id, name: w.name })) },
      );
    const found = byId ?? byName;
    if (found !== undefined) return found;
    const names = all.slice(0, MAX_QUOTED_NAMES).map((w) => `"${w.name}"`);
    const more = all.length > MAX_QUOTED_NAMES ? ` (and ${all.length - MAX_QUOTED_NAMES} more)` : '';
    throw new NotFoundError(`No workspace is named "${ref.slice(0, 100)}". Workspaces: ${names.join(', ')}${more}.`);
  }

  private activeOf(all: readonly Workspace[], activeId: WorkspaceId | undefined): Workspace {
    const active = activeWorkspaceOf(all, activeId);
    // Default is registered before any read and can be neither archived nor deleted.
    if (active === undefined) throw new NotFoundError('The Default workspace is missing from the registry.');
    return active;
  }

  private checkRemovable(
    target: Workspace,
    all: readonly Workspace[],
    activeId: WorkspaceId | undefined,
    verb: 'archived' | 'deleted',
  ): void {
    if (target.id === DEFAULT_WORKSPACE_ID)
      throw new ConflictError(`The Default workspace (now "${target.name}") holds the graph from before workspaces and cannot be ${verb}.`);
    if (this.activeOf(all, activeId).id === target.id)
      throw new ConflictError(`Workspace "${target.name}" is the active one and cannot be ${verb}; switch to another first.`);
  }

  private async update(workspace: Workspace, patch: Partial<Pick<Workspace, 'name' | 'archived' | 'pinnedSites'>>): Promise<Workspace> {
    const next = { ...workspace, ...patch };
    await this.store.put(next);
    return next;
  }

  /** Default's name, unless a workspace already took it (a store that lost its Default row). */
  private async freeDefaultName(): Promise<string> {
    const taken = new Set((await this.store.list()).map((w) => workspaceNameKey(w.name)));
    let name = DEFAULT_WORKSPACE_NAME;
    for (let n = 2; taken.has(workspaceNameKey(name)); n++) name = `${DEFAULT_WORKSPACE_NAME} ${n}`;
    return name;
  }

  private async write<T>(fn: (all: Workspace[]) => Promise<T>): Promise<T> {
    await this.ensureDefault();
    return this.serial(async () => fn(await this.store.list()));
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn);
    this.tail = run.catch(() => undefined);
    return run;
  }
}

/**
 * The active workspace among `all`: the stored active one unless it is gone or
 * archived, else Default (undefined only before Default is registered). Pure, for
 * readers of the stored list (the side panel) as well as the registry.
 */
export function activeWorkspaceOf(all: readonly Workspace[], activeId: WorkspaceId | undefined): Workspace | undefined {
  return all.find((w) => w.id === activeId && !w.archived) ?? all.find((w) => w.id === DEFAULT_WORKSPACE_ID);
}

function checkNameFree(others: readonly Workspace[], name: string): void {
  const key = workspaceNameKey(name);
  const clash = others.find((w) => workspaceNameKey(w.name) === key);
  if (clash !== undefined)
    throw new ConflictError(`A workspace is already named "${clash.name}"${clash.archived ? ' (archived)' : ''}; choose another name.`);
}

/** The non-archived workspace with the longest pattern matching `url` (ties: the older workspace). */
function pinnedTarget(all: readonly Workspace[], url: string): Workspace | undefined {
  const site = parseSiteUrl(url);
  if (site === undefined) return undefined;
  let best: { readonly workspace: Workspace; readonly length: number } | undefined;
  for (const workspace of all) {
    if (workspace.archived) continue;
    for (const pattern of workspace.pinnedSites) {
      if (pattern.length > (best?.length ?? -1) && matchesSitePattern(site, pattern)) best = { workspace, length: pattern.length };
    }
  }
  return best?.workspace;
}
