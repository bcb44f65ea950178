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

describe('a clause measured in phrases, a name between one of them', () => {
  const QUINN: readonly [string, EntityType] = ['Quinn', 'person'];
  const FORCE: readonly [string, EntityType] = ['Harbour Ethics Task Force', 'company'];
  const GUILD: readonly [string, EntityType] = ['Nordic Ferry Guild', 'company'];

  it('counts a name lying between two others as one word, so a long unit name does not part a person from the body above it', () => {
    const said = '“Nothing changed,” says Ms Quinn, who is also co-chair of the Harbour Ethics Task Force at the Nordic Ferry Guild.';
    expect(rulesRead(said, [QUINN, FORCE, GUILD])).toEqual(['Quinn works_for Nordic Ferry Guild']);
    const tokens = tokenize('co-chair of the Harbour Ethics Task Force at the');
    expect(amountsAsOne(tokens, 0, tokens.length, [{ start: 5, end: 9, type: 'org' }])).toBe(tokens.length - 3);
  });

  it('still parts names whose words between are too many, names counted once', () => {
    const long =
      'Ms Quinn, who spent many long and rather quiet years on the boards of the Harbour Ethics Task Force before she joined the Nordic Ferry Guild, smiled.';
    expect(rulesRead(long, [QUINN, FORCE, GUILD])).toEqual([]);
  });

  it('relates a person to an institution named by its head before "for" and to the body it sits in', () => {
    const center: readonly [string, EntityType] = ['Orca Center for Marine Law', 'company'];
    const university: readonly [string, EntityType] = ['Tallin University', 'company'];
    expect(
      rulesRead('“Nothing changed,” said Bo Lind, a senior fellow at the Orca Center for Marine Law at Tallin University.', [
        ['Bo Lind', 'person'],
        center,
        university,
      ]),
    ).toEqual(['Bo Lind works_for Orca Center for Marine Law', 'Bo Lind works_for Tallin University']);
    // A unit that is no institution ("Analytics") stays no employer.
    expect(
      rulesRead('Bo Lind, head of Fleet Analytics at Tallin University, agreed.', [
        ['Bo Lind', 'person'],
        ['Fleet Analytics', 'company'],
        university,
      ]),
    ).toEqual(['Bo Lind works_for Tallin University']);
  });
});
