import { describe, expect, it } from 'vitest';
import { mergeOutcome, mergeQuestion, namedWithType, typeWarning } from './merge-words';

describe('merge wording', () => {
  it('the chat proposal names both entities with their types, the kept one first', () => {
    const text = mergeQuestion({ name: 'HackerRank', type: 'company' }, { name: 'HackerRank', type: 'person' });
    expect(text).toBe(
      'Keep “HackerRank” (company), and remove “HackerRank” (person), folding it into the kept one? ' +
        'They have different types (company, person): check that they are one thing. Nothing changes until you confirm.',
    );
  });

  it('warns about types only when both are known and differ', () => {
    expect(typeWarning({ name: 'Stripe', type: 'company' }, { name: 'Stripe, Inc.', type: 'company' })).toBeUndefined();
    expect(typeWarning({ name: 'Stripe' }, { name: 'Stripe', type: 'person' })).toBeUndefined();
    expect(mergeQuestion({ name: 'Stripe', type: 'company' }, { name: 'Stripe, Inc.', type: 'company' })).not.toContain('different types');
  });

  it('the outcome says which was kept and which removed, each with its type', () => {
    expect(mergeOutcome({ name: 'Bob Dylan', type: 'person' }, { name: 'Dylan', type: 'person' })).toBe(
      'Merged: kept “Bob Dylan” (person), removed “Dylan” (person) and folded it in.',
    );
    expect(namedWithType({ name: 'Dylan' })).toBe('“Dylan”');
  });
});
