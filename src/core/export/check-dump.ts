/**
 * The import file's records checked with the graph service's own rules before
 * anything is written: names, aliases, attributes, labels, descriptions and snippets
 * go through the service's cleaning functions (same limits, same messages); derived
 * fields (`Entity.keys`, `Relationship.key`) are recomputed, never read from the file;
 * ids must be unique, references must point at records of the file (or, for a
 * restore, of the graph: the importer looks those up), and page URLs must be http(s).
 *
 * A bad file is refused whole with its first problems (record kind, index, name,
 * reason). References the app itself leaves behind (a page's list still naming an
 * unrelated relationship, a review naming a deleted entity) are not errors: the
 * importer drops them and counts them (`pruneReferences`).
 *
 * @example
 *   const checked = checkRecords(parsed); // throws InvalidArgumentsError listing the first bad records
 *   checked.missingEntities;              // ids referred to but not in the file
 */
import { MAX_URL_LENGTH } from '../capture-limits';
import { AriadneError, InvalidArgumentsError } from '../errors';
import type { EntityId, RelationshipId } from '../graph/ids';
import {
  cleanAttributes,
  cleanDescription,
  cleanLabel,
  cleanName,
  cleanSnippet,
  MAX_TITLE_LENGTH,
  mergeAliases,
  withKeys,
} from '../graph/input';
import { MAX_PAGE_SENTENCE_BYTES, MAX_PAGE_SENTENCES, MAX_SENTENCE_CHARS, sentencesWithinBounds } from '../graph/page-sentences';
import { provenanceOf, relationshipKey } from '../graph/service';
import type { Entity, Evidence, MergeRecord, Page, Relationship, ReviewItem } from '../graph/types';
import { MAX_ALIASES, MAX_NAME_LENGTH } from '../graph/types';
import { cleanText } from '../text/normalize';
import type { GraphChunk } from './dump';
import { isWebUrl } from './web-url';

export type RecordKind = 'entity' | 'relationship' | 'evidence' | 'page' | 'merge' | 'review';

/** One bad record: where it is in the file and what is wrong (the service's message). */
export interface ImportProblem {
  readonly kind: RecordKind;
  readonly index: number;
  readonly name: string;
  readonly reason: string;
}

/** Problems listed in a refusal at most: enough to fix a file, short enough to read. */
export const MAX_REPORTED_PROBLEMS = 10;

/** Where a reference was made, for the problem it becomes if the id is nowhere. */
export interface ReferenceSite {
  readonly kind: RecordKind;
  readonly index: number;
  readonly name: string;
}

export interface CheckedRecords {
  /** The records as the service would have stored them (cleaned, derived fields recomputed). */
  readonly records: GraphChunk;
  /** Entity ids that relationships, evidence and pages refer to but the file lacks. */
  readonly missingEntities: ReadonlyMap<EntityId, ReferenceSite>;
  readonly missingRelationships: ReadonlyMap<RelationshipId, ReferenceSite>;
}

/** Collects problems (all of them counted, the first few kept). */
export class ProblemList {
  readonly items: ImportProblem[] = [];
  count = 0;
  add(site: ReferenceSite, reason: string): void {
    this.count++;
    if (this.items.length < MAX_REPORTED_PROBLEMS) this.items.push({ ...site, name: site.name.slice(0, 80), reason });
  }
  /** Throws the refusal when there is any problem. */
  throwIfAny(): void {
    if (this.count > 0) throw this.error();
  }
  /** The refusal: every problem kept, in the message and in `details.problems`. */
  error(): InvalidArgumentsError {
    const more = this.count > this.items.length ? ` (and ${this.count - this.items.length} more)` : '';
    const list = this.items.map((p) => `${p.kind} #${p.index}${p.name ? ` "${p.name}"` : ''}: ${p.reason}`).join('; ');
    return new InvalidArgumentsError(
      `The file was not imported, nothing was written: ${list}${more}. Fix or remove these records, or export the graph again.`,
      {
        problems: this.items,
        total: this.count,
      },
    );
  }
}

/** Runs one record's cleaning; a refusal of the service becomes a problem of that record. */
function attempt<T>(problems: ProblemList, site: ReferenceSite, fn: () => T): T | undefined {
  try {
    return fn();
  } catch (error) {
    if (!(error instanceof AriadneError)) throw error;
    problems.add(site, error.message);
    return undefined;
  }
}

function webUrl(raw: string, what: string): string {
  const url = cleanText(raw);
  if (!isWebUrl(url)) {
    throw new InvalidArgumentsError(`the ${what} "${url.slice(0, 60)}" is not an http(s) URL of at most ${MAX_URL_LENGTH} characters`);
  }
  return url;
}

