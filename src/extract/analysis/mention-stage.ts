/**
 * Stage 1, mentions: the recognizer reads the text one slice at a time (a yield after
 * each, stopped when the budget is spent), then the mentions are refined: team sense on
 * sports pages, the page's language, and the untyped names the page repeats (`namedOthers`).
 */
import { joinOrganizationNames } from '../mentions/org-names';
import { knownNames } from '../gazetteer/known-names';
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { nameKey } from '../../core/text/normalize';
import { isDistinctiveName } from '../words/common-words';
import { headType } from '../mentions/type-cues';
import { wholeWordsAt } from '../../nlp';
import type { Slice, StageContext } from './stage';

/** A fallback mention this sure was read from a cue ("CEO of …", "… Inc."), not from capitals alone. */
const FALLBACK_CUE_SCORE = 0.75;

/** Score of a mention read from the page's italics: a weak cue. */
const ITALIC_TITLE_SCORE = 0.6;
/** A mention this sure inside an italic title (a list's, a cue's: `CUE_SCORE`) keeps its place. */
const ITALIC_GIVE_WAY_SCORE = 0.85;
/** Occurrences of one italic title looked at, at most (a hostile page may repeat one word everywhere). */
const MAX_TITLE_OCCURRENCES = 40;
/** Characters a mention spans at most, for the overlap search (names are far shorter; the grouping drops longer ones). */
const MAX_MENTION_CHARS = 400;

/** Index of the first mention (sorted by start) starting at or after `at`. */
function firstFrom(mentions: readonly Mention[], at: number): number {
  let lo = 0;
  let hi = mentions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((mentions[mid]?.start ?? 0) < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * `mentions` with the occurrences of the page's italic titles no recognizer read (whole words,
 * overlapping no mention), as untyped mentions: the typing stage makes them works.
 */
export function withItalicTitles(text: string, mentions: Mention[], titles: readonly string[]): Mention[] {
  if (titles.length === 0) return mentions;
  const added: Mention[] = [];
  /** Unsure mentions read inside a title ("Tarvo Valley" in "Songs of the Tarvo Valley") give way to it. */
  const inside = new Set<Mention>();
  const overlaps = (start: number, end: number) => {
    const hit: Mention[] = [];
    for (let i = firstFrom(mentions, start - MAX_MENTION_CHARS); i < mentions.length; i++) {
      const m = mentions[i] as Mention;
      if (m.start >= end) break;
      if (m.end > start) hit.push(m);
    }
    // A mention of the whole title stays (the typing stage makes it a work); one reaching out of it, or sure, wins.
    const whole = (m: Mention) => m.start === start && m.end === end;
    if (hit.some((m) => whole(m) || m.start < start || m.end > end || m.score >= ITALIC_GIVE_WAY_SCORE)) return true;
    if (added.some((m) => m.start < end && m.end > start)) return true;
    for (const m of hit) inside.add(m);
    return false;
  };
  for (const t of titles)
    for (const at of wholeWordsAt(text, t, { looked: MAX_TITLE_OCCURRENCES }))
      if (!overlaps(at, at + t.length)) added.push({ text: t, type: 'other', start: at, end: at + t.length, score: ITALIC_TITLE_SCORE });
  if (added.length === 0) return mentions;
  return [...mentions.filter((m) => !inside.has(m)), ...added].sort((a, b) => a.start - b.start || b.end - a.end);
}

/** True when `name` occurs at least twice in `text`, on word bounds. */
export function writtenTwice(text: string, name: string): boolean {
  return wholeWordsAt(text, name, { found: 2 }).length >= 2;
}

/** Mentions considered per page. */
const MAX_MENTIONS = 20_000;
/** A word in lower case (slices end at spaces or line breaks, so no word is cut in two). */
const LOWER_WORD = /(?<![\p{L}\p{N}])\p{Ll}+(?![\p{L}\p{N}])/gu;
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

/** The page's mentions as recognized and refined, and what the text showed on the way. */
export interface FoundMentions {
  readonly mentions: readonly Mention[];
  /** Words the page writes in lower case: a capitalized one of them alone is no name ("Client"). */
  readonly lowerWords: ReadonlySet<string>;
  /** The slices read before the budget (or the mention cap) stopped the reading. */
  readonly readText: readonly Slice[];
  readonly english: boolean;
  /** Keys of the names some mention types. */
  readonly typedKeys: ReadonlySet<string>;
  /** Untyped names kept, with the type their mentions vote for (`namedOthers`). */
  readonly named: ReadonlyMap<string, EntityType>;
}

/**
 * Recognizes and refines the mentions of `ctx.text`, one slice of `slices` per step.
 *
 * @example
 *   const found = yield* findMentions(ctx, sliceText(ctx.text, SLICE_CHARS));
 */
export function* findMentions(ctx: StageContext, slices: readonly Slice[]): Generator<void, FoundMentions, void> {
  const { capture, options, text, on, notes, expired, stop } = ctx;
  // 2. Text mentions, one slice of the text at a time.
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
  // An institution's name read in pieces is one name (rule `org-names`).
  if (on('org-names')) mentions = joinOrganizationNames(text, mentions, (name) => knownNames().has(name));
  // A name only the fallback read needs the page to write it twice, or a cue (rule `fallback-evidence`).
  if (on('fallback-evidence')) {
    // Each distinct name is counted once: a page of many fallback mentions reads the text once a name.
    const twice = new Map<string, boolean>();
    const seenTwice = (name: string) => twice.get(name) ?? twice.set(name, writtenTwice(text, name)).get(name) === true;
    mentions = mentions.filter((m) => m.fallback !== true || m.score >= FALLBACK_CUE_SCORE || seenTwice(m.text));
  }
  // The page's italic titles no recognizer read (rule `italic-works`).
  if (on('italic-works')) mentions = withItalicTitles(text, mentions, capture.italicTitles ?? []);
  const readText = slices.slice(0, readSlices);
  const english = isEnglish(capture.lang, text);
  if (!english) notes.push('not English: text names kept only when known or strongly cued');
  // A name the model once left untyped ("other") counts as a mention where another mention
  // of it on the page is typed (its type comes from those); alone, "other" is not kept,
  // unless the page repeats it and it is shaped like a name (`namedOther`).
  const typedKeys = new Set(mentions.filter((m) => m.type !== 'other').map((m) => nameKey(m.text)));
  const named = english && on('named-others') ? namedOthers(mentions, typedKeys) : new Map<string, EntityType>();
  // A work the page sets in italics is kept from one untyped mention (rule `italic-works`).
  if (on('italic-works'))
    for (const t of capture.italicTitles ?? []) if (!typedKeys.has(nameKey(t)) && !named.has(t)) named.set(t, 'other');
  return { mentions, lowerWords, readText, english, typedKeys, named };
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
