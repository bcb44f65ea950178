/**
 * Wires the user's capture controls to the browser: the `capture-page` command,
 * the context menu items (created on install and update), the clip of a selection
 * through the single writer, and the badge's upkeep (cleared when a tab navigates,
 * the paused state following the settings), and automatic PDF capture. The logic lives in
 * `controls.ts`, `clip.ts`, `badge.ts` and `pdf-auto.ts`; this file only connects them to `browser.*` events.
 *
 * @example
 *   const controls = wireControls({ graphFor: (url) => workspaces.captureTarget(url), clock, badge }); // in startBackground
 */
import { browser } from 'wxt/browser';
import type { Clock } from '../core/graph/ids';
import type { GraphService } from '../core/graph/service';
import type { GraphStore } from '../core/graph/store';
import { createResolver } from '../core/resolve/resolver';
import { INJECTED_ON_REQUEST } from '../messaging/capture-now';
import { changedCaptureSettings, readSettings } from './read-settings';
import { createTrainedRecognizer } from '../extract/ner';
import type { EntityRecognizer } from '../extract/mentions/recognizer';
import { createRuleRecognizer } from '../extract/rules/rule-recognizer';
import type { CaptureBadge } from './badge';
import type { ClipRequest, ClipResult } from './clip';
import { createClipper } from './clip';
import type { Controls } from './controls';
import { MENU_ITEMS, createControls } from './controls';
import type { PdfCapturer } from './pdf-capture';
import { originPattern, wirePdfAutoCapture } from './pdf-auto';

export interface ControlWiring {
  /** The graph a clip of the page at `url` goes to (its workspace's). */
  readonly graphFor: (url: string) => Promise<{ readonly graph: GraphService; readonly store: GraphStore }>;
  readonly clock: Clock;
  readonly badge: CaptureBadge;
  /** Reads PDFs open in tabs (shortcut, menu, and automatically where allowed). */
  readonly pdf: PdfCapturer;
}

export function wireControls({ graphFor, clock, badge, pdf }: ControlWiring): Controls {
  const controls = createControls({
    settings: readSettings,
    badge,
    clip: clipper(graphFor, clock),
    tabs: {
      send: (tabId, message) => browser.tabs.sendMessage(tabId, message),
      ...(browser.scripting === undefined ? {} : { inject: injectContentScript }),
    },
    pdf,
    // Firefox's activeTab does not cover downloading the tab's PDF: the shortcut or menu click asks for its site.
    ...(import.meta.env.FIREFOX ? { askSiteAccess: (url: string) => browser.permissions.request({ origins: [originPattern(url)] }) } : {}),
  });
  // The browser hands over the active tab with its URL: the command or menu click grants activeTab.
  browser.commands?.onCommand.addListener((command, tab) => void controls.onCommand(command, tab));
  browser.contextMenus?.onClicked.addListener((info, tab) => void controls.onMenuClick(info, tab));
  browser.runtime.onInstalled.addListener(() => {
    // Menu items outlive the worker; they are (re)created on install and update only.
    void browser.contextMenus?.removeAll().then(() => {
      for (const item of MENU_ITEMS) browser.contextMenus.create({ id: item.id, title: item.title, contexts: [...item.contexts] });
    });
  });
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.status === 'loading') void badge.navigated(tabId);
  });
  wirePdfAutoCapture({
    pdf,
    settings: readSettings,
    // The optional host permission (Settings → Capture): without it the tab's URL is not even known here.
    hasAccess: (url) => browser.permissions.contains({ origins: [originPattern(url)] }),
    onLoaded: (listener) =>
      browser.tabs.onUpdated.addListener((tabId, change, tab) => {
        if (change.status === 'complete') listener(tabId, tab);
      }),
    warn: (message) => console.warn(`Ariadne: ${message}`),
  });
  // The start-up read goes through IndexedDB and can finish after a change event already
  // applied newer settings: it only sets the badge when no change came in meanwhile.
  let changedSinceStart = false;
  browser.storage?.onChanged.addListener((changes, area) => {
    const capture = changedCaptureSettings(changes, area);
    if (capture === undefined) return;
    changedSinceStart = true;
    void badge.paused(capture.paused);
  });
  void readSettings().then((settings) => {
    if (!changedSinceStart) void badge.paused(settings.capture.paused);
  });
  return controls;
}

/**
 * Injects the content script into a tab that has none (opened before install or
 * update), marked so that it captures only on request (no automatic capture too).
 */
async function injectContentScript(tabId: number): Promise<void> {
  // Runs in the tab's content-script world: self-contained, the key passed as an argument.
  const mark = (key: string) => void Reflect.set(globalThis, Symbol.for(key), true);
  await browser.scripting.executeScript({ target: { tabId }, func: mark, args: [INJECTED_ON_REQUEST] });
  // The built content script (a typed public path: a rename breaks the type check, not the shortcut).
  await browser.scripting.executeScript({ target: { tabId }, files: ['/content-scripts/content.js'] });
}

/**
 * The clip of a selection into its page's workspace (it takes that graph's single writer
 * itself); the recognizer (loaded on first clip) types unknown names.
 */
function clipper(graphFor: ControlWiring['graphFor'], clock: Clock): (request: ClipRequest) => Promise<ClipResult> {
  let recognizer: EntityRecognizer | undefined;
  return async (request) => {
    const { graph, store } = await graphFor(request.url);
    const clip = createClipper({
      graph,
      store,
      clock,
      resolver: createResolver({ store, clock, settings: { networkLookups: false } }),
      recognizer: () => (recognizer ??= createTrainedRecognizer() ?? createRuleRecognizer()),
    });
    return clip(request);
  };
}
