/** `entity_search`: fuzzy, typo-tolerant search over names and aliases. */
import { z } from 'zod';
import { MAX_SEARCH_RESULTS, RELEVANT_SCORE } from '../../search/name-index';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import { entityTypeSchema } from './shared';

export const entitySearch = defineTool({
  name: 'entity_search',
  description: `Fuzzy search for entities by name or alias, tolerant of typos and partial names. Results are best first with a score from 0 to 1; only results scoring at least min_score (default ${RELEVANT_SCORE}) are returned, so an empty list means nothing in the graph resembles the query. Useful when you are not sure of the exact entity name.`,
  sideEffectClass: 'read-only',
  tags: ['graph', 'read'],
  inputSchema: z.object({
    query: z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters').describe('Search query (fuzzy name match)'),
    limit: z.number().int().min(1).max(MAX_SEARCH_RESULTS).optional().describe(`Results at most (default 10, up to ${MAX_SEARCH_RESULTS})`),
    types: z.array(entityTypeSchema).max(6).optional().describe('Only entities of these types'),
    min_score: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe(`Lowest score returned (default ${RELEVANT_SCORE}; lower it for loose matches)`),
  }),
  outputSchema: z.object({
    results: z.array(
      z.object({
        name: z.string().describe('Entity name'),
        entity_type: entityTypeSchema,
        score: z.number().min(0).max(1).describe('Match score, 1 = exact'),
        id: z.string().describe('Extension: the entity id'),
      }),
    ),
  }),
  examples: [
    {
      input: { query: 'stri' },
      output: {
        results: [
          { name: 'Stripe', entity_type: 'company', score: 0.95, id: 'e_000001' },
          { name: 'String (Rust type)', entity_type: 'technology', score: 0.62, id: 'e_000002' },
        ],
      },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => ({
    results: (
      await ctx.deps.search.find(input.query, {
        limit: input.limit ?? 10,
        minScore: input.min_score ?? RELEVANT_SCORE,
        ...(input.types ? { types: input.types } : {}),
      })
    ).map((h) => ({ name: h.name, entity_type: h.type, score: h.score, id: h.id })),
  }),
});
