/**
 * The user's capture controls in the background: the keyboard
 * shortcut (`capture-page`) and the context menu ("Capture this page", "Add
 * selection to Ariadne"). The toolbar button opens the side panel (start.ts).
 *
 * An explicit capture asks the tab's content script to capture now (`capture.now`);
 * a tab opened before Ariadne was installed or updated has none, so the script is
 * injected first (`activeTab` + `scripting`: the shortcut or menu click grants the
 * tab). Browser pages, private windows, blocked sites and (unless allowed) local
 * files are refused, with the reason on the badge's tooltip (`explicitCaptureDecision`).
 * A PDF (its address ends in `.pdf`, the content script says its document is one, or a
 * tab that takes no script turns out to hold one) is read by the background instead
 * (`pdf-capture.ts`), under the same decision.
 *
 * The functions the browser's events call are the ones returned here; the e2e tests
 * call them through `globalThis.ariadneControls` (Playwright cannot press browser
 * shortcuts or click context menus).
 *
 * @example
 *   const controls = createControls({ settings: readSettings, badge, clip, tabs });
 *   browser.commands.onCommand.addListener((command, tab) => void controls.onCommand(command, tab));
 */
import type { Settings } from '../core/settings';
import type { CaptureNowReply, ExplicitTrigger } from '../messaging/capture-now';
import { captureNowMessage, readCaptureNowReply } from '../messaging/capture-now';
import type { CaptureBadge } from './badge';
import type { TabInfo } from './capture-target';
import { explicitCaptureDecision } from './capture-target';
import type { ClipRequest, ClipResult } from './clip';
import type { PdfCapturer } from './pdf-capture';
import { looksLikePdfUrl } from './pdf-capture';
import { AriadneError } from '../core/errors';

export const CAPTURE_COMMAND = 'capture-page';
export const MENU_CAPTURE_PAGE = 'ariadne-capture-page';
export const MENU_ADD_SELECTION = 'ariadne-add-selection';

/** The context menu items, created once per install or update. */
export const MENU_ITEMS = [
  { id: MENU_CAPTURE_PAGE, title: 'Capture this page', contexts: ['page'] },
  { id: MENU_ADD_SELECTION, title: 'Add selection to Ariadne', contexts: ['selection'] },
] as const;

/** A tab as the browser's events hand it over. */
export interface ControlTab extends TabInfo {
  readonly id?: number;
  readonly title?: string;
}

/** The parts of `contextMenus.OnClickData` read here. */
export interface MenuClick {
  readonly menuItemId: string | number;
  readonly selectionText?: string;
  readonly pageUrl?: string;
}

/** How the background reaches a tab's content script. */
export interface TabMessenger {
  send(tabId: number, message: unknown): Promise<unknown>;
  /** Injects the content script into a tab that has none; absent where scripting is unavailable. */
  inject?(tabId: number): Promise<void>;
}

export interface ControlDeps {
  readonly settings: () => Promise<Settings>;
  readonly badge: CaptureBadge;
  /** The clip of a selection (it takes the graph's single writer itself). */
  readonly clip: (request: ClipRequest) => Promise<ClipResult>;
  readonly tabs: TabMessenger;
  /** Reads the PDF open in a tab (`pdf-capture.ts`); without it PDFs are not captured. */
  readonly pdf?: PdfCapturer;
  /**
   * Firefox only: asks for access to a PDF's site (`permissions.request`). Firefox's `activeTab`
   * gives the background no right to download from the tab's site and its PDF viewer takes no
   * script, so the shortcut or menu click asks; called before anything is awaited, because
   * Firefox accepts the request only while the user's act is being handled.
   */
  readonly askSiteAccess?: (url: string) => Promise<boolean>;
}

/** Why a PDF was not read in Firefox when the user declined (or was not asked for) access to its site. */
export const SITE_ACCESS_DECLINED =
  'Firefox lets Ariadne download a PDF only with access to its site, which was not given. Press Alt+Shift+A on the PDF again and allow it, or turn on Settings → Capture → "Read PDFs automatically".';

/** Firefox: a tab that takes no script and whose address does not end in .pdf may still show a PDF. */
export const SITE_ACCESS_UNKNOWN_PDF =
  'If it shows a PDF, Firefox lets Ariadne download it only with access to its site: turn on Settings → Capture → "Read PDFs automatically".';

export type ControlOutcome =
  | { readonly status: 'captured'; readonly captureId: string }
  | { readonly status: 'clipped'; readonly clip: ClipResult }
  | { readonly status: 'refused'; readonly reason: string }
  | { readonly status: 'ignored' };

export interface Controls {
  captureTab(tab: ControlTab | undefined, trigger: ExplicitTrigger): Promise<ControlOutcome>;
  clipSelection(selection: string, tab: ControlTab | undefined, pageUrl?: string): Promise<ControlOutcome>;
  onCommand(command: string, tab: ControlTab | undefined): Promise<ControlOutcome>;
  onMenuClick(info: MenuClick, tab: ControlTab | undefined): Promise<ControlOutcome>;
}

