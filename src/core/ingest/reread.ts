/**
 * Re-reading a stored page: its kept sentences (with its title and URL) are analysed again
 * with the current recognizer and relation extractor, and what the page contributed by
 * extraction is replaced by the new reading, in one atomic write turn.
 *
 * Replaced: the offline extractor's mention and relationship evidence of the page whose
 * sentence the re-reading reads (is among the kept sentences). Whatever it alone supported
 * and the new reading no longer finds goes. Never lost, whatever the new reading says:
 * - merges: a name the user merged away, and every name of the page's entities, joins that
 *   entity without asking the resolver (the merge history and the page's own list);
 * - deletions: a name the user deleted from this page (`Page.removedNames`) is not read again;
 * - user types (`typeSetByUser`, applied by ingestion), attributes (from structured data or the
 *   user: sentences cannot judge them), relationships the extractor did not state here, the
 *   entity a merge kept, a pending review's entity: each keeps its entity;
 * - LLM evidence (`extractor: 'llm'`) and evidence whose sentence is not kept (structured data,
 *   a sentence the bounds cut): not judged, kept as it is;
 * - what the page's structured data gave (`Page.structuredNames`): read again as structured
 *   data (the entity as it is now), so it is found, with its relations; on a page captured
 *   before those names were recorded, nothing the new reading misses is removed;
 * - a re-reading by the analyzer version that read the page already only adds.
 * The page keeps its capture time, title, notes and sentences, and records the analyzer version.
 */
import type { CaptureAnalysis, PageCapture, StructuredEntity } from '../capture';
import { ConflictError, NotFoundError } from '../errors';
import type { EntityId, RelationshipId } from '../graph/ids';
import type { GraphStore } from '../graph/store';
import type { GraphService } from '../graph/service';
import { evidenceOfKept } from '../graph/delete-page';
import type { Entity, Evidence, MergeRecord, Page } from '../graph/types';
import type { PageWriteRecorder, RemovedRecords } from '../tools/write-report';
import { nameKey } from '../text/normalize';
import type { IngestDeps } from './ingest';
import { ingestInto } from './ingest';

/** Evidence rows of one page looked at: a page contributing more is refused (nothing changes). */
export const MAX_REREAD_EVIDENCE = 50_000;
/** Merges looked through for merged-away names (newest first): a lifetime of hand merges. */
const MAX_MERGES_SCANNED = 5_000;
/** Steps followed along a chain of merges (A into B into C …) before giving up on a name. */
const MAX_MERGE_CHAIN = 50;
/** Pending reviews looked through for provisional entities, which stay until the user decides. */
const MAX_PENDING_SCANNED = 500;
/** Aliases given per structured entity (the capture contract's bound). */
const MAX_STRUCTURED_ALIASES = 20;
/** Pages of an entity looked at to find another page supporting it. */
const MAX_OTHER_PAGES = 2;

export interface RereadDeps extends IngestDeps {
  /** The current analyzer (recognizer + relation extractor), as captures use it. */
  readonly analyze: (capture: PageCapture) => Promise<CaptureAnalysis>;
  /** Its version, recorded on the page. */
  readonly analyzerVersion: number;
  /**
   * Records each page re-read in its write turn (team sync queues the page's changes and tombstones): the page's
   * writes and what is recorded commit together, so a worker stopped in between loses neither.
   */
  readonly recorder?: PageWriteRecorder;
}

export interface RereadOutcome {
  readonly url: string;
  readonly title: string;
  /** `no_text`: the page keeps no sentences (kept off, or dropped by the store's bound); nothing changed. */
  readonly status: 'reread' | 'no_text';
  readonly entitiesBefore: number;
  readonly entitiesAfter: number;
  /** Names the page did not list before. */
  readonly entitiesAdded: readonly string[];
  /** Names removed from the graph: only this page's old reading supported them. */
  readonly entitiesRemoved: readonly string[];
  readonly relationshipsBefore: number;
  readonly relationshipsAfter: number;
  /** Names found again that the user had deleted from this page, left out. */
  readonly deletedNamesSkipped: number;
  readonly analyzerVersion: number;
  /**
   * What the re-read removed from the graph (not only from the page's list), by id; `evidence`: the old reading's rows
   * removed from entities and relationships that stay (`evidenceOfKept`).
   */
  readonly removed: RemovedRecords;
}

