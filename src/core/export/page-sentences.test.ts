// The page record's sentences on both stores: recordPage bounds them,
// the store keeps them, export carries them and import checks their bounds.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AriadneDatabase } from '../../adapters/dexie/database';
import { DexieGraphStore } from '../../adapters/dexie/dexie-graph-store';
import { AriadneError } from '../errors';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { MAX_PAGE_SENTENCE_BYTES, MAX_PAGE_SENTENCES, MAX_SENTENCE_CHARS, utf8Bytes } from '../graph/page-sentences';
import { GraphService } from '../graph/service';
import type { GraphStore } from '../graph/store';
import { NameIndex } from '../search/name-index';
import { createRegistry } from '../tools/index';
import { dumpGraph } from './dump';

let databases: AriadneDatabase[] = [];
let counter = 0;
afterEach(async () => {
  for (const db of databases) await db.delete();
  databases = [];
});

const STORES: [string, () => GraphStore][] = [
  ['in-memory store', () => new InMemoryGraphStore()],
  [
    'Dexie store',
    () => {
      const db = new AriadneDatabase(`page-sentences-${++counter}`);
      databases.push(db);
      return new DexieGraphStore(db);
    },
  ],
];

async function world(store: GraphStore) {
  const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
  const search = await NameIndex.load(store);
  search.attach(graph);
  return { store, graph, registry: createRegistry({ graph, store, search }) };
}

describe.each(STORES)('page sentences on the %s', (_label, makeStore) => {
  it('recordPage keeps them within the bounds, and a later record without them keeps the stored ones', async () => {
    const { store, graph } = await world(makeStore());
    const long = Array.from({ length: 400 }, (_, i) => `Sentence ${i} about Acme ${'é'.repeat(400)}.`);
    await graph.recordPage({ url: 'https://example.com/a', title: 'A', sentences: long });
    const page = await store.getPage('https://example.com/a');
    const kept = page?.sentences ?? [];
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(MAX_PAGE_SENTENCES);
    expect(kept.every((s) => s.length <= MAX_SENTENCE_CHARS)).toBe(true);
    expect(kept.reduce((n, s) => n + utf8Bytes(s), 0)).toBeLessThanOrEqual(MAX_PAGE_SENTENCE_BYTES);
    await graph.recordPage({ url: 'https://example.com/a', title: 'A' });
    expect((await store.getPage('https://example.com/a'))?.sentences).toEqual(kept);
    await graph.recordPage({ url: 'https://example.com/a', title: 'A', sentences: [] });
    expect((await store.getPage('https://example.com/a'))?.sentences).toBeUndefined();
  });

  it('export carries them and import restores them', async () => {
    const a = await world(makeStore());
    await a.graph.recordPage({ url: 'https://example.com/a', title: 'A', sentences: ['Acme acquired Contoso.', 'Ada leads Acme.'] });
    const dump = await dumpGraph(a.store);
    expect(dump.pages[0]?.sentences).toEqual(['Acme acquired Contoso.', 'Ada leads Acme.']);
    const b = await world(makeStore());
    await b.registry.call('graph_import', { mode: 'restore', records: JSON.parse(JSON.stringify(dump)) }, { caller: { kind: 'test' } });
    expect((await b.store.getPage('https://example.com/a'))?.sentences).toEqual(['Acme acquired Contoso.', 'Ada leads Acme.']);
  });

  it('import refuses a page with more sentence text than the bounds', async () => {
    const b = await world(makeStore());
    const page = {
      url: 'https://example.com/a',
      title: 'A',
      site: 'example.com',
      capturedAt: 1,
      entityIds: [],
      relationshipIds: [],
      sentences: Array.from({ length: 150 }, () => 'x'.repeat(MAX_SENTENCE_CHARS)),
    };
    const records = { entities: [], relationships: [], evidence: [], pages: [page], merges: [], reviews: [] };
    let code = '';
    try {
      await b.registry.call('graph_import', { mode: 'restore', records }, { caller: { kind: 'test' } });
    } catch (error) {
      if (error instanceof AriadneError) code = error.code;
    }
    expect(code).toBe('invalid_arguments');
    expect(await b.store.getPage('https://example.com/a')).toBeUndefined();
  });
});
