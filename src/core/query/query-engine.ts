/**
 * The query loop: question → initial context from search
 * → answerer turn with capabilities → validate, fulfill and merge each NeedsMoreInfo
 * → … → Answer. The loop is bounded by `maxInfoRequests`; an invalid request or the
 * limit forces a low-confidence answer. A failing answerer (LLM down, slow, garbage)
 * hands over to the fallback answerer with a notice. Nothing here writes the graph.
 */
import { toErrorShape } from '../errors';
import { asEntityId, asRelationshipId, type Clock, type EntityId } from '../graph/ids';
import type { GraphStore } from '../graph/store';
import type { Answerer, AnswerInput, LoopStop } from './answerer.port';
import { buildCapabilities, type CapabilityEnvironment } from './capabilities';
import { fulfillRequest } from './fulfill';
import { getCapabilityById, validateInfoRequest, type InfoCapability } from './info-capability';
import { namedOnPage } from './page-text';
import { estimatePromptTokens, MAX_ANSWER_LENGTH, MAX_FOLLOW_UPS } from './prompt';
import { QueryContext } from './query-context';
import type { QueryHistory } from './query-history';
import {
  createForcedAnswer,
  isNeedsMoreInfo,
  type Answer,
  type AnswerClaim,
  type AnswerSource,
  type NeedsMoreInfo,
  type QueryResponse,
  type SourcePage,
} from './query-response';
import type { RelationshipProvider } from './relationship.port';
import type { SemanticSearchProvider } from './semantic-search.port';
import type { ExecuteQueryOptions, QueryResult, WorldIntelligenceProvider } from './world-intelligence.port';
import { WorldQuery, resolveConfig, type QueryConfig, type QueryId, type QuerySnapshot } from './world-query';

// One turn may ask for several things, but not for everything at once.
export const MAX_REQUESTS_PER_TURN = 5;
// An answer cites at most this many entities, each with at most this many pages.
export const MAX_SOURCES = 8;
export const MAX_PAGES_PER_SOURCE = 3;
// Relationships read among the initial entities when `includeRelationships` is on.
const INITIAL_RELATIONSHIPS_PER_ENTITY = 20;
// Claims an answer carries, and pages cited per claim: every value of a long list, each with a few pages.
export const MAX_CLAIMS = 50;
export const MAX_PAGES_PER_CLAIM = 3;
// Evidence rows of an entity read to find the pages whose text names it.
const EVIDENCE_READ = 12;

/**
 * The loop's own wording of an early stop, for answerers that give none (an LLM answerer:
 * it asked for more than the loop fulfils).
 *
 * @example
 *   loopStopNotice({ kind: 'limit', limit: 3 }) // 'Answered early: the limit of 3 information requests was reached.'
 */
export function loopStopNotice(stop: LoopStop): string {
  return `Answered early: ${loopStopReason(stop)}.`;
}

function loopStopReason(stop: LoopStop): string {
  if (stop.kind === 'limit') return `the limit of ${stop.limit} information requests was reached`;
  if (stop.kind === 'rejected') return `a request was rejected: ${stop.problem}`;
  return 'the answerer gave no answer';
}

export interface QueryEngineDeps {
  readonly store: GraphStore;
  readonly search: SemanticSearchProvider;
  readonly relationships: RelationshipProvider;
  readonly answerer: Answerer;
  /** Takes over when `answerer` throws (usually the symbolic answerer). */
  readonly fallback?: Answerer;
  readonly history: QueryHistory;
  readonly clock: Clock;
  readonly newQueryId: () => QueryId;
  /** Minutes east of UTC, for "today". */
  readonly timezoneOffsetMinutes?: number;
}

interface RunState {
  answerer: Answerer;
  readonly notices: string[];
  readonly tokens: number[];
  readonly options: ExecuteQueryOptions;
}

