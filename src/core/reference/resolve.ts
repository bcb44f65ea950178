/**
 * `resolve_reference_target`'s algorithm: build the
 * candidate pool from one chat's state, filter by allowed kinds, score with the
 * weighted features of `scoring.ts`, rank with an explicit tie-break, then decide
 * resolved / ambiguous / not_found with named thresholds. Pure and deterministic:
 * the same view, input and `now` give the same output. It never reads the user's
 * words; only normalized hints.
 */
import { KINDS_FOR_HINT, canonicalReasons } from './kinds';
import type { ObjectKind, ReasonCode } from './kinds';
import { formatReferenceLog } from './log';
import type { ReferenceLogger } from './log';
import { compareStrings, shortLabel, topicKey } from './helpers';
import type { ChatView } from './registry';
import { MAX_CANDIDATE_LABEL_CHARS } from './schema';
import type { ReferenceCandidate, ResolveReferenceInput, ResolveReferenceOutput } from './schema';
import { MAX_REPLY_CHAIN_DEPTH, MIN_SCORE, RESOLVE_MARGIN, confidenceOf, round3, scopeOf, scoreCandidate } from './scoring';
import type { Candidate, ScoredCandidate, ScoringContext } from './scoring';

export interface ResolveContext {
  /** Epoch ms the request is evaluated at (expiry, recency). */
  readonly now: number;
  readonly requestId?: string;
  readonly logger?: ReferenceLogger;
}

/** Top ids carried by the log line. */
const LOGGED_TOP_IDS = 3;
/** An ambiguous answer lists at least this many candidates, whatever max_candidates says: one would read as a guess. */
const MIN_AMBIGUOUS_CANDIDATES = 2;

/**
 * Resolves a reference against one chat's state.
 *
 * @example
 *   const out = resolveReferenceTarget(registry.view('w1'), parsedInput, { now: clock.now() });
 *   if (out.status === 'resolved') use(out.best_match);
 */
export function resolveReferenceTarget(view: ChatView, input: ResolveReferenceInput, rc: ResolveContext): ResolveReferenceOutput {
  const { now } = rc;
  const { objectTtlMs, messageTtlMs } = view.limits;
  const allowed = input.allowed_kinds === undefined ? undefined : new Set<ObjectKind>(input.allowed_kinds);
  const hint = input.normalized_reference_hints?.target_kind_hint;
  const kindTargets = hint === undefined ? undefined : new Set<ObjectKind>(KINDS_FOR_HINT[hint]);
  const isLive = (c: Candidate): boolean =>
    now - c.descriptor.last_touched_at <= (c.isMessage ? messageTtlMs : objectTtlMs) &&
    !(c.isMessage && c.descriptor.object_id === input.current_message_id);

  // 1-2. Pool (this chat only: the view is one chat; live records; not the current
  // message), then the allowed_kinds filter, in one pass.
  let poolSize = 0;
  let topicsInUse = false;
  const candidates: Candidate[] = [];
  const liveTargetSources = new Set<string>();
  const liveCarriers = new Set<string>();
  const admit = (c: Candidate): void => {
    if (!isLive(c)) return;
    poolSize++;
    const d = c.descriptor;
    const source = c.isMessage ? null : d.source_message_id;
    if (source !== null && kindTargets?.has(d.kind) === true) liveTargetSources.add(source);
    if (allowed !== undefined && !allowed.has(d.kind)) return;
    candidates.push(c);
    if (d.topic_id !== null) topicsInUse = true;
    if (source !== null) liveCarriers.add(source);
  };
  for (const stored of view.objects.values()) admit(stored);
  for (const stored of view.messages.values()) admit(stored);

  // 3. Request context, then a score per candidate (no allocation per candidate).
  const ctx = scoringContext(view, input, candidates, { topicsInUse, kindTargets, liveTargetSources, liveCarriers, allowed, isLive, now });
  const scores = new Float64Array(candidates.length);
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i];
    if (c !== undefined) scores[i] = scoreCandidate(c, ctx);
  }

  // 4. Ranking: score desc, then newer first, then object id (explicit, total order).
  const limit = Math.max(input.max_candidates, MIN_AMBIGUOUS_CANDIDATES);
  const order = (a: number, b: number): number => {
    const da = candidates[a]?.descriptor;
    const db = candidates[b]?.descriptor;
    if (da === undefined || db === undefined) return 0;
    return (scores[b] ?? 0) - (scores[a] ?? 0) || db.created_at - da.created_at || compareStrings(da.object_id, db.object_id);
  };
  const ranked: ScoredCandidate[] = topIndexes(scores, limit + 1, order).flatMap((i) => {
    const candidate = candidates[i];
    if (candidate === undefined) return [];
    const reasons: ReasonCode[] = [];
    return [{ candidate, score: scoreCandidate(candidate, ctx, reasons), reasons, scope: scopeOf(candidate, ctx) }];
  });

  // The reply target is unknown here (expired, evicted, or from elsewhere): say so, never guess it.
  const replyTo = input.reply_to_message_id;
  const replyMissing = replyTo !== undefined && !knownLive(view, replyTo, isLive);
  const output = decide(ranked, input.max_candidates, replyMissing);
  const gap = round3(gapOf(ranked));
  const result: ResolveReferenceOutput = {
    ...output,
    diagnostics: { pool_size: poolSize, after_filter: candidates.length, top_score: round3(ranked[0]?.score ?? 0), score_gap: gap },
  };

  // 5. The PRD's compact log line (no user text).
  if (rc.logger !== undefined) {
    const record = {
      event: 'resolve_reference_target' as const,
      request_id: rc.requestId ?? '-',
      chat_id: input.chat_id,
      topic_id: input.topic_id ?? null,
      current_message_id: input.current_message_id,
      candidate_count: candidates.length,
      status: result.status,
      top_ids: ranked.slice(0, LOGGED_TOP_IDS).map((s) => s.candidate.descriptor.object_id),
      score_gap: gap,
    };
    rc.logger(record, formatReferenceLog(record));
  }
  return result;
}

