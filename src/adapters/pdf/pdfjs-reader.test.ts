// PDFs read end to end (pdf.js → text assembly → capture) on real PDFs printed by Chromium
// (`tooling/pdf/make-fixtures.ts`), and what a damaged, truncated or endless one gets.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfCapture, SCANNED_NOTE } from '../../extract/pdf/pdf-capture';
import { pageAt } from '../../extract/pdf/cite-pages';
import { pageCaptureSchema } from '../../core/capture';
import { AriadneError } from '../../core/errors';
import { DEFAULT_PDF_LIMITS, readPdfText } from './pdfjs-reader';

const FIXTURES = join(__dirname, '../../extract/pdf/fixtures');
const bytesOf = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
const captureOf = async (name: string, limits = DEFAULT_PDF_LIMITS) =>
  pdfCapture(await readPdfText(bytesOf(name), limits), `https://example.org/${name}`, { trigger: 'shortcut', now: 0 });

/** The numbers of "The <word> team reviewed item N" sentences, in text order. */
const items = (text: string, word: string) =>
  [...text.matchAll(new RegExp(`The ${word} team reviewed item (\\d+)`, 'g'))].map((m) => Number(m[1]));
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('a two-column report with a running header and page-number footers', () => {
  it('reads each column top to bottom, left before right, across both pages', async () => {
    const { text } = await captureOf('two-columns.pdf');
    // Read across the columns instead, the numbered sentences would come out of order.
    expect(items(text, 'audit')).toEqual(oneToN(14));
    expect(items(text, 'ledger')).toEqual(oneToN(16));
    expect(items(text, 'closing')).toEqual(oneToN(22));
    const order = ['Kestrel Bank was founded', 'audit team', 'Ostra Pay was acquired', 'Halvard Berg joined', 'closing team'];
    const at = order.map((s) => text.indexOf(s));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('joins a word hyphenated across a line break', async () => {
    const { text } = await captureOf('two-columns.pdf');
    expect(text).toContain('a payment company based in Berlin.');
    expect(text).not.toMatch(/com-\s?pany/);
  });

  it('keeps paragraphs and joins one that runs on into the next column and page', async () => {
    const { text } = await captureOf('two-columns.pdf');
    expect(text).toContain('\n\nHalvard Berg joined Ostra Pay as chief technology officer in 2022.\n\n');
    // Each filler paragraph is one paragraph, wherever its column or page ends.
    for (const word of ['audit', 'ledger', 'closing']) {
      const paragraph = text.split('\n\n').filter((p) => p.includes(`The ${word} team`));
      expect(paragraph).toHaveLength(1);
    }
  });

  it('drops the running header and the "Page N of M" footers, and says so', async () => {
    const capture = await captureOf('two-columns.pdf');
    expect(capture.text).not.toContain('Kestrel Quarterly Review');
    expect(capture.text).not.toMatch(/Page \d of \d/);
    expect(capture.notes.join(' ')).toMatch(/running header, footer and page-number lines left out/);
  });

  it('records the page count and where page 2 starts, within the capture contract', async () => {
    const capture = await captureOf('two-columns.pdf');
    expect(capture.pdf?.pages).toBe(2);
    const starts = capture.pdf?.pageStarts ?? [];
    expect(starts).toHaveLength(2);
    expect(pageAt(capture.text.indexOf('Kestrel Bank was founded'), starts)).toBe(1);
    expect(pageAt(capture.text.lastIndexOf('The closing team reviewed item 22'), starts)).toBe(2);
    expect(pageCaptureSchema.safeParse(capture).success).toBe(true);
    expect(capture.title).toBe('Kestrel Bank annual review');
    expect(capture.headings).toEqual(['Kestrel Bank and the Ostra Pay ledger']);
  });
});

describe('title, authors and date', () => {
  it('take the first page when the metadata has no title: largest type, the author line under it', async () => {
    const capture = await captureOf('one-column.pdf');
    expect(capture.title).toBe('Tern DB: a small database for field notes');
    expect(capture.byline).toBe('Ada Quill and Jonas Brandt');
    expect(capture.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('PDFs that cannot be read', () => {
  it('a scanned PDF (an image of text) gets a clear note and no text', async () => {
    const capture = await captureOf('scanned.pdf');
    expect(capture.text).toBe('');
    expect(capture.notes[0]).toBe(SCANNED_NOTE);
    expect(capture.pdf?.pages).toBe(1);
  });

  it('garbage is an invalid_arguments error naming the file as damaged or not a PDF', async () => {
    const garbage = new TextEncoder().encode('%PDF-1.7\n' + 'x'.repeat(5000));
    const error: unknown = await readPdfText(garbage).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AriadneError);
    expect((error as AriadneError).code).toBe('invalid_arguments');
    expect((error as AriadneError).message).toMatch(/could not be read as a PDF/);
  });

  it('a truncated PDF reads what it can or is refused with a code, never hangs', async () => {
    const whole = bytesOf('two-columns.pdf');
    const cut = whole.subarray(0, Math.floor(whole.byteLength / 2));
    const outcome = await readPdfText(cut).then(
      (read) => ({ pages: read.pages.length }),
      (e: unknown) => ({ code: e instanceof AriadneError ? e.code : 'thrown' }),
    );
    expect(outcome).toSatisfy((o: { pages?: number; code?: string }) => o.pages !== undefined || o.code === 'invalid_arguments');
  });

  it('reads no more than the page limit, and says how many pages were left', async () => {
    const read = await readPdfText(bytesOf('two-columns.pdf'), { ...DEFAULT_PDF_LIMITS, maxPages: 1 });
    expect(read.pages).toHaveLength(1);
    expect(read.pageCount).toBe(2);
    expect(read.notes).toContain('Only the first 1 of 2 pages were read (page limit).');
  });

  it('stops at the time budget between pages, with a note', async () => {
    let t = 0;
    // Each look at the clock is a second later: the budget of 1.5 s runs out after the first page.
    const read = await readPdfText(bytesOf('two-columns.pdf'), { ...DEFAULT_PDF_LIMITS, budgetMs: 1_500 }, () => (t += 1_000));
    expect(read.pages).toHaveLength(1);
    expect(read.notes.join(' ')).toMatch(/pages 2–2 were not read \(time limit\)/);
  });
});

describe('list items and a table set without space between them', () => {
  const paragraphs = async () => (await captureOf('lists-and-table.pdf')).text.split('\n\n');

  it('a one-line list item after a wrapped one is a paragraph of its own (the short last line ends the item)', async () => {
    const text = await paragraphs();
    expect(text).toContain('A weather logger from Fenwick Instruments that records wind, rain and the temperature of the ground');
    expect(text).toContain('Quarry Maps');
    expect(text).toContain('A notebook app called Tidewell, synced by hand every evening');
  });

  it("a table's cells on one baseline are kept apart, not read as one phrase", async () => {
    const text = await paragraphs();
    expect(text.join('\n')).not.toMatch(/Quarry Maps 32\.7 MB|Tidewell 17\.8 MB/);
    const quarry = text.lastIndexOf('Quarry Maps');
    expect(text.slice(quarry, quarry + 3)).toEqual(['Quarry Maps', '32.7 MB', '9.6 MB']);
  });

  it('a sentence wrapped across full lines stays one paragraph', async () => {
    const text = await paragraphs();
    expect(text).toContain('The kit was packed by Heron Labs in Porto. It holds:');
  });
});
