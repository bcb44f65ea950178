import { describe, expect, it } from 'vitest';
import { silentRelationModel } from '../../../tooling/testing/relation-rules';
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { pageSubject } from './anaphora';
import { classifyRelations } from './extract';

const silent = silentRelationModel;

/** Every occurrence of each name as a mention; the relations the rules read, with their confidence. */
function rel(
  text: string,
  names: ReadonlyArray<[string, EntityType]>,
  publisher?: { name: string; type: EntityType },
  author?: { name: string; type: EntityType },
): { facts: string[]; coMentions: string[]; confidence: number[] } {
  const ms: Mention[] = [];
  for (const [name, type] of names) {
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length))
      ms.push({ text: name, type, start: at, end: at + name.length, score: 1 });
  }
  const out = classifyRelations(text, ms, (m) => ({ name: m.text, type: m.type }), {
    model: silent,
    ...(publisher === undefined ? {} : { publisher }),
    ...(author === undefined ? {} : { author }),
  });
  return {
    facts: out.relations.map((r) => `${r.from} ${r.label} ${r.to}`).sort(),
    coMentions: out.coMentions.map((c) => `${c.a}+${c.b}`),
    confidence: out.relations.map((r) => r.confidence),
  };
}

describe('anaphors: the implicit argument of a sentence', () => {
  it('reads "he" as the only person of the sentence before', () => {
    const text = 'Ada Quinn grew up in Lisbon. In 2016, he co-founded furniture rental firm Fabrikam, which raised money.';
    const out = rel(text, [
      ['Ada Quinn', 'person'],
      ['Lisbon', 'location'],
      ['Fabrikam', 'company'],
    ]);
    expect(out.facts).toEqual(['Fabrikam founded_by Ada Quinn']);
    // Less sure than a named fact, and never a co-mention: the sentence does not name her.
    expect(out.confidence[0]).toBeLessThan(0.75);
    expect(out.coMentions.filter((c) => c.includes('Fabrikam'))).toEqual([]);
  });

  it('reads no "he" when the sentence before named two people', () => {
    const text = 'Ada Quinn met Omar Reyes. He co-founded Fabrikam.';
    expect(
      rel(text, [
        ['Ada Quinn', 'person'],
        ['Omar Reyes', 'person'],
        ['Fabrikam', 'company'],
      ]).facts,
    ).toEqual([]);
  });

  it('reads "he" only in a subject’s place', () => {
    const text = 'Ada Quinn wrote the study. A Ridgeway University chemist saw a result he had never seen.';
    expect(
      rel(text, [
        ['Ada Quinn', 'person'],
        ['Ridgeway University', 'company'],
      ]).facts,
    ).toEqual([]);
  });

  it('reads "the firm" as the page’s organization only where it was named lately', () => {
    const text =
      'Fabrikam grew. Fabrikam hired. Fabrikam moved. Contoso pledged credits. It works. That, said the firm’s executive vice-president Ada Quinn, is fine.';
    expect(
      rel(text, [
        ['Fabrikam', 'company'],
        ['Contoso', 'company'],
        ['Ada Quinn', 'person'],
      ]).facts,
    ).toEqual([]);
  });

  it('reads "we" and "the company" as the organization the page is about', () => {
    const text =
      'Fabrikam moves data. Fabrikam grew. Fabrikam hired. In fact, we decided to adopt Kestrel in the first place. The company also acquired Contoso.';
    expect(
      rel(text, [
        ['Fabrikam', 'company'],
        ['Kestrel', 'technology'],
        ['Contoso', 'company'],
      ]).facts,
    ).toEqual(['Fabrikam acquired Contoso', 'Fabrikam uses Kestrel']);
  });

  it('reads "It" opening a sentence as the name that opened the one before', () => {
    const text = 'Northwind Robotics is a subsidiary of Contoso Group. It offers Pilo, a robot that can carry bags.';
    expect(
      rel(text, [
        ['Northwind Robotics', 'company'],
        ['Contoso Group', 'company'],
        ['Pilo', 'product'],
      ]).facts,
    ).toContain('Northwind Robotics develops Pilo');
  });
});