/** An entity as `createEntity` would store it, its id and times kept, its keys recomputed. */
export function cleanEntity(e: Entity): Entity {
  // The service keeps the newest MAX_ALIASES and drops the rest; a file holding more was not made by Ariadne.
  if (e.aliases.length > MAX_ALIASES) throw new InvalidArgumentsError(`${e.aliases.length} aliases; the limit is ${MAX_ALIASES}`);
  const name = cleanName(e.name);
  const description = e.description === undefined ? undefined : cleanDescription(e.description);
  const authorityId = e.authorityId === undefined ? '' : cleanText(e.authorityId);
  return withKeys({
    id: e.id,
    name,
    type: e.type,
    aliases: mergeAliases(name, [], e.aliases),
    attributes: cleanAttributes(e.attributes),
    ...(description === undefined ? {} : { description }),
    ...(authorityId.length > 0 ? { authorityId } : {}),
    ...(e.typeSetByUser === true ? { typeSetByUser: true } : {}),
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    mentionCount: e.mentionCount,
  });
}

/** A relationship with its label normalized (`cleanLabel`) and its key recomputed. */
export function cleanRelationship(r: Relationship): Relationship {
  if (r.from === r.to) throw new InvalidArgumentsError('an entity cannot be related to itself');
  const label = cleanLabel(r.label);
  return {
    id: r.id,
    from: r.from,
    to: r.to,
    label,
    key: relationshipKey(r.from, label, r.to),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** Evidence as `recordEvidence` would store it: one owner, an http(s) page, bounded text. */
export function cleanEvidence(ev: Evidence): Evidence {
  if ((ev.entityId === undefined) === (ev.relationshipId === undefined)) {
    throw new InvalidArgumentsError('evidence belongs to exactly one entity or one relationship');
  }
  return {
    id: ev.id,
    kind: ev.kind,
    ...(ev.entityId === undefined ? {} : { entityId: ev.entityId }),
    ...(ev.relationshipId === undefined ? {} : { relationshipId: ev.relationshipId }),
    pageUrl: webUrl(ev.pageUrl, 'page URL'),
    pageTitle: cleanSnippet(ev.pageTitle, MAX_TITLE_LENGTH),
    snippet: cleanSnippet(ev.snippet),
    // The detail is an alias or an attribute key: the service cuts it at the name limit.
    ...(ev.detail === undefined ? {} : { detail: cleanSnippet(ev.detail, MAX_NAME_LENGTH) }),
    capturedAt: ev.capturedAt,
    ...provenanceOf(ev),
  };
}

/** A page as `recordPage` would store it (http(s) URL, bounded title and notes, unique list entries). */
export function cleanPage(p: Page): Page {
  return {
    url: webUrl(p.url, 'URL'),
    title: cleanSnippet(p.title, MAX_TITLE_LENGTH),
    site: cleanSnippet(p.site, MAX_NAME_LENGTH),
    ...(p.lang === undefined ? {} : { lang: cleanSnippet(p.lang, MAX_NAME_LENGTH) }),
    ...(p.byline === undefined ? {} : { byline: cleanSnippet(p.byline, MAX_NAME_LENGTH) }),
    ...(p.publishedAt === undefined ? {} : { publishedAt: cleanSnippet(p.publishedAt, MAX_NAME_LENGTH) }),
    ...(p.pdfPages === undefined ? {} : { pdfPages: p.pdfPages }),
    capturedAt: p.capturedAt,
    entityIds: [...new Set(p.entityIds)],
    relationshipIds: [...new Set(p.relationshipIds)],
    ...(p.notes === undefined ? {} : { notes: p.notes.map((n) => cleanSnippet(n)) }),
    ...(p.sentences === undefined ? {} : { sentences: checkedSentences(p.sentences) }),
    ...(p.analyzerVersion === undefined ? {} : { analyzerVersion: p.analyzerVersion }),
    ...(p.removedNames === undefined ? {} : { removedNames: [...new Set(p.removedNames.map((n) => cleanSnippet(n, MAX_NAME_LENGTH)))] }),
    ...(p.structuredNames === undefined
      ? {}
      : { structuredNames: [...new Set(p.structuredNames.map((n) => cleanSnippet(n, MAX_NAME_LENGTH)))] }),
  };
}

/** A page's sentences within `page-sentences.ts` bounds (count, characters each, bytes in all), cleaned like stored text. */
function checkedSentences(sentences: readonly string[]): string[] {
  if (!sentencesWithinBounds(sentences)) {
    throw new InvalidArgumentsError(
      `the page keeps more sentence text than allowed (at most ${MAX_PAGE_SENTENCES} sentences of ${MAX_SENTENCE_CHARS} characters, ${MAX_PAGE_SENTENCE_BYTES} bytes)`,
    );
  }
  return sentences.map((s) => cleanText(s));
}

/**
 * A merge record whose snapshots are checked like live records (an undo puts them
 * back as they are) and whose ids agree with its snapshots.
 */
export function cleanMerge(m: MergeRecord): MergeRecord {
  if (m.intoId === m.removedId) throw new InvalidArgumentsError('an entity cannot be merged into itself');
  if (m.intoBefore.id !== m.intoId || m.removed.id !== m.removedId) {
    throw new InvalidArgumentsError('its entity snapshots do not match intoId and removedId');
  }
  const relationshipsBefore = m.relationshipsBefore.map(cleanRelationship);
  if (relationshipsBefore.some((r) => r.from !== m.removedId && r.to !== m.removedId)) {
    throw new InvalidArgumentsError('it lists a relationship of another entity than the one it removed');
  }
  const { evidenceBefore, pagesBefore, undoneAt, ...rest } = m;
  return {
    ...rest,
    intoBefore: cleanEntity(m.intoBefore),
    removed: cleanEntity(m.removed),
    relationshipsBefore,
    relationshipsCreated: [...m.relationshipsCreated],
    evidenceMoved: [...m.evidenceMoved],
    pagesTouched: m.pagesTouched.map((u) => webUrl(u, 'touched page URL')),
    ...(evidenceBefore === undefined ? {} : { evidenceBefore: evidenceBefore.map(cleanEvidence) }),
    ...(pagesBefore === undefined ? {} : { pagesBefore: pagesBefore.map(cleanPage) }),
    ...(undoneAt === undefined ? {} : { undoneAt }),
  };
}

/** A review item with a valid mention (name, http(s) page) and bounded text. */
export function cleanReview(q: ReviewItem): ReviewItem {
  return {
    ...q,
    mention: {
      name: cleanName(q.mention.name, 'mention'),
      type: q.mention.type,
      pageUrl: webUrl(q.mention.pageUrl, 'page URL'),
      pageTitle: cleanSnippet(q.mention.pageTitle, MAX_TITLE_LENGTH),
      snippet: cleanSnippet(q.mention.snippet),
    },
    candidates: q.candidates.map((c) => ({ ...c, label: cleanSnippet(c.label, MAX_NAME_LENGTH) })),
    reason: cleanSnippet(q.reason),
  };
}

/** Keeps the first record of each key; a later one is a problem. */
function unique<T>(
  problems: ProblemList,
  kind: RecordKind,
  rows: readonly (T | undefined)[],
  keyOf: (t: T) => string,
  nameOf: (t: T) => string,
  what: string,
): T[] {
  const seen = new Map<string, number>();
  const out: T[] = [];
  for (const [index, row] of rows.entries()) {
    if (row === undefined) continue;
    const key = keyOf(row);
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, index);
      out.push(row);
    } else problems.add({ kind, index, name: nameOf(row) }, `repeats the ${what} of ${kind} #${first}`);
  }
  return out;
}

