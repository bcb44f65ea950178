/**
 * The lossless JSON form of the graph: every record of every table (entities,
 * relationships, evidence, pages, merges, reviews) exactly as the store keeps it,
 * with a format tag and a version. `dumpGraph` reads it through the GraphReader
 * port page by page. An imported file is untrusted input: `graphDumpSchema` checks
 * its shape (types, ids, sizes), then `checkRecords` applies the graph service's
 * rules to every record (see check-dump.ts); `parseGraphDump` does both.
 *
 * @example
 *   const dump = await dumpGraph(store);
 *   const text = JSON.stringify(dump);
 *   const again = parseGraphDump(JSON.parse(text)); // throws InvalidArgumentsError listing the bad records
 */
import { z } from 'zod';
import { InvalidArgumentsError } from '../errors';
import { asEntityId, asEvidenceId, asMergeId, asRelationshipId, asReviewId } from '../graph/ids';
import type { EntityId, EvidenceId, MergeId, RelationshipId, ReviewId } from '../graph/ids';
import { MAX_PAGE_SENTENCES } from '../graph/page-sentences';
import { MAX_REMOVED_NAMES, MAX_STRUCTURED_NAMES } from '../graph/service';
import type { GraphReader } from '../graph/store';
import type { Entity, Evidence, MergeRecord, Page, Relationship, ReviewItem } from '../graph/types';
import { ENTITY_TYPES } from '../graph/types';
import { ownRecordSchema } from '../records';
import { checkRecords, ProblemList } from './check-dump';
import type { RecordKind } from './check-dump';

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
export async function dumpGraph(store: GraphReader, options: { readonly exportedAt?: number } = {}): Promise<GraphDump> {
  const entities = await pagesOf(
    (after) => store.listEntities({ limit: READ_PAGE, ...(after === undefined ? {} : { after }) }),
    (e) => e.id,
  );
  const relationships = await pagesOf(
    (after) => store.listRelationships({ limit: READ_PAGE, ...(after === undefined ? {} : { after }) }),
    (r) => r.id,
  );
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
export const entityId = idSchema<EntityId>(asEntityId, 'an entity');
export const relationshipId = idSchema<RelationshipId>(asRelationshipId, 'a relationship');
export const evidenceId = idSchema<EvidenceId>(asEvidenceId, 'an evidence');
export const mergeId = idSchema<MergeId>(asMergeId, 'a merge');
const reviewId = idSchema<ReviewId>(asReviewId, 'a review');
/**
 * Shape bounds only, far above the service's limits (which `checkRecords` applies with
 * the service's own messages): they stop a hostile file from making the checks slow.
 */
const text = z.string().max(10_000);
const time = z.number().finite();
/** Attribute entries read per entity at most (the service keeps 100 once cleaned). */
const MAX_RAW_ATTRIBUTES = 1000;
/** Attributes keep every name, `__proto__` included (attribute names are data). */
const attributesSchema = ownRecordSchema(z.string().max(10_000), text).refine((r) => Object.keys(r).length <= MAX_RAW_ATTRIBUTES, {
  message: `at most ${MAX_RAW_ATTRIBUTES} attributes`,
});

const entitySchema = z.object({
  id: entityId,
  name: text,
  type: z.enum(ENTITY_TYPES),
  aliases: z.array(text).max(1000),
  attributes: attributesSchema,
  description: text.optional(),
  authorityId: text.optional(),
  createdAt: time,
  updatedAt: time,
  mentionCount: z.number().int().nonnegative(),
  typeSetByUser: z.literal(true).optional(),
  // Derived: recomputed on import, so a file may leave it out (and its content is never trusted).
  keys: z.array(text).max(5000).default([]),
});

// `key` is derived: recomputed on import, so a file may leave it out (the JSON export does).
const relationshipSchema = z.object({
  id: relationshipId,
  from: entityId,
  to: entityId,
  label: text,
  key: text.default(''),
  createdAt: time,
  updatedAt: time,
});

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
  extractor: z.literal('llm').optional(),
  model: text.optional(),
  contributor: text.optional(),
});

