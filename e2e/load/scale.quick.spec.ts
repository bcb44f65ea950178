// Scale regression check (issue 39), the small size of `npm run bench:scale`: a generated
// graph seeded into the built extension's IndexedDB, then a stopped worker must answer its
// first search and store a page captured right after its start without reading the graph,
// and graph_stats must read the persisted counters. Bounds are generous (a shared machine);
// what they catch is work that grows with the graph coming back at worker start.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { launchWithExtension } from '../../src/cli/launch';
import { serveDirectory } from '../../src/cli/static-server';
import { callTool, measured, pageStored, stopWorker, writeChunk } from '../../bench/scale/browser';
import { generateGraph, nameOf } from '../../bench/scale/generate';

const ENTITIES = Number(process.env.ARIADNE_SCALE_ENTITIES ?? 10_000);
/** Chromium CPU for one cold start to an answer: ~0.05 s measured at 10k and at 100k; at start-up cost proportional to the graph it was 2.5 s at 100k. */
const COLD_CPU_MS = 1500;

/** Writes `row` into `store` of the worker's database from an extension page, bypassing the worker (and its counters). */
async function putBehindTheWorker(probe: Page, store: string, row: unknown): Promise<void> {
  await probe.evaluate(
    async ({ store, row }) =>
      new Promise<void>((done, fail) => {
        const r = indexedDB.open('ariadne');
        r.onsuccess = () => {
          const tx = r.result.transaction(store, 'readwrite');
          tx.objectStore(store).put(row);
          tx.oncomplete = () => (r.result.close(), done());
          tx.onerror = () => fail(tx.error);
        };
      }),
    { store, row },
  );
}

test(`${ENTITIES} entities: a cold worker answers search, stores a capture, counts and draws the whole graph without reading it`, async () => {
  test.setTimeout(180_000);
  const site = await serveDirectory(resolve(import.meta.dirname, '../site'));
  const profileDir = await mkdtemp(join(tmpdir(), 'ariadne-scale-'));
  const { context, extensionId } = await launchWithExtension({ profileDir, headless: true, allowOrigins: [site.origin] });
  try {
    const probe = await context.newPage();
    await probe.goto(`chrome-extension://${extensionId}/manifest.json`);
    await callTool(probe, 'graph_stats', {}); // the worker creates the database
    for (const chunk of generateGraph({ entities: ENTITIES })) await writeChunk(probe, 'ariadne', chunk);
    const cdp = await context.newCDPSession(probe);
    await cdp.send('ServiceWorker.enable');

    await stopWorker(cdp);
    const name = nameOf(ENTITIES - 7);
    const search = await measured(profileDir, () => callTool(probe, 'entity_search', { query: name, limit: 5 }));
    expect(JSON.stringify(search.value)).toContain(JSON.stringify(name));
    expect(search.cpuMs, `cold start to first search: ${JSON.stringify(search)}`).toBeLessThan(COLD_CPU_MS);

    // A row the worker never wrote (so never counted): graph_stats must not see it, since it
    // reads the counters rather than counting rows (counting took 3.3 s at 100k).
    const [extra] =
      generateGraph({ entities: ENTITIES + 1, chunk: ENTITIES + 1 })
        .next()
        .value?.entities.slice(-1) ?? [];
    await putBehindTheWorker(probe, 'entities', extra);
    const stats = await measured(profileDir, () => callTool(probe, 'graph_stats', {}));
    expect(stats.value).toMatchObject({ entities: ENTITIES, relationships: ENTITIES * 2 });
    expect(stats.cpuMs, `graph_stats: ${JSON.stringify(stats)}`).toBeLessThan(500);

    // The whole-graph diagram ranks by the persisted degrees (scanning the relationships took
    // 6.4 s at 100k): a leaf given a degree by hand is drawn first.
    const leaf = generateGraph({ entities: ENTITIES }).next().value?.entities.at(-3);
    await putBehindTheWorker(probe, 'degrees', { id: leaf?.id, n: 1_000_000 });
    const diagram = await measured(profileDir, () => callTool(probe, 'entity_visualize', { budget: 60 }));
    expect(JSON.stringify(diagram.value)).toContain(`n0[\\"${leaf?.name ?? 'none'}<br/>`);
    expect(diagram.cpuMs, `whole-graph visualize: ${JSON.stringify(diagram)}`).toBeLessThan(1000);

    await stopWorker(cdp);
    const tab = await context.newPage();
    const url = `${site.origin}/stripe.html`;
    const capture = await measured(profileDir, async () => {
      await tab.goto(url);
      await expect.poll(() => pageStored(probe, 'ariadne', url), { timeout: 30_000 }).toBe(true);
    });
    expect(capture.cpuMs, `cold start to a stored capture: ${JSON.stringify(capture)}`).toBeLessThan(COLD_CPU_MS * 2);
  } finally {
    await context.close();
    await site.close();
    await rm(profileDir, { recursive: true, force: true });
  }
});