describe('definite descriptions, possessive "its" and the publisher’s "we"', () => {
  it('reads "the agency’s" as the organization named before it in the sentence', () => {
    const text = 'Crews from the Water Board met at dawn. “Stay calm,” said Omar Reyes, the agency’s district supervisor.';
    expect(
      rel(text, [
        ['Water Board', 'company'],
        ['Omar Reyes', 'person'],
      ]).facts,
    ).toEqual(['Omar Reyes works_for Water Board']);
  });

  it('reads "the software giant" as the only organization of the sentence before', () => {
    const text = 'Contoso announced Skyline last year. Cloudhop, another project from the software giant, flies drones.';
    expect(
      rel(text, [
        ['Contoso', 'company'],
        ['Skyline', 'product'],
        ['Cloudhop', 'product'],
      ]).facts,
    ).toContain('Contoso develops Cloudhop');
  });

  it('reads no description when the sentence before named two organizations', () => {
    const text = 'Contoso and Fabrikam announced products. Cloudhop, another project from the software giant, flies drones.';
    expect(
      rel(text, [
        ['Contoso', 'company'],
        ['Fabrikam', 'company'],
        ['Cloudhop', 'product'],
      ]).facts.filter((f) => f.includes('Cloudhop')),
    ).toEqual([]);
  });

  it('does not read "the other company" as the one named before', () => {
    const text = 'Contoso hired Ada Quinn. Omar Reyes, an engineer at the other company, left.';
    expect(
      rel(text, [
        ['Contoso', 'company'],
        ['Ada Quinn', 'person'],
        ['Omar Reyes', 'person'],
      ]).facts.filter((f) => f.includes('Omar')),
    ).toEqual([]);
  });

  it('reads "Its" opening a sentence as the name that opened the one before', () => {
    const text = 'Northwind Robotics builds drones. Its newest product Pilo was launched in May.';
    expect(
      rel(text, [
        ['Northwind Robotics', 'company'],
        ['Pilo', 'product'],
      ]).facts,
    ).toContain('Northwind Robotics develops Pilo');
  });

  it('reads a description a place qualifies ("the Springfield-based startup") as the page’s organization', () => {
    const text = 'Fabrikam raised $22 million. Fabrikam grew. CEO Ada Quinn founded the Springfield-based startup in 2009.';
    const out = rel(text, [
      ['Fabrikam', 'company'],
      ['Ada Quinn', 'person'],
      ['Springfield', 'location'],
    ]).facts;
    expect(out).toEqual(['Fabrikam founded_by Ada Quinn', 'Fabrikam located_in Springfield']);
  });

  it('reads "the app" (a thing noun, as "the service") as the product named before it, and not as an organization', () => {
    const text = 'When Tailmail was young, the app was built on Kestrel. Fabrikam hired Ada. The app was built on Redwood.';
    const out = rel(text, [
      ['Tailmail', 'product'],
      ['Kestrel', 'technology'],
      ['Fabrikam', 'company'],
      ['Ada', 'person'],
      ['Redwood', 'technology'],
    ]).facts;
    expect(out).toContain('Tailmail uses Kestrel');
    // The sentence before opened with an organization: "the app" is not Fabrikam.
    expect(out.filter((f) => f.includes('Redwood'))).toEqual([]);
  });

  it('reads "we" as the publisher the page names, over the page’s most named organization', () => {
    const text = 'Contoso sells queues. Contoso grew. Contoso hired. We first adopted Kestrel at Fabrikam.';
    const names: Array<[string, EntityType]> = [
      ['Contoso', 'company'],
      ['Kestrel', 'technology'],
    ];
    expect(rel(text, names, { name: 'Fabrikam', type: 'company' }).facts).toEqual(['Fabrikam uses Kestrel']);
    expect(rel(text, names).facts).toEqual(['Contoso uses Kestrel']);
  });

  it('reads "I" as the page’s author, never in quoted or reported speech, nor a numeral ("World War I.")', () => {
    const names: Array<[string, EntityType]> = [
      ['Quokkasoft', 'company'],
      ['Fabrikam', 'company'],
    ];
    const author = { name: 'Vin Kestrel', type: 'person' as const };
    expect(rel('I work at Quokkasoft, a games company.', names, undefined, author).facts).toEqual(['Vin Kestrel works_for Quokkasoft']);
    expect(rel('“I joined Fabrikam last year,” said a reader.', names, undefined, author).facts).toEqual([]);
    expect(rel('After World War I. Quokkasoft hired at Fabrikam.', names, undefined, author).facts).not.toContain(
      'Vin Kestrel works_for Quokkasoft',
    );
    // No author named by the page: "I" stands for nobody.
    expect(rel('I work at Quokkasoft, a games company.', names).facts).toEqual([]);
  });

  it('reads what the publisher’s "we" is deployed on or started out with as used', () => {
    const text = 'Fabrikam Blog. Fabrikam ships queues. We’re now deployed on Kestrel. At first we started out with Plover.';
    const names: Array<[string, EntityType]> = [
      ['Kestrel', 'technology'],
      ['Plover', 'technology'],
    ];
    expect(rel(text, names, { name: 'Fabrikam', type: 'company' }).facts).toEqual(['Fabrikam uses Kestrel', 'Fabrikam uses Plover']);
  });

  it('reads no "we" in a quoted or reported sentence (the speaker’s organization)', () => {
    const text = 'Fabrikam moves data. “We adopted Kestrel last year,” said Ada Quinn.';
    expect(
      rel(
        text,
        [
          ['Kestrel', 'technology'],
          ['Ada Quinn', 'person'],
        ],
        { name: 'Fabrikam', type: 'company' },
      ).facts,
    ).toEqual([]);
  });
});

