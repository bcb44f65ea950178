/**
 * The port a provider implements to read a page chunk with its structured-output
 * mechanism (`src/adapters/llm/page-readers.ts`): OpenAI-compatible `response_format`
 * with a JSON schema, Ollama's `format`, or the Prompt API's `responseConstraint`.
 * It returns the model's raw text; parsing and verification happen in core.
 */
import type { JsonSchema } from '../query/info-capability';

export interface ChunkReadRequest {
  readonly system: string;
  readonly user: string;
  readonly schema: JsonSchema;
  readonly schemaName: string;
  /** The answer's length bound, in tokens. */
  readonly maxTokens: number;
}

export interface ChunkReadResult {
  /** The model's answer as it came: untrusted text, expected to be JSON. */
  readonly text: string;
  /** Tokens as the provider counted them, when it did. */
  readonly usage?: { readonly promptTokens: number; readonly completionTokens: number };
}

export interface PageReader {
  /** The model's name, recorded on every evidence row it contributes. */
  readonly model: string;
  read(request: ChunkReadRequest, signal?: AbortSignal): Promise<ChunkReadResult>;
}
