/**
 * Page → PageCapture: the one function the content script calls. Reads metadata,
 * structured data (JSON-LD, microdata, OpenGraph, meta) and the main text of the
 * Document it is given (never a global), within bounds and a time budget. Every
 * field is cut to the contract's bounds here; no validator runs in the page (it would
 * be most of the content script's size): the background checks the capture on arrival
 * (`acceptCapture`), keeping the text if structured data still breaks the contract.
 *
 * Folder `page/`: reading the page in the content script (this capture, its main text,
 * snippets and the sanitizing of captured strings).
 */
import type { PageCapture, StructuredEntity } from '../../core/capture';
import { MAX_CAPTURE_TEXT, MAX_STRUCTURED_ENTITIES, MAX_URL_LENGTH } from '../../core/capture-limits';
import { InvalidArgumentsError } from '../../core/errors';
import { nameKey } from '../../core/text/normalize';
import { attrOf, callMember, documentElementOf, readMember, titleOf } from '../dom/safe-dom';
import type { PageScan } from '../dom/scan';
import { MAX_SCAN_ELEMENTS, scanDocument } from '../dom/scan';
import { extractMainText, MAX_READABILITY_ELEMENTS } from './main-text';
import { foldWhitespace, sanitizeLine, stripBy, truncate } from './sanitize';
import { readJsonLd } from '../structured/json-ld';
import type { PageMeta } from '../structured/meta';
import { metaEntities, metaValue, readMeta } from '../structured/meta';
import { readMicrodata } from '../structured/microdata';
import type { StructuredInput } from '../structured/structured-graph';
import { buildStructuredGraph } from '../structured/structured-graph';
import { DEFAULT_READING_BUDGET_MS } from '../../core/capture-settings';

/** Default time budget: capture runs at idle, and a page should not notice it. */
export const DEFAULT_CAPTURE_BUDGET_MS = DEFAULT_READING_BUDGET_MS;
/** Share of the budget the element scan may use before it stops (text extraction needs the rest). */
const SCAN_BUDGET_SHARE = 0.4;
const MAX_NOTES = 20;
const MAX_NOTE_CHARS = 300;

export interface CapturePageOptions {
  /** Capture time (ms since epoch); defaults to `Date.now()`. */
  readonly now?: number;
  /** Main text is cut at this many characters (never above `MAX_CAPTURE_TEXT`). */
  readonly maxTextChars?: number;
  /** Past this, the expensive steps (article detection) are skipped with a note. */
  readonly timeBudgetMs?: number;
  readonly trigger?: PageCapture['trigger'];
  /** Monotonic milliseconds, for `extractMs` and the budget; defaults to `performance.now()`. */
  readonly timer?: () => number;
  /** Keep the article's furniture (rails, bios, sign-up boxes): an ablation for `npm run eval:main-text`. */
  readonly keepFurniture?: boolean;
  /** A note put first in the capture's notes (why this reading was made, e.g. a re-read). */
  readonly note?: string;
}

/**
 * Notes that say the time budget, not the page's size, pressed the reading: a step skipped or
 * cut, or the reading run past its budget (seen on a busy machine as the only note of a page
 * stored with part of its text).
 */
const TIME_CUT =
  /^(?:capture took \d+ ms \(budget \d+ ms\)|page scan cut after \d+ elements \(time limit\)|article detection skipped: time budget spent|body text cut: time budget spent)/;
/** Notes that say the page's size stopped the reading: the adversarial classes (huge, deep, 50k-node pages). */
const SIZE_CUT =
  /^(?:page scan cut after \d+ elements \(size limit\)|article detection skipped: (?:more than )?\d+ (?:elements|characters)|main text cut at \d+ characters|page of \d+ elements: too large)/;

/**
 * How a capture's reading was cut short, from its notes: `time` when only the (wall-clock)
 * budget cut it, as a busy machine does to a normal page; `size` when the page's size did
 * (a hostile page: reading it again would be cut again); undefined when nothing was cut.
 *
 * @example
 *   readingCut(capturePage(document, location.href)) // 'time' on a loaded machine
 */
