/**
 * `npm start -- --browser firefox`: the same runs as in Chromium, in Firefox ESR driven over
 * WebDriver BiDi (src/cli/launch-firefox.ts). The add-on is loaded as a temporary add-on into a
 * persistent profile (default ~/.ariadne/firefox-profile) whose UUID and data are kept, so the
 * graph is there on the next run.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { extensionUuid, FIREFOX_EXTENSION_DIR, launchFirefox, openExtensionPage } from './launch-firefox';
import { activeWorkspace, useWorkspace } from './workspace-option';
import type { RunWorkspace, SendFromExtension } from './workspace-option';

/** How long one page may take to load and be captured. */
const PAGE_TIMEOUT_MS = 30_000;
/** How long the background may take to ingest everything captured. */
const INGEST_TIMEOUT_MS = 120_000;
const POLL_MS = 200;

export interface FirefoxCaptureReport {
  readonly url: string;
  readonly captureId?: string;
  readonly error?: string;
}

async function capture(page: Page, url: string): Promise<FirefoxCaptureReport> {
  try {
    await page.goto(url, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    const marker = await page.waitForSelector('html[data-ariadne-captured]', { timeout: PAGE_TIMEOUT_MS });
    return { url, captureId: (await marker?.evaluate((html) => html.getAttribute('data-ariadne-captured'))) ?? '' };
  } catch (error) {
    return { url, error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  }
}

async function waitForQueue(panel: Page): Promise<{ pending: number; failed: number }> {
  const deadline = Date.now() + INGEST_TIMEOUT_MS;
  for (;;) {
    const reply: unknown = await panel.evaluate(() =>
      (globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).browser.runtime.sendMessage({
        type: 'capture.status',
      }),
    );
    const status = reply as { ok: boolean; result?: { pending: number; failed: number } };
    if (status.ok && status.result && status.result.pending === 0) return status.result;
    if (Date.now() > deadline) return status.result ?? { pending: -1, failed: 0 };
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}

export interface FirefoxRun {
  readonly reports: FirefoxCaptureReport[];
  readonly dump: Record<string, unknown[]>;
  readonly failed: number;
  /** The workspace captured into and read back. */
  readonly workspace: RunWorkspace;
}

/**
 * Captures `urls` headless into the workspace named `workspaceName` (created when missing;
 * the active one without it) and reads that workspace's graph back with `readGraph`
 * (evaluated in the panel page with the graph's database name).
 *
 * @example
 *   const { reports, dump } = await runFirefoxHeadless(profile, urls, readGraphTables, 'Thesis');
 */
export async function runFirefoxHeadless(
  profileDir: string,
  urls: readonly string[],
  readGraph: (database: string) => Promise<Record<string, unknown[]>>,
  workspaceName?: string,
): Promise<FirefoxRun> {
  const uuid = (await extensionUuid(profileDir)) ?? randomUUID();
  const ff = await launchFirefox({ profileDir, install: { temporary: FIREFOX_EXTENSION_DIR }, uuid });
  try {
    const page = await ff.browser.newPage();
    const panel = await ff.browser.newPage();
    await openExtensionPage(panel, `${ff.origin}/sidepanel.html`);
    const send: SendFromExtension = (message) =>
      panel.evaluate(
        (m) =>
          (globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).browser.runtime.sendMessage(m),
        message,
      );
    const used = workspaceName === undefined ? undefined : await useWorkspace(send, workspaceName);
    const reports: FirefoxCaptureReport[] = [];
    for (const url of urls) reports.push(await capture(page, url));
    const { failed } = await waitForQueue(panel);
    const workspace = used?.workspace ?? (await activeWorkspace(send));
    const dump = await panel.evaluate(readGraph, workspace.database);
    await used?.restore();
    return { reports, dump, failed, workspace };
  } finally {
    await ff.browser.close();
  }
}

/** Opens Firefox with a window (needs a display), the panel page first; resolves when it is closed. */
export async function runFirefoxWindowed(profileDir: string, urls: readonly string[]): Promise<void> {
  const uuid = (await extensionUuid(profileDir)) ?? randomUUID();
  const ff = await launchFirefox({ profileDir, install: { temporary: FIREFOX_EXTENSION_DIR }, uuid, headless: false });
  await openExtensionPage(await ff.browser.newPage(), `${ff.origin}/sidepanel.html`);
  for (const url of urls) void (await ff.browser.newPage()).goto(url).catch(() => undefined);
  await new Promise<void>((done) => ff.browser.on('disconnected', () => done()));
}
