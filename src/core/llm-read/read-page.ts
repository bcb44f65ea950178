/**
 * Reads one page with an LLM: plans chunks within the page's token allowance, sends
 * each through the `PageReader` port, parses every answer against the extraction
 * schema, and verifies what parsed against the page text (`verifyFindings`). A chunk
 * whose answer is not JSON or not the schema is skipped and counted; a failed call
 * (down, timeout, HTTP error) ends the reading with what earlier chunks gave.
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
  /** Chunks whose answer was not JSON or did not fit the schema. */
  readonly chunksMalformed: number;
  /** Chunks not read: a call failed and the rest were not sent. */
  readonly chunksFailed: number;
  /** Tokens sent (the provider's count where it gave one, else the estimate). */
  readonly tokensSent: number;
  readonly omittedChars: number;
  /** The failure that ended the reading early, if one did. */
  readonly error?: string;
}

/** An answer larger than this many tokens is not a list of one chunk's facts. */
export const DEFAULT_ANSWER_TOKENS = 2_000;

export async function readPage(
  page: { readonly title: string; readonly text: string },
  reader: PageReader,
  limits: ReadLimits,
  signal?: AbortSignal,
): Promise<PageReading> {
  const overheadTokens = promptOverheadTokens(page.title, JSON.stringify(EXTRACTION_JSON_SCHEMA));
  const plan = planChunks(page.text, { chunkTokens: limits.chunkTokens, pageTokens: limits.pageTokens, overheadTokens });
  const extractions: Extraction[] = [];
  let malformed = 0;
  let tokensSent = 0;
  let error: string | undefined;
  let read = 0;
  for (const chunk of plan.chunks) {
    const { system, user } = extractionMessages({ title: page.title, chunk });
    // A failed call was sent all the same: it is charged the estimate.
    const estimate = overheadTokens + estimateTokens(chunk);
    try {
      const answer = await reader.read(
        {
          system,
          user,
          schema: EXTRACTION_JSON_SCHEMA,
          schemaName: EXTRACTION_SCHEMA_NAME,
          maxTokens: limits.answerTokens ?? DEFAULT_ANSWER_TOKENS,
        },
        signal,
      );
      tokensSent += answer.usage?.promptTokens ?? estimate;
      const parsed = parseExtraction(parseJsonText(answer.text));
      if (parsed.ok) extractions.push(parsed.value);
      else malformed++;
      read++;
    } catch (failure) {
      tokensSent += estimate;
      error = toErrorShape(failure).message;
      break;
    }
  }
  return {
    model: reader.model,
    findings: verifyFindings(extractions, page.text),
    chunks: plan.chunks.length,
    chunksMalformed: malformed,
    chunksFailed: plan.chunks.length - read,
    tokensSent,
    omittedChars: plan.omittedChars,
    ...(error === undefined ? {} : { error }),
  };
}
