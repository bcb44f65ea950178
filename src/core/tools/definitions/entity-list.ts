/** `entity_list`: entities page by page, oldest first (the side panel's list and exports). */
import { z } from 'zod';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import { entityTypeSchema } from './shared';

/** Largest page. */
const MAX_PAGE = 500;

export const entityList = defineTool({
  name: 'entity_list',
  description:
    'List entities in creation order, a page at a time, optionally of one type. Pass next_after back as `after` for the next page.',
  sideEffectClass: 'read-only',
  tags: ['graph', 'read'],
  inputSchema: z.object({
    entity_type: entityTypeSchema.optional(),
    after: z.string().max(80).optional().describe('Continue after this entity id (next_after of the previous page)'),
    limit: z.number().int().min(1).max(MAX_PAGE).optional().describe(`Entities per page (default 100, at most ${MAX_PAGE})`),
  }),
  outputSchema: z.object({
    entities: z.array(
      z.object({
        id: z.string().describe('Entity id'),
        name: z.string().describe('Display name'),
        entity_type: entityTypeSchema,
        mention_count: z.number().int().describe('Mentions'),
        updated_at: z.number().describe('Epoch milliseconds'),
      }),
    ),
    next_after: z.string().optional().describe('Present when there may be more'),
  }),
  examples: [
    {
      input: { limit: 2 },
      output: {
        entities: [
          { id: 'e_000001', name: 'Stripe', entity_type: 'company', mention_count: 1, updated_at: 0 },
          { id: 'e_000002', name: 'Rust', entity_type: 'technology', mention_count: 1, updated_at: 0 },
        ],
        next_after: 'e_000002',
      },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    const limit = input.limit ?? 100;
    const page = await ctx.deps.store.listEntities({
      limit,
      ...(input.after === undefined ? {} : { after: input.after }),
      ...(input.entity_type === undefined ? {} : { type: input.entity_type }),
    });
    const last = page[page.length - 1];
    return {
      entities: page.map((e) => ({ id: e.id, name: e.name, entity_type: e.type, mention_count: e.mentionCount, updated_at: e.updatedAt })),
      ...(last && page.length === limit ? { next_after: last.id } : {}),
    };
  },
});
