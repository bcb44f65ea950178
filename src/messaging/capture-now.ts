/**
 * The one message the background sends a content script: "capture your page now"
 * (the shortcut, the context menu, `npm start`), and the reply it gets back. Checked
 * by hand on arrival (no schema library): the content script stays small.
 *
 * @example
 *   const reply: CaptureNowReply = await browser.tabs.sendMessage(tabId, captureNowMessage('shortcut'));
 */
import type { PageCapture } from '../core/capture';

/**
 * Set (to true) in a tab's content-script world by the background just before it
 * injects the script into a tab that had none: that script then captures only when
 * asked, instead of also running the automatic capture.
 */
export const INJECTED_ON_REQUEST = 'ariadne.injectedOnRequest';

export type ExplicitTrigger = Extract<PageCapture['trigger'], 'manual' | 'shortcut'>;

export interface CaptureNowMessage {
  readonly type: 'capture.now';
  readonly trigger: ExplicitTrigger;
}

/**
 * What the content script answers: the capture id, or why nothing was captured, or that
 * its document is a PDF shown by the browser's viewer (the background reads PDFs itself).
 */
export type CaptureNowReply = { readonly captureId: string } | { readonly skipped: string } | { readonly pdf: true };

export function captureNowMessage(trigger: ExplicitTrigger): CaptureNowMessage {
  return { type: 'capture.now', trigger };
}

/** The message's trigger when `message` is a capture request, else undefined. */
export function captureNowTrigger(message: unknown): ExplicitTrigger | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  if (!('type' in message) || message.type !== 'capture.now') return undefined;
  const trigger = 'trigger' in message ? message.trigger : undefined;
  return trigger === 'manual' ? 'manual' : 'shortcut';
}

/** A reply from a content script, read defensively (an older script may answer nothing). */
export function readCaptureNowReply(raw: unknown): CaptureNowReply {
  if (typeof raw === 'object' && raw !== null) {
    if ('captureId' in raw && typeof raw.captureId === 'string') return { captureId: raw.captureId };
    if ('skipped' in raw && typeof raw.skipped === 'string') return { skipped: raw.skipped.slice(0, 300) };
    if ('pdf' in raw && raw.pdf === true) return { pdf: true };
  }
  return { skipped: 'The page did not answer.' };
}
