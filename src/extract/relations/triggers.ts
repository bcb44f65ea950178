/**
 * What a classified relation must have in its sentence before it is stored as a typed
 * fact (precision first). The Re-DocRED classifier learned Wikipedia's style, where
 * "X, Y" and "X's Y" often are facts; on news pages those are lists and possessives
 * ("Fabrikam and Contoso were both at the show in Lisbon" is not "Fabrikam located_in
 * Lisbon", "AMD's Ryzen" is not "Ryzen subsidiary_of AMD"). So each label needs a trigger
 * word in a tight window between the two names, its own probability bar, and no list
 * between the names. A pair that fails stays a `mentioned_with` link, never a fact.
 * Token lookups only: no regular expression runs over the sentence. The words come from
 * `core/text/relation-vocabulary.ts`, shared with the query side's sentence reading.
 */
import type { Span, Token } from './features';
import type { RelationClass } from './labels';
import {
  EMPLOYMENT_VERBS,
  FOUNDER_PREFIXES,
  FOUNDER_WORDS,
  MAKER_NOUNS,
  MAKER_PREFIXES,
  MAKER_VERBS,
  OWN_WORDS,
  ROLE_TITLES,
  SEAT_WORDS,
  USE_WORDS,
} from '../../core/text/relation-vocabulary';
import { hasStem } from '../../core/text/word-stems';

/**
 * Probability a label needs (the classifier's own bar is 0.5). Labels whose Re-DocRED F1
 * is low (develops 0.15, subsidiary_of 0.13, spouse_of 0.07, uses 0.00: model README) ask
 * for more; the hand-read dev relations were wrong most often on these.
 */
export const LABEL_THRESHOLDS: ReadonlyMap<RelationClass, number> = new Map<RelationClass, number>([
  ['founded_by', 0.5],
  ['located_in', 0.5],
  ['works_for', 0.55],
  ['subsidiary_of', 0.6],
  ['develops', 0.6],
  ['uses', 0.65],
  ['spouse_of', 0.7],
]);

/** Negation, modality, plans and rumours: the sentence does not assert the relation. */
export const HEDGES = new Set([
  'not',
  'never',
  'no',
  't',
  'would',
  'could',
  'should',
  'might',
  'may',
  'will',
  'shall',
  'considering',
  'consider',
  'talks',
  'rumored',
  'rumoured',
  'reportedly',
  'denied',
  'denies',
  'if',
  'whether',
  'bid',
  'offer',
  'offered',
  'failed',
  'attempted',
  'tried',
  'former',
  'formerly',
  'ex',
  'previously',
]);
/** Plan words hedge only as "plans to …": "a professor of planning" states a job. */
const PLAN_WORDS = new Set(['plans', 'plan', 'planned', 'planning']);

/**
 * True when one of `words` hedges what they state: a word of `HEDGES`, or a plan word
 * followed by "to".
 *
 * @example
 *   hedged(['is', 'planning', 'to', 'buy']) // true
 *   hedged([',', 'a', 'professor', 'of', 'planning', 'at']) // false
 */
export function hedged(words: readonly string[]): boolean {
  return words.some((w, i) => HEDGES.has(w) || (PLAN_WORDS.has(w) && words[i + 1] === 'to'));
}
/** Reported speech or a clause change between the names: they are not each other's arguments. */
export const BREAKS = new Set(['said', 'says', 'told', 'tells', 'according', ';', '"', '(', ')', 'while', 'but', 'whereas', 'although']);

/** Tokens between the names beyond which a trigger no longer ties them (one clause). */
export const MAX_TRIGGER_GAP = 10;
/** Tokens read after the second name for a trailing trigger ("X and Y are partners"). */
export const TRAILING_WINDOW = 3;

/** Words (lower-cased tokens) or prefixes of words that state each label. */
interface Trigger {
  readonly words: ReadonlySet<string>;
  readonly prefixes: readonly string[];
  /** Tokens at most between the names for this label (tighter than `MAX_TRIGGER_GAP`). */
  readonly maxGap: number;
}

function trigger(words: readonly string[], prefixes: readonly string[], maxGap = MAX_TRIGGER_GAP): Trigger {
  return { words: new Set(words), prefixes, maxGap };
}

/** Role and employment words: a person tied to an organization by one of these works there. */
export const ROLE_WORDS: ReadonlySet<string> = new Set([...ROLE_TITLES, ...EMPLOYMENT_VERBS]);

const TRIGGERS: ReadonlyMap<RelationClass, Trigger> = new Map<RelationClass, Trigger>([
  // "created" founds only with the classifier's say-so ("Acme created a new unit" founds nothing).
  ['founded_by', trigger([...FOUNDER_WORDS, 'created'], FOUNDER_PREFIXES)],
  // "Berlin-based X" is `based` right before the subject; "X in Y" only when nothing else stands between.
  ['located_in', trigger(SEAT_WORDS, [], 8)],
  ['works_for', trigger([...ROLE_WORDS], [])],
  ['subsidiary_of', trigger([...OWN_WORDS, 'acquired', 'bought', 'purchased'], [], 6)],
  ['develops', trigger([...MAKER_VERBS, ...MAKER_NOUNS], MAKER_PREFIXES)],
  ['uses', trigger(USE_WORDS, [])],
  ['spouse_of', trigger(['wife', 'husband', 'married', 'spouse', 'widow', 'widower', 'marry', 'marries'], [])],
]);

