/**
 * The request and response of `resolve_reference_target`, as zod schemas
 * with `z.infer` types: the single source of truth for the tool, the library API and
 * the JSON schema offered to an LLM. Field names are the PRD's.
 */
import { z } from 'zod';
import {
  OBJECT_KINDS,
  ORDINAL_HINTS,
  OWNERSHIP_HINTS,
  POSITIONAL_HINTS,
  REASON_CODES,
  RECENCY_HINTS,
  SCOPES,
  STATUSES,
  TARGET_KIND_HINTS,
} from './kinds';

// Ids end up in log lines and prompts: a conservative alphabet keeps both injection-free.
const ID_RE = /^[A-Za-z0-9_.:-]{1,128}$/;
/** A chat, topic, message, user or object id. */
export const referenceIdSchema = z.string().regex(ID_RE, 'ids are 1-128 characters of letters, digits and _ . : -');

/** The raw text is accepted for the PRD's shape but never read: it is bounded only. */
export const MAX_RAW_USER_TEXT = 4000;
/** The caller may ask for at most this many candidates (compact results, PRD). */
export const MAX_CANDIDATES_LIMIT = 5;
/** The PRD's default. */
export const DEFAULT_MAX_CANDIDATES = 3;
/**
 * Labels longer than this are cut with an ellipsis ("short" in the PRD): enough for a
 * page title's distinctive part, and keeps a 3-candidate result under 200 tokens.
 */
export const MAX_LABEL_CHARS = 48;
/** Candidate entries carry a shorter label: enough to tell them apart and to ask the user which. */
export const MAX_CANDIDATE_LABEL_CHARS = 24;

export const normalizedReferenceHintsSchema = z
  .object({
    positional_hint: z.enum(POSITIONAL_HINTS).optional().describe('Where the referent sits in the conversation.'),
    ordinal_hint: z.enum(ORDINAL_HINTS).optional().describe('Which one of several of the same kind, in order of appearance.'),
    target_kind_hint: z.enum(TARGET_KIND_HINTS).optional().describe('What kind of thing the user refers to.'),
    ownership_hint: z.enum(OWNERSHIP_HINTS).optional().describe("Whose object: the sender's, the bot's, or anyone's."),
    recency_hint: z.enum(RECENCY_HINTS).optional().describe('How recent or whether it is on screen now.'),
  })
  .strict();
export type NormalizedReferenceHints = z.infer<typeof normalizedReferenceHintsSchema>;

export const resolveReferenceInputSchema = z
  .object({
    chat_id: referenceIdSchema.describe('The conversation (in Ariadne: the side panel of one browser window).'),
    topic_id: referenceIdSchema.optional().describe('The thread inside the chat (in Ariadne: the tab); omit when the chat has no topics.'),
    current_message_id: referenceIdSchema.describe('The message being answered.'),
    reply_to_message_id: referenceIdSchema.optional().describe('The message or object the user replies to or acts on.'),
    sender_user_id: referenceIdSchema.describe('Who sent the current message.'),
    raw_user_text: z.string().max(MAX_RAW_USER_TEXT).describe("The user's words, for the record only: the tool never reads them."),
    normalized_reference_hints: normalizedReferenceHintsSchema.optional().describe('Language-independent hints extracted upstream.'),
    allowed_kinds: z
      .array(z.enum(OBJECT_KINDS))
      .min(1)
      .max(OBJECT_KINDS.length)
      .optional()
      .describe('Only objects of these kinds are candidates.'),
    max_candidates: z
      .number()
      .int()
      .min(1)
      .max(MAX_CANDIDATES_LIMIT)
      .default(DEFAULT_MAX_CANDIDATES)
      .describe('Most candidates returned (an ambiguous result always lists at least two).'),
  })
  .strict();
/** The request after defaults (what the resolver works with). */
export type ResolveReferenceInput = z.infer<typeof resolveReferenceInputSchema>;
/** The request as a caller may write it (defaults optional). */
export type ResolveReferenceRequest = z.input<typeof resolveReferenceInputSchema>;

/** The PRD's compact, safe object descriptor: nothing else about an object leaves the registry. */
export const objectDescriptorSchema = z
  .object({
    object_id: referenceIdSchema,
    kind: z.enum(OBJECT_KINDS),
    source_message_id: referenceIdSchema.nullable(),
    chat_id: referenceIdSchema,
    topic_id: referenceIdSchema.nullable(),
    title_or_label: z.string().max(MAX_LABEL_CHARS).optional(),
    created_by_user_id: referenceIdSchema.optional(),
    created_by_bot: z.boolean(),
    created_at: z.number().int().nonnegative(),
    last_touched_at: z.number().int().nonnegative(),
  })
  .strict();
export type ObjectDescriptor = z.infer<typeof objectDescriptorSchema>;

/** One entry of the compact candidate list. */
export const candidateSchema = z
  .object({
    object_id: referenceIdSchema,
    kind: z.enum(OBJECT_KINDS),
    title_or_label: z.string().max(MAX_CANDIDATE_LABEL_CHARS).optional(),
    score: z.number(),
  })
  .strict();
export type ReferenceCandidate = z.infer<typeof candidateSchema>;

export const resolveReferenceOutputSchema = z
  .object({
    status: z.enum(STATUSES),
    best_match: objectDescriptorSchema.nullable(),
    candidates: z.array(candidateSchema).max(MAX_CANDIDATES_LIMIT),
    confidence: z.number().min(0).max(1),
    reasons: z.array(z.enum(REASON_CODES)).max(REASON_CODES.length),
    scope_used: z.enum(SCOPES),
    diagnostics: z
      .object({
        pool_size: z.number().int().nonnegative(),
        after_filter: z.number().int().nonnegative(),
        top_score: z.number(),
        score_gap: z.number(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type ResolveReferenceOutput = z.infer<typeof resolveReferenceOutputSchema>;
