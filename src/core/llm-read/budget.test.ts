import { describe, expect, it } from 'vitest';
import { chargeTokens, dayOf, pageAllowance, spentToday } from './budget';

const DAY = Date.UTC(2026, 10, 25, 12);
const NEXT_DAY = Date.UTC(2026, 10, 26, 0, 0, 1);
const budgets = { pageTokens: 6_000, dailyTokens: 20_000 };

describe('token budgets', () => {
  it('counts tokens per UTC day and starts afresh the next day', () => {
    let usage = chargeTokens(undefined, DAY, 5_000);
    usage = chargeTokens(usage, DAY + 1_000, 2_500.4);
    expect(usage).toEqual({ day: '2026-11-25', tokens: 7_500 });
    expect(spentToday(usage, NEXT_DAY)).toBe(0);
    expect(chargeTokens(usage, NEXT_DAY, 100)).toEqual({ day: dayOf(NEXT_DAY), tokens: 100 });
  });

  it('gives a page its own budget while the day has more left', () => {
    expect(pageAllowance(budgets, { day: '2026-11-25', tokens: 10_000 }, DAY)).toEqual({ tokens: 6_000 });
  });

  it('gives a page only what is left of the day', () => {
    expect(pageAllowance(budgets, { day: '2026-11-25', tokens: 17_000 }, DAY)).toEqual({ tokens: 3_000 });
  });

  it('gives nothing, with the reason, once the day is spent', () => {
    const allowance = pageAllowance(budgets, { day: '2026-11-25', tokens: 20_000 }, DAY);
    expect(allowance.tokens).toBe(0);
    expect(allowance.reason).toMatch(/today's LLM budget of 20000 tokens is spent/);
    expect(pageAllowance(budgets, { day: '2026-11-25', tokens: 20_000 }, NEXT_DAY)).toEqual({ tokens: 6_000 });
  });

  it('ignores negative charges', () => {
    expect(chargeTokens({ day: '2026-11-25', tokens: 10 }, DAY, -50)).toEqual({ day: '2026-11-25', tokens: 10 });
  });
});
