/**
 * WorldIntelligenceProvider: the orchestrator of the query loop. A world is a
 * workspace: each workspace's graph has its own provider, and the tool router picks it
 * from a call's `workspace` argument, so a query itself names no world. Ariadne has
 * one user, so a query names no user either.
 */
import type { InfoCapability } from './info-capability';
import type { QueryContext } from './query-context';
import type { Answer, QueryResponse } from './query-response';
import type { QueryConfig, QueryId, QuerySnapshot, WorldQuery } from './world-query';

export interface ExecuteQueryOptions {
  readonly config?: Partial<QueryConfig>;
  /** The page the user is on ("what did I capture from this page?"). */
  readonly pageUrl?: string;
  readonly signal?: AbortSignal;
  /** Streams the answer text as it is produced. */
  readonly onToken?: (chunk: string) => void;
}

export interface QueryResult {
  readonly queryId: QueryId;
  readonly answer: Answer;
  /** Which answerer gave the final answer. */
  readonly answerer: string;
  /** Answerer calls made (LLM round trips when the answerer is an LLM). */
  readonly answererCalls: number;
  readonly infoRequests: number;
  /** Estimated prompt tokens of each answerer call. */
  readonly contextTokens: readonly number[];
  /** The context the answer was made from (for `entity_query`'s entities). */
  readonly context: QueryContext;
}

export interface WorldIntelligenceProvider {
  executeQuery(queryText: string, options?: ExecuteQueryOptions): Promise<QueryResult>;
  buildInitialContext(queryText: string, config: QueryConfig): Promise<QueryContext>;
  queryLlm(
    query: WorldQuery,
    context: QueryContext,
    capabilities: readonly InfoCapability[],
    forceAnswer?: boolean,
  ): Promise<QueryResponse>;
  getQueryById(queryId: QueryId): Promise<QuerySnapshot | undefined>;
  getRecentQueries(options: { readonly limit: number }): Promise<QuerySnapshot[]>;
}