/** Words that make the name after them the object of a phrase, not a clause's subject. */
const PREPOSITIONS = new Set(['for', 'at', 'with', 'of', 'from', 'by', 'to', 'on']);

/** Place nouns that tie one place to another ("Paris is the capital … of France"); for place subjects only. */
const PLACE_WORDS = trigger(
  [
    'country',
    'countries',
    'nation',
    'capital',
    'city',
    'town',
    'village',
    'region',
    'state',
    'province',
    'suburb',
    'district',
    'county',
    'neighborhood',
    'neighbourhood',
    'part',
    'borough',
    'island',
  ],
  [],
  8,
);

/** True when a token of `tokens[from, to)` is one of the trigger's words or starts with a prefix. */
function hasTrigger(t: Trigger, tokens: readonly Token[], from: number, to: number): boolean {
  for (let i = Math.max(0, from); i < Math.min(tokens.length, to); i++) {
    const w = tokens[i]?.text ?? '';
    if (t.words.has(w) || hasStem(w, t.prefixes)) return true;
  }
  return false;
}

/**
 * A list between the names: another name, or only commas and "and"/"or" ("Zendesk,
 * SendGrid, Mandrill"). Such names are items of one enumeration, not a fact.
 */
export function listBetween(tokens: readonly Token[], a: Span, b: Span, others: readonly Span[]): boolean {
  const [first, second] = a.start < b.start ? [a, b] : [b, a];
  if (others.some((o) => o.start >= first.end && o.end <= second.start)) return true;
  const between = tokens.slice(first.end, second.start).map((t) => t.text);
  return between.length > 0 && between.every((w) => w === ',' || w === 'and' || w === 'or' || w === '&' || w === ';');
}

/**
 * Whether a classified label has what it needs in the sentence: a trigger between the
 * names (or, for `located_in`, "<place>-based <org>" / "<name> in|, <place>" right next
 * to each other), within the label's gap, and no list between them.
 *
 * @example
 *   triggered('located_in', tokenize('Fabrikam and Contoso were both at the show in Lisbon'), fab, lisbon, [contoso]) // false
 *   triggered('located_in', tokenize('Fabrikam is based in Lisbon'), fab, lisbon, []) // true
 */
export function triggered(label: RelationClass, tokens: readonly Token[], subject: Span, object: Span, others: readonly Span[]): boolean {
  const t = TRIGGERS.get(label);
  if (t === undefined) return false;
  const [first, second] = subject.start < object.start ? [subject, object] : [object, subject];
  const gap = second.start - first.end;
  if (gap > t.maxGap) return false;
  if (label === 'located_in' && subject.type === 'loc' && gap === 1 && tokens[first.end]?.text === ',') {
    // "Redwood City, California": one place in the next, unless a list goes on around them ("Rwanda, Nigeria and Malawi")
    // or the second name goes on as a phrase ("In Lakemont, Town Hall press officer …": a word follows, not a stop).
    const next = tokens[second.end]?.text;
    if (next !== undefined && /^[\p{L}\p{N}]/u.test(next)) return false;
    return !others.some(
      (o) => (o.start > second.end - 1 && o.start <= second.end + 1) || (o.end < first.start + 1 && o.end >= first.start - 1),
    );
  }
  if (listBetween(tokens, subject, object, others)) return false;
  const gapWords = tokens.slice(first.end, second.start).map((x) => x.text);
  if (hedged(gapWords) || gapWords.some((w) => BREAKS.has(w))) return false;
  if (label === 'located_in') {
    const between = tokens.slice(first.end, second.start).map((x) => x.text);
    // "the Asia editor for NBC News, based in Hong Kong": after a comma, "based" tells where the
    // sentence's subject is, not the organization it works for.
    if (subject.end <= object.start && between[0] === ',' && PREPOSITIONS.has(tokens[subject.start - 1]?.text ?? '')) return false;
    // "Elm Square in Lakemont City": the place right after.
    const adjacent = between.length === 1 && between[0] === 'in';
    // "Berlin-based Acme": the place, "-", "based", then the subject.
    const based = object.end <= subject.start && between.join(' ') === '- based';
    // "Manhattan's Lower East Side": a place's possessive right before a place in it.
    if (subject.type === 'loc' && object.end <= subject.start && between.join(' ') === "' s") return true;
    if (adjacent || based) return true;
    if (subject.type === 'loc' && hasTrigger(PLACE_WORDS, tokens, first.end, second.start)) return true;
  }
  if (label === 'develops' && object.start >= subject.end) {
    // "Sony's PlayStation VR": a maker's possessive right before its product.
    const between = tokens.slice(subject.end, object.start).map((x) => x.text);
    if (between.join(' ') === "' s") return true;
  }
  return hasTrigger(t, tokens, first.end, second.start);
}
