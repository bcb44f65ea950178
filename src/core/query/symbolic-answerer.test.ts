// The symbolic answerer on a question set with expected answers: the tool reference's
// Stripe/Rust graph, then a generated graph whose facts are known by construction.
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../graph/ids';
import type { GraphStore } from '../graph/store';
import { InMemoryGraphStore } from '../graph/memory-store';
import { NameIndex } from '../search/name-index';
import { createQueryEngine } from './entity-query';
import { nameIndexSearch } from './name-index-search';
import { blocksText } from './query-response';
import { buildGeneratedGraph, type GeneratedFacts } from './fixtures/generated-graph';
import { buildStripeGraph, FIXTURE_NOW, STRIPE_PAGE } from './fixtures/stripe-graph';
import type { QueryEngine } from './query-engine';

interface Case {
  readonly q: string;
  readonly contains: readonly string[];
  readonly absent?: readonly string[];
  readonly confidence: 'high' | 'medium' | 'low';
  readonly sources?: readonly string[];
}

const STRIPE_CASES: readonly Case[] = [
  {
    q: 'what do we know about Stripe?',
    contains: ['Stripe is a payments company founded in 2010', 'uses Rust', 'acquired Paystack', 'competes with Square'],
    confidence: 'high',
    sources: ['Stripe'],
  },
  {
    q: 'which companies use Rust?',
    contains: ['Stripe', 'Cloudflare'],
    absent: ['Tokio', 'Mozilla'],
    confidence: 'high',
    sources: ['Rust', 'Stripe', 'Cloudflare'],
  },
  { q: 'Who founded Stripe?', contains: ['Patrick Collison', 'John Collison'], confidence: 'high' },
  { q: 'who leads Stripe?', contains: ['Patrick Collison (CEO)'], confidence: 'high' },
  { q: 'who works at Stripe?', contains: ['Patrick Collison'], confidence: 'high' },
  { q: 'where is Stripe?', contains: ['San Francisco'], confidence: 'high' },
  { q: 'where is Paystack based?', contains: ['Lagos'], confidence: 'high' },
  {
    q: 'How are Paystack and Patrick Collison connected?',
    contains: ['2 steps', 'Stripe acquired Paystack'],
    confidence: 'high',
    sources: ['Paystack', 'Patrick Collison', 'Stripe'],
  },
  { q: 'list all companies', contains: ['5 companies', 'Stripe', 'Square', 'Cloudflare', 'Paystack', 'Mozilla'], confidence: 'high' },
  { q: 'which technologies do we have?', contains: ['4 technologies', 'Rust', 'Tokio', 'LLVM', 'Ruby'], confidence: 'high' },
  {
    q: 'what are the most connected entities?',
    contains: ['- Stripe, with 8 relationships', '- Rust, with 5 relationships'],
    confidence: 'high',
  },
  { q: 'what did I capture from this page?', contains: ['About Stripe', 'Patrick Collison'], confidence: 'high' },
  { q: 'what did I capture today?', contains: ['1 page today', 'About Stripe'], absent: ['Rust in production'], confidence: 'high' },
  { q: 'what does Stripe use?', contains: ['Stripe uses 2 technologies: Rust and Ruby.'], confidence: 'high' },
  { q: 'which company acquired Paystack?', contains: ['Stripe'], confidence: 'high' },
  { q: 'which people work at Stripe?', contains: ['Patrick Collison'], confidence: 'high' },
  { q: 'who is Patrick Collison?', contains: ['Patrick Collison is a person', 'working as CEO'], confidence: 'high' },
  { q: 'what do we know about stripe inc', contains: ['Stripe is a payments company'], confidence: 'high' },
  { q: 'who founded Tesla?', contains: ['nothing about "Tesla"'], confidence: 'low', sources: [] },
  // A typo finds the entity through the name search, at medium confidence: the name was not exact.
  { q: 'who founded strpie', contains: ['Stripe was founded by 2 people: ', 'Patrick Collison'], confidence: 'medium' },
  { q: 'where is paystak?', contains: ['Paystack is', 'Lagos'], confidence: 'medium' },
  // Far from every name: not a guess.
  { q: 'who founded Stravinsky?', contains: ['nothing about "Stravinsky"'], confidence: 'low', sources: [] },
  { q: 'which companies use Haskell?', contains: ['nothing about "Haskell"'], confidence: 'low' },
  { q: 'who founded Paystack?', contains: ['does not say who founded it'], confidence: 'low' },
  { q: 'blorp zib?', contains: ['could not read this question'], confidence: 'low', sources: [] },
];

