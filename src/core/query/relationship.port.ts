/**
 * RelationshipProvider: graph traversal for the query loop. Implemented
 * over the GraphStore by `GraphRelationships`; every method is bounded.
 */
import type { EntityId } from '../graph/ids';
import type { Direction } from '../graph/store';
import type { EntitySummary, LabelCount, PathView, RelationshipView } from './query-context';

export interface RelationshipQueryOptions {
  readonly direction?: Direction;
  /** Only relationships with this (normalized) label. */
  readonly label?: string;
  /** Per entity. */
  readonly limit: number;
}

export interface ConnectedEntityView {
  readonly entity: EntitySummary;
  readonly label: string;
  readonly direction: 'outgoing' | 'incoming';
}

export interface SharedConnection {
  readonly entity: EntitySummary;
  /** How many neighbours it shares with the entity asked about. */
  readonly shared: number;
}

export interface RelationshipStats {
  readonly relationships: number;
  readonly labels: readonly LabelCount[];
  /** Highest degree first, ties by id. */
  readonly mostConnected: ReadonlyArray<{ readonly id: EntityId; readonly degree: number }>;
  /** True when the graph was larger than the scan bound and the figures are partial. */
  readonly partial: boolean;
}

export interface RelationshipProvider {
  getRelationships(entityIds: readonly EntityId[], options: RelationshipQueryOptions): Promise<RelationshipView[]>;
  getConnectedEntities(entityId: EntityId, options: RelationshipQueryOptions): Promise<ConnectedEntityView[]>;
  /**
   * Shortest path ignoring direction (breadth-first, bounded by depth and visited nodes);
   * `statedOnly` leaves out co-mention links (`mentioned_with`).
   */
  findPath(fromId: EntityId, toId: EntityId, options: { readonly maxDepth: number; readonly statedOnly?: boolean }): Promise<PathView>;
  findRelatedBySharedConnections(entityId: EntityId, options: { readonly limit: number }): Promise<SharedConnection[]>;
  getRelationshipStats(options: { readonly top: number }): Promise<RelationshipStats>;
}
