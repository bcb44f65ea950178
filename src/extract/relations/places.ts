/**
 * Where things are, by the words around a name (the trigger rules, `rules*.ts`, ask these): a place named
 * through its country's demonym ("the Norwegian town of Lakemont", "Eastvale, the Danish
 * capital"), and an organization's seat stated in an apposition or a participle ("Northwind
 * Capital, on Harbor Street, has…", "the company, based in Lakemont", "Fabrikam
 * (Lakemont, Ore.)"). Token lookups only: the tokens are `tokenize`'s, lower-cased.
 */
import type { Span, Token } from './features';
import { PAST_TITLE_WORDS } from '../../core/text/relation-vocabulary';

/** Nouns of a settlement or a part of a country: "the Norwegian town of Lakemont", "the Danish capital, Eastvale". */
const SETTLEMENT_NOUNS = new Set([
  'city',
  'capital',
  'town',
  'village',
  'port',
  'region',
  'province',
  'suburb',
  'district',
  'island',
  'oasis',
]);

/**
 * The word before a settlement noun that may be a demonym ("libyan" in "the Libyan city
 * of Sirte", "Khartoum, the Sudanese capital"); the caller checks that it names a place of
 * the page. Undefined when the name is not so introduced.
 *
 * @example
 *   demonymBefore(tokenize('They toured the Norwegian town of Lakemont.'), lakemont) // 'norwegian'
 */
export function demonymBefore(tokens: readonly Token[], s: Span): string | undefined {
  const at = (i: number) => tokens[i]?.text ?? '';
  // "the Norwegian town of Lakemont" / "the Danish capital, Eastvale"
  if ((at(s.start - 1) === 'of' || at(s.start - 1) === ',') && SETTLEMENT_NOUNS.has(at(s.start - 2)) && at(s.start - 4) === 'the')
    return at(s.start - 3);
  // "Khartoum, the Sudanese capital"
  if (at(s.end) === ',' && at(s.end + 1) === 'the' && SETTLEMENT_NOUNS.has(at(s.end + 3))) return at(s.end + 2);
  return undefined;
}

/** Titles of a head of state or government: "South Korean President Yoon", "Sudan's president, Bashir". */
const STATE_TITLES = new Set(['president', 'premier', 'chancellor', 'king', 'queen', 'emir', 'minister']);

/** Words that put an office in the past ("former president", "ousted leader"). */
export const PAST_WORDS: ReadonlySet<string> = new Set(PAST_TITLE_WORDS);

/**
 * The words before a person's title that may name their country ("south korean" in
 * "South Korean President Ada Quinn", "danish" in "Danish Prime Minister Bo
 * Lind"), longest first; the caller checks that they name a place of the page.
 *
 * @example
 *   demonymOfLeader(tokenize('South Korean President Ada Quinn said'), ada) // ['south korean', 'korean']
 */
export function demonymOfLeader(tokens: readonly Token[], s: Span): string[] {
  const at = (i: number) => tokens[i]?.text ?? '';
  let title = s.start - 1;
  if (!STATE_TITLES.has(at(title))) return [];
  // "Prime Minister": the title's first word.
  if (at(title) === 'minister') {
    if (at(title - 1) !== 'prime') return [];
    title -= 1;
  }
  const one = at(title - 1);
  if (!/^\p{L}+$/u.test(one)) return [];
  const two = at(title - 2);
  // "former Iranian president", "then US president": a past office, not a current job.
  if (PAST_WORDS.has(two) || PAST_WORDS.has(at(title - 3))) return [];
  return /^\p{L}+$/u.test(two) ? [`${two} ${one}`, one] : [one];
}

/** "Sudan's president, Omar al-Bashir", "Israel's prime minister Benjamin Netanyahu": a place's possessive and a state title between. */
export function placesLeader(between: readonly string[]): boolean {
  if (between[0] !== "'" || between[1] !== 's') return false;
  const words = between.slice(2).filter((w) => w !== ',');
  if (between.slice(2).indexOf(',') >= 0 && between.at(-1) !== ',') return false;
  const title = words.join(' ');
  return title === 'president' || title === 'prime minister' || (words.length === 1 && STATE_TITLES.has(title) && title !== 'minister');
}

/** A spokesperson's titles: one who speaks for a place speaks for the office seated there ("White House press secretary"). */
const SPOKESPERSON_TITLES = new Set(['press secretary', 'spokesman', 'spokeswoman', 'spokesperson']);
/** Words that may stand before a spokesperson's title ("deputy press secretary"). */
const SPOKESPERSON_RANKS = new Set(['deputy', 'chief', 'principal', 'senior']);

/**
 * "White House press secretary Josh Earnest", "Kremlin spokesman Dmitry Peskov": a place
 * `a`, a spokesperson's title (and a rank before it) and nothing else before the person;
 * not a past one ("former White House press secretary").
 */
export function placesSpokesperson(tokens: readonly Token[], a: Span, between: readonly string[]): boolean {
  const before = [tokens[a.start - 1]?.text, tokens[a.start - 2]?.text, tokens[a.start - 3]?.text];
  if (before.some((w) => PAST_WORDS.has(w ?? ''))) return false;
  const words = between[0] === "'" && between[1] === 's' ? between.slice(2) : between;
  const title = words.filter((w, i) => i > 0 || !SPOKESPERSON_RANKS.has(w)).join(' ');
  return SPOKESPERSON_TITLES.has(title);
}

