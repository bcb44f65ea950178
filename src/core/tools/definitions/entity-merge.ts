/** `entity_merge`: merge entity B into entity A; undo with `entity_unmerge`. */
import { z } from 'zod';
import { InvalidArgumentsError } from '../../errors';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import { nameSchema, resolveEntity } from './shared';

export const entityMerge = defineTool({
  name: 'entity_merge',
  description:
    'Merge two entities when you discover they refer to the same thing. The second entity is merged into the first: its attributes (the first keeps its own values on shared keys), aliases, relationships and evidence are transferred to entity A, its name becomes an alias of A, and entity B is deleted. Undo with entity_unmerge and the returned merge_id.',
  sideEffectClass: 'side-effecting',
  tags: ['graph', 'write'],
  inputSchema: z.object({
    name_a: nameSchema('Primary entity (survives the merge)'),
    name_b: nameSchema('Entity to merge into the primary (deleted after merge)'),
  }),
  outputSchema: z.object({
    merged_into: z.string().describe('Name of the surviving entity'),
    removed: z.string().describe('Name of the merged (deleted) entity'),
    attributes_gained: z.number().int().describe('Attribute keys the surviving entity did not have'),
    relationships_gained: z.number().int().describe('Relationships the surviving entity did not have'),
    merge_id: z.string().describe('Extension: pass to entity_unmerge to undo'),
  }),
  examples: [
    {
      input: { name_a: 'Stripe', name_b: 'Stripe, Inc.' },
      output: { merged_into: 'Stripe', removed: 'Stripe, Inc.', attributes_gained: 0, relationships_gained: 2, merge_id: 'm_000001' },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    const a = await resolveEntity(ctx.deps, input.name_a, 'name_a');
    const b = await resolveEntity(ctx.deps, input.name_b, 'name_b');
    if (a.id === b.id) {
      throw new InvalidArgumentsError(
        `"${input.name_a}" and "${input.name_b}" are the same entity (${a.name}); an entity cannot be merged into itself.`,
      );
    }
    const out = await ctx.deps.graph.merge(a.id, b.id);
    return {
      merged_into: out.into.name,
      removed: b.name,
      attributes_gained: out.attributesGained,
      relationships_gained: out.relationshipsGained,
      merge_id: out.record.id,
    };
  },
});
