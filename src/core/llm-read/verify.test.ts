import { describe, expect, it } from 'vitest';
import type { Extraction } from './schema';
import { droppedTotal, verifyFindings } from './verify';

const PAGE = [
  'Stripe is a financial services company.',
  'Stripe was founded by Patrick Collison and John Collison in 2010.',
  "The company's headquarters are in San Francisco, California.",
  'Stripe uses Ruby for much of its backend.',
].join(' ');

const none = {
  entitiesNotInPage: 0,
  aliasesNotInPage: 0,
  relationsNotInPage: 0,
  relationsEndsNotInSentence: 0,
  relationsEndsNotEntities: 0,
};

function entity(
  name: string,
  type: Extraction['entities'][number]['type'] = 'other',
  aliases: string[] = [],
): Extraction['entities'][number] {
  return { name, type, aliases };
}

describe('verifyFindings keeps only what the page says', () => {
  it("keeps entities and relations the page states, with the page's own sentence", () => {
    const out = verifyFindings(
      [
        {
          entities: [entity('Stripe', 'company'), entity('Patrick Collison', 'person'), entity('Ruby', 'technology')],
          relations: [
            // Typography differs from the page (quotes, case, spacing): still the page's sentence.
            {
              from: 'Stripe',
              label: 'founded_by',
              to: 'Patrick Collison',
              sentence: '“stripe was founded by  Patrick Collison and John Collison in 2010”',
            },
            { from: 'Stripe', label: 'uses', to: 'Ruby', sentence: 'Stripe uses Ruby for much of its backend.' },
          ],
        },
      ],
      PAGE,
    );
    expect(out.entities.map((e) => e.name)).toEqual(['Stripe', 'Patrick Collison', 'Ruby']);
    expect(out.relations).toEqual([
      {
        from: 'Stripe',
        label: 'founded_by',
        to: 'Patrick Collison',
        sentence: 'Stripe was founded by Patrick Collison and John Collison in 2010.',
      },
      { from: 'Stripe', label: 'uses', to: 'Ruby', sentence: 'Stripe uses Ruby for much of its backend.' },
    ]);
    expect(out.entities[1]?.snippet).toBe('Stripe was founded by Patrick Collison and John Collison in 2010.');
    expect(out.dropped).toEqual(none);
  });

  it('drops and counts each kind of invention', () => {
    const out = verifyFindings(
      [
        {
          entities: [
            entity('Stripe', 'company', ['Stripe Payments Ltd']), // alias the page never writes
            entity('Patrick Collison', 'person'),
            entity('Elon Musk', 'person'), // not in the page
            entity('San Francisco', 'location'),
          ],
          relations: [
            { from: 'Stripe', label: 'founded_by', to: 'Elon Musk', sentence: 'Stripe was founded by Elon Musk.' }, // quote not in the page
            { from: 'Stripe', label: 'founded_by', to: 'Patrick Collison', sentence: 'Stripe was founded by Patrick Collison' }, // a truncated quote is still the page's text
            { from: 'Stripe', label: 'located_in', to: 'San Francisco', sentence: 'Stripe uses Ruby for much of its backend.' }, // ends not in the sentence
            {
              from: 'John Collison',
              label: 'works_for',
              to: 'Stripe',
              sentence: 'Stripe was founded by Patrick Collison and John Collison in 2010.',
            }, // end not among the entities
            { from: 'Stripe', label: 'uses', to: 'Stripe', sentence: 'Stripe uses Ruby for much of its backend.' }, // one entity
          ],
        },
      ],
      PAGE,
    );
    expect(out.entities.map((e) => e.name)).toEqual(['Stripe', 'Patrick Collison', 'San Francisco']);
    expect(out.entities[0]?.aliases).toEqual([]);
    expect(out.relations.map((r) => `${r.from} ${r.label} ${r.to}`)).toEqual(['Stripe founded_by Patrick Collison']);
    expect(out.dropped).toEqual({
      entitiesNotInPage: 1,
      aliasesNotInPage: 1,
      relationsNotInPage: 1,
      relationsEndsNotInSentence: 1,
      relationsEndsNotEntities: 2,
    });
    expect(droppedTotal(out.dropped)).toBe(6);
  });

  it("drops a paraphrase: the sentence must be the page's words", () => {
    const out = verifyFindings(
      [
        {
          entities: [entity('Stripe'), entity('Patrick Collison')],
          relations: [{ from: 'Stripe', label: 'founded_by', to: 'Patrick Collison', sentence: 'Patrick Collison founded Stripe.' }],
        },
      ],
      PAGE,
    );
    expect(out.relations).toEqual([]);
    expect(out.dropped.relationsNotInPage).toBe(1);
  });

  it('a quote must lie inside one sentence; a stop after an initial ("U.S.", "J.") or before a lowercase word does not end one', () => {
    const page = 'Maria Tamm lives in Tartu. Globex Paper is a U.S. company run by J. Smith in Boston. It sells paper.';
    const relation = (from: string, label: 'located_in' | 'works_for', to: string, sentence: string) => ({ from, label, to, sentence });
    const out = verifyFindings(
      [
        {
          entities: [entity('Maria Tamm'), entity('Tartu'), entity('Globex Paper'), entity('J. Smith'), entity('Boston')],
          relations: [
            relation('Globex Paper', 'located_in', 'Tartu', 'lives in Tartu. Globex Paper'),
            relation('Globex Paper', 'located_in', 'Boston', 'Globex Paper is a U.S. company run by J. Smith in Boston'),
            relation('J. Smith', 'works_for', 'Globex Paper', 'Globex Paper is a U.S. company run by J. Smith'),
          ],
        },
      ],
      page,
    );
    const sentence = 'Globex Paper is a U.S. company run by J. Smith in Boston.';
    expect(out.relations).toEqual([
      { from: 'Globex Paper', label: 'located_in', to: 'Boston', sentence },
      { from: 'J. Smith', label: 'works_for', to: 'Globex Paper', sentence },
    ]);
    expect(out.dropped.relationsNotInPage).toBe(1);
  });

  it('matches whole words only: a name inside another word is not in the page', () => {
    const out = verifyFindings([{ entities: [entity('Strip'), entity('Rub')], relations: [] }], PAGE);
    expect(out.entities).toEqual([]);
    expect(out.dropped.entitiesNotInPage).toBe(2);
  });

  it('reads an abbreviation with or without its last dot as the same name', () => {
    const out = verifyFindings(
      [{ entities: [entity('U.S', 'location'), entity('U.K.', 'location')], relations: [] }],
      'Orders grew across the U.S. and the U.K over May.',
    );
    expect(out.entities.map((e) => e.name)).toEqual(['U.S', 'U.K.']);
  });

  it('merges one entity found in several chunks, aliases joined', () => {
    const page = 'International Business Machines, known as IBM, is old. IBM makes mainframes.';
    const out = verifyFindings(
      [
        { entities: [entity('International Business Machines', 'company', ['IBM'])], relations: [] },
        { entities: [entity('international business machines', 'product')], relations: [] },
      ],
      page,
    );
    expect(out.entities).toEqual([
      {
        name: 'International Business Machines',
        type: 'company',
        aliases: ['IBM'],
        snippet: 'International Business Machines, known as IBM, is old.',
      },
    ]);
  });
});
