// Co-occurrence links (`mentioned_with`) show a neighbourhood but never answer
// a typed question; and the question words added for the page gold's templates.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { answerQuestion, createQueryEngine } from './entity-query';
import { GraphBuilder } from './fixtures/graph-builder';
import { FIXTURE_NOW } from './fixtures/stripe-graph';
import { pluralVerbPhrase, verbPhrase } from './sentences';

async function graph(relations: ReadonlyArray<[string, string, string]>) {
  const store = new InMemoryGraphStore();
  const g = new GraphBuilder(store);
  await g.entity({ name: 'Northwind', type: 'company', mentions: 3 });
  await g.entity({ name: 'Fabrikam', type: 'company', mentions: 2 });
  await g.entity({ name: 'Ada Okafor', type: 'person', mentions: 2 });
  await g.entity({ name: 'Lisbon', type: 'location', mentions: 1 });
  await g.entity({ name: 'Kestrel', type: 'technology', mentions: 1 });
  for (const [from, label, to] of relations) await g.relate(from, label, to);
  const engine = createQueryEngine({ store, clock: fixedClock(FIXTURE_NOW) });
  return async (q: string) => (await answerQuestion(q, { engine, store })).answer;
}

const QUESTIONS: ReadonlyArray<[string, string]> = [
  ['Who founded Northwind?', 'Ada Okafor'],
  ['Who is the CEO of Northwind?', 'Ada Okafor'],
  ['Where is Northwind located?', 'Lisbon'],
  ['Who does Ada Okafor work for?', 'Northwind'],
  ['What does Northwind use?', 'Kestrel'],
  ['What does Northwind develop?', 'Kestrel'],
  ['Who owns Fabrikam?', 'Northwind'],
  ['What did Northwind acquire?', 'Fabrikam'],
  ['Who does Northwind compete with?', 'Fabrikam'],
];

describe('mentioned_with never answers a typed question', () => {
  it('answers none of the templated questions from co-occurrence alone', async () => {
    const ask = await graph([
      ['Northwind', 'mentioned_with', 'Ada Okafor'],
      ['Northwind', 'mentioned_with', 'Lisbon'],
      ['Ada Okafor', 'mentioned_with', 'Northwind'],
      ['Northwind', 'mentioned_with', 'Kestrel'],
      ['Fabrikam', 'mentioned_with', 'Northwind'],
      ['Northwind', 'mentioned_with', 'Fabrikam'],
    ]);
    for (const [q, name] of QUESTIONS) expect(await ask(q), q).not.toContain(name);
  });

  it('answers them from typed relations (the control: the same questions can be right)', async () => {
    const ask = await graph([
      ['Northwind', 'founded_by', 'Ada Okafor'],
      ['Ada Okafor', 'ceo_of', 'Northwind'],
      ['Northwind', 'located_in', 'Lisbon'],
      ['Northwind', 'uses', 'Kestrel'],
      ['Fabrikam', 'subsidiary_of', 'Northwind'],
      ['Northwind', 'competes_with', 'Fabrikam'],
    ]);
    for (const [q, name] of QUESTIONS.filter(([q]) => !/develop|work for/.test(q))) expect(await ask(q), q).toContain(name);
    // "What did Northwind acquire?" reads the subsidiary edge the other way round, and states it as stored.
    expect(await ask('What did Northwind acquire?')).toBe('Fabrikam is a subsidiary of Northwind.');
    expect(await ask('Who owns Fabrikam?')).toBe('Fabrikam is a subsidiary of Northwind.');
  });

  it('reads develops/makes and works_for/employs edges for the gold templates', async () => {
    const ask = await graph([
      ['Northwind', 'makes', 'Kestrel'],
      ['Northwind', 'employs', 'Ada Okafor'],
    ]);
    expect(await ask('What does Northwind develop?')).toContain('Kestrel');
    expect(await ask('Who does Ada Okafor work for?')).toContain('Northwind');
  });
});

describe('questions about what is mentioned together', () => {
  it('"Which companies are mentioned with X?" without shared pages lists the linked ones, the stated relation first', async () => {
    const ask = await graph([
      ['Northwind', 'mentioned_with', 'Fabrikam'],
      ['Ada Okafor', 'mentioned_with', 'Northwind'],
      ['Northwind', 'located_in', 'Lisbon'],
      ['Fabrikam', 'competes_with', 'Northwind'],
    ]);
    const answer = await ask('Which companies are mentioned with Northwind?');
    expect(answer).toBe(
      'No company shares a page with Northwind in your graph, but these are linked to it:\n\n- Fabrikam competes with Northwind',
    );
    const all = await ask('What is mentioned with Northwind?');
    for (const name of ['Fabrikam', 'Ada Okafor', 'Lisbon']) expect(all).toContain(name);
  });

  it('says so in plain words when nothing is mentioned with it', async () => {
    const ask = await graph([['Northwind', 'mentioned_with', 'Ada Okafor']]);
    expect(await ask('Which companies are mentioned with Northwind?')).toBe('No company shares a page with Northwind in your graph.');
  });
});

describe('co-mentions read as plain sentences', () => {
  it('describes and connects through mentioned_with with "is mentioned with"', async () => {
    const ask = await graph([
      ['Northwind', 'mentioned_with', 'Fabrikam'],
      ['Fabrikam', 'uses', 'Kestrel'],
    ]);
    expect(await ask('What do we know about Northwind?')).toContain('It is mentioned with Fabrikam.');
    const path = await ask('How are Northwind and Kestrel connected?');
    expect(path).toContain('Northwind is mentioned with Fabrikam');
    expect(path).toContain('Fabrikam uses Kestrel');
  });
});

describe('labels of a role read with an article', () => {
  it('says "is a subsidiary of" and "are subsidiaries of"', () => {
    expect(verbPhrase('subsidiary_of')).toBe('is a subsidiary of');
    expect(pluralVerbPhrase('subsidiary_of')).toBe('are subsidiaries of');
    expect(pluralVerbPhrase('member_of')).toBe('are members of');
    expect(verbPhrase('ceo_of')).toBe('is CEO of');
  });
});
