/**
 * The persisted capture queue. A capture is written to the `inbox` table before it
 * is acknowledged, then ingested one at a time (ingestion takes the graph's single
 * writer for its transaction) and
 * deleted from the inbox once ingested. A worker that stops mid-way loses nothing:
 * on start-up the leftover rows are ingested (see `e2e/faults`).
 *
 * Idempotent: the row id is a hash of url + capture time, and a capture whose page
 * was already recorded with that capture time is not ingested twice.
 *
 * Counted before it runs: an attempt is written to the row before ingestion
 * starts, so a capture that hangs or kills the worker is counted too, not replayed at
 * every start; one cut short by a worker stop and a quick restart is refunded at the
 * next start (`QUICK_STOP_MS`, up to `MAX_SHORT_STOPS`), so Chromium stopping the worker
 * does not park captures, and goes to the back of the line so the captures behind it go first
 * (the cuts of a run of stops are shared, not all taken by the head). A capture that failed to finish `MAX_INGEST_ATTEMPTS` times is parked:
 * kept with its last error (or "did not finish"), listed in `status`, and left alone
 * until the user retries or discards it (`retry`, `discard`); a start does not revive it.
 *
 * Storage full: a capture whose ingestion fails with `quota_exceeded` is parked at
 * once (retrying cannot free space) and kept with its error, so nothing is lost; if
 * even the attempt cannot be written, the row stays as it was and this worker skips it
 * until its next start.
 *
 * @example
 *   const queue = new CaptureQueue({ db, targets: oneGraph(store), clock, ingest: (c) => ingestCapture(c) });
 *   const { captureId } = await queue.enqueue(capture);   // persisted, then acked
 *   await queue.drain();                                   // ingested
 *   await queue.retry(parkedId);                           // the user asks for another go
 */
import type { AriadneDatabase, InboxRow } from '../adapters/dexie/database';
import type { PageCapture } from '../core/capture';
import type { Clock } from '../core/graph/ids';
import type { GraphStore } from '../core/graph/store';
import { NotFoundError, toErrorShape } from '../core/errors';
import type { CaptureState, CaptureStatus, ParkedCapture } from '../messaging/protocol';
import { MAX_PARKED_LISTED } from '../messaging/protocol';
import { captureIdOf } from './capture-id';

/**
 * A capture that failed to finish this many times is parked (kept, not retried until the
 * user says so). Attempts are counted when they start, so one that hangs or kills the
 * worker is counted too. Three: one failure can be bad luck (a worker stopped by Chromium
 * during a long ingestion, a transient storage error), a third in a row is the capture.
 */
export const MAX_INGEST_ATTEMPTS = 3;
/**
 * An attempt whose worker was back within this time of its start was cut short by a
 * worker stop, not by the capture: a hung ingestion keeps the worker busy until Chromium
 * kills it (30 s unanswered at the least), and ingestion finishes within its own budget
 * (`INGEST_BUDGET_MS`, 10 s). Such a stop is refunded instead of counted as an attempt.
 */
export const QUICK_STOP_MS = 15_000;
/**
 * Quick stops a capture may take before it is parked all the same: a capture that crashes
 * the worker at once, again and again, must not be replayed forever. In the fault test (a
 * stop every 400 ms, 24 stops in all), one capture was cut short 8 times at most.
 */
export const MAX_SHORT_STOPS = 20;
/** Why a parked capture waits when no error was recorded: its last attempt never ended. */
export const DID_NOT_FINISH = 'did not finish: the worker stopped during analysis';
/** Ingested capture ids remembered for `status` (bounded; older ones report `unknown`). */
const RECENT_INGESTED = 2_000;
/** Failure messages kept on a parked row are cut to this length. */
const MAX_ERROR_CHARS = 500;

/**
 * Which graph each capture goes to (a workspace's): chosen when the capture arrives and
 * kept on its row, so switching workspace right after a capture does not move it.
 */
export interface CaptureTargets {
  /** The target of a capture arriving now; undefined for the one graph there is. */
  targetOf(capture: PageCapture): Promise<string | undefined>;
  /** The graph of a target (undefined: a row from before targets, or the one graph). */
  storeOf(target: string | undefined): Promise<Pick<GraphStore, 'getPage'>>;
}

/** Every capture into one graph. */
export function oneGraph(store: Pick<GraphStore, 'getPage'>): CaptureTargets {
  return { targetOf: async () => undefined, storeOf: async () => store };
}

