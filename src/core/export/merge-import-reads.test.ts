// Merge import at scale: planning a part reads the graph in a few batches, each in one
// store transaction (in IndexedDB a read outside one is a transaction of its own), not
// a read per record; the plan is the same either way.
import { describe, expect, it } from 'vitest';
import { fixedClock, randomIds, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import type { GraphStore } from '../graph/store';
import { mulberry32 } from '../random';
import { checkRecords } from './check-dump';
import { dumpGraph } from './dump';
import type { GraphDump } from './dump';
import { planMerge } from './merge-import';
import { inventedGraph } from './testing/invented-graph';

const clock = fixedClock(0);

/** The store, counting its transactions and the reads made outside one. */
function watched(store: InMemoryGraphStore): { store: GraphStore; transactions: () => number; readsOutside: () => number } {
  let depth = 0;
  let transactions = 0;
  let outside = 0;
  const proxy = new Proxy(store, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      if (prop === 'transaction')
        return async (fn: () => Promise<unknown>) => {
          transactions++;
          depth++;
          try {
            return await target.transaction(fn);
          } finally {
            depth--;
          }
        };
      return (...args: unknown[]) => {
        if (depth === 0) outside++;
        return Reflect.apply(value, target, args);
      };
    },
  });
  return { store: proxy, transactions: () => transactions, readsOutside: () => outside };
}

/** The dump of an invented graph of `fileSize` entities, and a target holding the first `targetSize` of its names. */
async function fileAndTarget(fileSize: number, targetSize: number): Promise<{ dump: GraphDump; target: InMemoryGraphStore }> {
  const source = new InMemoryGraphStore();
  await inventedGraph(new GraphService({ store: source, ids: sequentialIds(), clock }), source, fileSize);
  const target = new InMemoryGraphStore();
  await inventedGraph(new GraphService({ store: target, ids: sequentialIds(), clock }), target, targetSize);
  return { dump: await dumpGraph(source), target };
}

describe('planMerge reads', () => {
  it('a part of 1,200 entities into a graph of 600 is planned in a dozen transactions and no read outside one', async () => {
    const { dump, target } = await fileAndTarget(1200, 600);
    const w = watched(target);
    const plan = await planMerge({ store: w.store, ids: sequentialIds(), clock }, checkRecords(dump));
    const plain = await planMerge({ store: target, ids: sequentialIds(), clock }, checkRecords(dump));
    expect(plan).toEqual(plain);
    const e = plan.counts.entities;
    // The names of the target's 600 are in the file: they are matched, the rest created.
    expect(e.updated + e.unchanged).toBeGreaterThan(500);
    expect(e.created).toBeGreaterThan(500);
    expect(w.readsOutside()).toBe(0);
    // Three batches of 500 entities (three transactions each), then relationships, evidence, pages.
    expect(w.transactions()).toBeLessThanOrEqual(12);
  });

  it('looks up the keys of relationships with an end that was in the graph, not those between entities it creates', async () => {
    // A third of the file's names are in the graph already.
    const { dump, target } = await fileAndTarget(300, 100);
    const asked: string[] = [];
    const spied = new Proxy(target, {
      get(t, prop, receiver) {
        if (prop === 'findRelationshipsByKeys')
          return (keys: readonly string[]) => {
            asked.push(...keys);
            return t.findRelationshipsByKeys(keys);
          };
        const value: unknown = Reflect.get(t, prop, receiver);
        return typeof value === 'function' ? value.bind(t) : value;
      },
    });
    const plan = await planMerge({ store: spied, ids: randomIds(fixedClock(1e12), mulberry32(9)), clock }, checkRecords(dump));
    const plain = await planMerge({ store: target, ids: randomIds(fixedClock(1e12), mulberry32(9)), clock }, checkRecords(dump));
    expect(plan).toEqual(plain);
    // Planning writes nothing: the target's entities are those that were there.
    const existing = new Set((await dumpGraph(target)).entities.map((e) => e.id));
    const withOldEnd = plan.writes.relationships.filter((r) => existing.has(r.from) || existing.has(r.to)).length;
    const written = plan.writes.relationships.length;
    expect(written).toBeGreaterThan(200);
    // Every relationship touching an entity that was there is looked up; most of the others are not.
    expect(asked.length).toBeGreaterThanOrEqual(withOldEnd);
    expect(asked.length).toBeLessThan(written * 0.8);
  });
});
