/**
 * The graph's single writer: one FIFO lock that every write waits on, whoever makes
 * it (a capture's ingestion, a writing tool call, a clip, an import). The graph
 * service owns the one instance; everything else takes it through
 * `GraphService.exclusive`, which hands its callback a graph that writes without
 * waiting and refuses a nested `exclusive` at once (the lock is not re-entrant: a
 * nested run queued behind its own caller would wait forever).
 *
 * Runs start in arrival order; a failed run does not block the next.
 *
 * @example
 *   const lock = new WriteLock();
 *   await Promise.all([lock.run(writeA), lock.run(writeB)]); // writeB starts once writeA settled
 */
export class WriteLock {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `fn` after every run queued before it settled. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
