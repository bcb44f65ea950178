/**
 * The Answerer port: one turn of the query loop (question, context and capabilities
 * in, a `QueryResponse` out). The symbolic answerer is the offline default; LLM
 * answerers in `src/adapters/llm` implement the same port.
 */
import type { InfoCapability } from './info-capability';
import type { QueryContext } from './query-context';
import type { QueryResponse } from './query-response';
import type { QueryConfig } from './world-query';

export interface AnswerInput {
  readonly question: string;
  readonly context: QueryContext;
  /** What the answerer may ask for this turn (empty when it must answer). */
  readonly capabilities: readonly InfoCapability[];
  /** When true the answerer must return an Answer from what it has. */
  readonly forceAnswer: boolean;
  /** How many more NeedsMoreInfo turns the loop will fulfil. */
  readonly remainingRequests?: number;
  readonly config: QueryConfig;
  /** Epoch ms of the question, for "today". */
  readonly now: number;
  /** The page the user is on, when asked from a tab. */
  readonly pageUrl?: string;
  readonly signal?: AbortSignal;
  /** Receives the answer text as it is produced (streaming). */
  readonly onToken?: (chunk: string) => void;
}

/** Why the loop stopped fulfilling requests and made the answerer answer with what it had. */
export type LoopStop =
  | { readonly kind: 'limit'; readonly limit: number }
  | { readonly kind: 'rejected'; readonly problem: string }
  | { readonly kind: 'no_answer' };

export interface Answerer {
  /** Short name for history and notices: `symbolic`, `openai-compatible`, `chrome-prompt-api`. */
  readonly name: string;
  answer(input: AnswerInput): Promise<QueryResponse>;
  /**
   * The notice on an answer made after the loop stopped early, in this answerer's own terms
   * (an offline answerer has no request limit of a model to speak of); the loop's wording when absent.
   */
  stopNotice?(stop: LoopStop): string;
}
