// Tool edits → team changes, over the in-memory store and the real tool registry: each
// recorded tool gives the changes a teammate needs, a read or a failed output gives none.
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { NameIndex } from '../search/name-index';
import { createRegistry } from '../tools/index';
import { changeIds } from './changes';
import { changesOfToolCall } from './tool-changes';

async function setup() {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const graph = new GraphService({ store, ids: sequentialIds(), clock });
  const search = await NameIndex.load(store);
  search.attach(graph);
  const registry = createRegistry({ graph, store, search });
  const deps = { store, ids: changeIds(clock, () => 0.5), clock };
  const run = async (name: string, args: object) => {
    const output = await registry.call(name, args, { caller: { kind: 'test' } });
    return changesOfToolCall(name, args, output, deps);
  };
  return { run, store };
}

describe('changesOfToolCall', () => {
  it('gives each recorded tool’s changes, read from the store as the edit left it', async () => {
    const { run } = await setup();
    expect(await run('entity_add', { name: 'Stripe', entity_type: 'company' })).toMatchObject([
      { kind: 'entity.upsert', entity: { name: 'Stripe' } },
    ]);
    await run('entity_add', { name: 'Rust', entity_type: 'technology' });
    expect(await run('entity_update', { name: 'Stripe', attributes: { hq: 'Dublin' } })).toMatchObject([
      { kind: 'entity.upsert', entity: { name: 'Stripe', attributes: { hq: 'Dublin' } } },
    ]);
    const related = await run('entity_relate', { from: 'Stripe', to: 'Rust', relationship: 'Uses' });
    expect(related).toMatchObject([{ kind: 'relationship.upsert', relationship: { label: 'uses' } }]);
    const relationshipId = related[0]?.kind === 'relationship.upsert' ? related[0].relationship.id : '';
    expect(await run('entity_unrelate', { relationship_id: relationshipId })).toMatchObject([
      { kind: 'relationship.delete', relationshipId },
    ]);
    await run('entity_add', { name: 'Stripe Inc', entity_type: 'company' });
    const merged = await run('entity_merge', { name_a: 'Stripe', name_b: 'Stripe Inc' });
    expect(merged).toMatchObject([{ kind: 'merge.apply' }, { kind: 'entity.upsert', entity: { name: 'Stripe', aliases: ['Stripe Inc'] } }]);
    const mergeId = merged[0]?.kind === 'merge.apply' ? merged[0].mergeId : '';
    expect(await run('entity_unmerge', { merge_id: mergeId })).toMatchObject([
      { kind: 'merge.undo', mergeId },
      { kind: 'entity.upsert', entity: { name: 'Stripe' } },
      { kind: 'entity.upsert', entity: { name: 'Stripe Inc' } },
    ]);
    expect(await run('entity_delete', { name: 'Rust' })).toMatchObject([{ kind: 'entity.delete' }]);
  });

  it('a read, a tool it does not record, or an output it cannot read gives nothing', async () => {
    const { run, store } = await setup();
    await run('entity_add', { name: 'Stripe', entity_type: 'company' });
    expect(await run('entity_search', { query: 'stripe' })).toEqual([]);
    const deps = { store, ids: changeIds(fixedClock()), clock: fixedClock() };
    expect(await changesOfToolCall('entity_merge', {}, { merge_id: 'm_nope' }, deps)).toEqual([]);
    expect(await changesOfToolCall('entity_add', {}, 'garbage', deps)).toEqual([]);
    expect(await changesOfToolCall('graph_clear', {}, {}, deps)).toEqual([]);
  });
});
