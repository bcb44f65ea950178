/**
 * "Capture again" from the Pages view: the page is opened in a background tab and, once
 * loaded, captured the way the context menu's "Capture this page" does
 * (`Controls.captureTab`, trigger `manual`), so the capture policy, the content script
 * and the queue are the usual ones. The tab stays open for the user to read.
 *
 * @example
 *   const outcome = await recapturePage('https://example.com/a', { openLoaded, captureTab: (tab) => controls.captureTab(tab, 'manual') });
 */
import { AriadneError } from '../core/errors';
import type { ControlOutcome, ControlTab } from './controls';

/** How long a page may take to load before the capture is given up. */
export const RECAPTURE_LOAD_TIMEOUT_MS = 30_000;

export interface RecaptureDeps {
  /** Opens `url` in a new background tab and resolves once it has loaded. */
  readonly openLoaded: (url: string) => Promise<ControlTab>;
  readonly captureTab: (tab: ControlTab) => Promise<ControlOutcome>;
}

export type RecaptureOutcome =
  { readonly status: 'captured'; readonly captureId: string } | { readonly status: 'refused'; readonly reason: string };

export async function recapturePage(url: string, deps: RecaptureDeps): Promise<RecaptureOutcome> {
  const tab = await deps.openLoaded(url);
  const outcome = await deps.captureTab(tab);
  if (outcome.status === 'captured') return { status: 'captured', captureId: outcome.captureId };
  if (outcome.status === 'refused') return { status: 'refused', reason: outcome.reason };
  throw new AriadneError('internal', 'The page opened but its capture was not started.');
}

/** The browser's tabs, as `openLoadedTab` uses them. */
export interface TabsApi {
  create(props: { url: string; active: boolean }): Promise<{ id?: number }>;
  onUpdated: {
    addListener(listener: (tabId: number, change: { status?: string }) => void): void;
    removeListener(listener: (tabId: number, change: { status?: string }) => void): void;
  };
}

/** Opens `url` in a background tab and waits for it to finish loading (bounded). */
export function openLoadedTab(tabs: TabsApi, url: string, timeoutMs = RECAPTURE_LOAD_TIMEOUT_MS): Promise<ControlTab> {
  return new Promise<ControlTab>((resolve, reject) => {
    let tabId: number | undefined;
    // A fast page may finish loading before `create` resolves: completions seen early are kept.
    const completedEarly = new Set<number>();
    const done = (error?: AriadneError) => {
      clearTimeout(timer);
      tabs.onUpdated.removeListener(onUpdated);
      if (error !== undefined) reject(error);
      else resolve({ id: tabId, url, incognito: false });
    };
    const onUpdated = (id: number, change: { status?: string }) => {
      if (change.status !== 'complete') return;
      if (tabId === undefined) completedEarly.add(id);
      else if (id === tabId) done();
    };
    const timer = setTimeout(
      () => done(new AriadneError('timeout', `The page did not finish loading within ${timeoutMs / 1000} s; it was not captured again.`)),
      timeoutMs,
    );
    tabs.onUpdated.addListener(onUpdated);
    tabs.create({ url, active: false }).then(
      (tab) => {
        if (tab.id === undefined) done(new AriadneError('internal', 'The browser opened no tab for the page.'));
        else {
          tabId = tab.id;
          if (completedEarly.has(tab.id)) done();
        }
      },
      (error: unknown) =>
        done(new AriadneError('internal', `The page could not be opened (${error instanceof Error ? error.message : String(error)}).`)),
    );
  });
}
