import { describe, expect, it } from 'vitest';
import { silentRelationModel } from '../../../tooling/testing/relation-rules';
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { classifyRelations } from './extract';

const silent = silentRelationModel;

function mentionsOf(text: string, names: ReadonlyArray<[string, EntityType]>): Mention[] {
  return names.map(([name, type]) => {
    const start = text.indexOf(name);
    return { text: name, type, start, end: start + name.length, score: 1 };
  });
}

function rel(text: string, names: ReadonlyArray<[string, EntityType]>): string[] {
  const ms = mentionsOf(text, names);
  return classifyRelations(text, ms, (m) => ({ name: m.text, type: m.type }), { model: silent })
    .relations.map((r) => `${r.from} ${r.label} ${r.to}`)
    .sort();
}

describe('trigger rules', () => {
  it('reads the opening organization and one titled its rival later in the clause', () => {
    const orgs: ReadonlyArray<[string, EntityType]> = [
      ['Contoso', 'company'],
      ['Fabrikam', 'company'],
      ['Northwind', 'company'],
    ];
    expect(rel("Contoso's pricing for small shops is quite unlike the pricing of competitors Fabrikam and Northwind.", orgs)).toEqual([
      'Contoso competes_with Fabrikam',
      'Contoso competes_with Northwind',
    ]);
    // Far from a name that does not open the sentence: whose competitors is not said.
    expect(
      rel('In the survey the pricing of Contoso for small shops in the north is quite unlike the pricing of competitors Fabrikam.', orgs),
    ).toEqual([]);
    expect(rel('Analysts at Contoso said that rivals Fabrikam and Northwind lag.', orgs)).toEqual([]);
  });

  it('reads a place inside another: "X in Y", "in X, Y"', () => {
    const places: ReadonlyArray<[string, EntityType]> = [
      ['Bardo Museum', 'location'],
      ['Tunis', 'location'],
    ];
    expect(rel('Gunmen attacked the famed Bardo Museum in Tunis, the capital.', places)).toEqual(['Bardo Museum located_in Tunis']);
    expect(
      rel('A water main broke in Bushwick, Brooklyn.', [
        ['Bushwick', 'location'],
        ['Brooklyn', 'location'],
      ]),
    ).toEqual(['Bushwick located_in Brooklyn']);
  });

  it('leaves a list of places, and places with other words between, unrelated', () => {
    const three: ReadonlyArray<[string, EntityType]> = [
      ['Paris', 'location'],
      ['London', 'location'],
      ['Rome', 'location'],
    ];
    expect(rel('She toured in Paris, London and Rome.', three)).toEqual([]);
    expect(rel('She toured in Paris, London, Rome.', three)).toEqual([]);
    expect(rel('She met them in Paris in London or Rome in Lazio.', [...three, ['Lazio', 'location']])).toEqual(['Rome located_in Lazio']);
    expect(rel('In Paris, London officials spoke.', three)).toEqual([]);
    expect(
      rel('She flew from Bardo Museum to Tunis.', [
        ['Bardo Museum', 'location'],
        ['Tunis', 'location'],
      ]),
    ).toEqual([]);
  });

  it('gives a role before "and" to its own person, not to the organization opening the next conjunct', () => {
    expect(
      rel("Quokka hired Ada Quinn as Head of Sales and Fabrikam's longtime designer Bo Lind as its first CTO.", [
        ['Quokka', 'company'],
        ['Ada Quinn', 'person'],
        ['Fabrikam', 'company'],
        ['Bo Lind', 'person'],
      ]),
    ).not.toContain('Ada Quinn works_for Fabrikam');
  });

  it('reads CEOs and other roles', () => {
    expect(
      rel('"We ship every week," said Mira Castell, founder and CEO of Velora.', [
        ['Mira Castell', 'person'],
        ['Velora', 'company'],
      ]),
    ).toEqual(['Mira Castell ceo_of Velora', 'Velora founded_by Mira Castell']);
    expect(
      rel('Brightwell, led by CEO Tomas Ferreira, closed a $9 million round.', [
        ['Brightwell', 'company'],
        ['Tomas Ferreira', 'person'],
      ]),
    ).toEqual(['Tomas Ferreira ceo_of Brightwell']);
    expect(
      rel('said Noor Haddad, Director of Research at Pallwick.', [
        ['Noor Haddad', 'person'],
        ['Pallwick', 'company'],
      ]),
    ).toEqual(['Noor Haddad works_for Pallwick']);
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
    // The article before the buyer's name does not turn the passive around.
    expect(
      rel('Paystack, a logistics startup, was later bought out by the Stripe Company for $40 million.', [
        ['Paystack', 'company'],
        ['Stripe Company', 'company'],
      ]),
    ).toEqual(['Stripe Company acquired Paystack']);
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
      'Northwind Ventures led the seed round, with participation from investors including Alder Ventures, Birch Capital, Cedar Partners and Contoso Partners.';
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
      rel('Velora raised $7 million from Birchfield Ventures.', [
        ['Velora', 'company'],
        ['Birchfield Ventures', 'company'],
      ]),
    ).toEqual(['Birchfield Ventures invested_in Velora']);
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
      rel('PLWK and Velora are working together on maps.', [
        ['PLWK', 'company'],
        ['Velora', 'company'],
      ]),
    ).toEqual(['PLWK partners_with Velora']);
    expect(
      rel('Fabrikam partnered with Contoso on chips.', [
        ['Fabrikam', 'company'],
        ['Contoso', 'company'],
      ]),
    ).toEqual(['Fabrikam partners_with Contoso']);
    expect(
      rel('At Fabrikam, four of the nine partners are engineers, and at Contoso, two.', [
        ['Fabrikam', 'company'],
        ['Contoso', 'company'],
      ]),
    ).toEqual([]);
    expect(
      rel("Quokka's customers -- including Alder Foods, Birch Club, and Cedarly -- rely on it.", [
        ['Quokka', 'company'],
        ['Alder Foods', 'company'],
        ['Birch Club', 'company'],
        ['Cedarly', 'company'],
      ]),
    ).toEqual(['Alder Foods customer_of Quokka', 'Birch Club customer_of Quokka', 'Cedarly customer_of Quokka']);
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
      rel('Later Castell co-founded Lumen Studios.', [
        ['Castell', 'person'],
        ['Lumen Studios', 'company'],
      ]),
    ).toEqual(['Lumen Studios founded_by Castell']);
  });
});

