/**
 * What an answerer returns on each turn of the query loop (`QueryResponse`):
 * either an Answer, or a request for more information through the capabilities.
 */

export type Confidence = 'high' | 'medium' | 'low';

/** One page an answer's fact was read from. */
export interface SourcePage {
  readonly url: string;
  readonly title: string;
}

/** An entity an answer relies on, with the pages of its evidence (provenance). */
export interface AnswerSource {
  readonly entityId: string;
  readonly name: string;
  readonly type: string;
  readonly pages: readonly SourcePage[];
}

/**
 * One part of an answer's body: a paragraph, or a list whose items are plain text.
 * Renderers show them as text (never as markup); `content` carries the same body as
 * plain text for callers that only read strings (an LLM, an MCP client).
 */
export type AnswerBlock =
  { readonly kind: 'paragraph'; readonly text: string } | { readonly kind: 'list'; readonly items: readonly string[] };

/** True for a well-formed block (blocks restored from storage are checked before they are shown). */
export function isAnswerBlock(value: unknown): value is AnswerBlock {
  if (typeof value !== 'object' || value === null) return false;
  const kind: unknown = Reflect.get(value, 'kind');
  if (kind === 'paragraph') return typeof Reflect.get(value, 'text') === 'string';
  const items: unknown = Reflect.get(value, 'items');
  return kind === 'list' && Array.isArray(items) && items.every((item) => typeof item === 'string');
}

/** Blocks as plain text: paragraphs apart by a blank line, list items one a line after "- ". */
export function blocksText(blocks: readonly AnswerBlock[]): string {
  return blocks.map((b) => (b.kind === 'paragraph' ? b.text : b.items.map((item) => `- ${item}`).join('\n'))).join('\n\n');
}

export interface Answer {
  readonly type: 'answer';
  readonly content: string;
  /** The body with its structure (paragraphs, lists), when the answerer gave one; `content` is its text. */
  readonly blocks?: readonly AnswerBlock[];
  readonly confidence: Confidence;
  readonly sources: readonly AnswerSource[];
  readonly suggestedFollowUps: readonly string[];
  /** Things the user should know about how the answer was made ("the LLM timed out…"). */
  readonly notices?: readonly string[];
}

/** A request to run one capability with parameters (validated before it runs). */
export interface InfoRequest {
  readonly capabilityId: string;
  readonly parameters: Readonly<Record<string, unknown>>;
  /** Set when the answerer could not even parse the request (e.g. malformed tool arguments). */
  readonly parseError?: string;
}

export interface NeedsMoreInfo {
  readonly type: 'needs_more_info';
  readonly reason: string;
  readonly requests: readonly InfoRequest[];
}

export type QueryResponse = Answer | NeedsMoreInfo;

export function isAnswer(response: QueryResponse): response is Answer {
  return response.type === 'answer';
}

export function isNeedsMoreInfo(response: QueryResponse): response is NeedsMoreInfo {
  return response.type === 'needs_more_info';
}

const CONFIDENCE_ORDER: Readonly<Record<Confidence, number>> = { low: 0, medium: 1, high: 2 };

/** The lower of two confidences. */
export function minConfidence(a: Confidence, b: Confidence): Confidence {
  return CONFIDENCE_ORDER[a] <= CONFIDENCE_ORDER[b] ? a : b;
}

/**
 * The answer given when the loop must stop (limit reached, invalid request, answerer
 * gave up): always low confidence, and says why.
 *
 * @example
 *   createForcedAnswer({ reason: 'the request limit (3) was reached', known: ['Stripe'] })
 */
export function createForcedAnswer(input: {
  readonly reason: string;
  readonly known: readonly string[];
  readonly sources?: readonly AnswerSource[];
}): Answer {
  const known = input.known.slice(0, 10);
  const content =
    known.length > 0
      ? `I could not answer this with confidence (${input.reason}). Related entities in your graph: ${known.join(', ')}.`
      : `I could not answer this with confidence (${input.reason}), and nothing in your graph matched the question.`;
  return {
    type: 'answer',
    content,
    confidence: 'low',
    sources: input.sources ?? [],
    suggestedFollowUps: known.slice(0, 2).map((name) => `What do we know about ${name}?`),
  };
}
