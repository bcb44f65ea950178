/**
 * Merging two entities that turn out to be one, and undoing it exactly.
 *
 * Merge B into A: B's attributes are transferred to A (A's values win on a shared
 * key), B's name and aliases become aliases of A, B's relationships are re-pointed
 * to A (a duplicate of one A already has, or a self-loop, is dropped), B's evidence
 * and page lists move to A, and B is deleted. The `MergeRecord` keeps everything
 * needed to put the graph back as it was: `unmergeEntities` restores B, its
 * relationships, evidence and pages, and removes from A only what the merge brought.
 * Run inside one store transaction (the graph service does).
 */
import { ConflictError, NotFoundError } from '../errors';
import { copyRecord, deleteOwn, hasOwnKey, ownValue, setOwn } from '../records';
import { fold } from '../text/normalize';
import type { ChangeLog } from './events';
import type { Clock, EntityId, EvidenceId, IdSource, MergeId, RelationshipId } from './ids';
import { checkAttributeCount, mergeAliases, withKeys } from './input';
import type { GraphStore } from './store';
import type { Entity, Evidence, MergeRecord, Page, Relationship } from './types';

/** Per-entity bound on what one merge moves (relationships, evidence, pages). */
export const MAX_MERGE_ITEMS = 50_000;

export interface MergeContext {
  readonly store: GraphStore;
  readonly ids: IdSource;
  readonly clock: Clock;
  readonly log: ChangeLog;
}

export interface MergeOutcome {
  readonly record: MergeRecord;
  /** The surviving entity after the merge. */
  readonly into: Entity;
  /** Attribute keys the surviving entity did not have. */
  readonly attributesGained: number;
  /** Relationships the surviving entity did not have (duplicates and self-loops excluded). */
  readonly relationshipsGained: number;
  readonly aliasesGained: number;
  readonly evidenceMoved: number;
}

export interface UnmergeOutcome {
  readonly record: MergeRecord;
  readonly restored: Entity;
  readonly into: Entity;
}

function relKey(from: EntityId, label: string, to: EntityId): string {
  return `${from}|${label}|${to}`;
}

/** Where a relationship of `removed` lands once `removed` is replaced by `into`. */
function repoint(rel: Relationship, removed: EntityId, into: EntityId): { from: EntityId; to: EntityId; key: string } {
  const from = rel.from === removed ? into : rel.from;
  const to = rel.to === removed ? into : rel.to;
  return { from, to, key: relKey(from, rel.label, to) };
}

async function all<T>(list: Promise<T[]>, what: string): Promise<T[]> {
  const items = await list;
  if (items.length > MAX_MERGE_ITEMS) {
    throw new ConflictError(`The entity has more than ${MAX_MERGE_ITEMS} ${what}; the merge was refused, nothing changed.`);
  }
  return items;
}

function dedupe<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

/** The surviving entity with B's facts added (A's values win); computed before any write. */
function absorb(a: Entity, b: Entity, now: number): { entity: Entity; attributesGained: number; aliasesGained: number } {
  const attributes = copyRecord(a.attributes);
  let attributesGained = 0;
  for (const [key, value] of Object.entries(b.attributes)) {
    // Own keys only: A's `toString` or `__proto__` is a fact, Object.prototype's is not.
    if (hasOwnKey(attributes, key)) continue;
    setOwn(attributes, key, value);
    attributesGained++;
  }
  checkAttributeCount(attributes);
  const aliases = mergeAliases(a.name, a.aliases, [b.name, ...b.aliases]);
  const description = a.description ?? b.description;
  const authorityId = a.authorityId ?? b.authorityId;
  const entity = withKeys({
    id: a.id,
    name: a.name,
    type: a.type,
    aliases,
    attributes,
    ...(description === undefined ? {} : { description }),
    ...(authorityId === undefined ? {} : { authorityId }),
    // The survivor's type stays, and with it whether the user chose it.
    ...(a.typeSetByUser === true ? { typeSetByUser: true } : {}),
    createdAt: Math.min(a.createdAt, b.createdAt),
    updatedAt: now,
    mentionCount: a.mentionCount + b.mentionCount,
  });
  return { entity, attributesGained, aliasesGained: Math.max(0, aliases.length - a.aliases.length) };
}

/**
 * Merges `removedId` into `intoId`. Both must exist and differ.
 *
 * @example
 *   const { relationshipsGained } = await mergeEntities(ctx, stripe.id, stripeInc.id);
 */
