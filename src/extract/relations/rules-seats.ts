/**
 * Places named as a modifier of a noun (`rules.ts` and the classifier's demonym pass ask
 * these): an organization's seat in an apposition or before its name ("Contoso, an Oslo
 * startup", "the Oslo company Contoso", "Contoso, a Norwegian company"), and an office
 * holder's place ("Ada Quinn, the mayor of Oslo", "Oslo Mayor Ada Quinn"). Token lookups
 * only: the tokens are `tokenize`'s, lower-cased.
 */
import type { Span, Token } from './features';
import { ORG_NOUNS } from './anaphora';
import { PAST_WORDS } from './places';
import { decide, type RuleDecision } from './rules-shared';

/** Nouns that only name an organization: "an Oslo startup", "the Oslo company Contoso". */
const SEAT_NOUNS: ReadonlySet<string> = new Set([...ORG_NOUNS, 'group', 'bank', 'manufacturer', 'university']);
/** Describing words at most between the article and the place ("a small Oslo startup", "a fast-growing …"). */
const MAX_DESCRIBING = 2;

/** The word after `b` names an organization and ends the apposition ("startup," not "startup scene"). */
function orgNounAfter(tokens: readonly Token[], b: Span): boolean {
  const next = tokens[b.end + 1]?.text ?? '';
  return SEAT_NOUNS.has(tokens[b.end]?.text ?? '') && !/^\p{L}/u.test(next);
}

/**
 * "Contoso, an Oslo startup,", "Contoso, a small Oslo firm,": the organization `a`, an
 * apposition whose organization noun the place `b` qualifies.
 *
 * @example
 *   seatApposition(tokenize('Contoso, an Oslo startup, grew'), contoso, oslo) // true
 */
export function seatApposition(tokens: readonly Token[], a: Span, b: Span): boolean {
  const between = tokens.slice(a.end, b.start).map((t) => t.text);
  if (between[0] !== ',' || (between[1] !== 'a' && between[1] !== 'an')) return false;
  const describing = between.slice(2);
  if (describing.length > MAX_DESCRIBING || !describing.every((w) => /^[\p{Ll}-]+$/u.test(w))) return false;
  return orgNounAfter(tokens, b);
}

/**
 * "the Oslo company Contoso", "the Oslo startup Contoso": "the", the place `a`, an
 * organization noun alone between it and the organization `b`.
 */
export function seatBefore(tokens: readonly Token[], a: Span, b: Span): boolean {
  return b.start === a.end + 1 && tokens[a.start - 1]?.text === 'the' && SEAT_NOUNS.has(tokens[a.end]?.text ?? '');
}

/**
 * The demonym that places the organization at `s`, if any: ", a Norwegian company",
 * "the Norwegian startup Contoso". The caller checks that it names a place of the page.
 *
 * @example
 *   demonymOfOrg(tokenize('Contoso, a Norwegian company, grew'), contoso) // 'norwegian'
 */
export function demonymOfOrg(tokens: readonly Token[], s: Span): string | undefined {
  const at = (i: number) => tokens[i]?.text ?? '';
  // "Contoso, a Norwegian company,"
  if (at(s.end) === ',' && (at(s.end + 1) === 'a' || at(s.end + 1) === 'an') && orgNounAfter(tokens, { ...s, end: s.end + 3 }))
    return at(s.end + 2);
  // "the Norwegian startup Contoso"
  if (at(s.start - 3) === 'the' && SEAT_NOUNS.has(at(s.start - 1))) return at(s.start - 2);
  return undefined;
}

/** Offices held for a place: "the mayor of Oslo", "Oslo Mayor Ada Quinn". */
const OFFICES = new Set(['mayor', 'governor', 'president', 'premier', 'chancellor', 'king', 'queen', 'emir', 'ruler', 'minister']);
/** Words that may stand before the office ("prime minister", "foreign minister", "deputy mayor"). */
const OFFICE_RANKS = new Set(['prime', 'foreign', 'finance', 'deputy', 'vice', 'first', 'interior', 'defense', 'defence']);

/** `words` are an office and at most one rank before it ("prime minister", "mayor"). */
function office(words: readonly string[]): boolean {
  const last = words.at(-1) ?? '';
  return OFFICES.has(last) && words.length <= 2 && words.slice(0, -1).every((w) => OFFICE_RANKS.has(w));
}

/**
 * "Ada Quinn, the mayor of Oslo" (a person, then the place): an apposition of an office
 * and "of". The holder works for the place; a past office holds no one now.
 */
export function officeOf(between: readonly string[]): RuleDecision[] {
  const words = between.at(-1) === 'the' ? between.slice(0, -1) : between;
  if (words[0] !== ',' || words.at(-1) !== 'of') return [];
  const title = words.slice(1, -1);
  const inner = title[0] === 'the' || title[0] === 'a' ? title.slice(1) : title;
  return office(inner) && !title.some((w) => PAST_WORDS.has(w)) ? [decide('works_for', true)] : [];
}

/** "Oslo Mayor Ada Quinn", "Norway Prime Minister Ada Quinn": the place, the office alone, the person (not "former"). */
export function officeBefore(tokens: readonly Token[], a: Span, between: readonly string[]): boolean {
  return office(between) && !PAST_WORDS.has(tokens[a.start - 1]?.text ?? '');
}
