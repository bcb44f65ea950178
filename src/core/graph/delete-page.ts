/**
 * Deleting a captured page with what only it contributed.
 *
 * The page's record and its evidence rows go. Then each entity and relationship the
 * page listed or gave evidence for is weighed: it stays when something else still
 * supports it (evidence read from another page, another page listing it, or a type
 * the user set by hand), and goes otherwise, an entity with its relationships and
 * remaining evidence, as `entity_delete` removes one. Run inside one store
 * transaction (the graph service does), so a failure leaves the graph untouched.
 */
import { ConflictError } from '../errors';
import type { ChangeLog } from './events';
import type { EntityId, RelationshipId } from './ids';
import type { GraphStore } from './store';
import type { Entity, Evidence, Page } from './types';

/** Per-page and per-entity bound on what one deletion touches; past it nothing changes. */
export const MAX_PAGE_DELETION_ITEMS = 50_000;

export interface PageDeletionOutcome {
  readonly page: Page;
  /** Names of the entities removed because only this page supported them. */
  readonly entitiesRemoved: readonly string[];
  /** Their ids, in the same order. */
  readonly entityIdsRemoved: readonly EntityId[];
  /** Relationships removed on their own (those removed with an entity go with its tombstone, and are not listed). */
  readonly relationshipIdsRemoved: readonly RelationshipId[];
  /** The page's evidence rows removed from entities and relationships that stay (`evidenceOfKept`). */
  readonly evidenceOfKeptRemoved: readonly Pick<Evidence, 'id' | 'contributor'>[];
  /** Entities the page named that other pages (or the user) still support. */
  readonly entitiesKept: number;
  readonly relationshipsRemoved: number;
  readonly evidenceRemoved: number;
}

export interface EntityRemovalOutcome {
  readonly relationshipsRemoved: number;
  readonly evidenceRemoved: number;
}

async function bounded<T>(list: Promise<T[]>, what: string): Promise<T[]> {
  const items = await list;
  if (items.length > MAX_PAGE_DELETION_ITEMS) {
    throw new ConflictError(`More than ${MAX_PAGE_DELETION_ITEMS} ${what} are involved; the deletion was refused, nothing changed.`);
  }
  return items;
}

/** Removes a relationship and its evidence; returns how many evidence rows went with it. */
async function removeRelationship(store: GraphStore, log: ChangeLog, id: RelationshipId): Promise<number> {
  const rel = await store.getRelationship(id);
  if (rel === undefined) return 0;
  const evidence = await bounded(store.evidenceOfRelationship(id, MAX_PAGE_DELETION_ITEMS + 1), 'evidence rows');
  for (const ev of evidence) await store.deleteEvidence(ev.id);
  await store.deleteRelationship(id);
  log.relationshipRemoved(rel);
  return evidence.length;
}

/**
 * Removes an entity with its relationships and evidence, and drops it (and those
 * relationships) from the page lists naming it: the one way the graph deletes an entity.
 */
export async function removeEntityRecords(store: GraphStore, log: ChangeLog, entity: Entity): Promise<EntityRemovalOutcome> {
  const rels = await bounded(store.relationshipsOf(entity.id, 'both', MAX_PAGE_DELETION_ITEMS + 1), 'relationships');
  let evidenceRemoved = 0;
  for (const rel of rels) evidenceRemoved += await removeRelationship(store, log, rel.id);
  const evidence = await bounded(store.evidenceOfEntity(entity.id, MAX_PAGE_DELETION_ITEMS + 1), 'evidence rows');
  for (const ev of evidence) await store.deleteEvidence(ev.id);
  evidenceRemoved += evidence.length;
  const relIds = new Set<string>(rels.map((r) => r.id));
  for (const page of await bounded(store.pagesOfEntity(entity.id, MAX_PAGE_DELETION_ITEMS + 1), 'pages')) {
    await store.putPage({
      ...page,
      entityIds: page.entityIds.filter((e) => e !== entity.id),
      relationshipIds: page.relationshipIds.filter((r) => !relIds.has(r)),
    });
  }
  await store.deleteEntity(entity.id);
  log.entityRemoved(entity);
  return { relationshipsRemoved: rels.length, evidenceRemoved };
}

/** The entities and relationships a page listed or gave evidence for, each once. */
function contributionsOf(page: Page, evidence: readonly Evidence[]): { entityIds: EntityId[]; relationshipIds: RelationshipId[] } {
  const entityIds = new Set<EntityId>(page.entityIds);
  const relationshipIds = new Set<RelationshipId>(page.relationshipIds);
  for (const ev of evidence) {
    if (ev.entityId !== undefined) entityIds.add(ev.entityId);
    if (ev.relationshipId !== undefined) relationshipIds.add(ev.relationshipId);
  }
  return { entityIds: [...entityIds], relationshipIds: [...relationshipIds] };
}

