/**
 * The vocabulary of `resolve_reference_target`: object kinds,
 * normalized hint values, scopes and reason codes. Everything here is a closed set so
 * the zod schemas, the scorer and the hint extractor agree on one list.
 */
import { ENTITY_TYPES } from '../graph/types';
import type { EntityType } from '../graph/types';

/** The object kinds of the PRD, in its order. */
export const PRD_OBJECT_KINDS = [
  'article',
  'link',
  'media.image',
  'media.video',
  'media.voice',
  'media.document',
  'media.pdf',
  'poll',
  'reminder',
  'summary',
  'bot_message',
  'message',
] as const;

/** Ariadne's graph entities as referable objects: `entity.company`, `entity.person`, … */
export const ENTITY_OBJECT_KINDS = [
  'entity.company',
  'entity.person',
  'entity.technology',
  'entity.product',
  'entity.location',
  'entity.other',
] as const satisfies readonly `entity.${EntityType}`[];

export const OBJECT_KINDS = [...PRD_OBJECT_KINDS, ...ENTITY_OBJECT_KINDS] as const;
export type ObjectKind = (typeof OBJECT_KINDS)[number];
export type EntityObjectKind = (typeof ENTITY_OBJECT_KINDS)[number];

/** Kinds that are conversation messages themselves (a typed object is carried by one). */
export const MESSAGE_KINDS: readonly ObjectKind[] = ['message', 'bot_message'];

export function isEntityObjectKind(kind: ObjectKind): kind is EntityObjectKind {
  return (ENTITY_OBJECT_KINDS as readonly string[]).includes(kind);
}

/** The object kind of a graph entity type: `company` → `entity.company`. */
export function entityObjectKind(type: EntityType): EntityObjectKind {
  const index = ENTITY_TYPES.indexOf(type);
  return ENTITY_OBJECT_KINDS[index] ?? 'entity.other';
}

/** Where the referent is looked for, narrowest first (PRD "Scope rules"). */
export const SCOPES = ['reply_chain', 'topic', 'chat'] as const;
export type Scope = (typeof SCOPES)[number];

export const STATUSES = ['resolved', 'ambiguous', 'not_found'] as const;
export type ResolutionStatus = (typeof STATUSES)[number];

// Normalized hint values. The PRD's sets come first; Ariadne adds only what its
// objects need (pages, answers, graph entities), never a word of any language.
export const POSITIONAL_HINTS = ['replied_message', 'latest', 'previous', 'above', 'current_topic_recent'] as const;
export const ORDINAL_HINTS = ['first', 'second', 'last'] as const;
export const TARGET_KIND_HINTS = [
  // PRD
  'poll',
  'reminder',
  'image',
  'file',
  'article',
  'quote',
  // Ariadne
  'link',
  'video',
  'voice',
  'pdf',
  'summary',
  'answer',
  'message',
  'entity',
  'company',
  'person',
  'technology',
  'product',
  'location',
] as const;
export const OWNERSHIP_HINTS = ['mine', 'bot_created', 'any'] as const;
export const RECENCY_HINTS = ['latest', 'recent', 'currently_active'] as const;

export type PositionalHint = (typeof POSITIONAL_HINTS)[number];
export type OrdinalHint = (typeof ORDINAL_HINTS)[number];
export type TargetKindHint = (typeof TARGET_KIND_HINTS)[number];
export type OwnershipHint = (typeof OWNERSHIP_HINTS)[number];
export type RecencyHint = (typeof RECENCY_HINTS)[number];

/**
 * Which object kinds satisfy a target-kind hint. "article" covers both page kinds
 * because a user calls any page they read an article, whether or not Readability
 * found one; "file" is a document or a PDF; an "answer" is whatever the bot said.
 */
export const KINDS_FOR_HINT: Readonly<Record<TargetKindHint, readonly ObjectKind[]>> = {
  poll: ['poll'],
  reminder: ['reminder'],
  image: ['media.image'],
  file: ['media.document', 'media.pdf'],
  article: ['article', 'link'],
  quote: ['message', 'bot_message'],
  link: ['link'],
  video: ['media.video'],
  voice: ['media.voice'],
  pdf: ['media.pdf'],
  summary: ['summary'],
  answer: ['bot_message', 'summary'],
  message: ['message', 'bot_message'],
  entity: ENTITY_OBJECT_KINDS,
  company: ['entity.company'],
  person: ['entity.person'],
  technology: ['entity.technology'],
  product: ['entity.product'],
  location: ['entity.location'],
};

/**
 * Machine-readable reasons, in the canonical order they are reported in. The first
 * nine are the PRD's examples; the rest name Ariadne's extra features and outcomes.
 */
export const REASON_CODES = [
  'exact_reply_target',
  'same_topic',
  'kind_match',
  'recent_object',
  'bot_created',
  'owned_by_sender',
  'currently_active',
  'stale_penalty',
  'weak_scope_fallback',
  'reply_chain',
  'chat_scope',
  'position_match',
  'position_mismatch',
  'previously_touched',
  'kind_mismatch',
  'not_owned_by_sender',
  'carrier_of_typed_object',
  'expired_object_source',
  'near_equal_scores',
  'below_threshold',
  'no_candidates',
  'reply_target_missing',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** Sorts reason codes into their canonical order and removes duplicates. */
export function canonicalReasons(reasons: Iterable<ReasonCode>): ReasonCode[] {
  const set = new Set(reasons);
  return REASON_CODES.filter((code) => set.has(code));
}
