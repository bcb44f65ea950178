/**
 * The graph service: the only way the knowledge graph is written. It owns the
 * graph's rules (name cleaning and limits, attribute merging, one relationship per
 * (from, label, to), derived index keys, evidence, exact merge undo) over any
 * `GraphStore`, and runs each operation in one store transaction; `exclusive(fn,
 * { atomic: true })` makes a whole sequence one (a capture's ingestion). Listeners (the
 * search index) hear about committed changes through `subscribe`.
 *
 * @example
 *   const graph = new GraphService({ store: new InMemoryGraphStore(), ids: sequentialIds(), clock: fixedClock() });
 *   const stripe = await graph.createEntity({ name: 'Stripe', type: 'company' });
 *   const rust = await graph.createEntity({ name: 'Rust', type: 'technology' });
 *   await graph.relate(stripe.id, 'uses', rust.id); // { relationship, created: true }
 */
import { boundSentences, MAX_PAGE_SENTENCES } from './page-sentences';
import { MAX_URL_LENGTH } from '../capture-limits';
import { ConflictError, InvalidArgumentsError, NotFoundError } from '../errors';
import { copyRecord, deleteOwn, hasOwnKey, ownValue, setOwn } from '../records';
import { cleanText, nameKey } from '../text/normalize';
import { deletePageRecords, removeEntityRecords } from './delete-page';
import type { PageDeletionOutcome } from './delete-page';
import { ChangeLog } from './events';
import { WriteLock } from './write-lock';
import type { GraphChange, GraphListener } from './events';
import type { Clock, EntityId, IdSource, MergeId, RelationshipId } from './ids';
import {
  checkAttributeCount,
  cleanAttributeKey,
  cleanAttributeValue,
  cleanAttributes,
  cleanDescription,
  cleanLabel,
  cleanName,
  cleanSnippet,
  MAX_TITLE_LENGTH,
  mergeAliases,
  withKeys,
} from './input';
import { aliasIndexKey, nameIndexKey } from './keys';
import { BulkJournal, bulkTargets, deleteMany, mergeMany, retypeMany, undoRecord } from './bulk';
import type { BulkOutcome, BulkUndoOutcome } from './bulk';
import { mergeEntities, unmergeEntities } from './merge';
import type { MergeOutcome, UnmergeOutcome } from './merge';
import type { GraphStore } from './store';
import type { Entity, EntityType, Evidence, EvidenceExtractor, EvidenceKind, Page, Relationship } from './types';
import { isEntityType } from './types';

export type { GraphChange, GraphListener } from './events';
export type { MergeOutcome, UnmergeOutcome } from './merge';
export type { PageDeletionOutcome } from './delete-page';
export type { BulkOutcome, BulkUndoOutcome } from './bulk';

/**
 * How many relationships, evidence rows or pages one operation (delete, merge) may
 * touch for one entity. Far above any real entity; past it the operation is refused
 * rather than left half done.
 */
export const MAX_EDGES_PER_OPERATION = 50_000;
/** Homonyms returned by `findByName` at most: enough to list candidates in an error. */
export const MAX_NAME_MATCHES = 20;

export interface GraphServiceDeps {
  readonly store: GraphStore;
  readonly ids: IdSource;
  readonly clock: Clock;
}

export interface CreateEntityInput {
  readonly name: string;
  readonly type: EntityType;
  readonly aliases?: readonly string[];
  readonly attributes?: Readonly<Record<string, string>>;
  readonly description?: string;
  readonly authorityId?: string;
  /** Mentions that led to it (captures count them; the user's own adds count 1). */
  readonly mentionCount?: number;
}

export interface UpdateEntityPatch {
  readonly name?: string;
  readonly type?: EntityType;
  /** Keys to set; a `null` value removes the key. */
  readonly attributes?: Readonly<Record<string, string | null>>;
  /** Replaces the alias list. */
  readonly aliases?: readonly string[];
  /** `null` removes the description. */
  readonly description?: string | null;
  /** `null` removes the authority link. */
  readonly authorityId?: string | null;
}

