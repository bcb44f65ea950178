/**
 * What an answerer returns on each turn of the query loop (`QueryResponse`):
 * either an Answer, or a request for more information through the capabilities.
 */

export type Confidence = 'high' | 'medium' | 'low';

/** One page an answer's fact was read from. */
export interface SourcePage {
  readonly url: string;
  readonly title: string;
  /** The page's sentence that states the claim (page text: untrusted data, shown as text). */
  readonly sentence?: string;
}

/**
 * What backs one claim: `fact`, a stored typed relationship (or attribute) of the label
 * asked; `sentence`, a stored page sentence read at question time, no stored fact.
 */
export type ClaimBasis = 'fact' | 'sentence';

/**
 * One value an answer gives ("Ada Okafor" of "who founded Northwind?"), with its own
 * citations: the pages that state it, each with its sentence.
 *
 * @example
 *   { value: 'Ada Okafor', entityId: 'e_2', basis: 'fact', relationshipId: 'r_1',
 *     pages: [{ url: 'https://news.example/a', title: 'Northwind opens', sentence: 'Northwind was founded by Ada Okafor.' }] }
 */
export interface AnswerClaim {
  /** The value as the answer names it. */
  readonly value: string;
  readonly entityId?: string;
  readonly basis: ClaimBasis;
  /** The stored relationship behind a `fact` claim; the query loop cites its evidence. */
  readonly relationshipId?: string;
  /** The stored attribute behind a `fact` claim that is no relationship (`founders` of a company). */
  readonly attribute?: { readonly entityId: string; readonly key: string };
  /** The pages stating it; the loop fills a fact's from its evidence when the answerer leaves them empty. */
  readonly pages: readonly SourcePage[];
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

/** True for a well-formed claim (claims restored from storage are checked before they are shown). */
export function isAnswerClaim(value: unknown): value is AnswerClaim {
  if (typeof value !== 'object' || value === null) return false;
  const basis: unknown = Reflect.get(value, 'basis');
  const pages: unknown = Reflect.get(value, 'pages');
  return (
    typeof Reflect.get(value, 'value') === 'string' &&
    (basis === 'fact' || basis === 'sentence') &&
    Array.isArray(pages) &&
    pages.every((p: unknown) => {
      if (typeof p !== 'object' || p === null) return false;
      const sentence: unknown = Reflect.get(p, 'sentence');
      return (
        typeof Reflect.get(p, 'url') === 'string' &&
        typeof Reflect.get(p, 'title') === 'string' &&
        (sentence === undefined || typeof sentence === 'string')
      );
    })
  );
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
  /** Each value the answer gives, with its basis and the pages (and sentences) stating it. */
  readonly claims?: readonly AnswerClaim[];
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
