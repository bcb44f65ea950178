/**
 * The deterministic weighted features of `resolve_reference_target` (PRD
 * "Recommended scoring features"). Each weight is a named constant; a candidate's
 * score adds up its features in one fixed order, so equal
 * feature sets give bit-identical scores.
 *
 * Scale: a fresh, same-topic object the user is looking at, of the asked-for kind,
 * scores about 2; the minimum plausible score is 0.3.
 */
import type { ObjectKind, ReasonCode, Scope } from './kinds';
import type { NormalizedReferenceHints } from './schema';
import type { StoredMessage, StoredObject } from './registry';

const MINUTE = 60_000;

// --- weights (positive) ---
/** The user replied to it or acted on it: the strongest evidence there is (PRD: very high). */
export const W_EXACT_REPLY_TARGET = 1.2;
/** An earlier message of the reply chain; halves with each further hop. */
export const W_REPLY_CHAIN = 0.4;
/** Same tab: several discussions share one window, so topic scope is preferred strongly (PRD: high). */
export const W_SAME_TOPIC = 0.5;
/** In a chat without topics the whole chat is the scope, worth what a topic is worth. */
export const W_CHAT_SCOPE = 0.5;
/** On screen now in this tab: the page, its subject, an open card (PRD: high). */
export const W_CURRENTLY_ACTIVE = 0.5;
/** Extra for active objects when the user said "this"/"current" (recency_hint currently_active). */
export const W_ACTIVE_HINT = 0.3;
/** The object is of the kind the user named (PRD: high); as strong as the opposite penalty. */
export const W_KIND_MATCH = 0.7;
/** A message whose typed object expired, when that object's kind was asked for: a fallback, below a live typed object. */
export const W_EXPIRED_OBJECT_SOURCE = 0.35;
/** The bot made it and the user asked for something the bot made (PRD: medium-high). */
export const W_BOT_CREATED = 0.4;
/** Recency at age 0; decays with RECENCY_HALF_LIFE_MS (PRD: medium). */
export const W_RECENCY = 0.3;
/** "recent" doubles the recency feature. */
export const RECENT_HINT_FACTOR = 2;
/** "my reminder" and the object is the sender's (PRD: medium). */
export const W_OWNED_BY_SENDER = 0.35;
/** Touched (opened, acted on, confirmed) during this interaction (PRD: medium). */
export const W_PREVIOUSLY_TOUCHED = 0.3;
/** Picked by a positional or ordinal hint ("the previous one", "the first image"). */
export const W_POSITION_MATCH = 0.6;

// --- penalties (negative) ---
/** Reachable only by the chat fallback while the user is in another topic (PRD: negative). */
export const W_WEAK_SCOPE_FALLBACK = -0.4;
/** Untouched for STALE_AFTER_MS and not on screen (PRD: negative). */
export const W_STALE = -0.4;
/**
 * Not the kind the user named. Outweighs the topic bonus so that a reply of the wrong
 * kind stays a candidate but a typed object of the right kind can beat it (PRD edge case).
 */
export const W_KIND_MISMATCH = -1.0;
/** "my …" and somebody else (another user, or the bot on its own) made it. */
export const W_NOT_OWNED = -0.35;
/** "the previous one" excludes the current one. */
export const W_POSITION_MISMATCH = -0.6;
/**
 * A message that carries a live typed object: the object, being more specific, should
 * win. Larger than RESOLVE_MARGIN so that, all else equal, the object is resolved.
 */
export const W_CARRIER = -0.3;

