/**
 * Junk filter: a capitalized word that is a common word elsewhere ("Values",
 * "Retrieved", "Standalone") is not a name. It is judged on the page itself: a word
 * the page never capitalizes in mid-sentence, and that is a common English word (the
 * page also writes it in lower case, CoNLL's lower-case vocabulary has it, or it has
 * an English inflection or derivation ending), was capitalized only because it starts
 * a heading, a label or a sentence.
 */
import type { Token } from './ner/tokenize';
import { CONLL_LOWER_WORDS } from './rules/lexicon/conll-lexicon.generated';

let common: Set<string> | undefined;

function commonWords(): Set<string> {
  common ??= new Set(CONLL_LOWER_WORDS.split(' '));
  return common;
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