export async function mergeEntities(ctx: MergeContext, intoId: EntityId, removedId: EntityId): Promise<MergeOutcome> {
  const { store, ids, clock, log } = ctx;
  const a = await store.getEntity(intoId);
  const b = await store.getEntity(removedId);
  if (!a) throw new NotFoundError(`No entity has id "${intoId}" (the entity to merge into).`);
  if (!b) throw new NotFoundError(`No entity has id "${removedId}" (the entity to merge).`);
  const now = clock.now();
  // Everything that can refuse the merge runs before the first write.
  const { entity: into, attributesGained, aliasesGained } = absorb(a, b, now);
  const rels = await all(store.relationshipsOf(removedId, 'both', MAX_MERGE_ITEMS + 1), 'relationships');
  const entityEvidence = await all(store.evidenceOfEntity(removedId, MAX_MERGE_ITEMS + 1), 'evidence rows');
  const pages = await all(store.pagesOfEntity(removedId, MAX_MERGE_ITEMS + 1), 'pages');

  const evidenceBefore: Evidence[] = [];
  const evidenceMoved: EvidenceId[] = [];
  const relationshipsCreated: RelationshipId[] = [];
  const relMap = new Map<RelationshipId, RelationshipId | undefined>();
  for (const rel of rels) {
    const relEvidence = await all(store.evidenceOfRelationship(rel.id, MAX_MERGE_ITEMS + 1), 'evidence rows');
    await store.deleteRelationship(rel.id);
    log.relationshipRemoved(rel);
    const { from, to, key } = repoint(rel, removedId, intoId);
    if (from === to) {
      // A relation between A and B becomes a self-loop: meaningless, dropped (undo restores it).
      for (const ev of relEvidence) {
        evidenceBefore.push(ev);
        await store.deleteEvidence(ev.id);
      }
      relMap.set(rel.id, undefined);
      continue;
    }
    let target = await store.findRelationshipByKey(key);
    if (!target) {
      target = { id: ids.relationship(), from, to, label: rel.label, key, createdAt: rel.createdAt, updatedAt: now };
      await store.putRelationship(target);
      log.relationshipPut(target);
      relationshipsCreated.push(target.id);
    }
    for (const ev of relEvidence) {
      evidenceBefore.push(ev);
      evidenceMoved.push(ev.id);
      await store.putEvidence({ ...ev, relationshipId: target.id });
    }
    relMap.set(rel.id, target.id);
  }
  for (const ev of entityEvidence) {
    evidenceBefore.push(ev);
    evidenceMoved.push(ev.id);
    await store.putEvidence({ ...ev, entityId: intoId });
  }
  for (const page of pages) {
    const relationshipIds: RelationshipId[] = [];
    for (const r of page.relationshipIds) {
      const mapped = relMap.has(r) ? relMap.get(r) : r;
      if (mapped !== undefined) relationshipIds.push(mapped);
    }
    await store.putPage({
      ...page,
      entityIds: dedupe(page.entityIds.map((e) => (e === removedId ? intoId : e))),
      relationshipIds: dedupe(relationshipIds),
    });
  }
  await store.deleteEntity(removedId);
  log.entityRemoved(b);
  await store.putEntity(into);
  log.entityPut(into);

  const record: MergeRecord = {
    id: ids.merge(),
    at: now,
    intoId,
    removedId,
    intoBefore: a,
    removed: b,
    relationshipsBefore: rels,
    relationshipsCreated,
    evidenceMoved,
    pagesTouched: pages.map((p) => p.url),
    evidenceBefore,
    pagesBefore: pages,
  };
  await store.putMerge(record);
  return {
    record,
    into,
    attributesGained,
    relationshipsGained: relationshipsCreated.length,
    aliasesGained,
    evidenceMoved: evidenceMoved.length,
  };
}

/** The same facts, ignoring bookkeeping (update time, derived keys, key order). */
function sameFacts(x: Entity, y: Entity): boolean {
  const canon = (e: Entity): string =>
    JSON.stringify([
      e.name,
      e.type,
      e.aliases,
      Object.entries(e.attributes).sort(([p], [q]) => (p < q ? -1 : p > q ? 1 : 0)),
      e.description ?? null,
      e.authorityId ?? null,
      e.mentionCount,
    ]);
  return canon(x) === canon(y);
}

/**
 * The surviving entity without what the merge brought. Changes made to it after the
 * merge are kept; when there were none, the result is exactly `intoBefore`.
 */
