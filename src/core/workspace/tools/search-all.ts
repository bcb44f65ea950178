/**
 * `workspace_search`: `entity_search` in every workspace at once, each hit carrying
 * the workspace it is in. Each workspace is searched in its own graph and the hits
 * are only put side by side (best score first): nothing is joined across workspaces.
 */
import { z } from 'zod';
import { entitySearch } from '../../tools/definitions/entity-search';
import { defineTool } from '../../tools/registry';
import type { Workspace } from '../workspace';
import type { WorkspaceSearchHit, WorkspaceToolDeps } from './deps';

type Ctx = { readonly deps: WorkspaceToolDeps };

interface Placed {
  readonly hit: WorkspaceSearchHit;
  readonly workspace: Workspace;
  readonly order: number;
}

export const workspaceSearch = defineTool({
  name: 'workspace_search',
  description:
    'Fuzzy search for entities by name or alias in every workspace at once (archived ones only when asked). Each result names its workspace; pass that as `workspace` to other tools to read or change it.',
  sideEffectClass: 'read-only',
  tags: ['workspace', 'graph', 'read'],
  // entity_search's own arguments and hits, so the two cannot drift apart.
  inputSchema: entitySearch.inputSchema.extend({
    include_archived: z.boolean().optional().describe('Also search archived workspaces (default false)'),
  }),
  outputSchema: z.object({
    results: z.array(
      entitySearch.outputSchema.shape.results.element.extend({
        workspace: z.object({ id: z.string(), name: z.string() }).describe('The workspace the entity is in'),
      }),
    ),
  }),
  examples: [
    {
      input: { query: 'stri' },
      output: {
        results: [
          { name: 'Stripe', entity_type: 'company', score: 0.95, id: 'e_000001', workspace: { id: 'w_mf0k2a1b3c4d', name: 'Market scan' } },
          { name: 'Stripe', entity_type: 'company', score: 0.95, id: 'e_000007', workspace: { id: 'w_default', name: 'Default' } },
        ],
      },
    },
  ],
  execute: async (input, { deps }: Ctx) => {
    const limit = input.limit ?? 10;
    const workspaces = await deps.workspaces.list({ includeArchived: input.include_archived === true });
    const search = {
      query: input.query,
      limit,
      ...(input.types ? { types: input.types } : {}),
      ...(input.min_score === undefined ? {} : { min_score: input.min_score }),
    };
    const perWorkspace = await Promise.all(
      workspaces.map(async (workspace, order) =>
        (await deps.searchIn(workspace, search)).map((hit): Placed => ({ hit, workspace, order })),
      ),
    );
    const placed = perWorkspace.flat().sort(bestFirst).slice(0, limit);
    return {
      results: placed.map(({ hit, workspace }) => ({
        name: hit.name,
        entity_type: hit.entity_type,
        score: hit.score,
        id: hit.id,
        workspace: { id: workspace.id, name: workspace.name },
      })),
    };
  },
});

/** Score, then the workspaces' order, then each workspace's own order (its search's tie-breaks). */
function bestFirst(a: Placed, b: Placed): number {
  return b.hit.score - a.hit.score || a.order - b.order;
}
