/**
 * Reads a PDF's text with pdf.js (`pdfjs-dist`), inside the calling thread: the MV3
 * service worker has no `Worker` and may not `import()`, so pdf.js's worker module is
 * bundled and handed over as `globalThis.pdfjsWorker` (its "fake worker", run on this
 * thread). Nothing is rendered: no fonts are loaded, no script in the PDF runs
 * (`isEvalSupported: false`, no scripting), only text items and the information
 * dictionary are read.
 *
 * Bounded: at most `maxPages` pages, a time budget checked between pages, and a time
 * limit on each page's text (a page that hangs is skipped with a note). A file pdf.js
 * cannot open is an `invalid_arguments` error saying so; an encrypted one `forbidden`.
 *
 * @example
 *   const read = await readPdfText(bytes, { maxPages: 300, budgetMs: 20_000, pageTimeoutMs: 5_000 });
 *   pdfCapture(read, url, { trigger: 'shortcut' });
 */
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { MAX_CAPTURE_TEXT } from '../../core/capture-limits';
import { AriadneError, InvalidArgumentsError } from '../../core/errors';
import { raceTimeout } from '../../core/race-timeout';
import type { PdfPageText, PdfTextItem } from '../../extract/pdf/assemble';
import type { ReadPdf } from '../../extract/pdf/pdf-capture';

export interface PdfReadLimits {
  /** Pages read at most; the rest are counted in a note. */
  readonly maxPages: number;
  /** Time for the whole document; checked between pages. */
  readonly budgetMs: number;
  /** Time for one page's text before it is skipped. */
  readonly pageTimeoutMs: number;
  /** Text items read per page at most (a crafted page can hold millions). */
  readonly maxItemsPerPage?: number;
}

/**
 * Pages read at most: a 300-page report reads in a few seconds (docs: `npm run eval:pdf`), and
 * its first 300 pages hold far more text than a capture keeps (200,000 characters).
 */
export const DEFAULT_PDF_LIMITS: PdfReadLimits = { maxPages: 300, budgetMs: 20_000, pageTimeoutMs: 5_000, maxItemsPerPage: 20_000 };
const MAX_INFO_CHARS = 1_000;

let workerInstalled = false;

/** pdf.js on this thread: its worker module, bundled, is the "fake worker" it looks for. */
function installWorker(): void {
  if (workerInstalled) return;
  if (Reflect.get(globalThis, 'pdfjsWorker') === undefined) Reflect.set(globalThis, 'pdfjsWorker', pdfjsWorker);
  workerInstalled = true;
}

export async function readPdfText(
  bytes: Uint8Array,
  limits: PdfReadLimits = DEFAULT_PDF_LIMITS,
  now: () => number = () => performance.now(),
): Promise<ReadPdf> {
  installWorker();
  const started = now();
  const task = pdfjs.getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    let doc: Awaited<typeof task.promise>;
    try {
      doc = await raceTimeout(task.promise, limits.budgetMs, `opening the PDF took longer than ${Math.round(limits.budgetMs / 1000)} s`);
    } catch (error) {
      throw openError(error);
    }
    const info = await infoOf(doc);
    const pageCount = doc.numPages;
    const notes: string[] = [];
    const pages: PdfPageText[] = [];
    const last = Math.min(pageCount, limits.maxPages);
    const maxItems = limits.maxItemsPerPage ?? Number.POSITIVE_INFINITY;
    let chars = 0;
    for (let number = 1; number <= last; number++) {
      // Past what a capture keeps, more pages are only time spent: stop, and say where.
      if (chars > MAX_CAPTURE_TEXT) {
        notes.push(`Pages ${number}–${pageCount} were not read: the text of the pages before already fills a capture.`);
        break;
      }
      if (now() - started > limits.budgetMs) {
        notes.push(`PDF read for ${Math.round(limits.budgetMs / 1000)} s: pages ${number}–${pageCount} were not read (time limit).`);
        break;
      }
      try {
        const page = await raceTimeout(
          pageText(doc, number, maxItems),
          limits.pageTimeoutMs,
          `its text took longer than ${Math.round(limits.pageTimeoutMs / 1000)} s`,
        );
        pages.push(page);
        for (const item of page.items) chars += item.str.length;
      } catch (error) {
        pages.push({ width: 0, height: 0, items: [] });
        notes.push(`page ${number} was skipped: ${error instanceof Error ? error.message.slice(0, 200) : 'unreadable'}`);
      }
    }
    if (pageCount > limits.maxPages && pages.length === limits.maxPages)
      notes.push(`Only the first ${limits.maxPages} of ${pageCount} pages were read (page limit).`);
    return { pages, info, pageCount, notes };
  } finally {
    // Frees the document and its fake worker's state; never awaited past a hang.
    void task.destroy().catch(() => undefined);
  }
}

