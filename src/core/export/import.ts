/**
 * Importing a graph dump, one chunk at a time (so a long import shows progress and
 * never holds one giant transaction):
 *
 *   - `restore` (the graph is empty): every record is put back as it was, ids
 *     included, so export → clear → import gives the same graph;
 *   - `merge` (the graph already holds data): each entity goes through the
 *     resolver: a confident match gains the imported aliases and the attributes it
 *     lacked, anything else becomes a new entity; relationships, evidence and pages
 *     follow through an id map. Merge history and review items of another graph do
 *     not apply here and are counted as skipped.
 *
 * `importDump` is the driver (it splits the dump and carries the id map between
 * chunks); `applyChunk` is what the `graph_import` tool runs for one chunk.
 *
 * @example
 *   const summary = await importDump(dump, (chunk, mode, idMap) => callTool('graph_import', { mode, records: chunk, id_map: idMap }), onProgress);
 */
import type { EntityId, RelationshipId } from '../graph/ids';
import { asEntityId, asRelationshipId } from '../graph/ids';
import type { GraphService } from '../graph/service';
import type { GraphStore } from '../graph/store';
import type { Entity } from '../graph/types';
import type { Resolver } from '../resolve/resolver';
import type { GraphChunk, GraphDump } from './dump';

export type ImportMode = 'restore' | 'merge';

export interface ImportTally {
  readonly entitiesCreated: number;
  readonly entitiesMatched: number;
  readonly relationships: number;
  readonly evidence: number;
  readonly pages: number;
  readonly merges: number;
  readonly reviews: number;
  /** Records left out, with the reason per kind. */
  readonly skipped: number;
}

export interface ChunkOutcome {
  readonly mode: ImportMode;
  readonly tally: ImportTally;
  /** Old id → id in this graph, for the entities and relationships of the chunk. */
  readonly idMap: Readonly<Record<string, string>>;
}

export const EMPTY_TALLY: ImportTally = { entitiesCreated: 0, entitiesMatched: 0, relationships: 0, evidence: 0, pages: 0, merges: 0, reviews: 0, skipped: 0 };

/** Records per chunk: small enough for one quick transaction and one message, large enough to be fast. */
export const DEFAULT_CHUNK_RECORDS = 500;
/** Confidence from which an imported name joins an existing entity (the resolver's auto-accept). */
export const IMPORT_MATCH_CONFIDENCE = 0.85;

export function addTallies(a: ImportTally, b: ImportTally): ImportTally {
  return {
    entitiesCreated: a.entitiesCreated + b.entitiesCreated,
    entitiesMatched: a.entitiesMatched + b.entitiesMatched,
    relationships: a.relationships + b.relationships,
    evidence: a.evidence + b.evidence,
    pages: a.pages + b.pages,
    merges: a.merges + b.merges,
    reviews: a.reviews + b.reviews,
    skipped: a.skipped + b.skipped,
  };
}

const EMPTY_CHUNK: GraphChunk = { entities: [], relationships: [], evidence: [], pages: [], merges: [], reviews: [] };

/**
 * Splits a dump into chunks of at most `size` records, in dependency order:
 * entities, relationships, evidence, pages, merges, reviews.
 *
 * @example chunkDump(dump, 500).length // ≈ total records / 500
 */
export function chunkDump(dump: GraphChunk, size = DEFAULT_CHUNK_RECORDS): GraphChunk[] {
  const chunks: GraphChunk[] = [];
  const tables = ['entities', 'relationships', 'evidence', 'pages', 'merges', 'reviews'] as const;
  for (const table of tables) {
    const rows: readonly unknown[] = dump[table];
    for (let i = 0; i < rows.length; i += size) chunks.push({ ...EMPTY_CHUNK, [table]: dump[table].slice(i, i + size) });
  }
  return chunks;
}

