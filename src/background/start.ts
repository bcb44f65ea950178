/**
 * Starts the background: opens the database, builds the graph service and the tool
 * registry, and wires the message router, the capture queue and the browser's
 * events (the capture controls and the badge: wire-controls.ts). Listeners are
 * registered synchronously, so a worker woken by an event sees it; leftover
 * captures from a previous run are ingested right away.
 *
 * @example
 *   // entrypoints/background/index.ts
 *   export default defineBackground(() => startBackground());
 */
import { browser } from 'wxt/browser';
import { AriadneDatabase, DATABASE_NAME } from '../adapters/dexie/database';
import { DexieGraphStore } from '../adapters/dexie/dexie-graph-store';
import { randomIds, systemClock } from '../core/graph/ids';
import { GraphService } from '../core/graph/service';
import { createRouter } from '../messaging/router';
import { CaptureQueue } from './capture-queue';
import { createHandlers } from './handlers';
import { readSettings } from './read-settings';
import { createIngest } from './ingest';
import { createToolRegistry } from './tools';
import { SerialWriter } from './serial-writer';
import { startNativeBridge } from './bridge';
import { CaptureBadge } from './badge';
import { captureIdOf } from './capture-id';
import { wireControls } from './wire-controls';

/** Where the e2e tests find the functions the shortcut and the context menu call (service worker scope only). */
export const CONTROLS_GLOBAL = 'ariadneControls';

export function startBackground(): void {
  const db = new AriadneDatabase();
  const store = new DexieGraphStore(db);
  const clock = systemClock;
  const ids = randomIds(clock);
  const graph = new GraphService({ store, ids, clock });
  const writer = new SerialWriter();
  const registry = createToolRegistry({ graph, store }, writer);
  const badge = new CaptureBadge(browser.action ?? browser.browserAction);
  const ingest = createIngest({ graph, store, clock, ids, settings: readSettings });
  const queue = new CaptureQueue({
    // Its own strict connection: an acknowledged capture is on disk (see DatabaseOptions).
    db: new AriadneDatabase(DATABASE_NAME, { durability: 'strict' }),
    store,
    writer,
    clock,
    ingest: async (capture) => {
      const result = await ingest(capture);
      void badge.ingested(captureIdOf(capture), result.entityIds.length);
    },
    onProcessed: (captureId, outcome, error) => {
      if (outcome === 'failed') console.warn(`Ariadne: capture ${captureId} failed: ${error ?? ''}`);
    },
  });

  const onAccepted = (captureId: string, tabId: number) => badge.expect(captureId, tabId);
  const route = createRouter(createHandlers({ tools: () => registry, queue, writer, settings: readSettings, onAccepted }), {
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/'),
  });
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    void route(message, sender).then(sendResponse);
    return true; // the reply is sent asynchronously
  });

  // The toolbar button opens the side panel (Chromium) or toggles the sidebar (Firefox).
  if (browser.sidePanel) void browser.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);
  else openSidebarOnClick();
  const controls = wireControls({ graph, store, clock, writer, badge });
  Reflect.set(globalThis, CONTROLS_GLOBAL, controls);

  // Captures left in the inbox by a stopped worker get another go; parked ones wait for the user.
  void queue.drain();
  startNativeBridge({ tools: registry, writer });
}

/** Firefox (MV2): the toolbar button toggles the sidebar. */
function openSidebarOnClick(): void {
  const sidebar: unknown = Reflect.get(browser, 'sidebarAction');
  const action = browser.action ?? browser.browserAction;
  action?.onClicked.addListener(() => {
    // Chromium's types do not know Firefox's sidebarAction; it is checked at run time.
    if (typeof sidebar === 'object' && sidebar !== null && 'toggle' in sidebar && typeof sidebar.toggle === 'function') {
      void sidebar.toggle();
    }
  });
}
