/**
 * The answer readers: what questions read in stored page sentences beyond the capture's
 * relation stage, which reads them first (`relation-readings.ts`, through the
 * `SentenceRelationReader` port). When the graph has no relation for a typed question, a
 * sentence naming the entity, holding the question's trigger words and another entity of the
 * expected type answers; the answer quotes that sentence and cites its page, at low
 * confidence, and says it was read, not known. Each reader is named in the rule registry and
 * switchable (`ANSWER_READERS`); a shape the capture's rules read is not read again here (a
 * job at an organization's unit, a title before the name: `eval:qa -- --ablate-readers`,
 * `docs/figures.md`). The trigger words are `core/text/relation-vocabulary.ts`'s, the ones
 * the extraction rules store facts by. Pure functions; the store is read by `fulfill.ts`.
 */
import { InvalidArgumentsError } from '../errors';
import type { EntityId } from '../graph/ids';
import type { EntityType } from '../graph/types';
import type { SentenceName, SentenceView } from './query-context';
import type { Intent } from './question';
import { verbKey } from './relation-words';
import {
  ACQUIRE_PREFIXES,
  ACQUIRE_WORDS,
  COMPETE_PREFIXES,
  COMPETE_WORDS,
  CUSTOMER_WORDS,
  FOUNDER_PREFIXES,
  FOUNDER_WORDS,
  FUND_WORDS,
  JOB_VERBS,
  LEADER_WORDS,
  MAKER_NOUNS,
  MAKER_PREFIXES,
  MAKER_VERBS,
  NEGATIONS as NEGATION_WORDS,
  NOT_A_JOB_WORDS,
  OWN_WORDS,
  PARTNER_WORDS,
  PAST_MARKERS,
  PRODUCT_NOUNS,
  ROLE_TITLES,
  SEAT_WORDS,
  START_VERBS,
  USE_WORDS,
} from '../text/relation-vocabulary';
import { hasStem } from '../text/word-stems';
import { lowerWords } from '../../nlp';

/** What a sentence must hold to answer a question. */
export interface ReadingSpec {
  /** Whole words (lower case) that state the relation. */
  readonly words: ReadonlySet<string>;
  /** Word beginnings that state it ("acquir" for acquired, acquires, acquisition). */
  readonly prefixes: readonly string[];
  /** Types of the entity that answers. */
  readonly types: readonly EntityType[];
  /**
   * Types read only when no sentence gives an answer of `types`: the recognizer often types an
   * organization as a person or a place ("Con Edison", "Babson"), a product as a company.
   */
  readonly fallbackTypes?: readonly EntityType[];
  /**
   * Phrases that state the relation only right between the two names, with no trigger word
   * ("Bardo Museum in Tunis", "Ada, an astronomer at Harvard"): read before the triggers.
   */
  readonly tight?: Tight;
  /** Words that, standing with the trigger and the names, turn the relation around ("customers"). */
  readonly reversers?: ReadonlySet<string>;
}

/**
 * The answer readers the capture's relation rules do not cover (`relation-readings.ts` reads
 * with those first), each named in the rule registry (stage `answers`) and switchable, so
 * `npm run eval:ablate` measures what each is worth on dev and on check.
 */
export const ANSWER_READERS = ['answer-trigger-words', 'answer-tight-phrases', 'answer-fallback-types', 'answer-beside-values'] as const;
export type AnswerReaderId = (typeof ANSWER_READERS)[number];

function isAnswerReader(id: string): id is AnswerReaderId {
  return ANSWER_READERS.some((r) => r === id);
}

/**
 * Answer reader ids separated by commas; throws `invalid_arguments` on an unknown one (a typo
 * would otherwise measure nothing).
 *
 * @example
 *   parseAnswerReadersOff('answer-tight-phrases, answer-fallback-types') // ['answer-tight-phrases', 'answer-fallback-types']
 */
export function parseAnswerReadersOff(csv: string): AnswerReaderId[] {
  const out: AnswerReaderId[] = [];
  for (const raw of csv.split(',')) {
    const id = raw.trim();
    if (id.length === 0) continue;
    if (!isAnswerReader(id))
      throw new InvalidArgumentsError(`Unknown answer reader "${id.slice(0, 60)}"; known: ${ANSWER_READERS.join(', ')}.`);
    out.push(id);
  }
  return out;
}

/**
 * `reading` with the readers in `off` switched off: no trigger words, no tight phrases, no
 * fallback types.
 *
 * @example
 *   switchedSpec(readingSpec(intent), new Set(['answer-tight-phrases'])).tight // undefined
 */
