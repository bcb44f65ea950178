import { describe, expect, it } from 'vitest';
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { cpuMs } from '../../../tooling/testing/cpu-time';
import { findTextRelations } from './text-relations';

/** Every occurrence of each known name in `text` as a mention (longest names first, no overlaps). */
function mentionsOf(text: string, names: Record<string, EntityType>): Mention[] {
  const mentions: Mention[] = [];
  const taken: boolean[] = [];
  for (const name of Object.keys(names).sort((a, b) => b.length - a.length)) {
    const type = names[name] ?? 'other';
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
      if (taken.slice(at, at + name.length).some(Boolean)) continue;
      for (let i = at; i < at + name.length; i += 1) taken[i] = true;
      mentions.push({ text: name, type, start: at, end: at + name.length, score: 0.9 });
    }
  }
  return mentions;
}

function relationsIn(text: string, names: Record<string, EntityType>): string[] {
  return findTextRelations(text, mentionsOf(text, names), (m) => ({ name: m.text, type: m.type })).map(
    (r) => `${r.from} ${r.label} ${r.to}`,
  );
}

/** Names relation finding looks up (calls of its resolve callback) on `text`: its work, counted. */
function lookupsIn(text: string, names: Record<string, EntityType>): number {
  let looks = 0;
  findTextRelations(text, mentionsOf(text, names), (m) => {
    looks += 1;
    return { name: m.text, type: m.type };
  });
  return looks;
}

const ORGS = {
  Stripe: 'company',
  Paystack: 'company',
  Google: 'company',
  Waze: 'company',
  Microsoft: 'company',
  GitHub: 'company',
  Oracle: 'company',
  Alphabet: 'company',
} as const;
const PEOPLE = { 'Patrick Collison': 'person', 'John Collison': 'person', 'Jane Roe': 'person', 'Sundar Pichai': 'person' } as const;
const PLACES = { 'San Francisco': 'location', Dublin: 'location', Lagos: 'location' } as const;
const TECH = { Ruby: 'technology', Go: 'technology', Rust: 'technology' } as const;
const ALL = { ...ORGS, ...PEOPLE, ...PLACES, ...TECH } as const;

