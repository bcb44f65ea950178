/**
 * The recognizer's lexicons, built once on first use: one phrase table (surface
 * → type, with where it came from) over the hand gazetteers and the phrases
 * derived from CoNLL-2003 train, per-token type statistics, and common words.
 */
import type { EntityType } from '../../core/graph/types';
import { CONLL_LOWER_WORDS, CONLL_PHRASES, CONLL_TOKENS } from './lexicon/conll-lexicon.generated';
import { CITIES, COUNTRIES, REGIONS } from './lexicon/places';
import { PRODUCTS, TECHNOLOGIES } from './lexicon/technology';

export type PhraseSource = 'tech' | 'product' | 'place' | 'conll';

export interface PhraseEntry {
  readonly type: EntityType;
  readonly source: PhraseSource;
  /** Also a common word or name ("Go", "Rust", "Phoenix"): needs a technical context. */
  readonly ambiguous: boolean;
}

/** Per-token counts from CoNLL train: [PER, ORG, LOC, MISC, capitalized-O, first-of-PER]. */
export type TokenStats = readonly [number, number, number, number, number, number];

export interface Lexicons {
  readonly phrases: ReadonlyMap<string, PhraseEntry>;
  /** Lower-cased phrase → entry, for all-caps headlines. */
  readonly phrasesLower: ReadonlyMap<string, PhraseEntry>;
  /** Longest phrase length (in tokens) by first token, lower-cased. */
  readonly maxLenByFirst: ReadonlyMap<string, number>;
  readonly tokens: ReadonlyMap<string, TokenStats>;
  readonly lowerWords: ReadonlySet<string>;
}

/** Technology and product names that are also everyday words or names. */
const AMBIGUOUS_TECH = new Set([
  'Go',
  'Rust',
  'Swift',
  'Spring',
  'Express',
  'Node',
  'Phoenix',
  'Julia',
  'Java',
  'Unity',
  'Rocket',
  'Ember',
  'Assembly',
  'Scheme',
  'Metal',
  'Core',
  'Echo',
  'Switch',
  'Spark',
  'Flask',
  'Windows',
  'Elm',
  'Backbone',
  'Racket',
  'Crystal',
  'Dart',
  'Pascal',
  'Delphi',
  'Remix',
  'Astro',
  'Gatsby',
  'Bun',
  'Qt',
  'Transformers',
  'Quest',
  'Model',
  'Golf',
  'Civic',
  'Mustang',
  'Surface',
  'Galaxy',
  'Pixel',
  'Threads',
  'Zoom',
  'Slack',
  'Notion',
  'Alexa',
  'Bard',
  'Claude',
  'Gemini',
  'Llama',
  'Copilot',
  'Safari',
  'Chrome',
  'Excel',
  'Outlook',
  'Word',
  'Android',
  'Mocha',
  'Jest',
  'Babel',
  'Vite',
  'Bootstrap',
  'Sass',
  'Prettier',
  'Cypress',
  'Snowflake',
  'Redis',
  'Git',
  'Jenkins',
  'Prometheus',
  'Lisp',
  'Prolog',
  'ARM',
  'IP',
  'REST',
  'SOAP',
  'Nim',
  'Zig',
  'Lua',
  'Perl',
  'Ruby',
  'Scala',
  'D3',
  'Spark',
  'Hadoop',
  'Kafka',
  'Rails',
  'Angular',
  'React',
  'Vue',
  'Sun',
  'Mercury',
]);
const CODE: ReadonlyMap<string, EntityType> = new Map([
  ['P', 'person'],
  ['O', 'company'],
  ['L', 'location'],
  ['M', 'other'],
]);

let cached: Lexicons | undefined;

/** The shared lexicons (built once, about 20 ms). */
export function lexicons(): Lexicons {
  cached ??= build();
  return cached;
}

function build(): Lexicons {
  const phrases = new Map<string, PhraseEntry>();
  const add = (surface: string, entry: PhraseEntry) => {
    if (!phrases.has(surface)) phrases.set(surface, entry);
  };
  for (const name of TECHNOLOGIES) add(name, { type: 'technology', source: 'tech', ambiguous: AMBIGUOUS_TECH.has(name) });
  for (const name of PRODUCTS) add(name, { type: 'product', source: 'product', ambiguous: AMBIGUOUS_TECH.has(name) });
  for (const line of CONLL_PHRASES.split('\n')) {
    const tab = line.lastIndexOf('\t');
    const type = CODE.get(line.slice(tab + 1));
    if (tab > 0 && type !== undefined) add(line.slice(0, tab), { type, source: 'conll', ambiguous: false });
  }
  for (const name of [...COUNTRIES, ...REGIONS, ...CITIES]) add(name, { type: 'location', source: 'place', ambiguous: false });

  const phrasesLower = new Map<string, PhraseEntry>();
  const maxLenByFirst = new Map<string, number>();
  for (const [surface, entry] of phrases) {
    const lower = surface.toLowerCase();
    if (!phrasesLower.has(lower)) phrasesLower.set(lower, entry);
    const parts = splitPhrase(surface);
    const first = (parts[0] ?? '').toLowerCase();
    maxLenByFirst.set(first, Math.max(maxLenByFirst.get(first) ?? 0, parts.length));
  }

  const tokens = new Map<string, TokenStats>();
  for (const line of CONLL_TOKENS.split('\n')) {
    const tab = line.lastIndexOf('\t');
    const nums = line
      .slice(tab + 1)
      .split(',')
      .map(Number);
    tokens.set(line.slice(0, tab), [nums[0] ?? 0, nums[1] ?? 0, nums[2] ?? 0, nums[3] ?? 0, nums[4] ?? 0, nums[5] ?? 0]);
  }
  return { phrases, phrasesLower, maxLenByFirst, tokens, lowerWords: new Set(CONLL_LOWER_WORDS.split(' ')) };
}

/** Splits a gazetteer phrase the way the tokenizer splits text ("Vue.js" stays whole). */
export function splitPhrase(surface: string): string[] {
  return surface.split(/\s+/).filter((p) => p.length > 0);
}