export function createControls(deps: ControlDeps): Controls {
  const refuse = async (tabId: number | undefined, reason: string): Promise<ControlOutcome> => {
    if (tabId !== undefined) await deps.badge.refused(tabId, reason);
    return { status: 'refused', reason };
  };

  async function askTab(tabId: number, trigger: ExplicitTrigger): Promise<CaptureNowReply> {
    const message = captureNowMessage(trigger);
    try {
      return readCaptureNowReply(await deps.tabs.send(tabId, message));
    } catch (error) {
      // No receiver: the tab predates this install (or update). Inject the script, then ask again.
      if (deps.tabs.inject === undefined) throw error;
      await deps.tabs.inject(tabId);
      return readCaptureNowReply(await deps.tabs.send(tabId, message));
    }
  }

  /** The access request, started now; a request Firefox refuses (no user act) counts as not granted. */
  const askAccess = (url: string): Promise<boolean> => {
    try {
      return (deps.askSiteAccess?.(url) ?? Promise.resolve(false)).catch(() => false);
    } catch {
      return Promise.resolve(false);
    }
  };

  const controls: Controls = {
    async captureTab(tab, trigger) {
      // First, before any await: Firefox takes a permission request only inside the user's act.
      const siteAccess =
        deps.askSiteAccess !== undefined && looksLikePdfUrl(tab?.url) && /^https?:/i.test(tab?.url ?? '')
          ? askAccess(tab?.url ?? '')
          : undefined;
      if (tab?.id === undefined) return { status: 'refused', reason: 'There is no tab to capture.' };
      const decision = explicitCaptureDecision(tab, (await deps.settings()).capture, trigger);
      if (!decision.allowed) return refuse(tab.id, decision.reason);
      const tabId = tab.id;
      const readPdf = async (pdf: PdfCapturer): Promise<ControlOutcome> => {
        const granted = await siteAccess;
        try {
          return { status: 'captured', captureId: (await pdf.capture(tab.url ?? '', trigger, tabId)).captureId };
        } catch (error) {
          // Refused access explains a failed download better than the network error does.
          if (granted === false && error instanceof AriadneError && error.code === 'unavailable')
            return refuse(tabId, SITE_ACCESS_DECLINED);
          return refuse(tabId, error instanceof Error ? error.message : String(error));
        }
      };
      if (deps.pdf !== undefined && looksLikePdfUrl(tab.url)) return readPdf(deps.pdf);
      let reply: CaptureNowReply;
      try {
        reply = await askTab(tab.id, trigger);
      } catch (error) {
        // Firefox's PDF viewer takes no script: a tab that cannot be scripted may show a PDF, which is read if it is one.
        const pdf = await deps.pdf?.capture(tab.url ?? '', trigger, tabId).catch(() => undefined);
        if (pdf !== undefined) return { status: 'captured', captureId: pdf.captureId };
        const why = error instanceof Error ? error.message : String(error);
        // Firefox, an address not ending in .pdf (no access was asked for): it may be a PDF Firefox would not let us download.
        const maybePdf = deps.askSiteAccess !== undefined && /^https?:/i.test(tab.url ?? '') ? ` ${SITE_ACCESS_UNKNOWN_PDF}` : '';
        return refuse(tab.id, `The page could not be read (${why}). Reload it and try again.${maybePdf}`);
      }
      if ('pdf' in reply) return deps.pdf === undefined ? refuse(tab.id, 'PDFs are not read in this context.') : readPdf(deps.pdf);
      // The count appears once the capture is ingested (the page.captured handler remembered the tab).
      return 'captureId' in reply ? { status: 'captured', captureId: reply.captureId } : refuse(tab.id, reply.skipped);
    },

    async clipSelection(selection, tab, pageUrl) {
      const url = tab?.url ?? pageUrl;
      const target = { url, incognito: tab?.incognito };
      const decision = explicitCaptureDecision(target, (await deps.settings()).capture, 'manual');
      if (!decision.allowed || url === undefined) return refuse(tab?.id, decision.allowed ? 'The page has no address.' : decision.reason);
      try {
        const clip = await deps.clip({ text: selection, url, title: tab?.title ?? url });
        if (tab?.id !== undefined) await deps.badge.showCount(tab.id, clip.pageEntities);
        return { status: 'clipped', clip };
      } catch (error) {
        return refuse(tab?.id, error instanceof Error ? error.message : String(error));
      }
    },

    onCommand(command, tab) {
      return command === CAPTURE_COMMAND ? controls.captureTab(tab, 'shortcut') : Promise.resolve({ status: 'ignored' });
    },

    onMenuClick(info, tab) {
      if (info.menuItemId === MENU_CAPTURE_PAGE) return controls.captureTab(tab, 'manual');
      if (info.menuItemId === MENU_ADD_SELECTION) return controls.clipSelection(info.selectionText ?? '', tab, info.pageUrl);
      return Promise.resolve({ status: 'ignored' });
    },
  };
  return controls;
}
