/**
 * The PDF phase of the Firefox smoke test (issue 37): Firefox shows a PDF in its own pdf.js
 * viewer, where no content script runs, and its `activeTab` gives the background no right to
 * download from the tab's site, so a PDF is read only with access to its site. Checked here:
 *
 *   1. without that access, the shortcut's handler refuses with what to allow (not a bare
 *      network error); BiDi key presses do not reach Firefox's shortcut handler, so the test
 *      calls what the shortcut calls, outside a user act (as the Chromium journey does);
 *   2. Settings → Capture → "Read PDFs automatically" is ticked by a real click (Firefox takes a
 *      permission request only inside a click: this caught a request made after an `await`);
 *      prompts are auto-accepted by the `extensions.webextOptionalPermissionPrompts` preference;
 *   3. the PDF opened in a tab is then read automatically (fetch + pdf.js in the MV2 background
 *      page), its entities reach the graph with page-numbered evidence, and the shortcut's
 *      handler reads it too;
 *   4. a PDF opened from disk (file://) cannot be read: Firefox gives add-ons no file access
 *      (`isAllowedFileSchemeAccess()` false, the background's fetch of the file:// address
 *      refused), so with "Capture local files" ticked the shortcut refuses it with the way round.
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import { FIREFOX_EXTENSION_DIR, launchFirefox, openExtensionPage } from '../../src/cli/launch-firefox';
import type { StaticServer } from '../../src/cli/static-server';
import { until as waitFor } from './until';

const WAIT_MS = 30_000;

interface Outcome {
  readonly status: string;
  readonly reason?: string;
}
interface Evidence {
  readonly page_url: string;
  readonly snippet: string;
}

/** Calls what the `capture-page` shortcut calls, in the background page, for the tab at `url` (or the last tab). */
async function shortcutOn(panel: Page, url: string): Promise<Outcome> {
  return panel.evaluate(async (u: string) => {
    type Tab = { id?: number; url?: string; title?: string; incognito: boolean };
    type Api = { tabs: { query(q: object): Promise<Tab[]> }; runtime: { getBackgroundPage(): Promise<Window> } };
    const api = Reflect.get(globalThis, 'browser') as Api;
    const tabs = await api.tabs.query({});
    // Without access to the site Firefox hides the tab's address: the PDF's tab is the last one opened.
    const tab = tabs.find((t) => t.url === u) ?? tabs.filter((t) => !t.url?.startsWith('moz-extension:')).at(-1);
    const background = await api.runtime.getBackgroundPage();
    const controls = Reflect.get(background, 'ariadneControls') as { onCommand(c: string, t: Tab): Promise<Outcome> };
    const outcome = await controls.onCommand('capture-page', { id: tab?.id, url: u, title: 'kestrel-review.pdf', incognito: false });
    return JSON.parse(JSON.stringify(outcome)) as Outcome;
  }, url);
}

async function evidenceOf(panel: Page, name: string): Promise<readonly Evidence[]> {
  return panel.evaluate(async (n: string) => {
    type Api = { runtime: { sendMessage(m: object): Promise<{ ok: boolean; result?: { evidence: Evidence[] } }> } };
    const api = Reflect.get(globalThis, 'browser') as Api;
    const reply = await api.runtime.sendMessage({ type: 'tool.call', tool: 'entity_get', arguments: { name: n } });
    return reply.ok ? (reply.result?.evidence ?? []) : [];
  }, name);
}

async function pendingCaptures(panel: Page): Promise<number | undefined> {
  return panel.evaluate(async () => {
    type Api = { runtime: { sendMessage(m: object): Promise<{ ok: boolean; result?: { pending: number } }> } };
    const api = Reflect.get(globalThis, 'browser') as Api;
    const reply = await api.runtime.sendMessage({ type: 'capture.status' });
    return reply.ok ? reply.result?.pending : undefined;
  });
}

function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  return waitFor(probe, what, WAIT_MS, 250);
}