describe('trigger rules: makers and users', () => {
  it('reads develops and uses with the maker or user first, not in the passive', () => {
    expect(
      rel('So, Velora developed a second product, PairBoard, in 2019.', [
        ['Velora', 'company'],
        ['PairBoard', 'product'],
      ]),
    ).toEqual(['Velora develops PairBoard']);
    expect(
      rel('We chose to adopt NSQ at Quokka; Quokka adopted NSQ.', [
        ['Quokka', 'company'],
        ['NSQ', 'technology'],
      ]),
    ).toEqual([]);
    expect(
      rel('Quokka adopted NSQ in 2016.', [
        ['Quokka', 'company'],
        ['NSQ', 'technology'],
      ]),
    ).toEqual(['Quokka uses NSQ']);
    expect(
      rel('NSQ is used by Quokka.', [
        ['NSQ', 'technology'],
        ['Quokka', 'company'],
      ]),
    ).toEqual([]);
  });
});

describe('trigger rules: makers and users, the verb right after the subject', () => {
  it('does not read a verb of another clause', () => {
    expect(
      rel('Zorb gets the AR makeover to help launch the ZXR.', [
        ['AR', 'company'],
        ['ZXR', 'product'],
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
      rel('said Lena Ortiz, now a marine geologist at Coastline Institute.', [
        ['Lena Ortiz', 'person'],
        ['Coastline Institute', 'company'],
      ]),
    ).toEqual(['Lena Ortiz works_for Coastline Institute']);
    expect(
      rel('commented Omar Reyes, Fabrikam’s head of partnerships for Asia.', [
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

  it('reads no investment from a stake sold, only from one taken', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Ada Quinn', 'person'],
      ['Fabrikam', 'company'],
    ];
    expect(rel('Ada Quinn sold off her ownership stake in Fabrikam.', names)).toEqual([]);
    expect(rel('Ada Quinn took an ownership stake in Fabrikam.', names)).toEqual(['Ada Quinn invested_in Fabrikam']);
  });

  it('reads the verb "work at" only right after its person, not the noun ("the work at") nor another subject’s verb', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Ada Quinn', 'person'],
      ['Fabrikam', 'company'],
    ];
    expect(rel('Ada Quinn praised the work at Fabrikam.', names)).toEqual([]);
    expect(rel('Ada Quinn admired their work for Fabrikam.', names)).toEqual([]);
    expect(rel('Reviewers cite Ada Quinn et al, then work for, say, Fabrikam.', names)).toEqual([]);
  });

  it('reads "a professor of planning" as a job, and still not a plan', () => {
    expect(
      rel('said Rita Moss, a visiting professor of planning and urban policy at Ridgeway University.', [
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
      rel('The regulator sent Fabrikam, Tailspin’s Dutch parent company, a warning.', [
        ['Fabrikam', 'company'],
        ['Tailspin', 'product'],
      ]),
    ).toEqual(['Tailspin subsidiary_of Fabrikam']);
  });

  it('reads a maker’s possessive right before its product, and before a person its employer, not its maker', () => {
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
    ).toEqual(['Ada Quinn works_for Fabrikam']);
    expect(
      rel('Fabrikam’s Indian operations grew.', [
        ['Fabrikam', 'company'],
        ['Indian', 'other'],
      ]),
    ).toEqual([]);
  });

  it('reads a product named through a product noun after its maker’s possessive, or in an apposition', () => {
    expect(
      rel('Fabrikam’s software-defined storage offering, Tailspin, now ships.', [
        ['Fabrikam', 'company'],
        ['Tailspin', 'product'],
      ]),
    ).toEqual(['Fabrikam develops Tailspin']);
    expect(
      rel('Fabrikam is famous for its four-legged delivery robot, Atlas.', [
        ['Fabrikam', 'company'],
        ['Atlas', 'product'],
      ]),
    ).toEqual(['Fabrikam develops Atlas']);
    expect(
      rel('Fabrikam Robotics’ top products include Atlas.', [
        ['Fabrikam Robotics', 'company'],
        ['Atlas', 'product'],
      ]),
    ).toEqual(['Fabrikam Robotics develops Atlas']);
    expect(
      rel('Tailspin, a second project from Fabrikam, flies drones.', [
        ['Tailspin', 'product'],
        ['Fabrikam', 'company'],
      ]),
    ).toEqual(['Fabrikam develops Tailspin']);
  });

  it('reads the organization after a unit ("a fellow at the Bagnoud Center at Fabrikam") as an employer too', () => {
    expect(
      rel('"We gather insights," said Ada Quinn, a senior fellow at the Bagnoud Center at Fabrikam.', [
        ['Ada Quinn', 'person'],
        ['Bagnoud Center', 'company'],
        ['Fabrikam', 'company'],
      ]),
    ).toEqual(['Ada Quinn works_for Bagnoud Center', 'Ada Quinn works_for Fabrikam']);
    // A unit that is no institution ("Research", "Analytics") is not an employer of its own.
    expect(
      rel('Ada Quinn, CTO and head of Research at freelance marketplace Fabrikam, spoke.', [
        ['Ada Quinn', 'person'],
        ['Research', 'company'],
        ['Fabrikam', 'company'],
      ]),
    ).toEqual(['Ada Quinn works_for Fabrikam']);
    expect(
      rel('"We gather insights," said Ada Quinn, Director of Analytics at Fabrikam.', [
        ['Ada Quinn', 'person'],
        ['Analytics', 'company'],
        ['Fabrikam', 'company'],
      ]),
    ).toEqual(['Ada Quinn works_for Fabrikam']);
    // A comma after the first organization: it is the employer, and the second is another matter.
    expect(
      rel('Ada Quinn, director of Contoso, spoke at Fabrikam.', [
        ['Ada Quinn', 'person'],
        ['Contoso', 'company'],
        ['Fabrikam', 'company'],
      ]),
    ).toEqual(['Ada Quinn works_for Contoso']);
  });

  it('reads a role before the organization and the person in apposition after it', () => {
    expect(
      rel('The leader of Fabrikam, Ada Quinn, condemned the attack.', [
        ['Fabrikam', 'company'],
        ['Ada Quinn', 'person'],
      ]),
    ).toEqual(['Ada Quinn works_for Fabrikam']);
    expect(
      rel('The chief executive of Fabrikam, Ada Quinn, spoke.', [
        ['Fabrikam', 'company'],
        ['Ada Quinn', 'person'],
      ]),
    ).toEqual(['Ada Quinn ceo_of Fabrikam']);
    // A rival of the organization, or the organization and a person listed after it: no job.
    expect(
      rel('A rival of Fabrikam, Ada Quinn, spoke.', [
        ['Fabrikam', 'company'],
        ['Ada Quinn', 'person'],
      ]),
    ).toEqual([]);
    expect(
      rel('Visitors came from Fabrikam, Ada Quinn said.', [
        ['Fabrikam', 'company'],
        ['Ada Quinn', 'person'],
      ]),
    ).toEqual([]);
  });

  it('reads no job of an organization where a place’s possessive owns the role between', () => {
    expect(
      rel('Charges at the Hague Court against Freedonia’s president, Ada Quinn, were filed.', [
        ['Hague Court', 'company'],
        ['Freedonia', 'location'],
        ['Ada Quinn', 'person'],
      ]),
      // The role is the place's: its head of state, not the court's employee.
    ).toEqual(['Ada Quinn works_for Freedonia']);
  });

  it('reads a job apposition whose organization follows "at the"', () => {
    expect(
      rel('Ada Quinn, now a marine geologist at the Springfield Institute, was his niece.', [
        ['Ada Quinn', 'person'],
        ['Springfield Institute', 'company'],
      ]),
    ).toEqual(['Ada Quinn works_for Springfield Institute']);
    // A place, not a job: "in front of the shed at".
    expect(
      rel('Ada Quinn, in front of the boat shed at Springfield Institute, waved.', [
        ['Ada Quinn', 'person'],
        ['Springfield Institute', 'company'],
      ]),
    ).toEqual([]);
  });

  it('reads what a thing is built on or based on as used, not made', () => {
    expect(
      rel('Tailspin is built on Kestrel, a toolkit.', [
        ['Tailspin', 'product'],
        ['Kestrel', 'technology'],
      ]),
    ).toEqual(['Tailspin uses Kestrel']);
    expect(
      rel('Fabrikam’s store is based on Kestrel.', [
        ['Fabrikam', 'company'],
        ['Kestrel', 'technology'],
      ]),
    ).toEqual([]);
    expect(
      rel('Fabrikam built Kestrel in 2019.', [
        ['Fabrikam', 'company'],
        ['Kestrel', 'product'],
      ]),
    ).toEqual(['Fabrikam develops Kestrel']);
  });

  it('reads an organization’s seat from its possessive headquarters and from a "-based" apposition', () => {
    expect(
      rel('I visited Fabrikam’s headquarters in Springfield last week.', [
        ['Fabrikam', 'company'],
        ['Springfield', 'location'],
      ]),
    ).toEqual(['Fabrikam located_in Springfield']);
    expect(
      rel('Ada Quinn works for Fabrikam, a Springfield-based rights group.', [
        ['Fabrikam', 'company'],
        ['Springfield', 'location'],
      ]),
    ).toEqual(['Fabrikam located_in Springfield']);
    // A chief in a city, a move to a city, a rival of a city's company: none is the seat.
    expect(
      rel('Fabrikam’s chief in Springfield spoke.', [
        ['Fabrikam', 'company'],
        ['Springfield', 'location'],
      ]),
    ).toEqual([]);
    expect(
      rel('Fabrikam’s headquarters move to Springfield.', [
        ['Fabrikam', 'company'],
        ['Springfield', 'location'],
      ]),
    ).toEqual([]);
    expect(
      rel('Fabrikam, a rival of Springfield-based Contoso, grew.', [
        ['Fabrikam', 'company'],
        ['Springfield', 'location'],
      ]),
    ).toEqual([]);
  });

  it('reads no product where the product noun is not the name’s', () => {
    // The products compete with the name; the name is praised by the project; the possessive is a clause away.
    expect(
      rel('Fabrikam’s products compete with Tailspin.', [
        ['Fabrikam', 'company'],
        ['Tailspin', 'product'],
      ]),
    ).toEqual([]);
    expect(
      rel('Tailspin, which a project praised at Fabrikam, flies.', [
        ['Tailspin', 'product'],
        ['Fabrikam', 'company'],
      ]),
    ).toEqual([]);
    expect(
      rel('Fabrikam said that its rivals’ robot, Atlas, is slow.', [
        ['Fabrikam', 'company'],
        ['Atlas', 'product'],
      ]),
    ).toEqual([]);
  });
});

// Names the sentence itself calls products or organizations, whatever type recognition gave them.
describe('things and makers named by the phrase', () => {
  it('reads "<determiner> <name> <product noun>" as a made thing, even typed as an organization', () => {
    expect(
      rel('Today Fabrikam is introducing their Zephyr Pro processors for laptops.', [
        ['Fabrikam', 'company'],
        ['Zephyr Pro', 'company'],
      ]),
    ).toEqual(['Fabrikam develops Zephyr Pro']);
    expect(
      rel('Fabrikam’s Zephyr microarchitecture is fast.', [
        ['Fabrikam', 'company'],
        ['Zephyr', 'company'],
      ]),
    ).toEqual(['Fabrikam develops Zephyr']);
    expect(
      rel('First off, the Zephyr Pro platforms support the Kestrel management protocol.', [
        ['Zephyr Pro', 'company'],
        ['Kestrel', 'technology'],
      ]),
    ).toEqual(['Zephyr Pro uses Kestrel']);
    // A thing after a preposition, before a participle, is no clause's subject.
    expect(
      rel('Two features protect data in Kestrel using a dedicated Zephyr engine.', [
        ['Kestrel', 'technology'],
        ['Zephyr', 'technology'],
      ]),
    ).toEqual([]);
  });

  it('keeps a maker named before a plural noun without a determiner a maker ("Contoso uses Fabrikam chips")', () => {
    expect(
      rel('Contoso uses Fabrikam chips in its servers.', [
        ['Contoso', 'company'],
        ['Fabrikam', 'company'],
      ]),
    ).toEqual([]);
  });

  it('reads "developed another product, <name>" as what the maker develops', () => {
    expect(
      rel('So, Fabrikam developed another product, Tallybox, in 2013.', [
        ['Fabrikam', 'company'],
        ['Tallybox', 'company'],
      ]),
    ).toEqual(['Fabrikam develops Tallybox']);
    expect(
      rel('Fabrikam praised another product, Tallybox, in 2013.', [
        ['Fabrikam', 'company'],
        ['Tallybox', 'company'],
      ]),
    ).toEqual([]);
  });

  it('reads a person who built or created a thing, or thanks for it', () => {
    expect(
      rel('Thanks to Ada Quinn for building Kestrel and reading drafts.', [
        ['Ada Quinn', 'person'],
        ['Kestrel', 'technology'],
      ]),
    ).toEqual(['Ada Quinn develops Kestrel']);
    expect(
      rel('Ada Quinn, the creator of Kestrel, spoke.', [
        ['Ada Quinn', 'person'],
        ['Kestrel', 'product'],
      ]),
    ).toEqual(['Ada Quinn develops Kestrel']);
    expect(
      rel('Ada Quinn praised Kestrel.', [
        ['Ada Quinn', 'person'],
        ['Kestrel', 'product'],
      ]),
    ).toEqual([]);
  });

  it('reads a seat of a name typed as a product, and what a thing is powered by', () => {
    expect(
      rel('We met at Tailspin’s headquarters in Lisbon.', [
        ['Tailspin', 'product'],
        ['Lisbon', 'location'],
      ]),
    ).toEqual(['Tailspin located_in Lisbon']);
    expect(
      rel('Tailspin Cloud is powered by Kestrel.', [
        ['Tailspin Cloud', 'product'],
        ['Kestrel', 'technology'],
      ]),
    ).toEqual(['Tailspin Cloud uses Kestrel']);
  });
});

describe('places inside places and seats', () => {
  it('puts a place in the country its demonym names, when the page names that country', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Tunisia', 'location'],
      ['Varnek', 'location'],
      ['Dorsk', 'location'],
    ];
    expect(rel('Tunisia is small. Rebels took the Tunisian town of Varnek. Dorsk, the Tunisian capital, held.', names)).toEqual([
      'Dorsk located_in Tunisia',
      'Varnek located_in Tunisia',
    ]);
    // No such country on the page: nothing guessed.
    expect(rel('Rebels took the Tunisian town of Varnek near Dorsk.', names.slice(1))).toEqual([]);
  });

  it('reads an organization’s seat from "based in", a bracket, and the opening name’s apposition', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Fabrikam', 'company'],
      ['Northwind', 'company'],
      ['Contoso', 'company'],
      ['Tarvale', 'location'],
      ['Ossory', 'location'],
      ['Elm Row', 'location'],
    ];
    expect(rel('Fabrikam, a payments startup based in Tarvale, hired.', names)).toEqual(['Fabrikam located_in Tarvale']);
    expect(rel('Northwind (Ossory, Tarvale) said it grew.', names)).toEqual([
      'Northwind located_in Ossory',
      'Northwind located_in Tarvale',
      'Ossory located_in Tarvale',
    ]);
    expect(rel('Contoso, on Elm Row, has three.', names)).toEqual(['Contoso located_in Elm Row']);
    expect(rel('Visitors came to Northwind’s offices on Elm Row.', names)).toEqual(['Northwind located_in Elm Row']);
    // …also when a short introductory phrase comes first: the name still opens the clause.
    expect(rel('In the past, Contoso, based in Tarvale, sold boats.', names)).toEqual(['Contoso located_in Tarvale']);
    // A bare ", based in" after an organization that is no subject tells where the person is.
    expect(rel('Ada is the editor for Contoso, based in Tarvale.', names)).toEqual([]);
    expect(rel('In May, Ada joined Contoso, based in Tarvale.', names)).toEqual([]);
    // A verb before the apposition's noun: the startup bought is based there, not the buyer.
    expect(rel('Fabrikam acquired a startup based in Tarvale.', names)).toEqual([]);
  });
});

