/**
 * `answerQuestion`: the query loop behind the `entity_query` tool, answering in seed
 * 003's response shape (`entities`, `answer`) plus confidence, sources and follow-ups.
 * `createQueryEngine` wires the default ports over a GraphStore.
 */
import type { Clock } from '../graph/ids';
import type { GraphStore } from '../graph/store';
import type { Answerer } from './answerer.port';
import { GraphRelationships } from './graph-relationships';
import { GraphSemanticSearch } from './graph-semantic-search';
import { InMemoryQueryHistory, type QueryHistory } from './query-history';
import { QueryEngine } from './query-engine';
import type { AnswerBlock, AnswerClaim, AnswerSource, Confidence } from './query-response';
import type { NameSearch } from './semantic-search.port';
import type { SentenceRelationReader } from './sentence-relations.port';
import { SymbolicAnswerer } from './symbolic-answerer';
import { tokenNameSearch } from './token-name-search';
import type { ExecuteQueryOptions } from './world-intelligence.port';
import { sequentialQueryIds, type QueryId } from './world-query';

// Entities returned with an answer, and relationships per entity (`entity_query`'s `entities`).
export const MAX_QUERY_ENTITIES = 5;
export const MAX_ENTITY_RELATIONSHIPS = 25;

export interface CreateQueryEngineOptions {
  readonly store: GraphStore;
  readonly clock: Clock;
  /** The app injects its fuzzy NameIndex; defaults to the token-key search. */
  readonly nameSearch?: NameSearch;
  /** Defaults to the symbolic answerer. */
  readonly answerer?: Answerer;
  /** Defaults to the symbolic answerer when `answerer` is something else. */
  readonly fallback?: Answerer;
  readonly history?: QueryHistory;
  readonly newQueryId?: () => QueryId;
  readonly timezoneOffsetMinutes?: number;
  /** The symbolic answerer reads stored page sentences when the graph has no relation (default true). */
  readonly readSentences?: boolean;
  /** Reads stored sentences with the capture's relation stage (the composition root's `captureSentenceReader()`). */
  readonly relationReader?: SentenceRelationReader;
  /** Answer readers switched off (`ANSWER_READERS`; the ablation). */
  readonly answerReadersOff?: ReadonlySet<string>;
}

/**
 * @example
 *   const engine = createQueryEngine({ store, clock: systemClock });
 *   await engine.executeQuery('who founded Stripe?');
 */
export function createQueryEngine(options: CreateQueryEngineOptions): QueryEngine {
  const symbolic = new SymbolicAnswerer({
    ...(options.readSentences === undefined ? {} : { readSentences: options.readSentences }),
    ...(options.relationReader === undefined ? {} : { relationReader: options.relationReader }),
    ...(options.answerReadersOff === undefined ? {} : { answerReadersOff: options.answerReadersOff }),
  });
  const answerer = options.answerer ?? symbolic;
  const fallback = options.fallback ?? (answerer === symbolic ? undefined : symbolic);
  return new QueryEngine({
    store: options.store,
    search: new GraphSemanticSearch(options.store, options.nameSearch ?? tokenNameSearch(options.store)),
    relationships: new GraphRelationships(options.store),
    answerer,
    ...(fallback ? { fallback } : {}),
    history: options.history ?? new InMemoryQueryHistory(),
    clock: options.clock,
    newQueryId: options.newQueryId ?? sequentialQueryIds(),
    ...(options.timezoneOffsetMinutes === undefined ? {} : { timezoneOffsetMinutes: options.timezoneOffsetMinutes }),
  });
}

/** An entity of an `entity_query` response: name, type, attributes, outgoing relationships. */
export interface QueryEntity {
  readonly name: string;
  readonly entity_type: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly relationships: ReadonlyArray<{ readonly to: string; readonly relationship: string }>;
}

export interface EntityQueryResult {
  readonly entities: readonly QueryEntity[];
  readonly answer: string;
  /** The answer's paragraphs and lists, when it has a structure (`answer` is the same as text). */
  readonly blocks?: readonly AnswerBlock[];
  readonly confidence: Confidence;
  readonly sources: readonly AnswerSource[];
  /** Each value the answer gives, with its basis and the pages (and sentences) stating it. */
  readonly claims?: readonly AnswerClaim[];
  readonly follow_ups: readonly string[];
  readonly notices?: readonly string[];
  readonly query_id: string;
}

export interface AnswerQuestionDeps {
  readonly engine: QueryEngine;
  readonly store: GraphStore;
}

/**
 * @example
 *   await answerQuestion('what do we know about Stripe?', { engine, store })
 *   // { entities: [{ name: 'Stripe', entity_type: 'company', attributes: {…}, relationships: [{ to: 'Rust', relationship: 'uses' }, …] }],
 *   //   answer: 'Stripe is a company (…). It uses Rust; acquired Paystack; …', confidence: 'high', sources: […], follow_ups: […] }
 */
export async function answerQuestion(
  question: string,
  deps: AnswerQuestionDeps,
  options: ExecuteQueryOptions = {},
): Promise<EntityQueryResult> {
  const result = await deps.engine.executeQuery(question, options);
  const { answer } = result;
  const entities: QueryEntity[] = [];
  const ids = answer.sources.slice(0, MAX_QUERY_ENTITIES).map((s) => s.entityId);
  for (const entity of await deps.store.getEntities(result.context.allEntityIds.filter((id) => ids.includes(id)))) {
    const rels = await deps.store.relationshipsOf(entity.id, 'out', MAX_ENTITY_RELATIONSHIPS);
    const targets = new Map((await deps.store.getEntities(rels.map((r) => r.to))).map((e) => [e.id, e.name]));
    entities.push({
      name: entity.name,
      entity_type: entity.type,
      attributes: { ...entity.attributes },
      relationships: rels.flatMap((r) => {
        const to = targets.get(r.to);
        return to === undefined ? [] : [{ to, relationship: r.label }];
      }),
    });
  }
  // Keep the answer's source order.
  entities.sort((a, b) => answer.sources.findIndex((s) => s.name === a.name) - answer.sources.findIndex((s) => s.name === b.name));
  return {
    entities,
    answer: answer.content,
    ...(answer.blocks ? { blocks: answer.blocks } : {}),
    confidence: answer.confidence,
    sources: answer.sources,
    ...(answer.claims ? { claims: answer.claims } : {}),
    follow_ups: answer.suggestedFollowUps,
    ...(answer.notices ? { notices: answer.notices } : {}),
    query_id: result.queryId,
  };
}
