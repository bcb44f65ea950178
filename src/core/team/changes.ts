/**
 * The change records a team graph is made of. A member's device records each local
 * fact as a change with its own id (`changeId`, the idempotency key: the team database
 * keeps one row per id, so a change sent twice lands once), queues it, and pushes it in
 * batches; teammates pull the changes in change-log order and replay them. A deletion is
 * a tombstone (`entity.delete`, `relationship.delete`, `evidence.delete`), never a missing row; a merge and
 * its undo travel as records of their own, so a teammate can undo a replayed merge.
 *
 * @example
 *   const ids = changeIds(clock);
 *   const change = entityUpsert(ids.next(), stripe); // { kind: 'entity.upsert', changeId: 'c_…', at, entity }
 *   teamChangeSchema.parse(JSON.parse(JSON.stringify(change))); // the same change, ids branded again
 */
import { z } from 'zod';
import { entityId, evidenceId, mergeId, relationshipId } from '../export/dump';
import type { Clock, EntityId, EvidenceId, MergeId, RelationshipId } from '../graph/ids';
import type { Entity, Evidence, Relationship } from '../graph/types';
import { ENTITY_TYPES, MAX_ALIASES, MAX_ATTRIBUTE_VALUE_LENGTH, MAX_LABEL_LENGTH, MAX_NAME_LENGTH } from '../graph/types';
import { MAX_URL_LENGTH } from '../capture-limits';
import { isWebUrl } from '../export/web-url';
import { ownRecordSchema } from '../records';

/** `c_<time36><counter><random>`: unique across devices, sortable by creation time. */
export const CHANGE_ID = /^c_[0-9a-z]{8,40}$/;
const changeIdSchema = z.string().regex(CHANGE_ID, 'must be a change id (c_…)');
const time = z.number().int().nonnegative();
const name = z.string().min(1).max(MAX_NAME_LENGTH);
/** Bounds of the wire form; the graph service cleans and bounds again on replay. */
const SNIPPET_MAX = 2000;
const MAX_ATTRIBUTES = 100;

export const entitySnapshotSchema = z.object({
  id: entityId,
  name,
  type: z.enum(ENTITY_TYPES),
  aliases: z.array(name).max(MAX_ALIASES),
  attributes: ownRecordSchema(z.string().min(1).max(80), z.string().max(MAX_ATTRIBUTE_VALUE_LENGTH)).refine(
    (r) => Object.keys(r).length <= MAX_ATTRIBUTES,
    `at most ${MAX_ATTRIBUTES} attributes`,
  ),
  description: z.string().max(SNIPPET_MAX).optional(),
  authorityId: z.string().max(100).optional(),
  mentionCount: z.number().int().nonnegative(),
  createdAt: time,
  updatedAt: time,
});
export type EntitySnapshot = z.infer<typeof entitySnapshotSchema>;

export const relationshipSnapshotSchema = z.object({
  id: relationshipId,
  from: entityId,
  to: entityId,
  label: z.string().min(1).max(MAX_LABEL_LENGTH),
  createdAt: time,
  updatedAt: time,
});
export type RelationshipSnapshot = z.infer<typeof relationshipSnapshotSchema>;

export const evidenceSnapshotSchema = z
  .object({
    id: evidenceId,
    kind: z.enum(['mention', 'relationship', 'alias', 'attribute', 'clip']),
    entityId: entityId.optional(),
    relationshipId: relationshipId.optional(),
    // http(s) only, as local evidence and imports: a teammate's `javascript:` page is refused on pull.
    pageUrl: z.string().min(1).max(MAX_URL_LENGTH).refine(isWebUrl, 'must be an http(s) URL'),
    pageTitle: z.string().max(SNIPPET_MAX),
    snippet: z.string().max(SNIPPET_MAX),
    detail: z.string().max(SNIPPET_MAX).optional(),
    capturedAt: time,
  })
  .refine((e) => (e.entityId === undefined) !== (e.relationshipId === undefined), 'evidence belongs to one entity or one relationship');
export type EvidenceSnapshot = z.infer<typeof evidenceSnapshotSchema>;