/**
 * @example
 *   const out = await rereadPage('https://example.com/a', { service, resolver, store, clock, ids, analyze, analyzerVersion: 2 });
 *   out.entitiesAdded // ['Paystack'] — a name the older recognizer missed
 */
export async function rereadPage(url: string, deps: RereadDeps): Promise<RereadOutcome> {
  const read = await deps.store.getPage(url);
  if (read === undefined) throw new NotFoundError(`No captured page has the URL "${url.slice(0, 300)}"; it may have been deleted.`);
  const sentences = read.sentences ?? [];
  if (sentences.length === 0) return unchanged(read, deps.analyzerVersion);
  // Analysis runs outside the writer (it yields between slices); the write turn checks the page did not change meanwhile.
  const structured = structuredOf(await deps.store.getEntities(read.entityIds), read.structuredNames ?? []);
  const { analysis, skipped } = withoutRemovedNames(await deps.analyze(captureOf(read, sentences, structured)), read.removedNames ?? []);
  // Prepared before the write turn: the recorder may look outside the store (a link in browser storage).
  const recorder = await deps.recorder?.prepare();
  const outcome = await deps.service.exclusive(
    async (graph) => {
      const page = await deps.store.getPage(url);
      if (page === undefined || page.capturedAt !== read.capturedAt || !sameList(page.sentences ?? [], sentences)) {
        throw new ConflictError('The page was captured again or deleted while it was being re-read; nothing changed. Re-read it again.');
      }
      const evidence = await deps.store.evidenceOfPage(url, MAX_REREAD_EVIDENCE + 1);
      if (evidence.length > MAX_REREAD_EVIDENCE) {
        throw new ConflictError(`The page has more than ${MAX_REREAD_EVIDENCE} evidence rows; it was not re-read, nothing changed.`);
      }
      const text = foldSpaces(sentences.join(' '));
      const judged = evidence.filter((ev) => isJudged(ev, text));
      // Relationship evidence goes now (found again, it is written again); mention evidence once it is known what was found.
      for (const ev of judged) if (ev.relationshipId !== undefined) await deps.store.deleteEvidence(ev.id);

      const merges = (await deps.store.listMerges(MAX_MERGES_SCANNED)).filter((m) => m.undoneAt === undefined);
      const result = await ingestInto(graph, analysis, deps, {
        capturedAt: page.capturedAt,
        analyzerVersion: deps.analyzerVersion,
        reread: { joins: await joinsOf(deps.store, page, merges) },
      });
      const found = { entities: new Set(result.entityIds), relationships: new Set(result.relationshipIds ?? []) };
      const relationships = await pruneRelationships(graph, deps.store, page, judged, found.relationships);
      // Entities go only when a newer analyzer read the page: the kept sentences are less than the captured text, so
      // the same analyzer reading them drops some names for want of context (measured before this rule: 79 entities
      // dropped over the 189 corpus pages, `bench/sentence-bytes.ts`), not because they were wrong. Without the
      // names its structured data gave, nothing goes either.
      const entities =
        page.structuredNames === undefined || (page.analyzerVersion ?? 0) >= deps.analyzerVersion
          ? { removed: new Set<EntityId>(), dropped: new Set<EntityId>(), names: [] }
          : await pruneEntities(graph, deps.store, page, judged, found.entities, {
              structured: new Set(structured.map((e) => e.name)),
              keepers: await userKeptEntities(deps.store, merges),
            });
      // Found again, an entity has this reading's evidence: the older reading's rows go.
      for (const ev of judged) if (ev.entityId !== undefined && found.entities.has(ev.entityId)) await deps.store.deleteEvidence(ev.id);

      const entityIds = unique([
        ...result.entityIds,
        ...page.entityIds.filter((id) => !entities.removed.has(id) && !entities.dropped.has(id)),
      ]);
      const existing = new Set((await deps.store.getEntities(entityIds)).map((e) => e.id));
      const liveRelationships: RelationshipId[] = [];
      for (const id of unique([...(result.relationshipIds ?? []), ...page.relationshipIds.filter((id) => !relationships.off.has(id))])) {
        if ((await deps.store.getRelationship(id)) !== undefined) liveRelationships.push(id);
      }
      const written: Page = {
        ...((await deps.store.getPage(url)) ?? page),
        entityIds: entityIds.filter((id) => existing.has(id)),
        relationshipIds: liveRelationships,
        analyzerVersion: deps.analyzerVersion,
      };
      await deps.store.putPage(written);
      // The old reading's rows that went, on entities and relationships that stay (team sync tombstones them).
      const left = new Set((await deps.store.evidenceOfPage(url, MAX_REREAD_EVIDENCE + 1)).map((ev) => ev.id));
      const evidenceRemoved = await evidenceOfKept(
        deps.store,
        judged.filter((ev) => !left.has(ev.id)),
      );
      const before = new Set(page.entityIds);
      const added = await deps.store.getEntities(written.entityIds.filter((id) => !before.has(id)));
      const out = {
        url,
        title: page.title,
        status: 'reread',
        entitiesBefore: page.entityIds.length,
        entitiesAfter: written.entityIds.length,
        entitiesAdded: added.map((e) => e.name),
        entitiesRemoved: entities.names,
        relationshipsBefore: page.relationshipIds.length,
        relationshipsAfter: written.relationshipIds.length,
        deletedNamesSkipped: skipped,
        analyzerVersion: deps.analyzerVersion,
        removed: { entities: [...entities.removed], relationships: [...relationships.removed], evidence: evidenceRemoved },
      } satisfies RereadOutcome;
      await recorder?.record({ url, rewritten: true, removed: out.removed });
      return out;
    },
    { atomic: true },
  );
  recorder?.committed();
  return outcome;
}

