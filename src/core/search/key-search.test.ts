import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import type { GraphStore } from '../graph/store';
import { searchByKeys } from './key-search';
import { NameIndex } from './name-index';

async function graphOf(names: readonly (readonly [string, 'person' | 'company', string[]?])[]) {
  const store = new InMemoryGraphStore();
  const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
  for (const [name, type, aliases] of names) await graph.createEntity({ name, type, ...(aliases ? { aliases } : {}) });
  return { store, graph };
}

const PEOPLE = [
  ['James Smith', 'person'],
  ['Jane Smith', 'person'],
  ['Mary Johnson', 'person'],
  ['Stripe', 'company', ['Stripe, Inc.']],
  ['Stride Labs', 'company'],
  ['Acme Robotics', 'company'],
] as const;

describe('searchByKeys (the persisted key index)', () => {
  it('finds exact names, aliases and one-letter typos, scored as the in-memory index scores them', async () => {
    const { store } = await graphOf(PEOPLE.map(([n, t, a]) => [n, t, a ? [...a] : undefined]));
    const index = await NameIndex.load(store);
    for (const query of ['James Smith', 'Jmes Smith', 'Stripe, Inc.', 'Acme Robotcs', 'mary johnson']) {
      const byKeys = await searchByKeys(store, query, { limit: 3 });
      const inMemory = index.search(query, { limit: 3 });
      expect(byKeys[0], query).toEqual(inMemory[0]);
    }
  });

  it("finds a typo'd name created after 1,500 people sharing its surname token and most of its bands", async () => {
    // Invented names: 1,500 people whose first names differ from the one asked for by their last letters (fewer than a
    // key's read of 2,000 ids: past it a key gives its oldest ids, and 3,000 such namesakes push the name out).
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
    const endings = ['a', 'o', 'y', 'us', 'ia', 'er'];
    for (let i = 0; i < 1500; i++)
      await graph.createEntity({ name: `Ottolin${endings[i % endings.length] ?? ''} Brandvik`, type: 'person' });
    await graph.createEntity({ name: 'Ottoline Brandvik', type: 'person' });
    const hits = await searchByKeys(store, 'Otoline Brandvik', { limit: 5 });
    expect(hits[0]?.name).toBe('Ottoline Brandvik');
  });

  it('keeps to the types and the limit asked for, and finds nothing for an unrelated name', async () => {
    const { store } = await graphOf(PEOPLE.map(([n, t]) => [n, t]));
    expect((await searchByKeys(store, 'Smith', { types: ['company'] })).map((h) => h.name)).toEqual([]);
    expect(await searchByKeys(store, 'Smith', { limit: 1 })).toHaveLength(1);
    expect(await searchByKeys(store, 'Zyxwvut Qponm', { minScore: 0.65 })).toEqual([]);
  });
});

/** A store that counts what a start reads. */
function counting(store: GraphStore): { store: GraphStore; listed: () => number } {
  let listed = 0;
  const wrapped = Object.create(store) as GraphStore;
  wrapped.listEntities = async (options) => {
    listed++;
    return store.listEntities(options);
  };
  return { store: wrapped, listed: () => listed };
}

describe('NameIndex.follow (nothing read at start)', () => {
  it('above maxInMemory: no entity is read, searches use the keys, and new entities are found', async () => {
    const { store, graph } = await graphOf(PEOPLE.map(([n, t]) => [n, t]));
    const spy = counting(store);
    const { index, filled } = NameIndex.follow(spy.store, graph, { fallback: (q, o) => searchByKeys(store, q, o), maxInMemory: 3 });
    expect(await filled).toBe(false);
    expect(spy.listed()).toBe(0);
    expect(index.complete).toBe(false);
    expect(index.size).toBe(0);
    await graph.createEntity({ name: 'Okonkwo Mensah', type: 'person' });
    expect((await index.find('Okonkwo Mensa'))[0]?.name).toBe('Okonkwo Mensah');
  });

  it('small graphs: answers from the keys at once, then from memory once filled; a change during the fill wins', async () => {
    const { store, graph } = await graphOf(PEOPLE.map(([n, t]) => [n, t]));
    const stripe = (await searchByKeys(store, 'Stripe'))[0];
    if (!stripe) throw new Error('fixture');
    // The fill's page is read, then held until the test lets it go.
    let release = (): void => undefined;
    const gate = new Promise<void>((done) => (release = done));
    let pageRead = (): void => undefined;
    const read = new Promise<void>((done) => (pageRead = done));
    const held = Object.create(store) as GraphStore;
    held.listEntities = async (options) => {
      const page = await store.listEntities(options);
      pageRead();
      await gate;
      return page;
    };
    const { index, filled } = NameIndex.follow(held, graph, { fallback: (q, o) => searchByKeys(store, q, o), maxInMemory: 100 });
    expect(index.complete).toBe(false);
    expect((await index.find('Jmes Smith'))[0]?.name).toBe('James Smith');
    // Renamed after the fill read its page and before it used it: the old name must not come back.
    await read;
    await graph.updateEntity(stripe.id, { name: 'Stripe Payments' });
    release();
    expect(await filled).toBe(true);
    expect(index.search('Stripe', { limit: 5, minScore: 0.99 }).map((h) => h.name)).not.toContain('Stripe');
    expect(index.complete).toBe(true);
    expect(index.size).toBe(PEOPLE.length);
    const hit = (await index.find('Stripe Payments'))[0];
    expect(hit?.name).toBe('Stripe Payments');
    expect(index.search('Stripe Payments', { limit: 1 })).toEqual([hit]);
  });

  it('a filled index whose graph grows past maxInMemory (a large import) empties itself and searches the keys again', async () => {
    const { store, graph } = await graphOf(PEOPLE.map(([n, t]) => [n, t]));
    const { index, filled } = NameIndex.follow(store, graph, {
      fallback: (q, o) => searchByKeys(store, q, o),
      maxInMemory: PEOPLE.length + 1,
    });
    expect(await filled).toBe(true);
    await graph.createEntity({ name: 'Okonkwo Mensah', type: 'person' });
    expect(index.size).toBe(PEOPLE.length + 1);
    // An import writes past the bound, telling the index as the import session does.
    const more = await graph.createEntity({ name: 'Thandiwe Oyelaran', type: 'person' });
    index.upsert(more);
    expect(index.size).toBe(0);
    expect(index.complete).toBe(false);
    expect((await index.find('Thandiwe Oyelaran'))[0]?.name).toBe('Thandiwe Oyelaran');
    index.upsert({ id: more.id, name: 'Thandiwe Oyelaran', type: 'person', aliases: [] });
    expect(index.size).toBe(0);
  });
});
