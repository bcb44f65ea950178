/**
 * Capturing a PDF open in a tab. The browser's PDF viewer is not a page a content script
 * can read, so the background fetches the document itself: with the `activeTab` grant of
 * the user's shortcut or menu click, or, for automatic capture, with the optional host
 * permission the user granted in Settings (README, "Permissions"). The bytes are read
 * under a size cap and a time limit, checked to be a PDF, read by pdf.js under page and
 * time limits (`adapters/pdf`), and the resulting capture goes to the capture queue like a
 * page's. Every refusal is an `AriadneError` with a code and a message for the badge.
 *
 * @example
 *   const pdf = createPdfCapturer({ fetch: globalThis.fetch, read: readPdfText, enqueue: (c) => queue.enqueue(c) });
 *   await pdf.capture('https://arxiv.org/pdf/1706.03762', 'shortcut'); // → { captureId: 'c_…' }
 */
import type { PageCapture } from '../core/capture';
import { AriadneError, InvalidArgumentsError, TooLargeError } from '../core/errors';
import { raceTimeout } from '../core/race-timeout';
import type { ReadPdf } from '../extract/pdf/pdf-capture';
import { pdfCapture } from '../extract/pdf/pdf-capture';
import { readCappedBytes } from '../adapters/bounded-body';

/**
 * Largest PDF read: 50 MB holds a 1,000-page text report many times over; bigger files are
 * scans or image-heavy, which pdf.js would hold whole in the worker's memory for little text.
 */
export const MAX_PDF_BYTES = 50 * 1024 * 1024;
/** Time to download the PDF (the user waits on the badge meanwhile). */
export const PDF_FETCH_TIMEOUT_MS = 30_000;
/** `%PDF-` must appear within the first kilobyte (the format allows leading bytes). */
const MAGIC_WINDOW = 1024;

export interface PdfCaptureDeps {
  readonly fetch: (url: string, init: RequestInit) => Promise<Response>;
  readonly read: (bytes: Uint8Array) => Promise<ReadPdf>;
  /** Queues the capture like a page's (the capture policy is checked again there); `tabId` gets the badge count. */
  readonly enqueue: (capture: PageCapture, tabId: number | undefined) => Promise<{ readonly captureId: string }>;
  readonly now?: () => number;
  readonly timer?: () => number;
  /**
   * Whether the browser lets the extension open `file://` addresses: Chromium's per-extension
   * "Allow access to file URLs" (`extension.isAllowedFileSchemeAccess()`), then the `file:///*`
   * origin the Settings box asks for (`'not-granted'` without it: the worker's fetch fails);
   * `'unsupported'` in Firefox (add-ons cannot read local files). Absent: refused as unsupported.
   */
  readonly localFiles?: () => Promise<LocalFileAccess>;
}

export type LocalFileAccess = 'allowed' | 'off' | 'not-granted' | 'unsupported';

/** What the user switches on in Chromium so a local PDF can be read (shown on the badge's tooltip and in the panel). */
export const LOCAL_FILES_OFF =
  'To read local PDFs (file://), let Ariadne open file addresses: open chrome://extensions, click "Details" under Ariadne, turn on "Allow access to file URLs", then press Alt+Shift+A on the PDF again.';
/** The switch is on but Ariadne holds no `file:///*` access (the box was ticked before it asked for it, or the access was removed). */
export const LOCAL_FILES_NOT_GRANTED =
  'Ariadne may open file addresses but was not given access to local files: in Settings → Capture, clear "Capture local files (file://) when I ask" and tick it again, then press Alt+Shift+A on the PDF again.';
const SERVE_IT =
  'Open it from a web address instead (for example, serve its folder with `python3 -m http.server` and open http://localhost:8000/).';
export const LOCAL_FILES_UNSUPPORTED = `This browser does not let add-ons read local files (file://), so this PDF cannot be captured. ${SERVE_IT}`;

export interface PdfCapturer {
  /** Fetches, reads and queues the PDF at `url`; throws an `AriadneError` saying why it could not. */
  capture(url: string, trigger: PageCapture['trigger'], tabId?: number): Promise<{ readonly captureId: string }>;
}

