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
import { callMember, documentElementOf, titleOf } from '../extract/dom/safe-dom';
import type { Transport } from '../messaging/transport';
import { runtimeTransport } from '../messaging/transport';
import { sendCapture } from './send-capture';

/** Sends are retried this many times when the worker is not there yet (it is starting up). */
const MAX_SEND_ATTEMPTS = 4;
/** First retry delay; doubled each time (0.25 s, 0.5 s, 1 s). */
const RETRY_DELAY_MS = 250;
/**
 * Longest wait for the background's answer to one send. The background answers once the
 * capture is on disk (well under a second here, seconds on a loaded machine); without a bound a
 * page whose send is never answered waited for ever, unmarked and unreported.
 */
export const SEND_TIMEOUT_MS = 20_000;
/** Longest reason sent with `capture.gaveUp` (the protocol's bound). */
const MAX_REASON_CHARS = 300;

export interface CaptureOptions {
  readonly trigger?: PageCapture['trigger'];
  readonly transport?: Transport;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Overrides `SEND_TIMEOUT_MS` (tests). */
  readonly sendTimeoutMs?: number;
  /** The reading's time budget (`DEFAULT_CAPTURE_BUDGET_MS` unless given). */
  readonly timeBudgetMs?: number;
  /** A note put first in the capture's notes. */
  readonly note?: string;
  /** Told the capture before it is sent. */
  readonly onCapture?: (capture: PageCapture) => void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Captures the page and sends it. Never gives up silently: when reading the page throws, or
 * the background refuses the capture or does not answer, the background is told which page
 * and why (`capture.gaveUp`, shown in capture health) before the error is rethrown. A refusal
 * by the user's capture rules (`forbidden`) is a decision, not a failure, and is not reported.
 */
export async function captureAndSend(doc: Document, url: string, options: CaptureOptions = {}): Promise<string> {
  const transport = options.transport ?? runtimeTransport;
  if (documentElementOf(doc) === null) {
    // A page that removed its own <html>: nothing to read, and nowhere to put the mark. Said, not silent.
    const reason = 'nothing to read: the page removed its root element';
    await reportGaveUp(transport, doc, url, reason);
    throw new AriadneError('invalid_arguments', `Ariadne did not capture this page: ${reason}.`);
  }
  // Sent before the synchronous reading: a page that hangs it still ends up in capture health.
  void announceReading(transport, doc, url);
  let capture: PageCapture;
  try {
    capture = capturePage(doc, url, {
      trigger: options.trigger ?? 'auto',
      ...(options.timeBudgetMs === undefined ? {} : { timeBudgetMs: options.timeBudgetMs }),
      ...(options.note === undefined ? {} : { note: options.note }),
    });
  } catch (error) {
    await reportGaveUp(transport, doc, url, `reading the page failed: ${messageOf(error)}`);
    throw error;
  }
  options.onCapture?.(capture);
  const sleep = options.sleep ?? realSleep;
  const timeoutMs = options.sendTimeoutMs ?? SEND_TIMEOUT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      const captureId = await withTimeout(sendCapture(capture, transport), timeoutMs);
      markCaptured(doc, captureId);
      return captureId;
    } catch (error) {
      // Only a missing receiver is worth retrying: the same capture (same id) is re-sent.
      const retry = error instanceof AriadneError && error.code === 'unavailable' && attempt < MAX_SEND_ATTEMPTS;
      if (!retry) {
        if (!(error instanceof AriadneError && error.code === 'forbidden'))
          await reportGaveUp(transport, doc, capture.url, `the background did not take the capture: ${messageOf(error)}`);
        throw error;
      }
      await sleep(RETRY_DELAY_MS * 2 ** (attempt - 1));
    }
  }
}

/** `data-ariadne-captured` on <html>, found through the prototype: `<img name="documentElement">` must not take the mark. */
function markCaptured(doc: Document, captureId: string): void {
  const root = documentElementOf(doc);
  if (root !== null) callMember(root, 'setAttribute', 'data-ariadne-captured', captureId);
}

function messageOf(error: unknown): string {
  if (error instanceof AriadneError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(
      () => fail(new AriadneError('timeout', `The Ariadne background did not answer within ${Math.round(ms / 1000)} s.`)),
      ms,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** `capture.started`: the background's deadline on this reading (best effort, never awaited before reading). */
async function announceReading(transport: Transport, doc: Document, url: string): Promise<void> {
  try {
    await transport({ type: 'capture.started', url: new URL(url).href, title: titleOf(doc).slice(0, 1000) });
  } catch {
    // No background to tell: the send itself will say so.
  }
}

/** Tells the background which page was given up on and why; best effort (it may be the background that is gone). */
async function reportGaveUp(transport: Transport, doc: Document, url: string, reason: string): Promise<void> {
  let pageUrl: string;
  try {
    pageUrl = new URL(url).href;
  } catch {
    return;
  }
  const title = titleOf(doc).slice(0, 1000);
  await withTimeout(transport({ type: 'capture.gaveUp', url: pageUrl, title, reason: reason.slice(0, MAX_REASON_CHARS) }), 5_000).catch(
    () => undefined,
  );
}

/** Pages the content script may look at: web pages, and local files (the policy decides on those). */
export function isCapturable(url: string): boolean {
  return /^(https?|file):/i.test(url);
}