describe('coordinated names share one trigger', () => {
  it('gives every name coordinated before the subject the relation, not a comma’s list opener', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Ada Quinn', 'person'],
      ['Bo Rask', 'person'],
      ['Kestrel', 'technology'],
      ['Ossory', 'location'],
      ['Tarvale', 'location'],
      ['Fabrikam', 'company'],
      ['Contoso', 'company'],
      ['Northwind', 'company'],
    ];
    expect(rel('Thanks to Ada Quinn and Bo Rask for building Kestrel.', names)).toEqual([
      'Ada Quinn develops Kestrel',
      'Bo Rask develops Kestrel',
    ]);
    expect(rel('Ossory and Tarvale-based Fabrikam grew.', names)).toEqual(['Fabrikam located_in Ossory', 'Fabrikam located_in Tarvale']);
    expect(rel('Unlike Contoso, Fabrikam acquired Northwind.', names)).toEqual(['Fabrikam acquired Northwind']);
  });

  it('keeps a list going across a name typed otherwise when it resumes', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Fabrikam', 'company'],
      ['Zephyr', 'product'],
      ['Orbit', 'location'],
      ['Lumen', 'product'],
    ];
    expect(rel('Fabrikam owns Zephyr, Orbit, Lumen, and more.', names)).toEqual([
      'Lumen subsidiary_of Fabrikam',
      'Orbit subsidiary_of Fabrikam',
      'Zephyr subsidiary_of Fabrikam',
    ]);
  });
});

