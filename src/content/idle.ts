/**
 * When the automatic capture runs: after the page's `load` event (images and
 * scripts are in, the main text has settled) and then in an idle period of the
 * main thread, so reading the page never competes with the page's own start-up.
 * Both waits are bounded: a page that never finishes loading (a stalled image, a
 * long poll) or never goes idle is still captured.
 *
 * @example
 *   await afterLoadAndIdle(window);
 *   await captureAndSend(document, location.href, { trigger: 'auto' });
 */
import { readyStateOf } from '../extract/dom/safe-dom';

/** Longest wait for `load` after the script starts (document_idle already waited for the DOM). */
export const LOAD_TIMEOUT_MS = 3_000;
/** Longest wait for an idle period once loaded (requestIdleCallback's own timeout). */
export const IDLE_TIMEOUT_MS = 2_000;

/** The parts of `window` this needs (a jsdom window or a test double will do). */
export interface IdleWindow {
  readonly document: { readonly readyState: DocumentReadyState };
  addEventListener(type: 'load', listener: () => void, options: { once: true }): void;
  removeEventListener(type: 'load', listener: () => void): void;
  setTimeout(handler: () => void, ms: number): unknown;
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => unknown;
}

export async function afterLoadAndIdle(win: IdleWindow, limits: { loadMs?: number; idleMs?: number } = {}): Promise<void> {
  // Read through the prototype: `<img name="readyState">` would otherwise hold the capture until the load timeout.
  if (readyStateOf(win.document) !== 'complete') {
    await new Promise<void>((resolve) => {
      const done = () => {
        win.removeEventListener('load', done);
        resolve();
      };
      win.addEventListener('load', done, { once: true });
      win.setTimeout(done, limits.loadMs ?? LOAD_TIMEOUT_MS);
    });
  }
  await new Promise<void>((resolve) => {
    if (win.requestIdleCallback) win.requestIdleCallback(() => resolve(), { timeout: limits.idleMs ?? IDLE_TIMEOUT_MS });
    else win.setTimeout(resolve, 0);
  });
}
