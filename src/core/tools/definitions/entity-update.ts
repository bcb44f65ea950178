/** `entity_update`: edit an entity's name, type, attributes, aliases or description (the side panel's editor). */
import { z } from 'zod';
import { MAX_ALIASES } from '../../graph/types';
import { ownRecordSchema } from '../../records';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import { entitySchema, entityTypeSchema, nameSchema, resolveEntity, toEntityView } from './shared';

export const entityUpdate = defineTool({
  name: 'entity_update',
  description:
    'Edit an entity: rename it, change its type, set attributes (null removes a key), replace its aliases or set its description (null removes it).',
  sideEffectClass: 'side-effecting',
  tags: ['graph', 'write'],
  inputSchema: z.object({
    name: nameSchema('Entity name or id'),
    new_name: nameSchema('New display name').optional(),
    entity_type: entityTypeSchema.optional(),
    attributes: ownRecordSchema(
      z.string().min(1).max(80).describe('Attribute key'),
      z.string().max(2000).nullable().describe('New value, or null to remove the key'),
    )
      .optional()
      .describe('Attributes to set or remove'),
    aliases: z.array(nameSchema('Alias')).max(MAX_ALIASES).optional().describe('The complete alias list'),
    description: z.string().max(1000).nullable().optional().describe('Description, or null to remove it'),
  }),
  outputSchema: z.object({ entity: entitySchema }),
  examples: [
    {
      input: { name: 'Stripe', attributes: { ceo: 'Patrick Collison', url: null } },
      output: {
        entity: {
          id: 'e_000001',
          name: 'Stripe',
          entity_type: 'company',
          aliases: [],
          attributes: { ceo: 'Patrick Collison' },
          mention_count: 1,
          created_at: 0,
          updated_at: 1,
        },
      },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    const entity = await resolveEntity(ctx.deps, input.name, 'name');
    const updated = await ctx.deps.graph.updateEntity(entity.id, {
      ...(input.new_name === undefined ? {} : { name: input.new_name }),
      ...(input.entity_type === undefined ? {} : { type: input.entity_type }),
      ...(input.attributes === undefined ? {} : { attributes: input.attributes }),
      ...(input.aliases === undefined ? {} : { aliases: input.aliases }),
      ...(input.description === undefined ? {} : { description: input.description }),
    });
    return { entity: toEntityView(updated) };
  },
});
