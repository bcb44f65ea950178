// Figure: capture time per page, p50/p95, in real Chromium with the built
// extension, on saved corpus pages (`../shared/corpus/pages/{readability,metascraper}`,
// never copied into the repo) served on localhost. Per page it measures
//   - extract: the content script's own extraction time (`extractMs` of the capture it
//     sends; read by a listener the test adds in the service worker, since the capture
//     leaves the inbox once ingested and the Page record does not keep it), and
//   - ingest: acknowledgement (`data-ariadne-captured`) → Page record in IndexedDB, as
//     `e2e/load/load-run.ts` measures it, one page at a time.
// Prints per-page rows and, last, a JSON summary {pages, extract:{p50,p95}, ingest:{p50,p95}}.
// A second test measures the worker's cold start: pages captured right after the service
// worker was stopped (DevTools `ServiceWorker.stopAllWorkers`, as Chromium stops an idle one)
// against pages captured with it running: visit → acknowledgement, acknowledgement → stored.
//
//   ARIADNE_OUT_DIR=/tmp/out npx wxt build
//   ARIADNE_OUT_DIR=/tmp/out npx playwright test -c e2e/playwright.config.ts --project bench capture-timing
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { serveDirectory } from '../../src/cli/static-server';
import { expect, test as base } from '../support/fixtures';
import type { Site } from '../support/fixtures';
import { snapshot } from '../load/load-run';

const CORPUS_PAGES = resolve(import.meta.dirname, '../../../shared/corpus/pages');
const FOLDERS = ['readability', 'metascraper'] as const;
/** Pages measured (half from each folder); override with ARIADNE_BENCH_PAGES. */
const PAGES = Number(process.env.ARIADNE_BENCH_PAGES ?? 40);
/** Probe period while waiting for the Page record: the ingest figures have this resolution. */
const POLL_MS = 20;
/** A capture not acknowledged or not stored within this time counts as lost, not as a figure. */
const PAGE_TIMEOUT_MS = 60_000;

/** `<folder>/<name>/{source,input}.html`, `count` in all, alternating folders, each sorted by name. */
function corpusPaths(count: number): string[] {
  const lists = FOLDERS.map((folder) => {
    const dir = join(CORPUS_PAGES, folder);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .sort()
      .flatMap((name) => ['source.html', 'input.html'].filter((f) => existsSync(join(dir, name, f))).map((f) => `${folder}/${name}/${f}`));
  });
  const out: string[] = [];
  for (let i = 0; out.length < count && lists.some((l) => i < l.length); i += 1) {
    for (const list of lists) {
      const path = list[i];
      if (path !== undefined && out.length < count) out.push(path);
    }
  }
  return out;
}

// The fixture's `site` serves the corpus folders instead of `e2e/site` (the context allows its origin).
const test = base.extend<object, { site: Site }>({
  site: [
    async ({}, use) => {
      const server = await serveDirectory(CORPUS_PAGES);
      await use({ origin: server.origin, url: (path) => `${server.origin}/${path.replace(/^\//, '')}` });
      await server.close();
    },
    { scope: 'worker' },
  ],
});

interface ExtractLog {
  [url: string]: number;
}

/** The extension's worker as it is now (an MV3 worker may have been replaced). */
async function extensionWorker(context: BrowserContext, extensionId: string): Promise<Worker> {
  const found = context.serviceWorkers().find((w) => w.url().startsWith(`chrome-extension://${extensionId}/`));
  return found ?? (await context.waitForEvent('serviceworker'));
}

/**
 * Adds (once per worker instance) a message listener that records each capture's
 * `extractMs` by URL. It never answers, so the extension's own router still does.
 */
async function recordExtractTimes(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const g = globalThis as unknown as {
      __ariadneExtractLog?: Record<string, number>;
      chrome: { runtime: { onMessage: { addListener(fn: (message: unknown) => undefined): void } } };
    };
    if (g.__ariadneExtractLog !== undefined) return;
    g.__ariadneExtractLog = {};
    const log = g.__ariadneExtractLog;
    g.chrome.runtime.onMessage.addListener((message) => {
      const m = message as { type?: string; capture?: { url?: string; extractMs?: number } };
      if (m.type === 'page.captured' && typeof m.capture?.url === 'string' && typeof m.capture.extractMs === 'number')
        log[m.capture.url] = m.capture.extractMs;
      return undefined;
    });
  });
}

async function readExtractLog(worker: Worker): Promise<ExtractLog> {
  return worker.evaluate(() => (globalThis as unknown as { __ariadneExtractLog?: Record<string, number> }).__ariadneExtractLog ?? {});
}

/**
 * Milliseconds until the Page record of `url` exists (the load harness's read, which never
 * creates the database), probed every `POLL_MS`; undefined when it is not there within `PAGE_TIMEOUT_MS`.
 */
