/** `entity_unmerge`: undo a merge of `entity_merge` exactly, from its merge id. */
import { z } from 'zod';
import { InvalidArgumentsError } from '../../errors';
import { asMergeId } from '../../graph/ids';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';

export const entityUnmerge = defineTool({
  name: 'entity_unmerge',
  description:
    'Undo a merge made by entity_merge: the removed entity comes back with its attributes, aliases, relationships and evidence, and the surviving entity loses what the merge brought (changes made to it since are kept).',
  sideEffectClass: 'side-effecting',
  tags: ['graph', 'write'],
  inputSchema: z.object({ merge_id: z.string().min(1).max(80).describe('The merge_id returned by entity_merge (see merge_history)') }),
  outputSchema: z.object({
    merge_id: z.string().describe('The merge undone'),
    restored: z.string().describe('Name of the entity brought back'),
    merged_into: z.string().describe('Name of the entity it had been merged into'),
  }),
  examples: [{ input: { merge_id: 'm_000001' }, output: { merge_id: 'm_000001', restored: 'Stripe, Inc.', merged_into: 'Stripe' } }],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    const id = asMergeId(input.merge_id.trim());
    if (!id)
      throw new InvalidArgumentsError(
        `"${input.merge_id.slice(0, 80)}" is not a merge id (they look like "m_…"); list merges with merge_history.`,
      );
    const out = await ctx.deps.graph.unmerge(id);
    return { merge_id: id, restored: out.restored.name, merged_into: out.into.name };
  },
});