export interface AttributeMergeOutcome {
  readonly entity: Entity;
  /** Keys the entity did not have. */
  readonly added: readonly string[];
  /** Keys whose value changed. */
  readonly updated: readonly string[];
}

export interface EvidenceSource {
  readonly pageUrl: string;
  readonly pageTitle: string;
  readonly snippet: string;
  readonly capturedAt?: number;
  /** What the evidence says beyond its sentence (e.g. a classified relation's confidence). */
  readonly detail?: string;
  /** An LLM read it (`model` names which); absent for the offline extractor. */
  readonly extractor?: EvidenceExtractor;
  readonly model?: string;
}

export interface RecordEvidenceInput extends EvidenceSource {
  readonly kind: EvidenceKind;
  readonly entityId?: EntityId;
  readonly relationshipId?: RelationshipId;
  readonly detail?: string;
  /** A teammate's member name, for evidence replayed from the team database. */
  readonly contributor?: string;
}

/** A PostgreSQL role name is at most 63 bytes: a longer contributor is not a member name. */
const MAX_CONTRIBUTOR = 63;

export interface RelateOutcome {
  readonly relationship: Relationship;
  readonly created: boolean;
}

export interface DeleteOutcome {
  readonly entity: Entity;
  readonly relationshipsRemoved: number;
  readonly evidenceRemoved: number;
}

export interface RecordPageInput {
  readonly url: string;
  readonly title: string;
  readonly site?: string;
  readonly lang?: string;
  /** The author line and publication date the page's metadata gave (kept from an earlier capture when absent). */
  readonly byline?: string;
  readonly publishedAt?: string;
  /** A PDF's page count (kept from an earlier capture when absent). */
  readonly pdfPages?: number;
  readonly capturedAt?: number;
  readonly entityIds?: readonly EntityId[];
  readonly relationshipIds?: readonly RelationshipId[];
  readonly notes?: readonly string[];
  /** The page's sentences (cut to `page-sentences.ts` bounds); absent keeps the stored ones. */
  readonly sentences?: readonly string[];
  /** The analyzer version that read it (absent keeps the stored one). */
  readonly analyzerVersion?: number;
  /** Name keys of the entities its structured data gave (absent keeps the stored ones; bounded by `MAX_STRUCTURED_NAMES`). */
  readonly structuredNames?: readonly string[];
}

/** Structured-data names a page remembers: 100 structured entities with their aliases is far past any real page's. */
export const MAX_STRUCTURED_NAMES = 500;

/** Names of user-deleted entities a page remembers (the newest kept): more is a page the user is emptying by hand. */
export const MAX_REMOVED_NAMES = 200;

/** The page's memory of user deletions, with `entity`'s name and aliases added (newest last, bounded). */
function withRemovedNames(page: Page, entity: Entity): Page {
  const keys = [entity.name, ...entity.aliases].map((n) => nameKey(n)).filter((k) => k.length > 0);
  const names = [...(page.removedNames ?? []).filter((k) => !keys.includes(k)), ...new Set(keys)].slice(-MAX_REMOVED_NAMES);
  return { ...page, removedNames: names };
}

/** The sentences a page record stores: the given ones bounded (none given keeps the stored ones; an empty list clears them). */
function pageSentences(given: readonly string[] | undefined, stored: readonly string[] | undefined): { sentences?: readonly string[] } {
  if (given === undefined) return stored === undefined ? {} : { sentences: stored };
  const sentences = boundSentences(given.slice(0, MAX_PAGE_SENTENCES * 2).map((t) => cleanText(t)));
  return sentences.length === 0 ? {} : { sentences };
}

/** Longest author line and publication date a page keeps (the capture contract's bounds). */
const MAX_BYLINE = 300;
const MAX_PUBLISHED_AT = 64;