describe('roles and products by the phrase around the names', () => {
  const people: ReadonlyArray<[string, EntityType]> = [
    ['Ada Quinn', 'person'],
    ['Bo Rask', 'person'],
    ['Fabrikam', 'company'],
    ['Contoso', 'company'],
  ];
  it('reads a hire "as" a role over the person’s past employer, and gives a possessive’s role to the next person', () => {
    // "former Contoso sales executive": a past job, no works_for Contoso (as "former Iranian president" is no head of state).
    expect(
      rel(
        'Fabrikam hired ex-Contoso account manager Ada Quinn as head of sales and Contoso’s longtime designer Bo Rask for design.',
        people,
      ),
    ).toEqual(['Ada Quinn works_for Fabrikam']);
  });

  it('reads "who runs", attributions "of"/"at", and a role before "of the" organization', () => {
    expect(rel('Ada Quinn, who now runs Fabrikam, spoke.', people)).toEqual(['Ada Quinn works_for Fabrikam']);
    expect(rel('“It works,” said Ada Quinn of Fabrikam.', people)).toEqual(['Ada Quinn works_for Fabrikam']);
    expect(rel('The filing was signed by Fabrikam’s general counsel Ada Quinn.', people)).toEqual(['Ada Quinn works_for Fabrikam']);
    // A lawyer "of" someone is their client's.
    expect(rel('The lawyer of Ada Quinn spoke to Fabrikam.', people)).toEqual([]);
    expect(rel('Ada Quinn of Fabrikam met Bo Rask.', people)).toEqual([]);
    expect(rel('“It holds,” says the director of the Fabrikam, Bo Rask, on Friday.', people)).toEqual(['Bo Rask works_for Fabrikam']);
  });

  it('reads a product noun in apposition whatever the product’s type, and a person’s possessive tool', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Fabrikam', 'company'],
      ['Lumen', 'location'],
      ['Ada Quinn', 'person'],
      ['Kestrel', 'person'],
    ];
    expect(rel('Fabrikam is known for its walking robot, Lumen, today.', names)).toEqual(['Fabrikam develops Lumen']);
    expect(rel('Fabrikam also offers Kestrel, a robot that carries boxes.', names)).toEqual(['Fabrikam develops Kestrel']);
    expect(rel('Fabrikam introduced Kestrel, a veteran engineer, as its chief.', names)).toEqual([]);
    expect(rel('I wrote a library for Ada Quinn’s excellent synthesis tool, Kestrel, last year.', names)).toEqual([
      'Ada Quinn develops Kestrel',
    ]);
    // A product noun that also names people, before a person: the assistant is a person.
    expect(rel('Ada Quinn’s assistant, Kestrel, was expelled.', names)).toEqual([]);
  });

  it('reads what a company started out with or switched to as used', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Fabrikam', 'company'],
      ['Kestrel', 'technology'],
      ['Plover', 'technology'],
    ];
    expect(rel('Fabrikam first started out with Kestrel.', names)).toEqual(['Fabrikam uses Kestrel']);
    expect(rel('Fabrikam switched to Plover.', names)).toEqual(['Fabrikam uses Plover']);
    expect(rel('Fabrikam is a Kestrel application.', names)).toEqual(['Fabrikam uses Kestrel']);
    expect(rel('Fabrikam is a Kestrel competitor.', names)).toEqual([]);
  });
});

