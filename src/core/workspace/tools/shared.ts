/** Schemas shared by the workspace tools: how a workspace is named in and shown out. */
import { z } from 'zod';
import { MAX_WORKSPACE_NAME_LENGTH } from '../workspace';
import type { Workspace, WorkspaceId } from '../workspace';

/** A workspace reference as callers give it (cleaned and resolved by the registry). */
export const workspaceRefSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')
  .describe('Workspace name (any case) or id (w_…)');

export const workspaceNameSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(MAX_WORKSPACE_NAME_LENGTH, `must be at most ${MAX_WORKSPACE_NAME_LENGTH} characters`)
  .describe('Workspace name, unique ignoring case');

export const workspaceViewSchema = z.object({
  id: z.string().describe('Workspace id (w_…)'),
  name: z.string().describe('Workspace name'),
  created_at: z.number().int().describe('Creation time, epoch milliseconds'),
  archived: z.boolean().describe('Archived: hidden from the switcher, never the capture target, still readable'),
  pinned_sites: z.array(z.string()).describe('Site patterns whose pages are captured into this workspace'),
  active: z.boolean().describe('Whether it is the active workspace (where captures and calls without `workspace` go)'),
});
export type WorkspaceView = z.infer<typeof workspaceViewSchema>;

export function viewOf(workspace: Workspace, activeId: WorkspaceId): WorkspaceView {
  return {
    id: workspace.id,
    name: workspace.name,
    created_at: workspace.createdAt,
    archived: workspace.archived,
    pinned_sites: [...workspace.pinnedSites],
    active: workspace.id === activeId,
  };
}

/** An example workspace for the tools' examples. */
export const EXAMPLE_VIEW: WorkspaceView = {
  id: 'w_mf0k2a1b3c4d',
  name: 'Market scan',
  created_at: 1767225600000,
  archived: false,
  pinned_sites: [],
  active: false,
};