export function switchedSpec(reading: ReadingSpec, off: ReadonlySet<string>): ReadingSpec {
  const words = off.has('answer-trigger-words') ? { words: new Set<string>(), prefixes: [] } : {};
  const tight = off.has('answer-tight-phrases') ? { tight: undefined } : {};
  const fallback = off.has('answer-fallback-types') ? { fallbackTypes: undefined } : {};
  return { ...reading, ...words, ...tight, ...fallback };
}

/** Which tight phrases a question reads. */
export type Tight = 'place' | 'job' | 'maker' | 'owner';

const spec = (
  words: readonly string[],
  prefixes: readonly string[],
  types: readonly EntityType[],
  tight?: Tight,
  fallbackTypes?: readonly EntityType[],
): ReadingSpec => ({
  words: new Set(words),
  prefixes,
  types,
  ...(tight === undefined ? {} : { tight }),
  ...(fallbackTypes === undefined ? {} : { fallbackTypes }),
});

/** A job: a title, or a verb said of employees ("served", "led" lean to the nearest name, often not the employer). */
const ROLE_WORDS = [...ROLE_TITLES, ...JOB_VERBS];
const ORG_OR_THING: readonly EntityType[] = ['company', 'product', 'technology', 'other'];

/** Words of having or running on, read (not stored) as "uses": too loose for a fact, enough for a quoted reading. */
const HAVE_WORDS = ['features', 'featuring', 'enabled', 'leverages', 'leveraging', 'employs', 'integrates', 'integrating', 'adoption'];
/** Trigger words by the question's verb (its `verbKey`). */
const BY_VERB: ReadonlyMap<string, ReadingSpec> = new Map([
  ['acquir', spec(ACQUIRE_WORDS, ACQUIRE_PREFIXES, ORG_OR_THING)],
  // "s" is the possessive ("Sony's PlayStation VR"): a maker's name right before its product.
  [
    'develop',
    spec([...MAKER_VERBS, ...MAKER_NOUNS, 'known', 's'], MAKER_PREFIXES, ['product', 'technology', 'other'], 'maker', ['company']),
  ],
  // "the Quill chip features two engines: …", "logins enabled by the Tessel key store": what a thing has or runs on.
  [
    'us',
    {
      ...spec([...USE_WORDS, ...HAVE_WORDS], [], ['technology', 'product'], undefined, ['company', 'other']),
      reversers: new Set(CUSTOMER_WORDS),
    },
  ],
  ['compet', spec([...COMPETE_WORDS, 'against'], COMPETE_PREFIXES, ['company', 'product'], undefined, ['person', 'other'])],
  // "a Series C led by Marlow Partners": a lettered series is a funding round.
  ['invest', spec([...FUND_WORDS, 'series'], ['invest', 'fund', 'financ'], ['company'], undefined, ['other'])],
  // "Data Engineer on Kestrel Maps": a team is often named by its product.
  ['work', spec(ROLE_WORDS, [], ['company', 'other'], 'job', ['location', 'person', 'product'])],
  ['partner', spec(PARTNER_WORDS, ['partner', 'collaborat'], ['company'])],
]);
/** "Who owns X?" reads ownership words ("own" is an acquisition synonym for stored edges). */
const OWNS = spec([...OWN_WORDS, 'bought'], ACQUIRE_PREFIXES, ['company'], 'owner', ['person', 'other']);

/**
 * The reading spec of a question, or none for kinds sentences do not answer.
 *
 * @example
 *   readingSpec({ kind: 'role', role: 'leader', subject: 'Agari' })?.types // ['person']
 */
export function readingSpec(intent: Intent): ReadingSpec | undefined {
  switch (intent.kind) {
    case 'role':
      // "Quinn later went on to start Fabrikam": starting a company is founding it (read, not stored).
      if (intent.role === 'founder') return spec([...FOUNDER_WORDS, ...START_VERBS], FOUNDER_PREFIXES, ['person']);
      if (intent.role === 'leader') return spec(LEADER_WORDS, [], ['person']);
      return spec(ROLE_WORDS, [], ['person']);
    case 'where':
      return spec(SEAT_WORDS, [], ['location'], 'place');
    case 'relation': {
      const key = verbKey(intent.relation.split(' ')[0] ?? intent.relation);
      const found = key === 'acquir' && intent.direction === 'in' ? OWNS : BY_VERB.get(key);
      if (found === undefined) return undefined;
      // A type the question names is the only one read.
      return intent.entityType === undefined
        ? found
        : { words: found.words, prefixes: found.prefixes, types: [intent.entityType], ...(found.tight ? { tight: found.tight } : {}) };
    }
    default:
      return undefined;
  }
}

