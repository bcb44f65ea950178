/**
 * Bulk actions on many entities at once (delete, retype, merge into one), each applied
 * whole in one store transaction and undone whole by one `undoBulk` call.
 *
 * What an undo needs is kept by the graph service in memory (`BulkJournal`), newest
 * first and bounded: the background's service lives as long as the worker, so an undo is
 * offered right after the action, not across restarts (a merge stays undoable one by one
 * from the merge history, whose records are stored). Deletions keep a snapshot of each
 * entity with its relationships, evidence and the page records that listed it; retypes
 * keep each entity as it was; merges keep their merge ids.
 */
import { ConflictError, InvalidArgumentsError, NotFoundError } from '../errors';
import { removeEntityRecords } from './delete-page';
import type { ChangeLog } from './events';
import type { EntityId, MergeId } from './ids';
import { withKeys } from './input';
import { mergeEntities, unmergeEntities } from './merge';
import type { MergeContext } from './merge';
import type { GraphStore } from './store';
import type { Entity, EntityType, Evidence, Page, Relationship } from './types';

/** Entities one bulk action takes at most: a screenful of selections many times over, far below a transaction's limits. */
export const MAX_BULK_ENTITIES = 200;
/** Bulk actions whose undo is kept: the latest ones, which is what an undo button offers. */
export const MAX_BULK_UNDOS = 20;
/** Edges read per entity for a deletion snapshot; past it the action is refused, nothing changed. */
const MAX_SNAPSHOT_ITEMS = 50_000;

export type BulkAction = 'delete' | 'retype' | 'merge';

interface DeletionSnapshot {
  readonly entities: readonly Entity[];
  readonly relationships: readonly Relationship[];
  readonly evidence: readonly Evidence[];
  /** Page records as they were before the deletion (one per URL). */
  readonly pages: readonly Page[];
}

export type BulkUndoRecord =
  | { readonly action: 'delete'; readonly snapshot: DeletionSnapshot }
  | { readonly action: 'retype'; readonly before: readonly Entity[]; readonly type: EntityType }
  | { readonly action: 'merge'; readonly mergeIds: readonly MergeId[] };

export interface BulkOutcome {
  readonly action: BulkAction;
  /** Pass to `undoBulk` to put everything back. */
  readonly undoId: string;
  /** The entities acted on (for a merge: the ones folded in), in the order given. */
  readonly entities: readonly Entity[];
  /** For a merge: the surviving entity after it. */
  readonly into?: Entity;
}

export interface BulkUndoOutcome {
  readonly action: BulkAction;
  /** Entities put back (deleted or merged ones restored, retyped ones typed back). */
  readonly restored: number;
  /** Retyped entities whose type was changed again since, and kept as they are now. */
  readonly skipped: number;
}

/**
 * The undo records of recent bulk actions, newest kept (`MAX_BULK_UNDOS`). Ids are
 * `b_1`, `b_2`… in the order of actions: deterministic for the same sequence.
 */
export class BulkJournal {
  private readonly records = new Map<string, BulkUndoRecord>();
  private next = 1;

  add(record: BulkUndoRecord): string {
    const id = `b_${this.next++}`;
    this.records.set(id, record);
    for (const old of this.records.keys()) {
      if (this.records.size <= MAX_BULK_UNDOS) break;
      this.records.delete(old);
    }
    return id;
  }

  /** The record, or `not_found` naming why (never made, already undone, or too old / forgotten on restart). */
  take(id: string): BulkUndoRecord {
    const record = this.records.get(id);
    if (record === undefined) {
      throw new NotFoundError(
        `No bulk action "${id.slice(0, 40)}" can be undone: it was undone already, is older than the last ${MAX_BULK_UNDOS}, or the background restarted since. Merges stay undoable one by one from the merge history.`,
      );
    }
    return record;
  }

  forget(id: string): void {
    this.records.delete(id);
  }
}

