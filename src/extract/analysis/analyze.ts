/**
 * Capture → CaptureAnalysis: the page's central entities and relations. Structured
 * data first (most trusted), then recognizer mentions over the main text, grouped
 * by normalized name with short-name folding, boilerplate removed, ranked by
 * salience and capped; relations from structured data and from explicit textual
 * patterns whose two ends are both kept entities (precision over recall).
 */
import type { AnalyzedEntity, AnalyzedRelation, CaptureAnalysis, Mention, PageCapture } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { DEFAULT_MAX_ENTITIES_PER_PAGE } from '../../core/capture-settings';
import { nameKey } from '../../core/text/normalize';
import { isBoilerplateName, isImplausibleName } from '../mentions/boilerplate';
import { isDistinctiveName, isRareName } from '../words/common-words';
import { headType } from '../mentions/type-cues';
import type { EntityRecognizer, Gazetteer } from '../mentions/recognizer';
import { foldWhitespace, sanitizeLine, truncate } from '../page/sanitize';
import { CONFIDENT_TYPE_SCORE, keepRanked, pageEntityCap } from './entity-cap';
import { foldShortNames } from '../mentions/name-folding';
import { knownNames } from '../gazetteer/known-names';
import { keepFeatures, type CandidateView } from '../keep/features';
import { KEEP_MODEL, keepProbability, type KeepModel } from '../keep/keep-model';
import { ORGANIZATION_NAME_WORDS } from '../rules/lexicon/cues';
import { isGenericTerm } from '../rules/lexicon/generic-terms';
import { NO_RULES_OFF, type RuleId, type RulesOff } from '../rules/registry';
import { MAX_SNIPPET, sentenceAt } from '../page/snippet';
import { withTeamSense } from '../mentions/team-sense';
import { findTextRelations } from '../relations/text-relations';
import { mergeRelations } from '../relations/cooccurrence';
import { classifyRelations, type RelationReaders } from '../relations/extract';
import { pageSentences } from '../relations/page-sentences';
import { authorRefs, publisherRefs, speaksAs, withPublisherNames } from '../relations/publisher';

/** Default cap on entities per page: the settings' default, the salient names of an article without its long tail. */
export const DEFAULT_MAX_ENTITIES = DEFAULT_MAX_ENTITIES_PER_PAGE;
/** Hard ceiling on the cap, whatever the caller asks. */
const MAX_ENTITIES_CEILING = 200;
/** Text given to the recognizer; longer text is cut with a note (captures are ≤ 200k already). */
export const MAX_ANALYZE_CHARS = 200_000;
/** Mentions considered per page. */
const MAX_MENTIONS = 20_000;
/** A word in lower case (slices end at spaces or line breaks, so no word is cut in two). */
const LOWER_WORD = /(?<![\p{L}\p{N}])\p{Ll}+(?![\p{L}\p{N}])/gu;
/** Words of a text name; longer runs of capitals are titles and headings. */
const MAX_NAME_WORDS = 6;
/** Words of an institution's name joined by "of", "for" or "and" ("National Institute of Standards and Technology"). */
const MAX_LINKED_NAME_WORDS = 9;
/** Text-only names with one weak mention are too often noise to keep. */
const MIN_SINGLE_MENTION_SCORE = 0.6;
/**
 * A name of proper-name shape (`isDistinctiveName`: "Flutterwave", "Brookings Institution")
 * mentioned once is kept from this lower score: most single mentions on a page score 0.5–0.6
 * (the model's unfamiliar names, the rules' capitalized unknowns), and on the page gold the
 * ones between that are not capitalized phrases ("Small Business", "AI-focused") are mostly
 * real names.
 */
const MIN_DISTINCTIVE_SINGLE_SCORE = 0.5;
/**
 * …and a rare one (`isRareName`: no everyday English word either, "Fidessa", "Kestrel") from this
 * score: the model's unfamiliar single names score 0.25–0.5 ("The companies include …, Fidessa
 * and Elementum"), and on the page gold three in four of those are real names once everyday
 * words ("Funny", "Furthermore") are out.
 */
const MIN_RARE_SINGLE_SCORE = 0.25;
/** A mention this sure (rule recognizer: gazetteer or graph match) needs no prose around it. */
const SURE_MENTION_SCORE = 0.9;
/** Salience factor of a name whose every mention scored under 0.5: kept when there is room, never instead of a surer one. */
const UNSURE_SALIENCE = 0.5;
const MAX_RELATIONS = 100;
/** Notes kept per analysis (the capture's and the analysis's own). */
const MAX_NOTES = 20;
/**
 * Mentions of one name checked for running prose: a name none of whose first 50 mentions
 * is in prose is a label or a heading, and a page repeating one name 20k times would
 * otherwise cost half a second in one step.
 */