/** Lower-case words of a sentence, split on anything but letters and digits (one pass). */
function wordsOf(text: string): string[] {
  return lowerWords(text).filter((t) => t !== ',');
}

/**
 * Token ranges `[start, end)` where `name`'s words stand in `tokens`; a comma inside a name
 * is skipped ("University of Northland, Port Vale").
 */
function occurrences(tokens: readonly string[], name: string): Array<[number, number]> {
  const words = wordsOf(name);
  const out: Array<[number, number]> = [];
  if (words.length === 0) return out;
  for (let i = 0; i < tokens.length; i++) {
    let at = i;
    let k = 0;
    while (k < words.length && at < tokens.length) {
      if (k > 0 && tokens[at] === ',') at++;
      if (tokens[at] !== words[k]) break;
      at++;
      k++;
    }
    if (k === words.length) out.push([i, at]);
  }
  return out;
}

const ARTICLES = new Set(['the', 'a', 'an']);
/** Describing words at most between a maker's possessive and its product ("Intel's mainstream vPro"). */
const MAX_MAKER_WORDS = 2;
/** Words at most in a title between an employer and a person ("White House deputy press secretary"). */
const MAX_TITLE_WORDS = 3;
const ROLE_TITLE_SET: ReadonlySet<string> = new Set(ROLE_TITLES);
/** Words before an employer that make the title a past one ("former Facebook executive Ada"). */
const PAST: ReadonlySet<string> = new Set(PAST_MARKERS);
/** Words at most in a job apposition between the comma and "at" ("now a senior marine chemist at"). */
const MAX_JOB_WORDS = 8;
/** Words that make an apposition no job phrase (a clause, a list, speech, a past job, a negation). */
const CLAUSE_WORDS: ReadonlySet<string> = new Set([...NOT_A_JOB_WORDS, ...PAST_MARKERS, 'not', 'never']);

/**
 * True when the tokens from the entity asked about to the answer state the relation by
 * their shape alone: "X in Y", "X at Y", "X, Y" for a place; "Y-based X" (the place
 * first); ", an astronomer at Y" for a job.
 *
 * @example
 *   tightBetween('place', ['in'], true) // true: "the Bardo Museum in Tunis"
 *   tightBetween('job', [',', 'an', 'astronomer', 'at'], true) // true
 */
export function tightBetween(tight: Tight, words: readonly string[], aboutFirst: boolean): boolean {
  // An article before the answer's name changes nothing ("an astronomer at the University of …").
  const between = ARTICLES.has(words.at(-1) ?? '') ? words.slice(0, -1) : words;
  if (tight === 'place') {
    // "Houston-based Acme", "Tunisia’s Bardo museum": the place first.
    if (!aboutFirst) return between.length === 1 && (between[0] === 'based' || between[0] === 's');
    return between.length === 1 && (between[0] === 'in' || between[0] === 'at' || between[0] === ',');
  }
  // "MIT’s Lorenz Center": the organization whose possessive names the one asked about owns it.
  if (tight === 'owner') return !aboutFirst && words.length === 1 && words[0] === 's';
  // "the zdelta codec (by Ada Quinn)": a thing, at most two words naming its kind, "by" and its maker.
  if (tight === 'maker' && !aboutFirst) return words.length >= 1 && words.length <= 3 && words.at(-1) === 'by' && !words.includes(',');
  if (tight === 'maker')
    // "Intel's mainstream vPro offerings": the maker's possessive, at most two describing words, the product.
    return (
      aboutFirst && words[0] === 's' && words.length <= 1 + MAX_MAKER_WORDS && words.slice(1).every((w) => !ARTICLES.has(w) && w !== ',')
    );
  // "White House press secretary Josh Earnest", "Apple CEO Tim Cook": the employer, a title, the person.
  if (!aboutFirst) return words.length > 0 && words.length <= MAX_TITLE_WORDS && ROLE_TITLE_SET.has(words.at(-1) ?? '');
  // "Administrator Ada Quinn of the Small Business Administration", "Jamie Werner of Ngātiwai": the person's organization.
  if (between.length === 1 && between[0] === 'of') return true;
  const inner = between.slice(1, -1);
  const last = between.at(-1);
  // ", co-director of Y": "of" after a title names where it is held.
  if (last === 'of' && between[0] === ',' && inner.length <= MAX_JOB_WORDS && ROLE_TITLE_SET.has(inner.at(-1) ?? '')) return true;
  return (
    aboutFirst &&
    between[0] === ',' &&
    (last === 'at' || last === 'for' || last === 'on') &&
    inner.length > 0 &&
    inner.length <= MAX_JOB_WORDS &&
    !inner.some((w) => w === ',' || CLAUSE_WORDS.has(w))
  );
}