/**
 * Relationships whose evidence from this page was judged and that the new reading did not
 * find: removed when nothing else stands behind them, else taken off this page's list when
 * the page no longer gives them any evidence. Returns those to take off the list, and those removed.
 */
async function pruneRelationships(
  graph: GraphService,
  store: GraphStore,
  page: Page,
  judged: readonly Evidence[],
  found: ReadonlySet<RelationshipId>,
): Promise<{ off: Set<RelationshipId>; removed: RelationshipId[] }> {
  const off = new Set<RelationshipId>();
  const removed: RelationshipId[] = [];
  for (const id of unique(judged.flatMap((ev) => (ev.relationshipId === undefined ? [] : [ev.relationshipId])))) {
    if (found.has(id)) continue;
    if (await relationshipUnsupported(store, id, page.url)) {
      if (await graph.unrelate(id)) {
        off.add(id);
        removed.push(id);
      }
    } else if (!(await store.evidenceOfRelationship(id, MAX_REREAD_EVIDENCE)).some((ev) => ev.pageUrl === page.url)) off.add(id);
  }
  return { off, removed };
}

/**
 * Entities whose mention evidence from this page was judged and that the new reading did
 * not find: their old rows go, then the entity goes when nothing stands behind it (not the
 * user, not another page, not an LLM, not structured data), or leaves this page's list when
 * another page supports it.
 */
