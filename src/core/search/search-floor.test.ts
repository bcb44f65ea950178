// entity_search shows only results above the search floor (RELEVANT_SCORE): a name the
// graph does not hold gives an empty list, not the nearest unrelated names; a typo still
// finds its entity; a type filter keeps other types out.
import { beforeEach, describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import type { EntityType } from '../graph/types';
import { createRegistry } from '../tools';
import type { GraphToolDeps } from '../tools/deps';
import type { ToolRegistry } from '../tools/registry';
import { NameIndex, nameMatchScore, RELEVANT_SCORE } from './name-index';

const ENTITIES: readonly (readonly [string, EntityType])[] = [
  ['India', 'location'],
  ['Virginia', 'location'],
  ['Wikipedia', 'product'],
  ['Andrew Ng', 'person'],
  ['NVIDIA', 'company'],
  ['HackerRank', 'company'],
  ['Apple', 'company'],
  ['Apple TV', 'product'],
  ['Tim Cook', 'person'],
];

let registry: ToolRegistry<GraphToolDeps>;

async function search(query: string, types?: readonly EntityType[]): Promise<string[]> {
  const out = (await registry.call('entity_search', { query, ...(types ? { types } : {}) }, { caller: { kind: 'test' } })) as {
    results: { name: string; entity_type: string }[];
  };
  return out.results.map((r) => `${r.name}/${r.entity_type}`);
}

beforeEach(async () => {
  const store = new InMemoryGraphStore();
  const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
  const search = await NameIndex.load(store);
  search.attach(graph);
  registry = createRegistry({ graph, store, search });
  for (const [name, entity_type] of ENTITIES) await registry.call('entity_add', { name, entity_type }, { caller: { kind: 'test' } });
});

describe('the search floor', () => {
  it('a name the graph does not hold finds nothing, not the nearest unrelated names', async () => {
    expect(await search('Audrey Tang')).toEqual([]);
    expect(await search('Nvidia')).toEqual(['NVIDIA/company']);
  });

  it('a typo still finds its entity', async () => {
    expect(await search('hackerank')).toEqual(['HackerRank/company']);
    expect((await search('appel'))[0]).toBe('Apple/company');
  });

  it('a type filter keeps other types out', async () => {
    expect(await search('Apple', ['person'])).toEqual([]);
    expect(await search('Apple', ['product'])).toEqual(['Apple TV/product']);
  });

  it('a caller may ask for looser matches', async () => {
    const loose = (await registry.call('entity_search', { query: 'Audrey Tang', min_score: 0.3 }, { caller: { kind: 'test' } })) as {
      results: unknown[];
    };
    expect(loose.results.length).toBeGreaterThan(0);
  });

  it('nameMatchScore scores one name as the index does', () => {
    expect(nameMatchScore('hackerank', 'HackerRank')).toBeGreaterThanOrEqual(RELEVANT_SCORE);
    expect(nameMatchScore('Audrey Tang', 'Andrew Ng')).toBeLessThan(RELEVANT_SCORE);
    expect(nameMatchScore('HackerRank', 'HackerRank')).toBe(1);
  });
});
