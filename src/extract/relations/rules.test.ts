import { describe, expect, it } from 'vitest';
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { classifyRelations } from './extract';
import { RELATION_CLASSES } from './labels';
import type { RelationModel } from './model';

/** A model that never relates anything: only the rules speak. */
const silent: RelationModel = { bits: 4, scale: 1, weights: new Float32Array(16 * RELATION_CLASSES.length), classes: RELATION_CLASSES.length };

function rel(text: string, names: ReadonlyArray<[string, EntityType]>): string[] {
  const ms: Mention[] = names.map(([name, type]) => {
    const start = text.indexOf(name);
    return { text: name, type, start, end: start + name.length, score: 1 };
  });
  return classifyRelations(text, ms, (m) => ({ name: m.text, type: m.type }), { model: silent }).relations.map((r) => `${r.from} ${r.label} ${r.to}`).sort();
}

describe('trigger rules', () => {
  it('reads CEOs and other roles', () => {
    expect(rel('"We are reinventing jobs," said Vivek Ravisankar, co-founder and CEO of HackerRank.', [['Vivek Ravisankar', 'person'], ['HackerRank', 'company']])).toEqual(['Vivek Ravisankar ceo_of HackerRank']);
    expect(rel('Agari, led by CEO Patrick Peterson, raised $22 million.', [['Agari', 'company'], ['Patrick Peterson', 'person']])).toEqual(['Patrick Peterson ceo_of Agari']);
    expect(rel('said Che Horder, Director of Analytics at Instacart.', [['Che Horder', 'person'], ['Instacart', 'company']])).toEqual(['Che Horder works_for Instacart']);
  });

  it('reads acquisitions in both voices, and not when hedged', () => {
    expect(rel('Stripe acquired Paystack in 2020.', [['Stripe', 'company'], ['Paystack', 'company']])).toEqual(['Stripe acquired Paystack']);
    expect(rel('Paystack was bought by Stripe.', [['Paystack', 'company'], ['Stripe', 'company']])).toEqual(['Stripe acquired Paystack']);
    expect(rel('Stripe is in talks to acquire Paystack.', [['Stripe', 'company'], ['Paystack', 'company']])).toEqual([]);
    expect(rel('Fabrikam and Contoso were both at the show.', [['Fabrikam', 'company'], ['Contoso', 'company']])).toEqual([]);
  });

  it('reads investments in both directions', () => {
    expect(rel('HackerRank raised $3 million from Khosla Ventures.', [['HackerRank', 'company'], ['Khosla Ventures', 'company']])).toEqual(['Khosla Ventures invested_in HackerRank']);
    expect(rel('Sequoia invested in Stripe.', [['Sequoia', 'company'], ['Stripe', 'company']])).toEqual(['Sequoia invested_in Stripe']);
  });

  it('reads competitors, partners and customers, with listed names', () => {
    expect(rel('Microsoft competes with Google.', [['Microsoft', 'company'], ['Google', 'company']])).toEqual(['Microsoft competes_with Google']);
    expect(rel('CTEC and HackerRank are working together to help.', [['CTEC', 'company'], ['HackerRank', 'company']])).toEqual(['CTEC partners_with HackerRank']);
    expect(rel("Segment's customers -- including Instacart, Trunk Club, and Udacity -- use it.", [['Segment', 'company'], ['Instacart', 'company'], ['Trunk Club', 'company'], ['Udacity', 'company']]))
      .toEqual(['Instacart customer_of Segment', 'Trunk Club customer_of Segment', 'Udacity customer_of Segment']);
  });

  it('does not relate names across reported speech', () => {
    expect(rel('Acme is growing, said Ada Lovelace.', [['Acme', 'company'], ['Ada Lovelace', 'person']])).toEqual([]);
  });
});

describe('trigger rules: founders', () => {
  it('reads a founder as founded_by, not as an employee', () => {
    expect(rel('Later Donovan co-founded Maker Studios.', [['Donovan', 'person'], ['Maker Studios', 'company']])).toEqual(['Maker Studios founded_by Donovan']);
  });
});

describe('trigger rules: makers and users', () => {
  it('reads develops and uses with the maker or user first, not in the passive', () => {
    expect(rel('So, HackerRank developed another product, CodePair, in 2013.', [['HackerRank', 'company'], ['CodePair', 'product']])).toEqual(['HackerRank develops CodePair']);
    expect(rel('We decided to adopt NSQ at Segment; Segment adopted NSQ.', [['Segment', 'company'], ['NSQ', 'technology']])).toEqual([]);
    expect(rel('Segment adopted NSQ in 2014.', [['Segment', 'company'], ['NSQ', 'technology']])).toEqual(['Segment uses NSQ']);
    expect(rel('NSQ is used by Segment.', [['NSQ', 'technology'], ['Segment', 'company']])).toEqual([]);
  });
});

describe('trigger rules: makers and users, the verb right after the subject', () => {
  it('does not read a verb of another clause', () => {
    expect(rel('Rez gets the VR treatment to help launch the PSVR.', [['VR', 'company'], ['PSVR', 'product']])).toEqual([]);
    expect(rel('It brings to JS what is used in HTTP.', [['JS', 'technology'], ['HTTP', 'technology']])).toEqual([]);
    expect(rel('Apple today released iOS 17.', [['Apple', 'company'], ['iOS', 'technology']])).toEqual(['Apple develops iOS']);
  });
});