async function pruneEntities(
  graph: GraphService,
  store: GraphStore,
  page: Page,
  judged: readonly Evidence[],
  found: ReadonlySet<EntityId>,
  kept: { readonly structured: ReadonlySet<string>; readonly keepers: ReadonlySet<EntityId> },
): Promise<{ removed: Set<EntityId>; dropped: Set<EntityId>; names: string[] }> {
  const out = { removed: new Set<EntityId>(), dropped: new Set<EntityId>(), names: [] as string[] };
  const rows = new Map<EntityId, Evidence[]>();
  for (const ev of judged)
    if (ev.entityId !== undefined && !found.has(ev.entityId)) rows.set(ev.entityId, [...(rows.get(ev.entityId) ?? []), ev]);
  for (const [id, old] of rows) {
    const entity = await store.getEntity(id);
    // What the structured data gave is not judged from the sentences, even when the new reading drops it.
    if (entity === undefined || kept.structured.has(entity.name)) continue;
    for (const ev of old) await store.deleteEvidence(ev.id);
    const support = await entitySupport(store, id, page.url);
    if (support === 'elsewhere') out.dropped.add(id);
    if (support !== 'none' || entity.typeSetByUser === true || Object.keys(entity.attributes).length > 0 || kept.keepers.has(id)) continue;
    // Not `byUser`: the analyzer dropped it, so a better one may find it again.
    await graph.deleteEntity(id);
    out.removed.add(id);
    out.names.push(entity.name);
  }
  return out;
}

function unchanged(page: Page, analyzerVersion: number): RereadOutcome {
  return {
    url: page.url,
    title: page.title,
    status: 'no_text',
    entitiesBefore: page.entityIds.length,
    entitiesAfter: page.entityIds.length,
    entitiesAdded: [],
    entitiesRemoved: [],
    relationshipsBefore: page.relationshipIds.length,
    relationshipsAfter: page.relationshipIds.length,
    deletedNamesSkipped: 0,
    analyzerVersion,
    removed: { entities: [], relationships: [], evidence: [] },
  };
}

/**
 * The stored page as a capture: its sentences one a line (a relation never crosses a line),
 * its title and metadata, and as structured data the entities it gave (as they are now).
 */
export function captureOf(page: Page, sentences: readonly string[], structured: readonly StructuredEntity[] = []): PageCapture {
  return {
    url: page.url,
    title: page.title,
    ...(page.lang === undefined ? {} : { lang: page.lang }),
    ...(page.byline === undefined ? {} : { byline: page.byline }),
    ...(page.publishedAt === undefined ? {} : { publishedAt: page.publishedAt }),
    text: sentences.join('\n'),
    headings: [],
    entities: [...structured],
    relations: [],
    trigger: 'manual',
    capturedAt: page.capturedAt,
    notes: [],
  };
}

/** Structured entities the page's structured data gave: the page's entities named (or aliased) by one of `keys`, as they are now. */
export function structuredOf(entities: readonly Entity[], keys: readonly string[]): StructuredEntity[] {
  const wanted = new Set(keys);
  return entities
    .filter((e) => [e.name, ...e.aliases].some((n) => wanted.has(nameKey(n))))
    .map((e, i) => ({
      ref: `reread-${i}`,
      name: e.name,
      type: e.type,
      aliases: e.aliases.slice(0, MAX_STRUCTURED_ALIASES),
      attributes: {},
      origin: 'json-ld',
    }));
}

/** The analysis without the entities the user deleted from the page (by any of their names), nor relations naming them. */
export function withoutRemovedNames(
  analysis: CaptureAnalysis,
  removed: readonly string[],
): { readonly analysis: CaptureAnalysis; readonly skipped: number } {
  if (removed.length === 0) return { analysis, skipped: 0 };
  const gone = new Set(removed);
  const dropped = new Set<string>();
  const entities = analysis.entities.filter((e) => {
    const hit = [e.name, ...e.aliases].some((n) => gone.has(nameKey(n)));
    if (hit) for (const n of [e.name, ...e.aliases]) dropped.add(nameKey(n));
    return !hit;
  });
  const relations = analysis.relations.filter((r) => !dropped.has(nameKey(r.from)) && !dropped.has(nameKey(r.to)));
  return { analysis: { ...analysis, entities, relations }, skipped: analysis.entities.length - entities.length };
}

