/**
 * The capture contract: what the content script sends the background for one page.
 * Everything in it came from an untrusted web page, so the schema bounds every
 * field and the background parses it field by field on arrival.
 */
import { z } from 'zod';
import { ENTITY_TYPES, MAX_NAME_LENGTH } from './graph/types';
import { emptyRecord, ownRecordSchema } from './records';

import {
  MAX_CAPTURE_TEXT,
  MAX_ITALIC_TITLE_CHARS,
  MAX_ITALIC_TITLES,
  MAX_STRUCTURED_ENTITIES,
  MAX_STRUCTURED_RELATIONS,
  MAX_URL_LENGTH,
} from './capture-limits';

export { MAX_CAPTURE_TEXT, MAX_STRUCTURED_ENTITIES, MAX_STRUCTURED_RELATIONS };
/** A PDF's page count as recorded (a PDF may claim any count; past this it is a crafted file). */
const MAX_PDF_PAGE_COUNT = 1_000_000;
/** Page starts a PDF capture carries (the reader reads fewer pages than this). */
const MAX_PDF_PAGE_STARTS = 5_000;
const MAX_SNIPPET = 400;

const boundedString = (max: number) => z.string().max(max);

export const structuredEntitySchema = z.object({
  /** Local reference inside this capture (JSON-LD `@id` or a generated one). */
  ref: boundedString(300),
  name: z.string().min(1).max(MAX_NAME_LENGTH),
  type: z.enum(ENTITY_TYPES),
  /** The schema.org type it came from, e.g. `Corporation`. */
  sourceType: boundedString(80).optional(),
  aliases: z.array(z.string().min(1).max(MAX_NAME_LENGTH)).max(20).default([]),
  /** Keys may be any string, `__proto__` included (`ownRecordSchema` keeps it; `z.record` would drop it). */
  attributes: ownRecordSchema(boundedString(80), boundedString(2000)).default(() => emptyRecord<string>()),
  description: boundedString(1000).optional(),
  /** Where it came from: json-ld, microdata, opengraph, meta. */
  origin: z.enum(['json-ld', 'microdata', 'opengraph', 'meta']),
});
export type StructuredEntity = z.infer<typeof structuredEntitySchema>;

export const structuredRelationSchema = z.object({
  from: boundedString(300),
  to: boundedString(300),
  label: z.string().min(1).max(80),
});
export type StructuredRelation = z.infer<typeof structuredRelationSchema>;

export const pageCaptureSchema = z.object({
  url: z.string().url().max(MAX_URL_LENGTH),
  canonicalUrl: z.string().url().max(MAX_URL_LENGTH).optional(),
  title: boundedString(1000),
  lang: boundedString(35).optional(),
  siteName: boundedString(300).optional(),
  byline: boundedString(300).optional(),
  publishedAt: boundedString(64).optional(),
  /** Readability's article text (or the body's text when there is no article). */
  text: boundedString(MAX_CAPTURE_TEXT),
  /** Section headings of the article, for salience. */
  headings: z.array(boundedString(300)).max(200).default([]),
  /** Title-shaped texts the article sets in italics (titles of works by the usual typography; `extract/article/italic-titles.ts`). */
  italicTitles: z.array(boundedString(MAX_ITALIC_TITLE_CHARS)).max(MAX_ITALIC_TITLES).optional(),
  entities: z.array(structuredEntitySchema).max(MAX_STRUCTURED_ENTITIES).default([]),
  relations: z.array(structuredRelationSchema).max(MAX_STRUCTURED_RELATIONS).default([]),
  /** How the capture was triggered. */
  trigger: z.enum(['auto', 'manual', 'shortcut', 'headless']).default('auto'),
  capturedAt: z.number().int().nonnegative(),
  notes: z.array(boundedString(300)).max(20).default([]),
  /** Capture time in the page, for the figures. */
  extractMs: z.number().nonnegative().optional(),
  /** Set when the capture is a PDF's (`extract/pdf`): its page count and the offset in `text` where each page starts. */
  pdf: z
    .object({
      pages: z.number().int().nonnegative().max(MAX_PDF_PAGE_COUNT),
      pageStarts: z.array(z.number().int().nonnegative().max(MAX_CAPTURE_TEXT)).max(MAX_PDF_PAGE_STARTS),
    })
    .optional(),
});
export type PageCapture = z.infer<typeof pageCaptureSchema>;