const MAX_PROSE_CHECKS = 50;
/** Lower-case words of a line that starts in lower case from which it is the rest of a wrapped sentence. */
const MIN_CONTINUED_LOWER = 2;
/** A line with fewer words than this is a label, menu item or heading, not prose. */
const MIN_PROSE_WORDS = 4;
/** …and one with fewer lower-case words than this share is title-cased (a heading)… */
const MIN_PROSE_LOWER_SHARE = 0.4;
/** …unless it ends as a sentence with at least this many lower-case words (a sentence listing names). */
const MIN_LIST_SENTENCE_LOWER = 8;
/** …or, when it lists names with commas, at least this many ("The companies include A, B and C."). */
const MIN_SHORT_LIST_LOWER = 3;
/** On non-English pages a one-word text name needs a gazetteer or graph match (rule score 0.9)… */
const FOREIGN_MIN_SCORE = 0.9;
/** …and a multi-word one at least a cue (rule score 0.75). */
const FOREIGN_MIN_MULTIWORD_SCORE = 0.75;
/** Share of other languages' function words from which an unlabeled text is not English. */
const FOREIGN_STOPWORD_SHARE = 0.03;
/** Share of non-Latin words from which an unlabeled text is not English. */
const NON_LATIN_SHARE = 0.5;
/** Words sampled for the language guess. */
const LANGUAGE_SAMPLE_WORDS = 3_000;
const ENGLISH_STOPWORDS = new Set([
  'the',
  'and',
  'of',
  'to',
  'in',
  'is',
  'that',
  'for',
  'with',
  'on',
  'was',
  'are',
  'it',
  'this',
  'as',
  'by',
  'be',
  'at',
  'from',
  'have',
  'has',
]);
// German, French, Spanish, Italian, Portuguese and Dutch function words that are not English words.
const FOREIGN_STOPWORDS = new Set([
  'der',
  'die',
  'und',
  'das',
  'ist',
  'nicht',
  'mit',
  'le',
  'les',
  'et',
  'est',
  'une',
  'des',
  'du',
  'pour',
  'dans',
  'el',
  'los',
  'las',
  'y',
  'del',
  'que',
  'una',
  'por',
  'il',
  'di',
  'che',
  'della',
  'per',
  'sono',
  'não',
  'em',
  'um',
  'uma',
  'het',
  'een',
  'van',
  'zijn',
]);
const MAX_ALIASES = 20;
/** Salience weights: structured data and the title weigh most, then frequency, headings, position. */
const W_STRUCTURED = 0.3;
const W_TITLE = 0.25;
const W_FREQUENCY = 0.25;
const W_HEADING = 0.1;
const W_POSITION = 0.1;

/**
 * Time analysis may take in the background before it stops and keeps what it found.
 * Real pages take 20–300 ms; 5 s is a page far outside that (a hostile or pathological
 * one), and the worker answers other messages between slices meanwhile.
 */
export const ANALYSIS_BUDGET_MS = 5_000;
/**
 * Characters recognized per slice. The trained recognizer reads 1–3 ms per 1,000
 * characters of any text (prose or hostile runs), so a slice stays well under 50 ms;
 * most articles (under 10k characters) are one slice and read as one document.
 */
export const SLICE_CHARS = 10_000;
/** Characters removed by folding in the background from which the page gets a note (a few stray ones are normal). */
const FOLD_NOTE_CHARS = 1_000;
/** Mentions grouped, filtered or scored between two checks of the budget. */
const MENTIONS_PER_STEP = 2_000;

export interface AnalyzeOptions {
  readonly recognizer: EntityRecognizer;
  readonly gazetteer?: Gazetteer;
  readonly maxEntities?: number;
  /** Monotonic ms for `analyzeMs`; defaults to `performance.now()`. */
  readonly timer?: () => number;
  /** Rule families switched off (`rules/registry.ts`; `npm run eval:ablate`); none in the extension. */
  readonly rulesOff?: RulesOff;
  /** The keep stage's model (`keep/keep-model.ts`); `null` keeps every candidate (ablation, training). */
  readonly keepModel?: KeepModel | null;
  /** Sees every text-found candidate the keep stage judged, with its features (training, `npm run train:keep`). */
  readonly observeCandidates?: (candidates: readonly ObservedCandidate[]) => void;
  /** Which relation readers decide (`eval:relations --readers` measures the classifier alone); `rules: false` drops the text patterns too. */
  readonly relationReaders?: RelationReaders;
}

/** A candidate the keep stage judged, as `observeCandidates` receives it. */
export interface ObservedCandidate {
  readonly name: string;
  readonly type: EntityType;
  readonly aliases: readonly string[];
  readonly features: readonly number[];
  readonly kept: boolean;
}

export interface AsyncAnalyzeOptions extends AnalyzeOptions {
  /** Stop after this many ms of analysis (default `ANALYSIS_BUDGET_MS`), keeping what was found. */
  readonly budgetMs?: number;
  /** Monotonic ms for the budget; defaults to `timer`, then `performance.now()`. */
  readonly now?: () => number;
  /** Called between slices; defaults to a macrotask (`setTimeout(0)`) so other messages run. */
  readonly yieldNow?: () => Promise<void>;
}

