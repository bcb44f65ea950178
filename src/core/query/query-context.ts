/**
 * QueryContext: what the answerer knows while it answers one question.
 * Two levels of entities: light summaries (id, name, type, one line) and full
 * entities (attributes, relationships, evidence) loaded on demand. Every collection
 * is capped so a context always fits a small prompt.
 */
import type { EntityId, RelationshipId } from '../graph/ids';
import type { Entity, EntityType } from '../graph/types';

// Caps keep one context under roughly 2,000 prompt tokens in the common case.
export const MAX_FULL_ENTITIES = 24;
export const MAX_SUMMARIES = 120;
export const MAX_CONTEXT_RELATIONSHIPS = 240;
export const MAX_CONTEXT_PAGES = 20;
// A one-line summary longer than this stops being light.
const SUMMARY_LENGTH = 120;

export interface EntitySummary {
  readonly id: EntityId;
  readonly name: string;
  readonly type: EntityType;
  /** One line: the description, or the first attributes. */
  readonly summary: string;
  /** How well it matched the search that brought it in, 0..1. */
  readonly score?: number;
}

export interface RelationshipView {
  readonly id: RelationshipId;
  readonly from: EntityId;
  readonly fromName: string;
  readonly fromType: EntityType;
  readonly label: string;
  readonly to: EntityId;
  readonly toName: string;
  readonly toType: EntityType;
}

export interface EvidenceView {
  readonly pageUrl: string;
  readonly pageTitle: string;
  /** Page text: untrusted data, never instructions. */
  readonly snippet: string;
  readonly capturedAt: number;
}

export interface FullEntity {
  readonly entity: Entity;
  readonly relationships: readonly RelationshipView[];
  readonly evidence: readonly EvidenceView[];
  /** True when the entity has more relationships than were loaded. */
  readonly relationshipsTruncated: boolean;
}

export interface DefinitionView {
  readonly type: EntityType;
  readonly count: number;
}
export interface LabelCount {
  readonly label: string;
  readonly count: number;
}
export interface ConnectedEntity {
  readonly id: EntityId;
  readonly degree: number;
}
export interface PathView {
  readonly fromId: EntityId;
  readonly toId: EntityId;
  /** Relationships from `fromId` to `toId` in order (any direction); empty when none found. */
  readonly steps: readonly RelationshipView[];
  readonly maxDepth: number;
}
export interface PageView {
  readonly url: string;
  readonly title: string;
  readonly capturedAt: number;
  /** The first entities the page contributed (bounded). */
  readonly entityIds: readonly EntityId[];
  /** How many entities the page contributed in all. */
  readonly entityCount: number;
}
export type PageScope = 'current_page' | 'today' | 'recent';

/** An entity named in a stored sentence (one of its page's entities). */
export interface SentenceName {
  readonly id: EntityId;
  readonly name: string;
  readonly type: EntityType;
  /** Other names of the entity the sentence uses (an alias, a short form: "Pega" for Pegasystems), lower case. */
  readonly aliases?: readonly string[];
}
/** A stored page sentence naming an entity: page text, untrusted data, never instructions. */
export interface SentenceView {
  readonly pageUrl: string;
  readonly pageTitle: string;
  readonly text: string;
  /** The page's entities the sentence names, the entity read about among them. */
  readonly names: readonly SentenceName[];
  /**
   * Set when the sentence does not name the entity read about but goes on about it from the
   * sentence before: the words it opens with and calls the entity by ("it", "the company", "she"),
   * and that entity's name.
   */
  readonly refersBy?: { readonly opener: string; readonly name: string };
}

/** A captured page, as cited in an answer. */
export interface PageRef {
  readonly url: string;
  readonly title: string;
  /** A sentence of the page naming the entity cited (page text: untrusted data). */
  readonly sentence?: string;
}
/** An entity named on captured pages that also name the anchor (FIND_CO_MENTIONED). */
export interface CoMentionView {
  readonly id: EntityId;
  readonly name: string;
  readonly type: EntityType;
  /** How many of the pages read name both. */
  readonly sharedPages: number;
  /** The first of those pages (bounded), newest first. */
  readonly pages: readonly PageRef[];
}
/** The entities sharing pages with `anchorId` (of one type when `type` is set), most shared first. */
export interface CoMentionsView {
  readonly anchorId: EntityId;
  readonly type?: EntityType;
  /** Pages of the anchor that were read (the newest, bounded). */
  readonly pagesRead: number;
  /** How many entities (of the type) share those pages; `entries` holds some of them. */
  readonly total: number;
  /** The 1-based rank of the first entry (1 when absent). */
  readonly from?: number;
  readonly entries: readonly CoMentionView[];
}
/** A page naming two entities, with its stored sentences that name both (page text: untrusted data). */
export interface SharedPageView extends PageRef {
  readonly sentences: readonly string[];
}
/** The pages that name both `fromId` and `toId` (FIND_SHARED_PAGES), newest first; empty when none. */
export interface SharedPagesView {
  readonly fromId: EntityId;
  readonly toId: EntityId;
  readonly pages: readonly SharedPageView[];
}

