// The persisted capture queue on Dexie (fake-indexeddb) with the real graph service:
// nothing lost across a worker restart, nothing ingested twice, failures parked.
import { afterEach, describe, expect, it } from 'vitest';
import { AriadneDatabase } from '../adapters/dexie/database';
import { DexieGraphStore } from '../adapters/dexie/dexie-graph-store';
import type { PageCapture } from '../core/capture';
import { pageCaptureSchema } from '../core/capture';
import { fixedClock, sequentialIds } from '../core/graph/ids';
import { GraphService } from '../core/graph/service';
import { defaultSettings } from '../core/settings';
import { CaptureQueue, MAX_INGEST_ATTEMPTS } from './capture-queue';
import { createIngest } from './ingest';
import { SerialWriter } from './serial-writer';

const dbs: AriadneDatabase[] = [];
let n = 0;
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
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

function setup(name = `queue-test-${++n}`, ingest?: (c: PageCapture) => Promise<void>) {
  const db = new AriadneDatabase(name);
  dbs.push(db);
  const store = new DexieGraphStore(db);
  const clock = fixedClock();
  const ids = sequentialIds();
  const graph = new GraphService({ store, ids, clock });
  const queue = new CaptureQueue({ db, store, clock, writer: new SerialWriter(), ingest: ingest ?? createIngest({ graph, store, clock, ids, settings: async () => defaultSettings() }) });
  return { db, store, graph, queue };
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
    const before = setup(name, () => new Promise<void>(() => undefined)); // ingestion never finishes
    await before.queue.enqueue(capture('/a', 1000));
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

  it('a capture that keeps failing is parked with its error, then retried on the next start', async () => {
    let fail = true;
    const { db, queue } = setup(undefined, async () => {
      if (fail) throw new Error('analysis exploded');
    });
    const { captureId } = await queue.enqueue(capture('/a', 1000));
    for (let i = 0; i < MAX_INGEST_ATTEMPTS + 1; i++) await queue.drain();
    expect(await queue.status(captureId)).toMatchObject({ state: 'failed', failed: 1, pending: 0 });
    expect((await queue.status(captureId)).error).toContain('analysis exploded');
    fail = false;
    expect(await queue.retryParked()).toBe(1);
    await queue.drain();
    expect(await db.inbox.count()).toBe(0);
    expect((await queue.status(captureId)).state).toBe('ingested');
  });
});