export function readingCut(capture: Pick<PageCapture, 'notes'>): 'time' | 'size' | undefined {
  if (capture.notes.some((n) => SIZE_CUT.test(n))) return 'size';
  return capture.notes.some((n) => TIME_CUT.test(n)) ? 'time' : undefined;
}

function httpUrl(href: string | null | undefined, base: string): string | undefined {
  if (href === null || href === undefined) return undefined;
  try {
    const parsed = new URL(href.trim(), base);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return parsed.href.length <= MAX_URL_LENGTH ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** A BCP 47-looking tag (`en`, `en-US`, `zh-Hant-TW`), normalized from `en_US`. */
function languageTag(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const tag =
    value
      .trim()
      .replace(/_/g, '-')
      .split(/[\s,;]/)[0] ?? '';
  return /^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{1,8}){0,4}$/.test(tag) && tag.length <= 35 ? tag : undefined;
}

function mergeEntities(structured: readonly StructuredEntity[], fromMeta: readonly StructuredEntity[]): StructuredEntity[] {
  const out = [...structured];
  const keys = new Set(out.map((e) => `${e.type}|${nameKey(e.name)}`));
  for (const entity of fromMeta) {
    const key = `${entity.type}|${nameKey(entity.name)}`;
    if (keys.has(key) || out.length >= MAX_STRUCTURED_ENTITIES) continue;
    keys.add(key);
    out.push(entity);
  }
  return out;
}

/**
 * Captures `doc` (the page at `url`). Throws only when `url` itself is not a URL.
 *
 * @example
 *   const capture = capturePage(document, location.href, { trigger: 'auto' });
 *   capture.entities // [{ name: 'Stripe', type: 'company', origin: 'json-ld', … }]
 */
export function capturePage(doc: Document, url: string, options: CapturePageOptions = {}): PageCapture {
  const timer = options.timer ?? (() => performance.now());
  const started = timer();
  const budget = options.timeBudgetMs ?? DEFAULT_CAPTURE_BUDGET_MS;
  const maxText = Math.max(0, Math.min(options.maxTextChars ?? MAX_CAPTURE_TEXT, MAX_CAPTURE_TEXT));
  let pageUrl: string;
  try {
    pageUrl = new URL(url).href;
  } catch {
    throw new InvalidArgumentsError(`capturePage needs an absolute URL, got "${url.slice(0, 100)}"; pass the page's location.href`);
  }
  if (pageUrl.length > MAX_URL_LENGTH) pageUrl = truncateUrl(pageUrl);
  const capturedAt = Math.max(0, Math.floor(options.now ?? Date.now()));
  const notes: string[] = options.note === undefined ? [] : [options.note];

  // One element pass for everything read by element; it may use at most this share of the budget.
  const scan = scanDocument(doc, { expired: () => timer() - started > budget * SCAN_BUDGET_SHARE });
  if (scan.cut)
    notes.push(`page scan cut after ${scan.elementCount} elements (${scan.elementCount >= MAX_SCAN_ELEMENTS ? 'size' : 'time'} limit)`);
  const { meta, structured } = readStructured(scan, notes);

  const main = extractMainText(doc, {
    maxChars: maxText,
    allowReadability: timer() - started < budget / 2,
    scan,
    expired: () => timer() - started > budget,
    keepFurniture: options.keepFurniture === true,
  });
  notes.push(...main.notes);
  // NFKC turns U+202F, U+2000–U+200A and others into ASCII spaces: fold again after it.
  let text = truncate(foldWhitespace(main.text.normalize('NFKC')), maxText);
  if (main.truncated || text.length < main.text.length) notes.push(`main text cut at ${maxText} characters`);
  text = text.trimEnd();

  const canonicalUrl =
    httpUrl(scan.canonical === undefined ? undefined : attrOf(scan.canonical, 'href'), pageUrl) ?? httpUrl(meta.get('og:url'), pageUrl);
  const title =
    main.title ??
    metaValue(meta, ['og:title', 'twitter:title'], 1000) ??
    sanitizeLine(titleOf(doc), 1000) ??
    sanitizeLine(new URL(pageUrl).hostname, 1000) ??
    '';
  const lang =
    languageTag(rootLang(doc)) ?? languageTag(main.lang) ?? languageTag(meta.get('content-language')) ?? languageTag(meta.get('og:locale'));
  const siteName = metaValue(meta, ['og:site_name', 'application-name'], 300) ?? main.siteName;
  const byline = stripBy(main.byline ?? metaValue(meta, ['author', 'article:author', 'dc.creator'], 300));
  const publishedAt =
    metaValue(meta, ['article:published_time', 'og:published_time', 'datepublished', 'date', 'dc.date', 'pubdate'], 64) ??
    main.publishedTime ??
    sanitizeLine(scan.timeWithDatetime === undefined ? undefined : attrOf(scan.timeWithDatetime, 'datetime'), 64);

  const entities = mergeEntities(structured.entities, metaEntities(meta)).map((e) =>
    // "By Jane Doe" as an author name is a byline, not a name.
    e.type === 'person' ? { ...e, name: stripBy(e.name) ?? e.name } : e,
  );
  const extractMs = Math.max(0, timer() - started);
  if (extractMs > budget) notes.push(`capture took ${Math.round(extractMs)} ms (budget ${budget} ms)`);
  // Cut by time on a page its size would cut anyway (the adversarial classes: 50k nodes, deep
  // trees): said, so that it is not read again (background/reread-when-idle.ts).
  if (readingCut({ notes }) === 'time') {
    const elements = elementTotal(doc);
    if (elements > MAX_READABILITY_ELEMENTS) notes.push(`page of ${elements} elements: too large to read again`);
  }

  const capture: PageCapture = {
    url: pageUrl,
    ...(canonicalUrl === undefined ? {} : { canonicalUrl }),
    title,
    ...(lang === undefined ? {} : { lang }),
    ...(siteName === undefined ? {} : { siteName }),
    ...(byline === undefined ? {} : { byline }),
    ...(publishedAt === undefined ? {} : { publishedAt }),
    text,
    headings: main.headings,
    ...(main.italicTitles === undefined || main.italicTitles.length === 0 ? {} : { italicTitles: [...main.italicTitles] }),
    entities,
    relations: structured.relations,
    trigger: options.trigger ?? 'auto',
    capturedAt,
    notes: notes.slice(0, MAX_NOTES).map((n) => truncate(n, MAX_NOTE_CHARS)),
    extractMs,
  };
  return capture;
}

/** The page's element count (one native call, no walk); 0 when the page makes it fail. */
function elementTotal(doc: Document): number {
  try {
    const all = callMember(doc, 'getElementsByTagName', '*');
    const count = typeof all === 'object' && all !== null ? readMember(all, 'length') : 0;
    return typeof count === 'number' ? count : 0;
  } catch {
    return 0;
  }
}

const NO_STRUCTURE = { entities: [], relations: [], notes: [] };

/**
 * Meta tags and structured data (JSON-LD, microdata). A page whose markup makes this throw
 * still has its text read: the failure becomes a note, never the end of the capture.
 */
function readStructured(scan: PageScan, notes: string[]): { meta: PageMeta; structured: ReturnType<typeof buildStructuredGraph> } {
  let meta: PageMeta = { get: () => undefined };
  try {
    meta = readMeta(scan.metas);
    const jsonLd = readJsonLd(scan.typedScripts);
    notes.push(...jsonLd.notes);
    const inputs: StructuredInput[] = jsonLd.values.map((value) => ({ value, origin: 'json-ld' }));
    for (const item of readMicrodata(scan.itemScopes)) inputs.push({ value: item, origin: 'microdata' });
    const structured = buildStructuredGraph(inputs);
    notes.push(...structured.notes);
    return { meta, structured };
  } catch (error) {
    notes.push(`structured data not read: ${error instanceof Error ? error.message : String(error)}`);
    return { meta, structured: NO_STRUCTURE };
  }
}

function rootLang(doc: Document): string | null {
  const root = documentElementOf(doc);
  return root === null ? null : attrOf(root, 'lang');
}

function truncateUrl(href: string): string {
  const parsed = new URL(href);
  parsed.hash = '';
  if (parsed.href.length > MAX_URL_LENGTH) parsed.search = '';
  return parsed.href.slice(0, MAX_URL_LENGTH);
}
