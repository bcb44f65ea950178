/**
 * The persisted capture queue. A capture is written to the `inbox` table before it
 * is acknowledged, then ingested one at a time through the single writer and
 * deleted from the inbox once ingested. A worker that stops mid-way loses nothing:
 * on start-up the leftover rows are ingested (issue 9, faults).
 *
 * Idempotent: the row id is a hash of url + capture time, and a capture whose page
 * was already recorded with that capture time is not ingested twice.
 *
 * Storage full: a capture whose ingestion fails with `quota_exceeded` is parked at
 * once (retrying cannot free space) and kept with its error, so nothing is lost; if
 * even the park cannot be written, the row stays as it was and this worker skips it
 * until its next start.
 *
 * @example
 *   const queue = new CaptureQueue({ db, store, writer, clock, ingest: (c) => ingestCapture(c) });
 *   const { captureId } = await queue.enqueue(capture);   // persisted, then acked
 *   await queue.drain();                                   // ingested
 */
import type { AriadneDatabase, InboxRow } from '../adapters/dexie/database';
import type { PageCapture } from '../core/capture';
import type { Clock } from '../core/graph/ids';
import type { GraphStore } from '../core/graph/store';
import { toErrorShape } from '../core/errors';
import type { CaptureState, CaptureStatus } from '../messaging/protocol';
import { captureIdOf } from './capture-id';
import type { SerialWriter } from './serial-writer';

/** A capture that failed this many times is parked (kept, not retried) until the next start. */
export const MAX_INGEST_ATTEMPTS = 3;
/** Ingested capture ids remembered for `status` (bounded; older ones report `unknown`). */
const RECENT_INGESTED = 2_000;
/** Failure messages kept on a parked row are cut to this length. */
const MAX_ERROR_CHARS = 500;

export interface CaptureQueueDeps {
  readonly db: AriadneDatabase;
  readonly store: GraphStore;
  readonly writer: SerialWriter;
  readonly clock: Clock;
  /** Turns one capture into graph writes; runs inside the single writer. */
  readonly ingest: (capture: PageCapture) => Promise<unknown>;
  /** Told after every ingested or failed capture (badge, logs). */
  readonly onProcessed?: (captureId: string, outcome: 'ingested' | 'failed', error?: string) => void;
}

export class CaptureQueue {
  private readonly deps: CaptureQueueDeps;
  private draining: Promise<void> | undefined;
  private again = false;
  private readonly recent = new Set<string>();
  private ingestedCount = 0;
  /** Rows whose failure could not be recorded (storage full): skipped until the next start. */
  private readonly skipped = new Set<string>();

  constructor(deps: CaptureQueueDeps) {
    this.deps = deps;
  }

  /** Persists the capture (once), starts draining, and returns its id. */
  async enqueue(capture: PageCapture): Promise<{ captureId: string; duplicate: boolean }> {
    const captureId = captureIdOf(capture);
    const { db, clock } = this.deps;
    const duplicate = this.recent.has(captureId) || (await this.alreadyIngested(capture)) || (await db.inbox.get(captureId)) !== undefined;
    if (!duplicate) await db.inbox.put({ id: captureId, capture, receivedAt: clock.now(), attempts: 0 });
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
    do {
      this.again = false;
      for (let row = await this.next(); row !== undefined; row = await this.next()) await this.process(row);
    } while (this.again);
  }

  private next(): Promise<InboxRow | undefined> {
    return this.deps.db.inbox
      .orderBy('receivedAt')
      .filter((r) => r.attempts < MAX_INGEST_ATTEMPTS && !this.skipped.has(r.id))
      .first();
  }

  private async process(row: InboxRow): Promise<void> {
    const { db, writer, ingest, onProcessed } = this.deps;
    try {
      await writer.run(async () => {
        if (!(await this.alreadyIngested(row.capture))) await ingest(row.capture);
      });
      await db.inbox.delete(row.id);
      this.remember(row.id);
      onProcessed?.(row.id, 'ingested');
    } catch (error) {
      const shape = toErrorShape(error);
      const message = shape.message.slice(0, MAX_ERROR_CHARS);
      // Retrying cannot free storage: a quota failure parks the capture at once.
      const attempts = shape.code === 'quota_exceeded' ? MAX_INGEST_ATTEMPTS : row.attempts + 1;
      try {
        await db.inbox.update(row.id, { attempts, lastError: message });
      } catch {
        // The failure itself could not be written (the disk is full too): the row is
        // kept unchanged and skipped by this worker, so the drain cannot spin on it.
        this.skipped.add(row.id);
      }
      onProcessed?.(row.id, 'failed', message);
    }
  }

  /** True when the graph already holds this capture's page at this capture time. */
  private async alreadyIngested(capture: PageCapture): Promise<boolean> {
    for (const url of new Set([capture.url, capture.canonicalUrl ?? capture.url])) {
      const page = await this.deps.store.getPage(url);
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

  /** Rows parked after repeated failures get a fresh set of attempts (at start-up). */
  async retryParked(): Promise<number> {
    this.skipped.clear();
    return this.deps.db.inbox.where('attempts').aboveOrEqual(MAX_INGEST_ATTEMPTS).modify({ attempts: 0 });
  }

  async status(captureId?: string): Promise<CaptureStatus> {
    const { db } = this.deps;
    // Counted with a cursor, never loaded as a whole: captures can be large.
    const total = await db.inbox.count();
    const failed = await db.inbox.where('attempts').aboveOrEqual(MAX_INGEST_ATTEMPTS).count();
    const base = { pending: total - failed, failed, ingested: this.ingestedCount };
    if (captureId === undefined) {
      // The totals carry one parked capture's error, so the panel can say why captures wait.
      const parked = failed > 0 ? await db.inbox.where('attempts').aboveOrEqual(MAX_INGEST_ATTEMPTS).first() : undefined;
      return parked?.lastError === undefined ? base : { ...base, error: parked.lastError };
    }
    const row = await db.inbox.get(captureId);
    let state: CaptureState = 'unknown';
    if (row !== undefined) state = row.attempts >= MAX_INGEST_ATTEMPTS || this.skipped.has(captureId) ? 'failed' : 'queued';
    else if (this.recent.has(captureId)) state = 'ingested';
    return { ...base, state, ...(row?.lastError === undefined ? {} : { error: row.lastError }) };
  }
}
