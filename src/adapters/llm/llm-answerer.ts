/**
 * An Answerer backed by a chat model with function calling: the capabilities of the
 * turn are offered as tools (their constrained values as enums), a tool call becomes
 * a NeedsMoreInfo request that the loop validates and fulfils, and the final text is
 * parsed into an Answer. The model sees the graph only as quoted data and can only
 * call read-only capabilities; nothing it says is written anywhere.
 */
import { AriadneError } from '../../core/errors';
import type { Answerer, AnswerInput } from '../../core/query/answerer.port';
import {
  AnswerStreamFilter,
  buildUserPrompt,
  capabilityIdFromTool,
  capabilityTools,
  parseAnswerText,
  SYSTEM_PROMPT,
} from '../../core/query/prompt';
import type { InfoRequest, QueryResponse } from '../../core/query/query-response';
import type { ChatClient, ChatToolCall } from './chat-client';

// The answer is a paragraph or two; this bounds cost and latency.
const MAX_ANSWER_TOKENS = 600;

export interface LlmAnswererOptions {
  /** Stream answer tokens to `onToken` (default true). */
  readonly stream?: boolean;
  readonly name?: string;
}

/** A tool call as an InfoRequest; arguments that are not a JSON object become a parse error. */
export function toInfoRequest(call: ChatToolCall): InfoRequest {
  const capabilityId = capabilityIdFromTool(call.name);
  let parsed: unknown;
  try {
    parsed = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch {
    return { capabilityId, parameters: {}, parseError: `The arguments of tool call "${call.name.slice(0, 40)}" are not valid JSON.` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { capabilityId, parameters: {}, parseError: `The arguments of tool call "${call.name.slice(0, 40)}" are not a JSON object.` };
  }
  return { capabilityId, parameters: Object.fromEntries(Object.entries(parsed)) };
}

/**
 * @example
 *   const answerer = new LlmAnswerer(new OpenAiCompatibleClient({ baseUrl, model }));
 *   const engine = createQueryEngine({ store, clock, answerer }); // falls back to the symbolic answerer
 */
export class LlmAnswerer implements Answerer {
  readonly name: string;

  constructor(
    private readonly client: ChatClient,
    private readonly options: LlmAnswererOptions = {},
  ) {
    this.name = options.name ?? 'openai-compatible';
  }

  async answer(input: AnswerInput): Promise<QueryResponse> {
    const offerTools = !input.forceAnswer && input.capabilities.length > 0;
    const filter = input.onToken && this.options.stream !== false ? new AnswerStreamFilter(input.onToken) : undefined;
    const result = await this.client.chat(
      {
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          {
            role: 'user',
            content: buildUserPrompt({
              ...input,
              ...(input.remainingRequests === undefined ? {} : { remainingRequests: input.remainingRequests }),
            }),
          },
        ],
        ...(offerTools
          ? {
              tools: capabilityTools(input.capabilities).map((t) => ({ type: 'function' as const, function: t })),
              toolChoice: 'auto' as const,
            }
          : {}),
        temperature: input.config.temperature,
        maxTokens: MAX_ANSWER_TOKENS,
      },
      { ...(input.signal ? { signal: input.signal } : {}), ...(filter ? { onToken: (chunk: string) => filter.push(chunk) } : {}) },
    );
    filter?.end();
    if (result.toolCalls.length > 0) {
      // A tool call when none was offered is still a request: the loop rejects it and forces an answer.
      return {
        type: 'needs_more_info',
        reason: result.content.trim().slice(0, 300) || 'the model asked for more information',
        requests: result.toolCalls.map(toInfoRequest),
      };
    }
    if (result.content.trim().length === 0) throw new AriadneError('internal', 'The model returned an empty answer.');
    return parseAnswerText(result.content, input.context);
  }
}
