/**
 * Pinning a site to a workspace: pages of a pinned site are captured into that
 * workspace whatever is active (the longest matching pattern wins when several do).
 */
import { z } from 'zod';
import { MAX_SITE_PATTERN_LENGTH } from '../workspace';
import { defineTool } from '../../tools/registry';
import type { WorkspaceToolDeps } from './deps';
import { EXAMPLE_VIEW, viewOf, workspaceRefSchema, workspaceViewSchema } from './shared';

type Ctx = { readonly deps: WorkspaceToolDeps };

const siteSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(MAX_SITE_PATTERN_LENGTH, `must be at most ${MAX_SITE_PATTERN_LENGTH} characters`)
  .describe('Site pattern: a host (example.com), a host and its subdomains (*.example.com), or a URL prefix (https://example.com/docs/)');

export const workspacePinSite = defineTool({
  name: 'workspace_pin_site',
  description:
    'Pin a site to a workspace: its pages are captured there whatever workspace is active. A site pinned to another workspace moves.',
  sideEffectClass: 'side-effecting',
  tags: ['workspace', 'write', 'capture'],
  inputSchema: z.object({ workspace: workspaceRefSchema, site: siteSchema }),
  outputSchema: z.object({
    workspace: workspaceViewSchema,
    moved_from: z.string().optional().describe('Name of the workspace the site was pinned to before'),
  }),
  examples: [
    {
      input: { workspace: 'Market scan', site: '*.crunchbase.com' },
      output: { workspace: { ...EXAMPLE_VIEW, pinned_sites: ['*.crunchbase.com'] } },
    },
  ],
  execute: async (input, { deps }: Ctx) => {
    const { workspace, movedFrom } = await deps.workspaces.pinSite(input.workspace, input.site);
    const view = viewOf(workspace, (await deps.workspaces.active()).id);
    return movedFrom === undefined ? { workspace: view } : { workspace: view, moved_from: movedFrom.name };
  },
});

export const workspaceUnpinSite = defineTool({
  name: 'workspace_unpin_site',
  description: 'Unpin a site from a workspace: its pages go to the active workspace again.',
  sideEffectClass: 'side-effecting',
  tags: ['workspace', 'write', 'capture'],
  inputSchema: z.object({ workspace: workspaceRefSchema, site: siteSchema }),
  outputSchema: z.object({ workspace: workspaceViewSchema }),
  examples: [{ input: { workspace: 'Market scan', site: '*.crunchbase.com' }, output: { workspace: EXAMPLE_VIEW } }],
  execute: async (input, { deps }: Ctx) => ({
    workspace: viewOf(await deps.workspaces.unpinSite(input.workspace, input.site), (await deps.workspaces.active()).id),
  }),
});