export interface ContextStats {
  readonly fullEntities: number;
  readonly summaries: number;
  readonly relationships: number;
  readonly pages: number;
  readonly paths: number;
  readonly estimatedTokens: number;
  readonly truncated: boolean;
}

/** The usual rough estimate for English and JSON: about 4 characters per token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The light form of an entity. */
export function summarize(entity: Entity, score?: number): EntitySummary {
  const attrs = Object.entries(entity.attributes)
    .slice(0, 3)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
  const line = (entity.description ?? attrs).slice(0, SUMMARY_LENGTH);
  return { id: entity.id, name: entity.name, type: entity.type, summary: line, ...(score === undefined ? {} : { score }) };
}

/**
 * @example
 *   const ctx = QueryContext.create({ summaries: await search.search('stripe', { limit: 10 }) });
 *   ctx.addEntity(full); ctx.markExpanded(full.entity.id);
 *   ctx.expandableEntityIds // summaries not yet loaded in full
 */
export class QueryContext {
  private readonly summaryMap = new Map<EntityId, EntitySummary>();
  private readonly fullMap = new Map<EntityId, FullEntity>();
  private readonly expanded = new Set<EntityId>();
  private readonly relMap = new Map<RelationshipId, RelationshipView>();
  private readonly pageMap = new Map<string, PageView>();
  private readonly pathMap = new Map<string, PathView>();
  /** Sentences read, by entity id. */
  private readonly sentenceMap = new Map<EntityId, readonly SentenceView[]>();
  /** Sentences read for a name no entity has, by the name in lower case. */
  private readonly nameSentenceMap = new Map<string, { readonly name: string; readonly sentences: readonly SentenceView[] }>();
  private readonly coMentionMap = new Map<string, CoMentionsView>();
  private readonly sharedPageMap = new Map<string, SharedPagesView>();
  private readonly typeListings = new Map<EntityType, { readonly ids: EntityId[]; readonly from: number }>();
  private readonly lookups = new Map<string, EntityId[]>();
  private readonly scopes = new Set<PageScope>();
  /** How many pages each loaded scope holds in all (the context keeps only the newest). */
  private readonly pageTotals = new Map<PageScope, number>();
  /** The 1-based position of the first page loaded of each scope (1 when from the newest). */
  private readonly pageStarts = new Map<PageScope, number>();
  private readonly fulfilledKeys = new Set<string>();
  private definitionList: DefinitionView[] | undefined;
  private labelList: LabelCount[] | undefined;
  private connectedList: ConnectedEntity[] | undefined;
  private wasTruncated = false;

  static create(input: { summaries?: readonly EntitySummary[] } = {}): QueryContext {
    const ctx = new QueryContext();
    for (const s of input.summaries ?? []) ctx.addEntitySummary(s);
    return ctx;
  }

  addEntitySummary(summary: EntitySummary): void {
    const known = this.summaryMap.get(summary.id);
    if (known) {
      // Keep the best score a search gave it.
      if ((summary.score ?? 0) > (known.score ?? 0)) this.summaryMap.set(summary.id, summary);
      return;
    }
    if (this.fullMap.has(summary.id)) return;
    if (this.summaryMap.size >= MAX_SUMMARIES) {
      this.wasTruncated = true;
      return;
    }
    this.summaryMap.set(summary.id, summary);
  }

  addEntity(full: FullEntity): void {
    const id = full.entity.id;
    if (!this.fullMap.has(id) && this.fullMap.size >= MAX_FULL_ENTITIES) {
      this.wasTruncated = true;
      this.addEntitySummary(summarize(full.entity));
      return;
    }
    this.fullMap.set(id, full);
    this.summaryMap.delete(id);
    for (const rel of full.relationships) this.addRelationship(rel);
  }

  addRelationship(rel: RelationshipView): void {
    if (this.relMap.has(rel.id)) return;
    if (this.relMap.size >= MAX_CONTEXT_RELATIONSHIPS) {
      this.wasTruncated = true;
      return;
    }
    this.relMap.set(rel.id, rel);
  }

  addPage(page: PageView): void {
    if (this.pageMap.has(page.url)) return;
    if (this.pageMap.size >= MAX_CONTEXT_PAGES) {
      this.wasTruncated = true;
      return;
    }
    this.pageMap.set(page.url, page);
  }

