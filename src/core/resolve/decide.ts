/**
 * The decision: from scored candidates to resolved / ambiguous / not_found, by
 * thresholds. Doubt is reported, not guessed away: close candidates or a low top
 * score give `ambiguous` with a reason and the dimension the candidates differ on.
 */
import type { Features } from './features';
import type { ResolveMode } from './schema';

/**
 * Two candidates whose log-odds differ by less than this are a tie for the user (or
 * the LLM) to break: an odds ratio under e² ≈ 7 is within what context can flip.
 * Compared in log-odds, not probability, because near 1 the sigmoid squeezes
 * 0.97 and 0.999 together although the second is 30 times likelier.
 */
export const AMBIGUITY_LOGIT_MARGIN = 2;

export interface ScoredCandidate {
  readonly id: string;
  readonly label: string;
  readonly type: string;
  readonly source: string;
  readonly confidence: number;
  readonly features: Features;
  readonly aliases: readonly string[];
  readonly mentionCount: number;
  readonly authorityId?: string;
  readonly description?: string;
  readonly uri?: string;
  readonly attributes?: Readonly<Record<string, string>>;
}

export type Decision =
  | { readonly status: 'resolved'; readonly chosen: ScoredCandidate; readonly note: string }
  | {
      readonly status: 'ambiguous';
      readonly close: readonly ScoredCandidate[];
      readonly reason: string;
      readonly dimension: string;
      readonly note: string;
    }
  | { readonly status: 'not_found'; readonly note: string };

export interface DecideOptions {
  readonly mode: ResolveMode;
  readonly autoAccept: number;
  readonly interactiveBelowThreshold: boolean;
  /** The caller's expected type: it breaks a tie between candidates that differ by type. */
  readonly expectedType?: string;
}

/** Best first: confidence, then local before remote, then most mentioned, then id. */
export function byRank(a: ScoredCandidate, b: ScoredCandidate): number {
  return (
    b.confidence - a.confidence ||
    Number(b.source === 'local') - Number(a.source === 'local') ||
    b.mentionCount - a.mentionCount ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * @example
 *   decide(sorted, { mode: 'ranked', autoAccept: 0.85, interactiveBelowThreshold: true })
 */
export function decide(sorted: readonly ScoredCandidate[], options: DecideOptions): Decision {
  const top = sorted[0];
  if (top === undefined) return { status: 'not_found', note: 'no candidate above min_confidence' };
  const close = sorted.filter((c) => logit(top.confidence) - logit(c.confidence) < AMBIGUITY_LOGIT_MARGIN);
  if (options.mode === 'interactive') {
    return {
      status: 'ambiguous',
      close: sorted,
      reason: 'interactive mode: the caller chooses among the candidates',
      dimension: dimensionOf(sorted),
      note: `${sorted.length} candidate(s) returned for the caller to choose`,
    };
  }
  if (options.mode === 'quick') {
    return { status: 'resolved', chosen: top, note: `quick: took the top candidate (${top.confidence.toFixed(3)})` };
  }
  // Close candidates that differ by type are no tie when the caller named the type and
  // exactly one of them has it: "China" typed as a place picks the place over a "China"
  // team or an untyped "Chinese", instead of asking (and, at ingestion, adding a fourth).
  const typed =
    options.expectedType === undefined || options.expectedType === 'other' ? [] : close.filter((c) => c.type === options.expectedType);
  const onlyTyped = typed.length === 1 ? typed[0] : undefined;
  if (close.length > 1 && onlyTyped !== undefined && onlyTyped.confidence >= options.autoAccept) {
    return {
      status: 'resolved',
      chosen: onlyTyped,
      note: `${close.length} close candidates differ by type; only "${onlyTyped.label}" is a ${options.expectedType} (${onlyTyped.confidence.toFixed(3)})`,
    };
  }
  if (close.length > 1) {
    return {
      status: 'ambiguous',
      close,
      reason: `${close.length} candidates are about equally likely (log-odds within ${AMBIGUITY_LOGIT_MARGIN})`,
      dimension: dimensionOf(close),
      note: `top ${top.confidence.toFixed(3)} is not clearly ahead`,
    };
  }
  if (top.confidence >= options.autoAccept) {
    return { status: 'resolved', chosen: top, note: `top ${top.confidence.toFixed(3)} ≥ auto_accept_threshold ${options.autoAccept}` };
  }
  if (options.interactiveBelowThreshold) {
    return {
      status: 'ambiguous',
      close: [top],
      reason: `best candidate's confidence ${top.confidence.toFixed(3)} is below auto_accept_threshold ${options.autoAccept}`,
      dimension: 'confidence',
      note: 'low confidence: returning the candidate instead of auto-picking it',
    };
  }
  return {
    status: 'resolved',
    chosen: top,
    note: `top ${top.confidence.toFixed(3)} below threshold, picked because interactive_below_threshold is false`,
  };
}

/** What the close candidates differ on: their type if they disagree on it, else their name. */
function dimensionOf(close: readonly ScoredCandidate[]): string {
  const types = new Set(close.map((c) => c.type));
  if (types.size > 1) return 'type';
  const sources = new Set(close.map((c) => c.source));
  if (sources.size > 1) return 'source';
  return close.length > 1 ? 'name' : 'confidence';
}

/** Log-odds of a probability, clamped away from 0 and 1 so it stays finite. */
function logit(p: number): number {
  const q = Math.min(1 - 1e-9, Math.max(1e-9, p));
  return Math.log(q / (1 - q));
}
