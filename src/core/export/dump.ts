/**
 * The lossless JSON form of the graph: every record of every table (entities,
 * relationships, evidence, pages, merges, reviews) exactly as the store keeps it,
 * with a format tag and a version. `dumpGraph` reads it through the GraphStore
 * port page by page; `graphDumpSchema` checks a file before anything is imported
 * (an imported file is untrusted input).
 *
 * @example
 *   const dump = await dumpGraph(store);
 *   const text = JSON.stringify(dump);
 *   const again = parseGraphDump(JSON.parse(text)); // throws InvalidArgumentsError when malformed
 */
import { z } from 'zod';
import { InvalidArgumentsError } from '../errors';
import { asEntityId, asEvidenceId, asMergeId, asRelationshipId, asReviewId } from '../graph/ids';
import type { EntityId, EvidenceId, MergeId, RelationshipId, ReviewId } from '../graph/ids';
import type { GraphStore } from '../graph/store';
import type { Entity, Evidence, MergeRecord, Page, Relationship, ReviewItem } from '../graph/types';
import { ENTITY_TYPES } from '../graph/types';

export const DUMP_FORMAT = 'ariadne-graph';
export const DUMP_VERSION = 1;
/** Records per table at most in one dump: well above any real graph, it bounds a hostile file. */
export const MAX_DUMP_RECORDS = 500_000;
/** Records read per store call while dumping. */
const READ_PAGE = 2000;

/** Records of each table; an import chunk is a partial one. */
export interface GraphChunk {
  readonly entities: readonly Entity[];
  readonly relationships: readonly Relationship[];
  readonly evidence: readonly Evidence[];
  readonly pages: readonly Page[];
  readonly merges: readonly MergeRecord[];
  readonly reviews: readonly ReviewItem[];
}

export interface GraphDump extends GraphChunk {
  readonly format: typeof DUMP_FORMAT;
  readonly version: typeof DUMP_VERSION;
  readonly exportedAt: number;
}

// ── Reading the store ───────────────────────────────────────────────────────

async function pagesOf<T>(read: (after: string | undefined) => Promise<T[]>, keyOf: (t: T) => string): Promise<T[]> {
  const out: T[] = [];
  let after: string | undefined;
  while (out.length < MAX_DUMP_RECORDS) {
    const page = await read(after);
    out.push(...page);
    const last = page[page.length - 1];
    if (last === undefined || page.length < READ_PAGE) break;
    after = keyOf(last);
  }
  return out;
}

/**
 * Every record of the graph. Evidence is collected per entity and per relationship
 * (the port has no evidence scan), deduplicated by id and sorted by id.
 *
 * @example const dump = await dumpGraph(store, { exportedAt: clock.now() });
 */
export async function dumpGraph(store: GraphStore, options: { readonly exportedAt?: number } = {}): Promise<GraphDump> {
  const entities = await pagesOf((after) => store.listEntities({ limit: READ_PAGE, ...(after === undefined ? {} : { after }) }), (e) => e.id);
  const relationships = await pagesOf((after) => store.listRelationships({ limit: READ_PAGE, ...(after === undefined ? {} : { after }) }), (r) => r.id);
  const evidence = new Map<string, Evidence>();
  for (const e of entities) for (const ev of await store.evidenceOfEntity(e.id, MAX_DUMP_RECORDS)) evidence.set(ev.id, ev);
  for (const r of relationships) for (const ev of await store.evidenceOfRelationship(r.id, MAX_DUMP_RECORDS)) evidence.set(ev.id, ev);
  const pages = await store.listPages({ limit: MAX_DUMP_RECORDS });
  const reviews = [
    ...(await store.listReviews('pending', MAX_DUMP_RECORDS)),
    ...(await store.listReviews('accepted', MAX_DUMP_RECORDS)),
    ...(await store.listReviews('rejected', MAX_DUMP_RECORDS)),
  ];
  return {
    format: DUMP_FORMAT,
    version: DUMP_VERSION,
    exportedAt: options.exportedAt ?? 0,
    entities,
    relationships,
    evidence: [...evidence.values()].sort(byKey((e) => e.id)),
    pages: [...pages].sort(byKey((p) => p.url)),
    merges: [...(await store.listMerges(MAX_DUMP_RECORDS))].sort(byKey((m) => m.id)),
    reviews: reviews.sort(byKey((r) => r.id)),
  };
}