  /** The stored sentences read for `id` (READ_PAGE_SENTENCES); an empty list means none were found. */
  setSentences(id: EntityId, sentences: readonly SentenceView[]): void {
    this.sentenceMap.set(id, [...sentences]);
  }
  sentencesOf(id: EntityId): readonly SentenceView[] | undefined {
    return this.sentenceMap.get(id);
  }
  /** The stored sentences read for a name no entity has (READ_SENTENCES_NAMING); empty when none holds it. */
  setNameSentences(name: string, sentences: readonly SentenceView[]): void {
    this.nameSentenceMap.set(name.trim().toLowerCase(), { name: name.trim(), sentences: [...sentences] });
  }
  nameSentencesOf(name: string): readonly SentenceView[] | undefined {
    return this.nameSentenceMap.get(name.trim().toLowerCase())?.sentences;
  }

  /** The co-mentions read for one anchor and type filter (FIND_CO_MENTIONED). */
  setCoMentions(view: CoMentionsView): void {
    this.coMentionMap.set(coMentionKey(view.anchorId, view.type), view);
  }
  coMentionsOf(anchorId: EntityId, type?: EntityType): CoMentionsView | undefined {
    return this.coMentionMap.get(coMentionKey(anchorId, type));
  }
  /** The pages two entities share (FIND_SHARED_PAGES), either way round. */
  setSharedPages(view: SharedPagesView): void {
    this.sharedPageMap.set(pathKey(view.fromId, view.toId), view);
  }
  sharedPagesOf(a: EntityId, b: EntityId): SharedPagesView | undefined {
    return this.sharedPageMap.get(pathKey(a, b)) ?? this.sharedPageMap.get(pathKey(b, a));
  }

  addPath(path: PathView): void {
    this.pathMap.set(pathKey(path.fromId, path.toId), path);
  }
  setDefinitions(definitions: readonly DefinitionView[], labels: readonly LabelCount[], connected: readonly ConnectedEntity[]): void {
    this.definitionList = [...definitions];
    this.labelList = [...labels];
    this.connectedList = [...connected];
  }
  /** The entities of one type listed, the `from`-th most mentioned first (1-based). */
  setTypeListing(type: EntityType, ids: readonly EntityId[], from = 1): void {
    this.typeListings.set(type, { ids: [...ids], from });
  }
  /** Remembers which entities a name lookup or search returned (best first). */
  setLookup(query: string, ids: readonly EntityId[]): void {
    this.lookups.set(query, [...ids]);
  }
  markPageScope(scope: PageScope, total?: number, from = 1): void {
    this.scopes.add(scope);
    if (total !== undefined) this.pageTotals.set(scope, total);
    this.pageStarts.set(scope, from);
  }
  /** Remembers that a request was run, so answerers do not ask twice. */
  markFulfilled(key: string): void {
    this.fulfilledKeys.add(key);
  }
  markExpanded(id: EntityId): void {
    this.expanded.add(id);
  }

  /** Adds everything `other` holds (used to fold in the result of an info request). */
  merge(other: QueryContext): void {
    for (const full of other.fullMap.values()) this.addEntity(full);
    for (const s of other.summaryMap.values()) this.addEntitySummary(s);
    for (const id of other.expanded) this.expanded.add(id);
    for (const rel of other.relMap.values()) this.addRelationship(rel);
    for (const page of other.pageMap.values()) this.addPage(page);
    for (const path of other.pathMap.values()) this.addPath(path);
    for (const [id, sentences] of other.sentenceMap) this.setSentences(id, sentences);
    for (const read of other.nameSentenceMap.values()) this.setNameSentences(read.name, read.sentences);
    for (const view of other.coMentionMap.values()) this.setCoMentions(view);
    for (const view of other.sharedPageMap.values()) this.setSharedPages(view);
    for (const [type, listing] of other.typeListings) this.typeListings.set(type, listing);
    for (const [query, ids] of other.lookups) this.lookups.set(query, ids);
    for (const scope of other.scopes) this.scopes.add(scope);
    for (const [scope, total] of other.pageTotals) this.pageTotals.set(scope, total);
    for (const [scope, from] of other.pageStarts) this.pageStarts.set(scope, from);
    for (const key of other.fulfilledKeys) this.fulfilledKeys.add(key);
    if (other.definitionList && other.labelList && other.connectedList) {
      this.setDefinitions(other.definitionList, other.labelList, other.connectedList);
    }
    this.wasTruncated ||= other.wasTruncated;
  }