describe('heads of state', () => {
  it('reads a head of state by the country’s demonym before the title, not a minister who is no prime minister', () => {
    const korea: ReadonlyArray<[string, EntityType]> = [
      ['South Korea', 'location'],
      ['Ada Quinn', 'person'],
    ];
    expect(rel('South Korea voted. South Korean President Ada Quinn spoke.', korea)).toEqual(['Ada Quinn works_for South Korea']);
    expect(rel('South Korea voted. The former South Korean President Ada Quinn spoke.', korea)).toEqual([]);
    const tunisia: ReadonlyArray<[string, EntityType]> = [
      ['Tunisia', 'location'],
      ['Bo Rask', 'person'],
    ];
    expect(rel('Tunisia’s prime minister Bo Rask spoke.', tunisia)).toEqual(['Bo Rask works_for Tunisia']);
    expect(rel('Tunisia’s interior minister Bo Rask spoke.', tunisia)).toEqual([]);
  });
});

describe('founders, owners, places and users by the phrase around the names', () => {
  it('reads a founder’s title right before the person as founding the name before it, whatever its type', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Vimeo', 'product'],
      ['Ada Quinn', 'person'],
    ];
    expect(rel('The talk opened with a video of Vimeo co-founder Ada Quinn narrating a trip.', names)).toEqual([
      'Vimeo founded_by Ada Quinn',
    ]);
    expect(rel('According to Vimeo’s founder Ada Quinn, it grew.', names)).toEqual(['Vimeo founded_by Ada Quinn']);
    expect(rel('Vimeo user Ada Quinn posted a clip.', names)).toEqual([]);
  });

  it('gives a founder’s other titles as a job at the organization founded', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Ada Quinn', 'person'],
      ['Fabrikam', 'company'],
    ];
    expect(rel('“Ships sail,” says Ada Quinn, president, product chief and co-founder of Fabrikam.', names)).toEqual([
      'Ada Quinn works_for Fabrikam',
      'Fabrikam founded_by Ada Quinn',
    ]);
    expect(rel('Fabrikam co-founder and partner Ada Quinn spoke on Tuesday.', names)).toEqual([
      'Ada Quinn works_for Fabrikam',
      'Fabrikam founded_by Ada Quinn',
    ]);
    expect(rel('Ada Quinn, co-founder of Fabrikam, spoke.', names)).toEqual(['Fabrikam founded_by Ada Quinn']);
    // The verb names no title: "developer" qualifies the firm.
    expect(rel('Ada Quinn co-founded furniture rental firm Fabrikam.', names)).toEqual(['Fabrikam founded_by Ada Quinn']);
  });

  it('reads a job at an organization named after its owner’s possessive, and nothing past another possessive', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Ada Quinn', 'person'],
      ['Contoso', 'technology'],
      ['Birch Center', 'company'],
    ];
    // The center is part of its owner, whatever type the owner was given ("MIT" taken for a thing).
    expect(rel('The geologist Ada Quinn, co-director of Contoso’s Birch Center, was preparing a talk.', names)).toEqual([
      'Ada Quinn works_for Birch Center',
      'Birch Center subsidiary_of Contoso',
    ]);
    expect(rel('Ada Quinn, a critic of Contoso’s Birch Center, spoke.', names)).toEqual(['Birch Center subsidiary_of Contoso']);
  });

  it('reads the partners an organization’s partners list includes', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Quokka', 'company'],
      ['Contoso', 'company'],
      ['Fabrikam', 'company'],
    ];
    expect(rel('Partners offering such lessons on Quokka include Contoso and Fabrikam, she said.', names)).toEqual([
      'Quokka partners_with Contoso',
      'Quokka partners_with Fabrikam',
    ]);
    expect(rel('Quokka’s partners include Contoso.', names)).toEqual(['Quokka partners_with Contoso']);
    expect(rel('Rivals of Quokka include Contoso.', names)).toEqual([]);
    expect(rel('Quokka includes Contoso.', names)).toEqual([]);
  });

  it('reads an institution "at"/"in" its place, not a company, and not before a list of places', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Birch Court', 'company'],
      ['Contoso', 'company'],
      ['Leeds', 'location'],
      ['Paris', 'location'],
      ['Rome', 'location'],
    ];
    expect(rel('Once it moves into the Birch Court at Leeds on May 3, it will expand.', names)).toEqual(['Birch Court located_in Leeds']);
    expect(rel('Contoso in Leeds sells phones.', names)).toEqual([]);
    expect(rel('The Birch Court in Paris, Leeds and Rome sat.', names)).toEqual([]);
  });

  it('reads a "-based" apposition of a name typed otherwise as its seat', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Quokka', 'technology'],
      ['Leeds', 'location'],
    ];
    expect(rel('One example is Quokka, a Leeds-based conglomerate serving millions.', names)).toEqual(['Quokka located_in Leeds']);
    expect(rel('Quokka runs Leeds-based servers.', names)).toEqual([]);
  });

  it('reads the subject after an opening "Using X," as using X', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Kestrel-9', 'product'],
      ['Ada Quinn', 'person'],
    ];
    expect(rel('The story goes like this: Using the Kestrel-9, Ada Quinn made discoveries.', names)).toEqual(['Ada Quinn uses Kestrel-9']);
    expect(rel('Ada Quinn, using the Kestrel-9, made discoveries.', names)).toEqual([]);
    expect(rel('After years of using the Kestrel-9, Ada Quinn quit.', names)).toEqual([]);
  });
});