interface Group {
  name: string;
  type: EntityType;
  readonly keys: Set<string>;
  readonly aliases: Set<string>;
  attributes: Record<string, string>;
  description?: string;
  ref?: string;
  structured: boolean;
  mentions: Mention[];
  typeVotes: Map<EntityType, number>;
}

/** A piece of the text read in one step: `[start, end)` of the analysed text. */
interface Slice {
  readonly start: number;
  readonly end: number;
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
    notes.push(`analysis stopped after ${formatSeconds(budgetMs)}: ${what}`);
  };

  // 1. Structured data: trusted names, types, aliases and attributes.
  // The site's name reduced to its organization ("Segment Blog" → "Segment", publisher.ts).
  const { groups, byKey, byRef } = structuredGroups(withPublisherNames(capture));
  const index = (g: Group, name: string) => indexName(byKey, g, name);

  yield;

  // 2. Text mentions, one slice of the text at a time.
  const headingKeys = new Set(capture.headings.map((h) => nameKey(h)));
  const bylineKey = capture.byline === undefined ? undefined : nameKey(capture.byline);
  const recognizeOptions = options.gazetteer === undefined ? undefined : { gazetteer: options.gazetteer };
  let mentions: Mention[] = [];
  let readSlices = 0;
  // Words the page writes in lower case: a capitalized one of them alone is no name ("Client").
  const lowerWords = new Set<string>();
  for (const slice of slices) {
    if (expired()) {
      stop(`${Math.floor((100 * slice.start) / Math.max(1, text.length))}% of the text read`);
      break;
    }
    for (const m of options.recognizer.recognize(text.slice(slice.start, slice.end), recognizeOptions)) {
      mentions.push({ ...m, start: m.start + slice.start, end: m.end + slice.start });
    }
    for (const w of text.slice(slice.start, slice.end).match(LOWER_WORD) ?? []) lowerWords.add(w);
    readSlices += 1;
    if (mentions.length > MAX_MENTIONS) {
      notes.push(`only the first ${MAX_MENTIONS} mentions were read`);
      mentions = mentions.slice(0, MAX_MENTIONS);
      break;
    }
    yield;
  }
  const readText = slices.slice(0, readSlices);
  const textGroups: Group[] = [];
  const mentionGroup = new Map<Mention, Group>();
  const english = isEnglish(capture.lang, text);
  // On a sports page "England" beating "Pakistan" are teams, not countries.
  if (english && on('team-sense')) mentions = [...withTeamSense(mentions, text, capture.title)];
  if (!english) notes.push('not English: text names kept only when known or strongly cued');
  // A name the model once left untyped ("other") counts as a mention where another mention
  // of it on the page is typed (its type comes from those); alone, "other" is not kept,
  // unless the page repeats it and it is shaped like a name (`namedOther`).
  const typedKeys = new Set(mentions.filter((m) => m.type !== 'other').map((m) => nameKey(m.text)));
  const named = english && on('named-others') ? namedOthers(mentions, typedKeys) : new Map<string, EntityType>();
  let work = 0;
  for (const m of mentions) {
    if ((work += 1) % MENTIONS_PER_STEP === 0) yield;
    if (
      (m.type === 'other' && !typedKeys.has(nameKey(m.text)) && !named.has(m.text)) ||
      m.text.length > 120 ||
      (on('boilerplate-names') && isBoilerplateName(m.text)) ||
      (on('implausible-names') && isImplausibleName(m.text, m.type)) ||
      // "the CPU", "SKUs": a common noun in capitals names no one thing (rules/lexicon/generic-terms.ts).
      (on('generic-terms') && isGenericTerm(m.text))
    )
      continue;
    const key = nameKey(m.text);
    if (key.length < 2 || m.text.split(/\s+/).length > (/ (?:of|for|and) /.test(m.text) ? MAX_LINKED_NAME_WORDS : MAX_NAME_WORDS)) continue;
    const known = byKey.get(key);
    // The recognizer reads English: elsewhere only gazetteer/graph hits and cued multi-word names count.
    if (known === undefined && !english && !(m.score >= FOREIGN_MIN_SCORE || (m.score >= FOREIGN_MIN_MULTIWORD_SCORE && key.includes(' '))))
      continue;
    // A section heading is not an entity unless structured data or the rest of the text says so.
    // Its mentions in running prose say so ("Bob Dylan" is the article's heading and its subject).
    if (on('heading-names') && known === undefined && headingKeys.has(key) && key.includes(' ') && !inProse(text, m)) continue;
    if (on('byline-name') && known === undefined && bylineKey !== undefined && key === bylineKey) continue;
    let g = known;
    if (g === undefined) {
      g = {
        name: sanitizeLine(m.text, 200) ?? m.text,
        type: m.type,
        keys: new Set(),
        aliases: new Set(),
        attributes: {},
        structured: false,
        mentions: [],
        typeVotes: new Map(),
      };
      groups.push(g);
      textGroups.push(g);
      index(g, m.text);
    } else if (
      on('fuller-org-name') &&
      !g.structured &&
      m.text.startsWith(`${g.name} `) &&
      ORGANIZATION_NAME_WORDS.has(m.text.slice(g.name.length + 1))
    ) {
      // "Piaggio Group" after "Piaggio": the fuller proper form is the name shown, the short one an alias; a legal
      // form stays off it ("Stripe, Inc." is shown "Stripe").
      addAlias(g, g.name);
      g.name = sanitizeLine(m.text, 200) ?? g.name;
    }
    g.mentions.push(m);
    const vote = m.type === 'other' ? named.get(m.text) : m.type;
    if (vote !== undefined) g.typeVotes.set(vote, (g.typeVotes.get(vote) ?? 0) + m.score);
    mentionGroup.set(m, g);
  }
  if (on('short-name-folding')) foldShortNames(groups, mentionGroup, addAlias, (name) => knownNames().has(name));

  // 3. Types for text-only groups: the best-supported vote.
  voteTypes(groups);
  yield;

  // 4. Salience, filter, cap.
  const titleKey = ` ${nameKey(capture.title)} `;
  const headingsKey = ` ${capture.headings.map((h) => nameKey(h)).join(' | ')} `;
  const maxCount = Math.max(1, ...groups.map((g) => g.mentions.length));
  // A name one explicit statement ties to another ("Tim Goetz, CEO of Aplos") is a name,
  // even when mentioned once with a weak score.
  const relationArguments = new Set<Group>();
  const allByName = new Map<string, Group>();
  const grouped = mentions.filter((m) => {
    const g = mentionGroup.get(m);
    if (g === undefined || g.mentions.length === 0) return false;
    if (!allByName.has(g.name)) allByName.set(g.name, g);
    return true;
  });
  for (const r of yield* relationsBySlice(text, readText, on('text-patterns') ? grouped : [], mentionGroup, expired, () =>
    stop('relations read in part of the text'),
  )) {
    for (const name of [r.from, r.to]) {
      const g = allByName.get(name);
      if (g !== undefined) relationArguments.add(g);
    }
  }
  const candidates: Group[] = [];
  const keepModel = !on('keep-model') ? null : options.keepModel === undefined ? KEEP_MODEL : options.keepModel;
  const observed: ObservedCandidate[] = [];
  const nameRuns = innerRuns(groups.map((g) => g.name));
  for (const g of groups) {
    if ((work += Math.max(1, g.mentions.length)) >= MENTIONS_PER_STEP) {
      work = 0;
      yield;
    }
    // Only untyped mentions survived the filters: nothing says what it is.
    if (!g.structured && g.typeVotes.size === 0) continue;
    if (!(
      g.structured ||
      g.mentions.length > 1 ||
      (g.mentions[0]?.score ?? 0) >= MIN_SINGLE_MENTION_SCORE ||
      (on('single-mention-bars') &&
        (g.mentions[0]?.score ?? 0) >= MIN_DISTINCTIVE_SINGLE_SCORE &&
        isDistinctiveName(g.name, (w) => lowerWords.has(w))) ||
      (on('single-mention-bars') && (g.mentions[0]?.score ?? 0) >= MIN_RARE_SINGLE_SCORE && isRareName(g.name, (w) => lowerWords.has(w))) ||
      inKey(titleKey, g) ||
      relationArguments.has(g)
    ))
      continue;
    // Capitals in headings, menus and labels say nothing about names: a text-only name needs
    // a sure recognizer hit or one mention in running prose (measured with the whole gold
    // judged: without it, check precision 0.602 → 0.575 for recall 0.776 → 0.791).
    if (g.structured) candidates.push(g);
    else {
      const checked = g.mentions.slice(0, MAX_PROSE_CHECKS);
      const prose = checked.filter((m) => inProse(text, m)).length;
      if (on('prose-gate') && prose === 0 && !checked.some((m) => m.score >= SURE_MENTION_SCORE)) continue;
      // The keep stage (keep/): is this text-found name a real name of the article?
      const view = candidateView(text, g, {
        proseShare: prose / Math.max(1, checked.length),
        inTitle: inKey(titleKey, g),
        relationArgument: relationArguments.has(g),
        lowerWords,
        innerRuns: nameRuns,
      });
      const features = keepFeatures(view);
      const kept = keepModel === null || keepProbability(features, keepModel) >= keepModel.threshold;
      observed.push({ name: g.name, type: g.type, aliases: [...g.aliases], features, kept });
      if (kept) candidates.push(g);
    }
  }
  options.observeCandidates?.(observed);
  const scored = candidates
    .map((g) => {
      const first = g.mentions.reduce((min, m) => Math.min(min, m.start), Number.POSITIVE_INFINITY);
      const position = Number.isFinite(first) && text.length > 0 ? 1 - first / text.length : 0;
      const salience =
        W_STRUCTURED * (g.structured ? 1 : 0) +
        W_TITLE * (inKey(titleKey, g) ? 1 : 0) +
        W_FREQUENCY * (Math.log1p(g.mentions.length) / Math.log1p(maxCount)) +
        W_HEADING * (inKey(headingsKey, g) ? 1 : 0) +
        W_POSITION * position;
      // A name only the low bar let in (`MIN_RARE_SINGLE_SCORE`) ranks below the names the recognizers were sure of.
      const unsure = !g.structured && g.mentions.every((m) => m.score < MIN_DISTINCTIVE_SINGLE_SCORE) ? UNSURE_SALIENCE : 1;
      return { g, salience: Math.round(Math.min(1, salience * unsure) * 1000) / 1000, first };
    })
    .sort(
      (a, b) =>
        b.salience - a.salience ||
        b.g.mentions.length - a.g.mentions.length ||
        a.first - b.first ||
        (a.g.name < b.g.name ? -1 : a.g.name > b.g.name ? 1 : 0),
    );
  if (scored.length > cap) notes.push(`kept the ${cap} most salient of ${scored.length} entities`);
  const kept = keepRanked(scored, cap, (k) => !k.g.structured && k.g.mentions.some((m) => m.score >= CONFIDENT_TYPE_SCORE));
  const keptGroups = new Set(kept.map((k) => k.g));

  const entities: AnalyzedEntity[] = kept.map(({ g, salience }) => analyzedEntity(text, g, salience));
  yield;

  // 5. Relations: structured first, then textual patterns; both ends kept, deduplicated.
  const relations: AnalyzedRelation[] = [];
  const seen = new Set<string>();
  const push = (r: AnalyzedRelation) => {
    const key = `${nameKey(r.from)}|${r.label}|${nameKey(r.to)}`;
    if (seen.has(key) || r.from === r.to || relations.length >= MAX_RELATIONS) return;
    seen.add(key);
    relations.push(r);
  };
  for (const r of capture.relations) {
    const from = byRef.get(r.from);
    const to = byRef.get(r.to);
    if (from === undefined || to === undefined || !keptGroups.has(from) || !keptGroups.has(to)) continue;
    push({
      from: from.name,
      to: to.name,
      label: r.label,
      snippet: `structured data: ${from.name} ${r.label} ${to.name}`,
      origin: 'structured',
    });
  }
  const keptMentions = mentions.filter((m) => {
    const g = mentionGroup.get(m);
    return g !== undefined && keptGroups.has(g);
  });
  // A benchmark of the classifier alone (`relationReaders.rules: false`) leaves the text patterns out too.
  if (on('text-patterns') && options.relationReaders?.rules !== false)
    for (const r of yield* relationsBySlice(text, readText, keptMentions, mentionGroup, expired, () =>
      stop('relations read in part of the text'),
    ))
      push(r);
  // The trained classifier over every sentence with two kept names, then `mentioned_with`
  // (co-occurrence); the patterns' relations above stand where both speak of one pair.
  yield;
  const readEnd = readText.at(-1)?.end ?? 0;
  // "We" on a company's own blog is the company: the site's organization, when the text names it (publisher.ts).
  const publisher = [...publisherRefs(capture)]
    .map((ref) => byRef.get(ref))
    .find((g) => g !== undefined && keptGroups.has(g) && g.type === 'company' && speaksAs(g.name, text));
  // "I" on a post is its author: the one person the page's metadata or byline names as author, when kept (relations/publisher.ts).
  const bylined = groups.filter((g) => bylineKey !== undefined && nameKey(g.name) === bylineKey);
  const authors = new Set(
    [...[...authorRefs(capture)].map((ref) => byRef.get(ref)), ...bylined].filter(
      (g) => g !== undefined && keptGroups.has(g) && g.type === 'person',
    ),
  );
  const author = authors.size === 1 ? [...authors][0] : undefined;
  // The trigger rules switched off (registry) read as the readers' `rules: false`.
  const readers: RelationReaders | undefined = on('relation-triggers')
    ? options.relationReaders
    : { ...options.relationReaders, rules: false };
  const classified = classifyRelations(
    text.slice(0, readEnd),
    keptMentions,
    (m) => {
      const g = mentionGroup.get(m);
      return g === undefined ? undefined : { name: g.name, type: g.type };
    },
    {
      expired,
      ...(publisher === undefined ? {} : { publisher: { name: publisher.name, type: publisher.type } }),
      ...(author === undefined ? {} : { author: { name: author.name, type: author.type } }),
      ...(readers === undefined ? {} : { readers }),
    },
  );
  for (const r of mergeRelations(
    relations,
    on('relation-classifier') ? classified.relations : classified.relations.filter((r) => r.by !== 'classifier'),
    classified.coMentions,
  ))
    push(r);

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
  };
}

