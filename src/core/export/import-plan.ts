/**
 * The shapes of an import's plan and report, shared by the restore and merge planners
 * and the `graph_import` tool.
 *
 * @example const counts: WriteCounts = created(3); // { created: 3, updated: 0, unchanged: 0 }
 */
import type { GraphCounts } from '../graph/store';
import type { Entity, Page } from '../graph/types';
import type { GraphChunk } from './dump';

export type ImportMode = 'restore' | 'merge';

export interface WriteCounts {
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
}

export interface ImportReport {
  readonly mode: ImportMode;
  readonly entities: WriteCounts;
  readonly relationships: WriteCounts;
  readonly evidence: WriteCounts;
  readonly pages: WriteCounts;
  readonly merges: WriteCounts;
  readonly reviews: WriteCounts;
  /** Records that do not apply to this graph (merge history and reviews of another graph, relationships that became self-loops). */
  readonly skipped: number;
  /** References the app leaves dangling (a page listing a removed relationship, a review naming a deleted entity), dropped. */
  readonly pruned: number;
  readonly before: GraphCounts;
  readonly after: GraphCounts;
}

/** What a plan writes, in dependency order, and what it reports. */
export interface ImportPlan {
  readonly writes: GraphChunk;
  readonly counts: Omit<ImportReport, 'mode' | 'before' | 'after'>;
  /** Keys of the entities and pages it creates, when `writes` also updates some (a merge); else every write is new. */
  readonly created?: { readonly entities: readonly string[]; readonly pages: readonly string[] };
  /** The records it updates, as they are before it (a merge's matched entities and pages), for an import journal. */
  readonly before?: { readonly entities: readonly Entity[]; readonly pages: readonly Page[] };
}

export const NO_WRITES: WriteCounts = { created: 0, updated: 0, unchanged: 0 };

/** Created records only (a restore, or what a merge creates outright). */
export function created(n: number): WriteCounts {
  return { ...NO_WRITES, created: n };
}