function byKey<T>(key: (t: T) => string): (a: T, b: T) => number {
  return (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}

// ── Checking a file ─────────────────────────────────────────────────────────

/** A branded id parsed at the boundary: the string must look like an id of that kind. */
function idSchema<T>(mint: (raw: string) => T | undefined, what: string) {
  return z.string().transform((raw, ctx) => {
    const id = mint(raw);
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message: `"${raw.slice(0, 40)}" is not ${what} id` });
      return z.NEVER;
    }
    return id;
  });
}
const entityId = idSchema<EntityId>(asEntityId, 'an entity');
const relationshipId = idSchema<RelationshipId>(asRelationshipId, 'a relationship');
const evidenceId = idSchema<EvidenceId>(asEvidenceId, 'an evidence');
const mergeId = idSchema<MergeId>(asMergeId, 'a merge');
const reviewId = idSchema<ReviewId>(asReviewId, 'a review');
const text = z.string().max(10_000);
const time = z.number().finite();

const entitySchema = z.object({
  id: entityId,
  name: text,
  type: z.enum(ENTITY_TYPES),
  aliases: z.array(text).max(1000),
  attributes: z.record(z.string().max(200), text),
  description: text.optional(),
  authorityId: text.optional(),
  createdAt: time,
  updatedAt: time,
  mentionCount: z.number().int().nonnegative(),
  keys: z.array(text).max(5000),
});

const relationshipSchema = z.object({ id: relationshipId, from: entityId, to: entityId, label: text, key: text, createdAt: time, updatedAt: time });

const evidenceSchema = z.object({
  id: evidenceId,
  kind: z.enum(['mention', 'relationship', 'alias', 'attribute', 'clip']),
  entityId: entityId.optional(),
  relationshipId: relationshipId.optional(),
  pageUrl: text,
  pageTitle: text,
  snippet: text,
  detail: text.optional(),
  capturedAt: time,
});

const pageSchema = z.object({
  url: text,
  title: text,
  site: text,
  lang: text.optional(),
  capturedAt: time,
  entityIds: z.array(entityId).max(100_000),
  relationshipIds: z.array(relationshipId).max(100_000),
  notes: z.array(text).max(100).optional(),
});

const mergeSchema = z.object({
  id: mergeId,
  at: time,
  intoId: entityId,
  removedId: entityId,
  intoBefore: entitySchema,
  removed: entitySchema,
  relationshipsBefore: z.array(relationshipSchema),
  relationshipsCreated: z.array(relationshipId),
  evidenceMoved: z.array(evidenceId),
  pagesTouched: z.array(text),
  evidenceBefore: z.array(evidenceSchema).optional(),
  pagesBefore: z.array(pageSchema).optional(),
  undoneAt: time.optional(),
});

const reviewSchema = z.object({
  id: reviewId,
  createdAt: time,
  status: z.enum(['pending', 'accepted', 'rejected']),
  mention: z.object({ name: text, type: z.enum(ENTITY_TYPES), pageUrl: text, pageTitle: text, snippet: text }),
  provisionalId: entityId.optional(),
  candidates: z.array(z.object({ id: entityId, label: text, type: z.enum(ENTITY_TYPES), confidence: z.number() })).max(100),
  reason: text,
  decidedAt: time.optional(),
  decision: z.object({ kind: z.enum(['merged_into', 'kept_separate']), entityId: entityId.optional() }).optional(),
});

const records = <T extends z.ZodType>(schema: T) => z.array(schema).max(MAX_DUMP_RECORDS).default([]);

/** The parts of a dump, each optional: a chunk of an import is a partial dump. */
export const graphChunkSchema = z.object({
  entities: records(entitySchema),
  relationships: records(relationshipSchema),
  evidence: records(evidenceSchema),
  pages: records(pageSchema),
  merges: records(mergeSchema),
  reviews: records(reviewSchema),
});

export const graphDumpSchema = graphChunkSchema.extend({
  format: z.literal(DUMP_FORMAT),
  version: z.literal(DUMP_VERSION),
  exportedAt: time.default(0),
});

/** Issues listed in the error at most. */
const MAX_ISSUES = 3;

/**
 * Checks an untrusted value (a parsed JSON file) and returns the dump, or throws
 * `InvalidArgumentsError` saying where the file is wrong.
 *
 * @example parseGraphDump(JSON.parse(await file.text()))
 */
export function parseGraphDump(raw: unknown): GraphDump {
  const tag = typeof raw === 'object' && raw !== null ? Reflect.get(raw, 'format') : undefined;
  if (tag !== DUMP_FORMAT) {
    throw new InvalidArgumentsError(`This file is not an Ariadne graph export (expected "format": "${DUMP_FORMAT}"). Export one from Ariadne's Data tab, or pick another file.`);
  }
  const parsed = graphDumpSchema.safeParse(raw);
  if (!parsed.success) {
    const where = parsed.error.issues.slice(0, MAX_ISSUES).map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new InvalidArgumentsError(`The export file is damaged or from an unknown version (${where.join('; ')}). Nothing was imported.`);
  }
  return parsed.data;
}