/** The old ids a chunk refers to (so only those id-map entries travel with it). */
export function referencedIds(chunk: GraphChunk): string[] {
  const ids = new Set<string>();
  for (const r of chunk.relationships) ids.add(r.from).add(r.to);
  for (const e of chunk.evidence) {
    if (e.entityId) ids.add(e.entityId);
    if (e.relationshipId) ids.add(e.relationshipId);
  }
  for (const p of chunk.pages) {
    for (const id of p.entityIds) ids.add(id);
    for (const id of p.relationshipIds) ids.add(id);
  }
  return [...ids];
}

export type SendChunk = (chunk: GraphChunk, mode: ImportMode | 'auto', idMap: Record<string, string>) => Promise<ChunkOutcome>;

export interface ImportSummary {
  readonly mode: ImportMode;
  readonly tally: ImportTally;
  readonly chunks: number;
}

/**
 * Drives an import: the first chunk decides the mode (`auto`: restore into an empty
 * graph, merge otherwise), later chunks use it and receive the id-map entries
 * they refer to. `onProgress(done, total)` is called after every chunk.
 */
export async function importDump(dump: GraphDump, send: SendChunk, onProgress?: (done: number, total: number) => void, size = DEFAULT_CHUNK_RECORDS): Promise<ImportSummary> {
  const chunks = chunkDump(dump, size);
  const idMap = new Map<string, string>();
  let mode: ImportMode | 'auto' = 'auto';
  let tally = EMPTY_TALLY;
  onProgress?.(0, chunks.length);
  for (const [i, chunk] of chunks.entries()) {
    const needed: Record<string, string> = {};
    if (mode === 'merge') for (const id of referencedIds(chunk)) {
      const mapped = idMap.get(id);
      if (mapped !== undefined) needed[id] = mapped;
    }
    const outcome = await send(chunk, mode, needed);
    mode = outcome.mode;
    for (const [from, to] of Object.entries(outcome.idMap)) idMap.set(from, to);
    tally = addTallies(tally, outcome.tally);
    onProgress?.(i + 1, chunks.length);
  }
  return { mode: mode === 'auto' ? 'restore' : mode, tally, chunks: chunks.length };
}

// ── One chunk, inside the background ────────────────────────────────────────

export interface ImportDeps {
  readonly store: GraphStore;
  readonly graph: GraphService;
  readonly resolver: Resolver;
  /** Told about every entity written without the graph service (restore), e.g. the name index. */
  readonly onEntityRestored?: (entity: Entity) => void;
}

/** Puts records back as they were (the graph was empty when the import started). */
export async function restoreChunk(deps: ImportDeps, chunk: GraphChunk): Promise<ChunkOutcome> {
  const { store } = deps;
  await store.transaction(async () => {
    for (const e of chunk.entities) await store.putEntity(e);
    for (const r of chunk.relationships) await store.putRelationship(r);
    for (const e of chunk.evidence) await store.putEvidence(e);
    for (const p of chunk.pages) await store.putPage(p);
    for (const m of chunk.merges) await store.putMerge(m);
    for (const r of chunk.reviews) await store.putReview(r);
  });
  for (const e of chunk.entities) deps.onEntityRestored?.(e);
  return {
    mode: 'restore',
    idMap: {},
    tally: {
      ...EMPTY_TALLY,
      entitiesCreated: chunk.entities.length,
      relationships: chunk.relationships.length,
      evidence: chunk.evidence.length,
      pages: chunk.pages.length,
      merges: chunk.merges.length,
      reviews: chunk.reviews.length,
    },
  };
}

