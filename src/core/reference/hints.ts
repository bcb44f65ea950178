/**
 * Hints from words, upstream of `resolve_reference_target` (the multilingual part of
 * reference resolution): finds the reference phrase in a user's message ("this
 * company", "the previous one", "моё последнее голосование", "diese Seite", "la
 * dernière réponse", "el anterior") and turns it into normalized hints. The tool only
 * ever sees the hints, so every language reaches the same deterministic resolution.
 *
 * A phrase is a run of adjacent cue words (articles included). It counts as a
 * reference when it names a kind with a determiner ("this company", "the poll"), when
 * it ends a clause ("what is this?", "… with the previous one"), or when it holds a
 * pronoun-only word ("ceci", "esto", "it"). "the previous CEO" is not one: the cue
 * modifies a word the lexicon does not know.
 *
 * @example
 *   extractReferenceHints('who founded this company?').hints
 *   // { target_kind_hint: 'company', recency_hint: 'currently_active' }
 */
import { fold } from '../text/normalize';
import type { OrdinalHint, TargetKindHint } from './kinds';
import { HINT_LANGUAGES, LEXICONS } from './lexicon';
import type { HintLanguage, LanguageLexicon } from './lexicon';
import type { NormalizedReferenceHints } from './schema';

/** Only the start of a message is read (bounded work on untrusted text). */
export const MAX_HINT_TEXT_CHARS = 2000;
/** At most this many cue words are reported. */
export const MAX_CUES = 32;

export type CueType =
  | 'kind'
  | 'near'
  | 'far'
  | 'pronoun'
  | 'previous'
  | 'above'
  | 'here'
  | 'latest'
  | 'recent'
  | 'ordinal'
  | 'mine'
  | 'bot'
  | 'filler'
  | 'merge';

interface Cue {
  readonly type: CueType;
  readonly kind?: TargetKindHint;
  readonly ordinal?: OrdinalHint;
}

export interface FoundCue extends Cue {
  /** Character offsets into the (cut) text. */
  readonly start: number;
  readonly end: number;
}

export interface ExtractedReference {
  /** A reference phrase was found; hints describe it. */
  readonly found: boolean;
  readonly hints: NormalizedReferenceHints;
  /** The reference phrase, to rewrite it ("this company" in "who founded this company?"). */
  readonly span?: { readonly start: number; readonly end: number };
  /** Every cue word in the text, in order (merge verbs included). */
  readonly cues: readonly FoundCue[];
}

// Cue types that make a phrase referential on their own (a determiner or position).
const STRONG: ReadonlySet<CueType> = new Set(['near', 'far', 'previous', 'above', 'here', 'latest', 'recent', 'ordinal', 'mine', 'bot']);
const NOT_IN_PHRASE: ReadonlySet<CueType> = new Set(['merge']);
// Words that open a noun phrase in all five languages (determiners precede the noun).
const DETERMINERS: ReadonlySet<CueType> = new Set(['near', 'far', 'filler', 'mine', 'bot']);

interface Compiled {
  readonly exact: Map<string, Cue>;
  /** Stems, longest first, so "голосовани*" (poll) wins over "голосов*" (voice). */
  readonly stems: readonly { readonly stem: string; readonly cue: Cue }[];
}

const compiledCache = new Map<string, Compiled>();

function compile(languages: readonly HintLanguage[]): Compiled {
  const key = languages.join(',');
  const cached = compiledCache.get(key);
  if (cached !== undefined) return cached;
  const exact = new Map<string, Cue>();
  const stems: { stem: string; cue: Cue }[] = [];
  const add = (entry: string, cue: Cue): void => {
    const prefix = entry.endsWith('*');
    const word = fold(prefix ? entry.slice(0, -1) : entry);
    if (prefix) stems.push({ stem: word, cue });
    else if (!exact.has(word)) exact.set(word, cue); // first language listed wins a clash
  };
  for (const lang of languages) {
    const lex: LanguageLexicon = LEXICONS[lang];
    for (const [kind, words] of Object.entries(lex.kinds)) {
      const value = TARGET_KINDS.find((k) => k === kind);
      if (value !== undefined) for (const w of words ?? []) add(w, { type: 'kind', kind: value });
    }
    for (const [ordinal, words] of Object.entries(lex.ordinals)) {
      const value = ORDINALS.find((o) => o === ordinal);
      if (value !== undefined) for (const w of words ?? []) add(w, { type: 'ordinal', ordinal: value });
    }
    const simple: readonly [CueType, readonly string[]][] = [
      ['near', lex.near],
      ['far', lex.far],
      ['pronoun', lex.pronouns],
      ['previous', lex.previous],
      ['above', lex.above],
      ['here', lex.here],
      ['latest', lex.latest],
      ['recent', lex.recent],
      ['mine', lex.mine],
      ['bot', lex.botOwned],
      ['filler', lex.fillers],
      ['merge', lex.merge],
    ];
    for (const [type, words] of simple) for (const w of words) add(w, { type });
  }
  stems.sort((a, b) => b.stem.length - a.stem.length || (a.stem < b.stem ? -1 : a.stem > b.stem ? 1 : 0));
  const compiled = { exact, stems };
  compiledCache.set(key, compiled);
  return compiled;
}