describe('anaphors: money with no recipient named', () => {
  // Zorbly named three times: the page's organization; three sentences without it after.
  const page =
    'Zorbly is a tea startup. Zorbly sells tea online. Zorbly hires in Leeds. The weather was cold. People talked. Nobody knew. ';
  const names: ReadonlyArray<[string, EntityType]> = [
    ['Zorbly', 'company'],
    ['Birch Ventures', 'company'],
    ['Alder Ventures', 'company'],
    ['Redfern', 'company'],
    ['Cedar Ventures', 'company'],
    ['Larchmont', 'company'],
    ['Contoso', 'company'],
    ['Maple Holdings', 'company'],
  ];

  it('reads "it raised … from" and "it got $… from" as the page\'s organization, however long ago it was named', () => {
    expect(rel(`${page}In May, it raised a further $4.1 million from Birch Ventures and Alder Ventures.`, names).facts).toEqual([
      'Alder Ventures invested_in Zorbly',
      'Birch Ventures invested_in Zorbly',
    ]);
    expect(rel(`${page}Last spring, it got $3.5 million from Maple Holdings.`, names).facts).toEqual(['Maple Holdings invested_in Zorbly']);
  });

  it('leaves "it" before other verbs, and "got" without an amount, unread', () => {
    expect(rel(`${page}In June, it hired people from Birch Ventures.`, names).facts).toEqual([]);
    expect(rel(`${page}Last year, it got a call from Maple Holdings.`, names).facts).toEqual([]);
  });

  it('reads "the Series B round" as the page\'s organization\'s: who led it and who joined it invested', () => {
    expect(
      rel(`${page}Redfern led the Series B round, with participation from investors including Cedar Ventures and Larchmont.`, names).facts,
    ).toEqual(['Cedar Ventures invested_in Zorbly', 'Larchmont invested_in Zorbly', 'Redfern invested_in Zorbly']);
  });

  it('leaves a round whose owner is named after it, or a page with no organization of its own, unread', () => {
    expect(rel(`${page}Redfern led the round in Contoso.`, names).facts).toEqual([]);
    expect(rel('Redfern led the Series B round, with participation from Cedar Ventures.', names).facts).toEqual([]);
  });
});

describe('pageSubject', () => {
  it('is the dominant organization, or none', () => {
    const c = (name: string) => ({ name, type: 'company' as const });
    expect(pageSubject([c('A'), c('A'), c('A'), c('B')])).toEqual(c('A'));
    expect(pageSubject([c('A'), c('A'), c('A'), c('B'), c('B'), c('B')])).toBeUndefined();
    expect(pageSubject([c('A'), c('A')])).toBeUndefined();
  });
});