/** The page's author and publication date: the given ones cleaned, else the stored ones. */
function pageMetadata(input: RecordPageInput, before: Page | undefined): { byline?: string; publishedAt?: string } {
  const byline = input.byline === undefined ? before?.byline : cleanSnippet(input.byline, MAX_BYLINE);
  const publishedAt = input.publishedAt === undefined ? before?.publishedAt : cleanSnippet(input.publishedAt, MAX_PUBLISHED_AT);
  return { ...(byline ? { byline } : {}), ...(publishedAt ? { publishedAt } : {}) };
}

/** A PDF's page count: the given one, else the stored one; a count that is not a whole number ≥ 0 is left out. */
function pdfPagesOf(input: RecordPageInput, before: Page | undefined): { pdfPages?: number } {
  const pages = input.pdfPages ?? before?.pdfPages;
  return pages !== undefined && Number.isSafeInteger(pages) && pages >= 0 ? { pdfPages: pages } : {};
}

/** What a page record keeps across captures: the analyzer version and structured names (the given ones, else the stored ones) and the user's deletions. */
function pageMemory(
  input: RecordPageInput,
  before: Page | undefined,
): { analyzerVersion?: number; removedNames?: readonly string[]; structuredNames?: readonly string[] } {
  const version = input.analyzerVersion ?? before?.analyzerVersion;
  const structured = input.structuredNames?.slice(0, MAX_STRUCTURED_NAMES) ?? before?.structuredNames;
  return {
    ...(version === undefined ? {} : { analyzerVersion: version }),
    ...(before?.removedNames === undefined ? {} : { removedNames: before.removedNames }),
    ...(structured === undefined ? {} : { structuredNames: structured }),
  };
}

/** Relationship key: unique per (from, label, to). */
export function relationshipKey(from: EntityId, label: string, to: EntityId): string {
  return `${from}|${label}|${to}`;
}

/** The host of a URL, lower-cased, as `Page.site` stores it ('' when there is none). */
export function siteOf(url: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#:]+)/i.exec(url);
  return m?.[1]?.toLowerCase() ?? '';
}

function union<T>(a: readonly T[], b: readonly T[]): T[] {
  return [...new Set([...a, ...b])];
}

/** Longest model name kept on evidence. */
const MAX_MODEL_NAME = 200;

/** An evidence row's provenance fields: set only for an LLM, with its model's name (bounded). */
export function provenanceOf(input: { readonly extractor?: EvidenceExtractor; readonly model?: string }): {
  extractor?: EvidenceExtractor;
  model?: string;
} {
  if (input.extractor !== 'llm') return {};
  return { extractor: 'llm', model: cleanSnippet(input.model ?? 'unknown model', MAX_MODEL_NAME) };
}

export class GraphService {
  readonly store: GraphStore;
  private readonly ids: IdSource;
  private readonly clock: Clock;
  private readonly listeners: Set<GraphListener>;
  /** The single writer; absent on the session graph handed to `exclusive` callbacks, which already holds it. */
  private readonly lock: WriteLock | undefined;
  /** The same service writing without the lock, handed to `exclusive` callbacks. */
  private readonly session: GraphService;
  /**
   * Inside an atomic `exclusive` run: the changes of the inner writes, held until the
   * outer transaction commits (a listener must never see a write that is rolled back).
   */
  private readonly held: GraphChange[] | undefined;
  /** Undo records of recent bulk actions, shared with the session and atomic-run services. */
  private readonly journal: BulkJournal;

  constructor(deps: GraphServiceDeps, shared?: { listeners: Set<GraphListener>; held?: GraphChange[]; journal: BulkJournal }) {
    this.store = deps.store;
    this.ids = deps.ids;
    this.clock = deps.clock;
    this.listeners = shared?.listeners ?? new Set();
    this.held = shared?.held;
    this.journal = shared?.journal ?? new BulkJournal();
    this.lock = shared ? undefined : new WriteLock();
    this.session = shared ? this : new GraphService(deps, { listeners: this.listeners, journal: this.journal });
  }

