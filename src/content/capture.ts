/**
 * The content script's one job: capture the page it runs in and hand the capture
 * to the background, then mark the page (`data-ariadne-captured` on <html>, the
 * capture id) so tests and `npm start` can wait on it. No recognizer runs here:
 * text analysis happens in the background.
 *
 * @example
 *   await captureAndSend(document, location.href, { trigger: 'auto' });
 */
import { AriadneError } from '../core/errors';
import type { PageCapture } from '../core/capture';
import { capturePage } from '../extract/page/capture-page';
import type { Transport } from '../messaging/transport';
import { runtimeTransport } from '../messaging/transport';
import { sendCapture } from './send-capture';

/** Sends are retried this many times when the worker is not there yet (it is starting up). */
const MAX_SEND_ATTEMPTS = 4;
/** First retry delay; doubled each time (0.25 s, 0.5 s, 1 s). */
const RETRY_DELAY_MS = 250;

export interface CaptureOptions {
  readonly trigger?: PageCapture['trigger'];
  readonly transport?: Transport;
  readonly sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function captureAndSend(doc: Document, url: string, options: CaptureOptions = {}): Promise<string> {
  const capture = capturePage(doc, url, { trigger: options.trigger ?? 'auto' });
  const sleep = options.sleep ?? realSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      const captureId = await sendCapture(capture, options.transport ?? runtimeTransport);
      doc.documentElement.dataset.ariadneCaptured = captureId;
      return captureId;
    } catch (error) {
      // Only a missing receiver is worth retrying: the same capture (same id) is re-sent.
      const retry = error instanceof AriadneError && error.code === 'unavailable' && attempt < MAX_SEND_ATTEMPTS;
      if (!retry) throw error;
      await sleep(RETRY_DELAY_MS * 2 ** (attempt - 1));
    }
  }
}

/** Pages the content script may look at: web pages, and local files (the policy decides on those). */
export function isCapturable(url: string): boolean {
  return /^(https?|file):/i.test(url);
}
