/**
 * Team sync: pushes the local push queue to the team database in idempotent batches,
 * and pulls teammates' changes in change-log order into the local graph.
 *
 * Nothing is lost: a change leaves the queue only after the database confirmed the
 * batch holding it; when the database is down the push throws `unavailable` and the
 * queue is left as it was, to be pushed again later. Nothing is duplicated: a batch's
 * id is derived from its changes, and the database keeps one row per change id, so a
 * batch re-sent after a lost reply lands once. The pull cursor moves after each
 * change is ingested, so a pull cut short resumes where it stopped.
 *
 * @example
 *   const sync = new TeamSync({ queue, cursor, remote, sink });
 *   await sync.record(changesOfMerge(outcome, ids));
 *   await sync.sync(); // { pushed: { batches: 1, applied: 2, duplicates: 0 }, pulled: { changes: 5 } }
 */
import { fnv1a } from '../text/normalize';
import type { TeamChange } from './changes';
import type { ChangeBatch, IngestSink, PullCursor, PushQueue, TeamRemote } from './ports';

/** Changes per pushed batch: one database transaction each; small enough to retry cheaply. */
export const DEFAULT_BATCH_SIZE = 500;
/** Changes read per pull request. */
export const DEFAULT_PULL_PAGE = 1000;

export interface TeamSyncDeps {
  readonly queue: PushQueue;
  readonly cursor: PullCursor;
  readonly remote: TeamRemote;
  readonly sink: IngestSink;
  readonly batchSize?: number;
  readonly pullPage?: number;
}

export interface PushSummary {
  readonly batches: number;
  readonly applied: number;
  readonly duplicates: number;
}

export interface PullSummary {
  /** Teammates' changes ingested. */
  readonly changes: number;
  /** The cursor after the pull. */
  readonly position: number;
  /** Log rows skipped because they are not valid changes. */
  readonly rejected: readonly { readonly position: number; readonly message: string }[];
}

/**
 * The batch id of a list of changes: the same changes in the same order give the same id.
 *
 * @example batchOf([a, b]).batchId === batchOf([a, b]).batchId // true
 */
export function batchOf(changes: readonly TeamChange[]): ChangeBatch {
  const ids = changes.map((c) => c.changeId).join(',');
  const hash = [fnv1a(ids, 1), fnv1a(ids, 2), fnv1a(ids, 3)].map((h) => h.toString(36).padStart(7, '0')).join('');
  return { batchId: `b_${changes.length.toString(36)}_${hash}`, changes };
}

export class TeamSync {
  private readonly deps: TeamSyncDeps;
  private readonly batchSize: number;
  private readonly pullPage: number;
  /** Push and pull runs one at a time: a timer and a button must not send or ingest the same changes at once. */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(deps: TeamSyncDeps) {
    this.deps = deps;
    this.batchSize = deps.batchSize ?? DEFAULT_BATCH_SIZE;
    this.pullPage = deps.pullPage ?? DEFAULT_PULL_PAGE;
  }

  /** Queues local changes (persisted by the queue) until the next push. */
  record(changes: readonly TeamChange[]): Promise<void> {
    return changes.length === 0 ? Promise.resolve() : this.deps.queue.append(changes);
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Pushes the whole queue, batch by batch; throws (queue intact from that batch on) when the database fails. */
  push(): Promise<PushSummary> {
    return this.serial(() => this.pushAll());
  }

  /** Ingests every teammate change after the cursor, in position order. */
  pull(): Promise<PullSummary> {
    return this.serial(() => this.pullAll());
  }

  private async pushAll(): Promise<PushSummary> {
    let batches = 0;
    let applied = 0;
    let duplicates = 0;
    for (;;) {
      const rows = await this.deps.queue.head(this.batchSize);
      const last = rows[rows.length - 1];
      if (last === undefined) break;
      const receipt = await this.deps.remote.push(batchOf(rows.map((r) => r.change)));
      await this.deps.queue.removeThrough(last.seq);
      batches++;
      applied += receipt.applied;
      duplicates += receipt.duplicates;
    }
    return { batches, applied, duplicates };
  }

  private async pullAll(): Promise<PullSummary> {
    let position = await this.deps.cursor.read();
    let changes = 0;
    const rejected: { position: number; message: string }[] = [];
    for (;;) {
      const page = await this.deps.remote.pull(position, this.pullPage);
      rejected.push(...page.rejected);
      for (const pulled of page.changes) {
        await this.deps.sink.apply(pulled);
        await this.deps.cursor.write(pulled.position);
        changes++;
      }
      if (page.through <= position) break;
      position = page.through;
      await this.deps.cursor.write(position);
    }
    return { changes, position, rejected };
  }

  /** Push first (teammates see our work even if the pull fails), then pull. */
  async sync(): Promise<{ readonly pushed: PushSummary; readonly pulled: PullSummary }> {
    const pushed = await this.push();
    const pulled = await this.pull();
    return { pushed, pulled };
  }
}
