/**
 * What the keep stage knows of one text-found name before it is stored: the shape of the
 * name (acronym, plural, everyday words, capitals inside a word), how the recognizers saw
 * it (scores, mentions, type votes) and where the page uses it (prose, sentence starts,
 * title, a relation). Pure: no page text is kept, only numbers. The learned keep model
 * (`keep-model.ts`) weighs these; `tooling/train-keep.ts` fits the weights on the dev gold.
 */
import type { EntityType } from '../../core/graph/types';
import { isEverydayWord, isDistinctiveName, isRareName, isEnglishWord } from '../words/common-words';
import { FIRST_NAMES, NAME_CONNECTORS, ORG_KEYWORDS, PERSON_ROLE_WORDS } from '../rules/lexicon/cues';
import { CONLL_PHRASES } from '../rules/lexicon/conll-lexicon.generated';
import { isGenericTerm } from '../rules/lexicon/generic-terms';

/** One candidate name, as the analysis saw it on the page. */
export interface CandidateView {
  readonly name: string;
  readonly type: EntityType;
  /** The recognizers' score of each mention (0..1). */
  readonly scores: readonly number[];
  /** Share of the checked mentions that sit in running prose. */
  readonly proseShare: number;
  /** Share of the mentions that open a sentence (where any word is capitalized). */
  readonly sentenceStartShare: number;
  readonly inTitle: boolean;
  /** One explicit statement ties it to another name. */
  readonly relationArgument: boolean;
  /** The winning type's share of the type votes (1 = every mention agrees). */
  readonly voteShare: number;
  /** A name of the bundled name lists (gazetteer). */
  readonly known: boolean;
  /** The page writes this word in lower case somewhere. */
  readonly pageWritesLower: (lowerWord: string) => boolean;
  /** Share of the mentions with a capitalized word right before or after them in the sentence (part of a longer name?). */
  readonly gluedShare: number;
  /** The name is a run of words inside another candidate's name on the page ("Battery" in "Battery Ventures"). */
  readonly insideLonger: boolean;
  /** Share of the mentions right after a lower-case article ("the Channel", "an App"): a common noun's place. */
  readonly articleShare: number;
}

/** Feature names, in the order of the vector; the model's weights follow this order. */
export const KEEP_FEATURES = [
  'bias',
  'log_mentions',
  'single_mention',
  'max_score',
  'mean_score',
  'sure_mention',
  'one_word',
  'two_words',
  'three_plus_words',
  'acronym',
  'plural_acronym',
  'plural_of_word',
  'everyday_share',
  'english_share',
  'page_lower_share',
  'distinctive',
  'rare',
  'inner_capital',
  'has_digit',
  'has_symbol',
  'prose_share',
  'sentence_start_share',
  'in_title',
  'relation_argument',
  'vote_share',
  'known',
  'glued_share',
  'inside_longer',
  'role_word',
  'lower_inner_word',
  'long_or_colon',
  'first_name_start',
  'org_keyword_end',
  'conll_misc',
  'generic_term',
  'generic_head',
  'everyday_alone',
  'everyday_alone_single',
  'article_before',
  'article_everyday',
  'code_shape',
  'first_name_alone',
  'word_compound',
  'type_company',
  'type_person',
  'type_technology',
  'type_product',
  'type_location',
  'type_other',
] as const;

export type KeepFeature = (typeof KEEP_FEATURES)[number];

/** A name of this many words is more often a headline or a phrase than a name. */
const LONG_NAME_WORDS = 5;
/** A mention at least this sure came from a list or the graph (rule recognizer). */
const SURE_SCORE = 0.9;

