/**
 * The scale bench (`npm run bench:scale -- --sizes 10k,100k`): a generated graph
 * (generate.ts) seeded into the built extension's IndexedDB in Chromium, then, from
 * outside: the first answer after launch, cold worker starts to the first search and to
 * the first stored capture, warm tool latencies (p50/p95: search, related, query, visualize), the side panel's first render,
 * the worker's heap (heap.ts: after a cold start, a first search, the tool calls, a capture), resident memory and disk size. CPU time of the profile's Chromium processes is printed
 * beside every wall time (the machine is shared: wall time alone says little).
 *
 * Seeded profiles are cached under .bench/scale/seeded-<n>-<rels> (made by the build under
 * test when missing) and copied for each run, so the same database can be measured with
 * two builds: `--ext` is copied to one fixed path so every build gets the same extension id
 * (the id is derived from the path), and a newer build upgrades the seeded database on its
 * first start (timed as the first answer after launch).
 *
 * Options: --sizes 10k,100k,1m · --ext <dir> (default .output/chrome-mv3) · --label <text>
 * · --out <file.json> · --rels <relationships per entity> (default 2) · --seed write|restore (how a missing
 * seeded profile is made: rows written straight into IndexedDB, the default, or an export file restored
 * through the side panel as a user does; both cache under the same name) · --heap-snapshot (the worker's heap
 * summed by constructor at the end; taken anyway when the heap passed 300 MB) · --work <dir> (the seeded
 * profiles' cache and run folder, default .bench/scale: two runs at once need two).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { EXTENSION_DIR, launchWithExtension } from '../../src/cli/launch';
import { serveDirectory } from '../../src/cli/static-server';
import { callTool, measured, pageStored, stopWorker, usage, writeChunk } from './browser';
import { heapByConstructor, targetHeap } from './heap';
import type { HeapUse } from './heap';
import { entityIdOf, generateGraph, nameOf } from './generate';
import { copyProfile } from './profiles';
import { restoreThroughPanel, writeExport } from './restore-flow';

const ROOT = resolve(import.meta.dirname, '../..');
const DB = 'ariadne';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10k' },
    ext: { type: 'string', default: EXTENSION_DIR },
    label: { type: 'string', default: 'run' },
    out: { type: 'string' },
    rels: { type: 'string', default: '2' },
    seed: { type: 'string', default: 'write' },
    'heap-snapshot': { type: 'boolean', default: false },
    work: { type: 'string', default: resolve(ROOT, '.bench/scale') },
  },
});
const WORK = resolve(values.work);

function sizeOf(text: string): number {
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!m) throw new Error(`bad size: ${text} (e.g. 10k, 1m)`);
  return Math.round(Number(m[1]) * (m[2]?.toLowerCase() === 'k' ? 1e3 : m[2]?.toLowerCase() === 'm' ? 1e6 : 1));
}

const percentile = (xs: readonly number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};

interface Opened {
  readonly context: BrowserContext;
  readonly extensionId: string;
  readonly probe: Page;
  readonly cdp: CDPSession;
}

async function open(profileDir: string, extensionDir: string, allowOrigins: readonly string[]): Promise<Opened> {
  const { context, extensionId } = await launchWithExtension({ profileDir, headless: true, extensionDir, allowOrigins });
  const probe = await context.newPage();
  await probe.goto(`chrome-extension://${extensionId}/manifest.json`);
  const cdp = await context.newCDPSession(probe);
  await cdp.send('ServiceWorker.enable');
  return { context, extensionId, probe, cdp };
}

/** Copies a build to one fixed path, so every build gets the same extension id (and origin, and database). */
function installExtension(from: string, name: string): string {
  const to = resolve(WORK, name);
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  return to;
}

