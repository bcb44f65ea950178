/**
 * Reading the graph into the query context's views: relationships with the names and
 * types of both ends, and full entities with their evidence. Bounded everywhere.
 */
import type { EntityId } from '../graph/ids';
import type { GraphStore } from '../graph/store';
import type { Entity, Relationship } from '../graph/types';
import type { EvidenceView, FullEntity, RelationshipView } from './query-context';

// Relationships loaded with a full entity; the rest are reachable with GET_RELATIONSHIPS.
export const FULL_ENTITY_RELATIONSHIPS = 30;
// Evidence snippets kept per full entity: enough to cite, small enough for a prompt.
export const FULL_ENTITY_EVIDENCE = 3;
// A snippet in the context is cut to this many characters.
export const SNIPPET_LENGTH = 200;

/** Relationship views in the order given; relationships whose ends are gone are skipped. */
export async function viewRelationships(store: GraphStore, rels: readonly Relationship[]): Promise<RelationshipView[]> {
  const ids = [...new Set(rels.flatMap((r) => [r.from, r.to]))];
  const byId = new Map<EntityId, Entity>();
  for (const e of await store.getEntities(ids)) byId.set(e.id, e);
  const out: RelationshipView[] = [];
  for (const r of rels) {
    const from = byId.get(r.from);
    const to = byId.get(r.to);
    if (!from || !to) continue;
    out.push({
      id: r.id,
      from: r.from,
      fromName: from.name,
      fromType: from.type,
      label: r.label,
      to: r.to,
      toName: to.name,
      toType: to.type,
    });
  }
  return out;
}

/** Loads one entity with its first relationships and evidence, or undefined when it is gone. */
export async function loadFullEntity(store: GraphStore, id: EntityId): Promise<FullEntity | undefined> {
  const entity = await store.getEntity(id);
  if (!entity) return undefined;
  const rels = await store.relationshipsOf(id, 'both', FULL_ENTITY_RELATIONSHIPS + 1);
  const relationships = await viewRelationships(store, rels.slice(0, FULL_ENTITY_RELATIONSHIPS));
  const evidence: EvidenceView[] = (await store.evidenceOfEntity(id, FULL_ENTITY_EVIDENCE)).map((ev) => ({
    pageUrl: ev.pageUrl,
    pageTitle: ev.pageTitle,
    snippet: ev.snippet.slice(0, SNIPPET_LENGTH),
    capturedAt: ev.capturedAt,
  }));
  return { entity, relationships, evidence, relationshipsTruncated: rels.length > FULL_ENTITY_RELATIONSHIPS };
}
