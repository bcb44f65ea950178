/**
 * The analysis pipeline (folder `analysis/`: this pipeline, its stages and the entity cap),
 * Capture → CaptureAnalysis: the page's central entities and relations. Structured
 * data first (most trusted), then the stages in turn: mentions (`mention-stage.ts`),
 * grouping with short-name folding and boilerplate removed (`grouping-stage.ts`), typing
 * (`typing-stage.ts`), salience, keep and cap (`salience-stage.ts`), and relations from
 * structured data and from explicit textual patterns whose two ends are both kept
 * entities, precision over recall (`relation-stage.ts`). Each stage is a generator whose
 * `yield` ends a bounded slice of work, so the async variant can yield and keep a budget.
 */
import type { CaptureAnalysis, PageCapture } from '../../core/capture';
import { DEFAULT_MAX_ENTITIES_PER_PAGE } from '../../core/capture-settings';
import { foldWhitespace, truncate } from '../page/sanitize';
import { pageEntityCap } from './entity-cap';
import { NO_RULES_OFF, type RuleId } from '../rules/registry';
import { pageSentences } from '../relations/page-sentences';
import { withPublisherNames } from '../relations/publisher';
import { findMentions } from './mention-stage';
import { groupMentions, structuredGroups } from './grouping-stage';
import { italicWorks, listTypes, phrasePersons, voteTypes } from './typing-stage';
import { knownNames } from '../gazetteer/known-names';
import { rankEntities } from './salience-stage';
import { findRelations } from './relation-stage';
import type { AnalyzeOptions, Slice, StageContext } from './stage';

export type { AnalyzeOptions, ObservedCandidate } from './stage';

/** Default cap on entities per page: the settings' default, the salient names of an article without its long tail. */
export const DEFAULT_MAX_ENTITIES = DEFAULT_MAX_ENTITIES_PER_PAGE;
/** Hard ceiling on the cap, whatever the caller asks. */
const MAX_ENTITIES_CEILING = 200;
/** Text given to the recognizer; longer text is cut with a note (captures are ≤ 200k already). */
export const MAX_ANALYZE_CHARS = 200_000;
/** Notes kept per analysis (the capture's and the analysis's own). */
const MAX_NOTES = 20;

/**
 * Time analysis may take in the background before it stops and keeps what it found.
 * Real pages take 20–300 ms; 5 s is a page far outside that (a hostile or pathological
 * one), and the worker answers other messages between slices meanwhile.
 */
export const ANALYSIS_BUDGET_MS = 5_000;
/** How each note of an analysis the budget stopped begins (`analysisStopped`). */
const STOPPED_NOTE = 'analysis stopped after';
/** True when the notes say the time budget stopped the analysis before the end of the text. */
export function analysisStopped(notes: readonly string[]): boolean {
  return notes.some((n) => n.startsWith(STOPPED_NOTE));
}
/**
 * Characters recognized per slice. The trained recognizer reads 1–3 ms per 1,000
 * characters of any text (prose or hostile runs), so a slice stays well under 50 ms;
 * most articles (under 10k characters) are one slice and read as one document.
 */
export const SLICE_CHARS = 10_000;
/** Characters removed by folding in the background from which the page gets a note (a few stray ones are normal). */
const FOLD_NOTE_CHARS = 1_000;

export interface AsyncAnalyzeOptions extends AnalyzeOptions {
  /** Stop after this many ms of analysis (default `ANALYSIS_BUDGET_MS`), keeping what was found. */
  readonly budgetMs?: number;
  /** Monotonic ms for the budget; defaults to `timer`, then `performance.now()`. */
  readonly now?: () => number;
  /** Called between slices; defaults to a macrotask (`setTimeout(0)`) so other messages run. */
  readonly yieldNow?: () => Promise<void>;
}

/**
 * Synchronous analysis, without a time budget (evals, tests, the CLI). The background
 * uses `analyzeCaptureAsync`; both run the same steps and give the same result when
 * the budget is not spent.
 *
 * @example
 *   const analysis = analyzeCapture(capture, { recognizer: createRuleRecognizer() });
 *   analysis.entities[0] // { name: 'Stripe', type: 'company', salience: 1, origin: 'both', … }
 */
