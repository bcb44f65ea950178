// The persisted capture queue on Dexie (fake-indexeddb) with the real graph service:
// nothing lost across a worker restart, nothing ingested twice, failures parked.
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { AriadneDatabase } from '../adapters/dexie/database';
import { DexieGraphStore } from '../adapters/dexie/dexie-graph-store';
import type { PageCapture } from '../core/capture';
import { pageCaptureSchema } from '../core/capture';
import { fixedClock, sequentialIds } from '../core/graph/ids';
import { GraphService } from '../core/graph/service';
import { defaultSettings } from '../core/settings';
import { CaptureQueue, DID_NOT_FINISH, oneGraph, MAX_INGEST_ATTEMPTS, MAX_SHORT_STOPS, QUICK_STOP_MS } from './capture-queue';
import { createIngest } from './ingest';

const dbs: AriadneDatabase[] = [];
let n = 0;
afterEach(async () => {
  const open = dbs.splice(0);
  for (const db of open) db.close(); // two connections per name in some tests
  for (const db of open) await db.delete();
});

function capture(path: string, capturedAt: number, extra: Partial<PageCapture> = {}): PageCapture {
  return pageCaptureSchema.parse({
    url: `https://example.test${path}`,
    title: `Page ${path}`,
    text: 'A short page about payments.',
    capturedAt,
    entities: [
      { ref: 's', name: 'Stripe', type: 'company', origin: 'json-ld', attributes: { industry: 'payments' } },
      { ref: 'p', name: 'Patrick Collison', type: 'person', origin: 'json-ld' },
    ],
    relations: [{ from: 's', to: 'p', label: 'founder' }],
    ...extra,
  });
}

function setup(name = `queue-test-${++n}`, ingest?: (c: PageCapture) => Promise<void>, clock = fixedClock()) {
  const db = new AriadneDatabase(name);
  dbs.push(db);
  const store = new DexieGraphStore(db);
  const ids = sequentialIds();
  const graph = new GraphService({ store, ids, clock });
  const queue = new CaptureQueue({
    db,
    targets: oneGraph(store),
    clock,
    ingest: ingest ?? createIngest({ graph, store, clock, ids, settings: async () => defaultSettings() }),
  });
  return { db, store, graph, queue };
}

/** The error IndexedDB raises when the browser refuses to store more. */
const quotaError = () => Object.assign(new Error('QuotaExceededError: the quota has been exceeded'), { name: 'QuotaExceededError' });

/**
 * Makes every `put`/`delete` on the given tables fail the way a full disk does, until
 * the returned function is called. Reads keep working, as they do in a browser.
 */
function refuseWrites(tables: readonly Dexie.Table[]): () => void {
  const restore: (() => void)[] = [];
  for (const table of tables) {
    for (const method of ['put', 'delete', 'update', 'add', 'bulkPut'] as const) {
      const original: unknown = Reflect.get(table, method);
      Reflect.set(table, method, () => Dexie.Promise.reject(quotaError()));
      restore.push(() => Reflect.set(table, method, original));
    }
  }
  return () => restore.forEach((undo) => undo());
}

/** A queue whose graph store has its own connection (as in the background), so graph and inbox fail apart. */
function setupTwoConnections(name = `queue-quota-${++n}`) {
  const db = new AriadneDatabase(name);
  const graphDb = new AriadneDatabase(name);
  dbs.push(db, graphDb);
  const store = new DexieGraphStore(graphDb);
  const clock = fixedClock();
  const ids = sequentialIds();
  const graph = new GraphService({ store, ids, clock });
  const failures: string[] = [];
  const queue = new CaptureQueue({
    db,
    targets: oneGraph(store),
    clock,
    ingest: createIngest({ graph, store, clock, ids, settings: async () => defaultSettings() }),
    onProcessed: (id, outcome, error) => {
      if (outcome === 'failed') failures.push(`${id}: ${error ?? ''}`);
    },
  });
  return { db, graphDb, store, queue, failures };
}

/**
 * One worker start whose ingestion begins and never returns: resolves once ingestion has
 * begun (the attempt is on disk by then), with the worker still "running" it. The caller
 * closes the database, as Chromium stopping the worker would.
 */