/** The entities of `ids`, each once and all existing, or an error naming what is wrong. */
export async function bulkTargets(store: GraphStore, ids: readonly EntityId[]): Promise<Entity[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new InvalidArgumentsError('Select at least one entity for a bulk action.');
  if (unique.length > MAX_BULK_ENTITIES) {
    throw new InvalidArgumentsError(`A bulk action takes at most ${MAX_BULK_ENTITIES} entities; ${unique.length} were given. Split it.`);
  }
  const found = await store.getEntities(unique);
  if (found.length !== unique.length) {
    const have = new Set<string>(found.map((e) => e.id));
    const missing = unique.filter((id) => !have.has(id));
    throw new NotFoundError(
      `${missing.length} selected entit${missing.length === 1 ? 'y no longer exists' : 'ies no longer exist'} (${missing.slice(0, 5).join(', ')}); nothing changed.`,
    );
  }
  return found;
}

async function bounded<T>(list: Promise<T[]>, what: string): Promise<T[]> {
  const items = await list;
  if (items.length > MAX_SNAPSHOT_ITEMS) throw new ConflictError(`An entity has more than ${MAX_SNAPSHOT_ITEMS} ${what}; nothing changed.`);
  return items;
}

/** Everything a deletion of `entities` removes or rewrites, read before the first write. */
async function snapshot(store: GraphStore, entities: readonly Entity[]): Promise<DeletionSnapshot> {
  const relationships = new Map<string, Relationship>();
  const evidence = new Map<string, Evidence>();
  const pages = new Map<string, Page>();
  for (const entity of entities) {
    for (const rel of await bounded(store.relationshipsOf(entity.id, 'both', MAX_SNAPSHOT_ITEMS + 1), 'relationships')) {
      relationships.set(rel.id, rel);
      for (const ev of await bounded(store.evidenceOfRelationship(rel.id, MAX_SNAPSHOT_ITEMS + 1), 'evidence rows'))
        evidence.set(ev.id, ev);
    }
    for (const ev of await bounded(store.evidenceOfEntity(entity.id, MAX_SNAPSHOT_ITEMS + 1), 'evidence rows')) evidence.set(ev.id, ev);
    for (const page of await bounded(store.pagesOfEntity(entity.id, MAX_SNAPSHOT_ITEMS + 1), 'pages')) {
      if (!pages.has(page.url)) pages.set(page.url, page);
    }
  }
  return { entities, relationships: [...relationships.values()], evidence: [...evidence.values()], pages: [...pages.values()] };
}

/**
 * Deletes `entities` as `entity_delete` does each (with `byUser`: the pages listing them
 * remember their names), and returns the undo record. `markPage` adds the names.
 */
export async function deleteMany(
  store: GraphStore,
  log: ChangeLog,
  entities: readonly Entity[],
  markPage: (page: Page, entity: Entity) => Page,
): Promise<BulkUndoRecord> {
  const before = await snapshot(store, entities);
  for (const entity of entities) {
    const listing = await store.pagesOfEntity(entity.id, MAX_SNAPSHOT_ITEMS);
    await removeEntityRecords(store, log, entity);
    for (const page of listing) {
      const current = await store.getPage(page.url);
      if (current !== undefined) await store.putPage(markPage(current, entity));
    }
  }
  return { action: 'delete', snapshot: before };
}

function union<T>(a: readonly T[], b: readonly T[]): T[] {
  return [...new Set([...a, ...b])];
}