function knownLive(view: ChatView, id: string, isLive: (c: Candidate) => boolean): boolean {
  const object = view.objects.get(id);
  if (object !== undefined && isLive(object)) return true;
  const message = view.messages.get(id);
  return message !== undefined && isLive(message);
}

function decide(
  ranked: readonly ScoredCandidate[],
  maxCandidates: number,
  replyMissing: boolean,
): Omit<ResolveReferenceOutput, 'diagnostics'> {
  const extra: ReasonCode[] = replyMissing ? ['reply_target_missing'] : [];
  const top = ranked[0];
  if (top === undefined || top.score < MIN_SCORE) {
    return {
      status: 'not_found',
      best_match: null,
      candidates: [],
      confidence: 0,
      reasons: canonicalReasons([top === undefined ? 'no_candidates' : 'below_threshold', ...extra]),
      scope_used: 'chat',
    };
  }
  const plausible = ranked.filter((s) => s.score >= MIN_SCORE);
  const runnerUp = plausible[1];
  if (runnerUp !== undefined && top.score - runnerUp.score < RESOLVE_MARGIN) {
    // Near tie: list the close ones, never guess (PRD edge case).
    const close = plausible.filter((s) => top.score - s.score < RESOLVE_MARGIN).slice(0, Math.max(maxCandidates, MIN_AMBIGUOUS_CANDIDATES));
    const shared = close.map((s) => new Set(s.reasons)).reduce((a, b) => new Set([...a].filter((r) => b.has(r))));
    return {
      status: 'ambiguous',
      best_match: null,
      candidates: close.map(compact),
      confidence: confidenceOf(top.score, runnerUp.score),
      reasons: canonicalReasons(['near_equal_scores', ...shared, ...extra]),
      scope_used: top.scope,
    };
  }
  return {
    status: 'resolved',
    best_match: top.candidate.descriptor,
    candidates: plausible.slice(0, maxCandidates).map(compact),
    confidence: confidenceOf(top.score, runnerUp?.score),
    reasons: canonicalReasons([...top.reasons, ...extra]),
    scope_used: top.scope,
  };
}

function compact(s: ScoredCandidate): ReferenceCandidate {
  const d = s.candidate.descriptor;
  return {
    object_id: d.object_id,
    kind: d.kind,
    ...(d.title_or_label === undefined ? {} : { title_or_label: shortLabel(d.title_or_label, MAX_CANDIDATE_LABEL_CHARS) }),
    score: round3(s.score),
  };
}

function gapOf(ranked: readonly ScoredCandidate[]): number {
  const [a, b] = ranked;
  if (a === undefined) return 0;
  return b === undefined ? a.score : a.score - b.score;
}

interface PoolFacts {
  readonly topicsInUse: boolean;
  readonly kindTargets: ReadonlySet<ObjectKind> | undefined;
  readonly liveTargetSources: ReadonlySet<string>;
  readonly liveCarriers: ReadonlySet<string>;
  readonly allowed: ReadonlySet<ObjectKind> | undefined;
  readonly isLive: (c: Candidate) => boolean;
  readonly now: number;
}

function scoringContext(view: ChatView, input: ResolveReferenceInput, candidates: readonly Candidate[], facts: PoolFacts): ScoringContext {
  const hints = input.normalized_reference_hints ?? {};
  // Chat-only mode when the request has no topic or nothing in the chat has one (PRD edge case).
  const topicId = input.topic_id !== undefined && facts.topicsInUse ? input.topic_id : null;
  const { kindTargets } = facts;
  // Active ids that are candidates (live, allowed): a handful, checked against the maps.
  const activeIds = new Set(
    (view.active.get(topicKey(topicId)) ?? []).filter((id) => {
      const object = view.objects.get(id);
      const message = view.messages.get(id);
      const c: Candidate | undefined = object ?? message;
      return c !== undefined && facts.isLive(c) && (facts.allowed === undefined || facts.allowed.has(c.descriptor.kind));
    }),
  );
  const { selected, excluded } = positional(candidates, input, topicId, kindTargets, activeIds, facts.liveCarriers);
  return {
    now: facts.now,
    hints,
    senderUserId: input.sender_user_id,
    topicId,
    activeIds,
    chain: replyChain(view, input.reply_to_message_id),
    kindTargets,
    liveCarriers: facts.liveCarriers,
    liveTargetSources: facts.liveTargetSources,
    selected,
    excluded,
  };
}

