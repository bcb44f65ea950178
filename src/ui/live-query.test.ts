import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import type { Table } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribeThrottled } from './live-query';

class Db extends Dexie {
  rows!: Table<{ id: number }, number>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ rows: 'id' });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dbs: Db[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

describe('subscribeThrottled', () => {
  it('shows the first value at once, a burst of writes in a few updates, ends on the final state, and does not poll', async () => {
    const db = new Db(`live-${Math.random()}`);
    dbs.push(db);
    let queries = 0;
    const seen: number[] = [];
    const stop = subscribeThrottled(
      () => {
        queries++;
        return db.rows.count();
      },
      200,
      {
        next: (n) => seen.push(n),
        error: (e) => {
          throw e;
        },
      },
    );
    // Waits count outcomes, not wall time: a loaded machine may take longer to deliver, never to coalesce.
    await vi.waitFor(() => expect(seen).toEqual([0]), { timeout: 5000 });
    // 60 separate writes over ~300 ms (longer on a busy machine).
    for (let i = 0; i < 60; i++) {
      await db.rows.put({ id: i });
      await sleep(5);
    }
    await vi.waitFor(() => expect(seen.at(-1)).toBe(60), { timeout: 5000 });
    // Unthrottled, each write re-runs the query: 61 runs. Throttled: about one per 200 ms window, a handful at
    // the burst's ~300 ms; the bound leaves room for a busy machine stretching the burst several times over.
    expect(queries).toBeLessThan(40);
    expect(seen.length).toBeLessThan(40);
    // Quiet: no more queries.
    const settled = queries;
    await sleep(600);
    expect(queries).toBe(settled);
    // A later single write is still seen.
    await db.rows.put({ id: 1000 });
    await vi.waitFor(() => expect(seen.at(-1)).toBe(61), { timeout: 5000 });
    stop();
    await db.rows.put({ id: 1001 });
    await sleep(300);
    expect(seen.at(-1)).toBe(61);
  });
});