  /** Full entities first (in insertion order), then summaries. */
  get allEntityIds(): EntityId[] {
    return [...this.fullMap.keys(), ...this.summaryMap.keys()];
  }
  /** Summaries that could still be loaded in full. */
  get expandableEntityIds(): EntityId[] {
    return [...this.summaryMap.keys()].filter((id) => !this.expanded.has(id));
  }
  hasExpandableEntities(): boolean {
    return this.expandableEntityIds.length > 0;
  }

  get fullEntities(): FullEntity[] {
    return [...this.fullMap.values()];
  }
  get summaries(): EntitySummary[] {
    return [...this.summaryMap.values()];
  }
  get relationships(): RelationshipView[] {
    return [...this.relMap.values()];
  }
  get pages(): PageView[] {
    return [...this.pageMap.values()];
  }
  get paths(): PathView[] {
    return [...this.pathMap.values()];
  }
  /** Every entity's sentences read so far, in reading order. */
  get sentenceReads(): Array<{ readonly id: EntityId; readonly sentences: readonly SentenceView[] }> {
    return [...this.sentenceMap].map(([id, sentences]) => ({ id, sentences }));
  }
  /** The sentences read for names no entity has, in reading order. */
  get nameSentenceReads(): Array<{ readonly name: string; readonly sentences: readonly SentenceView[] }> {
    return [...this.nameSentenceMap.values()];
  }
  get coMentions(): CoMentionsView[] {
    return [...this.coMentionMap.values()];
  }
  get sharedPages(): SharedPagesView[] {
    return [...this.sharedPageMap.values()];
  }
  get definitions(): readonly DefinitionView[] | undefined {
    return this.definitionList;
  }
  get labels(): readonly LabelCount[] | undefined {
    return this.labelList;
  }
  get mostConnected(): readonly ConnectedEntity[] | undefined {
    return this.connectedList;
  }
  get truncated(): boolean {
    return this.wasTruncated;
  }

  getFull(id: EntityId): FullEntity | undefined {
    return this.fullMap.get(id);
  }
  getSummary(id: EntityId): EntitySummary | undefined {
    const full = this.fullMap.get(id);
    return full ? summarize(full.entity) : this.summaryMap.get(id);
  }
  has(id: string): boolean {
    return this.allEntityIds.some((known) => known === id);
  }
  isExpanded(id: EntityId): boolean {
    return this.expanded.has(id) || this.fullMap.has(id);
  }
  getPath(fromId: EntityId, toId: EntityId): PathView | undefined {
    return this.pathMap.get(pathKey(fromId, toId)) ?? reversePath(this.pathMap.get(pathKey(toId, fromId)));
  }
  getTypeListing(type: EntityType): readonly EntityId[] | undefined {
    return this.typeListings.get(type)?.ids;
  }
  /** The 1-based rank of the first entity of a type listing (1 when none was loaded). */
  typeListingFrom(type: EntityType): number {
    return this.typeListings.get(type)?.from ?? 1;
  }
  getLookup(query: string): readonly EntityId[] | undefined {
    return this.lookups.get(query);
  }
  hasPageScope(scope: PageScope): boolean {
    return this.scopes.has(scope);
  }
  /** Pages the scope holds in all, when it was counted (the context may hold fewer). */
  pageTotal(scope: PageScope): number | undefined {
    return this.pageTotals.get(scope);
  }
  /** The 1-based position of the first page loaded of a scope (1: the newest). */
  pageStart(scope: PageScope): number {
    return this.pageStarts.get(scope) ?? 1;
  }
  wasFulfilled(key: string): boolean {
    return this.fulfilledKeys.has(key);
  }

  getStats(): ContextStats {
    const data = JSON.stringify({
      full: this.fullEntities.map((f) => ({ ...f.entity, keys: undefined, evidence: f.evidence })),
      summaries: this.summaries,
      relationships: this.relationships,
      pages: this.pages,
      paths: this.paths,
      sentences: this.sentenceReads,
      nameSentences: this.nameSentenceReads,
      coMentions: this.coMentions,
      sharedPages: this.sharedPages,
      definitions: this.definitionList,
      labels: this.labelList,
    });
    return {
      fullEntities: this.fullMap.size,
      summaries: this.summaryMap.size,
      relationships: this.relMap.size,
      pages: this.pageMap.size,
      paths: this.pathMap.size,
      estimatedTokens: estimateTokens(data),
      truncated: this.wasTruncated,
    };
  }
}

function pathKey(from: EntityId, to: EntityId): string {
  return `${from}>${to}`;
}

function coMentionKey(anchor: EntityId, type: EntityType | undefined): string {
  return `${anchor}|${type ?? ''}`;
}

function reversePath(path: PathView | undefined): PathView | undefined {
  if (!path) return undefined;
  return { fromId: path.toId, toId: path.fromId, steps: [...path.steps].reverse(), maxDepth: path.maxDepth };
}
