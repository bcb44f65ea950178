/**
 * `npm run eval:pdf`: the dev gold pages as PDFs. Each gold page is printed by headless
 * Chromium (`page.pdf()`, A4, scripts off, outside requests blocked, a running header with
 * the title and "Page N of M" footers), read the way the extension reads a PDF (pdf.js →
 * text assembly → `pdfCapture` → the background's `createIngest`), and scored against the
 * gold beside the HTML version (`eval:pages --gold`, the same scorer). Then: extraction
 * time per PDF page (p50/p95 over the gold PDFs), the time and memory of a generated
 * 300-page PDF, and what the limits do to a 1,000-page PDF, a 200 MB download and a
 * truncated and a garbage file.
 *
 *   npm run eval:pdf -- [--gold bench/gold-pages] [--pages ../shared/corpus/pages] [--out /tmp/ariadne-eval-pdf] [--no-limits]
 *
 * PDFs are cached in --out (printing is the slow part); delete it to print again. Last line JSON.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { readPdfText, DEFAULT_PDF_LIMITS } from '../src/adapters/pdf/pdfjs-reader';
import { pdfCapture } from '../src/extract/pdf/pdf-capture';
import { fetchPdf, MAX_PDF_BYTES } from '../src/background/pdf-capture';
import { AriadneError } from '../src/core/errors';
import { parsePageGold, scorePage, totalScore, type PageScore } from '../tooling/eval/page-score';
import { graphOfPage } from './eval-pages-gold';
import { allEntities, freshIngest, pageFile, pageUrl, percentile } from './relations-gold';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const goldDir = arg('--gold', 'bench/gold-pages');
const pagesDir = arg('--pages', '../shared/corpus/pages');
const outDir = arg('--out', '/tmp/ariadne-eval-pdf');
/**
 * `--media screen` prints what the page shows on screen instead of its print stylesheet: some
 * pages' print CSS hides the article ("use this article's print button") or prints blank pages,
 * which measures the page's print styles, not how a PDF is read. Cached PDFs are kept per media.
 */
const media = arg('--media', 'print') === 'screen' ? 'screen' : 'print';
if (!existsSync(pagesDir)) {
  console.log(`eval:pdf: pages folder ${pagesDir} not found (the corpus lives in ../shared/corpus); nothing to measure.`);
  console.log(JSON.stringify({ skipped: true, reason: 'corpus absent' }));
  process.exit(0);
}
mkdirSync(outDir, { recursive: true });

const HEADER = (title: string) =>
  `<div style="font-size:8px;width:100%;text-align:center">${title.replace(/[<&]/g, ' ').slice(0, 80)}</div>`;
const FOOTER =
  '<div style="font-size:8px;width:100%;text-align:center">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>';

async function printPdf(browser: Browser, html: string, title: string, file: string): Promise<Uint8Array> {
  if (existsSync(file)) return new Uint8Array(readFileSync(file));
  const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
  try {
    const page = await context.newPage();
    await page.route(/^https?:/, (route) => route.abort());
    await page.emulateMedia({ media });
    await page.setContent(html, { waitUntil: 'domcontentloaded', timeout: 30_000 });
    const pdf = await page.pdf({
      format: 'A4',
      displayHeaderFooter: true,
      headerTemplate: HEADER(title),
      footerTemplate: FOOTER,
      margin: { top: '18mm', bottom: '18mm', left: '15mm', right: '15mm' },
    });
    writeFileSync(file, pdf);
    return new Uint8Array(pdf);
  } finally {
    await context.close();
  }
}