describe('spokespeople, announced hires, bracketed and qualified appositions', () => {
  it('reads a spokesperson titled by a place as working for it, not a past one', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Green House', 'location'],
      ['Ada Quinn', 'person'],
    ];
    expect(rel('“We are concerned,” Green House press secretary Ada Quinn told reporters.', names)).toEqual([
      'Ada Quinn works_for Green House',
    ]);
    expect(rel('Green House deputy spokesman Ada Quinn said so.', names)).toEqual(['Ada Quinn works_for Green House']);
    expect(rel('Former Green House press secretary Ada Quinn said so.', names)).toEqual([]);
    expect(rel('Green House visitor Ada Quinn said so.', names)).toEqual([]);
  });

  it('reads an announced appointment or promotion "of" a person "as"/"to" a role', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Contoso', 'company'],
      ['Ada Quinn', 'person'],
    ];
    expect(rel('Contoso has confirmed the promotion of Ada Quinn to partner and marketing lead for Chile.', names)).toEqual([
      'Ada Quinn works_for Contoso',
    ]);
    expect(rel('Contoso announced the appointment of Ada Quinn as chief financial officer.', names)).toEqual([
      'Ada Quinn works_for Contoso',
    ]);
    expect(rel('Contoso promoted Ada Quinn to chief executive.', names)).toEqual(['Ada Quinn ceo_of Contoso']);
    expect(rel('Contoso announced the departure of Ada Quinn as CFO.', names)).toEqual([]);
    expect(rel('Contoso announced the promotion of Ada Quinn to the board.', names)).toEqual([]);
  });

  it('reads a bracket opened right after a name as its apposition, and a long closed one as a break', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Contoso', 'company'],
      ['Ada Quinn', 'person'],
    ];
    expect(rel('The fund put money in Contoso (a farming company founded by a chemist named Ada Quinn) in May.', names)).toEqual([
      'Contoso founded_by Ada Quinn',
    ]);
    // A long bracket closed before the second name still parts the clause.
    expect(rel('Contoso (a fintech company from a small town in the north of Spain) was founded by Ada Quinn.', names)).toEqual([]);
  });

  it('lets a thing’s name qualify the noun of an apposition without breaking the clause', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Contoso', 'company'],
      ['Vimeo', 'product'],
      ['Fabrikam Company', 'company'],
    ];
    expect(
      rel('Ada co-founded Contoso, a Vimeo cooking channel that was later bought out by the Fabrikam Company for $80 million.', names),
    ).toEqual(['Fabrikam Company acquired Contoso']);
    expect(rel('Contoso sold its Vimeo channel to the Fabrikam Company.', names)).toEqual([]);
  });
});

