/**
 * Change notifications of the graph service. Listeners (the search index, caches)
 * hear about a write only after its transaction committed, in write order.
 */
import type { Entity, Relationship } from './types';

export type GraphChange =
  | { readonly kind: 'entity.put'; readonly entity: Entity }
  | { readonly kind: 'entity.removed'; readonly entity: Entity }
  | { readonly kind: 'relationship.put'; readonly relationship: Relationship }
  | { readonly kind: 'relationship.removed'; readonly relationship: Relationship };

export type GraphListener = (change: GraphChange) => void;

/** Collects the changes of one transaction; published only if it commits. */
export class ChangeLog {
  private readonly changes: GraphChange[] = [];
  entityPut(entity: Entity): void {
    this.changes.push({ kind: 'entity.put', entity });
  }
  entityRemoved(entity: Entity): void {
    this.changes.push({ kind: 'entity.removed', entity });
  }
  relationshipPut(relationship: Relationship): void {
    this.changes.push({ kind: 'relationship.put', relationship });
  }
  relationshipRemoved(relationship: Relationship): void {
    this.changes.push({ kind: 'relationship.removed', relationship });
  }
  drain(): readonly GraphChange[] {
    return this.changes.splice(0, this.changes.length);
  }
}