async function seed(n: number, perEntity: number, profileDir: string, extensionDir: string): Promise<void> {
  const t0 = performance.now();
  const { context, extensionId } = await launchWithExtension({ profileDir, headless: true, extensionDir });
  try {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    if (values.seed === 'restore') {
      // As a user would: an export file restored through the panel (restore-flow.ts).
      const file = resolve(WORK, `export-${n}-${perEntity}.json`);
      if (!existsSync(file)) await writeExport(file, n, perEntity);
      const restored = await restoreThroughPanel(page, profileDir, file);
      const { wallMs, cpuMs, cpuMsByKind, peakExtensionMb, value } = restored;
      console.log(`seeded ${n} entities by restoring: ${JSON.stringify({ wallMs, cpuMs, cpuMsByKind, peakExtensionMb, summary: value })}`);
      return;
    }
    // The worker creates the database at its schema version; a first tool call waits for it.
    await callTool(page, 'graph_stats', {});
    await page.goto(`chrome-extension://${extensionId}/manifest.json`);
    let rows = 0;
    for (const chunk of generateGraph({ entities: n, relationshipsPerEntity: perEntity })) {
      await writeChunk(page, DB, chunk);
      rows += chunk.entities.length + chunk.relationships.length + chunk.pages.length + chunk.evidence.length;
    }
    console.log(`seeded ${n} entities (${rows} rows) in ${Math.round((performance.now() - t0) / 1000)} s`);
  } finally {
    await context.close();
  }
}

async function seededProfile(n: number, perEntity: number, seedExt: string): Promise<string> {
  const cache = resolve(WORK, `seeded-${n}-${perEntity}`);
  if (!existsSync(cache)) {
    const tmp = `${cache}.tmp`;
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    await seed(n, perEntity, tmp, seedExt);
    cpSync(tmp, cache, { recursive: true });
    rmSync(tmp, { recursive: true, force: true });
  }
  return copyProfile(cache, resolve(WORK, `run-${n}`));
}

function duMb(path: string): number {
  return Math.round(Number(execFileSync('du', ['-sb', path], { encoding: 'utf8' }).split('\t')[0]) / 1e5) / 10;
}

