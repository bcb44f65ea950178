/**
 * `graph_import`: one chunk of an Ariadne JSON export (see `src/core/export`). Into
 * an empty graph the records are restored as they were (ids included); into a graph
 * with data, names go through the resolver and join the entities they match.
 * `importDump` sends a whole file chunk by chunk and carries the id map.
 */
import { z } from 'zod';
import { graphChunkSchema } from '../../export/dump';
import { applyChunk } from '../../export/import';
import { systemClock } from '../../graph/ids';
import { createResolver } from '../../resolve/resolver';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';

/** Records per call at most: the driver sends 500; the cap keeps one call short. */
const MAX_CHUNK_RECORDS = 5000;
/** Id-map entries sent or returned per call at most (one per record of a chunk, twice over). */
const MAX_ID_MAP = 20_000;

const tallySchema = z.object({
  entitiesCreated: z.number().int(),
  entitiesMatched: z.number().int(),
  relationships: z.number().int(),
  evidence: z.number().int(),
  pages: z.number().int(),
  merges: z.number().int(),
  reviews: z.number().int(),
  skipped: z.number().int(),
});

export const graphImport = defineTool({
  name: 'graph_import',
  description:
    'Import one chunk of an Ariadne JSON export. mode "auto" restores into an empty graph (same ids) and merges through the resolver otherwise; pass the mode the first chunk answered for the rest, with the id_map entries the chunk refers to.',
  sideEffectClass: 'side-effecting',
  internal: true,
  tags: ['graph', 'write', 'data'],
  // The id map of a chunk can be long; it is data for the driver, never shown to a model.
  maxResultTokens: 200_000,
  truncationStrategy: 'error',
  inputSchema: z.object({
    mode: z.enum(['auto', 'restore', 'merge']).describe('auto on the first chunk; then what it answered'),
    records: graphChunkSchema
      .refine((c) => c.entities.length + c.relationships.length + c.evidence.length + c.pages.length + c.merges.length + c.reviews.length <= MAX_CHUNK_RECORDS, {
        message: `at most ${MAX_CHUNK_RECORDS} records per chunk`,
      })
      .describe('A partial export: entities, relationships, evidence, pages, merges, reviews'),
    id_map: z
      .record(z.string().max(80), z.string().max(80))
      .refine((m) => Object.keys(m).length <= MAX_ID_MAP, { message: `at most ${MAX_ID_MAP} entries` })
      .optional()
      .describe('Old id → id in this graph, from earlier chunks (merge mode)'),
  }),
  outputSchema: z.object({
    mode: z.enum(['restore', 'merge']).describe('What this chunk did'),
    tally: tallySchema.describe('Records written, matched and skipped'),
    id_map: z.record(z.string(), z.string()).describe('Old id → new id for the entities and relationships of this chunk (merge mode)'),
  }),
  examples: [
    {
      input: { mode: 'auto', records: { entities: [], relationships: [], evidence: [], pages: [], merges: [], reviews: [] } },
      output: { mode: 'restore', tally: { entitiesCreated: 0, entitiesMatched: 0, relationships: 0, evidence: 0, pages: 0, merges: 0, reviews: 0, skipped: 0 }, id_map: {} },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    const { store, graph, search } = ctx.deps;
    // Imports resolve against the local graph only, never the network.
    const resolver = createResolver({ store, clock: systemClock, settings: { networkLookups: false } });
    const outcome = await applyChunk({ store, graph, resolver, onEntityRestored: (e) => search.upsert(e) }, input.records, input.mode, input.id_map ?? {});
    return { mode: outcome.mode, tally: outcome.tally, id_map: { ...outcome.idMap } };
  },
});
