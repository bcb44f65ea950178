/**
 * Junk filter: a capitalized word that is a common word elsewhere ("Values",
 * "Retrieved", "Standalone") is not a name. It is judged on the page itself: a word
 * the page never capitalizes in mid-sentence, and that is a common English word (the
 * page also writes it in lower case, CoNLL's lower-case vocabulary has it, or it has
 * an English inflection or derivation ending), was capitalized only because it starts
 * a heading, a label or a sentence.
 */
import type { Token } from '../ner/tokenize';
import { CONLL_LOWER_WORDS } from '../rules/lexicon/conll-lexicon.generated';
import { EVERYDAY_WORDS } from './everyday-words.generated';

let common: Set<string> | undefined;

function commonWords(): Set<string> {
  common ??= new Set(CONLL_LOWER_WORDS.split(' '));
  return common;
}

let everyday: Set<string> | undefined;

/**
 * True when `lower` (a word in lower case) is an everyday English word (SCOWL sizes 10–20,
 * about 10,900 words: "funny", "furthermore", "hell"; `tooling/build-everyday-words.ts`).
 */
export function isEverydayWord(lower: string): boolean {
  everyday ??= new Set(EVERYDAY_WORDS.split(' '));
  return everyday.has(lower);
}

/**
 * True when `lower` is a word of English prose: an everyday word or one of CoNLL's lower-case
 * vocabulary ("consul", "server", "config" are; "etcd", "zlib" are not).
 */
export function isEnglishWord(lower: string): boolean {
  return commonWords().has(lower) || isEverydayWord(lower);
}

let trigrams: Set<string> | undefined;

/**
 * The letter trigrams of the English word lists, with `^` and `$` marking a word's start and
 * end ("^ca", "cat", "at$"): about 3,900. A word holding another ("etcd": "tcd") is not
 * spelled as English is.
 */
export function englishTrigrams(): ReadonlySet<string> {
  if (trigrams === undefined) {
    trigrams = new Set();
    for (const word of [...commonWords(), ...EVERYDAY_WORDS.split(' ')]) {
      if (!/^[a-z]+$/.test(word)) continue;
      const marked = `^${word}$`;
      for (let i = 0; i + 3 <= marked.length; i++) trigrams.add(marked.slice(i, i + 3));
    }
  }
  return trigrams;
}

// Endings of English verb forms, adverbs and abstract nouns; names rarely end so when
// they are also never written capitalized in mid-sentence.
const ENGLISH_ENDING = /(?:ed|ing|ly|ness|tion|ment|able|ible|less|ful|ous|ive)$/;

/** Page-level counts of how each word is written, built once per text. */
export class WordUse {
  private readonly lower = new Set<string>();
  private readonly midSentence = new Set<string>();

  constructor(tokens: readonly Token[]) {
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (t === undefined) continue;
      if (/^\p{Ll}/u.test(t.text)) {
        this.lower.add(t.text);
        continue;
      }
      // Capitalized on the same line right after a lower-case word or a comma: mid-sentence.
      const prev = tokens[i - 1];
      if (!t.newline && prev !== undefined && (/^\p{Ll}/u.test(prev.text) || prev.text === ',')) this.midSentence.add(t.text);
    }
  }

  /** True when the page writes `word` in lower case somewhere, or it is a common English word. */
  writesLower(word: string): boolean {
    const lower = word.toLowerCase();
    return this.lower.has(lower) || commonWords().has(lower);
  }

  /**
   * True when the one-word `name` is a common word the page only capitalizes at the
   * start of a line or sentence.
   *
   * @example
   *   new WordUse(tokenize('Values\nThe values of the team.')).isCommonWordOnly('Values') // true
   */
  isCommonWordOnly(name: string): boolean {
    if (!/^\p{Lu}\p{Ll}+$/u.test(name) || this.midSentence.has(name)) return false;
    const lower = name.toLowerCase();
    return this.lower.has(lower) || commonWords().has(lower) || ENGLISH_ENDING.test(lower);
  }
}

/** Small words inside longer names ("Bank of America", "Ansar al-Sharia", "Bill de Blasio"). */
const NAME_CONNECTORS = new Set(['of', 'and', 'for', 'the', 'de', 'del', 'der', 'van', 'von', 'al', 'da', 'di', 'du', 'la', 'le', '&']);
/** An acronym ("AI", "CPU", "FPGA"): on its own it says little, most are generic terms. */
const ACRONYM = /^[\p{Lu}\p{N}]{1,5}$/u;

/**
 * True when `name` has the shape of a proper name rather than of a capitalized phrase:
 * it starts with a capital (or "iMovie", "eBay"), holds at least one word that is neither
 * a common English word nor a short acronym nor a connector, and no word is an adjective
 * compound ("AI-focused", "Mozilla-signed"), a plural acronym ("APIs", "TVs") or two
 * words glued by a symbol ("Thursday.Anthony", "Nikhil&favColor"). `pageWritesLower`
 * says which words the page itself writes in lower case ("Client" where it writes "client").
 *
 * @example
 *   isDistinctiveName('Flutterwave') // true
 *   isDistinctiveName('Small Business') // false: both common words
 *   isDistinctiveName('AI-focused') // false
 */
export function isDistinctiveName(name: string, pageWritesLower: (word: string) => boolean = () => false): boolean {
  return distinctive(name, pageWritesLower, false);
}

/**
 * `isDistinctiveName`, and the distinctive word is not an everyday English word either
 * ("Furthermore", "Precision Boost" are not; "Fidessa", "Osama bin Laden" are): the bar
 * for a name the recognizers found once and were unsure of.
 *
 * @example
 *   isRareName('Elementum') // true
 *   isRareName('Funny') // false
 */
export function isRareName(name: string, pageWritesLower: (word: string) => boolean = () => false): boolean {
  return distinctive(name, pageWritesLower, true);
}

function distinctive(name: string, pageWritesLower: (word: string) => boolean, rare: boolean): boolean {
  if (!/^(?:[\p{Lu}\p{N}]|\p{Ll}{1,2}\p{Lu})/u.test(name)) return false;
  let distinctive = false;
  for (const word of name.split(' ')) {
    const compound = /-(\p{Ll}+)$/u.exec(word)?.[1];
    if (compound !== undefined && (commonWords().has(compound) || ENGLISH_ENDING.test(compound))) return false;
    if (/^\p{Lu}{2,}s$/u.test(word) || /\p{Ll}\.\p{Lu}|\S&\S/u.test(word)) return false;
    const lower = word.toLowerCase();
    if (
      NAME_CONNECTORS.has(lower) ||
      ACRONYM.test(word) ||
      commonWords().has(lower) ||
      ENGLISH_ENDING.test(lower) ||
      pageWritesLower(lower) ||
      (rare && isEverydayWord(lower))
    )
      continue;
    distinctive = true;
  }
  return distinctive;
}
