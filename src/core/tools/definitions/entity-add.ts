/** `entity_add` (seed 003): add an entity, or merge attributes into the one of that name and type. */
import { z } from 'zod';
import { nameIndexKey } from '../../graph/keys';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import { attributesSchema, entityTypeSchema, nameSchema, outputAttributesSchema } from './shared';

export const entityAdd = defineTool({
  name: 'entity_add',
  description:
    'Add an entity to the knowledge graph with a name, type, and optional attributes. If an entity with the same name (case-insensitive, normalized) and type already exists, its attributes are merged: new keys are added, existing keys are updated, and `created` is false.',
  sideEffectClass: 'side-effecting',
  tags: ['graph', 'write'],
  inputSchema: z.object({
    name: nameSchema('Entity name (e.g., "Stripe", "Rust")'),
    entity_type: entityTypeSchema,
    attributes: attributesSchema.optional(),
  }),
  outputSchema: z.object({
    name: z.string().describe('The stored name'),
    entity_type: entityTypeSchema,
    attributes: outputAttributesSchema,
    created: z.boolean().describe('True when a new entity was created, false when attributes were merged into an existing one'),
    id: z.string().describe('Extension: the entity id, to address it unambiguously'),
  }),
  examples: [
    {
      description: 'A new company',
      input: { name: 'Stripe', entity_type: 'company', attributes: { founded: '2010', headquarters: 'San Francisco', industry: 'payments', url: 'https://stripe.com' } },
      output: { name: 'Stripe', entity_type: 'company', attributes: { founded: '2010', headquarters: 'San Francisco', industry: 'payments', url: 'https://stripe.com' }, created: true, id: 'e_000001' },
    },
    {
      description: 'A person with a role',
      input: { name: 'Patrick Collison', entity_type: 'person', attributes: { role: 'CEO' } },
      output: { name: 'Patrick Collison', entity_type: 'person', attributes: { role: 'CEO' }, created: true, id: 'e_000002' },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    const { graph } = ctx.deps;
    return graph.exclusive(async (g) => {
      // Same name = same normalized name (or alias) and same type; another type is a homonym.
      const same = (await g.findByName(input.name)).filter((e) => e.type === input.entity_type);
      const existing = same.find((e) => e.keys.includes(nameIndexKey(input.name))) ?? same[0];
      if (existing) {
        const { entity } = await g.mergeAttributes(existing.id, input.attributes ?? {}, { mentions: 1 });
        return { name: entity.name, entity_type: entity.type, attributes: { ...entity.attributes }, created: false, id: entity.id };
      }
      const entity = await g.createEntity({ name: input.name, type: input.entity_type, attributes: input.attributes ?? {} });
      return { name: entity.name, entity_type: entity.type, attributes: { ...entity.attributes }, created: true, id: entity.id };
    });
  },
});