/**
 * Names that join a known entity without the resolver: every name of a merged-away entity
 * (following chains of merges to the entity that is still there), then every name of the
 * page's own entities (which win: they are what this page was read as).
 */
async function joinsOf(store: GraphStore, page: Page, merges: readonly MergeRecord[]): Promise<Map<string, EntityId>> {
  const joins = new Map<string, EntityId>();
  const into = new Map<EntityId, EntityId>();
  // Oldest first, so a later merge of the same entity (after an undo and a new merge) wins.
  for (const m of [...merges].reverse()) into.set(m.removedId, m.intoId);
  for (const m of merges) {
    let id = m.intoId;
    for (let step = 0; step < MAX_MERGE_CHAIN; step++) {
      const next = into.get(id);
      if (next === undefined) break;
      id = next;
    }
    if ((await store.getEntity(id)) === undefined) continue;
    for (const n of [m.removed.name, ...m.removed.aliases]) if (!joins.has(nameKey(n))) joins.set(nameKey(n), id);
  }
  const own = new Map<string, EntityId>();
  for (const e of await store.getEntities(page.entityIds)) {
    for (const n of [e.name, ...e.aliases]) if (!own.has(nameKey(n))) own.set(nameKey(n), e.id);
  }
  for (const [key, id] of own) joins.set(key, id);
  joins.delete('');
  return joins;
}

/** Entities the user's decisions keep: the survivors of merges not undone, and the provisional entities of pending reviews. */
async function userKeptEntities(store: GraphStore, merges: readonly MergeRecord[]): Promise<Set<EntityId>> {
  const kept = new Set<EntityId>(merges.map((m) => m.intoId));
  for (const r of await store.listReviews('pending', MAX_PENDING_SCANNED)) if (r.provisionalId !== undefined) kept.add(r.provisionalId);
  return kept;
}

/**
 * Evidence the re-reading replaces: the offline extractor's mention or relationship read
 * from a sentence the page keeps. An LLM's, the user's (clips) and those read from what was
 * not kept (structured data, a sentence past the bounds) cannot be judged from the sentences.
 */
function isJudged(ev: Evidence, text: string): boolean {
  if (ev.extractor !== undefined || (ev.kind !== 'mention' && ev.kind !== 'relationship')) return false;
  // Snippets are cut with an ellipsis at their bound; what is left must be in the kept text.
  const snippet = foldSpaces(ev.snippet.replace(/(?:…|\.\.\.)$/u, ''));
  return snippet.length > 0 && text.includes(snippet);
}

/** Whether a relationship has nothing behind it any more: no evidence, and no other page listing it. */
async function relationshipUnsupported(store: GraphStore, id: RelationshipId, url: string): Promise<boolean> {
  const rel = await store.getRelationship(id);
  if (rel === undefined || (await store.evidenceOfRelationship(id, 1)).length > 0) return false;
  const pages = await store.pagesOfEntity(rel.from, MAX_REREAD_EVIDENCE);
  return !pages.some((p) => p.url !== url && p.relationshipIds.includes(id));
}

/**
 * What still stands behind an entity once the page's judged evidence is gone: `elsewhere`
 * (evidence from or a listing on another page: it stays, off this page's list), `here`
 * (evidence kept on this page, or relationships: it stays on the page), or `none`.
 */
async function entitySupport(store: GraphStore, id: EntityId, url: string): Promise<'elsewhere' | 'here' | 'none'> {
  const evidence = await store.evidenceOfEntity(id, 1);
  if (evidence.some((ev) => ev.pageUrl !== url)) return 'elsewhere';
  if (evidence.length > 0) return 'here';
  if ((await store.pagesOfEntity(id, MAX_OTHER_PAGES)).some((p) => p.url !== url)) return 'elsewhere';
  if ((await store.relationshipsOf(id, 'both', 1)).length > 0) return 'here';
  return 'none';
}

function foldSpaces(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