async function stoppedDuringIngestion(
  name: string,
  clock: ReturnType<typeof fixedClock>,
  enqueue: boolean,
  onStart: () => void = () => undefined,
) {
  let began = (): void => undefined;
  const running = new Promise<void>((resolve) => {
    began = resolve;
  });
  const worker = setup(
    name,
    () => {
      onStart();
      began();
      return new Promise<void>(() => undefined);
    },
    clock,
  );
  if (enqueue) await worker.queue.enqueue(capture('/hang', 1000));
  else void worker.queue.drain();
  await running;
  return worker;
}

describe('CaptureQueue', () => {
  it('persists a capture, ingests it, then empties the inbox', async () => {
    const { db, store, queue } = setup();
    const { captureId, duplicate } = await queue.enqueue(capture('/a', 1000));
    expect(captureId).toMatch(/^c_[0-9a-f]{32}$/);
    expect(duplicate).toBe(false);
    await queue.drain();
    expect(await db.inbox.count()).toBe(0);
    expect(await store.counts()).toMatchObject({ entities: 2, relationships: 1, pages: 1 });
    expect(await queue.status(captureId)).toMatchObject({ state: 'ingested', pending: 0, ingested: 1 });
  });

  it('a re-sent capture is acknowledged with the same id and ingested once', async () => {
    const { store, queue } = setup();
    const first = await queue.enqueue(capture('/a', 1000));
    const again = await queue.enqueue(capture('/a', 1000));
    await queue.drain();
    const [once] = await store.findEntitiesByKeys(['n:stripe'], 5);
    const countsOnce = await store.counts();
    const late = await queue.enqueue(capture('/a', 1000));
    await queue.drain();
    expect(again).toEqual({ captureId: first.captureId, duplicate: true });
    expect(late.duplicate).toBe(true);
    expect(once).toBeDefined();
    expect((await store.findEntitiesByKeys(['n:stripe'], 5))[0]).toEqual(once);
    expect(await store.counts()).toEqual(countsOnce);
  });

  it('captures left in the inbox by a stopped worker are ingested by the next one', async () => {
    const name = `queue-restart-${++n}`;
    const before = await stoppedDuringIngestion(name, fixedClock(), true); // ingestion never finishes
    await before.queue.enqueue(capture('/b', 2000));
    expect(await before.db.inbox.count()).toBe(2);
    before.db.close();
    const after = setup(name);
    await after.queue.drain();
    expect(await after.db.inbox.count()).toBe(0);
    expect(await after.store.counts()).toMatchObject({ entities: 2, relationships: 1, pages: 2 });
  });

  it('concurrent captures of the same entities produce one entity each', async () => {
    const { store, queue } = setup();
    await Promise.all([1, 2, 3, 4, 5, 6].map((i) => queue.enqueue(capture(`/p${i}`, 1000 + i))));
    await queue.drain();
    expect(await store.countEntities()).toBe(2);
    expect(await store.counts()).toMatchObject({ relationships: 1, pages: 6 });
  });

  it('a capture that keeps failing is parked with its error, left alone by the next start, ingested when the user retries it', async () => {
    const name = `queue-park-${++n}`;
    let fail = true;
    let runs = 0;
    const ingest = async () => {
      runs++;
      if (fail) throw new Error('analysis exploded');
    };
    const { db, queue } = setup(name, ingest);
    const { captureId } = await queue.enqueue(capture('/a', 1000));
    for (let i = 0; i < MAX_INGEST_ATTEMPTS + 1; i++) await queue.drain();
    expect(runs).toBe(MAX_INGEST_ATTEMPTS);
    expect(await queue.status(captureId)).toMatchObject({ state: 'failed', failed: 1, pending: 0 });
    expect((await queue.status(captureId)).error).toContain('analysis exploded');
    // The totals (what the side panel polls) say why captures wait, and list them.
    expect(await queue.status()).toMatchObject({
      failed: 1,
      error: expect.stringContaining('analysis exploded'),
      parked: [
        {
          captureId,
          url: 'https://example.test/a',
          title: 'Page /a',
          attempts: MAX_INGEST_ATTEMPTS,
          reason: expect.stringContaining('analysis exploded'),
        },
      ],
    });
    db.close();
    const restarted = setup(name, ingest); // the next worker start does not revive it
    await restarted.queue.drain();
    expect(runs).toBe(MAX_INGEST_ATTEMPTS);
    expect(await restarted.queue.status(captureId)).toMatchObject({ state: 'failed', failed: 1 });
    fail = false;
    expect(await restarted.queue.retry(captureId)).toEqual({ captureId });
    await restarted.queue.drain();
    expect(await restarted.db.inbox.count()).toBe(0);
    expect((await restarted.queue.status(captureId)).state).toBe('ingested');
  });

  it('a capture whose ingestion never returns is counted at each start, parked after the last, and not run again', async () => {
    const name = `queue-hang-${++n}`;
    const clock = fixedClock();
    let started = 0;
    for (let start = 1; start <= MAX_INGEST_ATTEMPTS; start++) {
      const worker = await stoppedDuringIngestion(name, clock, start === 1, () => started++);
      expect((await worker.db.inbox.toArray()).map((r) => r.attempts)).toEqual([start]);
      worker.db.close();
      // A hung worker is killed by Chromium after 30 s unanswered at the least.
      clock.advance(QUICK_STOP_MS + 45_000);
    }
    let ranAfterParking = 0;
    const next = setup(
      name,
      async () => {
        ranAfterParking++;
      },
      clock,
    );
    await next.queue.drain();
    expect(started).toBe(MAX_INGEST_ATTEMPTS);
    expect(ranAfterParking).toBe(0);
    const status = await next.queue.status();
    expect(status).toMatchObject({ pending: 0, failed: 1, error: DID_NOT_FINISH });
    expect(status.parked).toEqual([
      {
        captureId: expect.stringMatching(/^c_/),
        url: 'https://example.test/hang',
        title: 'Page /hang',
        attempts: MAX_INGEST_ATTEMPTS,
        reason: DID_NOT_FINISH,
      },
    ]);
    // Discarded by the user: gone for good, and a second discard says so.
    const id = status.parked?.[0]?.captureId ?? '';
    expect(await next.queue.discard(id)).toEqual({ captureId: id });
    expect(await next.db.inbox.count()).toBe(0);
    expect(await next.queue.status()).toMatchObject({ pending: 0, failed: 0, parked: [] });
    await expect(next.queue.discard(id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(next.queue.retry(id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('a worker stopped mid-ingestion and back at once, again and again, does not park a normal capture', async () => {
    const name = `queue-stopped-${++n}`;
    const clock = fixedClock();
    for (let stop = 1; stop < MAX_SHORT_STOPS; stop++) {
      const worker = await stoppedDuringIngestion(name, clock, stop === 1);
      worker.db.close();
      clock.advance(400); // the fault test stops the worker every 400 ms
    }
    const last = setup(name, undefined, clock);
    await last.queue.drain();
    expect(await last.db.inbox.count()).toBe(0);
    expect(await last.store.counts()).toMatchObject({ entities: 2, pages: 1 });
  });

  it('a capture cut short by a quick stop goes to the back of the line: the next start ingests the captures behind it first', async () => {
    const name = `queue-requeue-${++n}`;
    const clock = fixedClock();
    const worker = await stoppedDuringIngestion(name, clock, true);
    clock.advance(10);
    await worker.queue.enqueue(capture('/behind', 2000));
    worker.db.close();
    clock.advance(400);
    const order: string[] = [];
    const next = setup(
      name,
      async (c) => {
        order.push(new URL(c.url).pathname);
      },
      clock,
    );
    await next.queue.drain();
    expect(order).toEqual(['/behind', '/hang']);
    expect(await next.db.inbox.count()).toBe(0);
  });

  it('a capture cut short by a quick stop more than MAX_SHORT_STOPS times is parked all the same', async () => {
    const name = `queue-crash-loop-${++n}`;
    const clock = fixedClock();
    let runs = 0;
    for (let stop = 1; stop <= MAX_SHORT_STOPS; stop++) {
      const worker = await stoppedDuringIngestion(name, clock, stop === 1, () => runs++);
      worker.db.close();
      clock.advance(1_000);
    }
    const next = setup(
      name,
      async () => {
        runs++;
      },
      clock,
    );
    await next.queue.drain();
    expect(runs).toBe(MAX_SHORT_STOPS);
    expect(await next.queue.status()).toMatchObject({ pending: 0, failed: 1, error: DID_NOT_FINISH });
  });

  it('a parked capture that is not parked (queued, unknown) cannot be retried or discarded', async () => {
    const { queue } = setup(undefined, () => new Promise<void>(() => undefined));
    const { captureId } = await queue.enqueue(capture('/a', 1000)); // now running, attempt 1
    await expect(queue.discard(captureId)).rejects.toMatchObject({ code: 'not_found' });
    await expect(queue.retry(`c_${'f'.repeat(32)}`)).rejects.toMatchObject({ code: 'not_found' });
    expect(await queue.status(captureId)).toMatchObject({ state: 'queued', pending: 1, failed: 0 });
  });

  it('storage full during ingestion: the capture is parked with a quota message at once, the graph untouched, ingested once space is back', async () => {
    const { db, graphDb, store, queue, failures } = setupTwoConnections();
    await queue.enqueue(capture('/a', 1000));
    await queue.drain();
    const before = await store.counts();
    const allow = refuseWrites(graphDb.graphTables());
    const { captureId } = await queue.enqueue(
      capture('/b', 2000, {
        entities: [{ ref: 'o', name: 'OpenAI', type: 'company', origin: 'json-ld', aliases: [], attributes: {} }],
        relations: [],
      }),
    );
    await queue.drain();
    // Parked after one try (retrying cannot free space), the capture kept with its error.
    expect(failures).toHaveLength(1);
    const status = await queue.status(captureId);
    expect(status).toMatchObject({ state: 'failed', failed: 1, pending: 0 });
    expect(status.error).toMatch(/storage quota exceeded/);
    expect((await db.inbox.get(captureId))?.capture.url).toBe('https://example.test/b');
    // Nothing already stored changed, nothing half-written.
    expect(await store.counts()).toEqual(before);
    expect(await store.findEntitiesByKeys(['n:openai'], 5)).toEqual([]);
    allow();
    expect(await queue.retry(captureId)).toEqual({ captureId });
    await queue.drain();
    expect(await db.inbox.count()).toBe(0);
    expect(await store.findEntitiesByKeys(['n:openai'], 5)).toHaveLength(1);
    expect((await store.getPage('https://example.test/b'))?.capturedAt).toBe(2000);
  });

  it('storage full for the inbox too: the drain ends instead of spinning, the capture stays for the next start', async () => {
    const name = `queue-quota-${++n}`;
    const { db, graphDb, queue, failures } = setupTwoConnections(name);
    const { captureId } = await queue.enqueue(capture('/a', 1000));
    const allow = refuseWrites([...graphDb.graphTables(), db.inbox]);
    await queue.drain(); // must return: the row's failure cannot be recorded either
    expect(failures).toHaveLength(1);
    expect(await queue.status(captureId)).toMatchObject({ state: 'failed' });
    expect(await db.inbox.get(captureId)).toMatchObject({ attempts: 0 });
    allow();
    const next = setupTwoConnections(name); // the next worker start
    await next.queue.drain();
    expect(await next.db.inbox.count()).toBe(0);
    expect(await next.store.counts()).toMatchObject({ entities: 2, pages: 1 });
  });

  it('counts and lists parked captures through the attempts index (schema v2); retry gives one a fresh set of attempts', async () => {
    let began = (): void => undefined;
    const running = new Promise<void>((resolve) => {
      began = resolve;
    });
    const { db, queue } = setup(undefined, () => {
      began();
      return new Promise<void>(() => undefined);
    });
    const id = (c: string) => `c_${c.repeat(32)}`;
    const row = (c: string, attempts: number, lastError?: string) => ({
      id: id(c),
      capture: capture(`/${c}`, 1000),
      receivedAt: 1,
      attempts,
      ...(lastError === undefined ? {} : { lastError }),
    });
    await db.inbox.bulkPut([row('a', 0), row('b', MAX_INGEST_ATTEMPTS, 'boom'), row('c', MAX_INGEST_ATTEMPTS + 2), row('d', 1)]);
    const status = await queue.status();
    expect(status).toMatchObject({ pending: 2, failed: 2 });
    expect(status.parked?.map((p) => [p.captureId, p.reason])).toEqual([
      [id('b'), 'boom'],
      [id('c'), DID_NOT_FINISH],
    ]);
    await queue.retry(id('c'));
    expect(await db.inbox.get(id('c'))).toMatchObject({ attempts: 0 });
    await running; // the retry started a drain: the oldest waiting capture is being ingested
    expect(await queue.status()).toMatchObject({ pending: 3, failed: 1 });
  });
});
