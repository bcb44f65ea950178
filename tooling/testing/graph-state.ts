/**
 * Everything a graph store holds, in stable orders: what "the same graph" means in tests
 * that undo something (a merge, a bulk action) and expect the graph exactly as before.
 */
import type { GraphStore } from '../../src/core/graph/store';
import type { Evidence } from '../../src/core/graph/types';

export async function graphState(store: GraphStore) {
  const entities = await store.listEntities({ limit: 10_000 });
  const relationships = await store.listRelationships({ limit: 10_000 });
  const evidence: Evidence[] = [];
  for (const e of entities) evidence.push(...(await store.evidenceOfEntity(e.id, 10_000)));
  for (const r of relationships) evidence.push(...(await store.evidenceOfRelationship(r.id, 10_000)));
  evidence.sort((a, b) => (a.id < b.id ? -1 : 1));
  const pages = await store.listPages({ limit: 10_000 });
  return { entities, relationships, evidence, pages };
}