describe('anaphors: what a sentence passes on', () => {
  it('passes on what an opening "The company" stood for as the next sentence\'s opener', () => {
    const text = 'Kestrel makes robots. The company specializes in arms. It offers Gizmo, a robot for kitchens.';
    expect(
      rel(text, [
        ['Kestrel', 'company'],
        ['Gizmo', 'product'],
      ]).facts,
    ).toEqual(['Kestrel develops Gizmo']);
  });

  it('passes on nothing that only a guess named ("the company" as the only organization of the sentence before)', () => {
    // "The company" here is read as Fabrikam, the only organization named before, not the sentence's subject:
    // it is not passed on to "It".
    const text = 'Gizmo Labs (GL) is part of Fabrikam. The company designs tools. It offers Gizmo, a robot for kitchens.';
    expect(
      rel(text, [
        ['Gizmo Labs', 'person'],
        ['Fabrikam', 'company'],
        ['Gizmo', 'product'],
      ]).facts,
    ).toEqual([]);
  });

  it('keeps a person an opening "she" stood for through sentences that name no one', () => {
    const text = 'Ada Quinn studied in Lisbon. She left in 2010. She travelled. In 2014, she co-founded Fabrikam.';
    expect(
      rel(text, [
        ['Ada Quinn', 'person'],
        ['Lisbon', 'location'],
        ['Fabrikam', 'company'],
      ]).facts,
    ).toEqual(['Fabrikam founded_by Ada Quinn']);
  });

  it('reads "he" as the person of several the page names far more often, else as no one', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Ada Quinn', 'person'],
      ['Omar Reyes', 'person'],
      ['Fabrikam', 'company'],
    ];
    const lead = 'Ada Quinn spoke. Ada Quinn laughed. Ada Quinn left. ';
    expect(rel(`${lead}Ada Quinn, pictured by Omar Reyes, grew up abroad. In 2016, he co-founded Fabrikam.`, names).facts).toEqual([
      'Fabrikam founded_by Ada Quinn',
    ]);
    expect(rel('Ada Quinn met Omar Reyes. In 2016, he co-founded Fabrikam.', names).facts).toEqual([]);
  });
});

describe('anaphors: a subject after a short opening', () => {
  const names: ReadonlyArray<[string, EntityType]> = [
    ['Ada Quinn', 'person'],
    ['Lisbon', 'location'],
    ['Fabrikam', 'company'],
  ];

  it('reads "Today she" and "In 2014 he" as subjects', () => {
    expect(rel('Ada Quinn grew up in Lisbon. Today she runs Fabrikam.', names).facts).toEqual(['Ada Quinn works_for Fabrikam']);
    expect(rel('Ada Quinn grew up in Lisbon. In 2014 she co-founded Fabrikam.', names).facts).toEqual(['Fabrikam founded_by Ada Quinn']);
  });

  it('reads no "its" after an opening preposition (it speaks of what comes after)', () => {
    const text = 'Fabrikam makes tools. In its report, Kestrel said Fabrikam grew.';
    expect(
      rel(text, [
        ['Fabrikam', 'company'],
        ['Kestrel', 'company'],
      ]).facts,
    ).toEqual([]);
  });
});

describe('a description right before a name is the name’s, not an anaphor', () => {
  it('reads "acquired the startup X" as acquiring X', () => {
    const names: Array<[string, EntityType]> = [
      ['Zentrix Corp', 'company'],
      ['Lumora', 'company'],
    ];
    expect(rel('Zentrix Corp acquired the startup Lumora in 2019.', names).facts).toEqual(['Zentrix Corp acquired Lumora']);
    expect(rel('Zentrix Corp bought the Oslo startup Lumora last year.', [...names, ['Oslo', 'location']]).facts).toContain(
      'Zentrix Corp acquired Lumora',
    );
  });

  it('still reads "the startup" opening a sentence as the organization before', () => {
    const text = 'Lumora makes sensors. The startup was founded by Ada Quinn.';
    expect(
      rel(text, [
        ['Lumora', 'company'],
        ['Ada Quinn', 'person'],
      ]).facts,
    ).toContain('Lumora founded_by Ada Quinn');
  });
});
