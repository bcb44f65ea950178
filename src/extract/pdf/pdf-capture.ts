/**
 * A read PDF → the same `PageCapture` a web page gives: the assembled text
 * (`assemble.ts`), title, authors and date from the PDF's metadata, else from its
 * first page, the page count and where each page starts (for page-numbered
 * evidence), and notes for what was not read (scanned pages, limits). Pure: the
 * reader (`adapters/pdf`) hands over the text items and the document information.
 *
 * @example
 *   const capture = pdfCapture({ pages, info, pageCount: 12, notes: [] }, 'https://x.org/a.pdf', { trigger: 'shortcut' });
 *   capture.pdf // { pages: 12, pageStarts: [0, 2311, …] }
 */
import type { PageCapture } from '../../core/capture';
import { MAX_CAPTURE_TEXT } from '../../core/capture-limits';
import { CALENDAR_WORDS } from '../words/calendar-words';
import { foldWhitespace, sanitizeLine, truncate } from '../page/sanitize';
import type { PdfLine, PdfPageText } from './assemble';
import { assemblePdfText } from './assemble';

/** What a PDF reader hands over. */
export interface ReadPdf {
  /** The pages read (possibly fewer than `pageCount`: limits). */
  readonly pages: readonly PdfPageText[];
  /** The document information dictionary's strings (Title, Author, CreationDate…), untrusted. */
  readonly info: ReadonlyMap<string, string>;
  readonly pageCount: number;
  /** What the reader could not read, and why. */
  readonly notes: readonly string[];
}

export interface PdfCaptureOptions {
  readonly trigger: PageCapture['trigger'];
  readonly now?: number;
  readonly extractMs?: number;
}

/** Fewer characters per page than this is a scanned PDF (or one of images): the note says so. */
const SCANNED_CHARS_PER_PAGE = 20;
export const SCANNED_NOTE = 'This PDF has no text layer (a scan or images of text): there is nothing to read without OCR.';
const MAX_NOTES = 20;
const MAX_NOTE_CHARS = 300;
/** PDF metadata titles that name the file or the tool, not the work. */
const JUNK_TITLE =
  /^(?:untitled|about:|https?:|file:|microsoft (?:word|powerpoint) - |document\d*$|slide ?\d|\S+\.(?:docx?|pdf|tex|dvi|indd|pptx?)$)/i;

export function pdfCapture(read: ReadPdf, url: string, options: PdfCaptureOptions): PageCapture {
  const assembled = assemblePdfText(read.pages);
  const notes = [...read.notes];
  let text = truncate(foldParagraphs(assembled.text.normalize('NFKC')), MAX_CAPTURE_TEXT).trimEnd();
  if (text.length < assembled.text.length - 1) notes.push(`text cut at ${MAX_CAPTURE_TEXT} characters`);
  if (text.length < SCANNED_CHARS_PER_PAGE * Math.max(1, read.pages.length)) {
    if (read.pages.length > 0) notes.unshift(SCANNED_NOTE);
    if (text.length < SCANNED_CHARS_PER_PAGE) text = '';
  }
  if (assembled.droppedLines > 0) notes.push(`${assembled.droppedLines} running header, footer and page-number lines left out`);
  const first = firstPageFacts(assembled.firstPageLines);
  const title = metaTitle(read.info.get('Title')) ?? first.title ?? fileName(url);
  const byline = sanitizeLine(read.info.get('Author'), 300) ?? first.authors;
  const publishedAt = pdfDate(read.info.get('CreationDate')) ?? first.date;
  const lang = sanitizeLine(read.info.get('Language'), 35);
  return {
    url,
    title,
    ...(lang !== undefined && /^[a-z]{2,3}(?:-[a-z0-9]{1,8}){0,4}$/i.test(lang) ? { lang } : {}),
    ...(byline === undefined ? {} : { byline }),
    ...(publishedAt === undefined ? {} : { publishedAt }),
    text,
    headings: assembled.headings.map((h) => truncate(h, 300)).slice(0, 200),
    entities: [],
    relations: [],
    trigger: options.trigger,
    capturedAt: Math.max(0, Math.floor(options.now ?? Date.now())),
    notes: notes.slice(0, MAX_NOTES).map((n) => truncate(n, MAX_NOTE_CHARS)),
    ...(options.extractMs === undefined ? {} : { extractMs: options.extractMs }),
    pdf: { pages: read.pageCount, pageStarts: assembled.pageStarts.filter((start) => start <= text.length).slice(0, 5000) },
  };
}