describe('asides and spouses', () => {
  it('reads past a short bracket right after the first name (an acronym, a ticker)', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Birch Design Institute', 'company'],
      ['BDI', 'technology'],
      ['Leeds', 'location'],
      ['Contoso', 'company'],
      ['Fabrikam', 'company'],
      ['Ada Quinn', 'person'],
    ];
    expect(rel('The course was taught at the Birch Design Institute (BDI) in Leeds.', names)).toEqual([
      'Birch Design Institute located_in Leeds',
    ]);
    expect(rel('Contoso (NYSE: CTS) acquired Fabrikam last year.', names)).toEqual(['Contoso acquired Fabrikam']);
    expect(rel('Ada Quinn (left), chief executive of Contoso, spoke.', names)).toEqual(['Ada Quinn ceo_of Contoso']);
  });

  it('reads an institution in a place and the place it names after a comma, not a list of places', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Birch Design Institute', 'company'],
      ['Leeds', 'location'],
      ['England', 'location'],
      ['Paris', 'location'],
    ];
    expect(rel('She taught at the Birch Design Institute in Leeds, England.', names)).toEqual([
      'Birch Design Institute located_in England',
      'Birch Design Institute located_in Leeds',
      'Leeds located_in England',
    ]);
    expect(rel('She visited the Birch Design Institute in Paris, Leeds, England.', names)).toEqual([]);
    // A sited noun inside the name, or first before "of"; not a company's first word.
    expect(rel('She taught at the Birch Institute Arlo in Leeds.', [['Birch Institute Arlo', 'company'], ...names])).toEqual([
      'Birch Institute Arlo located_in Leeds',
    ]);
    expect(rel('The Museum of Birch Art in Leeds opened.', [['Museum of Birch Art', 'company'], ...names])).toEqual([
      'Museum of Birch Art located_in Leeds',
    ]);
    expect(rel('Center Arlo in Leeds grew.', [['Center Arlo', 'company'], ...names])).toEqual([]);
  });

  it('reads two people the verb "married" alone joins as spouses, not a relative’s marriage', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Ada Quinn', 'person'],
      ['Bo Rask', 'person'],
    ];
    expect(rel('Ada Quinn had married Bo Rask, a sculptor, and kept her name.', names)).toEqual(['Ada Quinn spouse_of Bo Rask']);
    expect(rel('Ada Quinn, who married Bo Rask in 1950, left.', names)).toEqual(['Ada Quinn spouse_of Bo Rask']);
    expect(rel('Ada Quinn’s daughter married Bo Rask.', names)).toEqual([]);
    expect(rel('Ada Quinn never married Bo Rask.', names)).toEqual([]);
  });

  it('reads no job from a past title before the person, but keeps a founder', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Contoso', 'company'],
      ['Ada Quinn', 'person'],
      ['Acme', 'company'],
    ];
    expect(rel('Former Contoso CEO Ada Quinn said so.', names)).toEqual([]);
    expect(rel('Ex-Contoso sales executive Ada Quinn said so.', names)).toEqual([]);
    expect(rel('The ousted Contoso (CTS) leader Ada Quinn sued.', names)).toEqual([]);
    expect(rel('Acme hired former Contoso ad sales executive Ada Quinn as chief operating officer.', names)).toEqual([
      'Ada Quinn works_for Acme',
    ]);
    expect(rel('The late Contoso co-founder Ada Quinn was honored.', names)).toEqual(['Contoso founded_by Ada Quinn']);
    expect(rel('Contoso CEO Ada Quinn said so.', names)).toEqual(['Ada Quinn ceo_of Contoso']);
  });

  it('reads what a thing is built on when a base noun names it, and an offer a made thing’s clause follows', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Tally', 'product'],
      ['Kestrel', 'company'],
      ['Contoso', 'company'],
      ['Reacher', 'person'],
    ];
    expect(rel('Tally was built on an older in-house job scheduling system called Kestrel.', names)).toEqual(['Tally uses Kestrel']);
    expect(rel('Tally was built on a hill called Kestrel.', names)).toEqual([]);
    expect(rel('Contoso also offers Reacher, which is built for shelf scanning.', names)).toEqual(['Contoso develops Reacher']);
    expect(rel('Contoso also offers Reacher, which is popular.', names)).toEqual([]);
  });

  it('reads a maker’s possessive before a product line word and the product, not before a rival', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Contoso', 'company'],
      ['Kestrel', 'company'],
      ['Fabrikam Plover', 'product'],
    ];
    expect(rel('The lineup covers more than Contoso’s mainstream Kestrel offerings do.', names)).toEqual(['Contoso develops Kestrel']);
    expect(rel('Contoso’s rival Fabrikam Plover phones sold well.', names)).toEqual([]);
  });

  it('reads a job past a thing’s name that ends in a job title (a title taken for a name), not past another thing', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Ada Quinn', 'person'],
      ['Portfolio General Manager', 'product'],
      ['Kestrel Studio', 'product'],
      ['Contoso', 'company'],
    ];
    expect(rel('“Markets turn,” says Ada Quinn, Vice President and Regional General Manager at Contoso.', names)).toEqual([
      'Ada Quinn works_for Contoso',
    ]);
    expect(rel('Ada Quinn, a user of Kestrel Studio at Contoso, spoke.', names)).toEqual([]);
  });

  it('reads no acquisition, by rule or classifier, of a part of the second organization; a stake is money', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Contoso', 'company'],
      ['Fabrikam', 'company'],
    ];
    const shipped = (text: string) =>
      classifyRelations(text, mentionsOf(text, names), (m) => ({ name: m.text, type: m.type }))
        .relations.map((r) => `${r.from} ${r.label} ${r.to}`)
        .sort();
    expect(shipped('Contoso acquired a subsidiary of Fabrikam.')).toEqual([]);
    expect(shipped('Contoso bought Fabrikam’s chip unit for $2 billion.')).toEqual([]);
    expect(shipped('Fabrikam’s chip unit was bought by Contoso.')).toEqual([]);
    expect(shipped('Contoso acquired a 20% stake in Fabrikam.')).toEqual(['Contoso invested_in Fabrikam']);
    expect(shipped('Contoso has acquired Fabrikam for $2 billion.')).toEqual(['Contoso acquired Fabrikam']);
    expect(shipped('Fabrikam was acquired by the Contoso Group.')).toEqual(['Contoso acquired Fabrikam']);
  });

  it('reads a seat after two names and ", each of which is based in"', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Cedar Works', 'company'],
      ['Chile', 'location'],
    ];
    expect(rel('Members include Alder and Cedar Works, each of which is based in Chile.', names)).toEqual(['Cedar Works located_in Chile']);
    expect(rel('Cedar Works, none of which is based in Chile, grew.', names)).toEqual([]);
  });
});

