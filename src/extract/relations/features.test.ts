import { describe, expect, it } from 'vitest';
import { pairFeatures, tokenize } from './features';

describe('tokenize', () => {
  it('splits a possessive as Re-DocRED does and folds quotes and digits', () => {
    expect(tokenize('Apple’s CEO said 2016.').map((t) => t.text)).toEqual(['apple', "'", 's', 'ceo', 'said', '0000', '.']);
  });

  it('keeps character spans of the original text', () => {
    const [first, second] = tokenize('  Stripe acquired');
    expect(first).toEqual({ text: 'stripe', start: 2, end: 8 });
    expect(second?.start).toBe(9);
  });
});

describe('pairFeatures', () => {
  const tokens = tokenize('Stripe was founded by Patrick Collison');
  const org = { start: 0, end: 1, type: 'org' as const };
  const per = { start: 4, end: 6, type: 'per' as const };

  it('is deterministic and inside the table', () => {
    const f = pairFeatures(tokens, org, per, [], 10);
    expect(pairFeatures(tokens, org, per, [], 10)).toEqual(f);
    for (const b of f) expect(b >= 0 && b < 1024).toBe(true);
  });

  it('differs when the two names of the pair swap places', () => {
    const forward = new Set(pairFeatures(tokens, org, per, [], 16));
    const backward = new Set(pairFeatures(tokens, per, org, [], 16));
    const shared = [...forward].filter((b) => backward.has(b)).length;
    // Only the bias bucket (and chance collisions) are shared.
    expect(shared).toBeLessThanOrEqual(2);
  });

  it('sees the words between the names', () => {
    const other = tokenize('Stripe was acquired by Patrick Collison');
    expect(pairFeatures(other, org, per, [], 16)).not.toEqual(pairFeatures(tokens, org, per, [], 16));
  });
});