/** What the keep stage reads of a text-found group (`keep/features.ts`). */
function candidateView(
  text: string,
  g: Group,
  page: {
    readonly proseShare: number;
    readonly inTitle: boolean;
    readonly relationArgument: boolean;
    readonly lowerWords: ReadonlySet<string>;
    /** Runs of words inside the page's longer names (`innerRuns`). */
    readonly innerRuns: ReadonlySet<string>;
  },
): CandidateView {
  const votes = [...g.typeVotes.values()];
  const total = votes.reduce((a, b) => a + b, 0);
  const starts = g.mentions.filter((m) => opensSentence(text, m.start)).length;
  const glued = g.mentions.filter((m) => gluedToCapital(text, m)).length;
  return {
    name: g.name,
    type: g.type,
    scores: g.mentions.map((m) => m.score),
    proseShare: page.proseShare,
    sentenceStartShare: starts / Math.max(1, g.mentions.length),
    inTitle: page.inTitle,
    relationArgument: page.relationArgument,
    voteShare: total <= 0 ? 0 : Math.max(...votes) / total,
    known: knownNames().has(g.name),
    pageWritesLower: (w) => page.lowerWords.has(w),
    gluedShare: glued / Math.max(1, g.mentions.length),
    insideLonger: page.innerRuns.has(g.name),
  };
}