/**
 * The candidate a tight phrase ties to one of `aboutNames` in `tokens`, if any: one of
 * `types`, or of another type (`candidates` holds both) where the phrase names a title.
 */
function tightAnswer(
  tight: Tight,
  tokens: readonly string[],
  aboutNames: readonly string[],
  candidates: readonly SentenceName[],
  types: readonly EntityType[],
): SentenceName | undefined {
  const about = aboutNames.flatMap((n) => occurrences(tokens, n));
  for (const c of candidates) {
    // A name of a loose type (the recognizer's "White House" as a place) only where a title says it employs.
    const loose = !types.includes(c.type);
    for (const [cs, ce] of namesOf(c).flatMap((n) => occurrences(tokens, n))) {
      for (const [as, ae] of about) {
        const titled = (from: number, to: number) =>
          !loose || tight === 'maker' || tokens.slice(from, to).some((w) => ROLE_TITLE_SET.has(w));
        if (
          ae <= cs &&
          tightBetween(tight, tokens.slice(ae, cs), true) &&
          titled(ae, cs) &&
          !listedPlace(tight, tokens, ae, cs, ce) &&
          (tight !== 'maker' || madeThing(c, tokens, ce))
        )
          return c;
        if (
          ce <= as &&
          tightBetween(tight, tokens.slice(ce, as), false) &&
          !PAST.has(tokens[cs - 1] ?? '') &&
          (tight !== 'maker' || MADE_TYPES.has(c.type))
        )
          return c;
      }
    }
  }
  return undefined;
}

/**
 * "Acme, Oslo and Lisbon-based Initech": a place after the entity's comma that goes on
 * into a list or a "-based" is another name's, no apposition of the entity.
 */
function listedPlace(tight: Tight, tokens: readonly string[], aboutEnd: number, start: number, end: number): boolean {
  return tight === 'place' && tokens[aboutEnd] === ',' && start === aboutEnd + 1 && LIST_GOES_ON.has(tokens[end] ?? '');
}
const LIST_GOES_ON: ReadonlySet<string> = new Set(['and', 'or', 'based', ',']);

/** Types a maker's possessive reads as its product; an organization only when a product noun follows ("vPro offerings"). */
const MADE_TYPES: ReadonlySet<EntityType> = new Set(['product', 'technology']);
const PRODUCT_NOUN_SET: ReadonlySet<string> = new Set(PRODUCT_NOUNS);

function madeThing(c: SentenceName, tokens: readonly string[], end: number): boolean {
  return MADE_TYPES.has(c.type) || (c.type !== 'person' && c.type !== 'location' && PRODUCT_NOUN_SET.has(tokens[end] ?? ''));
}

/** Every name a sentence may use for a candidate: its own and the aliases it was found by. */
function namesOf(c: SentenceName): readonly string[] {
  return [c.name, ...(c.aliases ?? [])];
}

export interface ReadAnswer {
  readonly sentence: SentenceView;
  readonly answer: SentenceName;
  /** Words from the trigger to both names (lower is surer; a tight phrase scores below 0). */
  readonly score?: number;
}

/**
 * Answers read for one question: "what does X use" may have several (distinct entities,
 * one sentence each); who leads, founded, employs or where, one.
 */
export const MAX_READ_ANSWERS = 8;
/** Founders read for one company: five founders is common ("Quinn, Rask, Moreau, Ito, and Varga"). */
const MAX_FOUNDERS_READ = 8;

/**
 * Words at most between the trigger and each name: farther, the sentence is about
 * something else ("he co-founded Andela, … from investors that include Ada").
 */
const MAX_READ_DISTANCE = 15;
/** The rank of a tight phrase's answer of a loose type: after any trigger reading (each scores at most twice the distance). */
const LOOSE_TIGHT_SCORE = 2 * MAX_READ_DISTANCE + 1;
/** The rank of a tight phrase's answer of an expected type: before any trigger reading (`ReadAnswer.score`). */
export const TIGHT_READ_SCORE = -1;

/** Words that deny the statement they stand in. */
const NEGATIONS: ReadonlySet<string> = new Set(NEGATION_WORDS);

/**
 * The words a sentence may name `name` by: its first word, and its last (a person named by
 * surname alone, "… by Banzi, Cuartielles …").
 */
