/**
 * `graph_import`: an Ariadne JSON export (or a part of one), all or nothing (see
 * `src/core/export/import.ts`). Every record is checked with the graph service's
 * rules first; a bad record refuses the call with `invalid_arguments` and the first
 * bad records (`details.problems`: kind, index, name, reason), and nothing is written.
 * Into an empty graph the records are restored as they were (ids included); into a
 * graph with data, names go through the resolver and join the entities they match.
 */
import { z } from 'zod';
import { graphDumpSchema } from '../../export/dump';
import { importGraph } from '../../export/import';
import { randomIds, systemClock } from '../../graph/ids';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import type { ToolExecutionContext } from '../tool';

const countsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
const graphCountsSchema = z.object({
  entities: z.number().int(),
  relationships: z.number().int(),
  evidence: z.number().int(),
  pages: z.number().int(),
  pendingReviews: z.number().int(),
});

export const graphImport = defineTool({
  name: 'graph_import',
  description:
    'Import an Ariadne JSON export, all or nothing. mode "auto" restores into an empty graph (same ids) and merges through the resolver otherwise; "restore" keeps the ids (references may point at records already in the graph, ids must be new). A bad record refuses the whole call with the first bad records; nothing is written then.',
  sideEffectClass: 'side-effecting',
  internal: true,
  tags: ['graph', 'write', 'data'],
  maxResultTokens: 2000,
  truncationStrategy: 'error',
  inputSchema: z.object({
    mode: z.enum(['auto', 'restore', 'merge']).describe('auto: restore into an empty graph, merge otherwise'),
    // A whole export file is accepted as it is: its header (format, version, exportedAt) is read, not refused.
    records: graphDumpSchema
      .partial({ format: true, version: true, exportedAt: true })
      .describe('The export (or part of one): entities, relationships, evidence, pages, merges, reviews'),
  }),
  outputSchema: z.object({
    mode: z.enum(['restore', 'merge']).describe('What the import did'),
    entities: countsSchema.describe('Entities created, updated (matched and gained something) and unchanged'),
    relationships: countsSchema.describe('Relationships created, or already there'),
    evidence: countsSchema.describe('Evidence rows created, or already there'),
    pages: countsSchema.describe('Pages created, updated (gained entities) or unchanged'),
    merges: countsSchema.describe('Merge history restored'),
    reviews: countsSchema.describe('Review items restored'),
    skipped: z.number().int().describe('Records that do not apply to this graph (history of another graph, self-loops)'),
    pruned: z
      .number()
      .int()
      .describe('Dangling references dropped (a page listing a removed relationship, a review naming a deleted entity)'),
    before: graphCountsSchema.describe('Graph counts before the import'),
    after: graphCountsSchema.describe('Graph counts after the import'),
  }),
  examples: [
    {
      input: { mode: 'auto', records: { entities: [], relationships: [], evidence: [], pages: [], merges: [], reviews: [] } },
      output: {
        mode: 'restore',
        entities: { created: 0, updated: 0, unchanged: 0 },
        relationships: { created: 0, updated: 0, unchanged: 0 },
        evidence: { created: 0, updated: 0, unchanged: 0 },
        pages: { created: 0, updated: 0, unchanged: 0 },
        merges: { created: 0, updated: 0, unchanged: 0 },
        reviews: { created: 0, updated: 0, unchanged: 0 },
        skipped: 0,
        pruned: 0,
        before: { entities: 0, relationships: 0, evidence: 0, pages: 0, pendingReviews: 0 },
        after: { entities: 0, relationships: 0, evidence: 0, pages: 0, pendingReviews: 0 },
      },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps; report?: ToolExecutionContext<GraphToolDeps>['report'] }) => {
    const { store, search } = ctx.deps;
    const clock = ctx.deps.clock ?? systemClock;
    const report = await importGraph(
      {
        store,
        ids: randomIds(clock),
        clock,
        onEntityWritten: (e) => search.upsert(e),
        // What landed where (a merge import joins entities to others): said to whoever records the call, team sync.
        onWritten: (written) => ctx.report?.({ written }),
      },
      input.records,
      input.mode,
    );
    return { ...report };
  },
});
