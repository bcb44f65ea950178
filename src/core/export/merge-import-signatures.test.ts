// A merge import computes each name's MinHash signature once: its batched read, the
// retrieval that picks the candidates to read and the resolver share one memo of fuzzy
// keys (before, each computed them again: about three times a name that went fuzzy).
import { describe, expect, it, vi } from 'vitest';
import type * as Keys from '../graph/keys';
import type { EntityType } from '../graph/types';
import { fixedClock, randomIds, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { indexKeys } from '../graph/keys';
import { mulberry32 } from '../random';
import { fuzzyKeysOf, FuzzyKeyMemo } from '../resolve/retrieve';
import { checkRecords } from './check-dump';
import { dumpGraph } from './dump';
import { planMerge } from './merge-import';
import { inventedGraph, inventedName } from './testing/invented-graph';

/** Every name whose signature keys were computed outside keys.ts (retrieval's callers), in order. */
const computed = vi.hoisted((): string[] => []);
vi.mock('../graph/keys', async (importOriginal) => {
  const actual = await importOriginal<typeof Keys>();
  return {
    ...actual,
    signatureKeys: (name: string): string[] => {
      computed.push(name);
      return actual.signatureKeys(name);
    },
  };
});

const clock = fixedClock(0);
/** The invented graph's types, by index (testing/invented-graph.ts). */
const TYPES: readonly EntityType[] = ['company', 'person', 'technology', 'product', 'location'];

describe('merge import: fuzzy keys computed once a name', () => {
  it('a part of typos, unknown and known names computes each fuzzy name key once', async () => {
    const target = new InMemoryGraphStore();
    await inventedGraph(new GraphService({ store: target, ids: sequentialIds(), clock }), target, 300);
    const source = new InMemoryGraphStore();
    const sourceGraph = new GraphService({ store: source, ids: sequentialIds(), clock });
    // 700 names: known ones (an exact key finds them), typos of known ones and names the graph lacks (both go fuzzy).
    for (let i = 0; i < 700; i++) {
      const name =
        i % 3 === 0 ? inventedName(i % 300) : i % 3 === 1 ? inventedName(i % 300).replace(/^(.)./, '$1') : `Quorvex ${inventedName(i)}`;
      const type = TYPES[(i % 300) % TYPES.length] ?? 'other';
      await sourceGraph.createEntity({ name, type, aliases: i % 7 === 0 ? [`${name} Group`] : [] });
    }
    const records = checkRecords(await dumpGraph(source));
    computed.length = 0;
    const plan = await planMerge({ store: target, ids: randomIds(fixedClock(1e12), mulberry32(3)), clock }, records);

    expect(plan.counts.entities.created).toBeGreaterThan(200);
    expect(plan.counts.entities.updated + plan.counts.entities.unchanged).toBeGreaterThan(100);
    // 507 entities (re-added names join), 333 fuzzy name keys: each signature computed once (1,398 times before the memo).
    expect(computed.length).toBeGreaterThan(250);
    expect(new Set(computed).size).toBe(computed.length);
    // Created entities keep the keys the check computed: the same as computing them again.
    const written = plan.writes.entities;
    expect(written.length).toBeGreaterThan(300);
    for (const e of written) expect(e.keys).toEqual(indexKeys(e));
  });

  it('the memo answers as the computation does, and forgets its oldest names past its capacity', () => {
    const memo = new FuzzyKeyMemo(2);
    const names = [['Stripe, Inc.'], ['Stripe, Inc.'], ['Acme Robotics', 'Acme']];
    for (const n of names) expect(fuzzyKeysOf(n, memo)).toEqual(fuzzyKeysOf(n));
    // stripe, acme robotics, acme: three keys (the second "Stripe, Inc." was held).
    expect(memo.computed).toBe(3);
    computed.length = 0;
    fuzzyKeysOf(['Stripe'], memo); // forgotten when "acme" came in
    fuzzyKeysOf(['Acme'], memo); // still held
    expect(computed).toEqual(['stripe']);
    expect(memo.computed).toBe(4);
  });
});