const base = { changeId: changeIdSchema, at: time };
export const teamChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('entity.upsert'), ...base, entity: entitySnapshotSchema }),
  z.object({ kind: z.literal('entity.delete'), ...base, entityId }),
  z.object({ kind: z.literal('relationship.upsert'), ...base, relationship: relationshipSnapshotSchema }),
  z.object({ kind: z.literal('relationship.delete'), ...base, relationshipId }),
  z.object({ kind: z.literal('evidence.add'), ...base, evidence: evidenceSnapshotSchema }),
  // Team schema 3 on (migration 003): an older team database refuses it, see postgres-team-remote.ts.
  z.object({ kind: z.literal('evidence.delete'), ...base, evidenceId }),
  z.object({ kind: z.literal('merge.apply'), ...base, mergeId, intoId: entityId, removedId: entityId }),
  z.object({ kind: z.literal('merge.undo'), ...base, mergeId }),
]);
export type TeamChange = z.infer<typeof teamChangeSchema>;
export type TeamChangeKind = TeamChange['kind'];

/** Mints change ids; deterministic with a fixed clock and a seeded `random`. */
export interface ChangeIds {
  next(): string;
}

/** @example changeIds(systemClock).next() // 'c_mhx3k2a000f3k9zq' */
export function changeIds(clock: Clock, random: () => number = Math.random): ChangeIds {
  let last = -1;
  let counter = 0;
  return {
    next() {
      const t = clock.now();
      counter = t === last ? counter + 1 : 0;
      last = t;
      const rand = Math.floor(random() * 36 ** 8)
        .toString(36)
        .padStart(8, '0');
      return `c_${t.toString(36)}${counter.toString(36).padStart(3, '0')}${rand}`;
    },
  };
}

// ── Builders: graph records → changes ──────────────────────────────────────

function entitySnapshot(e: Entity): EntitySnapshot {
  return {
    id: e.id,
    name: e.name,
    type: e.type,
    aliases: [...e.aliases],
    attributes: e.attributes,
    ...(e.description === undefined ? {} : { description: e.description }),
    ...(e.authorityId === undefined ? {} : { authorityId: e.authorityId }),
    mentionCount: e.mentionCount,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

export function entityUpsert(changeId: string, entity: Entity, at = entity.updatedAt): TeamChange {
  return { kind: 'entity.upsert', changeId, at, entity: entitySnapshot(entity) };
}

export function entityDelete(changeId: string, id: EntityId, at: number): TeamChange {
  return { kind: 'entity.delete', changeId, at, entityId: id };
}

export function relationshipUpsert(changeId: string, r: Relationship): TeamChange {
  const relationship = { id: r.id, from: r.from, to: r.to, label: r.label, createdAt: r.createdAt, updatedAt: r.updatedAt };
  return { kind: 'relationship.upsert', changeId, at: r.updatedAt, relationship };
}

export function relationshipDelete(changeId: string, id: RelationshipId, at: number): TeamChange {
  return { kind: 'relationship.delete', changeId, at, relationshipId: id };
}

export function evidenceAdd(changeId: string, e: Evidence): TeamChange {
  const evidence: EvidenceSnapshot = {
    id: e.id,
    kind: e.kind,
    ...(e.entityId === undefined ? {} : { entityId: e.entityId }),
    ...(e.relationshipId === undefined ? {} : { relationshipId: e.relationshipId }),
    pageUrl: e.pageUrl,
    pageTitle: e.pageTitle,
    snippet: e.snippet,
    ...(e.detail === undefined ? {} : { detail: e.detail }),
    capturedAt: e.capturedAt,
  };
  return { kind: 'evidence.add', changeId, at: e.capturedAt, evidence };
}

/** An evidence row removed while what it supported stays (a deleted page's, a re-read's, a forgotten LLM reading's). */
export function evidenceDelete(changeId: string, id: EvidenceId, at: number): TeamChange {
  return { kind: 'evidence.delete', changeId, at, evidenceId: id };
}

export function mergeApply(changeId: string, id: MergeId, intoId: EntityId, removedId: EntityId, at: number): TeamChange {
  return { kind: 'merge.apply', changeId, at, mergeId: id, intoId, removedId };
}

export function mergeUndo(changeId: string, id: MergeId, at: number): TeamChange {
  return { kind: 'merge.undo', changeId, at, mergeId: id };
}