export async function pdfJourney(server: StaticServer, profileDir: string, uuid: string, errors: string[]): Promise<readonly string[]> {
  const ff = await launchFirefox({
    profileDir,
    install: { temporary: FIREFOX_EXTENSION_DIR },
    uuid,
    // The permission prompt Firefox would show on the click is accepted (there is no one to click it).
    prefs: { 'extensions.webextOptionalPermissionPrompts': false },
  });
  try {
    const url = `${server.origin}/pdf/kestrel-review.pdf`;
    const viewer = await ff.browser.newPage();
    viewer.on('pageerror', (error) => errors.push(`PDF tab error: ${String(error)}`));
    await viewer.goto(url, { waitUntil: 'load' });
    const panel = await ff.browser.newPage();
    panel.on('pageerror', (error) => errors.push(`panel error: ${String(error)}`));
    await openExtensionPage(panel, `${ff.origin}/sidepanel.html`);

    // 1. No access to the site yet: a refusal that says what to allow.
    const refused = await shortcutOn(panel, url);
    assert.equal(refused.status, 'refused', 'without access to the site the PDF is not read');
    assert.match(refused.reason ?? '', /^Firefox lets Ariadne download a PDF only with access to its site/);

    // 2. The setting, ticked by a click.
    await panel.evaluate(() => {
      const tab = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent?.includes('Settings'));
      if (!tab) throw new Error('no Settings tab');
      tab.click();
    });
    const box = await panel.waitForSelector('[data-testid="pdf-access"]:not([disabled])', { timeout: WAIT_MS });
    await box?.click();
    await panel.waitForFunction(() => document.querySelector<HTMLInputElement>('[data-testid="pdf-access"]')?.checked === true, {
      timeout: WAIT_MS,
    });
    const alerts = await panel.$$eval('[role="alert"]', (nodes) => nodes.map((n) => n.textContent));
    assert.deepEqual(alerts, [], 'the setting shows no error');

    // 3. The PDF opened again is read automatically, with page-numbered evidence.
    await viewer.reload({ waitUntil: 'load' });
    const kestrel = await until(async () => {
      const found = (await evidenceOf(panel, 'Kestrel Bank')).filter((e) => e.page_url === url);
      return found.length > 0 ? found : undefined;
    }, 'Kestrel Bank from the PDF');
    assert.match(kestrel[0]?.snippet ?? '', /^p\. 1 · /, 'the evidence cites the PDF page');
    const halvard = await until(async () => {
      const found = (await evidenceOf(panel, 'Halvard Berg')).filter((e) => e.page_url === url);
      return found.length > 0 ? found : undefined;
    }, 'Halvard Berg from the PDF');
    assert.match(halvard[0]?.snippet ?? '', /^p\. \d · Halvard Berg joined Ostra Pay/);
    // And the shortcut reads it now that the site is allowed.
    const captured = await shortcutOn(panel, url);
    assert.equal(captured.status, 'captured', `the shortcut reads the PDF: ${captured.reason ?? ''}`);

    await localPdfRefused(ff.browser, panel);
    // The shortcut's capture is still being read: the add-on's console is judged once its queue is empty
    // (a browser closed mid-write is the inbox's case, retried at the next start, not this journey's).
    await until(async () => ((await pendingCaptures(panel)) === 0 ? true : undefined), 'the capture queue to empty');
    return [...ff.output];
  } finally {
    await ff.browser.close();
  }
}

/** Step 4: what Firefox allows with a local PDF (nothing), checked in the background page itself. */
async function localPdfRefused(browser: Browser, panel: Page): Promise<void> {
  const fileUrl = pathToFileURL(resolve(import.meta.dirname, '../site/pdf/kestrel-review.pdf')).href;
  const access = await panel.evaluate(async (u: string) => {
    type Api = { runtime: { getBackgroundPage(): Promise<Window> }; extension: { isAllowedFileSchemeAccess(): Promise<boolean> } };
    const api = Reflect.get(globalThis, 'browser') as Api;
    const background = await api.runtime.getBackgroundPage();
    const fetched = await background
      .fetch(u)
      .then((r) => `read ${r.status}`)
      .catch((e: unknown) => `refused: ${String(e)}`);
    return { allowed: await api.extension.isAllowedFileSchemeAccess(), fetched };
  }, fileUrl);
  assert.equal(access.allowed, false, 'Firefox gives add-ons no file access');
  assert.match(access.fetched, /^refused: /, 'the background cannot fetch a file:// address');
  // The Settings box ticks (Firefox has no file:///* access to ask for), and the shortcut still refuses, with the way round.
  await panel.click('[data-testid="allow-file-urls"]');
  await panel.waitForFunction(() => document.querySelector<HTMLInputElement>('[data-testid="allow-file-urls"]')?.checked === true, {
    timeout: WAIT_MS,
  });
  const local = await browser.newPage();
  await local.goto(fileUrl, { waitUntil: 'load' }).catch(() => undefined);
  const refused = await shortcutOn(panel, fileUrl);
  assert.equal(refused.status, 'refused', 'a local PDF is not read in Firefox');
  assert.match(
    refused.reason ?? '',
    /^This browser does not let add-ons read local files \(file:\/\/\), so this PDF cannot be captured\. Open it from a web address/,
  );
}