export interface CaptureQueueDeps {
  readonly db: AriadneDatabase;
  readonly targets: CaptureTargets;
  readonly clock: Clock;
  /** Turns one capture into writes to its target's graph (taking that graph's single writer for them). */
  readonly ingest: (capture: PageCapture, target: string | undefined) => Promise<unknown>;
  /** Told after every ingested or failed capture (badge, logs). */
  readonly onProcessed?: (captureId: string, outcome: 'ingested' | 'failed', error?: string) => void;
}

export class CaptureQueue {
  private readonly deps: CaptureQueueDeps;
  private draining: Promise<void> | undefined;
  private again = false;
  private readonly recent = new Set<string>();
  private ingestedCount = 0;
  /** Rows whose attempt or failure could not be recorded (storage full): skipped until the next start. */
  private readonly skipped = new Set<string>();
  /** The capture being ingested now: not parked, whatever its count says. */
  private current: string | undefined;
  /** Attempts left unfinished by the previous worker have been settled (once per start). */
  private settled = false;

  constructor(deps: CaptureQueueDeps) {
    this.deps = deps;
  }

  /** Persists the capture (once), starts draining, and returns its id. */
  async enqueue(capture: PageCapture): Promise<{ captureId: string; duplicate: boolean }> {
    const captureId = captureIdOf(capture);
    const { db, clock } = this.deps;
    const target = await this.deps.targets.targetOf(capture);
    const duplicate =
      this.recent.has(captureId) || (await this.alreadyIngested(capture, target)) || (await db.inbox.get(captureId)) !== undefined;
    if (!duplicate)
      await db.inbox.put({ id: captureId, capture, receivedAt: clock.now(), attempts: 0, ...(target === undefined ? {} : { target }) });
    void this.drain();
    return { captureId, duplicate };
  }

  /**
   * Ingests every waiting capture, oldest first, one at a time. Concurrent calls
   * share one run; a call during a run makes it look again before it ends.
   */
  drain(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = this.drainLoop().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  private async drainLoop(): Promise<void> {
    if (!this.settled) {
      await this.settleInterrupted();
      this.settled = true;
    }
    do {
      this.again = false;
      for (let row = await this.next(); row !== undefined; row = await this.next()) await this.process(row);
    } while (this.again);
  }

  /**
   * The attempts a stopped worker left unfinished (their `startedAt` is still set): a
   * quick stop is refunded (see `QUICK_STOP_MS`) until `MAX_SHORT_STOPS`; a longer one
   * stays counted, as the hang or crash it may be.
   */
  private async settleInterrupted(): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const cut = await db.inbox.filter((r) => r.startedAt !== undefined).toArray();
    for (const row of cut) {
      const gap = now - (row.startedAt ?? now);
      const quick = gap >= 0 && gap < QUICK_STOP_MS;
      const shortStops = (row.shortStops ?? 0) + (quick ? 1 : 0);
      const refunded = quick && shortStops < MAX_SHORT_STOPS;
      const attempts =
        quick && !refunded ? Math.max(row.attempts, MAX_INGEST_ATTEMPTS) : refunded ? Math.max(0, row.attempts - 1) : row.attempts;
      // A refunded capture goes to the back of the line: the next start begins with the others,
      // so a capture cut again and again does not hold every capture behind it (nor take all
      // the cuts of a run of stops, which would park it though nothing is wrong with it).
      const requeued = refunded ? { receivedAt: now } : {};
      // Storage full: the attempt stays counted as it was written, and the drain goes on.
      await db.inbox.update(row.id, { attempts, shortStops, startedAt: undefined, ...requeued }).catch(() => 0);
    }
  }

  private next(): Promise<InboxRow | undefined> {
    return this.deps.db.inbox
      .orderBy('receivedAt')
      .filter((r) => r.attempts < MAX_INGEST_ATTEMPTS && !this.skipped.has(r.id))
      .first();
  }