/**
 * Checks every record (see the module comment). Throws `InvalidArgumentsError`
 * (`details.problems`: the first bad records) when any record breaks a rule.
 */
export function checkRecords(chunk: GraphChunk): CheckedRecords {
  const problems = new ProblemList();
  const entities = unique(
    problems,
    'entity',
    chunk.entities.map((e, index) => attempt(problems, { kind: 'entity', index, name: e.name }, () => cleanEntity(e))),
    (e) => e.id,
    (e) => e.name,
    'id',
  );
  const entityIds = new Set<string>(entities.map((e) => e.id));
  const cleanRels = chunk.relationships.map((r, index) =>
    attempt(problems, { kind: 'relationship', index, name: r.label }, () => cleanRelationship(r)),
  );
  const byId = unique(
    problems,
    'relationship',
    cleanRels,
    (r) => r.id,
    (r) => r.label,
    'id',
  );
  const keptById = new Set(byId);
  // Positions kept (a dropped record leaves a hole) so a problem names the file's index.
  const relationships = unique(
    problems,
    'relationship',
    cleanRels.map((r) => (r !== undefined && keptById.has(r) ? r : undefined)),
    (r) => r.key,
    (r) => r.label,
    '(from, label, to)',
  );
  const relationshipIds = new Set<string>(relationships.map((r) => r.id));

  const missingEntities = new Map<EntityId, ReferenceSite>();
  const missingRelationships = new Map<RelationshipId, ReferenceSite>();
  const needEntity = (id: EntityId, site: ReferenceSite): void => {
    if (!entityIds.has(id) && !missingEntities.has(id)) missingEntities.set(id, site);
  };
  const needRelationship = (id: RelationshipId, site: ReferenceSite): void => {
    if (!relationshipIds.has(id) && !missingRelationships.has(id)) missingRelationships.set(id, site);
  };
  for (const [index, r] of chunk.relationships.entries()) {
    needEntity(r.from, { kind: 'relationship', index, name: r.label });
    needEntity(r.to, { kind: 'relationship', index, name: r.label });
  }

  const evidence = unique(
    problems,
    'evidence',
    chunk.evidence.map((ev, index) => attempt(problems, { kind: 'evidence', index, name: ev.pageUrl }, () => cleanEvidence(ev))),
    (ev) => ev.id,
    (ev) => ev.pageUrl,
    'id',
  );
  for (const [index, ev] of chunk.evidence.entries()) {
    if (ev.entityId !== undefined) needEntity(ev.entityId, { kind: 'evidence', index, name: ev.pageUrl });
    if (ev.relationshipId !== undefined) needRelationship(ev.relationshipId, { kind: 'evidence', index, name: ev.pageUrl });
  }

  const pages = unique(
    problems,
    'page',
    chunk.pages.map((p, index) => attempt(problems, { kind: 'page', index, name: p.url }, () => cleanPage(p))),
    (p) => p.url,
    (p) => p.url,
    'URL',
  );
  for (const [index, p] of chunk.pages.entries()) for (const id of p.entityIds) needEntity(id, { kind: 'page', index, name: p.url });

  const relationshipById = new Map(relationships.map((r) => [r.id, r]));
  const checkMerge = (raw: MergeRecord): MergeRecord => {
    const m = cleanMerge(raw);
    // A merge not undone removed its entity: the same id alive again is a forged record.
    if (m.undoneAt === undefined && entityIds.has(m.removedId))
      throw new InvalidArgumentsError('the entity it removed is also among the entities');
    // Undoing a merge deletes the relationships it created: they must be ones it could have created.
    const foreign = m.relationshipsCreated.find((id) => {
      const rel = relationshipById.get(id);
      return rel !== undefined && rel.from !== m.intoId && rel.to !== m.intoId;
    });
    if (foreign !== undefined)
      throw new InvalidArgumentsError(`it claims relationship "${foreign}", which does not touch the entity it merged into`);
    return m;
  };
  const merges = unique(
    problems,
    'merge',
    chunk.merges.map((m, index) => attempt(problems, { kind: 'merge', index, name: m.removed.name }, () => checkMerge(m))),
    (m) => m.id,
    (m) => m.removed.name,
    'id',
  );
  const reviews = unique(
    problems,
    'review',
    chunk.reviews.map((q, index) => attempt(problems, { kind: 'review', index, name: q.mention.name }, () => cleanReview(q))),
    (q) => q.id,
    (q) => q.mention.name,
    'id',
  );
  problems.throwIfAny();
  return { records: { entities, relationships, evidence, pages, merges, reviews }, missingEntities, missingRelationships };
}

