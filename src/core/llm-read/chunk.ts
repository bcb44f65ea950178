/**
 * Cuts a page's main text into chunks that fit the model's context, whole sentences
 * where possible, and keeps only as many chunks as the per-page token budget pays
 * for (prompt included). Tokens are estimated at four characters each, the estimate
 * the query prompt uses too; providers that report usage are charged what they report.
 *
 * @example
 *   const plan = planChunks(capture.text, { chunkTokens: 2_000, pageTokens: 6_000, overheadTokens: 400 });
 *   plan.chunks.length // chunks to send; plan.omittedChars // text the budget did not cover
 */
import { splitSentences } from '../../nlp';
import { estimateTokens } from '../query/query-context';

export interface ChunkLimits {
  /** Page text per request, in tokens: what the model's context holds besides prompt and answer. */
  readonly chunkTokens: number;
  /** Tokens one page may send in all (every chunk with its prompt). */
  readonly pageTokens: number;
  /** Tokens of the prompt around each chunk (system prompt, delimiters, instructions). */
  readonly overheadTokens: number;
}

export interface ChunkPlan {
  readonly chunks: readonly string[];
  /** Estimated tokens the kept chunks send, prompts included. */
  readonly tokens: number;
  /** Characters of text left out because the page budget ran out. */
  readonly omittedChars: number;
}

/** Characters per estimated token (`estimateTokens`). */
const CHARS_PER_TOKEN = 4;
/** A chunk smaller than this is not worth a request: the prompt would cost more than the text. */
export const MIN_CHUNK_TOKENS = 100;

/**
 * @example
 *   planChunks('One. Two.', { chunkTokens: 1_000, pageTokens: 5_000, overheadTokens: 300 }).chunks // ['One. Two.']
 */
export function planChunks(text: string, limits: ChunkLimits): ChunkPlan {
  const chunkChars = Math.max(MIN_CHUNK_TOKENS, limits.chunkTokens) * CHARS_PER_TOKEN;
  const all = chunkText(text, chunkChars);
  const chunks: string[] = [];
  let tokens = 0;
  for (const chunk of all) {
    const cost = limits.overheadTokens + estimateTokens(chunk);
    if (tokens + cost > limits.pageTokens) break;
    chunks.push(chunk);
    tokens += cost;
  }
  const omittedChars = all.slice(chunks.length).reduce((n, c) => n + c.length, 0);
  return { chunks, tokens, omittedChars };
}

/** Whole sentences packed into chunks of at most `maxChars`; a longer sentence is cut at a space. */
export function chunkText(text: string, maxChars: number): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const piece of sentencePieces(text, maxChars)) {
    if (current.length > 0 && current.length + 1 + piece.length > maxChars) {
      chunks.push(current);
      current = '';
    }
    current = current.length === 0 ? piece : `${current} ${piece}`;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * The page's sentences as the engine splits them (`src/nlp/sentences.ts`, as capture does),
 * white space folded, each at most `maxChars`.
 *
 * @example
 *   sentencePieces('Ada joined Contoso Inc. in 2020. She left.\nNext', 1_000) // ['Ada joined Contoso Inc. in 2020.', 'She left.', 'Next']
 */
export function sentencePieces(text: string, maxChars: number): string[] {
  return splitSentences(text)
    .map((r) => text.slice(r.start, r.end).replace(/\s+/g, ' ').trim())
    .filter((s) => s.length > 0)
    .flatMap((s) => cutLong(s, maxChars));
}

function cutLong(sentence: string, maxChars: number): string[] {
  const out: string[] = [];
  let rest = sentence;
  while (rest.length > maxChars) {
    const space = rest.lastIndexOf(' ', maxChars);
    const at = space > maxChars / 2 ? space : maxChars;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest.length > 0) out.push(rest);
  return out;
}
