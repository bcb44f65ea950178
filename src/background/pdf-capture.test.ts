// The background's PDF path: download under a size cap, the PDF check, the errors the badge shows,
// the capture handed to the queue (a real PDF printed by Chromium), and when automatic capture runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageCapture } from '../core/capture';
import { defaultSettings } from '../core/settings';
import { AriadneError } from '../core/errors';
import { readPdfText } from '../adapters/pdf/pdfjs-reader';
import type { LocalFileAccess, PdfCaptureDeps } from './pdf-capture';
import {
  LOCAL_FILES_NOT_GRANTED,
  LOCAL_FILES_OFF,
  LOCAL_FILES_UNSUPPORTED,
  MAX_PDF_BYTES,
  createPdfCapturer,
  fetchPdf,
  looksLikePdfUrl,
} from './pdf-capture';
import { autoPdfDecision } from './pdf-auto';

const PDF = new Uint8Array(readFileSync(join(__dirname, '../extract/pdf/fixtures/one-column.pdf')));
const served =
  (body: BodyInit | null, init: ResponseInit = {}) =>
  async (): Promise<Response> =>
    new Response(body, init);
const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (e: unknown) => (e instanceof AriadneError ? e.code : 'thrown'),
  );

describe('downloading a PDF', () => {
  it('refuses a declared size over the cap without reading the body', async () => {
    const fetcher = served('%PDF-1.4', { headers: { 'content-length': String(200 * 1024 * 1024) } });
    expect(await codeOf(fetchPdf('https://x.org/big.pdf', fetcher))).toBe('too_large');
  });

  it('stops reading an undeclared body at the cap', async () => {
    const chunk = new Uint8Array(8 * 1024 * 1024);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    expect(await codeOf(fetchPdf('https://x.org/endless.pdf', served(endless)))).toBe('too_large');
    expect(sent).toBeLessThanOrEqual(MAX_PDF_BYTES + 2 * chunk.byteLength);
  });

  it('refuses what is not a PDF, a server error and a network failure, each with its code', async () => {
    expect(await codeOf(fetchPdf('https://x.org/a.pdf', served('<html>login</html>')))).toBe('invalid_arguments');
    expect(await codeOf(fetchPdf('https://x.org/a.pdf', served('gone', { status: 404 })))).toBe('unavailable');
    expect(await codeOf(fetchPdf('https://x.org/a.pdf', async () => Promise.reject(new TypeError('Failed to fetch'))))).toBe('unavailable');
  });

  it('tells PDF addresses by their path', () => {
    expect(looksLikePdfUrl('https://x.org/papers/A.PDF?dl=1')).toBe(true);
    expect(looksLikePdfUrl('https://x.org/pdf/viewer')).toBe(false);
    expect(looksLikePdfUrl('not a url')).toBe(false);
  });
});

describe('capturing a PDF', () => {
  it('reads it and queues a capture that says it is a PDF, for the tab it came from', async () => {
    const queued: { capture: PageCapture; tabId: number | undefined }[] = [];
    const pdf = createPdfCapturer({
      fetch: served(PDF),
      read: (bytes) => readPdfText(bytes),
      enqueue: async (capture, tabId) => {
        queued.push({ capture, tabId });
        return { captureId: 'c_1' };
      },
      now: () => 1_000,
    });
    expect(await pdf.capture('https://x.org/tern.pdf', 'shortcut', 7)).toEqual({ captureId: 'c_1' });
    expect(queued[0]?.tabId).toBe(7);
    expect(queued[0]?.capture).toMatchObject({ url: 'https://x.org/tern.pdf', trigger: 'shortcut', capturedAt: 1_000, pdf: { pages: 1 } });
    expect(queued[0]?.capture.text).toContain('Tern DB is an embedded database written in Rust.');
  });

  it('refuses a local file when the browser cannot say whether file access is on', async () => {
    const pdf = createPdfCapturer({ fetch: served(PDF), read: readPdfText, enqueue: async () => ({ captureId: 'c_1' }) });
    expect(await codeOf(pdf.capture('file:///home/me/a.pdf', 'shortcut'))).toBe('unavailable');
  });
});