// --- times and thresholds ---
/** Follow-ups mostly concern the last few minutes of reading or talking. */
export const RECENCY_HALF_LIFE_MS = 10 * MINUTE;
/** Recency decay rate: 2^(-age / half-life) written as e^(-age · ln2 / half-life). */
const DECAY_PER_MS = Math.LN2 / RECENCY_HALF_LIFE_MS;
/** Objects touched within this window count as part of the current interaction. */
export const INTERACTION_WINDOW_MS = 15 * MINUTE;
/** Past this, an object not on screen is stale (half an hour is a new train of thought). */
export const STALE_AFTER_MS = 30 * MINUTE;
/** Below this nothing is plausible enough: not_found rather than a guess. */
export const MIN_SCORE = 0.3;
/** The top must lead the runner-up by this much to be resolved; otherwise ambiguous. */
export const RESOLVE_MARGIN = 0.2;
/** A top score this high (see the scale above) is full confidence before separation. */
export const CONFIDENT_SCORE = 2.0;
/** How many reply hops are followed (reply chains in a side panel are short). */
export const MAX_REPLY_CHAIN_DEPTH = 8;

/** What the scorer needs to know about the request, computed once per request. */
export interface ScoringContext {
  readonly now: number;
  readonly hints: NormalizedReferenceHints;
  readonly senderUserId: string;
  /** The request's topic when the chat has topics, else null (chat-only mode). */
  readonly topicId: string | null;
  readonly activeIds: ReadonlySet<string>;
  /** Reply chain: id → hop (1 is the exact reply target). */
  readonly chain: ReadonlyMap<string, number>;
  readonly kindTargets: ReadonlySet<ObjectKind> | undefined;
  /** Messages that carry a live typed object among the candidates. */
  readonly liveCarriers: ReadonlySet<string>;
  /** Messages that carry a live typed object of an asked-for kind (any other carried one is gone). */
  readonly liveTargetSources: ReadonlySet<string>;
  /** Picked by positional/ordinal hints, and excluded by them. */
  readonly selected: ReadonlySet<string>;
  readonly excluded: ReadonlySet<string>;
}

/** A pool entry: a message (with its reply and carried-kind metadata) or a typed object. */
export type Candidate = StoredMessage | StoredObject;

export interface ScoredCandidate {
  readonly candidate: Candidate;
  readonly score: number;
  readonly reasons: readonly ReasonCode[];
  readonly scope: Scope;
}

/**
 * Scores one candidate. Reasons are written to `reasons` when given: the resolver
 * scores every candidate without them (no allocation per candidate) and explains
 * only the few it returns, with the same function so the two cannot drift apart.
 *
 * @example
 *   const reasons: ReasonCode[] = [];
 *   scoreCandidate(stored, ctx, reasons) // 1.8; reasons: ['same_topic', 'kind_match', …]
 */