export function analyzeCapture(capture: PageCapture, options: AnalyzeOptions): CaptureAnalysis {
  const steps = analysisSteps(capture, options, () => false);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/**
 * Analysis in slices of at most `SLICE_CHARS` characters (or `MENTIONS_PER_STEP`
 * mentions), yielding to the event loop between slices, stopped when `budgetMs` is
 * spent: the result then holds what was found so far and a note says how much of the
 * text was read.
 *
 * @example
 *   const analysis = await analyzeCaptureAsync(capture, { recognizer, budgetMs: 5_000 });
 *   analysis.notes // ['analysis stopped after 5 s: 42% of the text read'] on a hostile page
 */
export async function analyzeCaptureAsync(capture: PageCapture, options: AsyncAnalyzeOptions): Promise<CaptureAnalysis> {
  const now = options.now ?? options.timer ?? (() => performance.now());
  const budget = Math.max(0, options.budgetMs ?? ANALYSIS_BUDGET_MS);
  const yieldNow = options.yieldNow ?? nextTask;
  const started = now();
  const steps = analysisSteps(capture, { ...options, timer: options.timer ?? now }, () => now() - started >= budget, budget);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    await yieldNow();
  }
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The analysis as steps: each `yield` ends a bounded slice of work. `expired` is read
 * before each slice of the text; once true, the text not yet read is skipped and the
 * analysis finishes with what it has (grouping, salience and relations of the read part).
 */
function* analysisSteps(
  capture: PageCapture,
  options: AnalyzeOptions,
  expired: () => boolean,
  budgetMs = 0,
): Generator<void, CaptureAnalysis, void> {
  const timer = options.timer ?? (() => performance.now());
  const started = timer();
  const rulesOff = options.rulesOff ?? NO_RULES_OFF;
  const on = (rule: RuleId) => !rulesOff.has(rule);
  const notes: string[] = [];
  // The configured cap is for an ordinary article; a longer page keeps more (entity-cap.ts).
  const cap = pageEntityCap(
    Math.floor(options.maxEntities ?? DEFAULT_MAX_ENTITIES),
    Math.min(capture.text.length, MAX_ANALYZE_CHARS),
    MAX_ENTITIES_CEILING,
  );
  // The background does not trust the content script: white space is folded again here.
  const read = capture.text.length > MAX_ANALYZE_CHARS ? truncate(capture.text, MAX_ANALYZE_CHARS) : capture.text;
  const text = foldWhitespace(read);
  if (capture.text.length > MAX_ANALYZE_CHARS) notes.push(`analysis read the first ${MAX_ANALYZE_CHARS} characters of the text`);
  // The content script folds already; text that still needed it came from somewhere else (a
  // crafted message), and the page's record says so.
  if (read.length - text.length >= FOLD_NOTE_CHARS)
    notes.push(`folded ${read.length - text.length} characters of unusual white space the capture still held`);
  const slices = sliceText(text, SLICE_CHARS);
  let stopped = false;
  const stop = (what: string) => {
    if (stopped) return;
    stopped = true;
    notes.push(`${STOPPED_NOTE} ${formatSeconds(budgetMs)}: ${what}`);
  };
  const ctx: StageContext = { capture, options, text, on, notes, expired, stop };

  // 1. Structured data: trusted names, types, aliases and attributes.
  // The site's name reduced to its organization ("Segment Blog" → "Segment", publisher.ts).
  const page = structuredGroups(withPublisherNames(capture));
  const { groups } = page;

  yield;

  // 2. Text mentions, one slice of the text at a time, grouped by name.
  const found = yield* findMentions(ctx, slices);
  const { mentionGroup, work } = yield* groupMentions(ctx, found, page);

  // 3. Types for text-only groups: the best-supported vote.
  voteTypes(groups);
  if (on('phrase-persons')) phrasePersons(groups);
  if (on('list-types')) listTypes(text, groups, mentionGroup, (name) => knownNames().has(name));
  if (on('italic-works')) italicWorks(text, groups, new Set(capture.italicTitles ?? []), (name) => knownNames().has(name));
  yield;

  // 4. Salience, filter, cap.
  const { entities, keptGroups } = yield* rankEntities(ctx, { groups, found, mentionGroup, cap, work });
  yield;

  // 5. Relations: structured first, then textual patterns; both ends kept, deduplicated.
  const { relations, keptMentions, readEnd } = yield* findRelations(ctx, {
    page,
    found,
    mentionGroup,
    keptGroups,
  });

  // The analysis's own notes (the budget note above all) are never pushed out by the page's.
  const ownNotes = notes.slice(0, MAX_NOTES);
  return {
    url: capture.url,
    title: capture.title,
    ...(capture.lang === undefined ? {} : { lang: capture.lang }),
    ...(capture.byline === undefined ? {} : { byline: capture.byline }),
    ...(capture.publishedAt === undefined ? {} : { publishedAt: capture.publishedAt }),
    entities,
    relations,
    notes: [...capture.notes.slice(0, MAX_NOTES - ownNotes.length), ...ownNotes],
    analyzeMs: Math.max(0, timer() - started),
    sentences: pageSentences(text.slice(0, readEnd), keptMentions),
    ...(capture.pdf === undefined ? {} : { pdfPages: capture.pdf.pages }),
  };
}

/**
 * Cuts `text` into slices of at most `max` characters, each ending at a line break
 * when one falls in its second half, else at a space, else anywhere (not inside a
 * surrogate pair).
 *
 * @example
 *   sliceText('ab\ncd', 4) // [{ start: 0, end: 3 }, { start: 3, end: 5 }]
 */
export function sliceText(text: string, max: number): Slice[] {
  const out: Slice[] = [];
  const size = Math.max(2, Math.floor(max));
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const half = start + Math.floor(size / 2);
      const line = text.lastIndexOf('\n', end - 1);
      const space = text.lastIndexOf(' ', end - 1);
      if (line >= half) end = line + 1;
      else if (space >= half) end = space + 1;
      else if (isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    }
    out.push({ start, end });
    start = end;
  }
  return out;
}
function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
/** "5 s", "250 ms". */
function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${Math.round(ms)} ms`;
}
