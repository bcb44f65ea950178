/**
 * `review_decide`: the user's answer to one review item. `merge` folds the
 * provisional entity into the chosen candidate (the top one unless another is
 * named) through the graph service, so the merge shows in merge_history and can be
 * undone; `keep_separate` keeps both. The item is marked accepted or rejected.
 */
import { z } from 'zod';
import { ConflictError, InvalidArgumentsError, NotFoundError } from '../../errors';
import { asEntityId, asReviewId, systemClock } from '../../graph/ids';
import type { ReviewItem } from '../../graph/types';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';

/**
 * The decision time: a merge's own time when there is one; otherwise the system
 * clock (GraphToolDeps carries no Clock; the time is informative only).
 */
async function decide(
  deps: GraphToolDeps,
  item: ReviewItem,
  decision: 'merge' | 'keep_separate',
  candidateRef: string | undefined,
): Promise<{ item: ReviewItem; mergeId?: string; into?: string }> {
  const decidedAt = systemClock.now();
  if (decision === 'keep_separate') {
    return { item: { ...item, status: 'rejected', decidedAt, decision: { kind: 'kept_separate' } } };
  }
  const candidateId = candidateRef === undefined ? item.candidates[0]?.id : asEntityId(candidateRef);
  if (candidateId === undefined || !item.candidates.some((c) => c.id === candidateId)) {
    throw new InvalidArgumentsError(
      `Pick one of this item's candidates (${item.candidates.map((c) => c.id).join(', ') || 'none'}), or keep it separate.`,
    );
  }
  const into = await deps.store.getEntity(candidateId);
  if (!into)
    throw new NotFoundError(`The candidate ${candidateId} no longer exists (deleted or merged away); keep the mention separate instead.`);
  if (item.provisionalId === undefined || (await deps.store.getEntity(item.provisionalId)) === undefined) {
    // Nothing to fold in: the mention already points at the candidate or was removed since.
    return { item: { ...item, status: 'accepted', decidedAt, decision: { kind: 'merged_into', entityId: candidateId } }, into: into.name };
  }
  const merged = await deps.graph.merge(candidateId, item.provisionalId);
  return {
    item: { ...item, status: 'accepted', decidedAt: merged.record.at, decision: { kind: 'merged_into', entityId: candidateId } },
    mergeId: merged.record.id,
    into: merged.into.name,
  };
}

export const reviewDecide = defineTool({
  name: 'review_decide',
  description:
    'Decide one review item: "merge" folds the provisional entity into a candidate (the best one unless candidate_id says which; undo with entity_unmerge), "keep_separate" keeps it as its own entity.',
  sideEffectClass: 'side-effecting',
  tags: ['graph', 'write', 'review'],
  inputSchema: z.object({
    review_id: z.string().min(1).max(80).describe('The review_id from review_list'),
    decision: z.enum(['merge', 'keep_separate']).describe('merge into a candidate, or keep separate'),
    candidate_id: z.string().min(1).max(80).optional().describe('Which candidate to merge into (default: the best one)'),
  }),
  outputSchema: z.object({
    review_id: z.string().describe('The item decided'),
    status: z.enum(['accepted', 'rejected']).describe('accepted: merged; rejected: kept separate'),
    merged_into: z.string().optional().describe('Name of the entity the mention joined'),
    merge_id: z.string().optional().describe('Pass to entity_unmerge to undo'),
  }),
  examples: [
    {
      input: { review_id: 'q_000004', decision: 'merge' },
      output: { review_id: 'q_000004', status: 'accepted', merged_into: 'Stripe', merge_id: 'm_000005' },
    },
    { input: { review_id: 'q_000004', decision: 'keep_separate' }, output: { review_id: 'q_000004', status: 'rejected' } },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    const id = asReviewId(input.review_id.trim());
    if (!id)
      throw new InvalidArgumentsError(
        `"${input.review_id.slice(0, 80)}" is not a review id (they look like "q_…"); list them with review_list.`,
      );
    const item = await ctx.deps.store.getReview(id);
    if (!item) throw new NotFoundError(`No review item has id "${id}".`);
    if (item.status !== 'pending') throw new ConflictError(`Review item ${id} was already decided (${item.status}).`);
    const out = await decide(ctx.deps, item, input.decision, input.candidate_id);
    await ctx.deps.store.putReview(out.item);
    return {
      review_id: id,
      status: out.item.status === 'accepted' ? ('accepted' as const) : ('rejected' as const),
      ...(out.into === undefined ? {} : { merged_into: out.into }),
      ...(out.mergeId === undefined ? {} : { merge_id: out.mergeId }),
    };
  },
});
