/**
 * `npm start -- --headless` in Chromium: each page is visited in a tab of its own, closed
 * afterwards, so a page that crashes its renderer costs only that page. A page is done when
 * it carries the content script's mark (`data-ariadne-captured`), or when its capture is in
 * the graph already (a page that reloads itself loses the mark with each reload), or when the
 * content script said it gave up on it (and why). Local files are answered from disk at their
 * stable address (`targets.ts`).
 */
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { launchWithExtension } from './launch';
import { contentTypeOf } from './static-server';
import type { CaptureReport, GraphDump } from './summary';
import { readGraphTables, summarize, writeGraph } from './summary';
import type { Target } from './targets';
import { LOCAL_FILES_ORIGIN, localDirectories, localFileOf } from './targets';
import { activeWorkspace, useWorkspace } from './workspace-option';
import type { SendFromExtension } from './workspace-option';

/** How long one page may take to load and be captured. */
const PAGE_TIMEOUT_MS = 30_000;
/** How long the background may take to ingest everything captured. */
const INGEST_TIMEOUT_MS = 120_000;
/** How often the page, the graph and the queue are looked at while waiting. */
const POLL_MS = 200;

export interface HeadlessRun {
  readonly profile: string;
  readonly workspace?: string;
  readonly out?: string;
}

/** The extension's own messaging, as seen from one of its pages. */
interface ExtensionGlobal {
  chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
}

/** Messages from the panel page of a Chromium run. */
export function sendFrom(panel: Page): SendFromExtension {
  return (message) => panel.evaluate((m) => (globalThis as unknown as ExtensionGlobal).chrome.runtime.sendMessage(m), message);
}

/** Answers `LOCAL_FILES_ORIGIN` from the folders of the files named (404 for anything else). */
export async function serveLocalFiles(context: BrowserContext, targets: readonly Target[]): Promise<void> {
  const directories = localDirectories(targets);
  await context.route(`${LOCAL_FILES_ORIGIN}/**`, async (route) => {
    const file = localFileOf(route.request().url(), directories);
    const body = file === undefined ? undefined : await readFile(file).catch(() => undefined);
    if (file === undefined || body === undefined) return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
    return route.fulfill({ status: 200, contentType: contentTypeOf(file), body });
  });
}

/** True when the workspace's graph holds `url` captured at or after `since` (read from an extension page). */
async function storedSince(args: { database: string; url: string; since: number }): Promise<boolean> {
  const db = await new Promise<IDBDatabase>((ok, fail) => {
    const request = indexedDB.open(args.database);
    request.onsuccess = () => ok(request.result);
    request.onerror = () => fail(request.error);
  });
  try {
    if (!db.objectStoreNames.contains('pages')) return false;
    const page = await new Promise<unknown>((ok, fail) => {
      const request = db.transaction('pages', 'readonly').objectStore('pages').get(args.url);
      request.onsuccess = () => ok(request.result);
      request.onerror = () => fail(request.error);
    });
    const capturedAt = typeof page === 'object' && page !== null ? Reflect.get(page, 'capturedAt') : undefined;
    return typeof capturedAt === 'number' && capturedAt >= args.since;
  } finally {
    db.close();
  }
}

interface PageWatch {
  /** Whether the capture of `url` is in the graph already. */
  readonly stored: (url: string) => Promise<boolean>;
  /** Why the content script gave up on `url`, when it did. */
  readonly gaveUp: (url: string) => Promise<string | undefined>;
  /** Whether a re-read of `url` is still pending (the time budget cut its reading; the worker asks its tab once idle). */
  readonly rereadPending: (url: string) => Promise<boolean>;
}

/** Longest a tab stays open for a pending re-read after its first capture. */
const REREAD_WAIT_MS = 90_000;

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}

