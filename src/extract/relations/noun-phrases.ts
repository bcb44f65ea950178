/**
 * Noun phrases that tie two names in the trigger rules (`rules*.ts`): a product noun
 * between a maker and its product ("Dell's … offering, PowerFlex", "its robot, Atlas",
 * "Atlas, a project from Acme"), what a thing is built on ("built on Qt"), an
 * organization's seat ("Contoso's headquarters in Lakemont"), and a unit inside an
 * organization ("Head of Data at Fabrikam"). Token lookups only: the tokens
 * are `tokenize`'s, lower-cased.
 */
import type { Span, Token } from './features';
import { CLAUSE_OPENERS as CLAUSE_OPENER_VOCABULARY, PRODUCT_NOUNS as PRODUCT_NOUN_VOCABULARY } from '../../core/text/relation-vocabulary';

/** The last word of a unit that is an institution of its own ("the Bagnoud Center at Harvard", "MIT's Lincoln Laboratory"). */
const INSTITUTION_NOUNS = new Set([
  'center',
  'centre',
  'institute',
  'laboratory',
  'lab',
  'labs',
  'school',
  'college',
  'department',
  'foundation',
  'hospital',
  'museum',
  'library',
  'office',
  'bureau',
]);
/** Lower-case words at most between a unit and its organization ("AI at online design marketplace Tailspin"). */
const MAX_UNIT_WORDS = 4;
/** Participles that, before "on"/"in"/"with", say what a thing stands on ("built on Qt", "based on https"). */
const BUILT_ON = new Set(['built', 'based', 'written', 'implemented', 'coded', 'running', 'runs']);
const BUILT_ON_PREPOSITIONS = new Set(['on', 'upon', 'in', 'with', 'using', 'atop']);
/** "Contoso's headquarters in Lakemont": the nouns of a seat. */
const SEAT_NOUNS = new Set(['headquarters', 'hq', 'head', 'offices', 'office', 'campus']);
/**
 * Nouns that name a made thing: "Contoso's cloud storage offering,
 * Skyvault", "its four-legged delivery robot, Rover", "Its main products include Loom",
 * "Cloudhop, a second project from Contoso".
 */
const PRODUCT_NOUNS: ReadonlySet<string> = new Set(PRODUCT_NOUN_VOCABULARY);
/** Words before "its" that keep the maker the subject ("Acme is known for its robot, Atlas"). */
const KNOWN_FOR = new Set(['is', 'was', 'are', 'best', 'known', 'famous', 'for', 'with', 'also', 'has', 'its', 'their']);
/** What may follow the product noun before the product's name: a comma, "include(s)", "such as", "called". */
const PRODUCT_LEAD = new Set([',', 'include', 'includes', 'including', 'such', 'as', 'called', 'named', 'the', '-']);
/** Words at most between a possessive and its product noun ("software - defined infrastructure offering"). */
const MAX_PRODUCT_WORDS = 6;
/** Words that open a clause inside an apposition ("Atlas, which a project …"): no product noun phrase. */
const CLAUSE_OPENERS: ReadonlySet<string> = new Set(CLAUSE_OPENER_VOCABULARY);

/** Words before a name that make "<name> <product noun>" one made thing ("their Ryzen PRO processors", "AMD's Zen microarchitecture"). */
const THING_DETERMINERS = new Set(['the', 'their', 'its', 'his', 'her', 'our', 's']);

/**
 * True when the name at `s` is a made thing by the words around it: a product noun right
 * after it, and a determiner or a possessive right before it ("introducing their Kestrel X
 * chips", "Fabrikam's Tern architecture", "the Kestrel X boards handle"). Without
 * the determiner "Intel processors" names the maker, not a product.
 */
export function namedThing(tokens: readonly Token[], s: Span): boolean {
  if (!PRODUCT_NOUNS.has(tokens[s.end]?.text ?? '')) return false;
  // "Intel's mainstream vPro offerings", "their new Ryzen processors": a word of a product line may stand after the determiner.
  const lead = LINE_WORDS.has(tokens[s.start - 1]?.text ?? '') ? s.start - 2 : s.start - 1;
  return THING_DETERMINERS.has(tokens[lead]?.text ?? '');
}

/** Words that describe a product line between its maker's possessive and its name ("Intel's mainstream vPro offerings"). */
export const LINE_WORDS: ReadonlySet<string> = new Set([
  'new',
  'latest',
  'mainstream',
  'flagship',
  'upcoming',
  'current',
  'popular',
  'premium',
  'budget',
  'original',
  'own',
]);