/** Whether a relationship has support left: evidence, or a page (of its source entity) listing it. */
async function relationshipSupported(store: GraphStore, id: RelationshipId): Promise<boolean> {
  const rel = await store.getRelationship(id);
  if (rel === undefined) return true; // already gone with an entity: nothing to remove
  if ((await store.evidenceOfRelationship(id, 1)).length > 0) return true;
  const pages = await bounded(store.pagesOfEntity(rel.from, MAX_PAGE_DELETION_ITEMS + 1), 'pages');
  return pages.some((p) => p.relationshipIds.includes(id));
}

/** Whether an entity has support left: a type the user set, evidence, or a page listing it. */
async function entitySupported(store: GraphStore, entity: Entity): Promise<boolean> {
  if (entity.typeSetByUser === true) return true;
  if ((await store.evidenceOfEntity(entity.id, 1)).length > 0) return true;
  return (await store.pagesOfEntity(entity.id, 1)).length > 0;
}

/**
 * Deletes the page at `url` with the evidence read from it, and the entities and
 * relationships nothing else supports (see the module comment). Undefined, with
 * nothing changed, when no page has that URL.
 *
 * @example
 *   const out = await deletePageRecords(store, log, 'https://example.com/a');
 *   out.entitiesRemoved; // ['Paystack'] — named on that page only
 */
export async function deletePageRecords(store: GraphStore, log: ChangeLog, url: string): Promise<PageDeletionOutcome | undefined> {
  const page = await store.getPage(url);
  if (page === undefined) return undefined;
  const evidence = await bounded(store.evidenceOfPage(url, MAX_PAGE_DELETION_ITEMS + 1), 'evidence rows');
  const contributed = contributionsOf(page, evidence);
  for (const ev of evidence) await store.deleteEvidence(ev.id);
  await store.deletePage(url);
  let evidenceRemoved = evidence.length;
  let relationshipsRemoved = 0;
  const relationshipIdsRemoved: RelationshipId[] = [];
  for (const id of contributed.relationshipIds) {
    if (await relationshipSupported(store, id)) continue;
    evidenceRemoved += await removeRelationship(store, log, id);
    relationshipsRemoved++;
    relationshipIdsRemoved.push(id);
  }
  const entitiesRemoved: string[] = [];
  const entityIdsRemoved: EntityId[] = [];
  let entitiesKept = 0;
  for (const entity of await store.getEntities(contributed.entityIds)) {
    if (await entitySupported(store, entity)) {
      entitiesKept++;
      continue;
    }
    const out = await removeEntityRecords(store, log, entity);
    entitiesRemoved.push(entity.name);
    entityIdsRemoved.push(entity.id);
    relationshipsRemoved += out.relationshipsRemoved;
    evidenceRemoved += out.evidenceRemoved;
  }
  const evidenceOfKeptRemoved = await evidenceOfKept(store, evidence);
  return {
    page,
    entitiesRemoved,
    entityIdsRemoved,
    relationshipIdsRemoved,
    evidenceOfKeptRemoved,
    entitiesKept,
    relationshipsRemoved,
    evidenceRemoved,
  };
}

/**
 * Of evidence rows just deleted, those whose entity or relationship is still in the graph,
 * as id and contributor: a mirror of the graph (the team's) must drop them one by one,
 * while the others went with their record's tombstone.
 *
 * @example
 *   for (const ev of rows) await store.deleteEvidence(ev.id);
 *   report.removed.evidence = await evidenceOfKept(store, rows); // after the entities and relationships that go went
 */
export async function evidenceOfKept(store: GraphStore, rows: readonly Evidence[]): Promise<Pick<Evidence, 'id' | 'contributor'>[]> {
  const entities = new Set(
    (await store.getEntities([...new Set(rows.flatMap((e) => (e.entityId === undefined ? [] : [e.entityId])))])).map((e) => e.id),
  );
  const relationships = new Set<RelationshipId>();
  for (const id of new Set(rows.flatMap((e) => (e.relationshipId === undefined ? [] : [e.relationshipId])))) {
    if ((await store.getRelationship(id)) !== undefined) relationships.add(id);
  }
  return rows
    .filter((e) =>
      e.entityId !== undefined ? entities.has(e.entityId) : e.relationshipId !== undefined && relationships.has(e.relationshipId),
    )
    .map((e) => (e.contributor === undefined ? { id: e.id } : { id: e.id, contributor: e.contributor }));
}
