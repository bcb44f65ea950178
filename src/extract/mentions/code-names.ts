/**
 * Tools and libraries written in lower case ("etcd", "zlib", "nsq.js", "inspector-api"): the
 * recognizers key on capitals and read none of them. A lower-case word that is no English word,
 * next to a word that says it is software ("the bsdiff algorithm", "nsqd instances", "based on
 * zlib", "install gp4par"), names a technology, and so does each other mention of it on the page.
 */
import type { Mention } from '../../core/capture';
import { englishTrigrams, isEnglishWord } from '../words/common-words';
import type { Token } from '../ner/tokenize';

/** One lower-case word, with dots, hyphens or underscores inside ("nsq.js", "inspector-api", "pbkdf2"). */
const CODE_WORD = /^\p{Ll}[\p{Ll}\p{N}]*(?:[._-][\p{Ll}\p{N}]+)*$/u;
/** Shorter words are abbreviations, units and variables ("ms", "web", "evt") far more often than tools. */
const MIN_CODE_CHARS = 4;
/**
 * Trigrams no English word has that a word must hold: one is often a gap in the lists
 * ("analytics": "lyt"), two rarely ("etcd": "tcd", "cd$").
 */
const MIN_FOREIGN_TRIGRAMS = 2;
/** Endings of English verb forms, adverbs and abstract nouns ("downloading", "caching"). */
const ENGLISH_ENDING = /(?:ed|ing|ly|ness|tion|ment|able|ible|less|ful|ous|ive)$/;
/** A host name ("fpn.firefox.com"), not a tool. */
const HOST_NAME = /\.(?:com|org|net|gov|edu|co|uk|de)$/;
/** Nouns after a lower-case name that make it software ("the bsdiff algorithm", "nsqd instances", "statsd counters"). */
const SOFTWARE_AFTER = new Set([
  'algorithm',
  'library',
  'libraries',
  'module',
  'modules',
  'package',
  'packages',
  'framework',
  'protocol',
  'api',
  'sdk',
  'engine',
  'database',
  'compiler',
  'toolkit',
  'runtime',
  'tool',
  'tools',
  'daemon',
  'daemons',
  'instance',
  'instances',
  'server',
  'servers',
  'node',
  'nodes',
  'cluster',
  'clusters',
  'bindings',
  'counters',
  'metrics',
  'project',
  'repository',
  'repo',
  'command',
  'binary',
  'plugin',
]);
/** Words right before one ("the module inspector-api", "install gp4par"). */
const INSTALL = new Set(['install', 'installs', 'installed', 'installing']);
/** Nouns before one after an article ("the module inspector-api", "calls the function pbkdf2"; not "package downloads"). */
const SOFTWARE_NOUN_BEFORE = new Set(['module', 'package', 'library', 'tool', 'function', 'command', 'daemon']);
const ARTICLES = new Set(['the', 'a', 'an', 'The', 'A', 'An']);
/** Pairs of words right before one ("based on zlib", "written in nim"). */
const SOFTWARE_BEFORE_PAIRS = [
  ['based', 'on'],
  ['built', 'on'],
  ['built', 'with'],
  ['written', 'in'],
  ['support', 'for'],
  ['runs', 'on'],
  ['ported', 'to'],
];
/** Quotes that may wrap the name after its cue ("the module “inspector-api”"). */
const OPENING_QUOTES = new Set(['“', '"', '‘', "'", '`']);

/**
 * True when `word` may be a lower-case software name: code-shaped, no English word, and spelled
 * as no English word is: with a digit or a dot inside ("pbkdf2", "nsq.js"), or with letters in
 * an order English words never have ("etcd", "zlib", "nsqd"). The word lists miss many English
 * words ("analytics", "webinar"), but their spelling is English.
 *
 * @example
 *   isCodeWord('etcd') // true
 *   isCodeWord('analytics') // false
 */
export function isCodeWord(word: string): boolean {
  if (word.length < MIN_CODE_CHARS || !CODE_WORD.test(word) || HOST_NAME.test(word) || isEnglishWord(word) || ENGLISH_ENDING.test(word))
    return false;
  if (/\p{N}|[._]/u.test(word)) return true;
  return word.split('-').some((part) => !isEnglishWord(part) && foreignTrigrams(part) >= MIN_FOREIGN_TRIGRAMS);
}

/** Letter trigrams of `word`, its start and end included, that no English word of the lists has. */
function foreignTrigrams(word: string): number {
  if (!/^\p{Ll}+$/u.test(word)) return 0;
  const english = englishTrigrams();
  const marked = `^${word}$`;
  let n = 0;
  for (let i = 0; i + 3 <= marked.length; i++) if (!english.has(marked.slice(i, i + 3))) n++;
  return n;
}

/** True when a word next to the token at `i` says it is software. */
function softwareCue(tokens: readonly Token[], i: number): boolean {
  const next = tokens[i + 1];
  if (next !== undefined && !next.newline && SOFTWARE_AFTER.has(next.text)) return true;
  let k = i - 1;
  if (OPENING_QUOTES.has(tokens[k]?.text ?? '')) k -= 1;
  const prev1 = tokens[k]?.text;
  const prev2 = tokens[k - 1]?.text;
  if (prev1 === undefined || tokens[k + 1]?.newline === true) return false;
  if (INSTALL.has(prev1) || (SOFTWARE_NOUN_BEFORE.has(prev1) && prev2 !== undefined && ARTICLES.has(prev2))) return true;
  return prev2 !== undefined && SOFTWARE_BEFORE_PAIRS.some(([a, b]) => a === prev2 && b === prev1);
}

/**
 * Mentions of the lower-case software names of `tokens`: every mention of a code word that
 * a software cue names once, skipping tokens `covered` (held by other mentions).
 *
 * @example
 *   lowerCaseCodeNames(tokenize('We keep statsd counters. statsd is fast.'), [], 0.85)
 *   // [{ text: 'statsd', type: 'technology', start: 8, … }, { text: 'statsd', start: 25, … }]
 */
export function lowerCaseCodeNames(tokens: readonly Token[], covered: readonly boolean[], score: number): Mention[] {
  const cued = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t !== undefined && covered[i] !== true && isCodeWord(t.text) && softwareCue(tokens, i)) cued.add(t.text);
  }
  if (cued.size === 0) return [];
  const out: Mention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t !== undefined && covered[i] !== true && cued.has(t.text))
      out.push({ text: t.text, type: 'technology', start: t.start, end: t.end, score });
  }
  return out;
}