const ACRONYM = /^[\p{Lu}\p{N}&]{2,6}$/u;
const PLURAL_ACRONYM = /^\p{Lu}{2,}s$/u;
const INNER_CAPITAL = /\p{Ll}\p{Lu}/u;
const DIGIT = /\p{N}/u;
const SYMBOL = /[^\p{L}\p{N}\s.'’&-]/u;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.&-]*/gu;
/** "Response.error", "Widget.render": a member of a code object (a host name ends in a domain, not a word). */
const MEMBER_ACCESS = /^\p{Lu}[\p{L}\p{N}]*\.(\p{Ll}{3,})$/u;
/** "reqHeaders", "getItem": lower-case letters, then a capital starting a lower-case word (not "iPhone", "macOS"). */
const LOWER_CAMEL = /^\p{Ll}{2,}\p{Lu}\p{Ll}/u;
/** "Async/await", "John Doe/Agency": a slash before a lower-case word, or after a name of several words. */
const SLASHED = /\/\p{Ll}|\s\S*\//u;
/** "Status 404", "HTTP 500s": a name ending in a three-digit code. */
const STATUS_CODE = /\s\d{3}s?$/u;
/** "GPS-enabled", "Drive-type": a name glued to a lower-case word by a hyphen is a modifier, not a name. */
const HYPHEN_LOWER = /\p{L}-(\p{Ll}{3,})$/u;

/**
 * The feature vector of one candidate, in `KEEP_FEATURES` order.
 *
 * @example
 *   keepFeatures({ name: 'APIs', type: 'company', scores: [0.5], … })[KEEP_FEATURES.indexOf('plural_acronym')] // 1
 */
export function keepFeatures(c: CandidateView): number[] {
  const words = c.name.match(WORD) ?? [];
  const lowerWords = words.map((w) => w.toLowerCase());
  const n = Math.max(1, words.length);
  const share = (f: (w: string) => boolean) => lowerWords.filter(f).length / n;
  const last = lowerWords.at(-1) ?? '';
  // "Chips", "Devices", "YouTubers": the last word is the plural of a word (an everyday one, or one the page writes).
  const singular = last.endsWith('s') && last.length > 3 ? last.slice(0, -1) : '';
  const pluralOfWord = singular !== '' && (isEverydayWord(singular) || isEverydayWord(last) || c.pageWritesLower(singular)) ? 1 : 0;
  const scores = c.scores.length === 0 ? [0] : c.scores;
  const everydayAlone = words.length === 1 && !c.known && isEverydayWord(lowerWords[0] ?? '') ? 1 : 0;
  const values: Record<KeepFeature, number> = {
    bias: 1,
    log_mentions: Math.log1p(c.scores.length),
    single_mention: c.scores.length <= 1 ? 1 : 0,
    max_score: Math.max(...scores),
    mean_score: scores.reduce((a, b) => a + b, 0) / scores.length,
    sure_mention: scores.some((s) => s >= SURE_SCORE) ? 1 : 0,
    one_word: words.length <= 1 ? 1 : 0,
    two_words: words.length === 2 ? 1 : 0,
    three_plus_words: words.length >= 3 ? 1 : 0,
    acronym: words.length === 1 && ACRONYM.test(c.name) ? 1 : 0,
    plural_acronym: words.some((w) => PLURAL_ACRONYM.test(w)) ? 1 : 0,
    plural_of_word: pluralOfWord,
    everyday_share: share(isEverydayWord),
    english_share: share(isEnglishWord),
    page_lower_share: share(c.pageWritesLower),
    distinctive: isDistinctiveName(c.name, c.pageWritesLower) ? 1 : 0,
    rare: isRareName(c.name, c.pageWritesLower) ? 1 : 0,
    inner_capital: INNER_CAPITAL.test(c.name) ? 1 : 0,
    has_digit: DIGIT.test(c.name) ? 1 : 0,
    has_symbol: SYMBOL.test(c.name) ? 1 : 0,
    prose_share: c.proseShare,
    sentence_start_share: c.sentenceStartShare,
    in_title: c.inTitle ? 1 : 0,
    relation_argument: c.relationArgument ? 1 : 0,
    vote_share: c.voteShare,
    known: c.known ? 1 : 0,
    glued_share: c.gluedShare,
    inside_longer: c.insideLonger ? 1 : 0,
    role_word: lowerWords.some((w) => PERSON_ROLE_WORDS.has(w)) ? 1 : 0,
    // "Ryzen chips", "TSME mode": a word after the first in lower case that is no connector ("Bank of America").
    lower_inner_word: words.slice(1).some((w) => /^\p{Ll}/u.test(w) && !NAME_CONNECTORS.has(w)) ? 1 : 0,
    long_or_colon: words.length >= LONG_NAME_WORDS || c.name.includes(':') ? 1 : 0,
    first_name_start: words.length >= 2 && FIRST_NAMES.has(words[0] ?? '') ? 1 : 0,
    org_keyword_end: words.length >= 2 && ORG_KEYWORDS.has(words.at(-1) ?? '') ? 1 : 0,
    conll_misc: conllMisc().has(c.name) ? 1 : 0,
    generic_term: isGenericTerm(c.name) ? 1 : 0,
    // "Ryzen CPUs", "Microsoft AI": a name whose last word is a generic term is a phrase about the name.
    generic_head: words.length >= 2 && isGenericTerm(words.at(-1) ?? '') ? 1 : 0,
    everyday_alone: everydayAlone,
    everyday_alone_single: everydayAlone * (c.scores.length <= 1 ? 1 : 0),
    article_before: c.articleShare,
    article_everyday: c.articleShare * everydayAlone,
    code_shape: codeShape(c.name) ? 1 : 0,
    first_name_alone: words.length === 1 && !c.known && FIRST_NAMES.has(words[0] ?? '') ? 1 : 0,
    word_compound: wordCompound(c.name) ? 1 : 0,
    type_company: c.type === 'company' ? 1 : 0,
    type_person: c.type === 'person' ? 1 : 0,
    type_technology: c.type === 'technology' ? 1 : 0,
    type_product: c.type === 'product' ? 1 : 0,
    type_location: c.type === 'location' ? 1 : 0,
    type_other: c.type === 'other' ? 1 : 0,
  };
  return KEEP_FEATURES.map((f) => values[f]);
}

/**
 * True when the name is written as code or protocol text, not as a name: a member access
 * ("Response.error"), a lowerCamel identifier ("reqHeaders"), a slash before a lower-case
 * word or after a name of several words ("Async/await", "Jane Roe/Agency"), a trailing
 * status code ("HTTP 404"), a word in capitals that is an English word ("DELETE", "PUT"),
 * or words of English joined by hyphens ("Content-Type", "If-None-Match").
 *
 * @example
 *   codeShape('Content-Type') // true
 *   codeShape('Rolls-Royce') // false
 */
export function codeShape(name: string): boolean {
  const member = MEMBER_ACCESS.exec(name);
  if (member !== null && isEnglishWord(member[1] ?? '')) return true;
  if (LOWER_CAMEL.test(name) || SLASHED.test(name) || STATUS_CODE.test(name)) return true;
  if (/^\p{Lu}{3,}$/u.test(name) && isEnglishWord(name.toLowerCase())) return true;
  if (!name.includes(' ') && name.includes('-')) {
    const parts = name.toLowerCase().split('-');
    return parts.length >= 2 && parts.every((p) => p.length >= 2 && isEnglishWord(p));
  }
  return false;
}

/**
 * True when the name ends in a hyphen and a lower-case English word ("GPS-enabled",
 * "Drive-type"): a modifier built on a name, not the name.
 *
 * @example
 *   wordCompound('Acme-compatible') // true
 *   wordCompound('Coca-Cola') // false
 */
export function wordCompound(name: string): boolean {
  const m = HYPHEN_LOWER.exec(name);
  return m !== null && isEnglishWord(m[1] ?? '');
}

let misc: Set<string> | undefined;

/**
 * Phrases CoNLL-2003's annotators tagged MISC (nationalities, religions, events: "Afghan",
 * "Catholics", "Euro 96"), from the generated CoNLL lexicon: what a news reader calls a
 * name but a research graph does not keep as an entity.
 */
function conllMisc(): ReadonlySet<string> {
  if (misc === undefined) {
    misc = new Set();
    for (const line of CONLL_PHRASES.split('\n')) if (line.endsWith('\tM')) misc.add(line.slice(0, -2));
  }
  return misc;
}
