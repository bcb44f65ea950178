/**
 * Starts the background: the workspaces (each workspace's graph, opened on first use,
 * with its graph service, tool registry and ingestion; every tool call routed to the
 * workspace it names or the active one), and wires the message router, the question port (the side panel's
 * questions, answered here), the capture queue and the browser's
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
import { DexieImportJournal } from '../adapters/dexie/dexie-import-journal';
import { randomIds, systemClock } from '../core/graph/ids';
import { AriadneError } from '../core/errors';
import { createRouter } from '../messaging/router';
import { serveQuestions } from './ask-port';
import { CaptureQueue } from './capture-queue';
import { createHandlers, queueCapture } from './handlers';
import { createPdfCapturer } from './pdf-capture';
import { readPdfText } from '../adapters/pdf/pdfjs-reader';
import { LOCAL_FILE_ORIGINS } from '../core/pdf-access';
import { readSettings } from './read-settings';
import { createIngest } from './ingest';
import { createRereader, withSentenceBudget } from './reread';
import { createToolRegistry } from './tools';
import { startNativeBridge } from './bridge';
import { CaptureBadge } from './badge';
import { captureIdOf } from './capture-id';
import { wireControls } from './wire-controls';
import { openLoadedTab, recapturePage } from './recapture';
import { forgetInWorkspaces, LlmReadingQueue, type LlmReadingService } from './llm-reading';
import { indexedDbOneRow } from '../adapters/indexeddb-one-row';
import { pagesWithLlmEvidence } from '../adapters/dexie/llm-evidence-pages';
import { captureTargets, createWorkspaces } from './workspaces';
import type { WorkspaceGraph, Workspaces } from './workspaces';
import { startTeam } from './team';
import { GaveUpLog } from './gave-up-log';
import { queueIdle, REREAD_ALARM, REREAD_ALARM_DELAY_MINUTES, RereadWhenIdle } from './reread-when-idle';
import { ReadWatch } from './read-watch';
import { rereadMessage } from '../messaging/capture-reread';
import { readCaptureNowReply } from '../messaging/capture-now';

/** Where the e2e tests find the functions the shortcut and the context menu call (service worker scope only). */
export const CONTROLS_GLOBAL = 'ariadneControls';
/** The one-row IndexedDB database holding today's LLM token count. */
const LLM_USAGE_DATABASE = 'ariadne-llm-usage';

export function startBackground(): void {
  const clock = systemClock;
  const ids = randomIds(clock);
  const usage = indexedDbOneRow(globalThis.indexedDB, LLM_USAGE_DATABASE, 'usage');
  // Team sync (docs/team.md): queues local changes of linked workspaces, syncs on a timer and on `team.sync`.
  const team = startTeam({ clock, workspaces: () => workspaces, warn: (message) => console.warn(`Ariadne ${message}`) });
  const workspaces = createWorkspaces({
    clock,
    ids,
    buildTools: async (sources) =>
      team.recordTools(
        await createToolRegistry({
          ...sources,
          rereader: createRereader({
            ...sources,
            clock,
            ids,
            settings: readSettings,
            // A re-read rewrites the page's entities and relationships: queued for the team, in its transaction, when linked.
            recorder: team.pageRecorder(sources.db, sources.store),
          }),
          teamReads: team.readsFor(sources.db),
          importJournal: new DexieImportJournal(sources.db),
        }),
        sources.db,
        sources.store,
      ),
    buildIngest: ({ graph, store }) =>
      withSentenceBudget(createIngest({ graph, store, clock, ids, settings: readSettings }), { graph, settings: readSettings }),
    buildLlm: ({ db, graph, store }) =>
      new LlmReadingQueue({
        graph,
        store,
        clock,
        ids,
        settings: readSettings,
        usage,
        pagesWithLlmEvidence: () => pagesWithLlmEvidence(db),
        // Findings and forgotten readings: queued for the team in their transaction, when the workspace is linked.
        recorder: team.pageRecorder(db, store),
      }),
    warn: (message) => console.warn(`Ariadne tools: ${message}`),
  });
  const registry = workspaces.router();
  const badge = new CaptureBadge(browser.action ?? browser.browserAction);
  const later: { rereads?: RereadWhenIdle } = {};
  const queue = new CaptureQueue({
    // Its own strict connection: an acknowledged capture is on disk (see DatabaseOptions).
    // The inbox stays in Default's database, each row naming the workspace its capture goes to.
    db: new AriadneDatabase(DATABASE_NAME, { durability: 'strict' }),
    targets: captureTargets(workspaces),
    clock,
    ingest: async (capture, target) => {
      const graph = await workspaces.graphOfTarget(target);
      const result = await graph.ingest(capture);
      // Queued before the inbox row goes: a worker stopped here ingests the capture again, and queues it then.
      await team.afterIngest(graph, result);
      // The offline results are stored: the LLM reads the page after them, outside the capture queue.
      graph.llm?.afterCapture(capture);
      // The analysis stopped at its budget (a busy machine): the page is read again once the worker is idle.
      const tabId = badge.tabOf(captureIdOf(capture));
      void badge.ingested(captureIdOf(capture), result.entityIds.length);
      if (result.analysisCut === true) void later.rereads?.analysisCut(capture, tabId).catch(() => undefined);
    },
    onProcessed: (captureId, outcome, error) => {
      if (outcome === 'failed') console.warn(`Ariadne: capture ${captureId} failed: ${error ?? ''}`);
    },
  });

  const onAccepted = (captureId: string, tabId: number) => badge.expect(captureId, tabId);
  // "Capture again" (Pages view): a background tab, then the context menu's capture path (`controls` is set below, before any message arrives).
  const recapture = (url: string) =>
    recapturePage(url, { openLoaded: (u) => openLoadedTab(browser.tabs, u), captureTab: (tab) => controls.captureTab(tab, 'manual') });
  const gaveUp = new GaveUpLog(browser.storage.local, clock);
  const rereads = startRereads(queue, clock);
  later.rereads = rereads;
  const route = createRouter(
    createHandlers({
      tools: () => workspaces.router(),
      queue,
      settings: readSettings,
      onAccepted,
      llm: llmOfWorkspaces(workspaces),
      recapture,
      team,
      gaveUp,
      readWatch: new ReadWatch((page) => gaveUp.record(page)),
      rereads,
    }),
    {
      extensionId: browser.runtime.id,
      extensionOrigin: browser.runtime.getURL('/'),
    },
  );
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    void route(message, sender).then(sendResponse);
    return true; // the reply is sent asynchronously
  });

  // The toolbar button opens the side panel (Chromium) or toggles the sidebar (Firefox).
  if (browser.sidePanel) void browser.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);
  else openSidebarOnClick();
  // PDFs open in tabs: fetched and read here (pdf.js on this thread), then queued like a page's capture.
  const pdf = createPdfCapturer({
    fetch: (url, init) => fetch(url, init),
    read: (bytes) => readPdfText(bytes),
    enqueue: (capture, tabId) => queueCapture({ queue, settings: readSettings, onAccepted }, capture, tabId),
    // Local PDFs: Chromium's "Allow access to file URLs" switch and the file:///* origin the Settings box asks
    // for (the worker's fetch reads file:// with both); Firefox add-ons never read file:// addresses.
    localFiles: async () => {
      if (import.meta.env.FIREFOX) return 'unsupported';
      if (!(await browser.extension.isAllowedFileSchemeAccess())) return 'off';
      return (await browser.permissions.contains({ origins: [...LOCAL_FILE_ORIGINS] })) ? 'allowed' : 'not-granted';
    },
  });
  const controls = wireControls({ graphFor: (url) => workspaces.captureTarget(url), clock, badge, pdf });
  Reflect.set(globalThis, CONTROLS_GLOBAL, controls);

  // Captures left in the inbox by a stopped worker get another go; parked ones wait for the user.
  void queue.drain();
  startNativeBridge({ tools: registry });
  serveQuestions({
    tools: registry,
    runtime: {
      onConnect: (listener) => browser.runtime.onConnect.addListener(listener),
      extensionId: browser.runtime.id,
      extensionOrigin: browser.runtime.getURL('/'),
    },
  });
}

