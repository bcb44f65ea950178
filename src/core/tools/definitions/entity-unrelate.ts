/** `entity_unrelate`: remove one relationship (and its evidence); the entities stay. */
import { z } from 'zod';
import { InvalidArgumentsError, NotFoundError } from '../../errors';
import { asRelationshipId } from '../../graph/ids';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';

export const entityUnrelate = defineTool({
  name: 'entity_unrelate',
  description: 'Remove one relationship by its id (see entity_get), with the evidence recorded for it. Both entities stay.',
  sideEffectClass: 'destructive',
  tags: ['graph', 'write'],
  inputSchema: z.object({ relationship_id: z.string().min(1).max(80).describe('The relationship id ("r_…") from entity_get') }),
  outputSchema: z.object({
    removed: z.boolean().describe('True when it existed and was removed'),
    from: z.string().describe('Source entity name'),
    relationship: z.string().describe('Label'),
    to: z.string().describe('Target entity name'),
  }),
  examples: [{ input: { relationship_id: 'r_000003' }, output: { removed: true, from: 'Stripe', relationship: 'uses', to: 'Rust' } }],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    const id = asRelationshipId(input.relationship_id.trim());
    if (!id)
      throw new InvalidArgumentsError(
        `"${input.relationship_id.slice(0, 80)}" is not a relationship id (they look like "r_…"); find it with entity_get.`,
      );
    const rel = await ctx.deps.store.getRelationship(id);
    if (!rel) throw new NotFoundError(`No relationship has id "${id}"; it may have been removed already.`);
    const [from, to] = await ctx.deps.store.getEntities([rel.from, rel.to]);
    const removed = await ctx.deps.graph.unrelate(id);
    return { removed, from: from?.name ?? rel.from, relationship: rel.label, to: to?.name ?? rel.to };
  },
});
