/**
 * `entity_add`: add an entity, or merge attributes into the one of the same
 * name and type. "The same name" is the name as written, compared without case, extra
 * white space or Unicode compatibility differences: "Stripe, Inc." is another name than
 * "Stripe", so an agent that adds both finds two entities and decides with
 * `entity_merge` (its first example merges "Stripe, Inc." into "Stripe"). What looks like the same thing comes
 * back as `possible_duplicates` instead of being merged silently. Captures do not come
 * through here: they use the resolver, which does join "Stripe, Inc." to "Stripe".
 */
import { z } from 'zod';
import type { Entity } from '../../graph/types';
import { cleanText } from '../../text/normalize';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import { attributesSchema, entityTypeSchema, nameSchema, outputAttributesSchema } from './shared';

/**
 * Search score from which another entity is reported as a possible duplicate: the name
 * index scores a swapped-letter typo ("Stirpe" for "Stripe") 0.75, while names that only
 * share letters ("Square") or add a word ("Stripe Payments") stay near 0.5.
 */
const POSSIBLE_DUPLICATE_SCORE = 0.7;
/** Possible duplicates listed at most. */
const MAX_POSSIBLE_DUPLICATES = 5;

/** The name as written, without case, white space or Unicode compatibility differences. */
function sameNameKey(name: string): string {
  return cleanText(name).toLowerCase();
}

/** True when `entity` is called `name`: its name or one of its other names, as written. */
function isCalled(entity: Entity, name: string): boolean {
  const key = sameNameKey(name);
  return [entity.name, ...entity.aliases].some((n) => sameNameKey(n) === key);
}

export const entityAdd = defineTool({
  name: 'entity_add',
  description:
    'Add an entity to the knowledge graph with a name, type, and optional attributes. If an entity with the same name (ignoring case and white space; "Stripe, Inc." is not "Stripe") and type already exists, its attributes are merged: new keys are added, existing keys are updated, and `created` is false. Entities that look like the same thing under another name are listed in `possible_duplicates`; merge them with entity_merge if they are.',
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
    possible_duplicates: z
      .array(z.object({ name: z.string(), id: z.string(), entity_type: entityTypeSchema, score: z.number().min(0).max(1) }))
      .optional()
      .describe('Extension: other entities whose names look like this one (best first); entity_merge joins them if they are the same'),
  }),
  examples: [
    {
      description: 'A new company',
      input: {
        name: 'Stripe',
        entity_type: 'company',
        attributes: { founded: '2010', headquarters: 'San Francisco', industry: 'payments', url: 'https://stripe.com' },
      },
      output: {
        name: 'Stripe',
        entity_type: 'company',
        attributes: { founded: '2010', headquarters: 'San Francisco', industry: 'payments', url: 'https://stripe.com' },
        created: true,
        id: 'e_000001',
      },
    },
    {
      description: 'A person with a role',
      input: { name: 'Patrick Collison', entity_type: 'person', attributes: { role: 'CEO' } },
      output: { name: 'Patrick Collison', entity_type: 'person', attributes: { role: 'CEO' }, created: true, id: 'e_000002' },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    // Run by the registry under the graph's single writer: nothing is written between the look-up and the write.
    const { graph, search } = ctx.deps;
    // Same name and same type; another type is a homonym, another spelling a possible duplicate.
    const normalized = await graph.findByName(input.name);
    const same = normalized.filter((e) => e.type === input.entity_type && isCalled(e, input.name));
    const existing = same.find((e) => sameNameKey(e.name) === sameNameKey(input.name)) ?? same[0];
    // Equal once legal suffixes and case are set aside ("Stripe, Inc." and "Stripe"), or close in spelling.
    const likely = [
      ...normalized.map((e) => ({ name: e.name, id: e.id, entity_type: e.type, score: 1 })),
      ...search
        .search(input.name, { limit: MAX_POSSIBLE_DUPLICATES })
        .filter((hit) => hit.score >= POSSIBLE_DUPLICATE_SCORE)
        .map((hit) => ({ name: hit.name, id: hit.id, entity_type: hit.type, score: Math.round(hit.score * 100) / 100 })),
    ];
    const seen = new Set<string>(existing ? [existing.id] : []);
    const duplicates = likely.filter((d) => !seen.has(d.id) && seen.add(d.id)).slice(0, MAX_POSSIBLE_DUPLICATES);
    const extra = duplicates.length > 0 ? { possible_duplicates: duplicates } : {};
    if (existing) {
      const { entity } = await graph.mergeAttributes(existing.id, input.attributes ?? {}, { mentions: 1 });
      return { name: entity.name, entity_type: entity.type, attributes: entity.attributes, created: false, id: entity.id, ...extra };
    }
    const entity = await graph.createEntity({ name: input.name, type: input.entity_type, attributes: input.attributes ?? {} });
    return { name: entity.name, entity_type: entity.type, attributes: entity.attributes, created: true, id: entity.id, ...extra };
  },
});
