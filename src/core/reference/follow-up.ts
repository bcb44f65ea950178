/**
 * What the query loop does with a follow-up question before answering it: find the
 * reference phrase (`extractReferenceHints`), resolve it deterministically
 * (`resolve_reference_target`), and turn the outcome into a plan:
 *
 *   "who founded this company?" on Stripe's page → { kind: 'entity', entityId: Stripe,
 *     question: 'who founded Stripe?' }
 *   "merge it with the previous one" → { kind: 'merge_proposal', a, b } for the user to confirm
 *   two equally likely referents → { kind: 'choose' }: ask, never guess.
 *
 * Labels come from pages and users: the rewritten question is still untrusted data
 * for any LLM prompt it ends up in.
 */
import type { EntityId } from '../graph/ids';
import { asEntityId } from '../graph/ids';
import { ENTITY_OBJECT_KINDS, isEntityObjectKind } from './kinds';
import type { TargetKindHint } from './kinds';
import { extractReferenceHints } from './hints';
import type { ExtractedReference } from './hints';
import { MAX_RAW_USER_TEXT } from './schema';
import type { NormalizedReferenceHints, ObjectDescriptor, ResolveReferenceOutput, ResolveReferenceRequest } from './schema';

/** How the planner reaches the resolver: `(r) => registry.resolve(r, { requestId, logger })`. */
export type ReferenceResolver = (request: ResolveReferenceRequest) => ResolveReferenceOutput;

export interface FollowUpInput {
  readonly question: string;
  /** BCP-47 language of the question, when known. */
  readonly lang?: string;
  readonly chatId: string;
  readonly topicId?: string;
  readonly currentMessageId: string;
  readonly replyToMessageId?: string;
  readonly senderUserId: string;
}

export interface MergeSide {
  readonly entityId: EntityId;
  readonly label?: string;
}

export type FollowUpPlan =
  /** No reference in the question: answer it as it is. */
  | { readonly kind: 'unchanged'; readonly question: string }
  /** The reference is a graph entity: answer about `entityId`. */
  | {
      readonly kind: 'entity';
      readonly entityId: EntityId;
      readonly question: string;
      readonly target: ObjectDescriptor;
      readonly resolution: ResolveReferenceOutput;
    }
  /** The reference is another object (page, answer, image, …). */
  | { readonly kind: 'object'; readonly target: ObjectDescriptor; readonly question: string; readonly resolution: ResolveReferenceOutput }
  /** Several close candidates: show them and let the user choose. */
  | { readonly kind: 'choose'; readonly question: string; readonly resolution: ResolveReferenceOutput }
  /** Nothing plausible: say so instead of guessing. */
  | { readonly kind: 'not_found'; readonly question: string; readonly resolution: ResolveReferenceOutput }
  /** "merge it with the previous one": a merge of `a` (the current one) and `b`, never run without confirmation. */
  | {
      readonly kind: 'merge_proposal';
      readonly a: MergeSide;
      readonly b: MergeSide;
      readonly needsConfirmation: true;
      readonly question: string;
    };

const ENTITY_HINTS: ReadonlySet<TargetKindHint> = new Set(['entity', 'company', 'person', 'technology', 'product', 'location']);

/**
 * Plans a follow-up question.
 *
 * @example
 *   const plan = planReferenceFollowUp(
 *     { question: 'who founded this company?', chatId: 'w1', topicId: 't3', currentMessageId: 'm9', senderUserId: 'me' },
 *     (r) => registry.resolve(r),
 *   );
 *   if (plan.kind === 'entity') answerAbout(plan.entityId, plan.question); // 'who founded Stripe?'
 */
