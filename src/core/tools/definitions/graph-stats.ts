/** `graph_stats`: how big the graph is, by entity type. */
import { z } from 'zod';
import { ENTITY_TYPES } from '../../graph/types';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';

export const graphStats = defineTool({
  name: 'graph_stats',
  description: 'Counts of entities (total and by type), relationships, evidence rows, pages and pending reviews.',
  sideEffectClass: 'read-only',
  tags: ['graph', 'read'],
  inputSchema: z.object({}),
  outputSchema: z.object({
    entities: z.number().int().describe('All entities'),
    by_type: z.record(z.string(), z.number().int()).describe('Entities per type'),
    relationships: z.number().int().describe('Relationships'),
    evidence: z.number().int().describe('Evidence rows'),
    pages: z.number().int().describe('Captured pages'),
    pending_reviews: z.number().int().describe('Resolutions waiting for the user'),
  }),
  examples: [
    {
      input: {},
      output: {
        entities: 2,
        by_type: { company: 1, person: 0, technology: 1, product: 0, location: 0, other: 0 },
        relationships: 1,
        evidence: 0,
        pages: 0,
        pending_reviews: 0,
      },
    },
  ],
  execute: async (_input, ctx: { deps: GraphToolDeps }) => {
    const { store } = ctx.deps;
    const counts = await store.counts();
    const byType: Record<string, number> = {};
    for (const type of ENTITY_TYPES) byType[type] = await store.countEntities(type);
    return {
      entities: counts.entities,
      by_type: byType,
      relationships: counts.relationships,
      evidence: counts.evidence,
      pages: counts.pages,
      pending_reviews: counts.pendingReviews,
    };
  },
});
