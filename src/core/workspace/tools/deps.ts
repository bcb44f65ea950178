/**
 * What the workspace tools run against: the registry of workspaces, and two things
 * only the host can do, since they reach into workspaces' graphs (the background
 * opens each graph in its own database).
 */
import type { GraphReader, RecordBatch } from '../../graph/store';
import type { EntityType } from '../../graph/types';
import type { Workspace } from '../workspace';
import type { WorkspaceRegistry } from '../workspace-registry';

/** One `entity_search` hit, as that tool returns it. */
export interface WorkspaceSearchHit {
  readonly name: string;
  readonly entity_type: EntityType;
  readonly score: number;
  readonly id: string;
}

export interface WorkspaceSearchInput {
  readonly query: string;
  readonly limit?: number;
  readonly types?: readonly EntityType[];
  readonly min_score?: number;
}

/** Records to import: a part of an export (`graph_import`'s `records`, which it checks again); the store's batch shape. */
export type GraphRecords = RecordBatch;

/** What an import into a workspace did, per kind of record. */
export interface ImportCounts {
  readonly entities: { readonly created: number; readonly updated: number; readonly unchanged: number };
  readonly relationships: { readonly created: number; readonly updated: number; readonly unchanged: number };
  readonly evidence: { readonly created: number; readonly updated: number; readonly unchanged: number };
}

export interface WorkspaceToolDeps {
  readonly workspaces: WorkspaceRegistry;
  /** Closes the workspace's graph and deletes it (the registry removes the entry afterwards). */
  readonly dropGraph: (workspace: Workspace) => Promise<void>;
  /** `entity_search` inside one workspace's graph. */
  readonly searchIn: (workspace: Workspace, input: WorkspaceSearchInput) => Promise<readonly WorkspaceSearchHit[]>;
  /** One workspace's graph, read-only. */
  readonly readerOf: (workspace: Workspace) => Promise<GraphReader>;
  /** `graph_import` (merge: names go through that workspace's resolver) into one workspace's graph. */
  readonly importInto: (workspace: Workspace, records: GraphRecords) => Promise<ImportCounts>;
}
