/**
 * What a writing tool changed beyond what its output says, for whoever records the call
 * (team sync, `CallOptions.afterWrite`): the ids of records a page deletion removed, the
 * records an import wrote. A tool reports through `ToolExecutionContext.report`; most tools
 * report nothing, their output says enough.
 *
 * @example
 *   ctx.report?.({ removed: { entities: out.entityIdsRemoved, relationships: out.relationshipIdsRemoved } });
 */
import type { EntityId, RelationshipId } from '../graph/ids';
import type { Entity, Evidence, Relationship } from '../graph/types';

export interface WriteReport {
  /** Records that are gone (a relationship removed with its entity is not listed again). */
  readonly removed?: { readonly entities: readonly EntityId[]; readonly relationships: readonly RelationshipId[] };
  /** Records written as they now are, in bulk (an import). */
  readonly written?: {
    readonly entities: readonly Entity[];
    readonly relationships: readonly Relationship[];
    readonly evidence: readonly Evidence[];
  };
}

/** A sequential tool's successful call, as `CallOptions.afterWrite` is told it. */
export interface WriteCall {
  readonly name: string;
  readonly input: unknown;
  readonly output: unknown;
  readonly reports: readonly WriteReport[];
}
