/**
 * The query loop: question → initial context from search
 * → answerer turn with capabilities → validate, fulfill and merge each NeedsMoreInfo
 * → … → Answer. The loop is bounded by `maxInfoRequests`; an invalid request or the
 * limit forces a low-confidence answer. A failing answerer (LLM down, slow, garbage)
 * hands over to the fallback answerer with a notice. Nothing here writes the graph.
 */
import { toErrorShape } from '../errors';
import type { Clock, EntityId } from '../graph/ids';
import type { GraphStore } from '../graph/store';
import type { Answerer, AnswerInput } from './answerer.port';
import { buildCapabilities, type CapabilityEnvironment } from './capabilities';
import { fulfillRequest } from './fulfill';
import { getCapabilityById, validateInfoRequest, type InfoCapability } from './info-capability';
import { estimatePromptTokens, MAX_ANSWER_LENGTH, MAX_FOLLOW_UPS } from './prompt';
import { QueryContext } from './query-context';
import type { QueryHistory } from './query-history';
import {
  createForcedAnswer,
  isNeedsMoreInfo,
  type Answer,
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
      let forcedBecause: string | undefined;
      while (isNeedsMoreInfo(response)) {
        if (!query.canRequestMoreInfo()) {
          forcedBecause = `the limit of ${query.config.maxInfoRequests} information requests was reached`;
          break;
        }
        const problem = this.checkRequests(response, capabilities);
        if (problem !== undefined) {
          forcedBecause = `a request was rejected: ${problem}`;
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
      if (forcedBecause === undefined && !isNeedsMoreInfo(response)) {
        answer = response;
      } else {
        const reason = forcedBecause ?? 'the answerer gave no answer';
        const forced = await this.queryLlm(query, context, [], true);
        const base = isNeedsMoreInfo(forced) ? createForcedAnswer({ reason, known: context.summaries.map((s) => s.name) }) : forced;
        answer = { ...base, confidence: 'low', notices: [...(base.notices ?? []), `Answered early: ${reason}.`] };
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

  /** Bounds the answer, cites only context entities with the pages of their evidence, adds notices. */
  private async finish(answer: Answer, context: QueryContext, state: RunState): Promise<Answer> {
    const sources: AnswerSource[] = [];
    for (const source of answer.sources) {
      if (sources.length >= MAX_SOURCES) break;
      const id = context.allEntityIds.find((known) => known === source.entityId);
      const summary = id === undefined ? undefined : context.getSummary(id);
      if (!id || !summary || sources.some((s) => s.entityId === id)) continue;
      sources.push({ entityId: id, name: summary.name, type: summary.type, pages: await this.pagesOf(id, context) });
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
      suggestedFollowUps: followUps,
      ...(notices.length > 0 ? { notices } : {}),
    };
  }

  private async pagesOf(id: EntityId, context: QueryContext): Promise<SourcePage[]> {
    const pages: SourcePage[] = [];
    for (const ev of context.getFull(id)?.evidence ?? []) {
      if (!pages.some((p) => p.url === ev.pageUrl)) pages.push({ url: ev.pageUrl, title: ev.pageTitle });
    }
    if (pages.length === 0) {
      for (const p of await this.deps.store.pagesOfEntity(id, MAX_PAGES_PER_SOURCE)) pages.push({ url: p.url, title: p.title });
    }
    return pages.slice(0, MAX_PAGES_PER_SOURCE);
  }
}