/** Longest note a capture may carry (the schema's bound). */
const MAX_NOTE_CHARS = 300;

export type CaptureAcceptance =
  { readonly ok: true; readonly capture: PageCapture; readonly salvaged: boolean } | { readonly ok: false; readonly message: string };

/**
 * A capture as the background takes it: valid as sent, or, when only its structured
 * data, headings or notes break the contract, the page's text kept with those dropped
 * and a note saying so (a hostile page's JSON-LD never costs the page). A capture
 * whose url, title, text or time is bad is refused.
 *
 * @example
 *   const accepted = acceptCapture(message.capture);
 *   if (!accepted.ok) throw new InvalidArgumentsError(accepted.message);
 */
export function acceptCapture(raw: unknown): CaptureAcceptance {
  const sent = pageCaptureSchema.safeParse(raw);
  if (sent.success) return { ok: true, capture: sent.data, salvaged: false };
  const issue = sent.error.issues[0];
  const why = `${issue?.path.join('.') || 'capture'}: ${issue?.message ?? 'invalid'}`;
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    const note = `structured data dropped: it did not pass validation (${why})`.slice(0, MAX_NOTE_CHARS);
    const kept = pageCaptureSchema.safeParse({ ...raw, headings: [], italicTitles: [], entities: [], relations: [], notes: [note] });
    if (kept.success) return { ok: true, capture: kept.data, salvaged: true };
  }
  return { ok: false, message: `the capture is not valid (${why})` };
}

/** A mention found in text by a recognizer, with character offsets into the text. */
export interface Mention {
  readonly text: string;
  readonly type: (typeof ENTITY_TYPES)[number];
  readonly start: number;
  readonly end: number;
  /** 0..1, how sure the recognizer is. */
  readonly score: number;
  /** Read only by the fallback recognizer filling the trained model's gaps (`withWebNames`). */
  readonly fallback?: true;
}

export const clipSchema = z.object({
  text: z.string().min(1).max(MAX_NAME_LENGTH),
  url: z.string().url().max(MAX_URL_LENGTH),
  title: boundedString(1000),
  snippet: boundedString(MAX_SNIPPET).optional(),
});

/** One entity a page contributes, after recognition, structured data and salience. */
export interface AnalyzedEntity {
  readonly name: string;
  readonly type: (typeof ENTITY_TYPES)[number];
  readonly aliases: readonly string[];
  readonly attributes: Readonly<Record<string, string>>;
  readonly description?: string;
  /** 0..1: how central the entity is to the page (used for ranking and the cap). */
  readonly salience: number;
  /** How many times it was mentioned on the page. */
  readonly mentions: number;
  /** The first sentence it appears in (plain text, bounded): its evidence. */
  readonly snippet: string;
  readonly origin: 'structured' | 'text' | 'both';
  /** Structured-data reference (`StructuredEntity.ref`), when it came from there. */
  readonly ref?: string;
}

/** A relationship read from the page: from and to are names of `AnalyzedEntity`s. */
export interface AnalyzedRelation {
  readonly from: string;
  readonly to: string;
  readonly label: string;
  /** The sentence it was read from, or a description of the structured field. */
  readonly snippet: string;
  readonly origin: 'structured' | 'text';
  /** A classified relation's probability (0..1); patterns and structured data leave it out. */
  readonly confidence?: number;
}

/** What ingestion consumes: the page's central entities and relations. */
export interface CaptureAnalysis {
  readonly url: string;
  readonly title: string;
  readonly lang?: string;
  /** The capture's author line and publication date, kept on the page record. */
  readonly byline?: string;
  readonly publishedAt?: string;
  readonly entities: readonly AnalyzedEntity[];
  readonly relations: readonly AnalyzedRelation[];
  readonly notes: readonly string[];
  readonly analyzeMs: number;
  /** Set for a PDF: its page count (kept on the page record). */
  readonly pdfPages?: number;
  /** Main-text sentences, bounded (`graph/page-sentences.ts`, those naming a kept entity first); the page record keeps them. */
  readonly sentences?: readonly string[];
}
