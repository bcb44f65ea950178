/**
 * Answers a question. Offline, it asks the background's `entity_query` tool and uses
 * its answer when it carries confidence and sources. With an LLM (or when the tool
 * answers in the bare seed shape), it runs the same query loop (`answerQuestion`)
 * here over the panel's read-only store, so the LLM's tokens stream into the chat:
 * the loop only reads (its capabilities are read-only), so the single-writer rule
 * holds. Either way the answer has confidence, sources (entities and their pages)
 * and follow-ups.
 *
 * @example
 *   const result = await ask('who founded Stripe?', settings, { onToken: (t) => append(t) });
 */
import { detectPromptApi, LlmAnswerer, OpenAiCompatibleClient, PromptApiAnswerer } from '../../adapters/llm';
import { systemClock } from '../../core/graph/ids';
import { answerQuestion, createQueryEngine } from '../../core/query';
import type { EntityQueryResult } from '../../core/query';
import type { Answerer } from '../../core/query/answerer.port';
import { ENTITY_TYPES } from '../../core/graph/types';
import type { Settings } from '../../core/settings';
import { z } from 'zod';
import { callTool } from '../../messaging/client';
import { readStore } from '../database';

function answererFor(settings: Settings): Answerer | undefined {
  const { llm } = settings;
  if (llm.provider === 'prompt-api') {
    // The browser's built-in model, when this browser has one; otherwise the offline answerer.
    const api = detectPromptApi();
    return api === undefined ? undefined : new PromptApiAnswerer(api);
  }
  if (llm.provider !== 'openai-compatible' || llm.model.trim() === '' || llm.baseUrl.trim() === '') return undefined;
  return new LlmAnswerer(
    new OpenAiCompatibleClient({ baseUrl: llm.baseUrl, model: llm.model, timeoutMs: llm.timeoutMs, ...(llm.apiKey === '' ? {} : { apiKey: llm.apiKey }) }),
  );
}

/** `entity_query`'s answer with the query loop's extra fields (all required here). */
const fullAnswerSchema = z.object({
  entities: z.array(z.object({ name: z.string(), entity_type: z.enum(ENTITY_TYPES), attributes: z.record(z.string(), z.string()), relationships: z.array(z.object({ to: z.string(), relationship: z.string() })) })),
  answer: z.string(),
  confidence: z.enum(['high', 'medium', 'low']),
  sources: z.array(z.object({ entityId: z.string(), name: z.string(), type: z.string(), pages: z.array(z.object({ url: z.string(), title: z.string() })) })),
  follow_ups: z.array(z.string()),
  notices: z.array(z.string()).optional(),
  query_id: z.string().default(''),
});

async function askTool(question: string): Promise<EntityQueryResult | undefined> {
  const parsed = fullAnswerSchema.safeParse(await callTool('entity_query', { question }));
  return parsed.success ? parsed.data : undefined;
}

export async function ask(question: string, settings: Settings, options: { onToken?: (chunk: string) => void; pageUrl?: string; signal?: AbortSignal } = {}): Promise<EntityQueryResult> {
  const answerer = answererFor(settings);
  if (answerer === undefined) {
    const viaTool = await askTool(question);
    if (viaTool !== undefined) return viaTool;
  }
  const engine = createQueryEngine({ store: readStore, clock: systemClock, ...(answerer ? { answerer } : {}) });
  return answerQuestion(question, { engine, store: readStore }, options);
}
