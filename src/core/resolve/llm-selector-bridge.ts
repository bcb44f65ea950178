/**
 * Bridges any client with a `select(subject, candidates)` method (the
 * OpenAI-compatible client of `src/adapters/llm` has one) to the resolver's
 * `LlmSelector` port. Typed structurally so core imports no adapter.
 */
import type { LlmSelector } from './ports';

/** The shape `OpenAiCompatibleClient.select` has. */
export interface SelectCapableClient {
  readonly endpoint: string;
  select(
    subject: { readonly name: string; readonly type?: string; readonly context?: string },
    candidates: readonly { readonly id: string; readonly label: string; readonly type?: string; readonly description?: string }[],
    options?: { readonly signal?: AbortSignal },
  ): Promise<{ readonly candidateId: string | null }>;
}

/** Co-mentions passed to the model as context, at most. */
const CONTEXT_NAMES = 10;

/**
 * @example
 *   const resolver = createResolver({ store, clock, settings, llm: llmSelectorFromClient(new OpenAiCompatibleClient(config)) });
 */
export function llmSelectorFromClient(client: SelectCapableClient): LlmSelector {
  return {
    name: `llm ${client.endpoint}`,
    async select(subject, candidates, context, signal) {
      const names = context.coMentions.slice(0, CONTEXT_NAMES);
      const out = await client.select(
        {
          name: subject,
          ...(context.expectedType === undefined ? {} : { type: context.expectedType }),
          ...(names.length === 0 ? {} : { context: `mentioned with: ${names.join(', ')}` }),
        },
        candidates.map((c) => ({
          id: c.id,
          label: c.label,
          type: c.type,
          ...(c.description === undefined ? {} : { description: c.description }),
        })),
        signal ? { signal } : {},
      );
      // Re-shaped to the port's answer; the resolver schema-checks it again.
      return { candidate_id: out.candidateId };
    },
  };
}
