/**
 * Ingestion: writes one analyzed page into the
 * graph through the resolver. Each entity is resolved with the page as context: a
 * confident match joins the existing entity (evidence, aliases, attributes); a
 * doubtful one becomes a provisional entity plus a review item for the user; an
 * unknown one is created. A match joins only when the page ties the names
 * (`resolve/name-tie.ts`); otherwise it too is a doubt for review. Relations are
 * deduplicated; each entity's type is then decided from all its evidence
 * (`type-decision.ts`); the page is recorded with the entities it contributed. Runs
 * under the service's write serialization, so two tabs capturing the same new entity
 * create it once; re-ingesting the same capture (same URL and capture time) changes nothing.
 *
 * All or nothing: one capture is one store transaction (`exclusive` with
 * `atomic: true`). A failure or a worker stopped half-way leaves no trace, so the
 * retry applies the capture once. Chosen over idempotence by capture id, which would
 * need every write (mention counts, aliases, attribute values, review items) to carry
 * and check the capture's id; a transaction covers writes added later for free. It
 * holds because ingestion awaits only store reads and writes (the resolver runs with
 * local sources only; its embedder is synchronous), never a timer or the network.
 *
 * Bounded in time: past `INGEST_BUDGET_MS` the remaining mentions and relations are
 * skipped, and the page is recorded (in the same transaction) with a note saying so.
 */
import type { CaptureAnalysis, AnalyzedEntity } from '../capture';
import type { Clock, EntityId, IdSource, RelationshipId } from '../graph/ids';
import { asEntityId } from '../graph/ids';
import type { GraphService } from '../graph/service';
import type { GraphStore } from '../graph/store';
import type { Entity, ReviewItem } from '../graph/types';
import { isEntityType } from '../graph/types';
import type { Resolver } from '../resolve/resolver';
import { initialsFit, isShortFormOf } from '../resolve/features';
import { DEFAULT_AUTO_ACCEPT } from '../resolve/schema';
import type { ResolveResponse } from '../resolve/schema';
import { looksLikeAcronym } from '../resolve/page-names';
import { fold, isAcronymOf, nameKey, normalizeLabel, withoutHonorific } from '../text/normalize';
import { isPartName, nameTie } from '../resolve/name-tie';
import type { TypeVote } from '../graph/type-evidence';
import { typeVoteDetail } from '../graph/type-evidence';
import { queueReviewDoubts } from './review-doubts';
import { decideTypes } from './type-decision';
import type { PageTypeVote } from './type-decision';
import { withUserTypes } from './user-types';

/** Entities ingested per page at most (capture already caps salience at ~25). */
export const MAX_INGEST_ENTITIES = 100;
/** Relations ingested per page at most. */
export const MAX_INGEST_RELATIONS = 200;
/** Co-mentions given to the resolver per entity: the page's most salient names. */
const CO_MENTIONS = 20;
/** Pending reviews looked through for an existing provisional entity (oldest first). */
const MAX_PENDING_SCAN = 500;
/** Candidates kept on a review item. */
const REVIEW_CANDIDATES = 5;
/**
 * Time one capture's ingestion may take (checked between mentions and relations). A page
 * of 100 entities ingests in well under a second; past this something is pathological
 * (a huge graph, a slow disk), and the worker must go on answering and ingesting.
 */
export const INGEST_BUDGET_MS = 10_000;

export interface IngestSettings {
  /** Confidence at which a mention joins an existing entity without review. */
  readonly autoAcceptThreshold?: number;
  /** Keep the analysis's sentences on the page record (the capture setting `keepSentences`, default on). */
  readonly keepSentences?: boolean;
}

export interface IngestDeps {
  readonly service: GraphService;
  readonly resolver: Resolver;
  readonly store: GraphStore;
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly settings?: IngestSettings;
}