/**
 * Drops references the app itself can leave dangling (a page's relationship list
 * after an unrelate, a review's entities after a delete or merge), keeping those
 * `known` accepts; returns the records and how many references were dropped.
 * Entities named by the file's merge history count as known for reviews.
 */
export function pruneReferences(
  records: GraphChunk,
  known: { readonly entity: (id: EntityId) => boolean; readonly relationship: (id: RelationshipId) => boolean },
): { records: GraphChunk; pruned: number } {
  let pruned = 0;
  const history = new Set<string>(records.merges.flatMap((m) => [m.intoId, m.removedId]));
  const entityKnown = (id: EntityId): boolean => history.has(id) || known.entity(id);
  const keep = <T>(items: readonly T[], ok: (t: T) => boolean): T[] => {
    const kept = items.filter(ok);
    pruned += items.length - kept.length;
    return kept;
  };
  const pages = records.pages.map((p) => ({ ...p, relationshipIds: keep(p.relationshipIds, known.relationship) }));
  const reviews = records.reviews.map((q): ReviewItem => {
    const { provisionalId, decision, ...rest } = q;
    const keepProvisional = provisionalId !== undefined && entityKnown(provisionalId);
    const keepDecisionEntity = decision?.entityId !== undefined && entityKnown(decision.entityId);
    const candidatesKept = q.candidates.every((c) => entityKnown(c.id));
    // Untouched records are returned as they are (same key order: export → import is byte for byte).
    if ((provisionalId === undefined || keepProvisional) && (decision?.entityId === undefined || keepDecisionEntity) && candidatesKept)
      return q;
    if (provisionalId !== undefined && !keepProvisional) pruned++;
    if (decision?.entityId !== undefined && !keepDecisionEntity) pruned++;
    return {
      ...rest,
      candidates: keep(q.candidates, (c) => entityKnown(c.id)),
      ...(keepProvisional ? { provisionalId } : {}),
      ...(decision === undefined ? {} : { decision: keepDecisionEntity ? decision : { kind: decision.kind } }),
    };
  });
  return { records: { ...records, pages, reviews }, pruned };
}
