/**
 * `npm start -- --workspace NAME`: which workspace a run captures into and exports.
 * The extension is asked from one of its pages (the only place that may call tools):
 * NAME is switched to, or created when no workspace has that name, and the previous
 * active workspace is given back by `restore` once a headless run is done. The graph
 * written by `--out` is the database of the workspace the run used.
 *
 * @example
 *   const used = await useWorkspace(send, 'Thesis');   // { workspace, created, restore }
 *   const tables = await panel.evaluate(readGraphTables, used.workspace.database);
 *   await used.restore();
 */
import { z } from 'zod';
import { workspaceDatabaseName } from '../adapters/dexie/workspace-database';
import { asWorkspaceId } from '../core/workspace/workspace';

/** Sends one message to the background from an extension page and returns the raw reply. */
export type SendFromExtension = (message: unknown) => Promise<unknown>;

export interface RunWorkspace {
  readonly id: string;
  readonly name: string;
  /** Its graph's IndexedDB database. */
  readonly database: string;
}

export interface UsedWorkspace {
  readonly workspace: RunWorkspace;
  readonly created: boolean;
  /** Makes the workspace that was active before the run active again (nothing when it was the same). */
  restore(): Promise<void>;
}

const replySchema = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) }),
]);
const viewSchema = z.object({ id: z.string(), name: z.string(), active: z.boolean() });
const listSchema = z.object({ active: z.string(), workspaces: z.array(viewSchema) });
const oneSchema = z.object({ workspace: viewSchema });

/** A tool call the background refused, with the error code it answered. */
class ToolRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Calls a tool through the background; a refusal becomes a `ToolRefusal`. */
async function callTool(send: SendFromExtension, tool: string, args: Record<string, unknown>): Promise<unknown> {
  const reply = replySchema.safeParse(await send({ type: 'tool.call', tool, arguments: args }));
  if (!reply.success) throw new Error(`The extension sent a malformed reply to ${tool}.`);
  if (!reply.data.ok) throw new ToolRefusal(reply.data.error.code, `${tool}: ${reply.data.error.message}`);
  return reply.data.result;
}

function runWorkspace(view: { readonly id: string; readonly name: string }): RunWorkspace {
  const id = asWorkspaceId(view.id);
  if (id === undefined) throw new Error(`The extension named a workspace with a malformed id "${view.id.slice(0, 80)}".`);
  return { id, name: view.name, database: workspaceDatabaseName(id) };
}

/** The active workspace, as the background sees it. */
export async function activeWorkspace(send: SendFromExtension): Promise<RunWorkspace> {
  const list = listSchema.parse(await callTool(send, 'workspace_list', {}));
  const active = list.workspaces.find((w) => w.id === list.active);
  if (active === undefined) throw new Error('The extension reported no active workspace.');
  return runWorkspace(active);
}

/** Makes the workspace named `name` active, creating it when there is none of that name. */
export async function useWorkspace(send: SendFromExtension, name: string): Promise<UsedWorkspace> {
  const previous = await activeWorkspace(send);
  const switched = await callTool(send, 'workspace_switch', { workspace: name }).then(
    (result) => ({ result, created: false }),
    async (error: unknown) => {
      // Only "no such workspace" leads to creating it; an archived one (conflict) or a bad name is reported.
      if (!(error instanceof ToolRefusal && error.code === 'not_found')) throw error;
      return { result: await callTool(send, 'workspace_create', { name, switch: true }), created: true };
    },
  );
  const workspace = runWorkspace(oneSchema.parse(switched.result).workspace);
  return {
    workspace,
    created: switched.created,
    restore: async () => {
      if (previous.id !== workspace.id) await callTool(send, 'workspace_switch', { workspace: previous.id });
    },
  };
}