/** Names of at most this many words give their inner runs of words (`innerRuns`); longer ones are headlines. */
const MAX_INNER_RUN_NAME_WORDS = 9;

/** Every run of words strictly inside a group's name ("Battery" and "Ventures" of "Battery Ventures"). */
function innerRuns(names: readonly string[]): Set<string> {
  const runs = new Set<string>();
  for (const name of names) {
    const words = name.split(' ');
    if (words.length < 2 || words.length > MAX_INNER_RUN_NAME_WORDS) continue;
    for (let i = 0; i < words.length; i++)
      for (let j = i + 1; j <= words.length; j++) if (j - i < words.length) runs.add(words.slice(i, j).join(' '));
  }
  return runs;
}

/** True when a capitalized word sits right before or after the mention in its sentence ("Warner Bros." + "Pictures"). */
function gluedToCapital(text: string, m: Mention): boolean {
  const after = /^ (\p{Lu})/u.exec(text.slice(m.end, m.end + 2));
  if (after !== null) return true;
  // The word before: back over one space, then over letters and digits (a bounded scan, no pattern).
  if (text[m.start - 1] !== ' ') return false;
  let i = m.start - 2;
  const stop = Math.max(0, m.start - MAX_GLUED_WORD);
  while (i >= stop && /[\p{L}\p{N}]/u.test(text[i] ?? '')) i -= 1;
  const word = text.slice(i + 1, m.start - 1);
  return /^\p{Lu}/u.test(word) && !opensSentence(text, i + 1);
}