function nameEnds(name: string): ReadonlySet<string> {
  // "the company" (a sentence's opener for the entity) is found by "company", not by any "the".
  const words = wordsOf(name);
  const all = words.length > 1 && ARTICLES.has(words[0] ?? '') ? words.slice(1) : words;
  return new Set([all[0] ?? '', all.at(-1) ?? ''].filter((w) => w.length > 0));
}

/** The index of a word naming `name` nearest to `words[at]` (-1 when absent). */
function nearest(words: readonly string[], at: number, name: string): number {
  const ends = nameEnds(name);
  let best = -1;
  for (let i = 0; i < words.length; i++) if (ends.has(words[i] ?? '') && (best < 0 || Math.abs(i - at) < Math.abs(best - at))) best = i;
  return best;
}

/** A negation in the stretch from the trigger at `at` to both names (nearest occurrences). */
function negatedBetween(words: readonly string[], at: number, aboutNames: readonly string[], answer: string): boolean {
  return wordBetween(words, at, aboutNames, answer, NEGATIONS);
}

/** One of `set` in the stretch from the trigger at `at` to both names (nearest occurrences). */
function wordBetween(
  words: readonly string[],
  at: number,
  aboutNames: readonly string[],
  answer: string,
  set: ReadonlySet<string>,
): boolean {
  const about =
    aboutNames
      .map((n) => nearest(words, at, n))
      .filter((i) => i >= 0)
      .sort((x, y) => Math.abs(x - at) - Math.abs(y - at))[0] ?? at;
  const spots = [at, about, nearest(words, at, answer)].filter((i) => i >= 0);
  for (let i = Math.min(...spots); i <= Math.max(...spots); i++) if (set.has(words[i] ?? '')) return true;
  return false;
}

/** "former" or "ex" in the stretch from the trigger to both names, or right before the answer's name. */
function pastBefore(words: readonly string[], at: number, aboutNames: readonly string[], answer: string): boolean {
  const spots = [at, nearest(words, at, answer), ...aboutNames.map((n) => nearest(words, at, n))].filter((i) => i >= 0);
  for (let i = Math.min(...spots); i <= Math.max(...spots); i++) if (PAST.has(words[i] ?? '')) return true;
  return occurrences(words, answer).some(([start]) => PAST.has(words[start - 1] ?? ''));
}

/** Tokens that join the members of a list ("A, B and C"). */
const LIST_JOINERS = new Set([',', 'and', '&']);

/** Token spans where a candidate stands: its full name, or a person's surname alone. */
function spans(tokens: readonly string[], c: SentenceName): Array<[number, number]> {
  const surname = c.type === 'person' ? wordsOf(c.name).at(-1) : undefined;
  return [
    ...namesOf(c).flatMap((n) => occurrences(tokens, n)),
    ...(surname === undefined || surname === c.name.toLowerCase() ? [] : occurrences(tokens, surname)),
  ];
}

/**
 * `answer` and the candidates listed with it, in sentence order: names joined to it (or to
 * one another) by commas and "and" only.
 */
function listedWith(tokens: readonly string[], answer: SentenceName, candidates: readonly SentenceName[]): SentenceName[] {
  const members = new Map<EntityId, { c: SentenceName; at: Array<[number, number]> }>([
    [answer.id, { c: answer, at: spans(tokens, answer) }],
  ]);
  const joined = (a: readonly [number, number], b: readonly [number, number]): boolean => {
    const [from, to] = a[1] <= b[0] ? [a[1], b[0]] : [b[1], a[0]];
    if (to <= from) return false;
    for (let i = from; i < to; i++) if (!LIST_JOINERS.has(tokens[i] ?? '')) return false;
    return true;
  };
  // Each pass adds the candidates next to a member; a list of n names takes at most n passes.
  for (let grown = true; grown;) {
    grown = false;
    for (const c of candidates) {
      if (members.has(c.id)) continue;
      const at = spans(tokens, c);
      if ([...members.values()].some((m) => m.at.some((x) => at.some((y) => joined(x, y))))) {
        members.set(c.id, { c, at });
        grown = true;
      }
    }
  }
  const first = (m: { at: Array<[number, number]> }): number => Math.min(...m.at.map(([start]) => start));
  return [...members.values()].sort((x, y) => first(x) - first(y)).map((m) => m.c);
}

/** `words` with every occurrence of one of `names` blanked out. */
function masked(words: readonly string[], names: readonly string[]): string[] {
  const out = [...words];
  for (const name of names) {
    const parts = wordsOf(name);
    if (parts.length === 0) continue;
    for (let i = 0; i + parts.length <= words.length; i++) {
      if (parts.every((p, k) => words[i + k] === p)) for (let k = 0; k < parts.length; k++) out[i + k] = '';
    }
  }
  return out;
}