  private async process(row: InboxRow): Promise<void> {
    const { db, clock, ingest, onProcessed } = this.deps;
    const attempts = row.attempts + 1;
    try {
      // Written before ingestion starts: if it never returns (a hang, a killed worker),
      // the next start sees the attempt. The last attempt's error goes with it.
      const counted = await db.inbox.update(row.id, { attempts, startedAt: clock.now(), lastError: undefined });
      if (counted === 0) return; // discarded meanwhile
    } catch (error) {
      // The attempt cannot be written (the disk is full): the row is kept unchanged and
      // skipped by this worker, so the drain cannot spin on it.
      this.skipped.add(row.id);
      onProcessed?.(row.id, 'failed', toErrorShape(error).message.slice(0, MAX_ERROR_CHARS));
      return;
    }
    this.current = row.id;
    try {
      // One capture at a time; ingestion checks again inside its transaction that the page is new.
      if (!(await this.alreadyIngested(row.capture, row.target))) await ingest(row.capture, row.target);
      await db.inbox.delete(row.id);
      this.remember(row.id);
      onProcessed?.(row.id, 'ingested');
    } catch (error) {
      const shape = toErrorShape(error);
      const message = shape.message.slice(0, MAX_ERROR_CHARS);
      try {
        // Retrying cannot free storage: a quota failure parks the capture at once.
        await db.inbox.update(row.id, {
          lastError: message,
          startedAt: undefined,
          ...(shape.code === 'quota_exceeded' ? { attempts: Math.max(attempts, MAX_INGEST_ATTEMPTS) } : {}),
        });
      } catch {
        this.skipped.add(row.id);
      }
      onProcessed?.(row.id, 'failed', message);
    } finally {
      this.current = undefined;
    }
  }

  /** True when the target's graph already holds this capture's page at this capture time. */
  private async alreadyIngested(capture: PageCapture, target: string | undefined): Promise<boolean> {
    const store = await this.deps.targets.storeOf(target);
    for (const url of new Set([capture.url, capture.canonicalUrl ?? capture.url])) {
      const page = await store.getPage(url);
      if (page !== undefined && page.capturedAt === capture.capturedAt) return true;
    }
    return false;
  }

  private remember(captureId: string): void {
    this.ingestedCount++;
    this.recent.add(captureId);
    if (this.recent.size > RECENT_INGESTED) {
      const oldest = this.recent.values().next();
      if (!oldest.done) this.recent.delete(oldest.value);
    }
  }

  /**
   * The user's "retry" on a parked capture: a fresh set of attempts, then a drain.
   * Throws `NotFoundError` when no parked capture has that id.
   */
  async retry(captureId: string): Promise<{ captureId: string }> {
    await this.mustBeParked(captureId);
    this.skipped.delete(captureId);
    await this.deps.db.inbox.update(captureId, { attempts: 0, shortStops: 0 });
    void this.drain();
    return { captureId };
  }

  /** The user's "discard" on a parked capture: removed from the inbox for good. */
  async discard(captureId: string): Promise<{ captureId: string }> {
    await this.mustBeParked(captureId);
    this.skipped.delete(captureId);
    await this.deps.db.inbox.delete(captureId);
    return { captureId };
  }

  private async mustBeParked(captureId: string): Promise<InboxRow> {
    const row = await this.deps.db.inbox.get(captureId);
    if (row === undefined || !this.isParked(row)) {
      throw new NotFoundError(`No parked capture has id "${captureId}"; it may have been ingested or discarded. Reload the list.`);
    }
    return row;
  }

  private isParked(row: InboxRow): boolean {
    return row.id !== this.current && (row.attempts >= MAX_INGEST_ATTEMPTS || this.skipped.has(row.id));
  }

  async status(captureId?: string): Promise<CaptureStatus> {
    const { db } = this.deps;
    // Counted with a cursor, never loaded as a whole: captures can be large.
    const total = await db.inbox.count();
    const atLimit = await db.inbox.where('attempts').aboveOrEqual(MAX_INGEST_ATTEMPTS).primaryKeys();
    // The capture on its last attempt is running, not parked.
    const failed = atLimit.filter((id) => id !== this.current).length;
    const base = { pending: total - failed, failed, ingested: this.ingestedCount };
    if (captureId === undefined) {
      const rows = await db.inbox.bulkGet(atLimit.filter((id) => id !== this.current).slice(0, MAX_PARKED_LISTED));
      const parked = rows.flatMap((r): ParkedCapture[] =>
        r === undefined
          ? []
          : [{ captureId: r.id, url: r.capture.url, title: r.capture.title, attempts: r.attempts, reason: r.lastError ?? DID_NOT_FINISH }],
      );
      // The totals carry one parked capture's reason, so the panel can say why captures wait.
      const first = parked[0];
      return { ...base, parked, ...(first === undefined ? {} : { error: first.reason }) };
    }
    const row = await db.inbox.get(captureId);
    let state: CaptureState = 'unknown';
    if (row !== undefined) state = this.isParked(row) ? 'failed' : 'queued';
    else if (this.recent.has(captureId)) state = 'ingested';
    const error = row === undefined ? undefined : (row.lastError ?? (state === 'failed' ? DID_NOT_FINISH : undefined));
    return { ...base, state, ...(error === undefined ? {} : { error }) };
  }
}