/** Words of ", both of which", ", all of which": the names before them, all of them. */
const QUANTIFIERS = new Set(['both', 'all', 'each']);

/** ", both of which are" read as ", which are": the quantifier before "which" stands for the names before it. */
function withoutQuantifier(words: readonly string[]): readonly string[] {
  const at = words.findIndex((w, i) => QUANTIFIERS.has(w) && words[i + 1] === 'of' && words[i + 2] === 'which');
  return at < 0 ? words : [...words.slice(0, at), ...words.slice(at + 2)];
}

/** Participles that state a seat before "in": "based in", "headquartered in", "located in". */
const SEAT_PARTICIPLES = new Set(['based', 'headquartered', 'located']);
/** Words that may stand between an organization and its seat participle ("…, a startup based in", "…, which is headquartered in"). */
const SEAT_LEAD = new Set([',', 'is', 'was', 'are', 'which', 'that', 'now', 'also', 'a', 'an', 'the']);
/** Verbs that make the organization the participle's subject ("Acme is headquartered in"). */
const LINKS = new Set(['is', 'was', 'are', 'remains']);
/** Words at most before the participle: an apposition's article and a noun or two. */
const MAX_SEAT_LEAD = 4;
/** Prepositions of an apposition that places its organization ("Northwind Capital, on Harbor Street,"). */
const APPOSITION_PLACES = new Set(['on', 'in', 'at']);

/** Words that open a short introductory phrase before a sentence's subject ("Until then, the company, …"). */
const INTRODUCTORY = new Set([
  'in',
  'on',
  'at',
  'since',
  'after',
  'before',
  'during',
  'until',
  'last',
  'earlier',
  'today',
  'now',
  'meanwhile',
]);
/** Tokens at most of that phrase, its comma included. */
const MAX_INTRODUCTORY = 6;

/**
 * The name opens its sentence (after "the" at most), or the clause after a short introductory
 * phrase ("Until then, the company, based in Lakemont"): the subject an apposition after it speaks of.
 */
function opening(tokens: readonly Token[], a: Span): boolean {
  const start = tokens[a.start - 1]?.text === 'the' ? a.start - 1 : a.start;
  if (start === 0) return true;
  return (
    start <= MAX_INTRODUCTORY &&
    tokens[start - 1]?.text === ',' &&
    INTRODUCTORY.has(tokens[0]?.text ?? '') &&
    !tokens.slice(0, start - 1).some((t) => t.text === ',')
  );
}

/**
 * An organization `a` and a place `b` after it that the words between call its seat:
 * "Acme, based in Reston", "Acme, a startup headquartered in Lagos", "Acme is located in
 * Austin", "Acme (Waltham, Mass.)", and, for the sentence's opening organization only,
 * an apposition "Acme, on Harbor Street, has…".
 */
export function seatAfter(tokens: readonly Token[], between: readonly string[], a: Span, b: Span): boolean {
  const next = tokens[b.end]?.text ?? '';
  if (between.length === 1 && between[0] === '(') return next === ',' || next === ')';
  const last = between.at(-1);
  if (last === 'in' && SEAT_PARTICIPLES.has(between.at(-2) ?? '')) {
    // ", both of which sit in": the quantifier before "which" stands for the names before it.
    const lead = withoutQuantifier(between.slice(0, -2));
    // An apposition (", a startup based in") or the verb "is" ("is headquartered in"), not "acquired a startup based in".
    // A bare ", based in" after a name that is no subject tells where the sentence's person is ("the editor for NBC News, based in Hong Kong").
    const bare = lead.length === 1 && lead[0] === ',';
    const opens = lead.length === 0 || (lead[0] === ',' && (!bare || opening(tokens, a))) || LINKS.has(lead[0] ?? '');
    return opens && lead.length <= MAX_SEAT_LEAD && lead.every((w) => SEAT_LEAD.has(w) || /^\p{Ll}+$/u.test(w)) && !lead.includes('and');
  }
  // "Northwind Capital, on Harbor Street, has two": the subject's apposition, closed by a comma.
  return opening(tokens, a) && between.length === 2 && between[0] === ',' && APPOSITION_PLACES.has(between[1] ?? '') && next === ',';
}

/** Last words of names of institutions that stand in one place: a building or a campus ("Bardo Museum", "Criminal Court"). */
const SITED_NOUNS = new Set([
  'museum',
  'court',
  'university',
  'college',
  'school',
  'hospital',
  'library',
  'laboratory',
  'institute',
  'center',
  'centre',
]);

/**
 * "the Northern Court of Appeal at Lakemont", "Birch University in Leeds", "the
 * Eastvale Design Institute in Eastvale", "the Museum of Modern Art in New York": an
 * institution that stands in one place (a word of `SITED_NOUNS` in its name, first only
 * before "of"), then "in"/"at" alone before the place. Not a company ("Acme in Kenya" is as
 * often where it sells as where it is).
 */
export function sitedIn(tokens: readonly Token[], between: readonly string[], a: Span): boolean {
  if (between.length !== 1 || (between[0] !== 'in' && between[0] !== 'at')) return false;
  for (let i = a.start; i < a.end; i++) {
    if (SITED_NOUNS.has(tokens[i]?.text ?? '') && (i > a.start || tokens[i + 1]?.text === 'of')) return true;
  }
  return false;
}
