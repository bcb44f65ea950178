import { describe, expect, it } from 'vitest';
import { rulesRead } from '../../../tooling/testing/relation-rules';
import type { EntityType } from '../../core/graph/types';
import { tokenize, type Span } from './features';
import { amountsAsOne, describedFrom, pluralAfter } from './rules';
import { foundedPassive } from './rules-titles';

const ORG: readonly [string, EntityType] = ['Kestrel', 'company'];
const ADA: readonly [string, EntityType] = ['Ada Quinn', 'person'];
const BO: readonly [string, EntityType] = ['Bo Marlow', 'person'];
const CY: readonly [string, EntityType] = ['Cy Feld', 'person'];

const words = (s: string) => tokenize(s).map((t) => t.text);

/** The token span of `name` in `text` (its first occurrence). */
function span(text: string, name: string, type: Span['type']): Span {
  const tokens = tokenize(text);
  const at = text.indexOf(name);
  const start = tokens.findIndex((t) => t.start >= at);
  const end = tokens.findIndex((t) => t.start >= at + name.length);
  return { start, end: end < 0 ? tokens.length : end, type };
}

describe('lists, noun phrases and passives (the shapes any trigger shares)', () => {
  it('gives a plural apposition or relative clause to every name coordinated before it', () => {
    expect(rulesRead('Ada Quinn and Bo Marlow, the co-founders of Kestrel, met at school.', [ORG, ADA, BO])).toEqual([
      'Kestrel founded_by Ada Quinn',
      'Kestrel founded_by Bo Marlow',
    ]);
    expect(rulesRead('Ada Quinn, Cy Feld and Bo Marlow, who co-founded Kestrel, met at school.', [ORG, ADA, BO, CY])).toEqual([
      'Kestrel founded_by Ada Quinn',
      'Kestrel founded_by Bo Marlow',
      'Kestrel founded_by Cy Feld',
    ]);
    expect(rulesRead('Ada Quinn and Bo Marlow, both engineers at Kestrel, spoke.', [ORG, ADA, BO])).toEqual([
      'Ada Quinn works_for Kestrel',
      'Bo Marlow works_for Kestrel',
    ]);
  });

  it("gives an owner's plural role and a passive maker to every name of the list", () => {
    expect(rulesRead("Ada Quinn and Bo Marlow, Kestrel's co-founders, spoke.", [ORG, ADA, BO])).toEqual([
      'Kestrel founded_by Ada Quinn',
      'Kestrel founded_by Bo Marlow',
    ]);
    expect(rulesRead('Gizmo and Widget are made by Kestrel.', [ORG, ['Gizmo', 'product'], ['Widget', 'product']])).toEqual([
      'Kestrel develops Gizmo',
      'Kestrel develops Widget',
    ]);
  });

  it('keeps a singular apposition or relative clause to the last name', () => {
    expect(rulesRead('Ada Quinn and Bo Marlow, the chief executive of Kestrel, spoke.', [ORG, ADA, BO])).toEqual([
      'Bo Marlow ceo_of Kestrel',
    ]);
    expect(rulesRead('I met Ada Quinn and Bo Marlow, who runs Kestrel.', [ORG, ADA, BO])).toEqual(['Bo Marlow works_for Kestrel']);
    const text = 'Ada Quinn and Bo Marlow, who was an engineer at Kestrel, spoke.';
    expect(pluralAfter(tokenize(text), span(text, 'Bo Marlow', 'per'))).toBe(false);
  });

  it('reads a founding verb in the passive with every founder its "by" lists', () => {
    expect(rulesRead('Kestrel was established in 2010 by Ada Quinn, Bo Marlow and Cy Feld.', [ORG, ADA, BO, CY])).toEqual([
      'Kestrel founded_by Ada Quinn',
      'Kestrel founded_by Bo Marlow',
      'Kestrel founded_by Cy Feld',
    ]);
    expect(rulesRead('Kestrel, set up by Ada Quinn and Bo Marlow, sells maps.', [ORG, ADA, BO])).toEqual([
      'Kestrel founded_by Ada Quinn',
      'Kestrel founded_by Bo Marlow',
    ]);
    expect(foundedPassive(words('was incorporated in Delaware by'))).toBe(true);
    // A verb of starting that another "by" or a clause parts from the founder, or that founds nothing.
    expect(foundedPassive(words('was started , according to a filing by'))).toBe(false);
    expect(foundedPassive(words('was praised by'))).toBe(false);
    expect(rulesRead('Kestrel was praised by Ada Quinn.', [ORG, ADA])).toEqual([]);
  });

  it('does not relate two names a verb with its own object follows, but every one of them to that object', () => {
    const rivals = rulesRead('Kestrel, Finchly and Tailspin compete with Fabrikam.', [
      ORG,
      ['Finchly', 'company'],
      ['Tailspin', 'company'],
      ['Fabrikam', 'company'],
    ]);
    expect(rivals).toEqual(['Finchly competes_with Fabrikam', 'Kestrel competes_with Fabrikam', 'Tailspin competes_with Fabrikam']);
    expect(rulesRead('Kestrel and Finchly compete with each other.', [ORG, ['Finchly', 'company']])).toEqual([
      'Kestrel competes_with Finchly',
    ]);
  });

  it('reads the words describing an organization as its noun phrase, not as words between the names', () => {
    const us: readonly [string, EntityType] = ['Brightwater', 'location'];
    expect(
      rulesRead('Ada Quinn, director of talent search at Brightwater-based cloud and storage software company Kestrel, says so.', [
        ORG,
        ADA,
        us,
      ]),
    ).toEqual(['Ada Quinn works_for Kestrel']);
    // A clause is no apposition: its words stay between the names.
    expect(
      rulesRead('Ada Quinn, who visited the big new offices and met the staff of the software company Kestrel, says so.', [ORG, ADA]),
    ).toEqual([]);
    const text = 'a director at the fast-growing software company Kestrel';
    expect(describedFrom(tokenize(text), span(text, 'Kestrel', 'org'))).toBe(4);
  });

  it("reads an acquisition's passive whatever type recognition gave the bought name", () => {
    const thing: readonly [string, EntityType] = ['Kestrel', 'product'];
    const buyer: readonly [string, EntityType] = ['Fabrikam', 'company'];
    expect(rulesRead('Kestrel has announced that its assets have been acquired by Fabrikam.', [thing, buyer])).toEqual([
      'Fabrikam acquired Kestrel',
    ]);
    expect(rulesRead('Kestrel was praised by Fabrikam in 2019.', [thing, buyer])).toEqual([]);
    // The name qualifies the clause's noun: what was bought is that noun's.
    expect(rulesRead('Ada runs a Kestrel channel that was acquired by Fabrikam.', [thing, buyer])).toEqual([]);
  });

  it('counts an amount of money as one word of the clause between two names', () => {
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