/** Characters of the word before a mention looked at. */
const MAX_GLUED_WORD = 40;

/** Characters looked back over for what precedes a mention (spaces, quotes, brackets). */
const MAX_LOOKBACK = 8;

/** True when the mention at `start` opens a sentence or a line (its capital says nothing). */
function opensSentence(text: string, start: number): boolean {
  for (let i = start - 1; i >= Math.max(0, start - MAX_LOOKBACK); i--) {
    const c = text[i] ?? '';
    if (c === ' ' || c === '"' || c === '“' || c === "'" || c === '‘' || c === '(' || c === '[') continue;
    return c === '.' || c === '!' || c === '?' || c === '\n' || c === ':';
  }
  return start < MAX_LOOKBACK;
}

/** Mentions of an untyped name the page repeats before it is kept (a stray "other" is mostly noise). */
const MIN_OTHER_MENTIONS = 2;

/**
 * Untyped ("other") mentions of a name with no typed mention, repeated on the page and shaped
 * like a proper name of more than one plain word ("Royal McBee LGP-30", "CrunchBase",
 * "SLG46140V"): the model recognized a name it could not type. They are kept, typed
 * `product` where the name holds a model number and `other` elsewhere (the map's value:
 * their mentions vote for it).
 * A plain word ("American", "Islamic") stays out: the model's untyped single words are
 * mostly nationalities and adjectives. An event or a code name by its head word ("AI Summit",
 * "Project Harmony", `headType`) is kept from one mention.
 */
function namedOthers(mentions: readonly Mention[], typedKeys: ReadonlySet<string>): Map<string, EntityType> {
  const counts = new Map<string, number>();
  for (const m of mentions) if (m.type === 'other') counts.set(m.text, (counts.get(m.text) ?? 0) + 1);
  const named = new Map<string, EntityType>();
  for (const [name, n] of counts) {
    if (typedKeys.has(nameKey(name))) continue;
    // A head word says it is an event or a code name ("AI Summit", "Project Harmony"): once is enough.
    if (headType(name) === 'other') named.set(name, 'other');
    else if (n >= MIN_OTHER_MENTIONS && /\p{N}|\p{Ll}\p{Lu}| /u.test(name) && isProperOther(name))
      named.set(name, /\p{N}/u.test(name) ? 'product' : 'other');
  }
  return named;
}

