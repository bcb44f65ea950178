// Figure: `entity_add` throughput for 10k entities in real IndexedDB in Chromium,
// through the whole path an extension page uses (message → router → registry → graph
// service → Dexie). Run with `npm run bench:e2e`; prints figures and a JSON summary last.
import { expect, test } from '../support/fixtures';

/** Entities added; override with ARIADNE_BENCH_ENTITIES for a quick run. */
const TOTAL = Number(process.env.ARIADNE_BENCH_ENTITIES ?? 10_000);
/** Calls in flight at once from the page (writes are serialized in the background anyway). */
const IN_FLIGHT = 16;

interface ExtensionGlobal {
  chrome: { runtime: { sendMessage(message: unknown): Promise<{ ok: boolean; error?: { message: string } }> } };
}

test(`entity_add throughput, ${TOTAL} entities, real IndexedDB`, async ({ sidePanel }) => {
  test.setTimeout(15 * 60_000);
  const panel = await sidePanel.open();
  // ARIADNE_BENCH_BARE=1: measure from an extension page without the side panel's UI running.
  if (process.env.ARIADNE_BENCH_BARE === '1') await panel.goto(sidePanel.url.replace('sidepanel.html', 'manifest.json'));
  const types = ['company', 'person', 'technology', 'product', 'location', 'other'];
  const figures = await panel.evaluate(
    async ({ total, inFlight, types }) => {
      const send = (message: unknown) => (globalThis as unknown as ExtensionGlobal).chrome.runtime.sendMessage(message);
      const latencies: number[] = [];
      let next = 0;
      let failures = 0;
      let firstError = '';
      const started = performance.now();
      const worker = async () => {
        for (let i = next++; i < total; i = next++) {
          const t0 = performance.now();
          const reply = await send({
            type: 'tool.call',
            tool: 'entity_add',
            arguments: {
              name: `Bench Entity ${i} ${((i * 2654435761) % 99991).toString(36)}`,
              entity_type: types[i % types.length],
              attributes: { rank: String(i) },
            },
          });
          latencies.push(performance.now() - t0);
          if (!reply.ok) {
            failures++;
            firstError ||= reply.error?.message ?? 'unknown';
          }
        }
      };
      await Promise.all(Array.from({ length: inFlight }, worker));
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
      return { total, seconds, perSecond: total / seconds, p50: at(0.5), p95: at(0.95), failures, firstError };
    },
    { total: TOTAL, inFlight: IN_FLIGHT, types },
  );
  const stored = await panel.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const r = indexedDB.open('ariadne');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => fail(r.error);
    });
    const count = await new Promise<number>((ok, fail) => {
      const r = db.transaction('entities').objectStore('entities').count();
      r.onsuccess = () => ok(r.result);
      r.onerror = () => fail(r.error);
    });
    db.close();
    return count;
  });
  console.log(`entity_add via tool.call in Chromium: ${figures.total} entities in ${figures.seconds.toFixed(1)} s`);
  console.log(
    `  throughput ${figures.perSecond.toFixed(0)} entities/s, call latency p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms (${IN_FLIGHT} in flight)`,
  );
  console.log(`  stored entities: ${stored}, failures: ${figures.failures}${figures.firstError ? ` (${figures.firstError})` : ''}`);
  console.log(
    JSON.stringify({
      bench: 'entity_add.chromium',
      entities: figures.total,
      seconds: Number(figures.seconds.toFixed(2)),
      perSecond: Math.round(figures.perSecond),
      p50Ms: Number(figures.p50.toFixed(2)),
      p95Ms: Number(figures.p95.toFixed(2)),
      stored,
      failures: figures.failures,
    }),
  );
  expect(figures.failures).toBe(0);
  expect(stored).toBe(TOTAL);
});
