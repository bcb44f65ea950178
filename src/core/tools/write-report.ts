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
  readonly removed?: RemovedRecords;
  /** Records written as they now are, in bulk (an import). */
  readonly written?: {
    readonly entities: readonly Entity[];
    readonly relationships: readonly Relationship[];
    readonly evidence: readonly Evidence[];
  };
}

/**
 * Records a write removed. `evidence` lists only rows whose entity or relationship stays
 * (the others went with their record), each with its `contributor` when a teammate brought it.
 */
export interface RemovedRecords {
  readonly entities: readonly EntityId[];
  readonly relationships: readonly RelationshipId[];
  readonly evidence?: readonly RemovedEvidence[];
}

export type RemovedEvidence = Pick<Evidence, 'id' | 'contributor'>;

/**
 * A page rewritten outside a tool call (a re-read, an LLM reading) or LLM readings
 * forgotten: `rewritten` when the page's records were written again, `removed` what went.
 */
export interface PageWrite {
  readonly url: string;
  readonly rewritten: boolean;
  readonly removed?: RemovedRecords;
}

/**
 * Whoever records page writes in their own write turn (team sync's queue). `prepare` runs
 * before the turn (it may look outside the store, which a store transaction cannot wait
 * for) and answers undefined when nothing is recorded; `record` runs inside the turn after
 * the writes, so both commit or neither does; `committed` once the turn committed.
 *
 * @example
 *   const recorder = await deps.recorder?.prepare();
 *   await graph.exclusive(async (g) => { await write(g); await recorder?.record({ url, rewritten: true }); }, { atomic: true });
 *   recorder?.committed();
 */
export interface PageWriteRecorder {
  prepare(): Promise<PreparedPageWrite | undefined>;
}

export interface PreparedPageWrite {
  record(write: PageWrite): Promise<void>;
  committed(): void;
}

/** A sequential tool's successful call, as `CallOptions.afterWrite` is told it. */
export interface WriteCall {
  readonly name: string;
  readonly input: unknown;
  readonly output: unknown;
  readonly reports: readonly WriteReport[];
}
