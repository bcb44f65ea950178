/**
 * Test support: a graph of invented names built through the graph service (entities of
 * every kind, relationships, mention evidence, pages, one merge and one pending review),
 * for the export and import-in-parts tests. Deterministic for a size.
 *
 * @example await inventedGraph(graph, store, 40);
 */
import { asReviewId } from '../../graph/ids';
import type { EntityId } from '../../graph/ids';
import type { GraphService } from '../../graph/service';
import type { GraphStore } from '../../graph/store';
import type { EntityType } from '../../graph/types';

const SYLLABLES = ['zor', 'vel', 'qua', 'mir', 'tesk', 'bru', 'lan', 'dov', 'kia', 'phe'];
const TYPES: readonly EntityType[] = ['company', 'person', 'technology', 'product', 'location'];

/** An invented name for `i`: two or three made-up syllable words. */
export function inventedName(i: number): string {
  const word = (n: number) => {
    const a = SYLLABLES[n % 10] ?? 'zor';
    const b = SYLLABLES[Math.floor(n / 10) % 10] ?? 'vel';
    return `${a.charAt(0).toUpperCase()}${a.slice(1)}${b}`;
  };
  return `${word(i)} ${word(Math.floor(i / 100) + 3)}${i % 3 === 0 ? ` ${word(i + 7)}` : ''}`;
}

export async function inventedGraph(graph: GraphService, store: GraphStore, n: number): Promise<EntityId[]> {
  const ids: EntityId[] = [];
  for (let i = 0; i < n; i++) {
    const e = await graph.createEntity({
      name: inventedName(i),
      type: TYPES[i % TYPES.length] ?? 'other',
      ...(i % 4 === 0 ? { attributes: { code: `k${i}` } } : {}),
    });
    ids.push(e.id);
  }
  // The merge first: a page listing a relationship that a later merge removed would be pruned by an import.
  const [into, removed, candidate] = [ids[0], ids[1], ids[2]];
  if (into !== undefined && removed !== undefined) {
    await graph.merge(into, removed);
    ids.splice(1, 1);
  }
  const pageOf = (i: number) => `https://example.test/page-${i % 7}`;
  const relIds = [];
  for (let i = 0; i < n; i++) {
    const from = ids[i];
    const to = ids[(i * 7 + 3) % n];
    if (from === undefined || to === undefined || from === to) continue;
    const source = {
      pageUrl: pageOf(i),
      pageTitle: `Page ${i % 7}`,
      snippet: `${inventedName(i)} works with the other.`,
      capturedAt: 1000 + i,
    };
    const { relationship } = await graph.relate(from, i % 2 === 0 ? 'uses' : 'partner_of', to, source);
    relIds.push(relationship.id);
    await graph.recordEvidence({ ...source, kind: 'mention', entityId: from });
  }
  for (let p = 0; p < 7; p++) {
    await graph.recordPage({
      url: pageOf(p),
      title: `Page ${p}`,
      capturedAt: 1000 + p,
      entityIds: ids.filter((_, i) => i % 7 === p),
      relationshipIds: relIds.filter((_, i) => i % 7 === p),
    });
  }
  const reviewId = asReviewId('q_invented1');
  // Its provisional entity was merged away: only the merge history makes it known to a restore.
  if (candidate !== undefined && removed !== undefined && reviewId !== undefined) {
    await store.putReview({
      id: reviewId,
      createdAt: 2000,
      status: 'pending',
      mention: { name: inventedName(2), type: 'company', pageUrl: pageOf(0), pageTitle: 'Page 0', snippet: 'an invented line' },
      provisionalId: removed,
      candidates: [{ id: candidate, label: inventedName(2), type: 'company', confidence: 0.7 }],
      reason: 'close to one entity',
    });
  }
  return ids;
}