describe('findTextRelations', () => {
  it('pairs non-adjacent names of one sentence through an appositive and a skipped name of another type', () => {
    expect(relationsIn('Stripe, the San Francisco payments company, acquired Paystack in 2020.', ALL)).toEqual([
      'Stripe acquired Paystack',
    ]);
  });

  it('lets a few adverbs and date words stand between the subject and the verb', () => {
    expect(relationsIn('Stripe in 2020 quietly acquired the Nigerian startup Paystack.', ALL)).toEqual(['Stripe acquired Paystack']);
  });

  it('gives coordinated objects the same relation (founded by A and B)', () => {
    expect(relationsIn('Stripe was founded by Patrick Collison and John Collison in 2010.', ALL)).toEqual([
      'Stripe founded_by Patrick Collison',
      'Stripe founded_by John Collison',
    ]);
  });

  it('reads title-before-name and possessive forms', () => {
    expect(relationsIn('Google CEO Sundar Pichai spoke first.', ALL)).toEqual(['Sundar Pichai ceo_of Google']);
    expect(relationsIn("Microsoft's CEO, Jane Roe, spoke.", ALL)).toEqual(['Jane Roe ceo_of Microsoft']);
    expect(relationsIn('Stripe co-founder John Collison spoke.', ALL)).toEqual(['Stripe founded_by John Collison']);
  });

  it('reads headquarters, based-in, uses, subsidiaries, competition and joining with their type checks', () => {
    expect(relationsIn('Stripe is headquartered in San Francisco and Dublin.', ALL)).toEqual([
      'Stripe located_in San Francisco',
      'Stripe located_in Dublin',
    ]);
    expect(relationsIn('The Lagos-based Paystack grew fast.', ALL)).toEqual(['Paystack located_in Lagos']);
    // The reporter is based there, not the newsroom she writes for.
    expect(relationsIn('Jane Roe is the Asia editor for Stripe, based in Dublin.', ALL)).toEqual([]);
    expect(relationsIn('Stripe, based in Dublin, hired Jane Roe.', ALL)).toEqual(['Stripe located_in Dublin']);
    expect(relationsIn('Stripe is built with Ruby.', ALL)).toEqual(['Stripe uses Ruby']);
    expect(relationsIn('Waze, a subsidiary of Alphabet, maps roads.', ALL)).toEqual(['Waze subsidiary_of Alphabet']);
    expect(relationsIn('Microsoft competes directly with Oracle.', ALL)).toEqual(['Microsoft competes_with Oracle']);
    expect(relationsIn('Jane Roe joined Stripe as an engineer.', ALL)).toEqual(['Stripe employs Jane Roe']);
  });

  it('regression: negation and modality do not assert a relation', () => {
    expect(relationsIn('Google has not acquired Waze.', ALL)).toEqual([]);
    expect(relationsIn('Microsoft would never have acquired GitHub.', ALL)).toEqual([]);
    expect(relationsIn('Oracle could have bought Stripe.', ALL)).toEqual([]);
  });

  it('regression: stakes, assets and possessives are not the acquired company', () => {
    expect(relationsIn('Google acquired a stake in Stripe.', ALL)).toEqual([]);
    expect(relationsIn('Microsoft acquired the assets of GitHub.', ALL)).toEqual([]);
    expect(relationsIn("Microsoft acquired Google's Waze.", ALL)).toEqual([]);
  });

  it('regression: a clause change or a sentence break separates the names', () => {
    expect(relationsIn('Google, unlike Microsoft, acquired Waze.', ALL)).toEqual([]);
    expect(relationsIn('Google grew. Acquired Waze was a headline.', ALL)).toEqual([]);
    expect(relationsIn('Jane Roe, who met Patrick Collison, joined Stripe.', ALL)).toEqual([]);
  });

  it('reads combined titles ("CEO and co-founder of X") as both relations', () => {
    expect(relationsIn('Jane Roe, CEO and co-founder of Stripe, spoke.', ALL).sort()).toEqual([
      'Jane Roe ceo_of Stripe',
      'Stripe founded_by Jane Roe',
    ]);
  });

  it('regression: a comma list without "and" is an apposition, not more objects; all-caps "people" are slips', () => {
    const names = { ...ALL, 'Inc.': 'company', MD: 'person' } as const;
    expect(relationsIn('Jane Roe, founder of Stripe, Inc., spoke.', names)).toEqual(['Stripe founded_by Jane Roe']);
    expect(relationsIn('John Collison, MD, president of Stripe, spoke.', names)).toEqual([]);
    expect(relationsIn('Jane Roe founded the Dublin-based startup.', { ...names, 'Dublin-based': 'company' })).toEqual([]);
  });

  it('regression: a department named before the organization is not the employer', () => {
    expect(relationsIn('Jane Roe, director of Oracle at Microsoft, spoke.', ALL)).toEqual([]);
  });

  it('regression: types must fit the relation', () => {
    // A person does not acquire, a place is not a technology, a company does not join a company.
    expect(relationsIn('Jane Roe acquired Stripe.', ALL)).toEqual([]);
    expect(relationsIn('Stripe uses San Francisco.', ALL)).toEqual([]);
    expect(relationsIn('Stripe joined Google.', ALL)).toEqual([]);
    expect(relationsIn('Stripe was founded by Google.', ALL)).toEqual([]);
  });

  it('stays bounded on a long text full of anchors', () => {
    // Work counter, at n and 4n sentences (under the cap on anchors per pattern, so every anchor counts):
    // each anchor looks up the names next to it, so 4× the text is ~4× the lookups; an argument search
    // that walks back over every earlier name gives ~16×.
    const sentence = 'Google acquired Waze. ';
    expect(lookupsIn(sentence.repeat(400), ALL)).toBeLessThanOrEqual(5 * lookupsIn(sentence.repeat(100), ALL));
    // CPU time for what no counter sees (a pattern backtracking over 110k characters); well under 0.1 s idle.
    let out: string[] = [];
    const ms = cpuMs(() => {
      out = relationsIn(sentence.repeat(5_000), ALL);
    });
    expect(out).toEqual(['Google acquired Waze']);
    expect(ms).toBeLessThan(2_000);
  });
});

describe('findTextRelations: roles that are over', () => {
  it('reads no job once held or held until a date, and keeps a present one', () => {
    const names = { Stripe: 'company', 'Jane Roe': 'person' } as const;
    expect(relationsIn('Jane Roe once worked at Stripe.', names)).toEqual([]);
    expect(relationsIn('Jane Roe was a researcher at Stripe until 2019.', names)).toEqual([]);
    expect(relationsIn('Jane Roe, CEO of Stripe from 2001 to 2009, spoke.', names)).toEqual([]);
    expect(relationsIn('Jane Roe works at Stripe.', names)).toEqual(['Stripe employs Jane Roe']);
  });
});
