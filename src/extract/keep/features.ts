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
    type_company: c.type === 'company' ? 1 : 0,
    type_person: c.type === 'person' ? 1 : 0,
    type_technology: c.type === 'technology' ? 1 : 0,
    type_product: c.type === 'product' ? 1 : 0,
    type_location: c.type === 'location' ? 1 : 0,
    type_other: c.type === 'other' ? 1 : 0,
  };
  return KEEP_FEATURES.map((f) => values[f]);
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
