// A merge import's batched reads: the resolver over `PartReads` answers exactly what it
// answers over the store, and after the prefetch it asks the store nothing more.
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import type { GraphStore } from '../graph/store';
import { createResolver } from '../resolve/resolver';
import type { ResolverStore } from '../resolve/resolver';
import { PartReads } from './part-reads';
import { inventedGraph, inventedName } from './testing/invented-graph';

const clock = fixedClock(0);

/** The store, counting the reads that reach it. */
function counting(store: GraphStore): { view: Pick<GraphStore, keyof ResolverStore | 'transaction'>; reads: () => number } {
  let n = 0;
  const seen = <A extends unknown[], R>(f: (...args: A) => Promise<R>) =>
    ((...args: A) => {
      n++;
      return f(...args);
    }) satisfies (...args: A) => Promise<R>;
  return {
    view: {
      transaction: (fn) => store.transaction(fn),
      findEntitiesByKeys: seen((keys: readonly string[], limit: number) => store.findEntitiesByKeys(keys, limit)),
      entityIdsByKey: seen((key: string, limit: number) => store.entityIdsByKey(key, limit)),
      getEntities: seen((ids: Parameters<GraphStore['getEntities']>[0]) => store.getEntities(ids)),
      getEntity: seen((id: Parameters<GraphStore['getEntity']>[0]) => store.getEntity(id)),
      relationshipsOf: seen((...a: Parameters<GraphStore['relationshipsOf']>) => store.relationshipsOf(...a)),
      evidenceOfEntity: seen((...a: Parameters<GraphStore['evidenceOfEntity']>) => store.evidenceOfEntity(...a)),
      getPage: seen((url: string) => store.getPage(url)),
    },
    reads: () => n,
  };
}

const request = (subject: string) => ({
  subject,
  hints: { expected_type: 'company' },
  strategy: { mode: 'ranked' },
  constraints: { deterministic: true, allowed_sources: ['local'] },
  debug: { include_candidates: true },
});

describe('PartReads', () => {
  it('the resolver answers the same over the prefetched part, without asking the store again', async () => {
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock });
    await inventedGraph(graph, store, 300);
    // Same names (exact keys), typos (signature and word keys), unknown names, homonyms.
    await graph.createEntity({ name: inventedName(40), type: 'company' });
    const subjects = [
      ...[3, 40, 42, 150, 299].map(inventedName),
      ...[5, 88, 201].map((i) => inventedName(i).replace(/^(.)./, '$1')),
      'Nothing Like Any Name',
      'Xyloph Quartzmund',
    ];
    const counted = counting(store);
    const reads = new PartReads(counted.view);
    await reads.prefetch(subjects.map((s) => [s]));
    const afterPrefetch = counted.reads();
    const overReads = createResolver({ store: reads, clock, settings: { networkLookups: false } });
    const overStore = createResolver({ store, clock, settings: { networkLookups: false } });
    const statuses = new Set<string>();
    for (const subject of subjects) {
      const a = await overReads.resolve(request(subject));
      const b = await overStore.resolve(request(subject));
      statuses.add(a.status);
      expect({ ...a, meta: undefined }).toEqual({ ...b, meta: undefined });
    }
    // The subjects cover a match, a doubt between homonyms or typos, and no match.
    expect(statuses).toEqual(new Set(['resolved', 'ambiguous', 'not_found']));
    expect(afterPrefetch).toBeGreaterThan(0);
    expect(counted.reads()).toBe(afterPrefetch);
  });

  it('asks the store what it did not read beforehand', async () => {
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock });
    await inventedGraph(graph, store, 50);
    const counted = counting(store);
    const reads = new PartReads(counted.view);
    const before = counted.reads();
    const found = await reads.findEntitiesByKeys([`n:${inventedName(4).toLowerCase()}`], 5);
    expect(found.map((e) => e.name)).toEqual([inventedName(4)]);
    expect(counted.reads()).toBeGreaterThan(before);
  });

  it('keeps the keys and records it read from batch to batch of a part: a name read again asks the store nothing', async () => {
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock });
    await inventedGraph(graph, store, 120);
    let keyReads = 0;
    let recordReads = 0;
    const view: Pick<GraphStore, keyof ResolverStore | 'transaction'> = {
      ...counting(store).view,
      entityIdsByKey: (key, limit) => {
        keyReads++;
        return store.entityIdsByKey(key, limit);
      },
      getEntities: (ids) => {
        recordReads++;
        return store.getEntities(ids);
      },
    };
    const reads = new PartReads(view);
    const first = [3, 40, 77].map((i) => [inventedName(i)]);
    const typos = [5, 88].map((i) => [inventedName(i).replace(/^(.)./, '$1')]);
    await reads.prefetch([...first, ...typos]);
    const keysFirst = keyReads;
    expect(keysFirst).toBeGreaterThan(10);
    // The next batch: the same names and one new one; only the new name's keys are read.
    await reads.prefetch([...typos, ...first, ['Nothing Like Any Name']]);
    const keysSecond = keyReads - keysFirst;
    expect(keysSecond).toBeGreaterThan(0);
    // 'Nothing Like Any Name': its name and alias keys, 6 signature keys, 4 word keys.
    expect(keysSecond).toBe(12);
    expect(keysSecond).toBeLessThan(keysFirst);
    const recordsBefore = recordReads;
    await reads.prefetch([...typos, ...first]);
    // Nothing new: neither keys nor records are read again.
    expect(keyReads - keysFirst - keysSecond).toBe(0);
    expect(recordReads).toBe(recordsBefore);
    const resolver = createResolver({ store: reads, clock, settings: { networkLookups: false }, fuzzyKeys: reads.fuzzyKeys });
    const overStore = createResolver({ store, clock, settings: { networkLookups: false } });
    for (const [subject] of [...first, ...typos]) {
      const a = await resolver.resolve(request(subject ?? ''));
      const b = await overStore.resolve(request(subject ?? ''));
      expect({ ...a, meta: undefined }).toEqual({ ...b, meta: undefined });
    }
    expect(keyReads - keysFirst - keysSecond).toBe(0);
    expect(recordReads).toBe(recordsBefore);
  });
});