function release(current: Entity, record: MergeRecord, now: number): Entity {
  const { intoBefore: before, removed } = record;
  const attributes = copyRecord(current.attributes);
  for (const [key, value] of Object.entries(removed.attributes)) {
    if (!hasOwnKey(before.attributes, key) && ownValue(attributes, key) === value) deleteOwn(attributes, key);
  }
  const hadAlias = new Set(before.aliases.map(fold));
  const brought = new Set([removed.name, ...removed.aliases].map(fold));
  const aliases = current.aliases.filter((alias) => hadAlias.has(fold(alias)) || !brought.has(fold(alias)));
  const description = before.description === undefined && current.description === removed.description ? undefined : current.description;
  const authorityId = before.authorityId === undefined && current.authorityId === removed.authorityId ? undefined : current.authorityId;
  const candidate = withKeys({
    id: current.id,
    name: current.name,
    type: current.type,
    aliases,
    attributes,
    ...(description === undefined ? {} : { description }),
    ...(authorityId === undefined ? {} : { authorityId }),
    ...(current.typeSetByUser === true ? { typeSetByUser: true } : {}),
    createdAt: before.createdAt,
    updatedAt: now,
    mentionCount: Math.max(0, current.mentionCount - removed.mentionCount),
  });
  return sameFacts(candidate, before) ? before : candidate;
}

/**
 * Undoes a merge. Refused (`conflict`) when already undone, when the removed entity's
 * id is in use again, or when the surviving entity is gone (undo the later merge or
 * deletion first).
 *
 * @example
 *   await unmergeEntities(ctx, outcome.record.id); // the graph is as before the merge
 */
export async function unmergeEntities(ctx: MergeContext, mergeId: MergeId): Promise<UnmergeOutcome> {
  const { store, clock, log } = ctx;
  const record = await store.getMerge(mergeId);
  if (!record) throw new NotFoundError(`No merge has id "${mergeId}"; list merges with merge_history.`);
  if (record.undoneAt !== undefined) throw new ConflictError(`Merge "${mergeId}" was already undone.`);
  const { intoId, removedId } = record;
  const current = await store.getEntity(intoId);
  if (!current) {
    throw new ConflictError(
      `The entity "${record.intoBefore.name}" that absorbed the merge no longer exists (deleted or merged again); undo that first.`,
    );
  }
  if (await store.getEntity(removedId)) throw new ConflictError(`An entity with id "${removedId}" exists again; cannot restore it.`);
  const now = clock.now();

  const beforeEvidence = new Map((record.evidenceBefore ?? []).map((ev) => [ev.id, ev]));
  const originalByKey = new Map(record.relationshipsBefore.map((r) => [repoint(r, removedId, intoId).key, r]));
  const created = new Set<string>(record.relationshipsCreated);

  // 1. Relationships the merge created go; evidence added to them since moves to the original.
  for (const id of record.relationshipsCreated) {
    const rel = await store.getRelationship(id);
    if (!rel) continue;
    const original = originalByKey.get(rel.key);
    for (const ev of await all(store.evidenceOfRelationship(id, MAX_MERGE_ITEMS + 1), 'evidence rows')) {
      if (beforeEvidence.has(ev.id)) continue;
      if (original) await store.putEvidence({ ...ev, relationshipId: original.id });
      else await store.deleteEvidence(ev.id);
    }
    await store.deleteRelationship(id);
    log.relationshipRemoved(rel);
  }
  // Relationships of A that duplicated one of B's: the merge may have added them to page lists.
  const duplicates = new Set<string>();
  for (const [key] of originalByKey) {
    const rel = await store.findRelationshipByKey(key);
    if (rel && !created.has(rel.id)) duplicates.add(rel.id);
  }

  // 2. B comes back, then its relationships (whose other end still exists), then evidence.
  await store.putEntity(record.removed);
  log.entityPut(record.removed);
  const restoredRels = new Set<string>();
  for (const rel of record.relationshipsBefore) {
    const other = rel.from === removedId ? rel.to : rel.from;
    if (other !== removedId && !(await store.getEntity(other))) continue;
    await store.putRelationship(rel);
    log.relationshipPut(rel);
    restoredRels.add(rel.id);
  }
  for (const ev of beforeEvidence.values()) {
    if (ev.relationshipId !== undefined && !restoredRels.has(ev.relationshipId)) continue;
    await store.putEvidence(ev);
  }

  // 3. Pages: their lists as before, plus what was added since (not by the merge).
  for (const before of record.pagesBefore ?? []) {
    const latest = await store.getPage(before.url);
    if (!latest) {
      await store.putPage(before);
      continue;
    }
    const page: Page = {
      ...latest,
      entityIds: dedupe([...before.entityIds, ...latest.entityIds.filter((e) => e !== intoId || before.entityIds.includes(intoId))]),
      relationshipIds: dedupe([
        ...before.relationshipIds,
        ...latest.relationshipIds.filter((r) => !created.has(r) && (!duplicates.has(r) || before.relationshipIds.includes(r))),
      ]),
    };
    await store.putPage(page);
  }

  // 4. A loses what the merge brought.
  const into = release(current, record, now);
  await store.putEntity(into);
  log.entityPut(into);
  const done: MergeRecord = { ...record, undoneAt: now };
  await store.putMerge(done);
  return { record: done, restored: record.removed, into };
}
