/**
 * Deletes what an LLM contributed to a page, and only that: its evidence rows, the
 * relationships and entities no other evidence supports once those are gone, and
 * their places in the page's lists. Offline evidence, entities the offline
 * extractor or the user also support, and the page itself stay. One atomic graph
 * transaction per page: all of a page's LLM contributions go, or none.
 *
 * An entity is removed when it is left with no evidence and no relationship (a
 * relationship without evidence is one the user made); a relationship when it is
 * left with no evidence. A `recorder` (team sync) records, in the same transaction, the
 * ids of what went: the entities and relationships removed, and the LLM's evidence rows on
 * those that stay.
 *
 * @example
 *   const outcome = await forgetLlmReading({ graph, store }, 'https://stripe.com/about');
 *   outcome.evidenceRemoved // LLM evidence rows deleted from that page
 */
import type { EntityId, RelationshipId } from '../graph/ids';
import type { GraphService } from '../graph/service';
import { MAX_EDGES_PER_OPERATION } from '../graph/service';
import type { GraphStore } from '../graph/store';
import { evidenceOfKept } from '../graph/delete-page';
import type { Evidence } from '../graph/types';
import type { PageWriteRecorder } from '../tools/write-report';

export interface ForgetOutcome {
  readonly evidenceRemoved: number;
  readonly relationshipsRemoved: number;
  readonly entitiesRemoved: number;
}

export interface ForgetDeps {
  readonly graph: GraphService;
  readonly store: GraphStore;
  /** Records what each page's forgetting removed, in its write turn (team sync queues the tombstones). */
  readonly recorder?: PageWriteRecorder;
}

export const NOTHING_FORGOTTEN: ForgetOutcome = { evidenceRemoved: 0, relationshipsRemoved: 0, entitiesRemoved: 0 };

export function isLlmEvidence(ev: Evidence): boolean {
  return ev.extractor === 'llm';
}

export async function forgetLlmReading(deps: ForgetDeps, pageUrl: string): Promise<ForgetOutcome> {
  const { store } = deps;
  const recorder = await deps.recorder?.prepare();
  const outcome = await deps.graph.exclusive(
    async (graph) => {
      const llm = (await store.evidenceOfPage(pageUrl, MAX_EDGES_PER_OPERATION)).filter(isLlmEvidence);
      if (llm.length === 0) return NOTHING_FORGOTTEN;
      for (const ev of llm) await store.deleteEvidence(ev.id);
      const relIds = new Set(llm.flatMap((ev) => (ev.relationshipId === undefined ? [] : [ev.relationshipId])));
      const entityIds = new Set(llm.flatMap((ev) => (ev.entityId === undefined ? [] : [ev.entityId])));
      const relationships: RelationshipId[] = [];
      for (const id of relIds) {
        if ((await store.evidenceOfRelationship(id, 1)).length > 0) continue;
        if (await graph.unrelate(id)) relationships.push(id);
      }
      const entities: EntityId[] = [];
      for (const id of entityIds) {
        if ((await store.evidenceOfEntity(id, 1)).length > 0 || (await store.relationshipsOf(id, 'both', 1)).length > 0) continue;
        if ((await store.getEntity(id)) === undefined) continue;
        await graph.deleteEntity(id);
        entities.push(id);
      }
      await dropFromPage(store, pageUrl, entityIds, relIds);
      await recorder?.record({
        url: pageUrl,
        rewritten: false,
        removed: { entities, relationships, evidence: await evidenceOfKept(store, llm) },
      });
      return { evidenceRemoved: llm.length, relationshipsRemoved: relationships.length, entitiesRemoved: entities.length };
    },
    { atomic: true },
  );
  recorder?.committed();
  return outcome;
}

/** Takes off the page's lists the entities and relationships that no longer have evidence from it. */
async function dropFromPage(
  store: GraphStore,
  pageUrl: string,
  entityIds: ReadonlySet<EntityId>,
  relIds: ReadonlySet<RelationshipId>,
): Promise<void> {
  const page = await store.getPage(pageUrl);
  if (page === undefined) return;
  const left = await store.evidenceOfPage(pageUrl, MAX_EDGES_PER_OPERATION);
  const withEntity = new Set(left.flatMap((ev) => (ev.entityId === undefined ? [] : [ev.entityId])));
  const withRel = new Set(left.flatMap((ev) => (ev.relationshipId === undefined ? [] : [ev.relationshipId])));
  await store.putPage({
    ...page,
    entityIds: page.entityIds.filter((id) => !entityIds.has(id) || withEntity.has(id)),
    relationshipIds: page.relationshipIds.filter((id) => !relIds.has(id) || withRel.has(id)),
  });
}

/** `forgetLlmReading` for each page, summed. */
export async function forgetLlmReadings(deps: ForgetDeps, pageUrls: readonly string[]): Promise<ForgetOutcome> {
  let total = NOTHING_FORGOTTEN;
  for (const url of pageUrls) {
    const o = await forgetLlmReading(deps, url);
    total = {
      evidenceRemoved: total.evidenceRemoved + o.evidenceRemoved,
      relationshipsRemoved: total.relationshipsRemoved + o.relationshipsRemoved,
      entitiesRemoved: total.entitiesRemoved + o.entitiesRemoved,
    };
  }
  return total;
}
