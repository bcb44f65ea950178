/**
 * One call boundary for every tool across workspaces. Each graph tool takes an
 * optional `workspace` argument (a name in any case, or an id; the active workspace
 * when absent): the router takes it out of the arguments, finds the workspace, and
 * hands the call to that workspace's own tool registry, whose tools only ever see
 * that workspace's graph. So the resolver, search and the query loop never join
 * across workspaces; `entity_query`'s workspace is the query loop's world (the seed's
 * `worldId`). The workspace tools (`workspace_*`) go to their registry unchanged:
 * there `workspace` is the workspace they act on.
 *
 * An archived workspace can be read and exported, not written: a write is refused
 * with `conflict` until it is restored.
 *
 * @example
 *   const router = new WorkspaceToolRouter({ workspaces, toolsOf: (w) => open.get(w).then((g) => g.tools), management, catalog });
 *   await router.call('entity_search', { query: 'stri', workspace: 'Thesis' }, { caller: { kind: 'mcp' } });
 */
import { z } from 'zod';
import { ConflictError, InvalidArgumentsError, NotFoundError } from '../errors';
import type { CallOptions } from '../tools/registry';
import type { SideEffectClass } from '../tools/tool';
import type { Workspace } from './workspace';
import type { WorkspaceRegistry } from './workspace-registry';
import { workspaceRefSchema } from './tools/shared';

/** What the router reads of a registered tool (`ResolvedTool` satisfies it). */
export interface RoutedToolRecord {
  readonly name: string;
  readonly __sideEffectClass: SideEffectClass;
  readonly inputSchema: z.ZodType<unknown>;
}

/** What the router needs of a tool registry (`ToolRegistry` satisfies it). */
export interface RoutedTools<R extends RoutedToolRecord> {
  get(name: string): R | undefined;
  list(): readonly R[];
  call(name: string, args: unknown, options: CallOptions): Promise<unknown>;
}

export interface WorkspaceToolRouterDeps<R extends RoutedToolRecord> {
  readonly workspaces: WorkspaceRegistry;
  /** The graph tools of one workspace (opened on first use). */
  readonly toolsOf: (workspace: Workspace) => Promise<RoutedTools<R>>;
  /** The workspace tools. */
  readonly management: RoutedTools<R>;
  /** Any one workspace's graph tools: every workspace registers the same ones, so this answers `get` and `list` without opening a graph. */
  readonly catalog: RoutedTools<R>;
}

/** The argument name every graph tool accepts. */
export const WORKSPACE_ARGUMENT = 'workspace';

const DESCRIPTION = 'Workspace name or id (workspace_list); default: the active one';
// The query loop's world is a workspace (seed 001's worldId).
const QUERY_DESCRIPTION = "Workspace the question is about (the query's world): name or id; default: the active one";

export class WorkspaceToolRouter<R extends RoutedToolRecord> {
  private readonly deps: WorkspaceToolRouterDeps<R>;
  /** The graph tools as callers see them: with `workspace` among their inputs. */
  private readonly routed: ReadonlyMap<string, R>;

  constructor(deps: WorkspaceToolRouterDeps<R>) {
    this.deps = deps;
    this.routed = new Map(deps.catalog.list().map((tool) => [tool.name, withWorkspaceInput(tool)]));
  }

  get(name: string): R | undefined {
    return this.deps.management.get(name) ?? this.routed.get(name);
  }

  /** Every tool, sorted by name; the graph tools' input schemas take `workspace`. */
  list(): R[] {
    return [...this.deps.management.list(), ...this.routed.values()].sort(byName);
  }

  /** Calls `name` in the workspace its arguments name (or the active one). Rejects with an `AriadneError`. */
  async call(name: string, rawArgs: unknown, options: CallOptions): Promise<unknown> {
    if (this.deps.management.get(name) !== undefined) return this.deps.management.call(name, rawArgs, options);
    const tool = this.routed.get(name);
    if (tool === undefined) {
      throw new NotFoundError(
        `No tool is named "${String(name).slice(0, 80)}". Known tools: ${this.list()
          .map((t) => t.name)
          .join(', ')}.`,
      );
    }
    const { ref, args } = takeWorkspaceArgument(name, rawArgs);
    const workspace = ref === undefined ? await this.deps.workspaces.active() : await this.deps.workspaces.resolve(ref);
    if (workspace.archived && tool.__sideEffectClass !== 'read-only') {
      throw new ConflictError(
        `Workspace "${workspace.name}" is archived and is not written; restore it first (workspace_archive with archived: false).`,
      );
    }
    return (await this.deps.toolsOf(workspace)).call(name, args, options);
  }
}

const refSchema = workspaceRefSchema.optional();

/** Splits the `workspace` argument from the tool's own arguments; a bad one is `invalid_arguments`. */
export function takeWorkspaceArgument(tool: string, rawArgs: unknown): { readonly ref?: string; readonly args: unknown } {
  if (typeof rawArgs !== 'object' || rawArgs === null || Array.isArray(rawArgs) || !Object.hasOwn(rawArgs, WORKSPACE_ARGUMENT))
    return { args: rawArgs };
  const entries = Object.entries(rawArgs);
  const parsed = refSchema.safeParse(entries.find(([key]) => key === WORKSPACE_ARGUMENT)?.[1]);
  if (!parsed.success) {
    throw new InvalidArgumentsError(
      `Invalid arguments for ${tool}: workspace: ${parsed.error.issues[0]?.message ?? 'must be a workspace name or id'}.`,
    );
  }
  // Object.fromEntries keeps every other key as an own property (a `__proto__` key included).
  const args = Object.fromEntries(entries.filter(([key]) => key !== WORKSPACE_ARGUMENT));
  return parsed.data === undefined ? { args } : { ref: parsed.data, args };
}

/** The tool with an optional `workspace` among its inputs (for listings: calls take it out before the tool parses). */
function withWorkspaceInput<R extends RoutedToolRecord>(tool: R): R {
  if (!(tool.inputSchema instanceof z.ZodObject)) return tool;
  const description = tool.name === 'entity_query' ? QUERY_DESCRIPTION : DESCRIPTION;
  return { ...tool, inputSchema: tool.inputSchema.extend({ [WORKSPACE_ARGUMENT]: workspaceRefSchema.describe(description).optional() }) };
}

function byName(a: { readonly name: string }, b: { readonly name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