/** Whitespace folded inside paragraphs; paragraph breaks kept. */
function foldParagraphs(text: string): string {
  return text
    .split('\n\n')
    .map((p) => foldWhitespace(p).trim())
    .filter((p) => p.length > 0)
    .join('\n\n');
}

function metaTitle(raw: string | undefined): string | undefined {
  const title = sanitizeLine(raw, 1000);
  return title === undefined || title.length < 3 || JUNK_TITLE.test(title) ? undefined : title;
}

/** The last path segment, decoded, as a title of last resort. */
function fileName(url: string): string {
  try {
    const parsed = new URL(url);
    const last = parsed.pathname
      .split('/')
      .filter((s) => s.length > 0)
      .at(-1);
    return sanitizeLine(decodeURIComponent(last ?? parsed.hostname), 1000) ?? parsed.hostname;
  } catch {
    return 'PDF';
  }
}

/** `D:20240312…` (the PDF date format) → `2024-03-12`. */
export function pdfDate(raw: string | undefined): string | undefined {
  const match = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?/.exec(raw?.trim() ?? '');
  if (match === null) return undefined;
  const [, year = '', month, day] = match;
  if (Number(year) < 1900 || Number(year) > 2200) return undefined;
  return [year, month, month === undefined ? undefined : day].filter((part) => part !== undefined).join('-');
}

const MONTH = `(?:${CALENDAR_WORDS.slice(7).join('|')})`;
/** "12 March 2024", "March 12, 2024", "March 2024", "2024-03-12": the first date on the first page. */
const DATE_ON_PAGE = new RegExp(`\\b(?:\\d{1,2}\\s${MONTH}\\s\\d{4}|${MONTH}\\s(?:\\d{1,2},\\s)?\\d{4}|\\d{4}-\\d{2}-\\d{2})\\b`, 'i');
/** An author line: two to twelve capitalized names, joined by commas, "and" or "&" (no sentence). */
const NAME = "\\p{Lu}[\\p{L}'’.-]{0,30}";
const AUTHORS = new RegExp(`^${NAME}(?:\\s${NAME}){1,3}(?:\\s?(?:,|and|&|,\\sand)\\s${NAME}(?:\\s${NAME}){1,3}){0,11}$`, 'u');

/** Title (the largest type in the top half), the author line under it, and a date, from the first page. */
export function firstPageFacts(lines: readonly PdfLine[]): { title?: string; authors?: string; date?: string } {
  if (lines.length === 0) return {};
  const top = Math.max(...lines.map((l) => l.y));
  const upper = lines.filter((l) => l.y >= top * 0.5);
  const largest = Math.max(...upper.map((l) => l.size));
  const titleIndex = lines.findIndex((l) => l.size === largest && l.y >= top * 0.5);
  const titleLines: string[] = [];
  let index = titleIndex;
  // A title set over several lines: consecutive lines of the same size.
  while (index < lines.length && lines[index]?.size === largest && titleLines.length < 4) titleLines.push(lines[index++]?.text ?? '');
  const title = sanitizeLine(titleLines.join(' '), 1000);
  const next = lines[index]?.text.split(' ').map(withoutAffiliationMarks).join(' ').trim();
  const authors = next !== undefined && next.length <= 200 && AUTHORS.test(next) ? next : undefined;
  const pageText = lines
    .slice(0, 60)
    .map((l) => l.text)
    .join(' ');
  const date = DATE_ON_PAGE.exec(pageText)?.[0];
  return {
    ...(title === undefined ? {} : { title }),
    ...(authors === undefined ? {} : { authors }),
    ...(date === undefined ? {} : { date }),
  };
}

/** Affiliation marks after an author's name ("Quill1,", "Brandt*†"): dropped, a trailing comma kept. */
function withoutAffiliationMarks(word: string): string {
  const comma = word.endsWith(',') ? ',' : '';
  let end = word.length - comma.length;
  while (end > 0 && '0123456789*†‡§¹²³'.includes(word[end - 1] ?? '')) end--;
  return word.slice(0, end) + comma;
}