/** Visits `url` in a new tab, waits for its capture, closes the tab. */
async function captureInTab(context: BrowserContext, input: string, url: string, watch: PageWatch): Promise<CaptureReport> {
  const page = await context.newPage();
  let crashed = false;
  let loads = 0;
  page.on('crash', () => {
    crashed = true;
  });
  page.on('load', () => {
    loads += 1;
  });
  const crashReport: CaptureReport = {
    input,
    url,
    error: "the page crashed the browser's renderer (a page too large or too deep for Chromium); only this page is lost",
  };
  const reloaded = () => (loads > 1 ? { note: `the page loaded ${loads} times while it was read (it reloads or redirects itself)` } : {});
  try {
    try {
      await page.goto(url, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    } catch (error) {
      if (crashed) return crashReport;
      return { input, url, error: firstLine(error) };
    }
    const deadline = Date.now() + PAGE_TIMEOUT_MS;
    for (;;) {
      if (crashed) return crashReport;
      // The mark, on whatever document the tab holds now (a reload replaces the one marked).
      const mark = await page
        .locator('html')
        .getAttribute('data-ariadne-captured', { timeout: POLL_MS })
        .catch(() => null);
      if (mark !== null && mark !== '') {
        // The tab is what the worker asks to read again: kept open while the re-read is pending (bounded).
        for (const until = Date.now() + REREAD_WAIT_MS; Date.now() < until && (await watch.rereadPending(url));) await sleep(POLL_MS);
        return { input, url, captureId: mark, ...reloaded() };
      }
      if (await watch.stored(url)) return { input, url, ...reloaded() };
      const reason = await watch.gaveUp(url);
      if (reason !== undefined) return { input, url, error: `the content script gave up: ${reason}` };
      if (Date.now() > deadline)
        return {
          input,
          url,
          error: `no capture within ${PAGE_TIMEOUT_MS / 1000} s${loads > 1 ? ` (the page loaded ${loads} times meanwhile)` : ''}`,
        };
      await sleep(POLL_MS);
    }
  } finally {
    await page.close().catch(() => undefined);
  }
}

async function waitForQueue(send: SendFromExtension): Promise<{ pending: number; failed: number }> {
  const deadline = Date.now() + INGEST_TIMEOUT_MS;
  for (;;) {
    const status = (await send({ type: 'capture.status' })) as { ok: boolean; result?: { pending: number; failed: number } };
    if (status.ok && status.result && status.result.pending === 0) return status.result;
    if (Date.now() > deadline) return status.result ?? { pending: -1, failed: 0 };
    await sleep(POLL_MS);
  }
}

/** Why the content script gave up on `url` in this run, from the background's capture status. */
async function gaveUpReason(send: SendFromExtension, url: string, since: number): Promise<string | undefined> {
  const status = (await send({ type: 'capture.status' })) as {
    result?: { gaveUp?: readonly { url: string; reason: string; at: number }[] };
  };
  return status.result?.gaveUp?.find((g) => g.url === url && g.at >= since)?.reason;
}

/** Whether the background still has a re-read of `url` pending from this run. */
async function rereadPending(send: SendFromExtension, url: string, since: number): Promise<boolean> {
  const status = (await send({ type: 'capture.status' })) as {
    result?: { rereads?: readonly { url: string; state: string; at: number }[] };
  };
  return status.result?.rereads?.some((r) => r.url === url && r.at >= since && r.state === 'pending') === true;
}

/** Captures every target, prints the summary, writes `--out`; the exit code (1 when a page was not captured). */
export async function runHeadlessChromium(run: HeadlessRun, targets: readonly Target[]): Promise<number> {
  const started = Date.now();
  const { context, extensionId } = await launchWithExtension({ profileDir: run.profile, headless: true });
  try {
    await serveLocalFiles(context, targets);
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    const send = sendFrom(panel);
    // Switched before the first capture: each capture goes to the workspace active when it arrives.
    const used = run.workspace === undefined ? undefined : await useWorkspace(send, run.workspace);
    if (used?.created) console.error(`Created workspace "${used.workspace.name}".`);
    const workspace = used?.workspace ?? (await activeWorkspace(send));
    // The first tab stays open (blank): closing a browser's last tab would end the run.
    const watch: PageWatch = {
      stored: (url) => panel.evaluate(storedSince, { database: workspace.database, url, since: started }),
      gaveUp: (url) => gaveUpReason(send, url, started),
      rereadPending: (url) => rereadPending(send, url, started),
    };
    const reports: CaptureReport[] = [];
    for (const target of targets) {
      if (target.url === undefined) reports.push({ input: target.input, error: target.error ?? 'not found' });
      else reports.push(await captureInTab(context, target.input, target.url, watch));
    }
    const { failed } = await waitForQueue(send);
    const dump: GraphDump = await panel.evaluate(readGraphTables, workspace.database);
    await used?.restore();
    console.log(summarize(dump, reports, Date.now() - started, failed, workspace));
    if (run.out !== undefined) writeGraph(run.out, dump);
    return reports.some((r) => r.error !== undefined) ? 1 : 0;
  } finally {
    await context.close();
  }
}