/**
 * Re-reads of pages the time budget cut (reread-when-idle.ts): pending ones survive a worker stop
 * in storage, and an alarm wakes the worker to take them up again; the alarm's listener is added
 * now, synchronously, so a worker woken by it sees it.
 */
function startRereads(queue: CaptureQueue, clock: typeof systemClock): RereadWhenIdle {
  const alarms = browser.alarms;
  const rereads = new RereadWhenIdle({
    area: browser.storage.local,
    clock,
    idle: () => queueIdle({ drain: () => queue.drain(), pending: async () => (await queue.status()).pending }),
    askTab: async (tabId, url) => readCaptureNowReply(await browser.tabs.sendMessage(tabId, rereadMessage(url))),
    // Firefox's `alarms.create` returns nothing, Chromium's a promise.
    wakeLater: () =>
      void Promise.resolve(alarms?.create(REREAD_ALARM, { delayInMinutes: REREAD_ALARM_DELAY_MINUTES })).catch(() => undefined),
  });
  alarms?.onAlarm.addListener((alarm) => {
    if (alarm.name === REREAD_ALARM) void rereads.resume().catch(() => undefined);
  });
  void rereads.resume().catch(() => undefined);
  return rereads;
}

/** Reading pages with the LLM in the workspace a page is captured into (status and "forget all": the active one, or every one). */
function llmOfWorkspaces(workspaces: Workspaces): LlmReadingService {
  const reader = (graph: WorkspaceGraph): LlmReadingQueue => {
    if (graph.llm === undefined) throw new AriadneError('unavailable', 'Reading pages with the LLM is not set up in this worker.');
    return graph.llm;
  };
  const target = (graph: WorkspaceGraph) => ({ name: graph.workspace.name, llm: reader(graph) });
  return {
    readPage: async (url) => reader(await workspaces.captureTarget(url)).readPage(url),
    status: async () => reader(await workspaces.active()).status(),
    forget: async (url, allWorkspaces) => {
      if (url !== undefined) return forgetInWorkspaces([target(await workspaces.captureTarget(url))], url);
      if (!allWorkspaces) return forgetInWorkspaces([target(await workspaces.active())]);
      // Archived workspaces are read, never written: they keep what LLM reading added until restored.
      const all = await workspaces.registry.list();
      const graphs = [];
      for (const workspace of all) graphs.push(target(await workspaces.open.get(workspace)));
      return forgetInWorkspaces(graphs);
    },
  };
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
