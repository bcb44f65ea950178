import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { captureAndSend, isCapturable } from '../../src/content/capture';
import type { CaptureNowReply } from '../../src/messaging/capture-now';
import { INJECTED_ON_REQUEST, captureNowTrigger } from '../../src/messaging/capture-now';
import { capturePolicy } from '../../src/core/capture-policy';
import { afterLoadAndIdle } from '../../src/content/idle';
import { readMember } from '../../src/extract/dom/safe-dom';
import { readCaptureSettings } from '../../src/content/read-settings';
import { REREAD_BUDGET_MS, REREAD_NOTE, rereadRequestUrl } from '../../src/messaging/capture-reread';

/** Set once per page: the background may inject this script again into a tab that predates it. */
const LOADED = Symbol.for('ariadne.content');

// Thin wiring only: capture after load, at idle, when the settings allow it, and when the background asks
// (shortcut, context menu). A refused capture is logged at debug level, never written into the page.
export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  runAt: 'document_idle',
  main() {
    if (!isCapturable(location.href) || Reflect.get(globalThis, LOADED) === true) return;
    Reflect.set(globalThis, LOADED, true);
    // Chromium shows a PDF in an extension viewer inside this document: there is no text here
    // to read. The background reads the PDF itself (src/background/pdf-capture.ts).
    const isPdf = readMember(document, 'contentType') === 'application/pdf';
    const capture = async (trigger: 'auto' | 'manual' | 'shortcut'): Promise<CaptureNowReply> => {
      if (isPdf) return trigger === 'auto' ? { skipped: 'a PDF: read by the background' } : { pdf: true };
      const settings = await readCaptureSettings();
      const decision = capturePolicy(location.href, settings, trigger);
      if (!decision.allowed) {
        console.debug(`Ariadne: not captured (${trigger}): ${decision.reason}`);
        return { skipped: decision.reason };
      }
      return { captureId: await captureAndSend(document, location.href, { trigger, timeBudgetMs: settings.readingBudgetMs }) };
    };
    // The background, idle again, asks for a page the time budget cut to be read once more with more time.
    const reread = async (url: string): Promise<CaptureNowReply> => {
      if (url !== location.href) return { skipped: 'the tab shows another page now' };
      const budget = Math.max(REREAD_BUDGET_MS, (await readCaptureSettings()).readingBudgetMs);
      return { captureId: await captureAndSend(document, url, { timeBudgetMs: budget, note: REREAD_NOTE }) };
    };
    // Automatic capture waits for load and an idle moment (bounded); an explicit one runs at once.
    // Injected by the shortcut or menu into an older tab: the explicit capture is the only one.
    if (Reflect.get(globalThis, Symbol.for(INJECTED_ON_REQUEST)) !== true) {
      void afterLoadAndIdle(window)
        .then(() => capture('auto'))
        .catch((error: unknown) => console.warn('Ariadne: capture failed', error));
    }
    browser.runtime.onMessage.addListener((message: unknown, _sender, sendResponse: (reply: CaptureNowReply) => void) => {
      const trigger = captureNowTrigger(message);
      const rereadUrl = rereadRequestUrl(message);
      if (trigger === undefined && rereadUrl === undefined) return false;
      const work = rereadUrl === undefined ? capture(trigger ?? 'manual') : reread(rereadUrl);
      work.then(sendResponse, (error: unknown) => sendResponse({ skipped: error instanceof Error ? error.message : String(error) }));
      return true; // the reply is sent asynchronously
    });
  },
});
