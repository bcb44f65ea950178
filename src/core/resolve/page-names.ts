/**
 * Page-level name expansion, applied before retrieval: within one page a short
 * person name stands for the full name it abbreviates ("Collison" → "Patrick
 * Collison", when only one name on the page ends that way) and an acronym stands for
 * the multi-word name whose initials it spells ("IBM" → "International Business
 * Machines", when both are on the page). Ingestion stores such pairs as aliases, so
 * later pages find them without the expansion.
 */
import type { EntityType } from '../graph/types';
import { initials, isAcronymOf, nameKey, withoutHonorific } from '../text/normalize';

/** Names considered per page; a page with more distinct names than this is cut. */
const MAX_PAGE_NAMES = 500;

export interface Expansion {
  readonly name: string;
  readonly kind: 'short_name' | 'acronym';
}

/**
 * The page's full name the subject abbreviates, if exactly one fits.
 *
 * @example
 *   expandOnPage('Collison', ['Patrick Collison', 'Stripe']) // { name: 'Patrick Collison', kind: 'short_name' }
 *   expandOnPage('Mr. Warner', ['Mark Warner'])             // { name: 'Mark Warner', kind: 'short_name' }
 *   expandOnPage('IBM', ['International Business Machines'])  // { name: 'International Business Machines', kind: 'acronym' }
 */
export function expandOnPage(subject: string, pageNames: readonly string[], type?: EntityType): Expansion | undefined {
  const full = nameKey(subject);
  // "Mr. Warner" after "Mark Warner": a title and a surname is a short name too.
  const key = type === undefined || type === 'person' ? withoutHonorific(full) : full;
  const words = key.split(' ');
  if (key.length === 0 || words.length !== 1) return undefined;
  const names = pageNames.slice(0, MAX_PAGE_NAMES);
  if (looksLikeAcronym(subject)) {
    const matches = distinct(names.filter((n) => isAcronymOf(subject, n)));
    if (matches.length === 1 && matches[0] !== undefined) return { name: matches[0], kind: 'acronym' };
  }
  // Short names are surnames of people; a place or a company is not abbreviated that way
  // ("Africa" is not "South Africa").
  if (type !== undefined && type !== 'person') return undefined;
  const longer = distinct(
    names.filter((n) => {
      const w = nameKey(n).split(' ');
      // Two or three words: "Patrick Collison", "Juan Pablo Montoya"; longer names are titles.
      return w.length >= 2 && w.length <= 3 && w[w.length - 1] === key && initials(n) !== undefined;
    }),
  );
  if (longer.length === 1 && longer[0] !== undefined) return { name: longer[0], kind: 'short_name' };
  return undefined;
}

/** An acronym as written: 2-6 capitals or digits, possibly dotted ("I.B.M."). */
export function looksLikeAcronym(raw: string): boolean {
  return /^(?:\p{Lu}\.?){2,6}$/u.test(raw.trim());
}

/** One representative per normalized key, first seen first. */
function distinct(names: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const n of names) {
    const k = nameKey(n);
    if (!seen.has(k)) seen.set(k, n);
  }
  return [...seen.values()];
}
