/**
 * The capture part of the user's settings, read without a schema library: the
 * content script needs it on every page before it reads anything, and a validator
 * would be most of its size. `settingsSchema` uses this same reader for its
 * `capture` field, so the background, the side panel and the page agree. Lenient
 * like the rest of the settings: a missing or bad field gets its default.
 */
import { DEFAULT_SENTENCE_STORE_MB } from './graph/page-sentences';

/**
 * Sites never captured unless the user edits the list: banking, webmail, login and
 * payment pages carry private data that does not belong in a research graph.
 * Patterns: a host (`mail.google.com`), a host suffix (`*.bank.com`), or a URL
 * prefix (`https://example.com/account/`).
 */
export const DEFAULT_BLOCKLIST: readonly string[] = [
  'mail.google.com',
  'outlook.live.com',
  'outlook.office.com',
  'mail.yahoo.com',
  'mail.proton.me',
  'app.fastmail.com',
  'accounts.google.com',
  'login.microsoftonline.com',
  'login.live.com',
  'appleid.apple.com',
  'id.atlassian.com',
  '*.paypal.com',
  '*.chase.com',
  '*.bankofamerica.com',
  '*.wellsfargo.com',
  '*.citi.com',
  '*.hsbc.com',
  '*.barclays.co.uk',
  '*.revolut.com',
  '*.wise.com',
  '*.n26.com',
  'web.whatsapp.com',
  'messages.google.com',
  'web.telegram.org',
  '*.1password.com',
  '*.bitwarden.com',
  'vault.lastpass.com',
];

/** Per-page cap on kept entities for an ordinary article (it grows with longer pages, `extract/entity-cap.ts`); 30 rather than the capture issue's "about 25": on the page gold 25 → 30 found 2% more of the must-have names for about one more entity per page. */
export const DEFAULT_MAX_ENTITIES_PER_PAGE = 30;
/**
 * How long a page is read before what was read is stored (wall-clock, in the page): a page
 * cut short is read again with more time once Ariadne is idle. A user on a slow computer
 * raises it.
 */
export const DEFAULT_READING_BUDGET_MS = 1_500;
/** The reading budget the setting allows. */
export const MIN_READING_BUDGET_MS = 10;
export const MAX_READING_BUDGET_MS = 10_000;
/** Longest site pattern kept, and most patterns per list. */
const MAX_PATTERN_LENGTH = 300;
const MAX_PATTERNS = 2000;
const MAX_ENTITIES_PER_PAGE = 200;
/** Largest sentence store the setting allows: 2 GB is past what a browser profile gives an extension without asking. */
const MAX_SENTENCE_STORE_MB = 2_000;

export interface CaptureSettings {
  /** auto: every allowed page at idle; manual: only the toolbar button, shortcut or menu. */
  mode: 'auto' | 'manual';
  paused: boolean;
  blocklist: string[];
  /** When non-empty, auto capture only runs on these sites. */
  allowlist: string[];
  /** file:// pages are skipped unless the user allows them. */
  allowFileUrls: boolean;
  maxEntitiesPerPage: number;
  /**
   * Keep the page's main-text sentences on the page record (bounded: 200 sentences, 60 kB
   * a page, those naming its entities first), so questions can be answered from what was
   * read and the page can be re-read by a better analyzer. Off: no page text beyond
   * evidence snippets is stored.
   */
  keepSentences: boolean;
  /**
   * Bound on the kept sentences of all pages together, in MB: past it the oldest pages'
   * sentences are dropped first (`core/ingest/reread-sentence-budget.ts`).
   */
  sentenceStoreMb: number;
  /** How long a page is read before what was read is stored, in ms (`DEFAULT_READING_BUDGET_MS`). */
  readingBudgetMs: number;
}

/**
 * @example
 *   parseCaptureSettings({ mode: 'manual', paused: 'yes' }) // mode 'manual', paused false (bad value), other defaults
 */
export function parseCaptureSettings(raw: unknown): CaptureSettings {
  const get = (key: string): unknown =>
    typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? Reflect.get(raw, key) : undefined;
  const mode = get('mode');
  const max = get('maxEntitiesPerPage');
  return {
    mode: mode === 'auto' || mode === 'manual' ? mode : 'auto',
    paused: booleanOr(get('paused'), false),
    blocklist: patternsOr(get('blocklist'), DEFAULT_BLOCKLIST),
    allowlist: patternsOr(get('allowlist'), []),
    allowFileUrls: booleanOr(get('allowFileUrls'), false),
    maxEntitiesPerPage:
      typeof max === 'number' && Number.isInteger(max) && max >= 1 && max <= MAX_ENTITIES_PER_PAGE ? max : DEFAULT_MAX_ENTITIES_PER_PAGE,
    keepSentences: booleanOr(get('keepSentences'), true),
    sentenceStoreMb: storeMbOr(get('sentenceStoreMb')),
    readingBudgetMs: readingBudgetOr(get('readingBudgetMs')),
  };
}

/** A whole number of MB from 1 to `MAX_SENTENCE_STORE_MB`, else the default. */
function storeMbOr(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_SENTENCE_STORE_MB
    ? value
    : DEFAULT_SENTENCE_STORE_MB;
}

/** A whole number of ms from `MIN_READING_BUDGET_MS` to `MAX_READING_BUDGET_MS`, else the default. */
function readingBudgetOr(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_READING_BUDGET_MS && value <= MAX_READING_BUDGET_MS
    ? value
    : DEFAULT_READING_BUDGET_MS;
}

function booleanOr(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** A list of site patterns as stored, or (any entry bad, or too many) a copy of the fallback. */
function patternsOr(value: unknown, fallback: readonly string[]): string[] {
  if (!Array.isArray(value) || value.length > MAX_PATTERNS) return [...fallback];
  const out: string[] = [];
  for (const p of value) {
    if (typeof p !== 'string' || p.length > MAX_PATTERN_LENGTH) return [...fallback];
    out.push(p);
  }
  return out;
}
