/**
 * Answers a question in the panel with the query loop (`answerQuestion`, the same
 * function behind `entity_query`), over the panel's read-only store: the symbolic
 * answerer offline, or the LLM the user configured, streaming its tokens. The loop
 * only reads (its capabilities are read-only), so running it here keeps the single
 * writer rule; it answers with confidence, sources (entities and their pages) and
 * follow-ups.
 *
 * @example
 *   const result = await ask('who founded Stripe?', settings, { onToken: (t) => append(t) });
 */
import { detectPromptApi, LlmAnswerer, OpenAiCompatibleClient, PromptApiAnswerer } from '../../adapters/llm';
import { systemClock } from '../../core/graph/ids';
import { answerQuestion, createQueryEngine } from '../../core/query';
import type { EntityQueryResult } from '../../core/query';
import type { Answerer } from '../../core/query/answerer.port';
import type { Settings } from '../../core/settings';
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

export async function ask(question: string, settings: Settings, options: { onToken?: (chunk: string) => void; pageUrl?: string; signal?: AbortSignal } = {}): Promise<EntityQueryResult> {
  const answerer = answererFor(settings);
  const engine = createQueryEngine({ store: readStore, clock: systemClock, ...(answerer ? { answerer } : {}) });
  return answerQuestion(question, { engine, store: readStore }, options);
}