/** Word distance from `words[at]` to a word naming `name` in `words` (infinite when absent). */
function distance(words: readonly string[], at: number, name: string): number {
  const ends = nameEnds(name);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < words.length; i++) if (ends.has(words[i] ?? '')) best = Math.min(best, Math.abs(i - at));
  return best;
}

/**
 * Sentences that name `about`, hold a trigger word and name another entity of an
 * expected type; that entity is the answer. Sentences are ranked by how close the
 * trigger sits to both names (nearest first), at most `limit` distinct answers.
 *
 * @example
 *   readFromSentences(sentences, about, ['Agari'], readingSpec(intent))[0] // { sentence: { text: 'Agari, led by CEO Ada…' }, answer: { name: 'Ada', … } }
 */
export function readFromSentences(
  sentences: readonly SentenceView[],
  about: EntityId | undefined,
  aboutNames: readonly string[],
  reading: ReadingSpec,
  limit = 1,
): ReadAnswer[] {
  const names = shortForms(sentences, about, aboutNames);
  const read = readOfTypes(sentences, about, names, reading, reading.types, limit);
  const fallback = reading.fallbackTypes;
  return read.length > 0 || fallback === undefined ? read : readOfTypes(sentences, about, names, reading, fallback, limit);
}

/** Shortest surname read alone: shorter words ("Li", "Ng") are too often something else. */
const MIN_SURNAME = 3;

/**
 * The names a page calls the asked entity by, beyond its own: a person's surname ("Some of
 * Kay's friends"). Not the start of a longer name: "Piaggio" of "Piaggio Fast Forward" is
 * its parent, another entity.
 */
function shortForms(sentences: readonly SentenceView[], about: EntityId | undefined, aboutNames: readonly string[]): string[] {
  const out = new Set(aboutNames);
  const self = sentences.flatMap((s) => s.names).find((n) => n.id === about);
  const words = self ? wordsOf(self.name) : [];
  const surname = words.at(-1);
  if (self?.type === 'person' && words.length > 1 && surname !== undefined && surname.length >= MIN_SURNAME) out.add(surname);
  return [...out];
}

function readOfTypes(
  sentences: readonly SentenceView[],
  about: EntityId | undefined,
  ownNames: readonly string[],
  reading: ReadingSpec,
  types: readonly EntityType[],
  limit: number,
): ReadAnswer[] {
  const own = new Set(ownNames.map((n) => n.toLowerCase()));
  const scored: Array<{ read: ReadAnswer; score: number; order: number }> = [];
  // A tight phrase is sure enough to read a name the recognizer typed loosely ("White House" as a place).
  const tightTypes = [...types, ...(reading.fallbackTypes ?? [])];
  for (const [order, sentence] of sentences.entries()) {
    // A sentence going on about the entity calls it by its opener ("It offers Gita …").
    const aboutNames = sentence.refersBy === undefined ? ownNames : [...ownNames, sentence.refersBy.opener];
    const text = clauseAbout(sentence.text, aboutNames);
    const words = wordsOf(text);
    const tokens = lowerWords(text);
    // Answers are looked for outside the asked name: "PRO" inside "Ryzen PRO" is not an answer.
    const outside = masked(words, aboutNames);
    const named = standalone(
      tokens,
      sentence.names.filter((n) => n.id !== about && !own.has(n.name.toLowerCase()) && !wordless(n.name)),
      aboutNames.flatMap((n) => occurrences(tokens, n)),
    );
    const candidates = named.filter((n) => types.includes(n.type));
    // A tight phrase is the surest reading: it ranks before any trigger word.
    const tight =
      reading.tight === undefined
        ? undefined
        : tightAnswer(
            reading.tight,
            tokens,
            aboutNames,
            named.filter((n) => tightTypes.includes(n.type)),
            reading.types,
          );
    if (tight !== undefined) {
      // A name of a loose type ranks after every reading of the expected types (other sentences may hold one).
      scored.push({ read: { sentence, answer: tight }, score: types.includes(tight.type) ? TIGHT_READ_SCORE : LOOSE_TIGHT_SCORE, order });
      continue;
    }
    if (candidates.length === 0) continue;
    const inNames = masked(words, sentence.names.flatMap(namesOf));
    let best: { answer: SentenceName; score: number } | undefined;
    for (let at = 0; at < words.length; at++) {
      const w = words[at] ?? '';
      if (!reading.words.has(w) && !hasStem(w, reading.prefixes)) continue;
      // A trigger inside a name states nothing ("GPS-enabled", "Acme Ventures").
      if (inNames[at] === '') continue;
      const toAbout = Math.min(...aboutNames.map((n) => distance(words, at, n)));
      for (const c of candidates) {
        // The candidate's name nearest the trigger (its own or an alias the sentence uses).
        const [toAnswer, name] = namesOf(c).reduce<[number, string]>(
          (acc, n) => {
            const d = distance(outside, at, n);
            return d < acc[0] ? [d, n] : acc;
          },
          [Number.POSITIVE_INFINITY, c.name],
        );
        if (toAbout > MAX_READ_DISTANCE || toAnswer > MAX_READ_DISTANCE) continue;
        // "Fabrikam has never said …": a negation between the names and the trigger denies what it would state.
        if (negatedBetween(words, at, aboutNames, name)) continue;
        // "Acme's customers, including Initech, use …": the answer uses the entity asked about, not the reverse.
        if (reading.reversers !== undefined && wordBetween(words, at, aboutNames, name, reading.reversers)) continue;
        // "Former Acme spokesperson Ada": a job held once is not who she works for.
        if (reading.tight === 'job' && pastBefore(words, at, aboutNames, name)) continue;
        const score = toAbout + toAnswer;
        if (best === undefined || score < best.score) best = { answer: c, score };
      }
    }
    if (best !== undefined && Number.isFinite(best.score)) {
      // "by Banzi, Cuartielles, Mellis, and Martino": the names listed with the answer answer too.
      for (const answer of listedWith(tokens, best.answer, candidates))
        scored.push({ read: { sentence, answer }, score: best.score, order });
    }
  }
  scored.sort((a, b) => a.score - b.score || a.order - b.order);
  const out: ReadAnswer[] = [];
  for (const s of scored) {
    if (out.length >= limit) break;
    if (!out.some((o) => o.answer.id === s.read.answer.id)) out.push({ ...s.read, score: s.score });
  }
  return out;
}

