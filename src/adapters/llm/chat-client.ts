/**
 * The chat port LLM answerers use: one chat-completions call with optional function
 * tools and streaming. `OpenAiCompatibleClient` implements it over HTTP.
 */
import type { JsonSchema } from '../../core/query/info-capability';

export interface ChatToolCallMessage {
  readonly id: string;
  readonly type: 'function';
  readonly function: { readonly name: string; readonly arguments: string };
}

export type ChatMessage =
  | { readonly role: 'system' | 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly content: string | null; readonly tool_calls?: readonly ChatToolCallMessage[] }
  | { readonly role: 'tool'; readonly content: string; readonly tool_call_id: string };

export interface ChatTool {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly description: string; readonly parameters: JsonSchema };
}

export interface ChatRequest {
  readonly messages: readonly ChatMessage[];
  readonly tools?: readonly ChatTool[];
  readonly toolChoice?: 'auto' | 'none';
  readonly temperature?: number;
  readonly maxTokens?: number;
  /** Ask for a JSON object as the reply (OpenAI `response_format`). */
  readonly json?: boolean;
  /** Ask for JSON that fits this schema (OpenAI `response_format: json_schema`, strict); wins over `json`. */
  readonly responseSchema?: { readonly name: string; readonly schema: JsonSchema };
}

export interface ChatToolCall {
  readonly id: string;
  readonly name: string;
  /** Raw JSON text as the model produced it: parse and validate before use. */
  readonly arguments: string;
}

export interface ChatResult {
  readonly content: string;
  readonly toolCalls: readonly ChatToolCall[];
  readonly finishReason: string | null;
  readonly usage?: { readonly promptTokens: number; readonly completionTokens: number };
}

export interface ChatCallOptions {
  readonly signal?: AbortSignal;
  /** When set the call streams and passes each content delta here. */
  readonly onToken?: (chunk: string) => void;
}

export interface ChatClient {
  /** Where it talks to, for notices ("the model at http://localhost:11434/v1 timed out"). */
  readonly endpoint: string;
  chat(request: ChatRequest, options?: ChatCallOptions): Promise<ChatResult>;
}