/** A nationality or its plural ("South Korean", "Americans", "Japanese"): the model's "other" for people of a place. */
const DEMONYM_END = /(?:an|ans|ese|ish)$/;

/** Every word capitalized (or a number), a proper name of its own and no nationality ("Israeli election", "South Korean" are not). */
function isProperOther(name: string): boolean {
  const words = name.split(' ');
  return (
    words.every((w) => /^(?:[\p{Lu}\p{N}]|\p{Ll}{1,2}\p{Lu})/u.test(w)) && !DEMONYM_END.test(words.at(-1) ?? '') && isDistinctiveName(name)
  );
}

/** The page's groups so far, by name key (first group wins) and by structured-data ref. */
interface PageGroups {
  readonly groups: Group[];
  readonly byKey: Map<string, Group>;
  readonly byRef: Map<string, Group>;
}

/** Records `name`'s key on `g`, and `g` as the group of that key unless another has it. */
function indexName(byKey: Map<string, Group>, g: Group, name: string): void {
  const key = nameKey(name);
  if (key.length === 0) return;
  g.keys.add(key);
  if (!byKey.has(key)) byKey.set(key, g);
}

/** Phase 1: one group per structured entity name (trusted names, types, aliases, attributes). */
function structuredGroups(entities: PageCapture['entities']): PageGroups {
  const page: PageGroups = { groups: [], byKey: new Map(), byRef: new Map() };
  for (const e of entities) {
    if (isBoilerplateName(e.name) || isImplausibleName(e.name, e.type)) continue;
    const existing = page.byKey.get(nameKey(e.name));
    // One entity per name on a page: the first structured description decides the type.
    if (existing !== undefined) {
      // A name described both as a person and as an organization ("Segment" as a press release's
      // JSON-LD author and as its Organization) is the organization signing its own page.
      if (existing.type === 'person' && e.type === 'company') existing.type = 'company';
      page.byRef.set(e.ref, existing);
      for (const a of e.aliases) addAlias(existing, a);
      existing.attributes = { ...e.attributes, ...existing.attributes };
      continue;
    }
    const g: Group = {
      name: e.name,
      type: e.type,
      keys: new Set(),
      aliases: new Set(),
      attributes: { ...e.attributes },
      description: e.description,
      ref: e.ref,
      structured: true,
      mentions: [],
      typeVotes: new Map(),
    };
    page.groups.push(g);
    page.byRef.set(e.ref, g);
    indexName(page.byKey, g, e.name);
    for (const a of e.aliases) {
      addAlias(g, a);
      indexName(page.byKey, g, a);
    }
  }
  return page;
}

/** Phase 3: each text-only group takes its best-supported type vote (ties: the first type by name). */
function voteTypes(groups: readonly Group[]): void {
  for (const g of groups) {
    if (g.structured) {
      // Who signs the page and is no person is the organization publishing it, whatever its products are called.
      if (isOrganizationAuthor(g)) g.type = 'company';
      continue;
    }
    let best: EntityType = g.type;
    let bestVote = -1;
    for (const [t, v] of [...g.typeVotes].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      if (v > bestVote) {
        best = t;
        bestVote = v;
      }
    }
    g.type = best;
  }
}

/** Summed confidence of the text's non-person mentions that outweighs a meta tag's "author" ("HackerRank", about two sure mentions). */
const AUTHOR_RETYPE_VOTE = 1.5;

/**
 * A one-word structured "person" (a meta tag's or JSON-LD's author) that the page's text
 * never calls a person but names as an organization or a product with confidence: a press
 * release or a company blog signed by the company ("HackerRank"): a company. A person's
 * byline has a first and a last name; a one-word one is a brand far more often.
 */
function isOrganizationAuthor(g: Group): boolean {
  if (g.type !== 'person' || g.typeVotes.has('person') || g.name.includes(' ')) return false;
  let other = 0;
  for (const v of g.typeVotes.values()) other += v;
  return other >= AUTHOR_RETYPE_VOTE;
}

/** A kept group as the analysis reports it, with the sentence of its first mention as snippet. */
function analyzedEntity(text: string, g: Group, salience: number): AnalyzedEntity {
  const firstMention = [...g.mentions].sort((a, b) => a.start - b.start)[0];
  const snippet =
    firstMention !== undefined
      ? sentenceAt(text, firstMention.start, firstMention.end)
      : (g.description ?? `From the page's structured data (${g.type})`);
  return {
    name: g.name,
    type: g.type,
    aliases: [...g.aliases].filter((a) => a !== g.name).slice(0, MAX_ALIASES),
    attributes: g.attributes,
    ...(g.description === undefined ? {} : { description: g.description }),
    salience,
    mentions: g.mentions.length,
    snippet: truncate(snippet, MAX_SNIPPET),
    origin: g.structured ? (g.mentions.length > 0 ? 'both' : 'structured') : 'text',
    ...(g.ref === undefined ? {} : { ref: g.ref }),
  };
}

