/**
 * The workspace management tools: list, create, rename, switch, archive, delete.
 * Each is a thin call into `WorkspaceRegistry`, whose rules (unique names, Default and
 * the active workspace kept) answer with `conflict`; deleting needs `confirm: true`.
 */
import { z } from 'zod';
import { defineTool } from '../../tools/registry';
import type { WorkspaceToolDeps } from './deps';
import { EXAMPLE_VIEW, viewOf, workspaceNameSchema, workspaceRefSchema, workspaceViewSchema } from './shared';

type Ctx = { readonly deps: WorkspaceToolDeps };
const single = z.object({ workspace: workspaceViewSchema });

export const workspaceList = defineTool({
  name: 'workspace_list',
  description:
    'List the workspaces (one knowledge graph per research project) and which one is active. Every graph tool takes an optional `workspace` argument naming one of them; without it, the active one is used.',
  sideEffectClass: 'read-only',
  tags: ['workspace', 'read'],
  inputSchema: z.object({ include_archived: z.boolean().optional().describe('Also list archived workspaces (default false)') }),
  outputSchema: z.object({
    active: z.string().describe('Id of the active workspace'),
    workspaces: z.array(workspaceViewSchema).describe('By creation time'),
  }),
  examples: [
    {
      input: {},
      output: { active: 'w_default', workspaces: [{ ...EXAMPLE_VIEW, id: 'w_default', name: 'Default', active: true }, EXAMPLE_VIEW] },
    },
  ],
  execute: async (input, { deps }: Ctx) => {
    const active = await deps.workspaces.active();
    const all = await deps.workspaces.list({ includeArchived: input.include_archived === true });
    return { active: active.id, workspaces: all.map((w) => viewOf(w, active.id)) };
  },
});

export const workspaceCreate = defineTool({
  name: 'workspace_create',
  description: 'Create an empty workspace. It becomes active only with switch: true.',
  sideEffectClass: 'side-effecting',
  tags: ['workspace', 'write'],
  inputSchema: z.object({
    name: workspaceNameSchema,
    switch: z.boolean().optional().describe('Make it the active workspace (default false)'),
  }),
  outputSchema: single,
  examples: [{ input: { name: 'Market scan' }, output: { workspace: EXAMPLE_VIEW } }],
  execute: async (input, { deps }: Ctx) => {
    const created = await deps.workspaces.create(input.name);
    if (input.switch === true) await deps.workspaces.switchTo(created.id);
    return { workspace: viewOf(created, (await deps.workspaces.active()).id) };
  },
});

export const workspaceRename = defineTool({
  name: 'workspace_rename',
  description: 'Rename a workspace (Default included).',
  sideEffectClass: 'side-effecting',
  tags: ['workspace', 'write'],
  inputSchema: z.object({ workspace: workspaceRefSchema, name: workspaceNameSchema.describe('The new name, unique ignoring case') }),
  outputSchema: single,
  examples: [
    { input: { workspace: 'Market scan', name: 'Payments market' }, output: { workspace: { ...EXAMPLE_VIEW, name: 'Payments market' } } },
  ],
  execute: async (input, { deps }: Ctx) => {
    const renamed = await deps.workspaces.rename(input.workspace, input.name);
    return { workspace: viewOf(renamed, (await deps.workspaces.active()).id) };
  },
});

export const workspaceSwitch = defineTool({
  name: 'workspace_switch',
  description: 'Make a workspace the active one: captures and calls without `workspace` go there from now on.',
  sideEffectClass: 'side-effecting',
  tags: ['workspace', 'write'],
  inputSchema: z.object({ workspace: workspaceRefSchema }),
  outputSchema: single,
  examples: [{ input: { workspace: 'Market scan' }, output: { workspace: { ...EXAMPLE_VIEW, active: true } } }],
  execute: async (input, { deps }: Ctx) => ({
    workspace: viewOf(await deps.workspaces.switchTo(input.workspace), (await deps.workspaces.active()).id),
  }),
});

export const workspaceArchive = defineTool({
  name: 'workspace_archive',
  description:
    'Archive a workspace (hidden from the switcher, never the capture target, its graph kept and readable), or restore it with archived: false. Default and the active workspace cannot be archived.',
  sideEffectClass: 'side-effecting',
  tags: ['workspace', 'write'],
  inputSchema: z.object({ workspace: workspaceRefSchema, archived: z.boolean().optional().describe('false restores it (default true)') }),
  outputSchema: single,
  examples: [{ input: { workspace: 'Market scan' }, output: { workspace: { ...EXAMPLE_VIEW, archived: true } } }],
  execute: async (input, { deps }: Ctx) => {
    const changed = await deps.workspaces.setArchived(input.workspace, input.archived ?? true);
    return { workspace: viewOf(changed, (await deps.workspaces.active()).id) };
  },
});

export const workspaceDelete = defineTool({
  name: 'workspace_delete',
  description:
    'Delete a workspace and its whole graph. Cannot be undone: export it first. Requires confirm: true. Default and the active workspace cannot be deleted.',
  sideEffectClass: 'destructive',
  tags: ['workspace', 'write', 'data'],
  inputSchema: z.object({
    workspace: workspaceRefSchema,
    confirm: z.literal(true).describe('Must be true: the workspace and its graph are deleted'),
  }),
  outputSchema: z.object({ deleted: z.object({ id: z.string(), name: z.string() }).describe('The workspace that was deleted') }),
  examples: [{ input: { workspace: 'Market scan', confirm: true }, output: { deleted: { id: EXAMPLE_VIEW.id, name: EXAMPLE_VIEW.name } } }],
  execute: async (input, { deps }: Ctx) => {
    const removed = await deps.workspaces.remove(input.workspace, deps.dropGraph);
    return { deleted: { id: removed.id, name: removed.name } };
  },
});