async function runSize(n: number, perEntity: number, extensionDir: string): Promise<Record<string, unknown>> {
  const profileDir = await seededProfile(n, perEntity, extensionDir);
  const site = await serveDirectory(resolve(ROOT, 'e2e/site'));
  const figures: Record<string, unknown> = {
    entities: n,
    relationships: Math.round(n * perEntity),
    load: execFileSync('uptime', { encoding: 'utf8' }).trim(),
  };
  const say = (key: string, value: unknown): void => {
    figures[key] = value;
    console.log(`  ${key}: ${JSON.stringify(value)}`);
  };
  const search = (page: Page, i: number) => {
    const name = nameOf(i);
    // A typo: the first word's second letter dropped.
    return callTool(page, 'entity_search', { query: `${name.slice(0, 1)}${name.slice(2)}`, limit: 5 });
  };
  console.log(`size ${n} (${figures.load as string})`);
  const launched = performance.now();
  const { context, extensionId, probe, cdp } = await open(profileDir, extensionDir, [site.origin]);
  try {
    const caller = await context.newPage();
    await caller.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    const first = await measured(profileDir, () => search(caller, 1));
    say('firstAnswerAfterLaunch', {
      wallMs: Math.round(performance.now() - launched),
      searchWallMs: first.wallMs,
      searchCpuMs: first.cpuMs,
    });

    const coldSearch: { wallMs: number; cpuMs: number; cpuMsByKind: Record<string, number> }[] = [];
    for (let k = 0; k < 3; k++) {
      await stopWorker(cdp);
      await new Promise((r) => setTimeout(r, 1000));
      const m = await measured(profileDir, () => search(caller, 1000 + k));
      coldSearch.push({ wallMs: m.wallMs, cpuMs: m.cpuMs, cpuMsByKind: m.cpuMsByKind });
    }
    say('coldStartToFirstSearch', coldSearch);

    // The worker's heap after a full GC: what it holds at each step (issue 39: ≤ 300 MB at 1M).
    const heaps: Record<string, HeapUse | undefined> = {};
    const heapAt = async (step: string): Promise<void> => {
      heaps[step] = await targetHeap(cdp, 'service_worker', { gc: true });
      console.log(`  worker heap ${step}: ${JSON.stringify(heaps[step])}`);
    };
    await stopWorker(cdp);
    await new Promise((r) => setTimeout(r, 1000));
    await callTool(caller, 'graph_stats', {});
    await heapAt('coldStart');
    await search(caller, 7);
    await heapAt('afterFirstSearch');

    // A cold worker's capture: the worker stopped, a page visited, until the page is stored.
    const coldCapture = async (label: string, path: string): Promise<void> => {
      await stopWorker(cdp);
      await new Promise((r) => setTimeout(r, 1000));
      const tab = await context.newPage();
      const url = `${site.origin}/${path}`;
      const captured = await measured(profileDir, async () => {
        await tab.goto(url);
        await tab.locator('html[data-ariadne-captured]').waitFor({ state: 'attached', timeout: 600_000 });
        const deadline = Date.now() + 600_000;
        while (!(await pageStored(probe, DB, url))) {
          if (Date.now() > deadline) return false;
          await new Promise((r) => setTimeout(r, 100));
        }
        return true;
      });
      say(label, { stored: captured.value, wallMs: captured.wallMs, cpuMs: captured.cpuMs, cpuMsByKind: captured.cpuMsByKind });
      await tab.close();
    };
    await coldCapture('coldStartToFirstCapture', 'stripe.html');

    const timed = async (label: string, times: number, call: (k: number) => Promise<unknown>): Promise<void> => {
      const walls: number[] = [];
      const before = usage(profileDir).cpuS;
      for (let k = 0; k < times; k++) walls.push((await measured(profileDir, () => call(k))).wallMs);
      const cpuMs = Math.round(((usage(profileDir).cpuS - before) * 1000) / times);
      say(label, { p50: percentile(walls, 50), p95: percentile(walls, 95), meanCpuMs: cpuMs, runs: times });
    };
    await timed('graph_stats', 5, () => callTool(caller, 'graph_stats', {}));
    let found = 0;
    await timed('entity_search', 20, async (k) => {
      const i = Math.floor(((k + 1) * n) / 21);
      const reply = await search(caller, i);
      if (JSON.stringify(reply).includes(JSON.stringify(nameOf(i)))) found++;
    });
    say('searchFound', `${found}/20`);
    await timed('entity_find_related_hubs', 20, (k) => callTool(caller, 'entity_find_related', { name: entityIdOf(k) }));
    await timed('entity_query_about_hubs', 10, (k) => callTool(caller, 'entity_query', { question: `What is ${nameOf(k)} related to?` }));
    await timed('entity_visualize_whole_60', 3, () => callTool(caller, 'entity_visualize', { budget: 60 }));
    await heapAt('after58ToolCalls');

    const renders: number[] = [];
    for (let k = 0; k < 3; k++) {
      const panel = await context.newPage();
      const t0 = performance.now();
      await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
      await panel.getByTestId('entity-row').first().waitFor({ state: 'visible', timeout: 600_000 });
      renders.push(Math.round(performance.now() - t0));
      await panel.close();
    }
    say('panelFirstRenderMs', renders);
    // Again once the database has settled (after a launch that upgraded it, IndexedDB compacts for a while).
    await coldCapture('coldStartToCaptureLater', 'rust.html');
    await heapAt('afterCapture');
    say('workerHeapMb', heaps);
    if (values['heap-snapshot'] || Object.values(heaps).some((h) => (h?.usedMb ?? 0) > 300))
      say('workerHeapByConstructor', await heapByConstructor(cdp, 'service_worker'));
    say('memory', usage(profileDir));
  } finally {
    await context.close();
    await site.close();
  }
  say('indexedDbMb', duMb(resolve(profileDir, 'Default/IndexedDB')));
  return figures;
}

async function main(): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  const perEntity = Number(values.rels);
  const ext = installExtension(resolve(values.ext), 'ext');
  const results: Record<string, unknown>[] = [];
  for (const size of values.sizes.split(',')) {
    results.push({ label: values.label, ...(await runSize(sizeOf(size), perEntity, ext)) });
  }
  if (values.out !== undefined) writeFileSync(values.out, `${JSON.stringify(results, null, 2)}\n`);
}

await main();
