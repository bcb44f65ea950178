/** `review_list`: the resolver's review queue (doubtful matches the user decides), oldest first. */
import { z } from 'zod';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import { entityTypeSchema } from './shared';

/** Items returned at most per call. */
const MAX_ITEMS = 200;

export const reviewList = defineTool({
  name: 'review_list',
  description:
    'The review queue: mentions the resolver was unsure about, each with the entity created for it provisionally and the existing entities it may be. Decide one with review_decide.',
  sideEffectClass: 'read-only',
  tags: ['graph', 'read', 'review'],
  inputSchema: z.object({
    status: z.enum(['pending', 'accepted', 'rejected']).optional().describe('Which items (default pending)'),
    limit: z.number().int().min(1).max(MAX_ITEMS).optional().describe(`Items at most (default 50, up to ${MAX_ITEMS})`),
  }),
  outputSchema: z.object({
    items: z.array(
      z.object({
        review_id: z.string().describe('Pass to review_decide'),
        status: z.enum(['pending', 'accepted', 'rejected']),
        mention: z.string().describe('The name as read on the page (untrusted page text)'),
        entity_type: entityTypeSchema,
        page_url: z.string().describe('Where it was read'),
        page_title: z.string().describe('Title of that page'),
        snippet: z.string().describe('The passage (untrusted page text)'),
        provisional_id: z.string().optional().describe('The entity created for the mention meanwhile'),
        candidates: z
          .array(z.object({ id: z.string(), name: z.string(), entity_type: entityTypeSchema, confidence: z.number() }))
          .describe('Existing entities it may be, best first'),
        reason: z.string().describe('Why the resolver asked'),
        created_at: z.number().describe('Epoch milliseconds'),
      }),
    ),
  }),
  examples: [
    {
      input: {},
      output: {
        items: [
          {
            review_id: 'q_000004',
            status: 'pending',
            mention: 'Stripe Inc',
            entity_type: 'company',
            page_url: 'https://example.com/a',
            page_title: 'A page',
            snippet: 'Stripe Inc raised…',
            provisional_id: 'e_000003',
            candidates: [{ id: 'e_000001', name: 'Stripe', entity_type: 'company', confidence: 0.7 }],
            reason: 'close to one existing entity',
            created_at: 0,
          },
        ],
      },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => ({
    items: (await ctx.deps.store.listReviews(input.status ?? 'pending', input.limit ?? 50)).map((r) => ({
      review_id: r.id,
      status: r.status,
      mention: r.mention.name,
      entity_type: r.mention.type,
      page_url: r.mention.pageUrl,
      page_title: r.mention.pageTitle,
      snippet: r.mention.snippet,
      ...(r.provisionalId === undefined ? {} : { provisional_id: r.provisionalId }),
      candidates: r.candidates.map((c) => ({ id: c.id, name: c.label, entity_type: c.type, confidence: c.confidence })),
      reason: r.reason,
      created_at: r.createdAt,
    })),
  }),
});
