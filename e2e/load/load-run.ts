/**
 * The load run behind `npm run bench:load` (300 pages, 6 tabs) and its scaled-down
 * twin in the default e2e run (20 pages, 3 tabs): real corpus pages served on
 * localhost, visited by several tabs at once with the built extension capturing
 * every one. It measures acknowledgement → Page record latency, throughput, the
 * worker's heap, and checks that nothing was lost or duplicated.
 *
 * @example
 *   const figures = await runLoad({ pages: 20, tabs: 3 });
 */
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { launchWithExtension } from '../../src/cli/launch';

/** The shared corpus of real pages (never copied into the repository). */
export const CORPUS_PAGES = resolve(import.meta.dirname, '../../../shared/corpus/pages');
/** How long one tab waits for a capture's acknowledgement before the page counts as lost. */
const ACK_TIMEOUT_MS = 60_000;
/** How long ingestion may take to catch up once every page is acknowledged. */
const DRAIN_TIMEOUT_MS = 5 * 60_000;
/** Poll period of the database probe: the latency figures have this resolution. */
const POLL_MS = 150;
/** Heap samples at most this often (a sample costs a round trip to the worker). */
const HEAP_SAMPLE_MS = 2_000;

export interface LoadOptions {
  readonly pages: number;
  readonly tabs: number;
}

export interface LoadFigures {
  readonly pages: number;
  readonly tabs: number;
  readonly acknowledged: number;
  readonly stored: number;
  readonly lost: readonly string[];
  readonly durationMs: number;
  readonly pagesPerMinute: number;
  readonly ingestLatencyMs: { readonly p50: number; readonly p95: number; readonly max: number };
  readonly entities: number;
  readonly relationships: number;
  readonly evidence: number;
  readonly pendingReviews: number;
  /**
   * Groups of entities with the same type and name key, none of them a review's
   * provisional entity. Some are the resolver's deliberate homonym splits: the full run
   * tells those from races with a sequential replay (`sequential-replay.ts`).
   */
  readonly raceDuplicates: readonly string[];
  /** The same groups as `type|n:<key>` → size, for that comparison. */
  readonly sameNameGroups: Readonly<Record<string, number>>;
  readonly heapBytes: { readonly first: number; readonly max: number; readonly last: number; readonly samples: number };
  readonly inboxLeft: number;
}

/** Every HTML page of the corpus, sorted by path (a stable order). */
export async function corpusPageFiles(root = CORPUS_PAGES): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (/^(source|input)\.html$|\.html$/.test(entry.name) && !entry.name.startsWith('expected')) out.push(path);
    }
  };
  await walk(root);
  return out.sort();
}

/**
 * Serves `count` pages at `/p/<n>.html`, page n being corpus file n modulo the corpus
 * size: past the corpus' size the same content comes back under another URL, so
 * concurrent tabs capture the same entities at once (the race the single writer
 * must absorb), while every URL is its own Page record.
 */
export async function serveCorpus(
  files: readonly string[],
  count: number,
): Promise<{ origin: string; urls: string[]; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const match = /^\/p\/(\d+)\.html$/.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = match?.[1] === undefined ? undefined : files[Number(match[1]) % files.length];
    if (file === undefined) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    urls: Array.from({ length: count }, (_, i) => `${origin}/p/${i}.html`),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * A stored page's served URL: origin and path. Every served page has its own path, but a
 * corpus page may reload itself with a query (indiehackers' cache-buster adds `?nocache=`
 * when one of its scripts 404s here), and its capture is then stored under that URL.
 */
function servedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The extension's service worker as it is now (an MV3 worker may have been restarted). */
export function extensionWorker(context: BrowserContext, extensionId: string): Worker | undefined {
  return context.serviceWorkers().find((w) => w.url().startsWith(`chrome-extension://${extensionId}/`));
}

interface Snapshot {
  readonly pageUrls: string[];
  readonly inbox: number;
}

/** Page URLs stored and captures waiting, read with plain IndexedDB from an extension page. */
export async function snapshot(probe: Page): Promise<Snapshot> {
  return probe.evaluate(async () => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((done, fail) => {
        r.onsuccess = () => done(r.result);
        r.onerror = () => fail(r.error);
      });
    // Never create the database from here: a plain open() of a database the worker has
    // not made yet would create an empty one and race the worker's schema upgrade.
    const exists = (await indexedDB.databases()).some((d) => d.name === 'ariadne');
    if (!exists) return { pageUrls: [], inbox: 0 };
    const db = await request(indexedDB.open('ariadne'));
    try {
      if (!db.objectStoreNames.contains('pages') || !db.objectStoreNames.contains('inbox')) return { pageUrls: [], inbox: 0 };
      const tx = db.transaction(['pages', 'inbox'], 'readonly');
      const pageUrls = (await request(tx.objectStore('pages').getAllKeys())).map(String);
      const inbox = await request(tx.objectStore('inbox').count());
      return { pageUrls, inbox };
    } finally {
      db.close();
    }
  });
}

