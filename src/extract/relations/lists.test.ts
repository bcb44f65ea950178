import { describe, expect, it } from 'vitest';
import { rulesRead } from '../../../tooling/testing/relation-rules';
import type { EntityType } from '../../core/graph/types';
import { tokenize } from './features';
import { amountsAsOne } from './rules';

const ORG: readonly [string, EntityType] = ['Kestrel', 'company'];
const ADA: readonly [string, EntityType] = ['Ada Quinn', 'person'];

describe('a clause measured in phrases, an amount of money one of them (any trigger)', () => {
  it('counts an amount of money as one word of the clause between two names, and every investor the list names', () => {
    const fund: readonly [string, EntityType] = ['Fabrikam Fund', 'company'];
    expect(
      rulesRead('Kestrel, which later raised almost $42.5 million in all from backers like the Fabrikam Fund, Ada Quinn, and a bank.', [
        ORG,
        fund,
        ADA,
      ]),
    ).toEqual(['Ada Quinn invested_in Kestrel', 'Fabrikam Fund invested_in Kestrel']);
    expect(amountsAsOne(tokenize('raised almost $42.5 million in all from'), 0, 10)).toBe(6);
    // Words are words: a long clause stays too long.
    expect(amountsAsOne(tokenize('took a great many of the small checks from'), 0, 9)).toBe(9);
    expect(
      rulesRead('Kestrel, which later took a great many of the small checks it wanted from backers like the Fabrikam Fund.', [ORG, fund]),
    ).toEqual([]);
  });
});
