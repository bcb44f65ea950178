import { beforeEach, describe, expect, it } from 'vitest';
import { graphState } from '../../../tooling/testing/graph-state';
import { AriadneError } from '../errors';
import type { EntityId } from './ids';
import { fixedClock, sequentialIds } from './ids';
import { InMemoryGraphStore } from './memory-store';
import { GraphService } from './service';

const page = (url: string) => ({ pageUrl: url, pageTitle: `Title ${url}`, snippet: `Snippet ${url}` });

describe('merge and unmerge', () => {
  let store: InMemoryGraphStore;
  let graph: GraphService;
  let clock: ReturnType<typeof fixedClock>;
  const id: Record<string, EntityId> = {};

  beforeEach(async () => {
    store = new InMemoryGraphStore();
    clock = fixedClock();
    graph = new GraphService({ store, ids: sequentialIds(), clock });
    for (const [name, type] of [
      ['Stripe', 'company'],
      ['Stripe, Inc.', 'company'],
      ['Rust', 'technology'],
      ['Patrick Collison', 'person'],
      ['Square', 'company'],
      ['Paystack', 'company'],
    ] as const) {
      id[name] = (await graph.createEntity({ name, type })).id;
      clock.advance(1000);
    }
    const s = id['Stripe'] as EntityId;
    const b = id['Stripe, Inc.'] as EntityId;
    await graph.mergeAttributes(s, { founded: '2010', industry: 'payments' });
    await graph.mergeAttributes(b, { industry: 'fintech', ticker: 'none' });
    await graph.addAliases(b, ['Stripe Payments']);
    await graph.relate(s, 'uses', id['Rust'] as EntityId, page('https://a.test/1'));
    await graph.relate(b, 'uses', id['Rust'] as EntityId, page('https://a.test/2')); // duplicate once merged
    await graph.relate(b, 'employs', id['Patrick Collison'] as EntityId, page('https://a.test/3'));
    await graph.relate(id['Square'] as EntityId, 'competes_with', b, page('https://a.test/4'));
    await graph.relate(s, 'same_as', b, page('https://a.test/5')); // self-loop once merged
    await graph.recordEvidence({ kind: 'mention', entityId: b, ...page('https://a.test/2') });
    await graph.recordPage({ url: 'https://a.test/2', title: 'Two', entityIds: [b, id['Rust'] as EntityId, s] });
    clock.advance(1000);
  });

  it('moves attributes, aliases, relationships and evidence and counts what was gained', async () => {
    const s = id['Stripe'] as EntityId;
    const b = id['Stripe, Inc.'] as EntityId;
    const out = await graph.merge(s, b);
    expect(out.attributesGained).toBe(1); // ticker; industry keeps Stripe's value
    expect(out.relationshipsGained).toBe(2); // employs, competes_with (uses was a duplicate, same_as a self-loop)
    expect(out.into.attributes).toEqual({ founded: '2010', industry: 'payments', ticker: 'none' });
    expect(out.into.aliases).toEqual(['Stripe, Inc.', 'Stripe Payments']);
    expect(await store.getEntity(b)).toBeUndefined();
    const rels = await store.relationshipsOf(s, 'both', 100);
    expect(rels.map((r) => `${r.from}|${r.label}|${r.to}`).sort()).toEqual(
      [`${id['Square']}|competes_with|${s}`, `${s}|employs|${id['Patrick Collison']}`, `${s}|uses|${id['Rust']}`].sort(),
    );
    const usesRel = rels.find((r) => r.label === 'uses');
    expect(await store.evidenceOfRelationship(usesRel?.id ?? ('' as never), 10)).toHaveLength(2); // merge keeps evidence of both
    expect(await store.evidenceOfEntity(s, 10)).toHaveLength(1);
    expect((await store.getPage('https://a.test/2'))?.entityIds).toEqual([s, id['Rust']]);
    expect((await graph.findByName('Stripe Payments')).map((e) => e.id)).toEqual([s]);
  });

  it('unmerge restores exactly the state before the merge', async () => {
    const before = await graphState(store);
    const out = await graph.merge(id['Stripe'] as EntityId, id['Stripe, Inc.'] as EntityId);
    expect(await graphState(store)).not.toEqual(before);
    clock.advance(5000);
    const undone = await graph.unmerge(out.record.id);
    expect(await graphState(store)).toStrictEqual(before);
    expect(undone.record.undoneAt).toBe(clock.now());
    expect((await store.getMerge(out.record.id))?.undoneAt).toBe(clock.now());
  });

  it('unmerge keeps changes made to the survivor after the merge', async () => {
    const s = id['Stripe'] as EntityId;
    const out = await graph.merge(s, id['Stripe, Inc.'] as EntityId);
    await graph.mergeAttributes(s, { ceo: 'Patrick Collison' });
    await graph.unmerge(out.record.id);
    expect((await store.getEntity(s))?.attributes).toEqual({ founded: '2010', industry: 'payments', ceo: 'Patrick Collison' });
    expect((await store.getEntity(s))?.aliases).toEqual([]);
  });

  it('refuses merging into itself, twice undoing, and unknown merges', async () => {
    const s = id['Stripe'] as EntityId;
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: unknown) => (e instanceof AriadneError ? e.code : 'other'),
      );
    expect(await codeOf(graph.merge(s, s))).toBe('invalid_arguments');
    const out = await graph.merge(s, id['Stripe, Inc.'] as EntityId);
    await graph.unmerge(out.record.id);
    expect(await codeOf(graph.unmerge(out.record.id))).toBe('conflict');
    const again = await graph.merge(s, id['Stripe, Inc.'] as EntityId);
    await graph.deleteEntity(s);
    expect(await codeOf(graph.unmerge(again.record.id))).toBe('conflict');
  });

  it('chained merges undo in reverse order back to the start', async () => {
    const before = await graphState(store);
    const m1 = await graph.merge(id['Stripe'] as EntityId, id['Stripe, Inc.'] as EntityId);
    const m2 = await graph.merge(id['Square'] as EntityId, id['Stripe'] as EntityId);
    await graph.unmerge(m2.record.id);
    await graph.unmerge(m1.record.id);
    expect(await graphState(store)).toStrictEqual(before);
  });
});
