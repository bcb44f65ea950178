/**
 * Automatic capture of PDFs: a tab that finishes loading an address ending in `.pdf` is
 * read by the background when the capture policy allows automatic capture of it
 * (pause, manual mode, allowlist, blocklist, private windows: unchanged) and the user
 * granted Ariadne the optional access to web sites it needs to download PDFs by itself
 * (Settings → Capture → "Read PDFs automatically"; without it PDFs are read only on the
 * shortcut or the menu, with the `activeTab` grant of that act).
 *
 * @example
 *   wirePdfAutoCapture({ pdf, settings: readSettings, hasAccess: (url) => browser.permissions.contains({ origins: [originPattern(url)] }), tabs: browser.tabs });
 */
import { capturePolicy } from '../core/capture-policy';
import type { CaptureDecision } from '../core/capture-policy';
import type { Settings } from '../core/settings';
import type { PdfCapturer } from './pdf-capture';
import { looksLikePdfUrl } from './pdf-capture';

export interface LoadedTab {
  readonly url?: string;
  readonly incognito?: boolean;
}

/** Whether a loaded tab's PDF is captured automatically. */
export function autoPdfDecision(tab: LoadedTab, settings: Settings['capture'], hasAccess: boolean): CaptureDecision {
  if (tab.incognito === true) return { allowed: false, reason: 'Pages in private windows are never captured.' };
  if (!looksLikePdfUrl(tab.url) || !/^https?:/i.test(tab.url ?? '')) return { allowed: false, reason: 'not a web PDF' };
  const policy = capturePolicy(tab.url ?? '', settings, 'auto');
  if (!policy.allowed) return policy;
  if (!hasAccess) return { allowed: false, reason: 'PDFs are read automatically only when allowed in Settings → Capture.' };
  return { allowed: true };
}

/** The match pattern of a URL's origin (`https://example.org/*`), for `permissions.contains`. */
export function originPattern(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.hostname}/*`;
}

export interface PdfAutoWiring {
  readonly pdf: PdfCapturer;
  readonly settings: () => Promise<Settings>;
  readonly hasAccess: (url: string) => Promise<boolean>;
  readonly onLoaded: (listener: (tabId: number, tab: LoadedTab) => void) => void;
  readonly warn: (message: string) => void;
}

export function wirePdfAutoCapture(wiring: PdfAutoWiring): void {
  wiring.onLoaded((tabId, tab) => {
    if (!looksLikePdfUrl(tab.url)) return;
    void (async () => {
      const url = tab.url ?? '';
      const access = /^https?:/i.test(url) && (await wiring.hasAccess(url).catch(() => false));
      const decision = autoPdfDecision(tab, (await wiring.settings()).capture, access);
      if (!decision.allowed) return console.debug(`Ariadne: PDF not captured (auto): ${decision.reason}`);
      await wiring.pdf.capture(url, 'auto', tabId);
    })().catch((error: unknown) => wiring.warn(`PDF capture failed: ${error instanceof Error ? error.message : String(error)}`));
  });
}
