/**
 * The `resolve_reference_target` tool: which object
 * of the current conversation "this", "that answer", "the previous one" refers to.
 * Read-only and deterministic; it reads normalized hints, never the user's words.
 * The result leaves out `diagnostics` (the PRD keeps them for logs): they go to the
 * injected logger with the compact log line instead.
 */
import { defineTool } from '../registry';
import type { ReferenceLogger } from '../../reference/log';
import type { ReferenceRegistry } from '../../reference/registry';
import { resolveReferenceInputSchema, resolveReferenceOutputSchema } from '../../reference/schema';

export interface ReferenceToolDeps {
  /** The window conversations' recent objects (owned by the background). */
  readonly references: ReferenceRegistry;
  readonly referenceLogger?: ReferenceLogger;
}

/** Results are ≤ 200 estimated tokens in bench/reference.bench.ts; this leaves room for long reason lists. */
const MAX_RESULT_TOKENS = 400;

const base = { chat_id: 'w1', topic_id: 't3', current_message_id: 'm_3', sender_user_id: 'me' };
const stripe = {
  object_id: 'e_000001',
  kind: 'entity.company' as const,
  source_message_id: null,
  chat_id: 'w1',
  topic_id: 't3',
  title_or_label: 'Stripe',
  created_by_bot: false,
  created_at: 1767268740000,
  last_touched_at: 1767268740000,
};
const page = { object_id: 'pg_aa7b9b5c343a42e5', kind: 'article' as const, title_or_label: 'Stripe, Inc. - Wikipedia' };

/**
 * @example
 *   toolRegistry.register(resolveReferenceTargetTool);
 *   await toolRegistry.call('resolve_reference_target', { chat_id: 'w1', topic_id: 't3', current_message_id: 'm_3',
 *     sender_user_id: 'me', raw_user_text: 'who founded this company?',
 *     normalized_reference_hints: { target_kind_hint: 'company', recency_hint: 'currently_active' } }, { caller: { kind: 'extension' } });
 */
export const resolveReferenceTargetTool = defineTool({
  name: 'resolve_reference_target',
  description:
    'Find which recent object of this conversation the user refers to ("this company", "that answer", "the previous one", ' +
    '"my last poll"), from the reply target, the current tab, what is on screen, recency and ownership. Pass hints already ' +
    'normalized (the tool never reads raw_user_text). Returns resolved (best_match), ambiguous (close candidates: ask the user, ' +
    'do not guess) or not_found. Never looks outside chat_id.',
  inputSchema: resolveReferenceInputSchema,
  outputSchema: resolveReferenceOutputSchema,
  sideEffectClass: 'read-only',
  tags: ['conversation', 'reference', 'resolve'],
  executionMode: 'parallel',
  preferredModel: 'fast',
  maxResultTokens: MAX_RESULT_TOKENS,
  truncationStrategy: 'truncate-arrays',
  examples: [
    {
      description: '"who founded this company?" on Stripe\'s Wikipedia page',
      input: {
        ...base,
        raw_user_text: 'who founded this company?',
        normalized_reference_hints: { target_kind_hint: 'company', recency_hint: 'currently_active' },
        max_candidates: 3,
      },
      output: {
        status: 'resolved',
        best_match: stripe,
        candidates: [
          { object_id: 'e_000001', kind: 'entity.company', title_or_label: 'Stripe', score: 2.28 },
          { object_id: 'e_000002', kind: 'entity.company', title_or_label: 'Visa', score: 1.48 },
          { ...page, score: 0.58 },
        ],
        confidence: 1,
        reasons: ['same_topic', 'kind_match', 'recent_object', 'currently_active'],
        scope_used: 'topic',
      },
    },
    {
      description: "A reply to the bot's answer, with no hints",
      input: { ...base, raw_user_text: 'what did you cite?', reply_to_message_id: 'm_2', max_candidates: 3 },
      output: {
        status: 'resolved',
        best_match: {
          object_id: 'm_2',
          kind: 'bot_message',
          source_message_id: 'm_2',
          chat_id: 'w1',
          topic_id: 't3',
          title_or_label: 'Stripe is a payments company...',
          created_by_bot: true,
          created_at: 1767268510000,
          last_touched_at: 1767268510000,
        },
        candidates: [
          { object_id: 'm_2', kind: 'bot_message', title_or_label: 'Stripe is a payments co…', score: 1.915 },
          { object_id: 'e_000001', kind: 'entity.company', title_or_label: 'Stripe', score: 1.28 },
          { ...page, score: 1.28 },
        ],
        confidence: 0.957,
        reasons: ['exact_reply_target', 'same_topic', 'recent_object'],
        scope_used: 'reply_chain',
      },
    },
    {
      description: '"show the image" when the page has two: ambiguous, ask which',
      input: { ...base, raw_user_text: 'show the image', normalized_reference_hints: { target_kind_hint: 'image' }, max_candidates: 3 },
      output: {
        status: 'ambiguous',
        best_match: null,
        candidates: [
          { object_id: 'md_6a64043757cb2928', kind: 'media.image', title_or_label: 'Stripe logo', score: 1.48 },
          { object_id: 'md_ce0fb67e851ad245', kind: 'media.image', title_or_label: 'Headquarters', score: 1.48 },
        ],
        confidence: 0.37,
        reasons: ['same_topic', 'kind_match', 'recent_object', 'near_equal_scores'],
        scope_used: 'topic',
      },
    },
    {
      description: 'Only polls allowed, and there are none',
      input: { ...base, raw_user_text: 'close the poll', allowed_kinds: ['poll'], max_candidates: 3 },
      output: { status: 'not_found', best_match: null, candidates: [], confidence: 0, reasons: ['no_candidates'], scope_used: 'chat' },
    },
  ],
  async execute(input, ctx: { deps: ReferenceToolDeps; requestId: string }) {
    const { diagnostics: _forLogsOnly, ...result } = ctx.deps.references.resolveParsed(input, {
      requestId: ctx.requestId,
      logger: ctx.deps.referenceLogger,
    });
    return result;
  },
});
