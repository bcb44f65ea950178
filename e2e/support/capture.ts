/**
 * Helpers for the capture-control journeys: write capture settings from an
 * extension page, read the toolbar badge, call the functions the shortcut and the
 * context menu call (Playwright cannot press browser shortcuts or click context
 * menus, so the service worker's `ariadneControls` is invoked through
 * `serviceWorker.evaluate`), and ask the background about the graph.
 *
 * @example
 *   const ext = new CaptureRig(context, extensionId);
 *   await ext.setCapture({ paused: true });
 *   expect(await ext.badge()).toBe('II');
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';

/** The extension APIs used inside evaluate callbacks (only what is called here). */
interface ChromeApi {
  storage: { local: { get(key: string): Promise<Record<string, unknown>>; set(items: Record<string, unknown>): Promise<void> } };
  runtime: { sendMessage(message: unknown): Promise<unknown> };
  action: { getBadgeText(details: { tabId?: number }): Promise<string> };
  tabs: {
    query(filter: {
      active?: boolean;
      lastFocusedWindow?: boolean;
    }): Promise<{ id?: number; url?: string; incognito: boolean; title?: string }[]>;
  };
}
declare const chrome: ChromeApi;

/** What `ariadneControls` returns (src/background/controls.ts, `ControlOutcome`). */
export interface ControlOutcome {
  readonly status: 'captured' | 'clipped' | 'refused' | 'ignored';
  readonly captureId?: string;
  readonly reason?: string;
  readonly clip?: {
    readonly entityId: string;
    readonly name: string;
    readonly type: string;
    readonly created: boolean;
    readonly pageEntities: number;
  };
}

interface ControlsApi {
  onCommand(command: string, tab: unknown): Promise<ControlOutcome>;
  onMenuClick(info: unknown, tab: unknown): Promise<ControlOutcome>;
}

export class CaptureRig {
  private extensionPage: Page | undefined;

  constructor(
    private readonly context: BrowserContext,
    private readonly extensionId: string,
  ) {}

  /** The worker, looked up each time: an idle MV3 worker may have been replaced. */
  async worker(): Promise<Worker> {
    return this.context.serviceWorkers()[0] ?? (await this.context.waitForEvent('serviceworker'));
  }

  /** An extension page (the side panel in a tab), opened once, for storage and messages. */
  async page(): Promise<Page> {
    if (this.extensionPage === undefined || this.extensionPage.isClosed()) {
      this.extensionPage = await this.context.newPage();
      await this.extensionPage.goto(`chrome-extension://${this.extensionId}/sidepanel.html`);
    }
    return this.extensionPage;
  }

  /** Writes capture settings the way the side panel does (fields left out keep their defaults). */
  async setCapture(capture: Record<string, unknown>): Promise<void> {
    const page = await this.page();
    await page.evaluate((value) => chrome.storage.local.set({ 'ariadne.capture': value }), capture);
  }

  /** The badge text of a tab (or the global one). */
  async badge(tabId?: number): Promise<string> {
    const worker = await this.worker();
    return worker.evaluate((id) => chrome.action.getBadgeText(id === undefined ? {} : { tabId: id }), tabId);
  }

  /**
   * The tab of `page` as the browser hands it to a command or menu listener. The
   * page is brought to the front and the active tab is asked for; its URL is filled
   * in from the page when the browser withholds it (a real shortcut or menu click
   * grants `activeTab`, which reveals it; an evaluate call grants nothing).
   */
  async tabOf(page: Page): Promise<{ id: number; url: string; title: string; incognito: boolean }> {
    await page.bringToFront();
    const worker = await this.worker();
    const tab = await worker.evaluate(() => chrome.tabs.query({ active: true, lastFocusedWindow: true }).then((tabs) => tabs[0]));
    if (tab?.id === undefined) throw new Error('no active tab');
    return { id: tab.id, url: tab.url ?? page.url(), title: tab.title ?? (await page.title()), incognito: tab.incognito };
  }

  /** Runs what the `capture-page` shortcut runs, for `page`'s tab. */
  async shortcut(page: Page): Promise<ControlOutcome> {
    const tab = await this.tabOf(page);
    const worker = await this.worker();
    return worker.evaluate((t) => (Reflect.get(globalThis, 'ariadneControls') as ControlsApi).onCommand('capture-page', t), tab);
  }

  /** Runs what the `capture-page` shortcut runs, for a tab as the browser would hand it over (e.g. a PDF's, whose page Playwright cannot hold). */
  async shortcutOn(tab: { id: number; url: string; title: string; incognito: boolean }): Promise<ControlOutcome> {
    const worker = await this.worker();
    return worker.evaluate((t) => (Reflect.get(globalThis, 'ariadneControls') as ControlsApi).onCommand('capture-page', t), tab);
  }

  /** Runs what a context-menu click runs (`menuItemId` as in src/background/controls.ts). */
  async menu(page: Page, info: { menuItemId: string; selectionText?: string }): Promise<ControlOutcome> {
    const tab = await this.tabOf(page);
    const worker = await this.worker();
    return worker.evaluate(
      ([i, t]) => (Reflect.get(globalThis, 'ariadneControls') as ControlsApi).onMenuClick({ ...i, pageUrl: t.url }, t),
      [info, tab] as const,
    );
  }

  /** Calls a graph tool through the background, as the side panel does. */
  async tool<R>(tool: string, args: Record<string, unknown>): Promise<R> {
    const page = await this.page();
    const reply = await page.evaluate(([name, a]) => chrome.runtime.sendMessage({ type: 'tool.call', tool: name, arguments: a }), [
      tool,
      args,
    ] as const);
    const envelope = reply as { ok: boolean; result?: R; error?: { code: string; message: string } };
    if (!envelope.ok || envelope.result === undefined)
      throw new Error(`${tool}: ${envelope.error?.code ?? '?'} ${envelope.error?.message ?? ''}`);
    return envelope.result;
  }

  /** Captures still waiting to be ingested. */
  async pending(): Promise<number> {
    const page = await this.page();
    const reply = await page.evaluate(() => chrome.runtime.sendMessage({ type: 'capture.status' }));
    return (reply as { result?: { pending: number } }).result?.pending ?? -1;
  }
}
