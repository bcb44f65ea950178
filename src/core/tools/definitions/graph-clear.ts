/** `graph_clear`: empty the whole graph (entities, relationships, evidence, pages, merges, reviews). */
import { z } from 'zod';
import type { EntityId } from '../../graph/ids';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';

/** Entities read per page while emptying the search index. */
const PAGE = 2000;

export const graphClear = defineTool({
  name: 'graph_clear',
  description: 'Delete everything in the graph. Cannot be undone: export first. Requires confirm: true.',
  sideEffectClass: 'destructive',
  internal: true,
  tags: ['graph', 'write', 'data'],
  inputSchema: z.object({ confirm: z.literal(true).describe('Must be true: the whole graph is deleted') }),
  outputSchema: z.object({
    entities_removed: z.number().int().describe('Entities there were'),
    relationships_removed: z.number().int().describe('Relationships there were'),
  }),
  examples: [{ input: { confirm: true }, output: { entities_removed: 12, relationships_removed: 30 } }],
  execute: async (_input, ctx: { deps: GraphToolDeps }) => {
    const { store, search } = ctx.deps;
    const before = await store.counts();
    // The name index follows the graph service's events; a bulk clear bypasses them.
    const ids: EntityId[] = [];
    for (
      let after: string | undefined, page = await store.listEntities({ limit: PAGE });
      page.length > 0;
      page = await store.listEntities({ limit: PAGE, after })
    ) {
      for (const e of page) ids.push(e.id);
      after = page[page.length - 1]?.id;
      if (page.length < PAGE) break;
    }
    await store.clear();
    for (const id of ids) search.remove(id);
    return { entities_removed: before.entities, relationships_removed: before.relationships };
  },
});
