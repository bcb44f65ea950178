import { describe, expect, it } from 'vitest';
import { rulesRead } from '../../../tooling/testing/relation-rules';
import type { EntityType } from '../../core/graph/types';
import { tokenize } from './features';
import { amountsAsOne } from './rules';

const ORG: readonly [string, EntityType] = ['Kestrel', 'company'];
const ADA: readonly [string, EntityType] = ['Ada Quinn', 'person'];
const BO: readonly [string, EntityType] = ['Bo Marlow', 'person'];

describe('clauses measured in phrases, and an opening "At X," (shapes any trigger shares)', () => {
  it('counts an amount of money as one word of the clause between two names, and every investor the list names', () => {
    const fund: readonly [string, EntityType] = ['Fabrikam Fund', 'company'];
    expect(
      rulesRead('Kestrel, which has since raised over $180 million from investors that include the Fabrikam Fund, Ada Quinn, and a bank.', [
        ORG,
        fund,
        ADA,
      ]),
    ).toEqual(['Ada Quinn invested_in Kestrel', 'Fabrikam Fund invested_in Kestrel']);
    expect(amountsAsOne(tokenize('raised over $180.5 million from'), 0, 8)).toBe(4);
    // Words are words: a long clause stays too long.
    expect(amountsAsOne(tokenize('raised over a great many of the dollars from'), 0, 9)).toBe(9);
    expect(
      rulesRead('Kestrel, which has since raised over a great many of the dollars it wanted from investors like the Fabrikam Fund.', [
        ORG,
        fund,
      ]),
    ).toEqual([]);
  });

  it('reads the organization a sentence opens with ("At …,") as the employer of the subject who does a job there', () => {
    expect(rulesRead('At Kestrel, Ada Quinn leads the maps team.', [ORG, ADA])).toEqual(['Ada Quinn works_for Kestrel']);
    expect(rulesRead('Ada Quinn joined in 2001. At Kestrel, starting in 2010, she headed the survey team.', [ORG, ADA])).toEqual([
      'Ada Quinn works_for Kestrel',
    ]);
    // A visit or an announcement there is no job; nor is a place named later in the sentence.
    expect(rulesRead('At Kestrel, Ada Quinn announced a new phone.', [ORG, ADA])).toEqual([]);
    expect(rulesRead('Ada Quinn spoke at Kestrel, and Bo Marlow led the way.', [ORG, ADA, BO])).toEqual([]);
  });
});
