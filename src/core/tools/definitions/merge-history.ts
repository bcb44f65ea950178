/** `merge_history`: recent merges, newest first, with what can still be undone. */
import { z } from 'zod';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';

export const mergeHistory = defineTool({
  name: 'merge_history',
  description:
    'Recent merges, newest first: which entity was merged into which, when, and whether it was undone. Undo one with entity_unmerge.',
  sideEffectClass: 'read-only',
  tags: ['graph', 'read'],
  inputSchema: z.object({ limit: z.number().int().min(1).max(200).optional().describe('Merges at most (default 20)') }),
  outputSchema: z.object({
    merges: z.array(
      z.object({
        merge_id: z.string().describe('Pass to entity_unmerge'),
        at: z.number().describe('Epoch milliseconds'),
        merged_into: z.string().describe('Surviving entity name (as it was)'),
        removed: z.string().describe('Merged entity name'),
        undone: z.boolean().describe('Already undone'),
      }),
    ),
  }),
  examples: [
    { input: {}, output: { merges: [{ merge_id: 'm_000001', at: 0, merged_into: 'Stripe', removed: 'Stripe, Inc.', undone: false }] } },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => ({
    merges: (await ctx.deps.store.listMerges(input.limit ?? 20)).map((m) => ({
      merge_id: m.id,
      at: m.at,
      merged_into: m.intoBefore.name,
      removed: m.removed.name,
      undone: m.undoneAt !== undefined,
    })),
  }),
});