/** A PDF's text read as the extension reads it, with its time and page count. */
async function readTimed(bytes: Uint8Array, url: string, limits = DEFAULT_PDF_LIMITS) {
  const t0 = performance.now();
  const read = await readPdfText(bytes, limits);
  const capture = pdfCapture(read, url, { trigger: 'shortcut', now: 1_000 });
  return { capture, ms: performance.now() - t0, pages: read.pages.length, pageCount: read.pageCount, notes: capture.notes };
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const html: PageScore[] = [];
const pdf: PageScore[] = [];
/** Pages whose printed PDF holds article text (Chromium prints some pages blank without their scripts). */
const printedHtml: PageScore[] = [];
const printedPdf: PageScore[] = [];
const blank: string[] = [];
const msPerPage: number[] = [];
let pdfPages = 0;
try {
  for (const file of readdirSync(goldDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const gold = parsePageGold(JSON.parse(readFileSync(join(goldDir, file), 'utf8')), file);
    const source = pageFile(pagesDir, gold.page);
    if (source === undefined) continue;
    const page = readFileSync(source, 'utf8');
    const url = pageUrl(gold.page);
    const htmlScore = scorePage(gold, await graphOfPage(page, url));
    const suffix = media === 'screen' ? '.screen' : '';
    const bytes = await printPdf(browser, page, gold.title, join(outDir, `${gold.page.replace(/[^a-z0-9-]/gi, '-')}${suffix}.pdf`));
    const read = await readTimed(bytes, `${url}.pdf`);
    const { store, ingest } = freshIngest();
    await ingest(read.capture);
    const pdfScore = scorePage(gold, await allEntities(store));
    html.push(htmlScore);
    pdf.push(pdfScore);
    if (read.capture.text.length > 0) {
      printedHtml.push(htmlScore);
      printedPdf.push(pdfScore);
    } else blank.push(gold.page);
    pdfPages += read.pages;
    msPerPage.push(read.ms / Math.max(1, read.pages));
    const r = (s: PageScore, a: number) => (s.must === 0 ? '-' : (a / s.must).toFixed(2));
    console.log(
      `${gold.page.padEnd(48)} html must ${r(htmlScore, htmlScore.found)} typed ${r(htmlScore, htmlScore.typedStrict)} | pdf must ${r(pdfScore, pdfScore.found)} typed ${r(pdfScore, pdfScore.typedStrict)} | ${read.pages} p, ${Math.round(read.ms)} ms${pdfScore.missed.length > htmlScore.missed.length ? ` | pdf missed: ${pdfScore.missed.filter((m) => !htmlScore.missed.includes(m)).join('; ')}` : ''}`,
    );
  }

  const h = totalScore(html);
  const p = totalScore(pdf);
  console.log(`html: ${h.pages} pages, must-have recall ${h.mustRecall}, typed ${h.typedStrict}`);
  console.log(`pdf:  ${p.pages} pages (${pdfPages} PDF pages), must-have recall ${p.mustRecall}, typed ${p.typedStrict}`);
  const ph = totalScore(printedHtml);
  const pp = totalScore(printedPdf);
  console.log(
    `printed with text (${pp.pages} pages; blank without scripts: ${blank.join(', ') || 'none'}): html must ${ph.mustRecall} typed ${ph.typedStrict} | pdf must ${pp.mustRecall} typed ${pp.typedStrict}`,
  );
  const perPage = { p50: round(percentile(msPerPage, 0.5)), p95: round(percentile(msPerPage, 0.95)) };
  console.log(`extraction per PDF page (pdf.js + assembly, per gold PDF): p50 ${perPage.p50} ms, p95 ${perPage.p95} ms`);

  const limits = args.includes('--no-limits') ? undefined : await limitFigures(browser);
  console.log(
    JSON.stringify({
      html: { pages: h.pages, mustRecall: h.mustRecall, typed: h.typedStrict },
      pdf: { pages: p.pages, pdfPages, mustRecall: p.mustRecall, typed: p.typedStrict },
      delta: { mustRecall: round(p.mustRecall - h.mustRecall, 3), typed: round(p.typedStrict - h.typedStrict, 3) },
      printed: {
        pages: pp.pages,
        blank,
        html: { mustRecall: ph.mustRecall, typed: ph.typedStrict },
        pdf: { mustRecall: pp.mustRecall, typed: pp.typedStrict },
      },
      msPerPdfPage: perPage,
      ...(limits === undefined ? {} : { limits }),
    }),
  );
} finally {
  await browser.close();
}

function round(x: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** Generated text pages: exactly `pages` pages (a page break after each), `perPage` numbered paragraphs each (no outside text). */
function longReport(pages: number, perPage = 4): string {
  const paragraph = (i: number) =>
    `<p>Section ${i}. Kestrel Bank reviewed the ledger of Ostra Pay in Oslo and Berlin; the audit of item ${i} found nothing unusual and the board approved it. ${'The figures were checked twice and filed with the regulator. '.repeat(6)}</p>`;
  const page = (n: number) =>
    `<div style="break-after:page">${Array.from({ length: perPage }, (_, k) => paragraph(n * perPage + k + 1)).join('')}</div>`;
  return `<!doctype html><html><body style="font:10pt serif">${Array.from({ length: pages }, (_, n) => page(n)).join('')}</body></html>`;
}

async function limitFigures(browserToUse: Browser) {
  // 300 pages: time and memory (heap and RSS sampled between pages through the reader's clock).
  const three = await printPdf(browserToUse, longReport(300), 'Long report', join(outDir, 'generated-300p.pdf'));
  // pdf.js takes over (detaches) the buffer it is given: it gets copies.
  const threeBytes = three.byteLength;
  const gc = Reflect.get(globalThis, 'gc');
  if (typeof gc === 'function') gc();
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const sample = () => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
    return performance.now();
  };
  const t0 = performance.now();
  const read300 = await readPdfText(three.slice(), { ...DEFAULT_PDF_LIMITS, budgetMs: 600_000 }, sample);
  const ms300 = performance.now() - t0;
  const text300 = pdfCapture(read300, 'https://x.example/long.pdf', { trigger: 'shortcut', now: 0 }).text.length;
  const mb = (b: number) => round(b / 1024 / 1024);
  const pages300 = {
    bytes: threeBytes,
    pagesRead: read300.pages.length,
    ms: Math.round(ms300),
    msPerPage: round(ms300 / Math.max(1, read300.pages.length)),
    heapPeakMbAboveStart: mb(peakHeap - before.heapUsed),
    rssPeakMbAboveStart: mb(peakRss - before.rss),
    textChars: text300,
  };
  console.log(`300-page PDF: ${JSON.stringify(pages300)}`);
  // The same, with one paragraph a page: all 300 pages fit in a capture, so all are read (the figure above stops once the text fills one).
  const sparse = await printPdf(browserToUse, longReport(300, 1), 'Long report', join(outDir, 'generated-300p-sparse.pdf'));
  if (typeof gc === 'function') gc();
  const beforeSparse = process.memoryUsage();
  peakHeap = beforeSparse.heapUsed;
  peakRss = beforeSparse.rss;
  const t2 = performance.now();
  const readSparse = await readPdfText(sparse.slice(), { ...DEFAULT_PDF_LIMITS, budgetMs: 600_000 }, sample);
  const msSparse = performance.now() - t2;
  const pages300All = {
    bytes: sparse.byteLength,
    pagesRead: readSparse.pages.length,
    ms: Math.round(msSparse),
    msPerPage: round(msSparse / Math.max(1, readSparse.pages.length)),
    heapPeakMbAboveStart: mb(peakHeap - beforeSparse.heapUsed),
    rssPeakMbAboveStart: mb(peakRss - beforeSparse.rss),
    textChars: pdfCapture(readSparse, 'https://x.example/sparse.pdf', { trigger: 'shortcut', now: 0 }).text.length,
  };
  console.log(`300-page PDF, every page read: ${JSON.stringify(pages300All)}`);

  // 1,000 pages under the default limits (300 pages, 20 s).
  const thousand = await printPdf(browserToUse, longReport(1000), 'Longer report', join(outDir, 'generated-1000p.pdf'));
  const thousandBytes = thousand.byteLength;
  const t1 = performance.now();
  const read1000 = await readTimed(thousand, 'https://x.example/longer.pdf');
  const pages1000 = {
    bytes: thousandBytes,
    pageCount: read1000.pageCount,
    pagesRead: read1000.pages,
    ms: Math.round(performance.now() - t1),
    notes: read1000.notes,
  };
  console.log(`1,000-page PDF: ${JSON.stringify(pages1000)}`);

  // 200 MB: declared (refused before reading) and undeclared (read up to the cap, then refused).
  const declared = await outcome(() =>
    fetchPdf(
      'https://x.example/huge.pdf',
      async () => new Response('%PDF-1.7', { headers: { 'content-length': String(200 * 1024 * 1024) } }),
    ),
  );
  const chunk = new Uint8Array(1024 * 1024);
  let streamed = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (streamed >= 200 * 1024 * 1024) return controller.close();
      streamed += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const undeclared = await outcome(() => fetchPdf('https://x.example/huge.pdf', async () => new Response(endless)));
  const huge = { declared, undeclared: { ...undeclared, mbRead: mb(streamed), capMb: mb(MAX_PDF_BYTES) } };
  console.log(`200 MB PDF: ${JSON.stringify(huge)}`);

  // Damaged files: the first half of a real PDF, and garbage behind a PDF header.
  const half = three.subarray(0, Math.floor(three.byteLength / 2));
  const truncated = await outcome(async () => {
    const read = await readPdfText(half);
    return `${read.pages.filter((pg) => pg.items.length > 0).length} of ${read.pageCount} pages with text; notes: ${read.notes.slice(0, 2).join(' | ')}`;
  });
  const garbage = await outcome(() => readPdfText(new TextEncoder().encode(`%PDF-1.7\n${'\u0000garbage'.repeat(100_000)}`)));
  const damaged = { truncated, garbage };
  console.log(`damaged PDFs: ${JSON.stringify(damaged)}`);
  return { pages300, pages300All, pages1000, huge, damaged };
}

async function outcome(run: () => Promise<unknown>): Promise<{ ms: number; result: string }> {
  const t0 = performance.now();
  try {
    const value = await run();
    return { ms: Math.round(performance.now() - t0), result: typeof value === 'string' ? value : 'read' };
  } catch (error) {
    const code = error instanceof AriadneError ? error.code : 'thrown';
    return { ms: Math.round(performance.now() - t0), result: `${code}: ${error instanceof Error ? error.message.slice(0, 160) : ''}` };
  }
}