  /**
   * Runs `fn` with no other write in between: the service's lock (`WriteLock`) is the
   * graph's single writer, and read-decide-write sequences (find-or-create, ingestion,
   * a writing tool call) run here so two callers cannot both create the same entity.
   * Inside, write through the `graph` argument: it holds the lock, so its writes do not
   * wait, and its own `exclusive` fails at once with a `conflict` error instead of
   * queueing behind its caller. Calling this service itself from inside `fn` would wait
   * for `fn` to end, that is forever.
   *
   * With `atomic: true`, `fn` also runs in one store transaction: its writes are
   * applied all together or, if it throws, not at all (Dexie aborts, the in-memory
   * store replays its undo log), and listeners hear of them only once it committed.
   * As in any store transaction, `fn` must await nothing but this store's methods
   * (no timers, no network): IndexedDB commits a transaction left idle.
   *
   * @example
   *   await graph.exclusive(async (g) => (await g.findByName('Stripe'))[0] ?? g.createEntity({ name: 'Stripe', type: 'company' }));
   *   await graph.exclusive(async (g) => { await g.createEntity(a); await g.createEntity(b); }, { atomic: true }); // both or neither
   */
  exclusive<T>(fn: (graph: GraphService) => Promise<T>, options: { readonly atomic?: boolean } = {}): Promise<T> {
    const { lock } = this;
    if (lock === undefined) {
      return Promise.reject(
        new ConflictError(
          'exclusive was called inside an exclusive run: write through the graph that run was handed; it already has the writer to itself.',
        ),
      );
    }
    if (options.atomic !== true) return lock.run(() => fn(this.session));
    return lock.run(async () => {
      const held: GraphChange[] = [];
      const inner = new GraphService(
        { store: this.store, ids: this.ids, clock: this.clock },
        { listeners: this.listeners, held, journal: this.journal },
      );
      const result = await this.store.transaction(() => fn(inner));
      this.publish(held);
      return result;
    });
  }