/**
 * "developed another product, CodePair", "launched a new app called Tally": a product noun,
 * then a comma or "called"/"named", right before the name: what follows is a product.
 */
export function productNamed(between: readonly string[]): boolean {
  const last = between.at(-1) ?? '';
  const noun = last === ',' || last === 'called' || last === 'named' ? between.at(-2) : undefined;
  return noun !== undefined && PRODUCT_NOUNS.has(noun);
}

/**
 * "QGIS is built on Qt", "Chrome is based on Chromium", "Acme is written in Rust": a
 * participle and its preposition, what the subject stands on.
 */
export function builtOn(verb: string, next: string): boolean {
  return BUILT_ON.has(verb) && BUILT_ON_PREPOSITIONS.has(next);
}

/** "'s headquarters in", "'s offices on" (a street), "'s campus at": a possessive, a seat noun, then the preposition. */
export function seatPhrase(between: readonly string[]): boolean {
  const last = between.at(-1);
  return (
    between[0] === "'" &&
    between[1] === 's' &&
    between.length <= 5 &&
    (last === 'in' || last === 'on' || last === 'at') &&
    between.some((w) => SEAT_NOUNS.has(w))
  );
}

/**
 * True when the span names an institution of its own, not a unit like "Analytics": by its last
 * word ("… Center", "… Laboratory") or by its head before "for" or "of" ("the Orca Center for
 * Marine Law", "the Nordic Institute of Shipping").
 */
export function isInstitution(tokens: readonly Token[], s: Span): boolean {
  if (INSTITUTION_NOUNS.has(tokens[s.end - 1]?.text ?? '')) return true;
  for (let i = s.start; i < s.end - 2; i++) {
    const next = tokens[i + 1]?.text;
    if (INSTITUTION_NOUNS.has(tokens[i]?.text ?? '') && (next === 'for' || next === 'of')) return true;
  }
  return false;
}

/**
 * True when the organization `o` is a unit of one named right after it: "at" or "of",
 * then a few lower-case words ("at online design marketplace Tailspin"), then another
 * organization.
 */
export function unitOf(tokens: readonly Token[], o: Span, spans: readonly Span[]): boolean {
  const w = tokens[o.end]?.text;
  if (w !== 'at' && w !== 'of') return false;
  for (let j = o.end + 1; j <= o.end + 1 + MAX_UNIT_WORDS && j < tokens.length; j++) {
    if (spans.some((s) => s !== o && s.type === 'org' && s.start === j)) return true;
    if (!/^\p{Ll}+$/u.test(tokens[j]?.text ?? '')) return false;
  }
  return false;
}

/**
 * The maker's possessive, a product noun, then the product: "Contoso's cloud
 * storage offering, Skyvault", "Acme is known for its robot, Rover", and with
 * "its" itself read as the maker (`anaphora.ts`), "Its main products include the Loom".
 * Only describing words between the possessive and the noun; after it, a comma or
 * "include", "such as", "called".
 */
export function makersProduct(between: readonly string[], first: string): boolean {
  let at: number;
  if (between[0] === "'" && between[1] === 's') at = 2;
  // A plural's possessive: "Anduril Robotics’ products include …".
  else if (between[0] === "'") at = 1;
  else if (first === 'its' || first === 'their') at = 0;
  else {
    // "… is known for its robot": only a few linking words before the possessive.
    const its = between.findIndex((w) => w === 'its' || w === 'their');
    if (its < 0 || !between.slice(0, its).every((w) => KNOWN_FOR.has(w))) return false;
    at = its + 1;
  }
  const rest = between.slice(at);
  let noun = -1;
  rest.forEach((w, i) => {
    if (PRODUCT_NOUNS.has(w)) noun = i;
  });
  if (noun < 0 || noun > MAX_PRODUCT_WORDS) return false;
  return rest.slice(0, noun).every((w) => /^[\p{L}\p{N}-]+$/u.test(w)) && rest.slice(noun + 1).every((w) => PRODUCT_LEAD.has(w));
}

/** "Cloudhop, a second project from Contoso", "Spot, the robot by Boston Dynamics": an apposition with a product noun and "from"/"by"/"of". */
export function productFrom(between: readonly string[]): boolean {
  const last = between.at(-1);
  if (between[0] !== ',' || (last !== 'from' && last !== 'by' && last !== 'of')) return false;
  const inner = between.slice(1, -1);
  const noun = inner.findIndex((w) => PRODUCT_NOUNS.has(w));
  return noun >= 0 && noun <= MAX_PRODUCT_WORDS && inner.every((w) => /^[\p{L}\p{N}-]+$/u.test(w) && !CLAUSE_OPENERS.has(w));
}
