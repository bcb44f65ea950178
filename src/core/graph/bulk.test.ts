import { beforeEach, describe, expect, it } from 'vitest';
import { graphState } from '../../../tooling/testing/graph-state';
import { AriadneError } from '../errors';
import { createRegistry } from '../tools';
import { NameIndex } from '../search/name-index';
import { MAX_BULK_UNDOS } from './bulk';
import type { EntityId } from './ids';
import { fixedClock, sequentialIds } from './ids';
import { InMemoryGraphStore } from './memory-store';
import { GraphService } from './service';

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof AriadneError ? error.code : 'not an AriadneError';
  }
}

const source = (url: string) => ({ pageUrl: url, pageTitle: `Title ${url}`, snippet: `Snippet ${url}` });

describe('bulk actions', () => {
  let store: InMemoryGraphStore;
  let graph: GraphService;
  const id: Record<string, EntityId> = {};

  beforeEach(async () => {
    store = new InMemoryGraphStore();
    graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
    for (const [name, type] of [
      ['Quillon', 'company'],
      ['Quillon Labs', 'company'],
      ['QLN', 'other'],
      ['Sign up', 'other'],
      ['Cookie settings', 'other'],
      ['Marla Venn', 'person'],
    ] as const) {
      id[name] = (await graph.createEntity({ name, type })).id;
    }
    const a = (n: string) => id[n] ?? ('' as EntityId);
    await graph.relate(a('Marla Venn'), 'founded', a('Quillon Labs'), source('https://quillon.test/about'));
    await graph.relate(a('Sign up'), 'links to', a('Cookie settings'), source('https://quillon.test/about'));
    await graph.relate(a('Sign up'), 'mentions', a('Quillon'), source('https://quillon.test/about'));
    await graph.recordEvidence({ ...source('https://quillon.test/about'), kind: 'mention', entityId: a('Sign up') });
    await graph.recordEvidence({ ...source('https://quillon.test/about'), kind: 'mention', entityId: a('QLN') });
    await graph.recordPage({ url: 'https://quillon.test/about', title: 'About', entityIds: Object.values(id) });
  });

  const ids = (...names: string[]) => names.map((n) => id[n] ?? ('' as EntityId));

  it('bulk delete removes every selected entity, and one undo gives back exactly the graph before', async () => {
    const before = await graphState(store);
    const out = await graph.bulkDelete(ids('Sign up', 'Cookie settings', 'QLN'));
    expect(out.entities.map((e) => e.name)).toEqual(['Sign up', 'Cookie settings', 'QLN']);
    const after = await graphState(store);
    expect(after.entities.map((e) => e.name)).toEqual(['Quillon', 'Quillon Labs', 'Marla Venn']);
    expect(after.relationships.map((r) => r.label)).toEqual(['founded']);
    expect(after.pages[0]?.removedNames).toEqual(['sign up', 'cookie settings', 'qln']);

    const undone = await graph.undoBulk(out.undoId);
    expect(undone).toEqual({ action: 'delete', restored: 3, skipped: 0 });
    expect(await graphState(store)).toEqual(before);
  });

  it('bulk delete is all or nothing: one missing entity refuses it and nothing changes', async () => {
    const before = await graphState(store);
    await graph.deleteEntity(ids('QLN')[0] ?? ('' as EntityId));
    const mid = await graphState(store);
    expect(await codeOf(graph.bulkDelete(ids('Sign up', 'QLN')))).toBe('not_found');
    expect(await graphState(store)).toEqual(mid);
    expect(mid).not.toEqual(before);
  });

  it('bulk retype sets the type as the user’s choice; undo types back, skipping one changed since', async () => {
    const before = await graphState(store);
    const out = await graph.bulkRetype(ids('Quillon', 'Quillon Labs', 'QLN'), 'product');
    expect(out.entities.every((e) => e.type === 'product' && e.typeSetByUser === true)).toBe(true);
    expect(await graph.undoBulk(out.undoId)).toEqual({ action: 'retype', restored: 3, skipped: 0 });
    const restored = await graphState(store);
    expect(restored.entities.map((e) => [e.name, e.type, e.typeSetByUser])).toEqual(
      before.entities.map((e) => [e.name, e.type, e.typeSetByUser]),
    );

    const again = await graph.bulkRetype(ids('Quillon', 'QLN'), 'technology');
    await graph.updateEntity(ids('QLN')[0] ?? ('' as EntityId), { type: 'location' });
    expect(await graph.undoBulk(again.undoId)).toEqual({ action: 'retype', restored: 1, skipped: 1 });
    expect((await store.getEntity(ids('QLN')[0] ?? ('' as EntityId)))?.type).toBe('location');
  });

  it('bulk merge folds several into one kept entity, and one undo separates them all exactly', async () => {
    const before = await graphState(store);
    const out = await graph.bulkMerge(ids('Quillon Labs')[0] ?? ('' as EntityId), ids('Quillon', 'QLN'));
    expect(out.into?.aliases).toEqual(['Quillon', 'QLN']);
    expect((await graphState(store)).entities).toHaveLength(4);
    expect((await graph.undoBulk(out.undoId)).restored).toBe(2);
    expect((await graphState(store)).entities).toEqual(before.entities);
    expect((await graphState(store)).relationships).toEqual(before.relationships);
  });

  it('an undo is spent once, and only the latest undos are kept', async () => {
    const out = await graph.bulkRetype(ids('QLN'), 'product');
    await graph.undoBulk(out.undoId);
    expect(await codeOf(graph.undoBulk(out.undoId))).toBe('not_found');
    const first = await graph.bulkRetype(ids('QLN'), 'product');
    for (let i = 0; i < MAX_BULK_UNDOS; i++) await graph.bulkRetype(ids('QLN'), i % 2 === 0 ? 'other' : 'product');
    expect(await codeOf(graph.undoBulk(first.undoId))).toBe('not_found');
  });

  it('refuses an empty selection, the kept entity among those merged, and an unknown undo id', async () => {
    expect(await codeOf(graph.bulkDelete([]))).toBe('invalid_arguments');
    expect(await codeOf(graph.bulkMerge(ids('Quillon')[0] ?? ('' as EntityId), ids('Quillon', 'QLN')))).toBe('invalid_arguments');
    expect(await codeOf(graph.undoBulk('b_999'))).toBe('not_found');
  });

  it('entity_bulk checks its arguments and answers with an undo_id bulk_undo takes', async () => {
    const registry = createRegistry({ graph, store, search: new NameIndex() });
    const call = (name: string, args: unknown) => registry.call(name, args, { caller: { kind: 'extension' } });
    expect(await codeOf(call('entity_bulk', { action: 'retype', ids: ids('QLN') }))).toBe('invalid_arguments');
    expect(await codeOf(call('entity_bulk', { action: 'merge', ids: ids('QLN') }))).toBe('invalid_arguments');
    expect(await codeOf(call('entity_bulk', { action: 'delete', ids: ['not an id'] }))).toBe('invalid_arguments');
    const out = await call('entity_bulk', { action: 'merge', into: id['Quillon'], ids: ids('Quillon', 'QLN') });
    expect(out).toEqual({ action: 'merge', count: 1, names: ['QLN'], merged_into: 'Quillon', undo_id: expect.stringMatching(/^b_/) });
    expect(await call('bulk_undo', { undo_id: (out as { undo_id: string }).undo_id })).toEqual({
      action: 'merge',
      restored: 1,
      skipped: 0,
    });
  });
});