  /** Hears every committed change, in order. Returns the unsubscribe function. */
  subscribe(listener: GraphListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async write<T>(fn: (log: ChangeLog) => Promise<T>): Promise<T> {
    const log = new ChangeLog();
    const transaction = (): Promise<T> => this.store.transaction(() => fn(log));
    const result = await (this.lock === undefined ? transaction() : this.lock.run(transaction));
    if (this.held === undefined) this.publish(log.drain());
    else for (const change of log.drain()) this.held.push(change); // no spread: a merge may log 50k changes
    return result;
  }

  private publish(changes: readonly GraphChange[]): void {
    for (const change of changes) {
      for (const listener of this.listeners) {
        // A failing listener (a derived index) must not turn a committed write into an error.
        try {
          listener(change);
        } catch {
          /* ignored on purpose */
        }
      }
    }
  }

  private async mustGet(id: EntityId): Promise<Entity> {
    const entity = await this.store.getEntity(id);
    if (!entity) throw new NotFoundError(`No entity has id "${id}"; it may have been deleted or merged.`);
    return entity;
  }

  async getEntity(id: EntityId): Promise<Entity | undefined> {
    return this.store.getEntity(id);
  }

  /**
   * Entities whose name or an alias normalizes like `name` (homonyms possible):
   * name matches first, then alias matches, each by id.
   *
   * @example await graph.findByName('stripe, inc.') // [Stripe]
   */
  async findByName(name: string, limit = MAX_NAME_MATCHES): Promise<Entity[]> {
    const key = nameKey(name);
    if (key.length === 0) return [];
    const found = await this.store.findEntitiesByKeys([nameIndexKey(name), aliasIndexKey(name)], limit);
    const byName = (e: Entity): number => (e.keys.includes(nameIndexKey(name)) ? 0 : 1);
    return found.sort((a, b) => byName(a) - byName(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, limit);
  }

  /** Creates a new entity (even if another has the same name: homonyms exist). */
  async createEntity(input: CreateEntityInput): Promise<Entity> {
    if (!isEntityType(input.type)) throw new InvalidArgumentsError(`Unknown entity type "${String(input.type)}".`);
    const name = cleanName(input.name);
    const attributes = cleanAttributes(input.attributes ?? {});
    const aliases = mergeAliases(name, [], input.aliases ?? []);
    const description = input.description === undefined ? undefined : cleanDescription(input.description);
    const now = this.clock.now();
    const entity = withKeys({
      id: this.ids.entity(),
      name,
      type: input.type,
      aliases,
      attributes,
      ...(description === undefined ? {} : { description }),
      ...(input.authorityId ? { authorityId: cleanText(input.authorityId) } : {}),
      createdAt: now,
      updatedAt: now,
      mentionCount: Math.max(0, Math.floor(input.mentionCount ?? 1)),
    });
    return this.write(async (log) => {
      await this.store.putEntity(entity);
      log.entityPut(entity);
      return entity;
    });
  }

  /** Edits name, type, attributes (null removes a key), aliases, description, authority. */
  async updateEntity(id: EntityId, patch: UpdateEntityPatch): Promise<Entity> {
    return this.write(async (log) => {
      const before = await this.mustGet(id);
      if (patch.type !== undefined && !isEntityType(patch.type)) {
        throw new InvalidArgumentsError(`Unknown entity type "${String(patch.type)}".`);
      }
      const name = patch.name === undefined ? before.name : cleanName(patch.name);
      const attributes = copyRecord(before.attributes);
      for (const [k, v] of Object.entries(patch.attributes ?? {})) {
        const key = cleanAttributeKey(k);
        const value = v === null ? '' : cleanAttributeValue(key, v);
        if (value.length === 0) deleteOwn(attributes, key);
        else setOwn(attributes, key, value);
      }
      checkAttributeCount(attributes);
      const aliases = mergeAliases(name, [], patch.aliases ?? before.aliases);
      const { description: _d, authorityId: _a, typeSetByUser: _t, ...rest } = before;
      // Only a change counts as the user's choice: the editor sends the type with every save.
      const typeSetByUser = before.typeSetByUser === true || (patch.type !== undefined && patch.type !== before.type);
      const description =
        patch.description === undefined ? before.description : patch.description === null ? undefined : cleanDescription(patch.description);
      const authorityId =
        patch.authorityId === undefined
          ? before.authorityId
          : patch.authorityId === null
            ? undefined
            : cleanText(patch.authorityId) || undefined;
      const entity = withKeys({
        ...rest,
        name,
        type: patch.type ?? before.type,
        aliases,
        attributes,
        ...(description === undefined ? {} : { description }),
        ...(authorityId === undefined ? {} : { authorityId }),
        ...(typeSetByUser ? { typeSetByUser: true } : {}),
        updatedAt: this.clock.now(),
      });
      await this.store.putEntity(entity);
      log.entityPut(entity);
      return entity;
    });
  }

  /** Adds aliases (cleaned, deduplicated, never the name itself). */
  async addAliases(id: EntityId, aliases: readonly string[]): Promise<Entity> {
    return this.write(async (log) => {
      const before = await this.mustGet(id);
      const merged = mergeAliases(before.name, before.aliases, aliases);
      if (merged.length === before.aliases.length && merged.every((a, i) => a === before.aliases[i])) return before;
      const entity = withKeys({ ...before, aliases: merged, updatedAt: this.clock.now() });
      await this.store.putEntity(entity);
      log.entityPut(entity);
      return entity;
    });
  }

  /**
   * Sets the type the evidence decided (`src/core/graph/type-evidence.ts`), and records the
   * change as evidence of the page that tipped it: kind `attribute`, detail
   * "type: person → company (company 3.5, person 1.5)". Never over the user's choice: an
   * entity whose type the user set (`typeSetByUser`) keeps it, and is returned unchanged.
   * Unlike `updateEntity`, the type stays open to later evidence.
   *
   * @example
   *   await graph.retypeByEvidence(id, 'company', { pageUrl, pageTitle, snippet, detail: 'company 3.5, person 1.5' });
   */
  async retypeByEvidence(id: EntityId, type: EntityType, source: EvidenceSource): Promise<Entity> {
    if (!isEntityType(type)) throw new InvalidArgumentsError(`Unknown entity type "${String(type)}".`);
    return this.write(async (log) => {
      const before = await this.mustGet(id);
      if (before.typeSetByUser === true || before.type === type) return before;
      const entity = withKeys({ ...before, type, updatedAt: this.clock.now() });
      await this.store.putEntity(entity);
      log.entityPut(entity);
      const why = source.detail === undefined ? '' : ` (${source.detail})`;
      await this.putEvidence({ ...source, kind: 'attribute', entityId: id, detail: `type: ${before.type} → ${type}${why}` });
      return entity;
    });
  }

  /**
   * Merges attributes into an entity: new keys are added, existing keys updated
   * (as `entity_add` does on a repeated name).
   */
  async mergeAttributes(
    id: EntityId,
    attributes: Readonly<Record<string, string>>,
    options: { readonly mentions?: number } = {},
  ): Promise<AttributeMergeOutcome> {
    const incoming = cleanAttributes(attributes);
    return this.write(async (log) => {
      const before = await this.mustGet(id);
      const next = copyRecord(before.attributes);
      const added: string[] = [];
      const updated: string[] = [];
      for (const [key, value] of Object.entries(incoming)) {
        // Own keys only: a new `toString` is added, not taken for Object.prototype's.
        if (!hasOwnKey(next, key)) added.push(key);
        else if (ownValue(next, key) !== value) updated.push(key);
        setOwn(next, key, value);
      }
      checkAttributeCount(next);
      const mentions = Math.max(0, Math.floor(options.mentions ?? 0));
      if (added.length === 0 && updated.length === 0 && mentions === 0) return { entity: before, added, updated };
      const entity = withKeys({
        ...before,
        attributes: next,
        mentionCount: before.mentionCount + mentions,
        updatedAt: this.clock.now(),
      });
      await this.store.putEntity(entity);
      log.entityPut(entity);
      return { entity, added, updated };
    });
  }

  /** Stores where a fact came from. The entity or relationship must exist. */
  async recordEvidence(input: RecordEvidenceInput): Promise<Evidence> {
    return this.write(() => this.putEvidence(input));
  }

  private async putEvidence(input: RecordEvidenceInput): Promise<Evidence> {
    if ((input.entityId === undefined) === (input.relationshipId === undefined)) {
      throw new InvalidArgumentsError('Evidence belongs to exactly one entity or one relationship; give entityId or relationshipId.');
    }
    if (input.entityId !== undefined) await this.mustGet(input.entityId);
    if (input.relationshipId !== undefined && !(await this.store.getRelationship(input.relationshipId))) {
      throw new NotFoundError(`No relationship has id "${input.relationshipId}".`);
    }
    const pageUrl = cleanText(input.pageUrl);
    if (pageUrl.length === 0 || pageUrl.length > MAX_URL_LENGTH) {
      throw new InvalidArgumentsError(`Evidence needs the page URL it came from (at most ${MAX_URL_LENGTH} characters).`);
    }
    const evidence: Evidence = {
      id: this.ids.evidence(),
      kind: input.kind,
      ...(input.entityId === undefined ? {} : { entityId: input.entityId }),
      ...(input.relationshipId === undefined ? {} : { relationshipId: input.relationshipId }),
      pageUrl,
      pageTitle: cleanSnippet(input.pageTitle, MAX_TITLE_LENGTH),
      snippet: cleanSnippet(input.snippet),
      ...(input.detail === undefined ? {} : { detail: cleanSnippet(input.detail, 200) }),
      capturedAt: input.capturedAt ?? this.clock.now(),
      ...provenanceOf(input),
      ...(input.contributor === undefined ? {} : { contributor: cleanSnippet(input.contributor, MAX_CONTRIBUTOR) }),
    };
    await this.store.putEvidence(evidence);
    return evidence;
  }

  /**
   * A directed relationship, unique per (from, label, to); the label is normalized
   * (`Founded By` → `founded_by`). A repeat returns the existing one, `created: false`,
   * and still records the evidence given.
   */
  async relate(from: EntityId, label: string, to: EntityId, evidence?: EvidenceSource): Promise<RelateOutcome> {
    const clean = cleanLabel(label);
    if (from === to) throw new InvalidArgumentsError('An entity cannot be related to itself; give two different entities.');
    return this.write(async (log) => {
      await this.mustGet(from);
      await this.mustGet(to);
      const key = relationshipKey(from, clean, to);
      const existing = await this.store.findRelationshipByKey(key);
      let relationship = existing;
      if (!relationship) {
        const now = this.clock.now();
        relationship = { id: this.ids.relationship(), from, to, label: clean, key, createdAt: now, updatedAt: now };
        await this.store.putRelationship(relationship);
        log.relationshipPut(relationship);
      }
      if (evidence) await this.putEvidence({ ...evidence, kind: 'relationship', relationshipId: relationship.id });
      return { relationship, created: existing === undefined };
    });
  }

  /** Removes a relationship and its evidence. Returns false when it did not exist. */
  async unrelate(id: RelationshipId): Promise<boolean> {
    return this.write(async (log) => {
      const rel = await this.store.getRelationship(id);
      if (!rel) return false;
      for (const ev of await this.store.evidenceOfRelationship(id, MAX_EDGES_PER_OPERATION)) {
        await this.store.deleteEvidence(ev.id);
      }
      await this.store.deleteRelationship(id);
      log.relationshipRemoved(rel);
      return true;
    });
  }

  /**
   * Deletes an entity with its relationships and evidence, and drops it from page lists.
   * With `byUser`, the pages that listed it remember its names (`Page.removedNames`), so
   * re-reading them does not bring it back.
   */
  async deleteEntity(id: EntityId, options: { readonly byUser?: boolean } = {}): Promise<DeleteOutcome> {
    return this.write(async (log) => {
      const entity = await this.mustGet(id);
      const listing = options.byUser === true ? await this.store.pagesOfEntity(id, MAX_EDGES_PER_OPERATION) : [];
      const out = await removeEntityRecords(this.store, log, entity);
      for (const before of listing) {
        const page = await this.store.getPage(before.url);
        if (page !== undefined) await this.store.putPage(withRemovedNames(page, entity));
      }
      return { entity, ...out };
    });
  }

  /**
   * Deletes a captured page with its evidence and the entities and relationships only
   * it supported (`deletePageRecords`); all of it or, on failure, nothing.
   */
  async deletePage(url: string): Promise<PageDeletionOutcome> {
    const clean = cleanText(url);
    // Decided inside the transaction, thrown after it: an error thrown inside a Dexie
    // transaction under a DOMException name (NotFoundError) comes out as Dexie's own.
    const out = await this.write((log) => deletePageRecords(this.store, log, clean));
    if (out === undefined)
      throw new NotFoundError(`No captured page has the URL "${clean.slice(0, 300)}"; it may have been deleted already.`);
    return out;
  }

  /** Stores a captured page; a re-capture keeps the union of its entity and relationship lists. */
  async recordPage(input: RecordPageInput): Promise<Page> {
    const url = cleanText(input.url);
    if (url.length === 0 || url.length > MAX_URL_LENGTH)
      throw new InvalidArgumentsError(`A page needs a URL of at most ${MAX_URL_LENGTH} characters.`);
    return this.write(async () => {
      const before = await this.store.getPage(url);
      const page: Page = {
        url,
        title: cleanSnippet(input.title, MAX_TITLE_LENGTH),
        site: input.site ?? siteOf(url),
        ...(input.lang === undefined ? {} : { lang: input.lang }),
        ...pageMetadata(input, before),
        ...pdfPagesOf(input, before),
        capturedAt: input.capturedAt ?? this.clock.now(),
        entityIds: union(before?.entityIds ?? [], input.entityIds ?? []),
        relationshipIds: union(before?.relationshipIds ?? [], input.relationshipIds ?? []),
        ...(input.notes === undefined ? {} : { notes: input.notes.slice(0, 20).map((n) => cleanSnippet(n, 300)) }),
        ...pageSentences(input.sentences, before?.sentences),
        ...pageMemory(input, before),
      };
      await this.store.putPage(page);
      return page;
    });
  }

  /**
   * Merges `removedId` into `intoId` (see `mergeEntities`): attributes (the surviving
   * entity's values win), aliases (the removed name becomes an alias), relationships
   * (re-pointed; duplicates and self-loops dropped), evidence and page lists move.
   */
  async merge(intoId: EntityId, removedId: EntityId): Promise<MergeOutcome> {
    if (intoId === removedId) throw new InvalidArgumentsError('An entity cannot be merged into itself; give two different entities.');
    return this.write((log) => mergeEntities({ store: this.store, ids: this.ids, clock: this.clock, log }, intoId, removedId));
  }

  /** Undoes a merge exactly (see `unmergeEntities`). */
  async unmerge(mergeId: MergeId): Promise<UnmergeOutcome> {
    return this.write((log) => unmergeEntities({ store: this.store, ids: this.ids, clock: this.clock, log }, mergeId));
  }

  /**
   * Deletes many entities at once (each as `deleteEntity` with `byUser`), all or none,
   * with one undo (`undoBulk`).
   *
   * @example
   *   const { undoId } = await graph.bulkDelete([junk1.id, junk2.id]);
   *   await graph.undoBulk(undoId); // both back, with their relationships and evidence
   */
  async bulkDelete(ids: readonly EntityId[]): Promise<BulkOutcome> {
    return this.write(async (log) => {
      const entities = await bulkTargets(this.store, ids);
      const record = await deleteMany(this.store, log, entities, withRemovedNames);
      return { action: 'delete', undoId: this.journal.add(record), entities };
    });
  }

  /** Gives many entities one type, as the user's choice (evidence no longer retypes them); one undo. */
  async bulkRetype(ids: readonly EntityId[], type: EntityType): Promise<BulkOutcome> {
    if (!isEntityType(type)) throw new InvalidArgumentsError(`Unknown entity type "${String(type)}".`);
    return this.write(async (log) => {
      const targets = await bulkTargets(this.store, ids);
      const { entities, record } = await retypeMany(this.store, log, targets, type, this.clock.now());
      return { action: 'retype', undoId: this.journal.add(record), entities };
    });
  }

  /** Merges many entities into one (`intoId` survives), as that many merges in one transaction; one undo. */
  async bulkMerge(intoId: EntityId, ids: readonly EntityId[]): Promise<BulkOutcome> {
    return this.write(async (log) => {
      const [into] = await bulkTargets(this.store, [intoId]);
      if (into === undefined) throw new NotFoundError(`No entity has id "${intoId}" (the entity to keep).`);
      const removed = await bulkTargets(this.store, ids);
      const out = await mergeMany({ store: this.store, ids: this.ids, clock: this.clock, log }, into, removed);
      return { action: 'merge', undoId: this.journal.add(out.record), entities: removed, into: out.into };
    });
  }

  /** Undoes a bulk action whole (see `bulk.ts`); its undo is then spent. */
  async undoBulk(undoId: string): Promise<BulkUndoOutcome> {
    const record = this.journal.take(undoId);
    const out = await this.write((log) => undoRecord({ store: this.store, ids: this.ids, clock: this.clock, log }, record));
    this.journal.forget(undoId);
    return out;
  }
}
