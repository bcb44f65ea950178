/**
 * An Answerer on Chrome's built-in Prompt API (the `LanguageModel` global), used when
 * present and hidden otherwise. The API has no function calling, so the model replies
 * with a JSON object constrained by a schema: either an answer or one capability
 * request. This adapter may touch globals; core never does.
 */
import { z } from 'zod';
import { AriadneError } from '../../core/errors';
import type { Answerer, AnswerInput } from '../../core/query/answerer.port';
import { capabilityJsonSchema } from '../../core/query/info-capability';
import { buildUserPrompt, MAX_ANSWER_LENGTH, MAX_FOLLOW_UPS, SYSTEM_PROMPT } from '../../core/query/prompt';
import type { QueryResponse } from '../../core/query/query-response';

export type PromptApiAvailability = 'unavailable' | 'downloadable' | 'downloading' | 'available';

/** The part of the Prompt API session this adapter uses. */
export interface LanguageModelSession {
  prompt(input: string, options?: { signal?: AbortSignal; responseConstraint?: unknown }): Promise<string>;
  destroy(): void;
}
/** The part of the `LanguageModel` global this adapter uses. */
export interface LanguageModelApi {
  availability(): Promise<PromptApiAvailability>;
  create(options: {
    initialPrompts: ReadonlyArray<{ role: 'system'; content: string }>;
    temperature?: number;
    topK?: number;
    signal?: AbortSignal;
  }): Promise<LanguageModelSession>;
}

function isLanguageModelApi(value: unknown): value is LanguageModelApi {
  return (
    typeof value === 'object' &&
    value !== null &&
    'availability' in value &&
    typeof value.availability === 'function' &&
    'create' in value &&
    typeof value.create === 'function'
  );
}

/** The Prompt API if this context has it (Chrome with built-in AI), else undefined. */
export function detectPromptApi(scope: object = globalThis): LanguageModelApi | undefined {
  const candidate: unknown = 'LanguageModel' in scope ? scope.LanguageModel : undefined;
  return isLanguageModelApi(candidate) ? candidate : undefined;
}

/** True only when the model is ready now (not merely downloadable). */
export async function isPromptApiReady(scope: object = globalThis): Promise<boolean> {
  const api = detectPromptApi(scope);
  return api !== undefined && (await api.availability().catch(() => 'unavailable')) === 'available';
}

// Chrome requires temperature and topK together; a small topK keeps answers factual.
const TOP_K = 3;

const replySchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('answer'),
    answer: z.string().min(1).max(MAX_ANSWER_LENGTH),
    confidence: z.enum(['high', 'medium', 'low']),
    sources: z.array(z.string()).max(20).default([]),
    follow_ups: z.array(z.string().max(200)).max(MAX_FOLLOW_UPS).default([]),
  }),
  z.object({ action: z.literal('request'), capability: z.string(), parameters: z.record(z.string(), z.unknown()).default({}) }),
]);

const JSON_PROTOCOL =
  'Reply with one JSON object only: {"action":"answer","answer":"…","confidence":"high|medium|low","sources":["<entity ids>"],"follow_ups":["…"]}' +
  ' or, to load more data, {"action":"request","capability":"<one of the offered capability ids>","parameters":{…}}.';

/**
 * @example
 *   const api = detectPromptApi();
 *   if (api && (await isPromptApiReady())) engine = createQueryEngine({ store, clock, answerer: new PromptApiAnswerer(api) });
 */
export class PromptApiAnswerer implements Answerer {
  readonly name = 'chrome-prompt-api';

  constructor(private readonly api: LanguageModelApi) {}

  async answer(input: AnswerInput): Promise<QueryResponse> {
    const session = await this.api.create({
      initialPrompts: [{ role: 'system', content: `${SYSTEM_PROMPT}\n${JSON_PROTOCOL}` }],
      temperature: input.config.temperature,
      topK: TOP_K,
      ...(input.signal ? { signal: input.signal } : {}),
    });
    try {
      const offered = input.forceAnswer ? [] : input.capabilities;
      const tools = offered.map((c) => `- ${c.id}: ${c.description} parameters: ${JSON.stringify(capabilityJsonSchema(c))}`).join('\n');
      const prompt = `${buildUserPrompt(input)}${tools ? `\n\nCapabilities you may request:\n${tools}` : ''}`;
      const raw = await session.prompt(prompt, {
        ...(input.signal ? { signal: input.signal } : {}),
        responseConstraint: responseSchema(offered.map((c) => c.id)),
      });
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new AriadneError('internal', 'The built-in model did not reply with JSON.');
      }
      const reply = replySchema.safeParse(json);
      if (!reply.success) throw new AriadneError('internal', 'The built-in model replied with JSON of the wrong shape.');
      const r = reply.data;
      if (r.action === 'request')
        return {
          type: 'needs_more_info',
          reason: 'the model asked for more information',
          requests: [{ capabilityId: r.capability, parameters: r.parameters }],
        };
      input.onToken?.(r.answer);
      const sources = r.sources.flatMap((id) => {
        const known = input.context.allEntityIds.find((k) => k === id);
        const s = known ? input.context.getSummary(known) : undefined;
        return s ? [{ entityId: s.id, name: s.name, type: s.type, pages: [] }] : [];
      });
      return { type: 'answer', content: r.answer, confidence: r.confidence, sources, suggestedFollowUps: r.follow_ups };
    } finally {
      session.destroy();
    }
  }
}

function responseSchema(capabilityIds: readonly string[]): unknown {
  const answer = {
    type: 'object',
    properties: {
      action: { const: 'answer' },
      answer: { type: 'string' },
      confidence: { enum: ['high', 'medium', 'low'] },
      sources: { type: 'array', items: { type: 'string' } },
      follow_ups: { type: 'array', items: { type: 'string' }, maxItems: MAX_FOLLOW_UPS },
    },
    required: ['action', 'answer', 'confidence'],
  };
  if (capabilityIds.length === 0) return answer;
  return {
    anyOf: [
      answer,
      {
        type: 'object',
        properties: { action: { const: 'request' }, capability: { enum: [...capabilityIds] }, parameters: { type: 'object' } },
        required: ['action', 'capability'],
      },
    ],
  };
}