/**
 * The names of the kind asked (`reading.types`) that a sentence stating one of the values
 * `given` also names without their being given: it names the entity asked about, a trigger
 * word outside every name, a given value and another candidate ("Acme is known for its drone,
 * Wren, and its six-wheeled rover, Talus" names Talus beside Wren). A list of facts built
 * from such a sentence may be incomplete. Each name once, in sentence order.
 *
 * @example
 *   besideValues(sentences, acme, ['Acme'], readingSpec(intent), new Set([wren])) // [{ name: 'Talus', … }]
 */
export function besideValues(
  sentences: readonly SentenceView[],
  about: EntityId,
  aboutNames: readonly string[],
  reading: ReadingSpec,
  given: ReadonlySet<EntityId>,
): SentenceName[] {
  const own = new Set(aboutNames.map((n) => n.toLowerCase()));
  const out = new Map<EntityId, SentenceName>();
  for (const sentence of sentences) {
    const names = sentence.refersBy === undefined ? aboutNames : [...aboutNames, sentence.refersBy.opener];
    const text = clauseAbout(sentence.text, names);
    const tokens = lowerWords(text);
    if (!names.some((n) => occurrences(tokens, n).length > 0)) continue;
    const words = wordsOf(text);
    const inNames = masked(words, sentence.names.flatMap(namesOf));
    const stated = words.some((w, i) => inNames[i] !== '' && (reading.words.has(w) || hasStem(w, reading.prefixes)));
    if (!stated) continue;
    const named = standalone(
      tokens,
      sentence.names.filter((n) => n.id !== about && !own.has(n.name.toLowerCase()) && !wordless(n.name)),
      names.flatMap((n) => occurrences(tokens, n)),
    );
    if (!named.some((n) => given.has(n.id))) continue;
    for (const n of named) if (!given.has(n.id) && reading.types.includes(n.type) && !out.has(n.id)) out.set(n.id, n);
  }
  return [...out.values()];
}

/**
 * The parts of a sentence split by semicolons that name the entity asked about: each part of
 * "A, head of research at X; B, a partner at Y; and C of Z" is about its own person. The
 * whole sentence when it has no semicolon or no part names the entity.
 *
 * @example
 *   clauseAbout('Ada, CEO of Acme; Bo, CTO of Initech.', ['Bo']) // ' Bo, CTO of Initech.'
 */