async function matchOrCreate(deps: ImportDeps, e: Entity): Promise<{ id: EntityId; matched: boolean }> {
  const res = await deps.resolver.resolve({
    subject: e.name,
    hints: { ...(e.type === 'other' ? {} : { expected_type: e.type }), aliases: e.aliases.slice(0, 10) },
    strategy: { mode: 'ranked' },
    constraints: { deterministic: true, allowed_sources: ['local'] },
  });
  const matchId = res.status === 'resolved' && res.confidence >= IMPORT_MATCH_CONFIDENCE && res.entity ? asEntityId(res.entity.id) : undefined;
  const existing = matchId === undefined ? undefined : await deps.store.getEntity(matchId);
  if (existing === undefined) {
    const created = await deps.graph.createEntity({
      name: e.name,
      type: e.type,
      aliases: e.aliases,
      attributes: e.attributes,
      mentionCount: e.mentionCount,
      ...(e.description === undefined ? {} : { description: e.description }),
      ...(e.authorityId === undefined ? {} : { authorityId: e.authorityId }),
    });
    return { id: created.id, matched: false };
  }
  // The entity already here keeps its own values; it gains what it lacked.
  const missing = Object.fromEntries(Object.entries(e.attributes).filter(([k]) => !(k in existing.attributes)));
  if (Object.keys(missing).length > 0) await deps.graph.mergeAttributes(existing.id, missing, { mentions: e.mentionCount });
  await deps.graph.addAliases(existing.id, [e.name, ...e.aliases]);
  return { id: existing.id, matched: true };
}

/** Resolves each record against the graph already here (see the module comment). */
export async function mergeChunk(deps: ImportDeps, chunk: GraphChunk, known: Readonly<Record<string, string>>): Promise<ChunkOutcome> {
  const idMap: Record<string, string> = {};
  const entityOf = (old: string): EntityId | undefined => asEntityId(idMap[old] ?? known[old] ?? '');
  const relationshipOf = (old: string): RelationshipId | undefined => asRelationshipId(idMap[old] ?? known[old] ?? '');
  let created = 0;
  let matched = 0;
  let skipped = chunk.merges.length + chunk.reviews.length;
  for (const e of chunk.entities) {
    const { id, matched: wasMatched } = await matchOrCreate(deps, e);
    idMap[e.id] = id;
    if (wasMatched) matched++;
    else created++;
  }
  let relationships = 0;
  for (const r of chunk.relationships) {
    const from = entityOf(r.from);
    const to = entityOf(r.to);
    if (from === undefined || to === undefined || from === to) {
      skipped++;
      continue;
    }
    const { relationship } = await deps.graph.relate(from, r.label, to);
    idMap[r.id] = relationship.id;
    relationships++;
  }
  let evidence = 0;
  for (const ev of chunk.evidence) {
    const entityId = ev.entityId === undefined ? undefined : entityOf(ev.entityId);
    const relationshipId = ev.relationshipId === undefined ? undefined : relationshipOf(ev.relationshipId);
    if (entityId === undefined && relationshipId === undefined) {
      skipped++;
      continue;
    }
    await deps.graph.recordEvidence({
      kind: ev.kind,
      pageUrl: ev.pageUrl,
      pageTitle: ev.pageTitle,
      snippet: ev.snippet,
      capturedAt: ev.capturedAt,
      ...(entityId === undefined ? {} : { entityId }),
      ...(relationshipId === undefined ? {} : { relationshipId }),
      ...(ev.detail === undefined ? {} : { detail: ev.detail }),
    });
    evidence++;
  }
  for (const p of chunk.pages) {
    await deps.graph.recordPage({
      url: p.url,
      title: p.title,
      site: p.site,
      capturedAt: p.capturedAt,
      entityIds: p.entityIds.flatMap((id) => entityOf(id) ?? []),
      relationshipIds: p.relationshipIds.flatMap((id) => relationshipOf(id) ?? []),
      ...(p.lang === undefined ? {} : { lang: p.lang }),
      ...(p.notes === undefined ? {} : { notes: p.notes }),
    });
  }
  return { mode: 'merge', idMap, tally: { ...EMPTY_TALLY, entitiesCreated: created, entitiesMatched: matched, relationships, evidence, pages: chunk.pages.length, skipped } };
}

/** `auto` picks `restore` when the graph holds no entity yet, `merge` otherwise. */
export async function applyChunk(deps: ImportDeps, chunk: GraphChunk, mode: ImportMode | 'auto', known: Readonly<Record<string, string>> = {}): Promise<ChunkOutcome> {
  const effective = mode === 'auto' ? ((await deps.store.countEntities()) === 0 ? 'restore' : 'merge') : mode;
  return effective === 'restore' ? restoreChunk(deps, chunk) : mergeChunk(deps, chunk, known);
}
