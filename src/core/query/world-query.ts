/**
 * WorldQuery: one natural-language question and its lifecycle
 * `pending → processing → completed | failed`, with the bound on how many times the
 * answerer may ask for more information before it must answer.
 */
import { AriadneError, ConflictError, InvalidArgumentsError, type ErrorShape } from '../errors';
import type { Brand } from '../graph/ids';
import type { Answer, NeedsMoreInfo } from './query-response';

export type QueryId = Brand<string, 'QueryId'>;
export type QueryStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface QueryConfig {
  /** How many NeedsMoreInfo turns are fulfilled before an answer is forced. */
  readonly maxInfoRequests: number;
  /** How many entity summaries the initial context holds. */
  readonly maxInitialEntities: number;
  /** Whether the initial context carries the relationships among its entities. */
  readonly includeRelationships: boolean;
  /** Sampling temperature handed to LLM answerers (the symbolic answerer ignores it). */
  readonly temperature: number;
}

/** The loop's defaults: turns, time and context bounds for one question. */
export const DEFAULT_QUERY_CONFIG: QueryConfig = Object.freeze({
  maxInfoRequests: 3,
  maxInitialEntities: 10,
  includeRelationships: true,
  temperature: 0.7,
});

// A question longer than this is not a question; it would also blow the prompt budget.
export const MAX_QUESTION_LENGTH = 1000;
// Upper bounds that keep a misconfigured loop from running away.
const MAX_INFO_REQUESTS_CAP = 10;
const MAX_INITIAL_ENTITIES_CAP = 50;

const QUERY_ID = /^wq_[0-9a-z_-]{1,64}$/;
export function asQueryId(raw: string): QueryId | undefined {
  return QUERY_ID.test(raw) ? (raw as QueryId) : undefined;
}

/** Sequential query ids (`wq_000001`, …): deterministic for tests and evaluations. */
export function sequentialQueryIds(): () => QueryId {
  let n = 0;
  return () => `wq_${(++n).toString(36).padStart(6, '0')}` as QueryId;
}

/** What history keeps of a query: plain data, safe to persist and to send to the UI. */
export interface QuerySnapshot {
  readonly id: QueryId;
  readonly text: string;
  readonly status: QueryStatus;
  readonly config: QueryConfig;
  readonly createdAt: number;
  readonly completedAt?: number;
  readonly infoRequests: readonly NeedsMoreInfo[];
  readonly answerer?: string;
  readonly answer?: Answer;
  readonly error?: ErrorShape;
}

export function resolveConfig(partial: Partial<QueryConfig> = {}): QueryConfig {
  const config = { ...DEFAULT_QUERY_CONFIG, ...partial };
  const intIn = (v: number, lo: number, hi: number): boolean => Number.isInteger(v) && v >= lo && v <= hi;
  if (!intIn(config.maxInfoRequests, 0, MAX_INFO_REQUESTS_CAP)) {
    throw new InvalidArgumentsError(
      `maxInfoRequests must be an integer from 0 to ${MAX_INFO_REQUESTS_CAP}, got ${config.maxInfoRequests}.`,
    );
  }
  if (!intIn(config.maxInitialEntities, 1, MAX_INITIAL_ENTITIES_CAP)) {
    throw new InvalidArgumentsError(
      `maxInitialEntities must be an integer from 1 to ${MAX_INITIAL_ENTITIES_CAP}, got ${config.maxInitialEntities}.`,
    );
  }
  if (!(config.temperature >= 0 && config.temperature <= 2)) {
    throw new InvalidArgumentsError(`temperature must be between 0 and 2, got ${config.temperature}.`);
  }
  return Object.freeze(config);
}

/**
 * @example
 *   const q = WorldQuery.create({ id, text: 'who founded Stripe?', createdAt: clock.now() });
 *   q.startProcessing();
 *   while (isNeedsMoreInfo(r) && q.canRequestMoreInfo()) { q.recordInfoRequest(r); … }
 *   q.complete(answer, clock.now());
 */
export class WorldQuery {
  private state: QueryStatus = 'pending';
  private readonly requests: NeedsMoreInfo[] = [];
  private finishedAt: number | undefined;
  private finalAnswer: Answer | undefined;
  private failure: ErrorShape | undefined;
  private answererName: string | undefined;

  private constructor(
    readonly id: QueryId,
    readonly text: string,
    readonly config: QueryConfig,
    readonly createdAt: number,
  ) {}

  static create(input: { id: QueryId; text: string; config?: Partial<QueryConfig>; createdAt: number }): WorldQuery {
    const text = input.text.trim();
    if (text.length === 0) throw new InvalidArgumentsError('The question is empty; type what you want to know about your graph.');
    if (text.length > MAX_QUESTION_LENGTH) {
      throw new InvalidArgumentsError(`The question is ${text.length} characters long; keep it under ${MAX_QUESTION_LENGTH}.`);
    }
    return new WorldQuery(input.id, text, resolveConfig(input.config), input.createdAt);
  }

  get status(): QueryStatus {
    return this.state;
  }
  get infoRequestCount(): number {
    return this.requests.length;
  }

  startProcessing(): void {
    this.expect('pending', 'start');
    this.state = 'processing';
  }

  /** Records one fulfilled NeedsMoreInfo turn. Refused past the limit. */
  recordInfoRequest(request: NeedsMoreInfo): void {
    this.expect('processing', 'record an info request for');
    if (!this.canRequestMoreInfo()) {
      throw new ConflictError(`Query ${this.id} already used its ${this.config.maxInfoRequests} info requests; answer now.`);
    }
    this.requests.push(request);
  }

  canRequestMoreInfo(): boolean {
    return this.state === 'processing' && this.requests.length < this.config.maxInfoRequests;
  }

  remainingInfoRequests(): number {
    return Math.max(0, this.config.maxInfoRequests - this.requests.length);
  }

  /** Which answerer produced the final answer (for history and figures). */
  setAnswerer(name: string): void {
    this.answererName = name;
  }

  complete(answer: Answer, at: number): void {
    this.expect('processing', 'complete');
    this.state = 'completed';
    this.finalAnswer = answer;
    this.finishedAt = at;
  }

  fail(error: ErrorShape, at: number): void {
    if (this.state === 'completed' || this.state === 'failed') {
      throw new ConflictError(`Query ${this.id} is already ${this.state}; it cannot fail now.`);
    }
    this.state = 'failed';
    this.failure = error;
    this.finishedAt = at;
  }

  snapshot(): QuerySnapshot {
    return {
      id: this.id,
      text: this.text,
      status: this.state,
      config: this.config,
      createdAt: this.createdAt,
      infoRequests: [...this.requests],
      ...(this.finishedAt === undefined ? {} : { completedAt: this.finishedAt }),
      ...(this.answererName === undefined ? {} : { answerer: this.answererName }),
      ...(this.finalAnswer === undefined ? {} : { answer: this.finalAnswer }),
      ...(this.failure === undefined ? {} : { error: this.failure }),
    };
  }

  private expect(status: QueryStatus, action: string): void {
    if (this.state !== status) {
      throw new AriadneError('conflict', `Cannot ${action} query ${this.id}: it is ${this.state}, expected ${status}.`);
    }
  }
}
