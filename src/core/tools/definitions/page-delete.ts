/** `page_delete`: remove a captured page with what only it contributed. */
import { z } from 'zod';
import { MAX_URL_LENGTH } from '../../capture-limits';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import type { ToolExecutionContext } from '../tool';

/** At most this many removed entity names are listed in the result (the count is always exact). */
const MAX_NAMES_LISTED = 50;

export const pageDelete = defineTool({
  name: 'page_delete',
  description:
    'Delete a captured page by its URL, with the evidence read from it and the entities and relationships no other page supports. ' +
    'Whatever another page (or a type the user set) also supports stays. This cannot be undone.',
  sideEffectClass: 'destructive',
  tags: ['graph', 'write'],
  inputSchema: z.object({ url: z.string().min(1).max(MAX_URL_LENGTH).describe('The page URL, as the page list shows it') }),
  outputSchema: z.object({
    deleted: z.string().describe('URL of the deleted page'),
    title: z.string().describe('Its title'),
    entities_removed: z.array(z.string()).describe(`Names of the entities only this page supported (the first ${MAX_NAMES_LISTED})`),
    entities_removed_count: z.number().int().describe('How many entities were removed'),
    entities_kept: z.number().int().describe('Entities of the page that other pages still support'),
    relationships_removed: z.number().int().describe('Relationships removed with it'),
    evidence_removed: z.number().int().describe('Evidence rows removed with it'),
  }),
  examples: [
    {
      input: { url: 'https://example.com/paystack' },
      output: {
        deleted: 'https://example.com/paystack',
        title: 'Stripe buys Paystack',
        entities_removed: ['Paystack'],
        entities_removed_count: 1,
        entities_kept: 1,
        relationships_removed: 1,
        evidence_removed: 3,
      },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps; report?: ToolExecutionContext<GraphToolDeps>['report'] }) => {
    const out = await ctx.deps.graph.deletePage(input.url);
    // The ids are not in the output (names are): said to whoever records the call, team sync's tombstones.
    ctx.report?.({
      removed: { entities: out.entityIdsRemoved, relationships: out.relationshipIdsRemoved, evidence: out.evidenceOfKeptRemoved },
    });
    return {
      deleted: out.page.url,
      title: out.page.title,
      entities_removed: out.entitiesRemoved.slice(0, MAX_NAMES_LISTED),
      entities_removed_count: out.entitiesRemoved.length,
      entities_kept: out.entitiesKept,
      relationships_removed: out.relationshipsRemoved,
      evidence_removed: out.evidenceRemoved,
    };
  },
});
