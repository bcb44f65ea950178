import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { captureAndSend, isCapturable } from '../../src/content/capture';

// Thin wiring only: capture at idle, and again when the background asks (shortcut).
export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  runAt: 'document_idle',
  main() {
    if (!isCapturable(location.href)) return;
    const capture = (trigger: 'auto' | 'shortcut') =>
      captureAndSend(document, location.href, { trigger }).catch((error: unknown) => console.warn('Ariadne: capture failed', error));
    void capture('auto');
    browser.runtime.onMessage.addListener((message: unknown) => {
      if (typeof message === 'object' && message !== null && 'type' in message && message.type === 'capture.now') void capture('shortcut');
    });
  },
});