export function scoreCandidate(candidate: Candidate, ctx: ScoringContext, reasons?: ReasonCode[]): number {
  const d = candidate.descriptor;
  let score = 0;

  const hop = replyHop(candidate, ctx);
  if (hop === 1) score += note(W_EXACT_REPLY_TARGET, 'exact_reply_target', reasons);
  else if (hop !== undefined) score += note(W_REPLY_CHAIN * 0.5 ** (hop - 2), 'reply_chain', reasons);

  const sameTopic = ctx.topicId !== null && d.topic_id === ctx.topicId;
  if (ctx.topicId === null) score += note(W_CHAT_SCOPE, 'chat_scope', reasons);
  else if (sameTopic) score += note(W_SAME_TOPIC, 'same_topic', reasons);
  else if (hop === undefined) score += note(W_WEAK_SCOPE_FALLBACK, 'weak_scope_fallback', reasons);

  const active = ctx.activeIds.size > 0 && ctx.activeIds.has(d.object_id) && (ctx.topicId === null || sameTopic);
  if (active) {
    score += note(W_CURRENTLY_ACTIVE, 'currently_active', reasons);
    if (ctx.hints.recency_hint === 'currently_active') score += W_ACTIVE_HINT;
  }

  const targets = ctx.kindTargets;
  if (targets !== undefined) {
    if (targets.has(d.kind)) score += note(W_KIND_MATCH, 'kind_match', reasons);
    else if (candidate.isMessage && carriedGoneKind(candidate, targets, ctx))
      score += note(W_EXPIRED_OBJECT_SOURCE, 'expired_object_source', reasons);
    else score += note(W_KIND_MISMATCH, 'kind_mismatch', reasons);
  }

  const ownership = ctx.hints.ownership_hint;
  if (ownership === 'bot_created' && d.created_by_bot) score += note(W_BOT_CREATED, 'bot_created', reasons);
  if (ownership === 'mine') {
    if (d.created_by_user_id === ctx.senderUserId) score += note(W_OWNED_BY_SENDER, 'owned_by_sender', reasons);
    else if (d.created_by_user_id !== undefined || d.created_by_bot) score += note(W_NOT_OWNED, 'not_owned_by_sender', reasons);
  }

  const age = Math.max(0, ctx.now - d.last_touched_at);
  const factor = ctx.hints.recency_hint === 'recent' ? RECENT_HINT_FACTOR : 1;
  score += W_RECENCY * factor * Math.exp(-age * DECAY_PER_MS);
  if (age <= RECENCY_HALF_LIFE_MS) reasons?.push('recent_object');

  if (candidate.touched && age <= INTERACTION_WINDOW_MS) score += note(W_PREVIOUSLY_TOUCHED, 'previously_touched', reasons);
  if (ctx.selected.size > 0 && ctx.selected.has(d.object_id)) score += note(W_POSITION_MATCH, 'position_match', reasons);
  if (ctx.excluded.size > 0 && ctx.excluded.has(d.object_id)) score += note(W_POSITION_MISMATCH, 'position_mismatch', reasons);
  if (candidate.isMessage && ctx.liveCarriers.has(d.object_id)) score += note(W_CARRIER, 'carrier_of_typed_object', reasons);
  if (age > STALE_AFTER_MS && !active) score += note(W_STALE, 'stale_penalty', reasons);
  return score;
}

/** The scope a candidate was reached by: the reply chain, the topic, or the chat fallback. */
export function scopeOf(candidate: Candidate, ctx: ScoringContext): Scope {
  if (replyHop(candidate, ctx) !== undefined) return 'reply_chain';
  return ctx.topicId !== null && candidate.descriptor.topic_id === ctx.topicId ? 'topic' : 'chat';
}

function replyHop(candidate: Candidate, ctx: ScoringContext): number | undefined {
  if (ctx.chain.size === 0) return undefined;
  const d = candidate.descriptor;
  return ctx.chain.get(d.object_id) ?? (d.source_message_id === null ? undefined : ctx.chain.get(d.source_message_id));
}

/**
 * The message carried an object of an asked-for kind and none of that kind is alive
 * any more (expired or evicted): the message stands in for it (PRD edge case).
 */
function carriedGoneKind(message: StoredMessage, targets: ReadonlySet<ObjectKind>, ctx: ScoringContext): boolean {
  if (ctx.liveTargetSources.has(message.descriptor.object_id)) return false;
  for (const kind of message.carriedKinds) if (targets.has(kind)) return true;
  return false;
}

function note(weight: number, reason: ReasonCode, reasons: ReasonCode[] | undefined): number {
  reasons?.push(reason);
  return weight;
}

/**
 * Confidence in 0..1 from the top score and its lead over the runner-up: a strong
 * top with a clear lead is near 1, a near tie halves it.
 */
export function confidenceOf(top: number, runnerUp: number | undefined): number {
  const absolute = clamp01(top / CONFIDENT_SCORE);
  const separation = runnerUp === undefined ? 1 : clamp01((top - runnerUp) / (2 * RESOLVE_MARGIN));
  return round3(absolute * (0.5 + 0.5 * separation));
}

export function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/** Rounds to 3 decimals (and turns -0 into 0, so outputs compare and print cleanly). */
export function round3(x: number): number {
  return Math.round(x * 1000) / 1000 || 0;
}