/**
 * @example
 *   const engine = new QueryEngine({ store, search, relationships, answerer: new SymbolicAnswerer(),
 *     history: new InMemoryQueryHistory(), clock: systemClock, newQueryId: sequentialQueryIds() });
 *   const { answer } = await engine.executeQuery('which companies use Rust?');
 */
export class QueryEngine implements WorldIntelligenceProvider {
  private readonly runs = new WeakMap<WorldQuery, RunState>();

  constructor(private readonly deps: QueryEngineDeps) {}

  async executeQuery(queryText: string, options: ExecuteQueryOptions = {}): Promise<QueryResult> {
    const query = WorldQuery.create({
      id: this.deps.newQueryId(),
      text: queryText,
      config: options.config ?? {},
      createdAt: this.deps.clock.now(),
    });
    const state: RunState = { answerer: this.deps.answerer, notices: [], tokens: [], options };
    this.runs.set(query, state);
    query.startProcessing();
    await this.deps.history.save(query.snapshot());
    const env: CapabilityEnvironment = options.pageUrl === undefined ? {} : { pageUrl: options.pageUrl };
    try {
      const context = await this.buildInitialContext(query.text, query.config);
      let capabilities = buildCapabilities(context, env);
      let response = await this.queryLlm(query, context, capabilities);
      let stop: LoopStop | undefined;
      while (isNeedsMoreInfo(response)) {
        if (!query.canRequestMoreInfo()) {
          stop = { kind: 'limit', limit: query.config.maxInfoRequests };
          break;
        }
        const problem = this.checkRequests(response, capabilities);
        if (problem !== undefined) {
          stop = { kind: 'rejected', problem };
          break;
        }
        query.recordInfoRequest(response);
        for (const request of response.requests) {
          context.merge(await fulfillRequest(this.deps, request, { now: query.createdAt, ...env, ...this.tz() }));
        }
        capabilities = buildCapabilities(context, env);
        response = await this.queryLlm(query, context, capabilities);
      }
      let answer: Answer;
      if (stop === undefined && !isNeedsMoreInfo(response)) {
        answer = response;
      } else {
        const why: LoopStop = stop ?? { kind: 'no_answer' };
        const forced = await this.queryLlm(query, context, [], true);
        // The answerer that answered words the stop (the fallback's own words after a failure).
        const notice = state.answerer.stopNotice?.(why) ?? loopStopNotice(why);
        const base = isNeedsMoreInfo(forced)
          ? createForcedAnswer({ reason: loopStopReason(why), known: context.summaries.map((s) => s.name) })
          : forced;
        answer = { ...base, confidence: 'low', notices: [...(base.notices ?? []), notice] };
      }
      const final = await this.finish(answer, context, state);
      query.setAnswerer(state.answerer.name);
      query.complete(final, this.deps.clock.now());
      await this.deps.history.save(query.snapshot());
      return {
        queryId: query.id,
        answer: final,
        answerer: state.answerer.name,
        answererCalls: state.tokens.length,
        infoRequests: query.infoRequestCount,
        contextTokens: [...state.tokens],
        context,
      };
    } catch (error) {
      query.fail(toErrorShape(error), this.deps.clock.now());
      await this.deps.history.save(query.snapshot());
      throw error;
    }
  }

  async buildInitialContext(queryText: string, config: QueryConfig): Promise<QueryContext> {
    const summaries = await this.deps.search.search(queryText, { limit: resolveConfig(config).maxInitialEntities });
    const context = QueryContext.create({ summaries });
    if (config.includeRelationships && summaries.length >= 2) {
      const ids = new Set<string>(summaries.map((s) => s.id));
      const rels = await this.deps.relationships.getRelationships(
        summaries.map((s) => s.id),
        { limit: INITIAL_RELATIONSHIPS_PER_ENTITY },
      );
      for (const r of rels) if (ids.has(r.from) && ids.has(r.to)) context.addRelationship(r);
    }
    return context;
  }

