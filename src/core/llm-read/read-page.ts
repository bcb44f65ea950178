/**
 * Reads one page with an LLM: plans chunks within the page's token allowance, sends
 * each through the `PageReader` port, parses every answer against the extraction
 * schema, and verifies what parsed against the page text (`verifyFindings`). A chunk
 * whose answer is not JSON or not the schema is skipped and counted; a failed call
 * (down, timeout, HTTP error) ends the reading with what earlier chunks gave. The page's
 * token allowance pays for prompts and answers alike: each answer is bounded by what is
 * left, and no chunk is sent once too little is.
 *
 * @example
 *   const reading = await readPage({ title, text }, reader, { chunkTokens: 2_000, pageTokens: 6_000 });
 *   reading.findings.relations // only relations whose sentence the page contains
 */
import { toErrorShape } from '../errors';
import { estimateTokens } from '../query/query-context';
import { planChunks } from './chunk';
import { parseJsonText } from './json-text';
import { extractionMessages, promptOverheadTokens } from './prompt';
import type { PageReader } from './reader.port';
import type { Extraction } from './schema';
import { EXTRACTION_JSON_SCHEMA, EXTRACTION_SCHEMA_NAME, parseExtraction } from './schema';
import type { VerifiedFindings } from './verify';
import { verifyFindings } from './verify';

export interface ReadLimits {
  /** Page text per request, in tokens. */
  readonly chunkTokens: number;
  /** Tokens this page may send in all. */
  readonly pageTokens: number;
  /** Answer bound per chunk, in tokens. */
  readonly answerTokens?: number;
}

export interface PageReading {
  readonly model: string;
  readonly findings: VerifiedFindings;
  readonly chunks: number;
  /** Chunks whose answer parsed as the schema's JSON. */
  readonly chunksParsed: number;
  /** Chunks whose answer was not JSON or did not fit the schema. */
  readonly chunksMalformed: number;
  /** Chunks not read: a call failed and the rest were not sent. */
  readonly chunksFailed: number;
  /** Chunks not sent because the page's budget, answers counted, was spent. */
  readonly chunksOverBudget: number;
  /**
   * Tokens used, prompts and answers alike: the provider's count where it gave one,
   * else the estimate of the prompt and of the answer's text. What the page and daily
   * budgets are charged.
   */
  readonly tokensUsed: number;
  readonly omittedChars: number;
  /** The failure that ended the reading early, if one did. */
  readonly error?: string;
}

/** An answer larger than this many tokens is not a list of one chunk's facts. */
export const DEFAULT_ANSWER_TOKENS = 2_000;
/** A chunk is sent only if at least this much of the page budget is left for its answer: less holds hardly one finding. */
export const MIN_ANSWER_TOKENS = 100;

export async function readPage(
  page: { readonly title: string; readonly text: string },
  reader: PageReader,
  limits: ReadLimits,
  signal?: AbortSignal,
): Promise<PageReading> {
  const overheadTokens = promptOverheadTokens(page.title, JSON.stringify(EXTRACTION_JSON_SCHEMA));
  // Planned so that each chunk's prompt leaves room for a minimal answer; answers are charged as they come.
  const plan = planChunks(page.text, {
    chunkTokens: limits.chunkTokens,
    pageTokens: limits.pageTokens,
    overheadTokens: overheadTokens + MIN_ANSWER_TOKENS,
  });
  const extractions: Extraction[] = [];
  let malformed = 0;
  let tokensUsed = 0;
  let error: string | undefined;
  let read = 0;
  let overBudget = 0;
  for (const chunk of plan.chunks) {
    const { system, user } = extractionMessages({ title: page.title, chunk });
    // A failed call was sent all the same: it is charged the estimate.
    const estimate = overheadTokens + estimateTokens(chunk);
    // The page budget pays for answers too: what is left after this prompt bounds the answer.
    const left = limits.pageTokens - tokensUsed - estimate;
    if (left < MIN_ANSWER_TOKENS) {
      overBudget = plan.chunks.length - read;
      break;
    }
    try {
      const answer = await reader.read(
        {
          system,
          user,
          schema: EXTRACTION_JSON_SCHEMA,
          schemaName: EXTRACTION_SCHEMA_NAME,
          maxTokens: Math.min(limits.answerTokens ?? DEFAULT_ANSWER_TOKENS, left),
        },
        signal,
      );
      tokensUsed +=
        answer.usage === undefined ? estimate + estimateTokens(answer.text) : answer.usage.promptTokens + answer.usage.completionTokens;
      const parsed = parseExtraction(parseJsonText(answer.text));
      if (parsed.ok) extractions.push(parsed.value);
      else malformed++;
      read++;
    } catch (failure) {
      tokensUsed += estimate;
      error = toErrorShape(failure).message;
      break;
    }
  }
  return {
    model: reader.model,
    findings: verifyFindings(extractions, page.text),
    chunks: plan.chunks.length,
    chunksParsed: extractions.length,
    chunksMalformed: malformed,
    chunksFailed: plan.chunks.length - read - overBudget,
    chunksOverBudget: overBudget,
    tokensUsed,
    omittedChars: plan.omittedChars,
    ...(error === undefined ? {} : { error }),
  };
}