async function msUntilStored(probe: Page, url: string): Promise<number | undefined> {
  const from = Date.now();
  while (Date.now() - from < PAGE_TIMEOUT_MS) {
    if ((await snapshot(probe)).pageUrls.includes(url)) return Date.now() - from;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return undefined;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

test(`capture time per page in Chromium, ${PAGES} corpus pages`, async ({ context, extensionId, page, site }) => {
  test.setTimeout(15 * 60_000);
  const paths = corpusPaths(PAGES);
  test.skip(paths.length === 0, `no corpus pages under ${CORPUS_PAGES} (readability/, metascraper/): the figure needs the shared corpus`);

  const probe = await context.newPage();
  // A light extension page (no live queries) to read the database from the extension's origin.
  await probe.goto(`chrome-extension://${extensionId}/manifest.json`);

  const rows: { path: string; extractMs: number; ingestMs: number }[] = [];
  const lost: string[] = [];
  for (const path of paths) {
    const url = site.url(path);
    await recordExtractTimes(await extensionWorker(context, extensionId));
    try {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await page.locator('html[data-ariadne-captured]').waitFor({ state: 'attached', timeout: PAGE_TIMEOUT_MS });
      const ingestMs = await msUntilStored(probe, url);
      // The capture's URL is the page's (canonical links may differ: fall back to the only new entry).
      const log = await readExtractLog(await extensionWorker(context, extensionId));
      const extractMs = log[url];
      if (ingestMs === undefined || extractMs === undefined) {
        lost.push(`${path}: ${ingestMs === undefined ? 'never stored' : 'extraction time not seen'}`);
        continue;
      }
      rows.push({ path, extractMs, ingestMs });
      console.log(`${path}: extract ${round(extractMs)} ms, ingest ${ingestMs} ms`);
    } catch (error) {
      lost.push(`${path}: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}`);
    }
  }
  for (const l of lost) console.log(`lost ${l}`);

  const extract = rows.map((r) => r.extractMs).sort((a, b) => a - b);
  const ingest = rows.map((r) => r.ingestMs).sort((a, b) => a - b);
  console.log(
    `total: ${rows.length} pages measured of ${paths.length}; extract p50 ${round(percentile(extract, 50))} ms p95 ${round(percentile(extract, 95))} ms; ingest p50 ${percentile(ingest, 50)} ms p95 ${percentile(ingest, 95)} ms (±${POLL_MS} ms)`,
  );
  console.log(
    JSON.stringify({
      pages: rows.length,
      lost: lost.length,
      extract: { p50: round(percentile(extract, 50)), p95: round(percentile(extract, 95)), max: round(extract.at(-1) ?? 0) },
      ingest: { p50: percentile(ingest, 50), p95: percentile(ingest, 95), max: ingest.at(-1) ?? 0 },
    }),
  );
  // Nearly every page must be measured for the figure to mean anything.
  expect(rows.length).toBeGreaterThanOrEqual(Math.floor(paths.length * 0.9));
});

/** Pages of the cold-start figure, half after a worker stop, half with the worker running. */
const COLD_PAGES = Number(process.env.ARIADNE_BENCH_COLD_PAGES ?? 20);

test(`worker cold start: capture right after the worker stopped, ${COLD_PAGES} corpus pages`, async ({
  context,
  extensionId,
  page,
  site,
}) => {
  test.setTimeout(10 * 60_000);
  const paths = corpusPaths(COLD_PAGES);
  test.skip(paths.length === 0, `no corpus pages under ${CORPUS_PAGES}: the figure needs the shared corpus`);
  const probe = await context.newPage();
  await probe.goto(`chrome-extension://${extensionId}/manifest.json`);
  const cdp = await context.newCDPSession(probe);
  await cdp.send('ServiceWorker.enable');

  const runs: Record<'cold' | 'warm', { ackMs: number[]; storeMs: number[] }> = {
    cold: { ackMs: [], storeMs: [] },
    warm: { ackMs: [], storeMs: [] },
  };
  const lost: string[] = [];
  for (const [i, path] of paths.entries()) {
    // Pages go by pairs (one of each corpus folder): cold, warm, cold, … so both kinds read alike pages.
    const kind = Math.floor(i / 2) % 2 === 0 ? 'cold' : 'warm';
    if (kind === 'cold') {
      await cdp.send('ServiceWorker.stopAllWorkers');
      // Stopped for good before the visit (the stop is asynchronous).
      await new Promise((r) => setTimeout(r, 500));
    }
    const url = site.url(path);
    const visitedAt = Date.now();
    try {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await page.locator('html[data-ariadne-captured]').waitFor({ state: 'attached', timeout: PAGE_TIMEOUT_MS });
    } catch (error) {
      lost.push(`${path}: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}`);
      continue;
    }
    const ackedAt = Date.now();
    const storedMs = await msUntilStored(probe, url);
    if (storedMs === undefined) {
      lost.push(`${path}: never stored`);
      continue;
    }
    runs[kind].ackMs.push(ackedAt - visitedAt);
    runs[kind].storeMs.push(storedMs);
    console.log(`${kind} ${path}: visit → ack ${ackedAt - visitedAt} ms, ack → stored ${storedMs} ms`);
  }
  for (const l of lost) console.log(`lost ${l}`);
  const summary = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? 0 };
  };
  const figures = Object.fromEntries(
    (['cold', 'warm'] as const).map((k) => [
      k,
      { pages: runs[k].ackMs.length, ack: summary(runs[k].ackMs), stored: summary(runs[k].storeMs) },
    ]),
  );
  console.log(JSON.stringify({ bench: 'worker-cold-start', lost: lost.length, ...figures }));
  expect(runs.cold.ackMs.length + runs.warm.ackMs.length).toBeGreaterThanOrEqual(Math.floor(paths.length * 0.9));
});