const TARGET_KINDS: readonly TargetKindHint[] = [
  'poll',
  'reminder',
  'image',
  'file',
  'article',
  'quote',
  'link',
  'video',
  'voice',
  'pdf',
  'summary',
  'answer',
  'message',
  'entity',
  'company',
  'person',
  'technology',
  'product',
  'location',
];
const ORDINALS: readonly OrdinalHint[] = ['first', 'second', 'last'];

/** The lexicons for a BCP-47 tag: its primary language if supported, else all five. */
function languagesFor(lang: string | undefined): readonly HintLanguage[] {
  const primary = lang?.toLowerCase().split(/[-_]/)[0];
  const match = HINT_LANGUAGES.find((l) => l === primary);
  return match === undefined ? HINT_LANGUAGES : [match];
}

function lookup(compiled: Compiled, word: string): Cue | undefined {
  const hit = compiled.exact.get(word);
  if (hit !== undefined) return hit;
  return compiled.stems.find((s) => word.startsWith(s.stem))?.cue;
}

/**
 * Finds the reference phrase of `text` and its normalized hints.
 *
 * @param lang BCP-47 tag of the text when known (`'de'`, `'fr-CA'`); all five
 *   languages are tried when absent or unsupported.
 * @example
 *   extractReferenceHints('merge it with the previous one').hints // { positional_hint: 'previous' }
 *   extractReferenceHints('мой последний опрос', 'ru').hints
 *   // { target_kind_hint: 'poll', ordinal_hint: 'last', ownership_hint: 'mine' }
 */
export function extractReferenceHints(text: string, lang?: string): ExtractedReference {
  const compiled = compile(languagesFor(lang));
  const source = text.slice(0, MAX_HINT_TEXT_CHARS);
  const words = [...source.matchAll(/[\p{L}\p{N}]+/gu)];
  const cues: (FoundCue | undefined)[] = words.map((m) => {
    const cue = lookup(compiled, fold(m[0]));
    const start = m.index;
    return cue === undefined ? undefined : { ...cue, start, end: start + m[0].length };
  });

  // Runs of adjacent phrase cues, separated only by spaces, apostrophes or hyphens.
  const runs: FoundCue[][] = [];
  let current: FoundCue[] = [];
  cues.forEach((cue) => {
    const prev = current[current.length - 1];
    const adjacent = prev !== undefined && cue !== undefined && /^[\s'’-]*$/.test(source.slice(prev.end, cue.start));
    // A determiner after a noun starts a new phrase: "résume | cette page".
    const startsPhrase = cue !== undefined && DETERMINERS.has(cue.type) && current.some((c) => c.type === 'kind');
    if (cue !== undefined && !NOT_IN_PHRASE.has(cue.type) && (current.length === 0 || (adjacent && !startsPhrase))) {
      current.push(cue);
      return;
    }
    if (current.length > 0) runs.push(current);
    current = cue !== undefined && !NOT_IN_PHRASE.has(cue.type) ? [cue] : [];
  });
  if (current.length > 0) runs.push(current);

  const referential = runs.filter((run) => isReferential(run, source));
  const chosen = referential.find((run) => run.some((c) => c.type === 'kind')) ?? referential[0];
  const found = cues.filter((c): c is FoundCue => c !== undefined).slice(0, MAX_CUES);
  if (chosen === undefined) return { found: false, hints: {}, cues: found };
  const first = chosen[0];
  const last = chosen[chosen.length - 1];
  return {
    found: true,
    hints: hintsOf(chosen),
    ...(first !== undefined && last !== undefined ? { span: { start: first.start, end: last.end } } : {}),
    cues: found,
  };
}

function isReferential(run: readonly FoundCue[], source: string): boolean {
  const types = new Set(run.map((c) => c.type));
  if (types.has('pronoun')) return true;
  if (types.has('kind')) return run.length > 1;
  const last = run[run.length - 1];
  if (last === undefined || ![...types].some((t) => STRONG.has(t))) return false;
  // Ends a clause: the next non-space character is not a letter or digit.
  return !/^\s*[\p{L}\p{N}]/u.test(source.slice(last.end));
}

function hintsOf(run: readonly FoundCue[]): NormalizedReferenceHints {
  const has = (t: CueType): boolean => run.some((c) => c.type === t);
  const kind = run.find((c) => c.kind !== undefined)?.kind;
  const ordinal = run.find((c) => c.ordinal !== undefined)?.ordinal;
  // Precedence inside each hint: the more specific cue wins (previous > above > here; latest > this > recent).
  const hints: NormalizedReferenceHints = {
    ...(has('previous')
      ? { positional_hint: 'previous' }
      : has('above')
        ? { positional_hint: 'above' }
        : has('here')
          ? { positional_hint: 'current_topic_recent' }
          : {}),
    ...(ordinal !== undefined ? { ordinal_hint: ordinal } : {}),
    ...(kind !== undefined ? { target_kind_hint: kind } : {}),
    ...(has('mine') ? { ownership_hint: 'mine' } : has('bot') ? { ownership_hint: 'bot_created' } : {}),
    ...(has('latest')
      ? { recency_hint: 'latest' }
      : has('near') || has('pronoun')
        ? { recency_hint: 'currently_active' }
        : has('recent')
          ? { recency_hint: 'recent' }
          : {}),
  };
  return hints;
}