  async queryLlm(
    query: WorldQuery,
    context: QueryContext,
    capabilities: readonly InfoCapability[],
    forceAnswer = false,
  ): Promise<QueryResponse> {
    const state = this.runs.get(query) ?? { answerer: this.deps.answerer, notices: [], tokens: [], options: {} };
    const { pageUrl, signal, onToken } = state.options;
    const input: AnswerInput = {
      question: query.text,
      context,
      capabilities: forceAnswer ? [] : capabilities,
      forceAnswer,
      remainingRequests: forceAnswer ? 0 : query.remainingInfoRequests(),
      config: query.config,
      now: query.createdAt,
      ...(pageUrl === undefined ? {} : { pageUrl }),
      ...(signal === undefined ? {} : { signal }),
      ...(onToken === undefined ? {} : { onToken }),
    };
    state.tokens.push(estimatePromptTokens(input));
    try {
      return await state.answerer.answer(input);
    } catch (error) {
      const fallback = this.deps.fallback;
      if (!fallback || state.answerer === fallback) throw error;
      const shape = toErrorShape(error);
      state.notices.push(
        `The ${state.answerer.name} answerer failed (${shape.code}: ${shape.message.slice(0, 200)}); this answer comes from the offline ${fallback.name} answerer.`,
      );
      state.answerer = fallback;
      return fallback.answer(input);
    }
  }

  async getQueryById(queryId: QueryId): Promise<QuerySnapshot | undefined> {
    return this.deps.history.get(queryId);
  }

  async getRecentQueries(options: { readonly limit: number }): Promise<QuerySnapshot[]> {
    return this.deps.history.recent(options.limit);
  }

  private tz(): { timezoneOffsetMinutes?: number } {
    const tz = this.deps.timezoneOffsetMinutes;
    return tz === undefined ? {} : { timezoneOffsetMinutes: tz };
  }

  /** The first problem with a turn's requests, or undefined when all are valid. */
  private checkRequests(response: NeedsMoreInfo, capabilities: readonly InfoCapability[]): string | undefined {
    if (response.requests.length === 0) return 'the answerer asked for more information without saying what';
    if (response.requests.length > MAX_REQUESTS_PER_TURN)
      return `${response.requests.length} requests in one turn (at most ${MAX_REQUESTS_PER_TURN})`;
    for (const request of response.requests) {
      const result = validateInfoRequest(request, getCapabilityById(capabilities, request.capabilityId));
      if (!result.valid) return result.errors.join(' ');
    }
    return undefined;
  }

  /**
   * Bounds the answer, cites each claim with the pages (and sentences) that state it, cites
   * only context entities, each with the pages of its claims or else of its evidence whose
   * text names it, and adds notices.
   */
  private async finish(answer: Answer, context: QueryContext, state: RunState): Promise<Answer> {
    const claims = await this.citeClaims(answer.claims ?? []);
    const sources: AnswerSource[] = [];
    for (const source of answer.sources) {
      if (sources.length >= MAX_SOURCES) break;
      const id = context.allEntityIds.find((known) => known === source.entityId);
      const summary = id === undefined ? undefined : context.getSummary(id);
      if (!id || !summary || sources.some((s) => s.entityId === id)) continue;
      // A value's own claims cite the pages that state it; the entity's evidence otherwise.
      const claimed = uniquePages(claims.filter((c) => c.entityId === id).flatMap((c) => c.pages));
      const pages = claimed.length > 0 ? claimed.slice(0, MAX_PAGES_PER_SOURCE) : await this.pagesOf(id, context);
      sources.push({ entityId: id, name: summary.name, type: summary.type, pages });
    }
    const followUps = [...new Set(answer.suggestedFollowUps.map((f) => f.trim()).filter((f) => f.length > 0))].slice(0, MAX_FOLLOW_UPS);
    if (followUps.length === 0) {
      const first = sources[0];
      followUps.push(first ? `What is ${first.name} connected to?` : 'Which entities are the most connected?');
    }
    const notices = [...state.notices, ...(answer.notices ?? [])];
    return {
      type: 'answer',
      content: answer.content.slice(0, MAX_ANSWER_LENGTH),
      // Blocks are dropped with a cut content: the two must say the same.
      ...(answer.blocks && answer.content.length <= MAX_ANSWER_LENGTH ? { blocks: answer.blocks } : {}),
      confidence: answer.confidence,
      sources,
      ...(claims.length > 0 ? { claims } : {}),
      suggestedFollowUps: followUps,
      ...(notices.length > 0 ? { notices } : {}),
    };
  }

