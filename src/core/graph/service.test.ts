import { beforeEach, describe, expect, it } from 'vitest';
import { AriadneError } from '../errors';
import type { GraphChange } from './events';
import { fixedClock, sequentialIds } from './ids';
import { indexKeys } from './keys';
import { InMemoryGraphStore } from './memory-store';
import { GraphService } from './service';

function codeOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'resolved',
    (e: unknown) => (e instanceof AriadneError ? e.code : `not an AriadneError: ${String(e)}`),
  );
}

describe('GraphService', () => {
  let store: InMemoryGraphStore;
  let graph: GraphService;
  beforeEach(() => {
    store = new InMemoryGraphStore();
    graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
  });

  it('creates entities with cleaned names and derived keys', async () => {
    const e = await graph.createEntity({ name: '  Stripe\u200b,  Inc. ', type: 'company', aliases: ['stripe, inc.', 'Stripe Payments'] });
    expect(e.name).toBe('Stripe, Inc.');
    expect(e.aliases).toEqual(['Stripe Payments']);
    expect(e.keys).toEqual(indexKeys(e));
    expect(await store.getEntity(e.id)).toEqual(e);
  });

  it('refuses empty and over-long names with invalid_arguments', async () => {
    expect(await codeOf(graph.createEntity({ name: '   ', type: 'company' }))).toBe('invalid_arguments');
    expect(await codeOf(graph.createEntity({ name: '!!!', type: 'company' }))).toBe('invalid_arguments');
    expect(await codeOf(graph.createEntity({ name: 'x'.repeat(201), type: 'company' }))).toBe('invalid_arguments');
    await expect(graph.createEntity({ name: 'x'.repeat(201), type: 'company' })).rejects.toThrow(/200/);
    expect(await store.countEntities()).toBe(0);
  });

  it('finds homonyms by name and alias, name matches first', async () => {
    const a = await graph.createEntity({ name: 'Jordan', type: 'location' });
    const b = await graph.createEntity({ name: 'Michael Jordan', type: 'person', aliases: ['Jordan'] });
    const c = await graph.createEntity({ name: 'Jordan', type: 'person' });
    expect((await graph.findByName('jordan')).map((e) => e.id)).toEqual([a.id, c.id, b.id]);
    expect(await graph.findByName('nobody')).toEqual([]);
  });

  it('updates name, type, attributes (null removes), aliases, description and keeps keys in sync', async () => {
    const e = await graph.createEntity({ name: 'Strype', type: 'other', attributes: { founded: '2010', typo: 'yes' } });
    const u = await graph.updateEntity(e.id, {
      name: 'Stripe',
      type: 'company',
      attributes: { typo: null, industry: 'payments' },
      aliases: ['Strype'],
      description: 'Payments company',
    });
    expect(u).toMatchObject({
      name: 'Stripe',
      type: 'company',
      attributes: { founded: '2010', industry: 'payments' },
      aliases: ['Strype'],
      description: 'Payments company',
    });
    expect(u.keys).toEqual(indexKeys(u));
    expect((await graph.findByName('strype')).map((x) => x.id)).toEqual([e.id]);
    const cleared = await graph.updateEntity(e.id, { description: null });
    expect(cleared.description).toBeUndefined();
    expect(await codeOf(graph.updateEntity(e.id, { name: '' }))).toBe('invalid_arguments');
  });

  it('merges attributes: new keys added, existing keys updated', async () => {
    const e = await graph.createEntity({ name: 'Stripe', type: 'company', attributes: { founded: '2010' } });
    const r = await graph.mergeAttributes(e.id, { founded: '2009', industry: 'payments' });
    expect(r.added).toEqual(['industry']);
    expect(r.updated).toEqual(['founded']);
    expect(r.entity.attributes).toEqual({ founded: '2009', industry: 'payments' });
  });

  it('relates once per (from, label, to) with a normalized label', async () => {
    const s = await graph.createEntity({ name: 'Stripe', type: 'company' });
    const r = await graph.createEntity({ name: 'Rust', type: 'technology' });
    const first = await graph.relate(s.id, 'Uses', r.id, { pageUrl: 'https://x.test/a', pageTitle: 'A', snippet: 'Stripe uses Rust.' });
    const again = await graph.relate(s.id, 'uses', r.id, { pageUrl: 'https://x.test/b', pageTitle: 'B', snippet: 'Again.' });
    expect(first.created).toBe(true);
    expect(first.relationship.label).toBe('uses');
    expect(again).toEqual({ relationship: first.relationship, created: false });
    expect(await store.evidenceOfRelationship(first.relationship.id, 10)).toHaveLength(2);
    expect(await codeOf(graph.relate(s.id, 'uses', s.id))).toBe('invalid_arguments');
    expect(await codeOf(graph.relate(s.id, '  ', r.id))).toBe('invalid_arguments');
  });

  it('deletes an entity with its relationships, evidence and page references', async () => {
    const s = await graph.createEntity({ name: 'Stripe', type: 'company' });
    const r = await graph.createEntity({ name: 'Rust', type: 'technology' });
    const { relationship } = await graph.relate(s.id, 'uses', r.id, { pageUrl: 'https://x.test/a', pageTitle: 'A', snippet: 's' });
    await graph.recordEvidence({ kind: 'mention', entityId: s.id, pageUrl: 'https://x.test/a', pageTitle: 'A', snippet: 'Stripe' });
    await graph.recordPage({ url: 'https://x.test/a', title: 'A', entityIds: [s.id, r.id], relationshipIds: [relationship.id] });
    const out = await graph.deleteEntity(s.id);
    expect(out).toMatchObject({ relationshipsRemoved: 1, evidenceRemoved: 2 });
    expect(await store.counts()).toMatchObject({ entities: 1, relationships: 0, evidence: 0 });
    expect(await store.getPage('https://x.test/a')).toMatchObject({ entityIds: [r.id], relationshipIds: [], site: 'x.test' });
    expect(await codeOf(graph.deleteEntity(s.id))).toBe('not_found');
  });

  it('notifies listeners after commit, in order, and not for refused writes', async () => {
    const seen: GraphChange['kind'][] = [];
    const off = graph.subscribe((c) => seen.push(c.kind));
    const s = await graph.createEntity({ name: 'Stripe', type: 'company' });
    await codeOf(graph.createEntity({ name: '', type: 'company' }));
    await graph.deleteEntity(s.id);
    off();
    await graph.createEntity({ name: 'Rust', type: 'technology' });
    expect(seen).toEqual(['entity.put', 'entity.removed']);
  });

  it('serializes concurrent writes (regression: interleaved attribute merges lost keys)', async () => {
    const e = await graph.createEntity({ name: 'Stripe', type: 'company' });
    await Promise.all(Array.from({ length: 20 }, (_, i) => graph.mergeAttributes(e.id, { [`k${i}`]: String(i) })));
    expect(Object.keys((await store.getEntity(e.id))?.attributes ?? {})).toHaveLength(20);
  });
});

