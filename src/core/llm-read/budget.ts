/**
 * Token budgets for reading pages with an LLM: a per-page budget (how much of one
 * page is sent) and a daily budget (how much all pages send in a UTC day). The daily
 * count is a small record the background keeps; these functions only compute with it.
 *
 * @example
 *   const allowance = pageAllowance({ pageTokens: 6_000, dailyTokens: 200_000 }, usage, Date.now());
 *   if (allowance.tokens === 0) skip(allowance.reason);
 *   usage = chargeTokens(usage, Date.now(), spent);
 */

export interface DailyUsage {
  /** The UTC day counted, `YYYY-MM-DD`. */
  readonly day: string;
  readonly tokens: number;
}

export interface TokenBudgets {
  readonly pageTokens: number;
  readonly dailyTokens: number;
}

/** The UTC day of a time, `YYYY-MM-DD`: the daily budget starts afresh at midnight UTC. */
export function dayOf(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** Tokens spent today (a record of another day counts as none). */
export function spentToday(usage: DailyUsage | undefined, now: number): number {
  return usage !== undefined && usage.day === dayOf(now) ? usage.tokens : 0;
}

/** `tokens` more spent now; a new day starts a new count. */
export function chargeTokens(usage: DailyUsage | undefined, now: number, tokens: number): DailyUsage {
  return { day: dayOf(now), tokens: spentToday(usage, now) + Math.max(0, Math.round(tokens)) };
}

export type Allowance = { readonly tokens: number; readonly reason?: undefined } | { readonly tokens: 0; readonly reason: string };

/** What the next page may send: its own budget, or what is left of today's if that is less. */
export function pageAllowance(budgets: TokenBudgets, usage: DailyUsage | undefined, now: number): Allowance {
  const left = Math.max(0, budgets.dailyTokens - spentToday(usage, now));
  if (left === 0)
    return { tokens: 0, reason: `today's LLM budget of ${budgets.dailyTokens} tokens is spent; pages are read again tomorrow (UTC)` };
  return { tokens: Math.min(budgets.pageTokens, left) };
}