describe('symbolic answerer on the reference example graph', () => {
  let store: GraphStore;
  let engine: QueryEngine;
  beforeAll(async () => {
    store = (await buildStripeGraph()).store;
    // The extension's name search: the typo-tolerant index the search box uses.
    engine = createQueryEngine({ store, clock: fixedClock(FIXTURE_NOW), nameSearch: nameIndexSearch(await NameIndex.load(store), store) });
  });

  for (const c of STRIPE_CASES) {
    it(`answers "${c.q}"`, async () => {
      const { answer } = await engine.executeQuery(c.q, { pageUrl: STRIPE_PAGE });
      for (const text of c.contains) expect(answer.content).toContain(text);
      for (const text of c.absent ?? []) expect(answer.content).not.toContain(text);
      expect(answer.confidence).toBe(c.confidence);
      if (c.sources) expect(answer.sources.map((s) => s.name)).toEqual(expect.arrayContaining([...c.sources]));
      if (c.sources?.length === 0) expect(answer.sources).toEqual([]);
      expect(answer.suggestedFollowUps.length).toBeGreaterThanOrEqual(1);
      expect(answer.suggestedFollowUps.length).toBeLessThanOrEqual(3);
    });
  }

  it('answers a list as a list: a heading paragraph, then one item per name, the same words as the text', async () => {
    const { answer } = await engine.executeQuery('list all companies');
    expect(answer.blocks?.[0]).toEqual({ kind: 'paragraph', text: 'Your graph has 5 companies:' });
    const list = answer.blocks?.[1];
    expect(list?.kind === 'list' ? [...list.items].sort() : []).toEqual(['Cloudflare', 'Mozilla', 'Paystack', 'Square', 'Stripe']);
    expect(answer.content).toBe(blocksText(answer.blocks ?? []));
  });

  it('counts every page captured today, and says it lists only the newest', async () => {
    const many = new InMemoryGraphStore();
    for (let i = 0; i < 17; i++) {
      await many.putPage({
        url: `https://news.example/${i}`,
        title: `Story ${i}`,
        site: 'news.example',
        capturedAt: FIXTURE_NOW - 60_000 * (i + 1),
        entityIds: [],
        relationshipIds: [],
      });
    }
    await many.putPage({
      url: 'https://news.example/yesterday',
      title: 'Old story',
      site: 'news.example',
      capturedAt: FIXTURE_NOW - 86_400_000,
      entityIds: [],
      relationshipIds: [],
    });
    const { answer } = await createQueryEngine({ store: many, clock: fixedClock(FIXTURE_NOW) }).executeQuery('What did I read today?');
    expect(answer.blocks?.[0]).toEqual({
      kind: 'paragraph',
      text: 'You captured 17 pages today. Here are the 10 most recent, with what each gave your graph:',
    });
    const list = answer.blocks?.[1];
    expect(list?.kind === 'list' ? list.items : []).toEqual(Array.from({ length: 10 }, (_, i) => `Story ${i}: no entities`));
    expect(answer.content).not.toContain('Old story');
  });

  it('cites the pages of its sources', async () => {
    const { answer } = await engine.executeQuery('what do we know about Stripe?');
    expect(answer.sources[0]?.pages.map((p) => p.url)).toEqual(expect.arrayContaining([STRIPE_PAGE]));
  });

  it('asks for more information through the capabilities instead of reading the store', async () => {
    const result = await engine.executeQuery('who leads Stripe?');
    const history = await engine.getQueryById(result.queryId);
    const asked = history?.infoRequests.flatMap((r) => r.requests.map((q) => q.capabilityId));
    expect(asked).toEqual(['EXPAND_ENTITY', 'EXPAND_ENTITIES']);
  });

  it('is deterministic: the same question gives the same answer', async () => {
    const a = await engine.executeQuery('how are Lagos and Mozilla connected?');
    const b = await engine.executeQuery('how are Lagos and Mozilla connected?');
    expect(a.answer).toEqual(b.answer);
    expect(a.answer.content).toContain('4 steps');
  });

  it('says it does not know which page the user is on when asked without one', async () => {
    const { answer } = await engine.executeQuery('what did I capture from this page?');
    expect(answer.confidence).toBe('low');
    expect(answer.content).toContain('do not know which page');
  });

  it('answers from what it has, at low confidence, when the loop allows no requests', async () => {
    const { answer, answererCalls } = await engine.executeQuery('who founded Stripe?', { config: { maxInfoRequests: 0 } });
    expect(answer.confidence).toBe('low');
    expect(answererCalls).toBe(2);
    expect(answer.content).not.toContain('Patrick');
  });
});

describe('symbolic answerer on a generated graph (1,000 entities)', () => {
  let store: GraphStore;
  let facts: GeneratedFacts;
  let engine: QueryEngine;
  beforeAll(async () => {
    const built = await buildGeneratedGraph(1000);
    store = built.builder.store;
    facts = built.facts;
    engine = createQueryEngine({ store, clock: fixedClock(FIXTURE_NOW) });
  });

  it('finds exactly the companies that use a technology', async () => {
    for (const tech of facts.technologies.slice(0, 12)) {
      const expected = facts.usedBy.get(tech) ?? [];
      const { answer } = await engine.executeQuery(`which companies use ${tech}?`);
      if (expected.length === 0) {
        expect(answer.confidence).toBe('low');
        continue;
      }
      expect(answer.confidence).toBe('high');
      for (const c of expected.slice(0, 8)) expect(answer.content).toContain(c);
    }
  });

  it('names the founder and the city of companies', async () => {
    for (const company of facts.companies.slice(0, 10)) {
      const who = await engine.executeQuery(`who founded ${company}?`);
      expect(who.answer.content).toContain(facts.founder.get(company) ?? '?');
      const where = await engine.executeQuery(`where is ${company}?`);
      expect(where.answer.content).toContain(facts.city.get(company) ?? '?');
    }
  });

  it('counts entities of a type', async () => {
    const { answer } = await engine.executeQuery('list the companies');
    expect(answer.content).toContain(`${facts.companies.length} companies`);
  });
});
