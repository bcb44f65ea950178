/**
 * The resolver's ports: an optional LLM that picks among candidates, an optional
 * authority (Wikidata) and an optional embedder. Adapters live outside core; the
 * resolver works, deterministically, with none of them.
 */
import { z } from 'zod';

/** What the LLM is shown about one candidate (page text never reaches it as instructions). */
export interface LlmCandidate {
  readonly id: string;
  readonly label: string;
  readonly type: string;
  readonly description?: string;
  readonly aliases: readonly string[];
}

export interface LlmSelectContext {
  readonly expectedType?: string;
  readonly language?: string;
  /** Names seen around the subject (co-mentions), bounded. */
  readonly coMentions: readonly string[];
}

/**
 * A cheap model choosing one candidate, or none. The answer is untrusted: the resolver
 * parses it with `llmSelectionSchema` and ignores ids it did not offer.
 *
 * @example
 *   const llm: LlmSelector = { async select(subject, candidates) { return { candidate_id: candidates[0]?.id ?? null }; } };
 */
export interface LlmSelector {
  readonly name: string;
  select(subject: string, candidates: readonly LlmCandidate[], context: LlmSelectContext, signal?: AbortSignal): Promise<unknown>;
}

/** The only answer shape accepted from an LLM selector. */
export const llmSelectionSchema = z.object({ candidate_id: z.string().max(120).nullable() });
export type LlmSelection = z.infer<typeof llmSelectionSchema>;

/** One entry of an authority (e.g. a Wikidata item). */
export interface AuthorityEntry {
  /** The authority's id, e.g. `Q42`. */
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  readonly aliases: readonly string[];
  /** Canonical URI, e.g. `http://www.wikidata.org/entity/Q42`. */
  readonly uri: string;
}

/**
 * A trusted source of entities. Failures are thrown as `AriadneError` with code
 * `timeout` or `unavailable`; an implementation never hangs past its timeout.
 */
export interface AuthoritySource {
  /** Source name reported in `resolution_path` and `entity.source`, e.g. `wikidata`. */
  readonly name: string;
  search(
    query: string,
    options: { readonly language: string; readonly limit: number; readonly signal?: AbortSignal },
  ): Promise<AuthorityEntry[]>;
}

/**
 * Turns texts into unit vectors whose dot product is their similarity. The offline
 * default is `HashedNgramEmbedder`; a neural embedder implements the same port.
 */
export interface Embedder {
  readonly name: string;
  readonly dimensions: number;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}