describe('GraphService.exclusive', () => {
  it('makes find-or-create atomic (regression: two concurrent adds of one name made two entities)', async () => {
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
    const findOrCreate = () =>
      graph.exclusive(async (g) => (await g.findByName('Stripe'))[0] ?? g.createEntity({ name: 'Stripe', type: 'company' }));
    const [a, b] = await Promise.all([findOrCreate(), findOrCreate()]);
    expect(a.id).toBe(b.id);
    expect(await store.countEntities()).toBe(1);
  });

  it('still notifies listeners of writes made inside', async () => {
    const graph = new GraphService({ store: new InMemoryGraphStore(), ids: sequentialIds(), clock: fixedClock() });
    const seen: string[] = [];
    graph.subscribe((c) => seen.push(c.kind));
    await graph.exclusive((g) => g.createEntity({ name: 'Rust', type: 'technology' }));
    expect(seen).toEqual(['entity.put']);
  });

  it('atomic: writes are applied all or nothing, and listeners hear of them only after the commit', async () => {
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
    const seen: string[] = [];
    graph.subscribe((c) => seen.push(c.kind === 'entity.put' ? c.entity.name : c.kind));
    const failed = graph.exclusive(
      async (g) => {
        await g.createEntity({ name: 'Rust', type: 'technology' });
        const go = await g.createEntity({ name: 'Go', type: 'technology' });
        expect(seen).toEqual([]); // held until the outer transaction commits
        await g.relate(go.id, 'inspired', go.id); // refused: an entity cannot relate to itself
      },
      { atomic: true },
    );
    expect(await codeOf(failed)).toBe('invalid_arguments');
    expect(await store.countEntities()).toBe(0);
    expect(seen).toEqual([]);
    await graph.exclusive(
      async (g) => {
        await g.createEntity({ name: 'Rust', type: 'technology' });
        await g.createEntity({ name: 'Go', type: 'technology' });
        expect(seen).toEqual([]);
      },
      { atomic: true },
    );
    expect(seen).toEqual(['Rust', 'Go']);
    expect(await store.countEntities()).toBe(2);
  });

  it.each([false, true])('a nested exclusive fails fast with a conflict instead of waiting for itself (atomic: %s)', async (atomic) => {
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
    const nested = graph.exclusive(
      async (g) => {
        await g.createEntity({ name: 'Rust', type: 'technology' });
        return g.exclusive((inner) => inner.createEntity({ name: 'Go', type: 'technology' }), { atomic });
      },
      { atomic },
    );
    const settled = await Promise.race([
      codeOf(nested),
      new Promise<string>((resolve) => setTimeout(() => resolve('still waiting'), 1_000)),
    ]);
    expect(settled).toBe('conflict');
    // The lock was released: the next write runs. An atomic run rolled back its first write.
    await graph.createEntity({ name: 'Zig', type: 'technology' });
    expect(await store.countEntities()).toBe(atomic ? 1 : 2);
  });

  it('runs exclusive callers one after another, in arrival order, past a failing one', async () => {
    const graph = new GraphService({ store: new InMemoryGraphStore(), ids: sequentialIds(), clock: fixedClock() });
    const events: string[] = [];
    const run = (name: string, fail = false) =>
      graph.exclusive(async (g) => {
        events.push(`start ${name}`);
        await g.createEntity({ name, type: 'technology' });
        events.push(`end ${name}`);
        if (fail) throw new Error('boom');
      });
    const outcomes = await Promise.allSettled([run('A'), run('B', true), run('C')]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(events).toEqual(['start A', 'end A', 'start B', 'end B', 'start C', 'end C']);
  });
});