  /**
   * Each claim with its pages: those of its relationship's (or attribute's) evidence when the
   * answerer gave none, each page with the sentence that states it; at most
   * `MAX_CLAIMS` claims, `MAX_PAGES_PER_CLAIM` pages each.
   */
  private async citeClaims(claims: readonly AnswerClaim[]): Promise<AnswerClaim[]> {
    const out: AnswerClaim[] = [];
    for (const claim of claims.slice(0, MAX_CLAIMS)) {
      let pages = claim.pages;
      if (pages.length === 0) pages = await this.factPages(claim);
      out.push({ ...claim, pages: uniquePages(pages).slice(0, MAX_PAGES_PER_CLAIM) });
    }
    return out;
  }

  /** The pages a stored relationship or attribute was read from, each with its sentence (its evidence's snippet). */
  private async factPages(claim: AnswerClaim): Promise<SourcePage[]> {
    const { store } = this.deps;
    const rel = claim.relationshipId === undefined ? undefined : asRelationshipId(claim.relationshipId);
    const of = claim.attribute === undefined ? undefined : asEntityId(claim.attribute.entityId);
    const evidence =
      rel !== undefined
        ? await store.evidenceOfRelationship(rel, EVIDENCE_READ)
        : of !== undefined && claim.attribute !== undefined
          ? (await store.evidenceOfEntity(of, EVIDENCE_READ)).filter((e) => e.kind === 'attribute' && e.detail === claim.attribute?.key)
          : [];
    return evidence.map((e) => ({ url: e.pageUrl, title: e.pageTitle, ...(e.snippet.trim() === '' ? {} : { sentence: e.snippet }) }));
  }

  /** The pages of an entity's evidence whose own words name it (`namedOnPage`), the newest evidence first. */
  private async pagesOf(id: EntityId, context: QueryContext): Promise<SourcePage[]> {
    const { store } = this.deps;
    const entity = context.getFull(id)?.entity ?? (await store.getEntity(id));
    if (!entity) return [];
    const evidence = await store.evidenceOfEntity(id, EVIDENCE_READ);
    const pages: SourcePage[] = [];
    for (const ev of evidence) {
      if (pages.length >= MAX_PAGES_PER_SOURCE || pages.some((p) => p.url === ev.pageUrl)) continue;
      const page = await store.getPage(ev.pageUrl);
      if (page && !namedOnPage(page, entity)) continue;
      pages.push({ url: ev.pageUrl, title: ev.pageTitle });
    }
    if (pages.length === 0) {
      for (const p of await store.pagesOfEntity(id, MAX_PAGES_PER_SOURCE * 2)) {
        if (pages.length < MAX_PAGES_PER_SOURCE && namedOnPage(p, entity)) pages.push({ url: p.url, title: p.title });
      }
    }
    return pages;
  }
}

/** Pages once each by URL, in order; the first with a sentence wins over one without. */
function uniquePages(pages: readonly SourcePage[]): SourcePage[] {
  const byUrl = new Map<string, SourcePage>();
  for (const p of pages) {
    const seen = byUrl.get(p.url);
    if (seen === undefined || (seen.sentence === undefined && p.sentence !== undefined)) byUrl.set(p.url, p);
  }
  return [...byUrl.values()];
}
