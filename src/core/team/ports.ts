/**
 * The ports of team sync. `TeamSync` (team-sync.ts) moves changes between them:
 * local operations → `PushQueue` (persisted) → `TeamRemote` (the team database) →
 * teammates' `TeamRemote.pull` → `IngestSink` (their local graph), remembering how far
 * it read in a `PullCursor`; the resolver replay maps teammates' ids to local ones in a
 * `TeamIdMap`. The background persists the queue, the cursor and the id map in IndexedDB;
 * `memory-ports.ts` keeps them in memory, and `sync-ports.contract.ts` is the contract
 * both pass.
 */
import type { TeamChange } from './changes';

/** One row of the persisted push queue: `seq` grows with every append. */
export interface QueuedChange {
  readonly seq: number;
  readonly change: TeamChange;
}

/** Local changes waiting to be pushed, oldest first. Survives restarts and offline weeks. */
export interface PushQueue {
  append(changes: readonly TeamChange[]): Promise<void>;
  /** The oldest `limit` rows, by seq. */
  head(limit: number): Promise<readonly QueuedChange[]>;
  /** Forgets every row up to and including `seq` (they reached the team database). */
  removeThrough(seq: number): Promise<void>;
  size(): Promise<number>;
  /** Forgets every row (they were recorded for a team log the workspace no longer syncs with); returns how many. */
  clear(): Promise<number>;
}

/** The change-log position of the last teammate change ingested (0 before the first). */
export interface PullCursor {
  read(): Promise<number>;
  write(position: number): Promise<void>;
}

/** A batch as pushed: its id is derived from its changes, so a re-sent batch has the same id. */
export interface ChangeBatch {
  readonly batchId: string;
  readonly changes: readonly TeamChange[];
}

export interface PushReceipt {
  readonly batchId: string;
  /** Changes new to the team database. */
  readonly applied: number;
  /** Changes it had already (a re-sent batch, or a change pushed before a lost reply). */
  readonly duplicates: number;
  /** The change-log position after this batch. */
  readonly head: number;
}

/** A teammate's change as the change log holds it. */
export interface PulledChange {
  readonly position: number;
  /** The database role (member) that pushed it. */
  readonly contributor: string;
  readonly change: TeamChange;
}

export interface PullPage {
  /** In position order; changes pushed from this device are left out. */
  readonly changes: readonly PulledChange[];
  /** The last position read (also past skipped own changes), to resume after. */
  readonly through: number;
  /** Log rows that are not valid changes (from another version, or edited by hand): skipped, and said so. */
  readonly rejected: readonly { readonly position: number; readonly message: string }[];
}

/**
 * The team database, bound to one workspace and one device. Throws an `AriadneError`
 * with code `unavailable` when it cannot be reached (nothing was applied then, or the
 * whole batch was: a batch is one transaction), `forbidden` when the member may not.
 */
export interface TeamRemote {
  push(batch: ChangeBatch): Promise<PushReceipt>;
  pull(after: number, limit: number): Promise<PullPage>;
}

/** Replays a teammate's change into the local graph. Must skip, not throw on, a change it cannot place. */
export interface IngestSink {
  apply(change: PulledChange): Promise<void>;
}

/** How a teammate's record maps to a local one: `created` by replay, or `joined` to one the user had. */
export interface IdMapping {
  readonly localId: string;
  readonly how: 'created' | 'joined';
  /** On a replayed merge: the removed entity's mapping, put back when the merge is undone. */
  readonly restore?: { readonly remoteId: string; readonly localId: string; readonly how: 'created' | 'joined' };
}

/** Teammates' ids → local ids, persisted next to the graph (the resolver replay reads and writes it). */
export interface TeamIdMap {
  get(remoteId: string): Promise<IdMapping | undefined>;
  set(remoteId: string, mapping: IdMapping): Promise<void>;
  delete(remoteId: string): Promise<void>;
}
