/**
 * `PageReader`s (the core port that reads one page chunk) over each provider's
 * structured-output mechanism, and the choice between them from the LLM settings:
 * - OpenAI-compatible servers: `response_format: { type: 'json_schema', strict }`;
 * - Ollama (base URL on its port, 11434): its native `/api/chat` with `format` set to
 *   the schema, which Ollama enforces with a grammar;
 * - Chrome's built-in model: `responseConstraint` with the schema.
 * No tools are offered in any of them: extraction can only answer with data.
 *
 * @example
 *   const reader = pageReaderFor(settings.llm);
 *   if (reader) await readPage({ title, text }, reader, limits);
 */
import { z } from 'zod';
import { AriadneError, TooLargeError } from '../../core/errors';
import type { ChunkReadRequest, ChunkReadResult, PageReader } from '../../core/llm-read/reader.port';
import type { Settings } from '../../core/settings';
import { readCappedText } from '../bounded-body';
import { DEFAULT_TIMEOUT_MS, httpError, MAX_COMPLETION_BYTES, OpenAiCompatibleClient, withTimeout } from './openai-compatible-client';
import type { LanguageModelApi } from './prompt-api-answerer';
import { detectPromptApi } from './prompt-api-answerer';

export class OpenAiCompatiblePageReader implements PageReader {
  constructor(
    private readonly client: OpenAiCompatibleClient,
    readonly model: string,
  ) {}

  async read(request: ChunkReadRequest, signal?: AbortSignal): Promise<ChunkReadResult> {
    const result = await this.client.chat(
      {
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
        temperature: 0,
        maxTokens: request.maxTokens,
        responseSchema: { name: request.schemaName, schema: request.schema },
      },
      signal === undefined ? {} : { signal },
    );
    return { text: result.content, ...(result.usage === undefined ? {} : { usage: result.usage }) };
  }
}

/** Ollama's listening port: a base URL on it is read through Ollama's native API. */
export const OLLAMA_PORT = '11434';

const ollamaReplySchema = z.object({
  message: z.object({ content: z.string() }),
  prompt_eval_count: z.number().int().nonnegative().optional(),
  eval_count: z.number().int().nonnegative().optional(),
});

export class OllamaPageReader implements PageReader {
  private readonly endpoint: string;
  private readonly fetchImpl: typeof fetch;

  constructor(
    private readonly config: {
      readonly baseUrl: string;
      readonly model: string;
      readonly timeoutMs?: number;
      readonly fetch?: typeof fetch;
    },
  ) {
    this.endpoint = new URL(config.baseUrl).origin;
    this.fetchImpl = config.fetch ?? ((input, init) => fetch(input, init));
  }

  get model(): string {
    return this.config.model;
  }

  async read(request: ChunkReadRequest, signal?: AbortSignal): Promise<ChunkReadResult> {
    const body = {
      model: this.config.model,
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.user },
      ],
      stream: false,
      format: request.schema,
      options: { temperature: 0, num_predict: request.maxTokens },
    };
    return withTimeout(this.endpoint, this.config.timeoutMs ?? DEFAULT_TIMEOUT_MS, signal, async (inner) => {
      let response: Response;
      try {
        response = await this.fetchImpl(`${this.endpoint}/api/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: inner,
        });
      } catch (error) {
        if (inner.aborted) throw error;
        throw new AriadneError(
          'unavailable',
          `Could not reach Ollama at ${this.endpoint} (${error instanceof Error ? error.message : String(error)}). Is it running?`,
        );
      }
      if (!response.ok) throw await httpError(response, this.endpoint);
      const { text, truncated } = await readCappedText(response.body, MAX_COMPLETION_BYTES);
      if (truncated)
        throw new TooLargeError(`Ollama sent an answer larger than ${MAX_COMPLETION_BYTES} bytes; it was not read further.`, {
          limitBytes: MAX_COMPLETION_BYTES,
        });
      const reply = ollamaReplySchema.safeParse(parseOrUndefined(text));
      if (!reply.success) throw new AriadneError('internal', 'Ollama answered /api/chat with something that is not a chat reply.');
      const { prompt_eval_count: prompt, eval_count: completion } = reply.data;
      return {
        text: reply.data.message.content,
        ...(prompt === undefined || completion === undefined ? {} : { usage: { promptTokens: prompt, completionTokens: completion } }),
      };
    });
  }
}

/** Chrome's built-in model with the schema as `responseConstraint`; one session per chunk. */
export class PromptApiPageReader implements PageReader {
  readonly model = 'chrome-built-in';

  constructor(private readonly api: LanguageModelApi) {}

  async read(request: ChunkReadRequest, signal?: AbortSignal): Promise<ChunkReadResult> {
    const session = await this.api.create({
      initialPrompts: [{ role: 'system', content: request.system }],
      temperature: 0,
      topK: 1,
      ...(signal ? { signal } : {}),
    });
    try {
      return { text: await session.prompt(request.user, { responseConstraint: request.schema, ...(signal ? { signal } : {}) }) };
    } finally {
      session.destroy();
    }
  }
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Whether a base URL points at Ollama (its default port). */
export function isOllamaUrl(baseUrl: string): boolean {
  try {
    return new URL(baseUrl).port === OLLAMA_PORT;
  } catch {
    return false;
  }
}

/** The reader the settings name, or undefined when no provider is configured (or the built-in model is absent here). */
export function pageReaderFor(llm: Settings['llm'], scope: object = globalThis): PageReader | undefined {
  if (llm.provider === 'prompt-api') {
    const api = detectPromptApi(scope);
    return api === undefined ? undefined : new PromptApiPageReader(api);
  }
  if (llm.provider !== 'openai-compatible' || llm.model.trim() === '' || llm.baseUrl.trim() === '') return undefined;
  if (isOllamaUrl(llm.baseUrl)) return new OllamaPageReader({ baseUrl: llm.baseUrl, model: llm.model, timeoutMs: llm.timeoutMs });
  const client = new OpenAiCompatibleClient({
    baseUrl: llm.baseUrl,
    model: llm.model,
    timeoutMs: llm.timeoutMs,
    ...(llm.apiKey === '' ? {} : { apiKey: llm.apiKey }),
  });
  return new OpenAiCompatiblePageReader(client, llm.model);
}