export function planReferenceFollowUp(input: FollowUpInput, resolve: ReferenceResolver): FollowUpPlan {
  const { question } = input;
  const extracted = extractReferenceHints(question, input.lang);
  if (extracted.cues.some((c) => c.type === 'merge')) return planMerge(input, extracted, resolve);
  if (!extracted.found && input.replyToMessageId === undefined) return { kind: 'unchanged', question };

  const resolution = resolve(request(input, extracted.hints, { withReply: true, entitiesOnly: false }));
  if (resolution.status === 'ambiguous') return { kind: 'choose', question, resolution };
  const target = resolution.best_match;
  if (resolution.status === 'not_found' || target === null) return { kind: 'not_found', question, resolution };

  const entityId = isEntityObjectKind(target.kind) ? asEntityId(target.object_id) : undefined;
  const label = target.title_or_label;
  if (entityId !== undefined) {
    // "who founded this company?" → "who founded Stripe?"
    const rewritten = extracted.span !== undefined && label !== undefined ? splice(question, extracted.span, label) : question;
    return { kind: 'entity', entityId, question: rewritten, target, resolution };
  }
  // Other objects keep the user's words and gain the label: "what did that answer (“…”) cite?"
  const rewritten =
    extracted.span !== undefined && label !== undefined
      ? splice(question, extracted.span, `${question.slice(extracted.span.start, extracted.span.end)} (“${label}”)`)
      : question;
  return { kind: 'object', target, question: rewritten, resolution };
}

/** "it" is the entity in focus now; "the previous one" the one before it (or the ordinal named). */
function planMerge(input: FollowUpInput, extracted: ExtractedReference, resolve: ReferenceResolver): FollowUpPlan {
  const { question } = input;
  const kindCue = extracted.cues.find((c) => c.kind !== undefined && ENTITY_HINTS.has(c.kind))?.kind;
  const kind: TargetKindHint = kindCue ?? 'entity';
  const ordinal = extracted.cues.find((c) => c.ordinal !== undefined)?.ordinal;
  const positional = extracted.cues.some((c) => c.type === 'above') ? 'above' : 'previous';

  const current = resolve(
    request(input, { target_kind_hint: kind, recency_hint: 'currently_active' }, { withReply: true, entitiesOnly: true }),
  );
  const a = mergeSide(current);
  if (a === undefined)
    return current.status === 'ambiguous'
      ? { kind: 'choose', question, resolution: current }
      : { kind: 'not_found', question, resolution: current };

  const otherHints: NormalizedReferenceHints =
    ordinal !== undefined ? { target_kind_hint: kind, ordinal_hint: ordinal } : { target_kind_hint: kind, positional_hint: positional };
  const other = resolve(request(input, otherHints, { withReply: false, entitiesOnly: true }));
  const b = mergeSide(other);
  if (b === undefined || b.entityId === a.entityId) {
    return other.status === 'ambiguous'
      ? { kind: 'choose', question, resolution: other }
      : { kind: 'not_found', question, resolution: other };
  }
  return { kind: 'merge_proposal', a, b, needsConfirmation: true, question };
}

function mergeSide(resolution: ResolveReferenceOutput): MergeSide | undefined {
  const target = resolution.status === 'resolved' ? resolution.best_match : null;
  if (target === null || !isEntityObjectKind(target.kind)) return undefined;
  const entityId = asEntityId(target.object_id);
  if (entityId === undefined) return undefined;
  return target.title_or_label === undefined ? { entityId } : { entityId, label: target.title_or_label };
}

function request(
  input: FollowUpInput,
  hints: NormalizedReferenceHints,
  opts: { readonly withReply: boolean; readonly entitiesOnly: boolean },
): ResolveReferenceRequest {
  return {
    chat_id: input.chatId,
    ...(input.topicId === undefined ? {} : { topic_id: input.topicId }),
    current_message_id: input.currentMessageId,
    ...(opts.withReply && input.replyToMessageId !== undefined ? { reply_to_message_id: input.replyToMessageId } : {}),
    sender_user_id: input.senderUserId,
    // The tool never reads it; it is bounded by the schema.
    raw_user_text: input.question.slice(0, MAX_RAW_USER_TEXT),
    ...(Object.keys(hints).length > 0 ? { normalized_reference_hints: hints } : {}),
    ...(opts.entitiesOnly ? { allowed_kinds: [...ENTITY_OBJECT_KINDS] } : {}),
  };
}

function splice(text: string, span: { readonly start: number; readonly end: number }, replacement: string): string {
  return text.slice(0, span.start) + replacement + text.slice(span.end);
}