/** The reply chain from the reply target upwards: id → hop (1 = the target itself). */
function replyChain(view: ChatView, replyTo: string | undefined): Map<string, number> {
  const chain = new Map<string, number>();
  let id = replyTo;
  for (let hop = 1; id !== undefined && hop <= MAX_REPLY_CHAIN_DEPTH && !chain.has(id); hop++) {
    chain.set(id, hop);
    id = view.messages.get(id)?.replyToMessageId ?? undefined;
  }
  return chain;
}

/**
 * Applies positional and ordinal hints. The eligible objects are those of the hinted
 * kind (all when no kind) and ownership, in the current topic when it has any, ordered
 * by creation (newest first, then id). Messages carrying a live typed object are represented by it.
 */
function positional(
  candidates: readonly Candidate[],
  input: ResolveReferenceInput,
  topicId: string | null,
  kindTargets: ReadonlySet<ObjectKind> | undefined,
  activeIds: ReadonlySet<string>,
  liveCarriers: ReadonlySet<string>,
): { selected: Set<string>; excluded: Set<string> } {
  const selected = new Set<string>();
  const excluded = new Set<string>();
  const hints = input.normalized_reference_hints ?? {};
  const { positional_hint: pos, ordinal_hint: ord, recency_hint: rec } = hints;
  const wantsLatest = pos === 'latest' || rec === 'latest' || ord === 'last';
  if (!wantsLatest && ord === undefined && (pos === undefined || pos === 'replied_message')) return { selected, excluded };

  const ofKindAll = candidates.filter(
    (c) => (kindTargets === undefined || kindTargets.has(c.descriptor.kind)) && !(c.isMessage && liveCarriers.has(c.descriptor.object_id)),
  );
  // "my last poll" counts among the sender's polls ("the bot's last summary" among the bot's), when there are any.
  const owned = ofKindAll.filter((c) =>
    hints.ownership_hint === 'mine'
      ? c.descriptor.created_by_user_id === input.sender_user_id
      : hints.ownership_hint === 'bot_created'
        ? c.descriptor.created_by_bot
        : true,
  );
  const ofKind = owned.length > 0 ? owned : ofKindAll;
  const inTopic = topicId === null ? [] : ofKind.filter((c) => c.descriptor.topic_id === topicId);
  const eligible = (inTopic.length > 0 ? inTopic : ofKind).map((c) => c.descriptor);
  type D = (typeof eligible)[number];
  // Newest first; ties by id so insertion order never matters.
  const newerFirst = (a: D, b: D): number => b.created_at - a.created_at || compareStrings(a.object_id, b.object_id);
  const first = (items: readonly D[], cmp: (a: D, b: D) => number): D | undefined =>
    items.reduce<D | undefined>((best, d) => (best === undefined || cmp(d, best) < 0 ? d : best), undefined);
  const olderFirst = (a: D, b: D): number => newerFirst(b, a);
  const pick = (d: D | undefined): void => {
    if (d !== undefined) selected.add(d.object_id);
  };

  if (wantsLatest) pick(first(eligible, newerFirst));
  if (pos === 'above')
    pick(
      first(
        eligible.filter((d) => d.source_message_id !== input.current_message_id),
        newerFirst,
      ),
    );
  if (pos === 'current_topic_recent' && topicId !== null && inTopic.length > 0) pick(first(eligible, newerFirst));
  if (pos === 'previous') {
    // "The previous one" is relative to the current one: the active object, else the newest.
    const current =
      first(
        eligible.filter((d) => activeIds.has(d.object_id)),
        newerFirst,
      ) ?? first(eligible, newerFirst);
    if (current !== undefined) {
      excluded.add(current.object_id);
      pick(
        first(
          eligible.filter((d) => newerFirst(d, current) > 0),
          newerFirst,
        ),
      );
    }
  }
  if (ord === 'first' || ord === 'second') {
    const oldest = first(eligible, olderFirst);
    const target =
      ord === 'first' || oldest === undefined
        ? oldest
        : first(
            eligible.filter((d) => olderFirst(d, oldest) > 0),
            olderFirst,
          );
    pick(target);
  }
  return { selected, excluded };
}

/**
 * Indexes of the k best scores, best first under `order` (which breaks ties). Linear
 * in the number of candidates: a score below the current k-th is rejected without
 * calling `order`.
 */
export function topIndexes(scores: Float64Array, k: number, order: (a: number, b: number) => number): number[] {
  const out: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    const worst = out[out.length - 1];
    if (out.length >= k && worst !== undefined && ((scores[i] ?? 0) < (scores[worst] ?? 0) || order(i, worst) >= 0)) continue;
    let at = out.length;
    while (at > 0) {
      const prev = out[at - 1];
      if (prev === undefined || order(i, prev) >= 0) break;
      at--;
    }
    out.splice(at, 0, i);
    if (out.length > k) out.pop();
  }
  return out;
}
