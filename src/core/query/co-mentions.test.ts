// Questions answered from the pages entities share: "which companies are mentioned with X?"
// ranks by shared pages and cites them; "how are X and Y connected?" gives stated relations
// first, then the pages naming both with a sentence quoted, at a lower confidence.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../graph/ids';
import type { EntityType } from '../graph/types';
import { InMemoryGraphStore } from '../graph/memory-store';
import { NameIndex } from '../search/name-index';
import { answerQuestion, createQueryEngine } from './entity-query';
import { nameIndexSearch } from './name-index-search';
import { GraphBuilder } from './fixtures/graph-builder';
import { FIXTURE_NOW } from './fixtures/stripe-graph';

const ACQUIRES = 'Northwind buys Fabrikam';
const RIVALRY = 'The Contoso lawsuit';
const OFFICES = 'Fabrikam opens in Lisbon';

async function world(relations: ReadonlyArray<[string, string, string]> = []) {
  const store = new InMemoryGraphStore();
  const g = new GraphBuilder(store);
  const entities: ReadonlyArray<readonly [string, EntityType, number]> = [
    ['Northwind', 'company', 3],
    ['Fabrikam', 'company', 2],
    ['Contoso', 'company', 2],
    ['Ada Okafor', 'person', 2],
    ['Lisbon', 'location', 1],
    ['Kestrel', 'technology', 1],
  ];
  for (const [name, type, mentions] of entities) await g.entity({ name, type, mentions });
  await g.page({
    url: 'https://news.example/buy',
    title: ACQUIRES,
    capturedAt: FIXTURE_NOW - 3000,
    names: ['Northwind', 'Fabrikam', 'Ada Okafor'],
    sentences: ['Ada Okafor said Northwind would keep the Fabrikam brand.'],
  });
  await g.page({
    url: 'https://news.example/suit',
    title: RIVALRY,
    capturedAt: FIXTURE_NOW - 2000,
    names: ['Northwind', 'Fabrikam', 'Contoso'],
    sentences: [
      'The trial opened on Monday.',
      'Contoso sued Northwind over the design of its pumps.',
      'Fabrikam was not part of the suit.',
    ],
  });
  await g.page({
    url: 'https://news.example/lisbon',
    title: OFFICES,
    capturedAt: FIXTURE_NOW - 1000,
    names: ['Fabrikam', 'Lisbon', 'Kestrel'],
  });
  for (const [from, label, to] of relations) await g.relate(from, label, to);
  const search = await NameIndex.load(store);
  const engine = createQueryEngine({ store, clock: fixedClock(FIXTURE_NOW), nameSearch: nameIndexSearch(search, store) });
  return async (q: string) => answerQuestion(q, { engine, store });
}

describe('"which companies are mentioned with X?" reads the pages X is on', () => {
  it('lists the companies of those pages, the most shared first, each with its pages', async () => {
    const ask = await world();
    const a = await ask('Which companies are mentioned with Northwind?');
    expect(a.blocks).toEqual([
      { kind: 'paragraph', text: '2 companies share a page with Northwind in your graph, the most shared first:' },
      { kind: 'list', items: [`Fabrikam, on 2 pages: “${RIVALRY}” and “${ACQUIRES}”`, `Contoso, on 1 page: “${RIVALRY}”`] },
    ]);
    expect(a.confidence).toBe('high');
    expect(a.sources.map((s) => s.name)).toEqual(['Fabrikam', 'Contoso', 'Northwind']);
    for (const q of ['Which companies share a page with Northwind?', 'What companies appear together with Northwind?'])
      expect((await ask(q)).blocks, q).toEqual(a.blocks);
  });

  it('keeps to the type asked, and writes one sentence for one entity', async () => {
    const ask = await world();
    const a = await ask('Which people are mentioned with Northwind?');
    expect(a.answer).toBe(`Ada Okafor shares 1 page with Northwind in your graph: “${ACQUIRES}”.`);
  });

  it('says plainly when no entity of that type shares a page', async () => {
    const ask = await world();
    const a = await ask('Which people are mentioned with Contoso?');
    expect(a.answer).toBe('No person shares a page with Contoso in your graph.');
    expect(a.confidence).not.toBe('high');
  });

  it('finds a misspelt name, at medium confidence', async () => {
    const ask = await world();
    const a = await ask('Which companies are mentioned with Nortwind?');
    expect(a.blocks?.[1]).toEqual({ kind: 'list', items: expect.arrayContaining([`Contoso, on 1 page: “${RIVALRY}”`]) });
    expect(a.confidence).toBe('medium');
  });
});

describe('"how are X and Y connected?" gives stated relations first, then shared pages', () => {
  it('states a direct relation, at high confidence, even when they also share a page', async () => {
    const ask = await world([['Northwind', 'acquired', 'Fabrikam']]);
    const a = await ask('How are Northwind and Fabrikam connected?');
    expect(a.answer).toBe('Northwind and Fabrikam are connected in 1 step: Northwind acquired Fabrikam.');
    expect(a.confidence).toBe('high');
  });

  it('follows a chain of stated relations before a co-mention link', async () => {
    const ask = await world([
      ['Contoso', 'mentioned_with', 'Kestrel'],
      ['Contoso', 'uses', 'Lisbon'],
      ['Fabrikam', 'located_in', 'Lisbon'],
      ['Fabrikam', 'develops', 'Kestrel'],
    ]);
    const a = await ask('What is the connection between Contoso and Kestrel?');
    expect(a.answer).toBe(
      'Contoso and Kestrel are connected in 3 steps: Contoso uses Lisbon; Fabrikam is located in Lisbon; Fabrikam develops Kestrel.',
    );
  });

  it('without a stated relation, cites the pages naming both and quotes the sentence that names both, at lower confidence', async () => {
    const ask = await world();
    const a = await ask('How are Contoso and Northwind connected?');
    expect(a.answer).toBe(
      `Your graph states no relation between Contoso and Northwind, but they are mentioned together on 1 page you captured: “${RIVALRY}”. “Contoso sued Northwind over the design of its pumps.” (“${RIVALRY}”)`,
    );
    expect(a.confidence).toBe('medium');
    const typo = await ask('What is the connection between Contosso and Northwind?');
    expect(typo.answer).toContain('mentioned together on 1 page you captured');
    expect(typo.confidence).toBe('low');
  });

  it('says there is no connection when nothing links them and no page names both', async () => {
    const ask = await world();
    const a = await ask('How are Lisbon and Ada Okafor connected?');
    expect(a.answer).toBe(
      'Your graph has no connection between Lisbon and Ada Okafor: no stated relation within 4 steps, and no page you captured names both.',
    );
    expect(a.confidence).toBe('low');
  });
});
