import { describe, expect, it } from 'vitest';
import { MAX_MENTIONED_WITH_PER_PAGE, MENTIONED_WITH, mergeRelations } from './cooccurrence';

describe('mergeRelations', () => {
  const pattern = { from: 'Stripe', to: 'Paystack', label: 'acquired', snippet: 'Stripe acquired Paystack.', origin: 'text' as const };

  it('keeps the patterns where they and the classifier speak of one pair', () => {
    const classified = [
      {
        from: 'Paystack',
        to: 'Stripe',
        label: 'subsidiary_of',
        snippet: 's',
        origin: 'text' as const,
        confidence: 0.9,
        by: 'classifier' as const,
      },
    ];
    expect(mergeRelations([pattern], classified, [])).toEqual([]);
  });

  it('links co-mentioned pairs with no typed relation as mentioned_with, with the sentence', () => {
    const classified = [
      {
        from: 'Ada',
        to: 'Stripe',
        label: 'works_for',
        snippet: 'Ada, at Stripe.',
        origin: 'text' as const,
        confidence: 0.8,
        by: 'classifier' as const,
      },
    ];
    const out = mergeRelations([pattern], classified, [
      { a: 'Stripe', b: 'Paystack', snippet: 'x' },
      { a: 'Stripe', b: 'Ada', snippet: 'y' },
      { a: 'Ada', b: 'Lagos', snippet: 'Ada moved to Lagos.' },
    ]);
    expect(out).toEqual([
      classified[0],
      { from: 'Ada', to: 'Lagos', label: MENTIONED_WITH, snippet: 'Ada moved to Lagos.', origin: 'text' },
    ]);
  });

  it('bounds mentioned_with per page', () => {
    const co = Array.from({ length: 50 }, (_, i) => ({ a: `A${i}`, b: `B${i}`, snippet: 's' }));
    expect(mergeRelations([], [], co)).toHaveLength(MAX_MENTIONED_WITH_PER_PAGE);
  });
});