describe('lists, possessives and affiliations', () => {
  it('reads list items each led by an article', () => {
    expect(
      rel('Contoso makes the Gizmo, the Widget and the Doohickey.', [
        ['Contoso', 'company'],
        ['Gizmo', 'product'],
        ['Widget', 'product'],
        ['Doohickey', 'product'],
      ]),
    ).toEqual(['Contoso develops Doohickey', 'Contoso develops Gizmo', 'Contoso develops Widget']);
  });

  it('reads people and organizations in one list of investors, not a person after a bare "and"', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Contoso', 'company'],
      ['Fabrikam', 'company'],
      ['Northwind', 'company'],
      ['Ada Quinn', 'person'],
    ];
    expect(rel("Contoso's investors include Fabrikam, Northwind and Ada Quinn.", names)).toEqual([
      'Ada Quinn invested_in Contoso',
      'Fabrikam invested_in Contoso',
      'Northwind invested_in Contoso',
    ]);
    expect(rel('Fabrikam invested in Contoso and Ada Quinn said so.', names)).toEqual(['Fabrikam invested_in Contoso']);
  });

  it("reads an institution named under its owner's possessive as part of it", () => {
    // A co-director of the center works for its owner too.
    expect(
      rel("Ada Quinn, co-director of Contoso's Lorentz Center, spoke.", [
        ['Ada Quinn', 'person'],
        ['Contoso', 'company'],
        ['Lorentz Center', 'company'],
      ]),
    ).toEqual(['Ada Quinn works_for Contoso', 'Ada Quinn works_for Lorentz Center', 'Lorentz Center subsidiary_of Contoso']);
    // Not a unit that is no institution of its own.
    expect(
      rel("Contoso's Cloud Group grew.", [
        ['Contoso', 'company'],
        ['Cloud Group', 'company'],
      ]),
    ).toEqual([]);
  });

  it("reads an organization's possessive right before a person as the person's employer", () => {
    expect(
      rel("Contoso's Ada Quinn said so.", [
        ['Contoso', 'company'],
        ['Ada Quinn', 'person'],
      ]),
    ).toEqual(['Ada Quinn works_for Contoso']);
  });

  it('reads a relative clause of teaching a subject at an organization as a job', () => {
    expect(
      rel('Ada Quinn, who teaches economics at Contoso University, said so.', [
        ['Ada Quinn', 'person'],
        ['Contoso University', 'company'],
      ]),
    ).toEqual(['Ada Quinn works_for Contoso University']);
  });
});