describe('local PDFs (file://)', () => {
  const withAccess = (access: LocalFileAccess, fetch: PdfCaptureDeps['fetch'] = served(PDF)) => {
    const fetched: string[] = [];
    const pdf = createPdfCapturer({
      fetch: async (url, init) => {
        fetched.push(url);
        return fetch(url, init);
      },
      read: readPdfText,
      enqueue: async () => ({ captureId: 'c_1' }),
      localFiles: async () => access,
    });
    return { pdf, fetched };
  };
  const errorOf = async (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (e: unknown) => (e instanceof AriadneError ? { code: e.code, message: e.message } : undefined),
    );

  it('Chromium without file access: says which switch to turn on, and reads nothing', async () => {
    const { pdf, fetched } = withAccess('off');
    const error = await errorOf(pdf.capture('file:///home/me/report.pdf', 'shortcut'));
    expect(error).toEqual({ code: 'forbidden', message: LOCAL_FILES_OFF });
    expect(error?.message).toContain('"Allow access to file URLs"');
    expect(error?.message).toContain('chrome://extensions');
    expect(fetched).toEqual([]);
  });

  it('Chromium with the switch on but no file:///* access: says to tick the Settings box again, and reads nothing', async () => {
    const { pdf, fetched } = withAccess('not-granted');
    const error = await errorOf(pdf.capture('file:///home/me/report.pdf', 'manual'));
    expect(error).toEqual({ code: 'forbidden', message: LOCAL_FILES_NOT_GRANTED });
    expect(error?.message).toContain('"Capture local files (file://) when I ask"');
    expect(fetched).toEqual([]);
  });

  it('Chromium with file access: the local PDF is read like a web one', async () => {
    const { pdf, fetched } = withAccess('allowed');
    expect(await pdf.capture('file:///home/me/report.pdf', 'shortcut')).toEqual({ captureId: 'c_1' });
    expect(fetched).toEqual(['file:///home/me/report.pdf']);
  });

  it('file access on but the read refused: says so, not "reload it"', async () => {
    const { pdf } = withAccess('allowed', async () => Promise.reject(new TypeError('URL scheme "file" is not supported.')));
    const error = await errorOf(pdf.capture('file:///home/me/report.pdf', 'shortcut'));
    expect(error?.code).toBe('unavailable');
    expect(error?.message).toMatch(/^The browser refused to read this local file although file access is on/);
    expect(error?.message).toContain('python3 -m http.server');
  });

  it('Firefox (no file access for add-ons): a clear refusal with the way round it', async () => {
    const { pdf, fetched } = withAccess('unsupported');
    expect(await errorOf(pdf.capture('file:///home/me/report.pdf', 'manual'))).toEqual({
      code: 'unavailable',
      message: LOCAL_FILES_UNSUPPORTED,
    });
    expect(fetched).toEqual([]);
  });
});

describe('automatic PDF capture', () => {
  const capture = defaultSettings().capture;
  const tab = { url: 'https://example.org/report.pdf', incognito: false };

  it('runs only with the optional access granted and the policy allowing automatic capture', () => {
    expect(autoPdfDecision(tab, capture, true)).toEqual({ allowed: true });
    expect(autoPdfDecision(tab, capture, false).allowed).toBe(false);
    expect(autoPdfDecision(tab, { ...capture, paused: true }, true).allowed).toBe(false);
    expect(autoPdfDecision(tab, { ...capture, mode: 'manual' }, true).allowed).toBe(false);
    expect(autoPdfDecision(tab, { ...capture, allowlist: ['docs.example.com'] }, true).allowed).toBe(false);
    expect(autoPdfDecision(tab, { ...capture, blocklist: ['example.org'] }, true).allowed).toBe(false);
    expect(autoPdfDecision({ ...tab, incognito: true }, capture, true).allowed).toBe(false);
    expect(autoPdfDecision({ url: 'https://example.org/page.html' }, capture, true).allowed).toBe(false);
  });
});
