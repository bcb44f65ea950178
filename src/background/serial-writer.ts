/**
 * The background's single writer: every graph write (a capture's ingestion, a
 * writing tool call) runs through one queue, one at a time, in arrival order.
 * Reads do not queue. This is what makes concurrent captures of the same entity
 * produce one entity (design §5).
 *
 * @example
 *   const writer = new SerialWriter();
 *   await writer.run(() => ingest(capture));
 */
export class SerialWriter {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  /** Runs `fn` after every write queued before it; a failure does not block the next. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    this.waiting++;
    const result = this.tail.then(fn).finally(() => {
      this.waiting--;
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Writes queued or running. */
  get pending(): number {
    return this.waiting;
  }
}
