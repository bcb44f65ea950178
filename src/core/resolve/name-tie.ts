/**
 * Whether a mention's names are tied to an entity's names: the condition for the mention
 * to join the entity at ingestion, and for its names to become the entity's aliases. A
 * resolver's confidence says two names are likely one thing; a tie says some page (or the
 * name itself) makes them one:
 *
 *   - same_name: the same normalized name ("Stripe, Inc." is "Stripe": legal forms, case,
 *     punctuation, a leading "The"), or one of the names the page gave the mention (the
 *     page's own grouping of its forms);
 *   - written_longer: a kind-of-business word, a web ending or a middle initial added
 *     ("Cisco Systems", "MacRumors.com", "Donald J. Trump");
 *   - spelling: words run together or split ("BuildingTwenty"), a plural ("ETags"), a
 *     demonym for its place ("Swiss" for Switzerland);
 *   - page: this page writes the short form and the full name both, and the short form
 *     stands for that full name only (a surname, an acronym: `expandOnPage`);
 *   - slip: one letter off in a long name, for an entity this page already names.
 *
 * A short form of a name with no page writing both is no tie: a surname or a first word
 * never stands for a full name found on another page, nor does a near spelling ("SAP" is
 * not "Snap"). Pure.
 *
 * @example
 *   nameTie(['Stripe, Inc.'], ['Stripe'], { pageNames: [], onPage: false }) // 'same_name'
 *   nameTie(['Collison'], ['Patrick Collison'], { pageNames: ['Collison'], onPage: false }) // undefined
 *   nameTie(['Collison'], ['Patrick Collison'], { pageNames: ['Collison', 'Patrick Collison'], onPage: true }) // 'page'
 */
import type { EntityType } from '../graph/types';
import { cleanText, nameKey, tokens, withoutHonorific } from '../text/normalize';
import { placeNames } from './demonyms';
import { isWrittenLonger } from './features';
import { expandOnPage } from './page-names';

export type NameTie = 'same_name' | 'written_longer' | 'spelling' | 'page' | 'slip';

export interface TieContext {
  /** Every name the page gives its entities (names and aliases). */
  readonly pageNames: readonly string[];
  /** The entity is already one of this page's entities. */
  readonly onPage: boolean;
  /** The mention's type, for the page's short-name expansion (surnames are people's). */
  readonly type?: EntityType;
}

/**
 * A one-letter slip is a slip only in a name this long (letters and digits): in a short
 * name one letter makes another name ("SAP" / "Snap", "https" / "http").
 */
const MIN_SLIP_LENGTH = 8;
/** A plural's stem has at least this many characters: "ETags" is "ETag", "Mars" is not "Mar". */
const MIN_PLURAL_STEM = 4;

/** The tie between the mention's names and the entity's names, or undefined when none. */
export function nameTie(names: readonly string[], entityNames: readonly string[], page: TieContext): NameTie | undefined {
  const mine = keysOf(names);
  const theirs = keysOf(entityNames);
  if (mine.some((k) => theirs.includes(k))) return 'same_name';
  if (mine.some((a) => theirs.some((b) => isWrittenLonger(a, b)))) return 'written_longer';
  if (mine.some((a) => theirs.some((b) => runTogether(a, b)))) return 'spelling';
  if (names.some((a) => entityNames.some((b) => isPlural(a, b) || isPlural(b, a)))) return 'spelling';
  if (names.some((n) => placeNames(n).some((p) => theirs.includes(nameKey(p))))) return 'spelling';
  if (pageTies(names, mine, entityNames, theirs, page)) return 'page';
  if (page.onPage && mine.some((a) => theirs.some((b) => isSlip(a, b)))) return 'slip';
  return undefined;
}

/**
 * A part of a full name: its surname, first name or a title and surname ("Collison",
 * "Patrick", "Mr. Collison" of "Patrick Collison"). It stands for the full name on the page
 * that writes both, never elsewhere: it is not stored as an alias.
 *
 * @example isPartName('Ms. Okafor', 'Ada Okafor') // true
 */
export function isPartName(name: string, full: string): boolean {
  const part = withoutHonorific(nameKey(name)).split(' ');
  const whole = new Set(tokens(nameKey(full)));
  return part.length < whole.size && part.every((w) => whole.has(w));
}

function keysOf(names: readonly string[]): string[] {
  return [...new Set(names.map((n) => nameKey(n)).filter((k) => k.length > 0))];
}

/** The same letters with the spaces run together ("BrindleWorks" / "Brindle Works"). */
function runTogether(a: string, b: string): boolean {
  return a.replace(/ /g, '') === b.replace(/ /g, '');
}

/**
 * `plural` is `name` written with a plural "s" or "es", the rest as written, case included:
 * "ETags" of "ETag", not "https" of "HTTP".
 */
function isPlural(plural: string, name: string): boolean {
  const p = cleanText(plural);
  const n = cleanText(name);
  return n.length >= MIN_PLURAL_STEM && (p === `${n}s` || p === `${n}es`);
}

/** The digits of a name, in order: a model or version number. */
function digitsOf(key: string): string {
  return key.replace(/\D/g, '');
}

/**
 * Both names long enough, and one insertion, deletion, substitution or swap of neighbours
 * apart, with the same digits: a digit more or less is another model ("Ryzen 3 Pro").
 */
function isSlip(a: string, b: string): boolean {
  const ca = a.replace(/ /g, '');
  const cb = b.replace(/ /g, '');
  if (digitsOf(ca) !== digitsOf(cb)) return false;
  if (Math.min(ca.length, cb.length) < MIN_SLIP_LENGTH || Math.abs(ca.length - cb.length) > 1) return false;
  let i = 0;
  while (i < ca.length && i < cb.length && ca[i] === cb[i]) i++;
  if (ca.length === cb.length) {
    if (ca.slice(i + 1) === cb.slice(i + 1)) return true;
    return ca[i] === cb[i + 1] && ca[i + 1] === cb[i] && ca.slice(i + 2) === cb.slice(i + 2);
  }
  return ca.length > cb.length ? ca.slice(i + 1) === cb.slice(i) : ca.slice(i) === cb.slice(i + 1);
}

/**
 * The page writes a short form (on one side) and the full name it stands for there (on
 * the other side): a surname beside its person, an acronym beside its long name.
 */
function pageTies(
  names: readonly string[],
  mine: readonly string[],
  entityNames: readonly string[],
  theirs: readonly string[],
  page: TieContext,
): boolean {
  const onPage = new Set(page.pageNames.map((n) => nameKey(n)));
  const expandsTo = (short: string, full: readonly string[]): boolean => {
    if (!onPage.has(nameKey(short))) return false;
    // "Ms Okafor" is no second Okafor beside "Ada Okafor": other writings of the short form are left out.
    const surname = withoutHonorific(nameKey(short));
    const others = page.pageNames.filter((n) => withoutHonorific(nameKey(n)) !== surname);
    const expansion = expandOnPage(short, others, page.type);
    return expansion !== undefined && full.includes(nameKey(expansion.name));
  };
  return names.some((n) => expandsTo(n, theirs)) || entityNames.some((n) => expandsTo(n, mine));
}
