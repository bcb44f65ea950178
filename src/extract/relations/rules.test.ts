import { describe, expect, it } from 'vitest';
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { classifyRelations } from './extract';
import { RELATION_CLASSES } from './labels';
import type { RelationModel } from './model';

/** A model that never relates anything: only the rules speak. */
const silent: RelationModel = {
  bits: 4,
  scale: 1,
  weights: new Float32Array(16 * RELATION_CLASSES.length),
  classes: RELATION_CLASSES.length,
};

function rel(text: string, names: ReadonlyArray<[string, EntityType]>): string[] {
  const ms: Mention[] = names.map(([name, type]) => {
    const start = text.indexOf(name);
    return { text: name, type, start, end: start + name.length, score: 1 };
  });
  return classifyRelations(text, ms, (m) => ({ name: m.text, type: m.type }), { model: silent })
    .relations.map((r) => `${r.from} ${r.label} ${r.to}`)
    .sort();
}

describe('trigger rules', () => {
  it('reads CEOs and other roles', () => {
    expect(
      rel('"We are reinventing jobs," said Vivek Ravisankar, co-founder and CEO of HackerRank.', [
        ['Vivek Ravisankar', 'person'],
        ['HackerRank', 'company'],
      ]),
    ).toEqual(['HackerRank founded_by Vivek Ravisankar', 'Vivek Ravisankar ceo_of HackerRank']);
    expect(
      rel('Agari, led by CEO Patrick Peterson, raised $22 million.', [
        ['Agari', 'company'],
        ['Patrick Peterson', 'person'],
      ]),
    ).toEqual(['Patrick Peterson ceo_of Agari']);
    expect(
      rel('said Che Horder, Director of Analytics at Instacart.', [
        ['Che Horder', 'person'],
        ['Instacart', 'company'],
      ]),
    ).toEqual(['Che Horder works_for Instacart']);
  });

  it('reads acquisitions in both voices, and not when hedged', () => {
    expect(
      rel('Stripe acquired Paystack in 2020.', [
        ['Stripe', 'company'],
        ['Paystack', 'company'],
      ]),
    ).toEqual(['Stripe acquired Paystack']);
    expect(
      rel('Paystack was bought by Stripe.', [
        ['Paystack', 'company'],
        ['Stripe', 'company'],
      ]),
    ).toEqual(['Stripe acquired Paystack']);
    expect(
      rel('Stripe is in talks to acquire Paystack.', [
        ['Stripe', 'company'],
        ['Paystack', 'company'],
      ]),
    ).toEqual([]);
    expect(
      rel('Fabrikam and Contoso were both at the show.', [
        ['Fabrikam', 'company'],
        ['Contoso', 'company'],
      ]),
    ).toEqual([]);
  });

  it('reads no investment between the investors of one round, and no partnership from a name in a list', () => {
    const text =
      'Northwind Ventures led the Series D round with participation from existing investors including Alder Ventures, Birch Capital, Cedar Partners and Contoso Partners.';
    expect(
      rel(text, [
        ['Northwind Ventures', 'company'],
        ['Alder Ventures', 'company'],
        ['Birch Capital', 'company'],
        ['Cedar Partners', 'company'],
        ['Contoso Partners', 'company'],
      ]),
    ).toEqual([]);
  });

  it('reads investments in both directions', () => {
    expect(
      rel('HackerRank raised $3 million from Khosla Ventures.', [
        ['HackerRank', 'company'],
        ['Khosla Ventures', 'company'],
      ]),
    ).toEqual(['Khosla Ventures invested_in HackerRank']);
    expect(
      rel('Sequoia invested in Stripe.', [
        ['Sequoia', 'company'],
        ['Stripe', 'company'],
      ]),
    ).toEqual(['Sequoia invested_in Stripe']);
  });

  it('reads competitors, partners and customers, with listed names', () => {
    expect(
      rel('Microsoft competes with Google.', [
        ['Microsoft', 'company'],
        ['Google', 'company'],
      ]),
    ).toEqual(['Microsoft competes_with Google']);
    expect(
      rel('CTEC and HackerRank are working together to help.', [
        ['CTEC', 'company'],
        ['HackerRank', 'company'],
      ]),
    ).toEqual(['CTEC partners_with HackerRank']);
    expect(
      rel('Fabrikam partnered with Contoso on chips.', [
        ['Fabrikam', 'company'],
        ['Contoso', 'company'],
      ]),
    ).toEqual(['Fabrikam partners_with Contoso']);
    expect(
      rel('At Fabrikam, two of the five partners are women, and at Contoso, three.', [
        ['Fabrikam', 'company'],
        ['Contoso', 'company'],
      ]),
    ).toEqual([]);
    expect(
      rel("Segment's customers -- including Instacart, Trunk Club, and Udacity -- use it.", [
        ['Segment', 'company'],
        ['Instacart', 'company'],
        ['Trunk Club', 'company'],
        ['Udacity', 'company'],
      ]),
    ).toEqual(['Instacart customer_of Segment', 'Trunk Club customer_of Segment', 'Udacity customer_of Segment']);
  });

  it('does not relate names across reported speech', () => {
    expect(
      rel('Acme is growing, said Ada Lovelace.', [
        ['Acme', 'company'],
        ['Ada Lovelace', 'person'],
      ]),
    ).toEqual([]);
  });
});

describe('trigger rules: founders', () => {
  it('reads a founder as founded_by, not as an employee', () => {
    expect(
      rel('Later Donovan co-founded Maker Studios.', [
        ['Donovan', 'person'],
        ['Maker Studios', 'company'],
      ]),
    ).toEqual(['Maker Studios founded_by Donovan']);
  });
});

