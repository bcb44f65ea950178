/**
 * What a local operation contributes to the team graph, as changes to queue: a captured
 * page (its entities, relationships and the evidence read on it), a merge, its undo, a
 * deletion. The background records these after the operation committed; changes written
 * by replaying teammates' changes are never recorded, so nothing echoes back.
 *
 * @example
 *   const result = await ingestCapture(analysis, deps);
 *   await sync.record(await changesOfPage(store, result.pageUrl, ids));
 */
import type { DeleteOutcome, MergeOutcome, UnmergeOutcome } from '../graph/service';
import type { GraphStore } from '../graph/store';
import type { Relationship } from '../graph/types';
import type { WriteReport } from '../tools/write-report';
import type { ChangeIds, TeamChange } from './changes';
import {
  entityDelete,
  entityUpsert,
  evidenceAdd,
  evidenceDelete,
  mergeApply,
  mergeUndo,
  relationshipDelete,
  relationshipUpsert,
} from './changes';

/** Evidence rows read per page at most (a capture writes one per mention and relation, capped at 300). */
const MAX_PAGE_EVIDENCE = 2000;

/** The page's entities, relationships and evidence, in that order (a replay needs the entities first). */
export async function changesOfPage(store: GraphStore, url: string, ids: ChangeIds): Promise<TeamChange[]> {
  const page = await store.getPage(url);
  if (!page) return [];
  const entities = await store.getEntities(page.entityIds);
  const relationships: Relationship[] = [];
  for (const id of page.relationshipIds) {
    const relationship = await store.getRelationship(id);
    if (relationship) relationships.push(relationship);
  }
  const evidence = await store.evidenceOfPage(url, MAX_PAGE_EVIDENCE);
  return [
    ...entities.map((e) => entityUpsert(ids.next(), e)),
    ...relationships.map((r) => relationshipUpsert(ids.next(), r)),
    // Evidence a teammate's change brought (it names its contributor) is theirs: never pushed back as ours.
    ...evidence.filter((e) => e.contributor === undefined).map((e) => evidenceAdd(ids.next(), e)),
  ];
}

/**
 * What bulk writes reported (`WriteReport`): records written (an import), as upserts and
 * evidence, entities before relationships before evidence; then tombstones of what was
 * removed (a page deletion), evidence rows of records that stay, then relationships, then
 * entities. Evidence a teammate brought is theirs: neither pushed nor tombstoned as ours.
 */
export function changesOfReports(reports: readonly WriteReport[], ids: ChangeIds, at: number): TeamChange[] {
  const out: TeamChange[] = [];
  for (const { written, removed } of reports) {
    if (written !== undefined) {
      for (const e of written.entities) out.push(entityUpsert(ids.next(), e));
      for (const r of written.relationships) out.push(relationshipUpsert(ids.next(), r));
      for (const e of written.evidence) if (e.contributor === undefined) out.push(evidenceAdd(ids.next(), e));
    }
    if (removed !== undefined) {
      for (const e of removed.evidence ?? []) if (e.contributor === undefined) out.push(evidenceDelete(ids.next(), e.id, at));
      for (const id of removed.relationships) out.push(relationshipDelete(ids.next(), id, at));
      for (const id of removed.entities) out.push(entityDelete(ids.next(), id, at));
    }
  }
  return out;
}

/** A merge, then the surviving entity as it now is (names and attributes it gained). */
export function changesOfMerge(outcome: Pick<MergeOutcome, 'record' | 'into'>, ids: ChangeIds): TeamChange[] {
  const { record } = outcome;
  return [mergeApply(ids.next(), record.id, record.intoId, record.removedId, record.at), entityUpsert(ids.next(), outcome.into)];
}

/** An undone merge, then both entities as the undo restored them. */
export function changesOfUnmerge(outcome: UnmergeOutcome, ids: ChangeIds, at: number): TeamChange[] {
  return [
    mergeUndo(ids.next(), outcome.record.id, at),
    entityUpsert(ids.next(), outcome.into, at),
    entityUpsert(ids.next(), outcome.restored, at),
  ];
}

/** A deleted entity's tombstone (the team database tombstones its relationships with it). */
export function changesOfDelete(outcome: Pick<DeleteOutcome, 'entity'>, ids: ChangeIds, at: number): TeamChange[] {
  return [entityDelete(ids.next(), outcome.entity.id, at)];
}