export interface IngestOptions {
  /** The page's capture time (default: now). */
  readonly capturedAt?: number;
  /**
   * Set when the analysis is an LLM's reading of a page already captured: its evidence
   * is marked with the model, known entities only gain evidence, and the page record
   * keeps its capture time, notes and sentences.
   */
  readonly provenance?: { readonly extractor: 'llm'; readonly model: string };
  /** The version of the analyzer that produced `analysis`, recorded on the page (`Page.analyzerVersion`). */
  readonly analyzerVersion?: number;
  /**
   * Set when the analysis is a re-reading of a stored page (`reread.ts`): the page keeps its
   * capture time, title, notes and sentences; mention counts are not counted again; the
   * result lists only what this reading found; and a name in `joins` (by `nameKey`) joins that
   * entity without asking the resolver (the page's entities and the user's merges).
   */
  readonly reread?: { readonly joins: ReadonlyMap<string, EntityId> };
}

export interface IngestResult {
  readonly pageUrl: string;
  readonly entityIds: readonly EntityId[];
  /** The relationships of the page (with `reread`: those this reading found). */
  readonly relationshipIds?: readonly RelationshipId[];
  readonly created: number;
  readonly matched: number;
  readonly queuedForReview: number;
  readonly relationships: number;
  /** True when this exact capture had been ingested already (nothing changed). */
  readonly duplicate: boolean;
  /** True when the analysis's time budget stopped it before the end of the text (the background re-reads such a page when idle). */
  readonly analysisCut?: boolean;
}

/**
 * @example
 *   const result = await ingestCapture(analysis, { service, resolver, store, clock, ids }, { capturedAt: capture.capturedAt });
 *   result.created // entities new to the graph
 */
export async function ingestCapture(analysis: CaptureAnalysis, deps: IngestDeps, options: IngestOptions = {}): Promise<IngestResult> {
  return deps.service.exclusive((graph) => ingestInto(graph, analysis, deps, options), { atomic: true });
}

/**
 * `ingestCapture`'s work, for a caller that already holds the writer in an atomic run
 * (`graph` is the session graph `exclusive` handed it): re-reading a page deletes what the
 * page contributed and ingests the new reading in one transaction.
 */
