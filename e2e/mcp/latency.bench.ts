/**
 * The bridge's overhead: round-trip latency of `entity_search` on a 10k-entity graph,
 * through MCP (client → server → socket → host → worker → registry and back) against
 * the same call from inside the extension (side panel page → background message).
 *
 *   npx playwright test -c e2e/mcp/playwright.config.ts --project=mcp-bench
 *
 * Prints the figures, then a JSON summary as the last line.
 */
import { expect, test } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DATABASE_NAME } from '../../src/adapters/dexie/database';
import { randomIds, systemClock } from '../../src/core/graph/ids';
import { InMemoryGraphStore } from '../../src/core/graph/memory-store';
import { GraphService } from '../../src/core/graph/service';
import { assertBuildSupportsBridge, BridgePanel, connectAgent, createRig, launchBrowser } from './rig';

/** The figure the issue asks for is at 10k entities. */
const ENTITIES = Number(process.env.ARIADNE_BENCH_ENTITIES ?? 10_000);
/** Calls timed per path after warm-up; enough for a stable p95. */
const SAMPLES = 300;
const WARMUP = 30;
const PREFIXES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Stark', 'Wayne', 'Tyrell', 'Cyberdyne', 'Soylent', 'Hooli'];

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
const round = (ms: number) => Math.round(ms * 100) / 100;
const queryOf = (i: number) => `${PREFIXES[i % PREFIXES.length]} ${(i * 7919) % ENTITIES}`;

test('entity_search round trip at 10k entities: bridge vs in-extension', async () => {
  await assertBuildSupportsBridge();
  const rig = await createRig();
  let agent: Client | undefined;
  let { context, extensionId } = await launchBrowser(rig);
  try {
    let panel = await BridgePanel.open(context, extensionId);
    await panel.send({ type: 'setEnabled', enabled: true });
    await expect.poll(async () => (await panel.state())?.status, { timeout: 20_000 }).toBe('connected');

    // Seeding through entity_add costs ~27 ms per entity in the extension (10k did not
    // finish in 15 min): build the records with the graph service in Node, write them
    // into the extension's database, and restart the browser so the index loads them.
    const seedStart = performance.now();
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: randomIds(systemClock), clock: systemClock });
    for (let i = 0; i < ENTITIES; i += 1) await graph.createEntity({ name: `${PREFIXES[i % PREFIXES.length]} ${i}`, type: 'company' });
    const records = await store.listEntities({ limit: ENTITIES });
    await panel.page.evaluate(
      async ({ name, rows }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction('entities', 'readwrite');
          for (const row of rows) tx.objectStore('entities').put(row);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        db.close();
      },
      { name: DATABASE_NAME, rows: records },
    );
    // Restart the browser on the same profile: the worker loads its name index from the store.
    await context.close();
    ({ context, extensionId } = await launchBrowser(rig));
    panel = await BridgePanel.open(context, extensionId);
    await expect.poll(async () => (await panel.state())?.status, { timeout: 30_000 }).toBe('connected');
    const seedSeconds = (performance.now() - seedStart) / 1000;
    // The last entity written is found by name: the restarted extension sees the whole graph.
    const lastName = `${PREFIXES[(ENTITIES - 1) % PREFIXES.length]} ${ENTITIES - 1}`;
    const top = await panel.page.evaluate(async (query) => {
      const runtime = (
        globalThis as unknown as {
          chrome: { runtime: { sendMessage(m: unknown): Promise<{ ok: boolean; result?: { results?: { name: string }[] } }> } };
        }
      ).chrome.runtime;
      const reply = await runtime.sendMessage({ type: 'tool.call', tool: 'entity_search', arguments: { query, limit: 1 } });
      return reply.result?.results?.[0]?.name;
    }, lastName);
    expect(top).toBe(lastName);

    agent = await connectAgent(rig, 'bench-agent');
    const viaBridge: number[] = [];
    for (let i = 0; i < WARMUP + SAMPLES; i += 1) {
      const started = performance.now();
      const result = await agent.callTool({ name: 'entity_search', arguments: { query: queryOf(i), limit: 10 } });
      const elapsed = performance.now() - started;
      expect(result.isError).toBeFalsy();
      if (i >= WARMUP) viaBridge.push(elapsed);
    }

    const inExtension = await panel.page.evaluate(
      async ({ warmup, samples, prefixes, entities }) => {
        const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<{ ok: boolean }> } } }).chrome
          .runtime;
        const times: number[] = [];
        for (let i = 0; i < warmup + samples; i += 1) {
          const query = `${prefixes[i % prefixes.length]} ${(i * 7919) % entities}`;
          const started = performance.now();
          const reply = await runtime.sendMessage({ type: 'tool.call', tool: 'entity_search', arguments: { query, limit: 10 } });
          const elapsed = performance.now() - started;
          if (!reply.ok) throw new Error('entity_search failed in the extension');
          if (i >= warmup) times.push(elapsed);
        }
        return times;
      },
      { warmup: WARMUP, samples: SAMPLES, prefixes: PREFIXES, entities: ENTITIES },
    );

    const bridgeSorted = [...viaBridge].sort((a, b) => a - b);
    const extensionSorted = [...inExtension].sort((a, b) => a - b);
    const summary = {
      bench: 'mcp-bridge-latency',
      entities: ENTITIES,
      samples: SAMPLES,
      seedSeconds: round(seedSeconds),
      bridge: { p50: round(percentile(bridgeSorted, 50)), p95: round(percentile(bridgeSorted, 95)) },
      inExtension: { p50: round(percentile(extensionSorted, 50)), p95: round(percentile(extensionSorted, 95)) },
      overheadP50: round(percentile(bridgeSorted, 50) - percentile(extensionSorted, 50)),
    };
    console.log(`entity_search at ${ENTITIES} entities, ${SAMPLES} calls each (ms):`);
    console.log(`  through the MCP bridge   p50 ${summary.bridge.p50}  p95 ${summary.bridge.p95}`);
    console.log(`  inside the extension     p50 ${summary.inExtension.p50}  p95 ${summary.inExtension.p95}`);
    console.log(`  bridge overhead at p50   ${summary.overheadP50}`);
    console.log(`  (seeding ${ENTITIES} entities and restarting the browser took ${summary.seedSeconds} s)`);
    console.log(JSON.stringify(summary));
  } finally {
    await agent?.close();
    await context.close();
    await rig.cleanup();
  }
});