const pageSchema = z.object({
  url: text,
  title: text,
  site: text,
  lang: text.optional(),
  byline: text.optional(),
  publishedAt: text.optional(),
  pdfPages: z.number().int().nonnegative().max(1_000_000).optional(),
  capturedAt: time,
  entityIds: z.array(entityId).max(100_000),
  relationshipIds: z.array(relationshipId).max(100_000),
  notes: z.array(text).max(100).optional(),
  // The bounds are checked exactly (count, characters, bytes) by `cleanPage`.
  sentences: z.array(z.string()).max(MAX_PAGE_SENTENCES).optional(),
  analyzerVersion: z.number().int().nonnegative().optional(),
  removedNames: z.array(text).max(MAX_REMOVED_NAMES).optional(),
  structuredNames: z.array(text).max(MAX_STRUCTURED_NAMES).optional(),
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

const TABLE_KINDS: ReadonlyMap<string, RecordKind> = new Map([
  ['entities', 'entity'],
  ['relationships', 'relationship'],
  ['evidence', 'evidence'],
  ['pages', 'page'],
  ['merges', 'merge'],
  ['reviews', 'review'],
]);

/** The shape errors of a file as import problems (kind, index, name, reason). */
function shapeProblems(raw: unknown, error: z.ZodError): ProblemList {
  const problems = new ProblemList();
  for (const issue of error.issues) {
    const [table, index, ...rest] = issue.path;
    const kind = typeof table === 'string' ? TABLE_KINDS.get(table) : undefined;
    if (kind === undefined || typeof index !== 'number' || typeof table !== 'string') {
      problems.add({ kind: 'entity', index: -1, name: issue.path.map(String).join('.') }, issue.message);
      continue;
    }
    const rows = typeof raw === 'object' && raw !== null ? Reflect.get(raw, table) : undefined;
    const row: unknown = Array.isArray(rows) ? rows[index] : undefined;
    const label =
      typeof row === 'object' && row !== null
        ? (Reflect.get(row, 'name') ?? Reflect.get(row, 'url') ?? Reflect.get(row, 'label'))
        : undefined;
    problems.add(
      { kind, index, name: typeof label === 'string' ? label : '' },
      `${rest.map(String).join('.') || 'record'}: ${issue.message}`,
    );
  }
  return problems;
}

/**
 * Checks a chunk of records that arrived from outside (a file, a tool call): shape,
 * then the graph service's rules. Returns the cleaned records, or throws
 * `InvalidArgumentsError` whose `details.problems` lists the first bad records.
 *
 * @example const checked = checkGraphChunk(args.records);
 */
export function checkGraphChunk(raw: unknown) {
  const parsed = graphChunkSchema.safeParse(raw);
  if (!parsed.success) throw shapeProblems(raw, parsed.error).error();
  return checkRecords(parsed.data);
}

/**
 * Checks an untrusted value (a parsed JSON file) and returns the dump with every
 * record cleaned as the service would store it, or throws `InvalidArgumentsError`
 * saying which records are wrong and why (`details.problems`).
 *
 * @example parseGraphDump(JSON.parse(await file.text()))
 */
export function parseGraphDump(raw: unknown): GraphDump {
  if (typeof raw !== 'object' || raw === null || Reflect.get(raw, 'format') !== DUMP_FORMAT) {
    throw new InvalidArgumentsError(
      `This file is not an Ariadne graph export (expected "format": "${DUMP_FORMAT}"). Export one from Ariadne's Data tab, or pick another file.`,
    );
  }
  const version: unknown = Reflect.get(raw, 'version');
  if (version !== DUMP_VERSION) {
    throw new InvalidArgumentsError(
      `This export is of an unknown version (${String(version).slice(0, 20)}); this Ariadne reads version ${DUMP_VERSION}. Nothing was imported.`,
    );
  }
  const parsed = graphDumpSchema.safeParse(raw);
  if (!parsed.success) throw shapeProblems(raw, parsed.error).error();
  const { format, exportedAt } = parsed.data;
  return { format, version: parsed.data.version, exportedAt, ...checkRecords(parsed.data).records };
}