async function pageText(doc: pdfjs.PDFDocumentProxy, number: number, maxItems: number): Promise<PdfPageText> {
  const page = await doc.getPage(number);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent({ disableNormalization: false });
    const items: PdfTextItem[] = [];
    for (const item of content.items) {
      if (items.length >= maxItems) break;
      if (!('str' in item) || item.str.length === 0) continue;
      const [a = 0, b = 0, , , x = 0, y = 0] = item.transform.map(Number);
      // Only text set horizontally is read in lines; rotated text (margins, watermarks) is left out.
      if (Math.abs(b) > Math.abs(a) * 0.1) continue;
      items.push({ str: item.str, x, y, width: Number(item.width) || 0, size: Math.abs(Number(item.height) || a) });
    }
    // Page coordinates start at the media box's lower left corner, which need not be 0,0.
    const [x0 = 0, y0 = 0] = viewport.viewBox.map(Number);
    return {
      width: viewport.width,
      height: viewport.height,
      items: x0 === 0 && y0 === 0 ? items : items.map((i) => ({ ...i, x: i.x - x0, y: i.y - y0 })),
    };
  } finally {
    page.cleanup();
  }
}

/** The information dictionary's strings, bounded (untrusted: any key, any length). */
async function infoOf(doc: pdfjs.PDFDocumentProxy): Promise<ReadonlyMap<string, string>> {
  const out = new Map<string, string>();
  try {
    const meta = await doc.getMetadata();
    const info: unknown = meta.info;
    for (const key of ['Title', 'Author', 'Subject', 'Keywords', 'CreationDate', 'ModDate', 'Language']) {
      const value: unknown = typeof info === 'object' && info !== null && Object.hasOwn(info, key) ? Reflect.get(info, key) : undefined;
      if (typeof value === 'string' && value.trim().length > 0) out.set(key, value.slice(0, MAX_INFO_CHARS));
    }
    // XMP metadata (dc:title, dc:creator) wins over the older dictionary when present.
    const xmpTitle = meta.metadata?.get('dc:title');
    const xmpCreator = meta.metadata?.get('dc:creator');
    if (typeof xmpTitle === 'string' && xmpTitle.trim().length > 0) out.set('Title', xmpTitle.slice(0, MAX_INFO_CHARS));
    if (Array.isArray(xmpCreator) && xmpCreator.length > 0)
      out.set(
        'Author',
        xmpCreator
          .filter((c): c is string => typeof c === 'string')
          .join(', ')
          .slice(0, MAX_INFO_CHARS),
      );
  } catch {
    // Damaged metadata is no reason to lose the text.
  }
  return out;
}

function openError(error: unknown): AriadneError {
  if (error instanceof AriadneError) return error;
  const name = error instanceof Error ? error.name : '';
  const why = error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200);
  if (name === 'PasswordException')
    return new AriadneError('forbidden', 'This PDF is protected by a password: Ariadne reads only PDFs that open without one.');
  return new InvalidArgumentsError(`This file could not be read as a PDF (${name || 'error'}: ${why}). It may be damaged or not a PDF.`);
}