/** The inbox's rows as the worker left them (for a failure message): url, attempts, stops, error. */
export async function inboxRows(
  probe: Page,
): Promise<{ url: string; attempts: number; shortStops?: number; startedAt?: number; lastError?: string }[]> {
  return probe.evaluate(async () => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((done, fail) => {
        r.onsuccess = () => done(r.result);
        r.onerror = () => fail(r.error);
      });
    if (!(await indexedDB.databases()).some((d) => d.name === 'ariadne')) return [];
    const db = await request(indexedDB.open('ariadne'));
    try {
      if (!db.objectStoreNames.contains('inbox')) return [];
      const rows = (await request(db.transaction('inbox', 'readonly').objectStore('inbox').getAll())) as {
        capture: { url: string };
        attempts: number;
        shortStops?: number;
        startedAt?: number;
        lastError?: string;
      }[];
      return rows.map((r) => ({
        url: r.capture.url,
        attempts: r.attempts,
        shortStops: r.shortStops,
        startedAt: r.startedAt,
        lastError: r.lastError,
      }));
    } finally {
      db.close();
    }
  });
}

interface GraphDump {
  readonly entities: { id: string; type: string; name: string; keys: string[] }[];
  readonly relationships: number;
  readonly evidence: number;
  readonly provisional: string[];
  readonly pendingReviews: number;
}

async function dumpGraph(probe: Page): Promise<GraphDump> {
  return probe.evaluate(async () => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((done, fail) => {
        r.onsuccess = () => done(r.result);
        r.onerror = () => fail(r.error);
      });
    const db = await request(indexedDB.open('ariadne'));
    try {
      const tx = db.transaction(['entities', 'relationships', 'evidence', 'reviews'], 'readonly');
      const entities = (await request(tx.objectStore('entities').getAll())) as { id: string; type: string; name: string; keys: string[] }[];
      const reviews = (await request(tx.objectStore('reviews').getAll())) as { status: string; provisionalId?: string }[];
      return {
        entities: entities.map(({ id, type, name, keys }) => ({ id, type, name, keys })),
        relationships: await request(tx.objectStore('relationships').count()),
        evidence: await request(tx.objectStore('evidence').count()),
        provisional: reviews.flatMap((r) => (r.provisionalId === undefined ? [] : [r.provisionalId])),
        pendingReviews: reviews.filter((r) => r.status === 'pending').length,
      };
    } finally {
      db.close();
    }
  });
}

/**
 * The worker's used JS heap, through the DevTools protocol: a page session attaches to
 * the worker target (non-flat mode, so Playwright's session can relay messages).
 */
