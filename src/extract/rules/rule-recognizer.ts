/**
 * The rule-based recognizer: proper-noun spans (capitalized sequences joined by
 * "of", "de", "van", "&"…) typed by cues (legal suffixes, organization and place
 * keywords, person titles and roles, first names, gazetteers of places,
 * technologies and products, phrases and token statistics derived from CoNLL-2003
 * train, the graph as a gazetteer) and made consistent across the document
 * ("Collison" after "Patrick Collison" is the same person).
 */
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import type { EntityRecognizer, Gazetteer, RecognizeOptions } from '../mentions/recognizer';
import {
  FIRST_NAMES,
  LEGAL_SUFFIXES,
  LOC_KEYWORDS,
  NEVER_NAMES,
  ORG_KEYWORDS,
  PERSON_ROLE_WORDS,
  PERSON_TITLES,
  PERSON_VERBS,
} from './lexicon/cues';
import { PRODUCT_LINES } from './lexicon/technology';
import type { Lexicons, PhraseEntry, TokenStats } from './lexicons';
import { lexicons } from './lexicons';
import { tokenSentences, tokenize, type Token } from '../../nlp';

/** Tokens read per call: about 1 MB of text; the rest is left unread (callers chunk or cut). */
export const MAX_RECOGNIZE_TOKENS = 250_000;
/** Longest name, in tokens; longer capitalized runs are title-cased headings, not names. */
const MAX_SPAN_TOKENS = 7;
/** A token capitalized but outside entities this share of the time is a title or common word. */
const BREAKER_SHARE = 0.7;
/** …when seen at least this often (fewer is noise). */
const BREAKER_MIN = 3;
/** Sentences with at least this share of capitalized words are headlines or title-cased headings. */
const HEADLINE_SHARE = 0.8;
/** Unambiguous technology mentions needed before "Go", "Rust" or "Swift" count as technologies. */
const TECH_CONTEXT_MIN = 2;
/** Naive-Bayes smoothing weight of the shape prior against a token's counts. */
const SMOOTHING = 2;

const CONNECTORS = new Set([
  'of',
  'de',
  'del',
  'della',
  'der',
  'den',
  'van',
  'von',
  'la',
  'le',
  'du',
  'da',
  'di',
  'dos',
  'das',
  'y',
  'bin',
  'ibn',
  'al',
  'el',
  '&',
]);
const MODEL_TOKEN = /^(?:[A-Z]{0,2}\d{1,4}[A-Za-z]{0,3}|Pro|Max|Ultra|Plus|Mini|Air|SE|Lite|XL)$/;
const LOC_PREPOSITIONS = new Set(['in', 'at', 'near', 'from', 'to', 'outside', 'across', 'into']);
const PRODUCT_LINE_SET = new Set(PRODUCT_LINES);
// Index of the four CoNLL classes in TokenStats and the entity type each becomes.
const CLASS_TYPES: readonly EntityType[] = ['person', 'company', 'location', 'other'];

interface Span {
  readonly s: number;
  readonly e: number;
  type: EntityType;
  /** 3 = gazetteer/lexicon, 2 = keyword/title cue, 1 = statistics only. */
  strength: number;
  /** First word of its sentence (or after an opening quote or colon): capitalized by position. */
  initial?: boolean;
}

interface Ctx {
  readonly text: string;
  readonly toks: readonly Token[];
  readonly words: readonly string[];
  readonly lex: Lexicons;
  readonly gazetteer?: Gazetteer;
  readonly techContext: boolean;
}

function isCapitalized(word: string): boolean {
  return /^\p{Lu}/u.test(word) || /^\p{Ll}{1,3}\p{Lu}/u.test(word);
}