export function clauseAbout(text: string, aboutNames: readonly string[]): string {
  if (!text.includes(';')) return text;
  const parts = text.split(';').filter((part) => {
    const tokens = lowerWords(part);
    return aboutNames.some((n) => occurrences(tokens, n).length > 0);
  });
  return parts.length === 0 ? text : parts.join(';');
}

/** Words that are no name on their own: a recognizer's slip ("The", "It") is never an answer. */
const NO_NAME_WORDS = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'it',
  'its',
  'we',
  'our',
  'they',
  'their',
  'he',
  'she',
  'his',
  'her',
]);

function wordless(name: string): boolean {
  return wordsOf(name).every((w) => NO_NAME_WORDS.has(w));
}

/**
 * The names that stand on their own in the sentence: one whose every occurrence lies inside
 * another's longer one, or the asked entity's (`asked`), is a part of it ("Piaggio" in
 * "Piaggio Group" and "Piaggio Fast Forward", "NSQ" in "nsq.js"), not a name the sentence gives.
 */
function standalone(tokens: readonly string[], names: readonly SentenceName[], asked: ReadonlyArray<[number, number]>): SentenceName[] {
  const at = names.map((c) => namesOf(c).flatMap((n) => occurrences(tokens, n)));
  const longer = (s: number, e: number, [ts, te]: readonly [number, number]) => ts <= s && e <= te && te - ts > e - s;
  return names.filter((_, i) => {
    const mine = at[i] ?? [];
    if (mine.length === 0) return true;
    return !mine.every(
      ([s, e]) => asked.some((o) => longer(s, e, o)) || at.some((theirs, j) => j !== i && theirs.some((o) => longer(s, e, o))),
    );
  });
}

/** How many answers a question may read (several for "what does X use" or "who founded X", one otherwise). */
export function readLimit(intent: Intent): number {
  // A company often has several founders, named in sentences of their own or in one list.
  if (intent.kind === 'role' && intent.role === 'founder') return MAX_FOUNDERS_READ;
  if (intent.kind !== 'relation') return 1;
  const key = verbKey(intent.relation.split(' ')[0] ?? intent.relation);
  return key === 'work' || (key === 'acquir' && intent.direction === 'in') ? 1 : MAX_READ_ANSWERS;
}

/**
 * The answer's wording: it says the fact is read, not known, and quotes the page.
 *
 * @example
 *   readAnswerText([read]) // 'I have no stored fact, but "Fabrikam raises $8M" says: “Fabrikam, run by CEO Ada Quinn, raised $8 million.” (read from the page, not a fact in your graph; it names Ada Quinn).'
 */
export function readAnswerText(reads: readonly ReadAnswer[]): string {
  return `I have no stored fact, but ${quotesOf(reads)}. This was read from the page, not a fact in your graph.`;
}

/** How answers read beyond stored facts begin (the eval tells them from the facts by it). */
export const ALSO_READ_HEAD = 'Read from your pages, not stored facts:';

/**
 * The wording of answers read beyond stored facts: after the facts, it says what the pages
 * also state, quoted, and that it was read.
 *
 * @example
 *   alsoReadText([read]) // 'Read from your pages, not stored facts: "Robots of 2024" says: “… Atlas, Spot and Stretch.” (it names Spot).'
 */
export function alsoReadText(reads: readonly ReadAnswer[]): string {
  return `${ALSO_READ_HEAD} ${quotesOf(reads)}.`;
}

/**
 * The wording of answers read about a name no entity has: it says so, quotes the page and
 * says it was read.
 *
 * @example
 *   readNameText('Propel(x)', [read]) // 'I have no stored fact and no entity named "Propel(x)", but "…" says: “…” (it names Ada Quinn). This was read from the page, not a fact in your graph.'
 */
export function readNameText(name: string, reads: readonly ReadAnswer[]): string {
  return `I have no stored fact and no entity named "${name}", but ${quotesOf(reads)}. This was read from the page, not a fact in your graph.`;
}

/** One quote per sentence, naming every answer read from it. */
function quotesOf(reads: readonly ReadAnswer[]): string {
  const bySentence = new Map<SentenceView, string[]>();
  for (const r of reads) bySentence.set(r.sentence, [...(bySentence.get(r.sentence) ?? []), r.answer.name]);
  return [...bySentence]
    .map(([sentence, names]) => {
      const title = sentence.pageTitle.trim() || sentence.pageUrl;
      const listed = names.length === 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
      // A sentence that calls the entity "it" or "she" says whom it is about.
      const about = sentence.refersBy === undefined ? '' : ` of ${sentence.refersBy.name}`;
      return `"${title}" says${about}: “${sentence.text}” (it names ${listed})`;
    })
    .join('; and ');
}