/** A URL whose path names a PDF (`/paper.pdf`, `/paper.PDF?download=1`). */
export function looksLikePdfUrl(url: string | undefined): boolean {
  if (url === undefined) return false;
  try {
    return /\.pdf$/i.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

export function createPdfCapturer(deps: PdfCaptureDeps): PdfCapturer {
  const timer = deps.timer ?? (() => performance.now());
  return {
    async capture(url, trigger, tabId) {
      const local = /^file:/i.test(url);
      if (local) await checkLocalFileAccess(deps.localFiles);
      const started = timer();
      const bytes = await fetchPdf(url, deps.fetch).catch((error: unknown) => {
        // Access is on, yet the browser refused the read: say so rather than "reload it".
        if (local && error instanceof AriadneError && error.code === 'unavailable')
          throw new AriadneError(
            'unavailable',
            `The browser refused to read this local file although file access is on (${error.message}). ${SERVE_IT}`,
          );
        throw error;
      });
      const read = await deps.read(bytes);
      const capture = pdfCapture(read, url, {
        trigger,
        extractMs: Math.max(0, timer() - started),
        ...(deps.now ? { now: deps.now() } : {}),
      });
      return deps.enqueue(capture, tabId);
    },
  };
}

/** Refuses a `file://` PDF with what to switch on, unless the browser lets the extension open local files. */
async function checkLocalFileAccess(localFiles: PdfCaptureDeps['localFiles']): Promise<void> {
  const access = localFiles === undefined ? 'unsupported' : await localFiles().catch((): LocalFileAccess => 'unsupported');
  if (access === 'off') throw new AriadneError('forbidden', LOCAL_FILES_OFF);
  if (access === 'not-granted') throw new AriadneError('forbidden', LOCAL_FILES_NOT_GRANTED);
  if (access === 'unsupported') throw new AriadneError('unavailable', LOCAL_FILES_UNSUPPORTED);
}

/** The PDF's bytes, read under `MAX_PDF_BYTES` and `PDF_FETCH_TIMEOUT_MS`, checked to start like a PDF. */
export async function fetchPdf(url: string, fetcher: PdfCaptureDeps['fetch']): Promise<Uint8Array> {
  const controller = new AbortController();
  const download = async (): Promise<Uint8Array> => {
    let response: Response;
    try {
      // The user's cookies go along: the PDF is the one they have open (a paper behind their library's login).
      response = await fetcher(url, { credentials: 'include', signal: controller.signal, redirect: 'follow' });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new AriadneError('unavailable', `The PDF could not be downloaded (${why.slice(0, 200)}). Reload it and try again.`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new AriadneError('unavailable', `The PDF's server answered ${response.status}; reload the PDF and try again.`);
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > MAX_PDF_BYTES) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge(declared);
    }
    const { bytes, truncated } = await readCappedBytes(response.body, MAX_PDF_BYTES);
    if (truncated) throw tooLarge(undefined);
    return bytes;
  };
  let bytes: Uint8Array;
  try {
    bytes = await raceTimeout(download(), PDF_FETCH_TIMEOUT_MS, `The PDF took longer than ${PDF_FETCH_TIMEOUT_MS / 1000} s to download.`);
  } finally {
    controller.abort();
  }
  if (!startsLikePdf(bytes))
    throw new InvalidArgumentsError('This address did not return a PDF (no "%PDF-" header): nothing was captured.');
  return bytes;
}

/** True when `%PDF-` appears in the first kilobyte. */
export function startsLikePdf(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, MAGIC_WINDOW));
  return head.includes('%PDF-');
}

function tooLarge(declared: number | undefined): TooLargeError {
  const size = declared === undefined ? `over ${MAX_PDF_BYTES / 1024 / 1024} MB` : `${Math.round(declared / 1024 / 1024)} MB`;
  return new TooLargeError(`This PDF is ${size}; Ariadne reads PDFs of up to ${MAX_PDF_BYTES / 1024 / 1024} MB. Nothing was captured.`, {
    limitBytes: MAX_PDF_BYTES,
  });
}