export async function ingestInto(
  graph: GraphService,
  analysis: CaptureAnalysis,
  deps: IngestDeps,
  options: IngestOptions = {},
): Promise<IngestResult> {
  const capturedAt = options.capturedAt ?? deps.clock.now();
  const provenance = options.provenance;
  const reread = options.reread;
  // The budget starts once the writer is ours: time spent queued behind other captures is not ingestion's.
  const deadline = deps.clock.now() + INGEST_BUDGET_MS;
  const previous = await deps.store.getPage(analysis.url);
  // An LLM reading adds to the capture it follows, which has this capture time already; a re-reading replaces it.
  if (previous && previous.capturedAt === capturedAt && provenance === undefined && reread === undefined) {
    return {
      pageUrl: analysis.url,
      entityIds: previous.entityIds,
      created: 0,
      matched: 0,
      queuedForReview: 0,
      relationships: previous.relationshipIds.length,
      duplicate: true,
    };
  }
  const read = foldAcronyms(
    [...analysis.entities]
      .sort((a, b) => b.salience - a.salience || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .slice(0, MAX_INGEST_ENTITIES),
  );
  // Names whose type the user fixed take that type first, so the resolver's typed match finds the user's entity.
  const entities = await withUserTypes(read, deps.store);
  const pageNames = entities.flatMap((e) => [e.name, ...e.aliases]);
  const coMentions = entities.slice(0, CO_MENTIONS).map((e) => e.name);
  const source = { pageUrl: analysis.url, pageTitle: analysis.title, capturedAt, ...provenance };
  const pageEntityIds: EntityId[] = reread === undefined ? [...(previous?.entityIds ?? [])] : [];
  const byKey = new Map<string, EntityId>();
  let created = 0;
  let matched = 0;
  let queued = 0;

  const typeVotes: PageTypeVote[] = [];
  const createdIds = new Set<EntityId>();
  const known = new Set(previous?.entityIds ?? []);

  let mentionsDone = 0;
  for (const [index, mention] of entities.entries()) {
    if (deps.clock.now() > deadline) break;
    mentionsDone++;
    // What the page said the thing is (before the user's type replaced it): the page's vote.
    const vote: TypeVote = { type: read[index]?.type ?? mention.type, source: mention.origin === 'text' ? 'text' : 'structured' };
    // Parts of the name folded in on this page ("Bill", "Cosby" for "Bill Cosby") stand for it
    // here only: as resolver names they would match every other Bill; stored, the same.
    const aliases = mention.aliases.filter((a) => !isShortFormOf(a, mention.name));
    const pinned = reread?.joins.get(nameKey(mention.name));
    const pinnedEntity = pinned === undefined ? undefined : await deps.store.getEntity(pinned);
    const res: ResolveResponse | undefined =
      pinnedEntity !== undefined
        ? undefined
        : await deps.resolver.resolve(
            {
              subject: mention.name,
              strategy: {
                mode: 'ranked',
                auto_accept_threshold: deps.settings?.autoAcceptThreshold ?? DEFAULT_AUTO_ACCEPT,
                interactive_below_threshold: true,
              },
              constraints: { deterministic: true, allowed_sources: ['local'] },
              hints: { ...(mention.type === 'other' ? {} : { expected_type: mention.type }), aliases: aliases.slice(0, 20) },
            },
            {
              pageUrl: analysis.url,
              pageNames,
              pageEntityIds,
              coMentions: coMentions.filter((n) => n !== mention.name),
              attributes: mention.attributes,
              // A type from structured data or the user's correction is stated; the recognizer's is a guess.
              typeStated: vote.source === 'structured' || mention.type !== vote.type,
            },
          );
    const resolvedId = res?.status === 'resolved' && res.entity?.source === 'local' ? asEntityId(res.entity.id) : undefined;
    const resolved = resolvedId === undefined ? undefined : await deps.store.getEntity(resolvedId);
    // A join needs the names tied (`name-tie.ts`): the resolver's confidence alone ("SAP" for "Snap",
    // a surname for a full name seen elsewhere) makes a doubt for the user, not an alias.
    const untied =
      resolved !== undefined &&
      nameTie([mention.name, ...mention.aliases], [resolved.name, ...resolved.aliases], {
        pageNames,
        onPage: pageEntityIds.includes(resolved.id),
        type: mention.type,
      }) === undefined
        ? resolved
        : undefined;
    const joinId =
      res === undefined
        ? undefined
        : untied === undefined && resolved !== undefined
          ? resolved.id
          : res.status === 'ambiguous'
            ? await pendingProvisional(deps.store, mention.name, res)
            : undefined;
    let entity: Entity | undefined = pinnedEntity ?? (joinId === undefined ? undefined : await deps.store.getEntity(joinId));
    // An LLM that types a name the graph has otherwise (a town the offline reader found, called a company)
    // reads the same thing: it joins it, and its type is a vote on the evidence below, never a second entity.
    if (entity === undefined && provenance !== undefined) entity = await sameNameEntity(graph, mention, pageEntityIds);
    if (entity && provenance !== undefined) {
      // An LLM adds evidence to a known entity, never names or attributes: deleting what it added restores the entity.
      matched++;
    } else if (entity) {
      const known = entity;
      // A re-reading has counted these mentions once already.
      await graph.mergeAttributes(entity.id, mention.attributes, {
        mentions: reread === undefined ? Math.max(1, mention.mentions) : 0,
      });
      // Surface variants ("Stripe, Inc.") are kept too: the user sees how the page wrote it.
      // A surname ("Collison", "Mr Collison") stands for the full name on this page only: not an alias.
      const newNames = [mention.name, ...aliases].filter(
        (n) => fold(n) !== fold(known.name) && !isPartName(n, known.name) && !known.aliases.some((a) => fold(a) === fold(n)),
      );
      if (isFullerPersonName(known, mention)) {
        // "Mr Rodrigues" seen first, "Carl Rodrigues" now: the person is shown by the full name, and
        // "Mr Rodrigues" stands for him on the pages that wrote it, not as an alias.
        const names = [known.name, ...known.aliases, ...newNames].filter((n) => !isPartName(n, mention.name));
        await graph.updateEntity(known.id, { name: mention.name, aliases: names });
      } else if (newNames.length > 0) await graph.addAliases(known.id, newNames);
      matched++;
    } else {
      entity = await graph.createEntity({
        name: mention.name,
        type: mention.type,
        aliases,
        attributes: mention.attributes,
        mentionCount: Math.max(1, mention.mentions),
        ...(mention.description === undefined ? {} : { description: mention.description }),
      });
      created++;
      createdIds.add(entity.id);
      if (untied !== undefined && res !== undefined) {
        await deps.store.putReview(untiedReviewOf(deps, res, mention, entity.id, source, untied));
        queued++;
      } else if (res?.status === 'ambiguous') {
        await deps.store.putReview(reviewOf(deps, res, mention, entity.id, source));
        queued++;
      }
    }
    // The page's word on the type travels with its evidence; an LLM's reading, with its own (a vote of its own kind).
    await graph.recordEvidence({
      ...source,
      kind: 'mention',
      entityId: entity.id,
      snippet: mention.snippet,
      detail: typeVoteDetail(provenance === undefined ? vote : { type: mention.type, source: 'llm' }),
    });
    if (provenance === undefined) typeVotes.push({ id: entity.id, vote, snippet: mention.snippet, created: createdIds.has(entity.id) });
    if (!pageEntityIds.includes(entity.id)) pageEntityIds.push(entity.id);
    for (const n of [mention.name, ...mention.aliases]) if (!byKey.has(nameKey(n))) byKey.set(nameKey(n), entity.id);
  }

  const relationshipIds: RelationshipId[] = reread === undefined ? [...(previous?.relationshipIds ?? [])] : [];
  const seenRel = new Set<string>();
  const relations = analysis.relations.slice(0, MAX_INGEST_RELATIONS);
  let relationsDone = 0;
  for (const rel of relations) {
    if (deps.clock.now() > deadline) break;
    relationsDone++;
    const from = byKey.get(nameKey(rel.from));
    const to = byKey.get(nameKey(rel.to));
    if (from === undefined || to === undefined || from === to) continue;
    const k = `${from}|${normalizeLabel(rel.label)}|${to}`;
    if (seenRel.has(k)) continue;
    seenRel.add(k);
    const out = await graph.relate(from, rel.label, to, {
      ...source,
      snippet: rel.snippet,
      ...(rel.confidence === undefined ? {} : { detail: `confidence ${rel.confidence}` }),
    });
    if (!relationshipIds.includes(out.relationship.id)) relationshipIds.push(out.relationship.id);
  }

  // Each entity's type from all that is known now, this page and its relations included.
  await decideTypes(graph, deps.store, typeVotes, source, known, deadline, deps.clock);

  // Same-name entities of other types, and part names beside full names, go to review too.
  queued += (await queueReviewDoubts(deps, { url: analysis.url, title: analysis.title }, pageEntityIds)).length;

  const stopped = mentionsDone < entities.length || relationsDone < relations.length;
  const notes = stopped
    ? [...analysis.notes.slice(0, MAX_PAGE_NOTES - 1), budgetNote(mentionsDone, entities.length, relationsDone, relations.length)]
    : analysis.notes;
  // Written with the page in this same atomic transaction; with keeping off, none are stored (an empty list replaces older ones).
  const sentences = deps.settings?.keepSentences === false ? [] : (analysis.sentences ?? []);
  // An LLM reading leaves the page as the capture recorded it (time, notes, sentences) and adds to its lists.
  // A re-reading leaves them too, and records the analyzer version that read the page.
  const version = provenance === undefined && options.analyzerVersion !== undefined ? { analyzerVersion: options.analyzerVersion } : {};
  const pageFields =
    provenance === undefined && reread === undefined
      ? {
          title: analysis.title,
          ...(analysis.lang ? { lang: analysis.lang } : {}),
          ...pageByline(analysis),
          ...(analysis.pdfPages === undefined ? {} : { pdfPages: analysis.pdfPages }),
          capturedAt,
          notes,
          sentences,
          // What the structured data gave, for a re-reading that has only the sentences.
          structuredNames: structuredNamesOf(analysis),
        }
      : {
          title: previous?.title ?? analysis.title,
          ...(previous?.lang ? { lang: previous.lang } : {}),
          capturedAt: previous?.capturedAt ?? capturedAt,
          notes: previous?.notes ?? notes,
        };
  await graph.recordPage({ url: analysis.url, ...pageFields, ...version, entityIds: pageEntityIds, relationshipIds });
  return {
    pageUrl: analysis.url,
    entityIds: pageEntityIds,
    relationshipIds,
    created,
    matched,
    queuedForReview: queued,
    relationships: seenRel.size,
    duplicate: false,
  };
}

/** Name keys of the entities the page's structured data gave (with their aliases), each once. */
function structuredNamesOf(analysis: CaptureAnalysis): string[] {
  const keys = analysis.entities.filter((e) => e.origin !== 'text').flatMap((e) => [e.name, ...e.aliases].map((n) => nameKey(n)));
  return [...new Set(keys)].filter((k) => k.length > 0);
}

/** The author line and publication date of a capture, for its page record. */
function pageByline(analysis: CaptureAnalysis): { byline?: string; publishedAt?: string } {
  return {
    ...(analysis.byline ? { byline: analysis.byline } : {}),
    ...(analysis.publishedAt ? { publishedAt: analysis.publishedAt } : {}),
  };
}

/** Notes a page keeps (`recordPage` keeps this many): the budget note must be one of them. */
const MAX_PAGE_NOTES = 20;

function budgetNote(mentionsDone: number, mentions: number, relationsDone: number, relations: number): string {
  return `Ingestion stopped after ${INGEST_BUDGET_MS / 1000} s: ${mentionsDone} of ${mentions} entities and ${relationsDone} of ${relations} relations were added.`;
}

/** Longest person name a display name is upgraded to. */
const MAX_PERSON_WORDS = 4;

/**
 * Whether the mention names the person the entity is known by a shorter form of: a lone
 * surname, a title and a surname, or initials ("Rodrigues", "Mr Rodrigues", "C. Rodrigues"
 * for "Carl Rodrigues"). Such an entity is shown by the full name from then on.
 */
export function isFullerPersonName(entity: Pick<Entity, 'name' | 'type'>, mention: Pick<AnalyzedEntity, 'name' | 'type'>): boolean {
  if (entity.type !== 'person' || (mention.type !== 'person' && mention.type !== 'other')) return false;
  const full = nameKey(mention.name).split(' ');
  if (full.length < 2 || full.length > MAX_PERSON_WORDS || withoutHonorific(full.join(' ')) !== full.join(' ')) return false;
  const short = withoutHonorific(nameKey(entity.name)).split(' ');
  if (short.length === 1) return short[0] === full[full.length - 1];
  return (
    short.length === full.length &&
    short[short.length - 1] === full[full.length - 1] &&
    initialsFit(short.slice(0, -1).join(' '), full.slice(0, -1).join(' '))
  );
}

/** Entities of one name looked at for an LLM's mention: homonyms of one name are few. */
const SAME_NAME_LOOKUP = 10;

/**
 * The entity an LLM's mention names when the resolver joined none: one whose name or
 * alias normalizes as the mention's, whatever its type. Of homonyms, the one this page
 * already names, else the one of the LLM's type, else the oldest.
 */
async function sameNameEntity(
  graph: GraphService,
  mention: AnalyzedEntity,
  pageEntityIds: readonly EntityId[],
): Promise<Entity | undefined> {
  const found = await graph.findByName(mention.name, SAME_NAME_LOOKUP);
  const exact = found.filter(
    (e) => nameKey(e.name) === nameKey(mention.name) || e.aliases.some((a) => nameKey(a) === nameKey(mention.name)),
  );
  return exact.find((e) => pageEntityIds.includes(e.id)) ?? exact.find((e) => e.type === mention.type) ?? exact[0];
}

/**
 * The provisional entity of a pending review for the same name, when it is among the
 * candidates: the doubt is already queued, so this mention joins it (the user decides
 * once) instead of adding one more provisional duplicate per capture.
 */
async function pendingProvisional(store: GraphStore, name: string, res: ResolveResponse): Promise<EntityId | undefined> {
  const key = nameKey(name);
  const offered = new Set(res.candidates.map((c) => c.id));
  const pending = await store.listReviews('pending', MAX_PENDING_SCAN);
  const hit = pending.find((r) => r.provisionalId !== undefined && offered.has(r.provisionalId) && nameKey(r.mention.name) === key);
  return hit?.provisionalId;
}

function reviewOf(
  deps: IngestDeps,
  res: ResolveResponse,
  mention: AnalyzedEntity,
  provisionalId: EntityId,
  source: { readonly pageUrl: string; readonly pageTitle: string },
): ReviewItem {
  return {
    id: deps.ids.review(),
    createdAt: deps.clock.now(),
    status: 'pending',
    mention: { name: mention.name, type: mention.type, pageUrl: source.pageUrl, pageTitle: source.pageTitle, snippet: mention.snippet },
    provisionalId,
    candidates: res.candidates.slice(0, REVIEW_CANDIDATES).flatMap((c) => {
      const id = asEntityId(c.id);
      return id !== undefined && isEntityType(c.type) ? [{ id, label: c.label, type: c.type, confidence: c.confidence }] : [];
    }),
    reason: res.ambiguity?.reason ?? 'the resolver was not sure',
  };
}

/**
 * A review for a mention the resolver matched to an entity whose names no page ties to it
 * (`nameTie`): the mention got its own entity, and the user decides whether it is that one.
 */
function untiedReviewOf(
  deps: IngestDeps,
  res: ResolveResponse,
  mention: AnalyzedEntity,
  provisionalId: EntityId,
  source: { readonly pageUrl: string; readonly pageTitle: string },
  candidate: Entity,
): ReviewItem {
  return {
    ...reviewOf(deps, res, mention, provisionalId, source),
    candidates: [{ id: candidate.id, label: candidate.name, type: candidate.type, confidence: res.confidence }],
    reason: `"${mention.name}" looks like "${candidate.name}", but no page writes both for one thing`,
  };
}

/**
 * "International Business Machines" and "IBM" on one page are one entity: the acronym
 * is folded into its unique long form as an alias (stored with it, so later pages
 * resolve "IBM" without the long form).
 */
export function foldAcronyms(entities: readonly AnalyzedEntity[]): AnalyzedEntity[] {
  const out = [...entities];
  for (const short of entities) {
    if (!looksLikeAcronym(short.name)) continue;
    const longs = out.filter((e) => e !== short && isAcronymOf(short.name, e.name));
    const long = longs[0];
    if (longs.length !== 1 || long === undefined) continue;
    const merged: AnalyzedEntity = {
      ...long,
      aliases: [...new Set([...long.aliases, short.name, ...short.aliases])],
      attributes: { ...short.attributes, ...long.attributes },
      salience: Math.max(long.salience, short.salience),
      mentions: long.mentions + short.mentions,
    };
    out.splice(out.indexOf(long), 1, merged);
    out.splice(out.indexOf(short), 1);
  }
  return out;
}