/** Puts deleted entities back with their relationships (whose other end exists), evidence and page lists. */
async function restoreDeleted(store: GraphStore, log: ChangeLog, s: DeletionSnapshot): Promise<BulkUndoOutcome> {
  for (const e of s.entities) {
    if (await store.getEntity(e.id)) throw new ConflictError(`An entity with id "${e.id}" exists again; the deletion cannot be undone.`);
  }
  for (const e of s.entities) {
    await store.putEntity(e);
    log.entityPut(e);
  }
  const restoredRels = new Set<string>();
  for (const rel of s.relationships) {
    if (!(await store.getEntity(rel.from)) || !(await store.getEntity(rel.to))) continue;
    if (await store.findRelationshipByKey(rel.key)) continue; // made again since: the newer one stays
    await store.putRelationship(rel);
    log.relationshipPut(rel);
    restoredRels.add(rel.id);
  }
  for (const ev of s.evidence) {
    if (ev.relationshipId !== undefined && !restoredRels.has(ev.relationshipId)) continue;
    await store.putEvidence(ev);
  }
  for (const before of s.pages) {
    const current = await store.getPage(before.url);
    if (current === undefined) continue; // the page was deleted since: it stays deleted
    // The names the deletion made the page remember go again: re-reading it may find them.
    const { removedNames: _r, ...rest } = current;
    await store.putPage({
      ...rest,
      entityIds: union(before.entityIds, current.entityIds),
      relationshipIds: union(
        before.relationshipIds.filter((r) => restoredRels.has(r) || current.relationshipIds.includes(r)),
        current.relationshipIds,
      ),
      ...(before.removedNames === undefined ? {} : { removedNames: before.removedNames }),
    });
  }
  return { action: 'delete', restored: s.entities.length, skipped: 0 };
}

/** Sets `type` on each entity as the user's choice; returns the entities and the undo record. */
export async function retypeMany(
  store: GraphStore,
  log: ChangeLog,
  entities: readonly Entity[],
  type: EntityType,
  now: number,
): Promise<{ entities: Entity[]; record: BulkUndoRecord }> {
  const out: Entity[] = [];
  for (const before of entities) {
    const entity = withKeys({ ...before, type, typeSetByUser: true, updatedAt: now });
    await store.putEntity(entity);
    log.entityPut(entity);
    out.push(entity);
  }
  return { entities: out, record: { action: 'retype', before: entities, type } };
}

/** Types each entity back, unless its type was changed again since (then it is kept and counted as skipped). */
async function restoreTypes(
  store: GraphStore,
  log: ChangeLog,
  before: readonly Entity[],
  type: EntityType,
  now: number,
): Promise<BulkUndoOutcome> {
  let restored = 0;
  let skipped = 0;
  for (const old of before) {
    const current = await store.getEntity(old.id);
    if (current === undefined || current.type !== type) {
      skipped++;
      continue;
    }
    const { typeSetByUser: _t, ...rest } = current;
    const entity = withKeys({ ...rest, type: old.type, ...(old.typeSetByUser === true ? { typeSetByUser: true } : {}), updatedAt: now });
    await store.putEntity(entity);
    log.entityPut(entity);
    restored++;
  }
  return { action: 'retype', restored, skipped };
}

/** Merges each of `removed` into `into`, in order; returns the survivor and the undo record. */
export async function mergeMany(
  ctx: MergeContext,
  into: Entity,
  removed: readonly Entity[],
): Promise<{ into: Entity; record: BulkUndoRecord }> {
  if (removed.some((e) => e.id === into.id)) {
    throw new InvalidArgumentsError(`“${into.name}” is both the entity kept and one to merge into it; pick it once, as the one kept.`);
  }
  if (removed.length === 0) throw new InvalidArgumentsError('Select at least one entity to merge into the one kept.');
  const mergeIds: MergeId[] = [];
  let survivor = into;
  for (const e of removed) {
    const out = await mergeEntities(ctx, into.id, e.id);
    mergeIds.push(out.record.id);
    survivor = out.into;
  }
  return { into: survivor, record: { action: 'merge', mergeIds } };
}

/**
 * Undoes one bulk action from its record, whole: the caller runs it in one transaction,
 * so a refusal (`conflict`) part way leaves the graph as it was.
 */
export async function undoRecord(ctx: MergeContext, record: BulkUndoRecord): Promise<BulkUndoOutcome> {
  switch (record.action) {
    case 'delete':
      return restoreDeleted(ctx.store, ctx.log, record.snapshot);
    case 'retype':
      return restoreTypes(ctx.store, ctx.log, record.before, record.type, ctx.clock.now());
    case 'merge':
      // The latest merge first: each undo finds the survivor as the next merge left it.
      for (const id of [...record.mergeIds].reverse()) await unmergeEntities(ctx, id);
      return { action: 'merge', restored: record.mergeIds.length, skipped: 0 };
  }
}
