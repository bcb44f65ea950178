import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { captureAndSend, isCapturable } from '../../src/content/capture';
import { capturePolicy } from '../../src/content/capture-policy';
import { readSettings } from '../../src/content/read-settings';

// Thin wiring only: capture at idle when the settings allow it, and when the background asks (shortcut).
export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  runAt: 'document_idle',
  main() {
    if (!isCapturable(location.href)) return;
    const capture = async (trigger: 'auto' | 'shortcut') => {
      const settings = await readSettings();
      if (!capturePolicy(location.href, settings.capture, trigger).allowed) return;
      await captureAndSend(document, location.href, { trigger }).catch((error: unknown) => console.warn('Ariadne: capture failed', error));
    };
    void capture('auto');
    browser.runtime.onMessage.addListener((message: unknown) => {
      if (typeof message === 'object' && message !== null && 'type' in message && message.type === 'capture.now') void capture('shortcut');
    });
  },
});