describe('trigger rules: makers and users', () => {
  it('reads develops and uses with the maker or user first, not in the passive', () => {
    expect(
      rel('So, HackerRank developed another product, CodePair, in 2013.', [
        ['HackerRank', 'company'],
        ['CodePair', 'product'],
      ]),
    ).toEqual(['HackerRank develops CodePair']);
    expect(
      rel('We decided to adopt NSQ at Segment; Segment adopted NSQ.', [
        ['Segment', 'company'],
        ['NSQ', 'technology'],
      ]),
    ).toEqual([]);
    expect(
      rel('Segment adopted NSQ in 2014.', [
        ['Segment', 'company'],
        ['NSQ', 'technology'],
      ]),
    ).toEqual(['Segment uses NSQ']);
    expect(
      rel('NSQ is used by Segment.', [
        ['NSQ', 'technology'],
        ['Segment', 'company'],
      ]),
    ).toEqual([]);
  });
});

describe('trigger rules: makers and users, the verb right after the subject', () => {
  it('does not read a verb of another clause', () => {
    expect(
      rel('Rez gets the VR treatment to help launch the PSVR.', [
        ['VR', 'company'],
        ['PSVR', 'product'],
      ]),
    ).toEqual([]);
    expect(
      rel('It brings to JS what is used in HTTP.', [
        ['JS', 'technology'],
        ['HTTP', 'technology'],
      ]),
    ).toEqual([]);
    expect(
      rel('Apple today released iOS 17.', [
        ['Apple', 'company'],
        ['iOS', 'technology'],
      ]),
    ).toEqual(['Apple develops iOS']);
  });
});

describe('trigger rules: jobs in appositions', () => {
  it('reads a job after a comma and "at", and a role after the organization', () => {
    expect(
      rel('“It takes years,” said Ada Quinn, an astronomer at Ridgeway University, in an interview.', [
        ['Ada Quinn', 'person'],
        ['Ridgeway University', 'company'],
      ]),
    ).toEqual(['Ada Quinn works_for Ridgeway University']);
    expect(
      rel('said Lena Ortiz, now a physical oceanographer at Coastline Institute.', [
        ['Lena Ortiz', 'person'],
        ['Coastline Institute', 'company'],
      ]),
    ).toEqual(['Lena Ortiz works_for Coastline Institute']);
    expect(
      rel('commented Omar Reyes, Fabrikam’s head of channel for EMEA.', [
        ['Omar Reyes', 'person'],
        ['Fabrikam', 'company'],
      ]),
    ).toEqual(['Omar Reyes works_for Fabrikam']);
    expect(
      rel('explains Ivo Berg, Contoso VP of cloud technologies.', [
        ['Ivo Berg', 'person'],
        ['Contoso', 'company'],
      ]),
    ).toEqual(['Ivo Berg works_for Contoso']);
  });

  it('reads "a professor of planning" as a job, and still not a plan', () => {
    expect(
      rel('said Rita Moss, a research professor of planning and public administration at Ridgeway University.', [
        ['Rita Moss', 'person'],
        ['Ridgeway University', 'company'],
      ]),
    ).toEqual(['Rita Moss works_for Ridgeway University']);
    expect(
      rel('Stripe is planning to acquire Paystack.', [
        ['Stripe', 'company'],
        ['Paystack', 'company'],
      ]),
    ).toEqual([]);
  });

  it('does not read a clause, a critic or a former job as a job', () => {
    expect(
      rel('Ada Quinn, who spoke at Ridgeway University, left.', [
        ['Ada Quinn', 'person'],
        ['Ridgeway University', 'company'],
      ]),
    ).toEqual([]);
    expect(
      rel('Ada Quinn, a critic of Fabrikam, left.', [
        ['Ada Quinn', 'person'],
        ['Fabrikam', 'company'],
      ]),
    ).toEqual([]);
    expect(
      rel('commented Omar Reyes, Fabrikam’s former head of channel.', [
        ['Omar Reyes', 'person'],
        ['Fabrikam', 'company'],
      ]),
    ).toEqual([]);
  });
});

describe('trigger rules: owners and makers', () => {
  it('reads ownership from "-owned", "owns" and "parent company"', () => {
    expect(
      rel('what is happening at Fabrikam-owned Contoso Market, at least.', [
        ['Fabrikam', 'company'],
        ['Contoso Market', 'company'],
      ]),
    ).toEqual(['Contoso Market subsidiary_of Fabrikam']);
    expect(
      rel('Fabrikam owns Tailspin, Northwind and Contoso.', [
        ['Fabrikam', 'company'],
        ['Tailspin', 'product'],
        ['Northwind', 'product'],
        ['Contoso', 'company'],
      ]),
    ).toEqual(['Northwind subsidiary_of Fabrikam', 'Tailspin subsidiary_of Fabrikam']);
    expect(
      rel('The court gave Fabrikam, Tailspin’s Chinese parent company, an ultimatum.', [
        ['Fabrikam', 'company'],
        ['Tailspin', 'product'],
      ]),
    ).toEqual(['Tailspin subsidiary_of Fabrikam']);
  });

  it('reads a maker’s possessive right before its product, and not before a person', () => {
    expect(
      rel('Fabrikam’s Tailspin VR is comfortable.', [
        ['Fabrikam', 'company'],
        ['Tailspin VR', 'product'],
      ]),
    ).toEqual(['Fabrikam develops Tailspin VR']);
    expect(
      rel('Fabrikam’s Ada Quinn spoke.', [
        ['Fabrikam', 'company'],
        ['Ada Quinn', 'person'],
      ]),
    ).toEqual([]);
    expect(
      rel('Fabrikam’s Indian operations grew.', [
        ['Fabrikam', 'company'],
        ['Indian', 'other'],
      ]),
    ).toEqual([]);
  });
});