function isAllCaps(word: string): boolean {
  return /^[\p{Lu}\p{N}.&'-]+$/u.test(word) && /\p{Lu}/u.test(word);
}

/** "JAPAN" → "Japan"; leaves "U.S." and mixed case alone. */
function titleCase(word: string): string {
  if (word.length <= 1 || word.includes('.')) return word;
  return word.charAt(0) + word.slice(1).toLowerCase();
}

function entityShare(stats: TokenStats | undefined): number {
  if (stats === undefined) return 0;
  const entity = stats[0] + stats[1] + stats[2] + stats[3];
  return entity / (entity + stats[4]);
}

function isBreaker(lex: Lexicons, word: string): boolean {
  if (LEGAL_SUFFIXES.has(word) || ORG_KEYWORDS.has(word) || LOC_KEYWORDS.has(word)) return false;
  if (NEVER_NAMES.has(word) || PERSON_TITLES.has(word)) return true;
  const stats = lex.tokens.get(word);
  if (stats === undefined) return false;
  const total = stats[0] + stats[1] + stats[2] + stats[3] + stats[4];
  return total >= BREAKER_MIN && stats[4] / total >= BREAKER_SHARE;
}

function lookupPhrase(ctx: Ctx, surface: string, headline: boolean): PhraseEntry | undefined {
  const entry = ctx.lex.phrases.get(surface) ?? (headline ? ctx.lex.phrasesLower.get(surface.toLowerCase()) : undefined);
  if (entry === undefined) return undefined;
  if (entry.ambiguous && !ctx.techContext) return undefined;
  return entry;
}

/** Longest lexicon phrase starting at token i (within the sentence), with its length. */
function longestPhrase(
  ctx: Ctx,
  i: number,
  end: number,
  headline: boolean,
): { len: number; type: EntityType; strength: number } | undefined {
  const first = ctx.words[i];
  if (first === undefined) return undefined;
  if (ctx.gazetteer?.longestMatch !== undefined) {
    const len = Math.min(ctx.gazetteer.longestMatch(ctx.words, i), end - i);
    if (len > 0) {
      const type = ctx.gazetteer.lookup(ctx.words.slice(i, i + len).join(' '));
      if (type !== undefined) return { len, type, strength: 3 };
    }
  }
  const max = Math.min(ctx.lex.maxLenByFirst.get(first.toLowerCase()) ?? 0, end - i, MAX_SPAN_TOKENS);
  for (let len = max; len >= 1; len -= 1) {
    const surface = ctx.words.slice(i, i + len).join(' ');
    const known = ctx.gazetteer?.lookup(surface);
    if (known !== undefined) return { len, type: known, strength: 3 };
    const entry = lookupPhrase(ctx, surface, headline);
    if (entry !== undefined) return { len, type: entry.type, strength: 3 };
  }
  if (ctx.gazetteer !== undefined) {
    const known = ctx.gazetteer.lookup(first);
    if (known !== undefined) return { len: 1, type: known, strength: 3 };
  }
  return undefined;
}

/**
 * Creates the rule-based recognizer. Stateless and synchronous; lexicons load on
 * the first call.
 *
 * @example
 *   createRuleRecognizer().recognize('Patrick Collison founded Stripe in San Francisco.')
 *   // [{ text: 'Patrick Collison', type: 'person', … }, { text: 'Stripe', … }, { text: 'San Francisco', type: 'location', … }]
 */
export function createRuleRecognizer(): EntityRecognizer {
  return {
    name: 'rules',
    recognize(text: string, options?: RecognizeOptions): Mention[] {
      return recognize(text, options);
    },
  };
}

function recognize(text: string, options?: RecognizeOptions): Mention[] {
  const lex = lexicons();
  const toks = tokenize(text, MAX_RECOGNIZE_TOKENS);
  const words = toks.map((t) => t.text);
  let techHits = 0;
  for (const w of words) {
    const entry = lex.phrases.get(w);
    if (entry !== undefined && (entry.source === 'tech' || entry.source === 'product') && !entry.ambiguous) techHits += 1;
    if (techHits >= TECH_CONTEXT_MIN) break;
  }
  const ctx: Ctx = { text, toks, words, lex, gazetteer: options?.gazetteer, techContext: techHits >= TECH_CONTEXT_MIN };
  const spans: Span[] = [];
  for (const [a, b] of tokenSentences(text, toks)) spans.push(...sentenceSpans(ctx, a, b));
  harmonize(ctx, spans);
  return dropCommonWords(ctx, dropPositional(ctx, spans)).map((sp) => {
    const start = toks[sp.s]?.start ?? 0;
    const end = toks[sp.e - 1]?.end ?? start;
    return { text: text.slice(start, end), type: sp.type, start, end, score: sp.strength === 3 ? 0.9 : sp.strength === 2 ? 0.75 : 0.55 };
  });
}

function isHeadline(ctx: Ctx, a: number, b: number): boolean {
  let alpha = 0;
  let caps = 0;
  for (let i = a; i < b; i += 1) {
    const w = ctx.words[i] ?? '';
    if (!/^\p{L}/u.test(w)) continue;
    alpha += 1;
    if (isAllCaps(w) || (isCapitalized(w) && !ctx.lex.lowerWords.has(w) && w.length > 3) || isCapitalized(w)) caps += 1;
  }
  return alpha >= 3 && caps / alpha >= HEADLINE_SHARE;
}

function sentenceSpans(ctx: Ctx, a: number, b: number): Span[] {
  const headline = isHeadline(ctx, a, b);
  const out: Span[] = [];
  const nameLike = (i: number): boolean => {
    const raw = ctx.words[i];
    if (raw === undefined || !isCapitalized(raw) || !/\p{L}/u.test(raw)) return false;
    const w = headline && isAllCaps(raw) ? titleCase(raw) : raw;
    if (NEVER_NAMES.has(w)) return false;
    const lower = w.toLowerCase();
    const initial = i === a || /^["“'‘(\-–—:]$/.test(ctx.words[i - 1] ?? '');
    if (
      (headline || initial) &&
      ctx.lex.lowerWords.has(lower) &&
      entityShare(ctx.lex.tokens.get(w)) < 0.5 &&
      lookupPhrase(ctx, w, headline) === undefined
    )
      return false;
    return !isBreaker(ctx.lex, w);
  };
  let i = a;
  while (i < b) {
    const w = ctx.words[i] ?? '';
    const startsName = nameLike(i);
    const phrase = /^[\p{L}\p{N}.]/u.test(w) && (startsName || !isCapitalized(w)) ? longestPhrase(ctx, i, b, headline) : undefined;
    if (!startsName && phrase === undefined) {
      i += 1;
      continue;
    }
    let j = i;
    if (startsName) {
      j = i + 1;
      while (j < b) {
        if (nameLike(j)) j += 1;
        else if (CONNECTORS.has(ctx.words[j] ?? '')) {
          // "van der Sar": connectors may chain, but the name must go on after them.
          let k = j;
          while (k < b && k - j < 3 && CONNECTORS.has(ctx.words[k] ?? '')) k += 1;
          if (k < b && nameLike(k)) j = k + 1;
          else break;
        } else if (LEGAL_SUFFIXES.has(ctx.words[j] ?? '')) j += 1;
        else break;
      }
    }
    if (phrase !== undefined && i + phrase.len >= j) {
      out.push(extendProduct(ctx, { s: i, e: i + phrase.len, type: phrase.type, strength: phrase.strength }, b));
      i += phrase.len;
      continue;
    }
    // An unknown single all-caps word in a headline is usually a section word ("CRICKET").
    if (
      headline &&
      j - i === 1 &&
      isAllCaps(w) &&
      phrase === undefined &&
      ctx.lex.tokens.get(titleCase(w)) === undefined &&
      !FIRST_NAMES.has(titleCase(w))
    ) {
      i = j;
      continue;
    }
    if (j - i > MAX_SPAN_TOKENS) {
      i = j;
      continue;
    }
    const span = extendProduct(ctx, classify(ctx, i, j, a, headline), b);
    if (i === a || /^["“'‘(\-–—:]$/.test(ctx.words[i - 1] ?? '')) span.initial = true;
    out.push(span);
    i = j;
  }
  return out;
}

/** "iPhone" + "15 Pro" → one product span. */
function extendProduct(ctx: Ctx, span: Span, end: number): Span {
  const surface = ctx.words.slice(span.s, span.e).join(' ');
  if (!PRODUCT_LINE_SET.has(surface)) return span;
  let e = span.e;
  while (e < end && e - span.e < 3 && MODEL_TOKEN.test(ctx.words[e] ?? '')) e += 1;
  return e > span.e ? { s: span.s, e, type: 'product', strength: 3 } : span;
}

function classify(ctx: Ctx, s: number, e: number, sentenceStart: number, headline: boolean): Span {
  const words = ctx.words.slice(s, e).map((w) => (headline && isAllCaps(w) ? titleCase(w) : w));
  const last = words[words.length - 1] ?? '';
  const first = words[0] ?? '';
  const prev = s > sentenceStart ? (ctx.words[s - 1] ?? '') : '';
  const prev2 = s - 1 > sentenceStart ? (ctx.words[s - 2] ?? '') : '';
  const next = ctx.words[e] ?? '';
  const next2 = ctx.words[e + 1] ?? '';
  if (LEGAL_SUFFIXES.has(last) || words.some((w) => ORG_KEYWORDS.has(w))) return { s, e, type: 'company', strength: 2 };
  if (words.length > 1 && words.some((w) => LOC_KEYWORDS.has(w))) return { s, e, type: 'location', strength: 2 };
  if (PRODUCT_LINE_SET.has(first) && words.length > 1 && words.slice(1).every((w) => MODEL_TOKEN.test(w)))
    return { s, e, type: 'product', strength: 2 };
  // "GitHub Enterprise", "Google Cloud Platform": a known brand followed by more words is its product line.
  const brand = words.length > 1 ? ctx.lex.phrases.get(first) : undefined;
  if (brand !== undefined && brand.source !== 'conll' && brand.source !== 'place' && !brand.ambiguous)
    return { s, e, type: 'product', strength: 2 };
  if (PERSON_TITLES.has(prev) || (PERSON_ROLE_WORDS.has(prev.toLowerCase()) && prev2 !== 'of'))
    return { s, e, type: 'person', strength: 2 };
  if (next === ',' && PERSON_ROLE_WORDS.has(next2.toLowerCase())) return { s, e, type: 'person', strength: 2 };

  // Naive Bayes over the words' CoNLL statistics, with a word-shape prior.
  const scores = [1, 1, 1, 0.6];
  words.forEach((w, k) => {
    const stats = ctx.lex.tokens.get(w);
    const prior = shapePrior(w, words.length);
    const weight = k === words.length - 1 || k === 0 ? 1 : 0.7;
    for (let c = 0; c < 4; c += 1) {
      const count = stats === undefined ? 0 : (stats[c] ?? 0);
      const total = stats === undefined ? 0 : stats[0] + stats[1] + stats[2] + stats[3];
      const p = (count + SMOOTHING * (prior[c] ?? 0.25)) / (total + SMOOTHING);
      scores[c] = (scores[c] ?? 1) * Math.pow(p, weight);
    }
  });
  if (FIRST_NAMES.has(first) || (ctx.lex.tokens.get(first)?.[5] ?? 0) >= 2) scores[0] = (scores[0] ?? 0) * (words.length > 1 ? 4 : 1.5);
  if (PERSON_VERBS.has(next)) scores[0] = (scores[0] ?? 0) * 2;
  if (LOC_PREPOSITIONS.has(prev)) scores[2] = (scores[2] ?? 0) * 1.6;
  if (prev === 'the' || prev === 'The') {
    scores[0] = (scores[0] ?? 0) * 0.3;
    scores[1] = (scores[1] ?? 0) * 1.5;
  }
  let best = 0;
  for (let c = 1; c < 4; c += 1) if ((scores[c] ?? 0) > (scores[best] ?? 0)) best = c;
  // A known first name followed by one or two capitalized words is a cue, not just statistics.
  const namedPerson = best === 0 && words.length >= 2 && words.length <= 3 && FIRST_NAMES.has(first);
  return { s, e, type: CLASS_TYPES[best] ?? 'other', strength: namedPerson ? 2 : 1 };
}

/** Prior class distribution [PER, ORG, LOC, MISC] from a word's shape, for unseen words. */
function shapePrior(word: string, spanLength: number): readonly number[] {
  if (/^\p{Lu}{2,5}$/u.test(word)) return [0.05, 0.7, 0.15, 0.1];
  if (/(?:ia|land|stan|burg|ville|polis)$/.test(word)) return [0.15, 0.15, 0.6, 0.1];
  if (/(?:ese|ian|ish|ic)$/.test(word)) return [0.15, 0.15, 0.1, 0.6];
  return spanLength > 1 ? [0.55, 0.25, 0.12, 0.08] : [0.3, 0.4, 0.2, 0.1];
}

/**
 * Document-level consistency: a single word that is part of a person's full name
 * on this page is that person; a statistics-only span takes the type a stronger
 * cue gave the same surface elsewhere in the document.
 */
function harmonize(ctx: Ctx, spans: Span[]): void {
  const personParts = new Set<string>();
  const strongType = new Map<string, EntityType>();
  const surface = (sp: Span) => ctx.words.slice(sp.s, sp.e).join(' ');
  for (const sp of spans) {
    // Only a cued full name (a first name, a title, a role) lends its words to their lone mentions: a
    // statistics-only "person" ("Marionette Fission" on a browser's changelog) is too often two names side by side.
    if (sp.type === 'person' && sp.e - sp.s >= 2 && sp.strength >= 2) {
      for (let k = sp.s; k < sp.e; k += 1) {
        const w = ctx.words[k] ?? '';
        if (/^\p{Lu}\p{Ll}/u.test(w)) personParts.add(w);
      }
    }
    if (sp.strength >= 2) {
      const key = surface(sp);
      if (!strongType.has(key)) strongType.set(key, sp.type);
    }
  }
  for (const sp of spans) {
    if (sp.strength >= 3) continue;
    const key = surface(sp);
    if (sp.e - sp.s === 1 && personParts.has(key) && sp.type !== 'person') {
      sp.type = 'person';
      sp.strength = 2;
      continue;
    }
    const strong = strongType.get(key);
    if (sp.strength === 1 && strong !== undefined) sp.type = strong;
  }
}

/**
 * A lone capitalized word at a sentence start with nothing but word statistics
 * behind it ("Ignore previous instructions.", "Okay, so…") is capitalized by
 * position, not because it is a name: it is kept only when the same word is also
 * capitalized mid-sentence, or part of a longer name, somewhere in the document.
 */
function dropPositional(ctx: Ctx, spans: readonly Span[]): Span[] {
  const inner = new Set<string>();
  for (const sp of spans) {
    if (sp.initial !== true) inner.add(ctx.words.slice(sp.s, sp.e).join(' '));
    // "Collison." at a sentence start after "Patrick Collison": a part of a longer name counts.
    if (sp.e - sp.s > 1) for (let k = sp.s; k < sp.e; k += 1) inner.add(ctx.words[k] ?? '');
  }
  return spans.filter((sp) => sp.initial !== true || sp.strength > 1 || sp.e - sp.s > 1 || inner.has(ctx.words[sp.s] ?? ''));
}

/** Lower-case occurrences of each word in the text: the page is its own dictionary. */
function lowerCounts(ctx: Ctx): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of ctx.words) if (/^\p{Ll}+$/u.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

/**
 * Title-cased common words are headings, buttons and labels, not names: a
 * statistics-only span all of whose words are common ("Insights", "Financial
 * Services", "Roasted Tomatoes") is dropped. A word is common when the text
 * itself uses it in lower case, or when CoNLL saw it in lower case and rarely as
 * part of a name. A two- or three-word "person" whose first word is not a first
 * name and whose last word is common ("Pega Infinity", "Google Cloud Platform")
 * is a brand and a product line, not a person.
 */
function dropCommonWords(ctx: Ctx, spans: readonly Span[]): Span[] {
  const lower = lowerCounts(ctx);
  const common = (word: string): boolean => {
    const w = word.toLowerCase();
    if ((lower.get(w) ?? 0) > 0) return entityShare(ctx.lex.tokens.get(word)) < 0.5;
    return ctx.lex.lowerWords.has(w) && entityShare(ctx.lex.tokens.get(word)) < 0.5;
  };
  const out: Span[] = [];
  for (const sp of spans) {
    if (sp.strength > 1) {
      out.push(sp);
      continue;
    }
    const words = ctx.words.slice(sp.s, sp.e).filter((w) => /\p{L}/u.test(w) && !CONNECTORS.has(w));
    if (words.length > 0 && words.every(common)) continue;
    const first = words[0] ?? '';
    const last = words[words.length - 1] ?? '';
    const firstLooksLikeName = FIRST_NAMES.has(first) || (ctx.lex.tokens.get(first)?.[5] ?? 0) > 0;
    if (sp.type === 'person' && words.length >= 2 && !firstLooksLikeName && common(last)) sp.type = 'product';
    out.push(sp);
  }
  return out;
}