async function workerHeap(probe: Page, extensionId: string): Promise<number | undefined> {
  const cdp = await probe.context().newCDPSession(probe);
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] };
    const target = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${extensionId}/`));
    if (target === undefined) return undefined;
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    const answer = new Promise<number | undefined>((done) => {
      cdp.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
        if (event.sessionId !== sessionId) return;
        const message = JSON.parse(event.message) as { id?: number; result?: { usedSize?: number } };
        if (message.id === 1) done(message.result?.usedSize);
      });
      setTimeout(() => done(undefined), 5_000);
    });
    await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: 1, method: 'Runtime.getHeapUsage' }) });
    const used = await answer;
    await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    return used;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const files = await corpusPageFiles();
  const site = await serveCorpus(files, options.pages);
  const profileDir = await mkdtemp(join(tmpdir(), 'ariadne-load-'));
  const { context, extensionId } = await launchWithExtension({ profileDir, headless: true, allowOrigins: [site.origin] });
  try {
    const probe = await context.newPage();
    // A light extension page (no live queries) to read the database from the extension's origin.
    await probe.goto(`chrome-extension://${extensionId}/manifest.json`);
    const tabs = await Promise.all(Array.from({ length: options.tabs }, () => context.newPage()));

    const acked = new Map<string, number>();
    const doneAt = new Map<string, number>();
    const failures: string[] = [];
    const heap: number[] = [];
    let next = 0;
    const started = Date.now();

    const visit = async (tab: Page): Promise<void> => {
      for (let i = next++; i < site.urls.length; i = next++) {
        const url = site.urls[i] ?? '';
        try {
          await tab.goto(url, { waitUntil: 'domcontentloaded' });
          await tab.locator('html[data-ariadne-captured]').waitFor({ state: 'attached', timeout: ACK_TIMEOUT_MS });
          acked.set(url, Date.now());
        } catch (error) {
          failures.push(`${url}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        }
      }
    };
    let visiting = true;
    const poll = async (): Promise<void> => {
      let lastHeap = 0;
      while (visiting || doneAt.size < acked.size) {
        const now = Date.now();
        const { pageUrls, inbox } = await snapshot(probe);
        for (const url of pageUrls.map(servedUrl)) if (acked.has(url) && !doneAt.has(url)) doneAt.set(url, now);
        // Every tab done and the inbox empty: what is not stored now never will be (reported as lost).
        if (!visiting && inbox === 0) break;
        if (now - lastHeap >= HEAP_SAMPLE_MS) {
          lastHeap = now;
          const used = await workerHeap(probe, extensionId);
          if (used !== undefined) heap.push(used);
        }
        if (now - started > DRAIN_TIMEOUT_MS + options.pages * 2_000) break;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    };
    const polling = poll();
    await Promise.all(tabs.map(visit));
    visiting = false;
    await polling;

    const final = await snapshot(probe);
    const stored = new Set(final.pageUrls.map(servedUrl));
    const graph = await dumpGraph(probe);
    const provisional = new Set(graph.provisional);
    const groups = new Map<string, { id: string; name: string }[]>();
    for (const e of graph.entities) {
      const nameKey = e.keys.find((k) => k.startsWith('n:'));
      if (nameKey === undefined) continue;
      const key = `${e.type}|${nameKey}`;
      groups.set(key, [...(groups.get(key) ?? []), { id: e.id, name: e.name }]);
    }
    // Names in the report tell a race (the same name twice) from a resolver split (variants).
    const unexplained = [...groups.entries()].filter(
      ([, members]) => members.length > 1 && members.every(({ id }) => !provisional.has(id)),
    );
    const raceDuplicates = unexplained
      .map(([key, members]) => `${key} ×${members.length} (${members.map((m) => JSON.stringify(m.name.slice(0, 60))).join(', ')})`)
      .sort();
    const latencies = [...doneAt.entries()].map(([url, at]) => at - (acked.get(url) ?? at)).sort((a, b) => a - b);
    const lastDone = Math.max(started, ...doneAt.values());
    const durationMs = lastDone - started;
    return {
      pages: options.pages,
      tabs: options.tabs,
      acknowledged: acked.size,
      stored: site.urls.filter((u) => stored.has(u)).length,
      lost: [...failures, ...site.urls.filter((u) => acked.has(u) && !stored.has(u)).map((u) => `${u}: acknowledged, never stored`)],
      durationMs,
      pagesPerMinute: Math.round((doneAt.size / Math.max(1, durationMs)) * 60_000 * 10) / 10,
      ingestLatencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.at(-1) ?? 0 },
      entities: graph.entities.length,
      relationships: graph.relationships,
      evidence: graph.evidence,
      pendingReviews: graph.pendingReviews,
      raceDuplicates,
      sameNameGroups: Object.fromEntries(unexplained.map(([key, members]) => [key, members.length])),
      heapBytes: { first: heap[0] ?? 0, max: Math.max(0, ...heap), last: heap.at(-1) ?? 0, samples: heap.length },
      inboxLeft: final.inbox,
    };
  } finally {
    await context.close();
    await site.close();
    await rm(profileDir, { recursive: true, force: true });
  }
}