/**
 * Textual relations among `mentions`, read one slice at a time (a yield after each).
 * Slices end at line breaks where they can, and a relation never crosses a line, so
 * this finds what one pass over the whole text would; `onStop` is called when
 * `expired` cuts the reading short.
 */
function* relationsBySlice(
  text: string,
  slices: readonly Slice[],
  mentions: readonly Mention[],
  mentionGroup: Map<Mention, Group>,
  expired: () => boolean,
  onStop: () => void,
): Generator<void, AnalyzedRelation[], void> {
  const out: AnalyzedRelation[] = [];
  let i = 0;
  for (const slice of slices) {
    // Mentions are in text order: those of this slice, moved to its offsets.
    const local = new Map<Mention, Mention>();
    for (; i < mentions.length; i += 1) {
      const m = mentions[i];
      if (m === undefined || m.start >= slice.end) break;
      if (m.end <= slice.end) local.set({ ...m, start: m.start - slice.start, end: m.end - slice.start }, m);
    }
    if (local.size === 0) continue;
    if (expired()) {
      onStop();
      break;
    }
    out.push(
      ...findTextRelations(text.slice(slice.start, slice.end), [...local.keys()], (m) => {
        const original = local.get(m);
        const g = original === undefined ? undefined : mentionGroup.get(original);
        return g === undefined ? undefined : { name: g.name, type: g.type };
      }),
    );
    yield;
  }
  return out;
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

/** Adds another name of the group, unless it is no name at all ("/author/jane-doe", a URL). */
function addAlias(g: Group, alias: string): void {
  if (alias !== g.name && g.aliases.size < MAX_ALIASES && !isImplausibleName(alias, g.type)) g.aliases.add(alias);
}

function inKey(haystack: string, g: Group): boolean {
  for (const key of g.keys) if (key.length > 1 && haystack.includes(` ${key} `)) return true;
  return false;
}

/**
 * English unless the page says otherwise (`lang`) or, when it says nothing, its
 * text shows it: mostly non-Latin letters, or more function words of other
 * European languages than of English.
 */
export function isEnglish(lang: string | undefined, text: string): boolean {
  if (lang !== undefined) return /^en\b/i.test(lang);
  const words =
    text
      .slice(0, LANGUAGE_SAMPLE_WORDS * 8)
      .toLowerCase()
      .match(/\p{L}+/gu)
      ?.slice(0, LANGUAGE_SAMPLE_WORDS) ?? [];
  // Too little text to judge: assume English.
  if (words.length < 50) return true;
  let english = 0;
  let foreign = 0;
  let nonLatin = 0;
  for (const w of words) {
    if (ENGLISH_STOPWORDS.has(w)) english += 1;
    else if (FOREIGN_STOPWORDS.has(w)) foreign += 1;
    if (!/^[a-z\u00c0-\u024f]+$/.test(w)) nonLatin += 1;
  }
  if (nonLatin / words.length > NON_LATIN_SHARE) return false;
  return !(foreign > english && foreign / words.length >= FOREIGN_STOPWORD_SHARE);
}

/**
 * True when the mention sits in running prose: its sentence (within its line)
 * has a few words and is not title-cased.
 */
function inProse(text: string, m: Mention): boolean {
  const sentence = sentenceAt(text, m.start, m.end);
  const words = sentence.match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? [];
  // A hard-wrapped paragraph's line ("the CORS protocol." after "… adhere to") goes on a sentence:
  // headings, menus and labels do not start with a lower-case word.
  if (/^\p{Ll}/u.test(sentence) && words.filter((w) => /^\p{Ll}/u.test(w)).length >= MIN_CONTINUED_LOWER) return true;
  if (words.length < MIN_PROSE_WORDS) return false;
  let lower = 0;
  for (const w of words) if (/^\p{Ll}/u.test(w)) lower += 1;
  // A finished sentence listing names ("… investors including Alloy Ventures, Battery Ventures and …")
  // is prose although most of its words are capitalized; a heading has no such run of small words.
  if (lower / words.length >= MIN_PROSE_LOWER_SHARE) return true;
  if (!/[.!?]["”’)]?$/u.test(sentence)) return false;
  // A short finished sentence that lists names with commas ("The companies include VMware,
  // Evernote, Palantir Technologies, Fidessa and Elementum.") is prose too: headings and menus
  // do not end with a full stop after a comma-separated run.
  return lower >= MIN_LIST_SENTENCE_LOWER || (lower >= MIN_SHORT_LIST_LOWER && sentence.includes(', '));
}
