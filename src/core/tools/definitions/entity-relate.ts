/** `entity_relate`: a directed relationship between two existing entities. */
import { z } from 'zod';
import { MAX_LABEL_LENGTH } from '../../graph/types';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import { nameSchema, resolveEntity } from './shared';

export const entityRelate = defineTool({
  name: 'entity_relate',
  description:
    'Create a directed relationship between two entities. Both entities must already exist in the graph. Labels are free-form and normalized (e.g. "Founded By" → "founded_by"); a repeated relationship is not duplicated (`created` false).',
  sideEffectClass: 'side-effecting',
  tags: ['graph', 'write'],
  inputSchema: z.object({
    from: nameSchema('Source entity name (or id)'),
    to: nameSchema('Target entity name (or id)'),
    relationship: z
      .string()
      .min(1, 'must not be empty')
      .max(MAX_LABEL_LENGTH, `must be at most ${MAX_LABEL_LENGTH} characters`)
      .describe('Relationship label (e.g., "uses", "employs", "competes_with", "acquired")'),
  }),
  outputSchema: z.object({
    from: z.string().describe('Source entity name'),
    to: z.string().describe('Target entity name'),
    relationship: z.string().describe('The normalized label'),
    created: z.boolean().describe('False when this relationship already existed'),
  }),
  examples: [
    {
      input: { from: 'Stripe', to: 'Rust', relationship: 'uses' },
      output: { from: 'Stripe', to: 'Rust', relationship: 'uses', created: true },
    },
    {
      input: { from: 'Stripe', to: 'Patrick Collison', relationship: 'founded_by' },
      output: { from: 'Stripe', to: 'Patrick Collison', relationship: 'founded_by', created: true },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    const from = await resolveEntity(ctx.deps, input.from, 'the "from" end of the relationship');
    const to = await resolveEntity(ctx.deps, input.to, 'the "to" end of the relationship');
    const { relationship, created } = await ctx.deps.graph.relate(from.id, input.relationship, to.id);
    return { from: from.name, to: to.name, relationship: relationship.label, created };
  },
});
