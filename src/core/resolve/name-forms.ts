/**
 * Two names that may be one thing written two ways, for the review queue (never merged
 * automatically: a brand beside one of its products is two things):
 *
 *   - an acronym and its expansion: "QLN" beside "Quillon Labs Network" (each word gives
 *     its first letter, or a short prefix of it; "NVX" beside "Novax" is not one);
 *   - a short form and the full form: "Quillon" beside "Quillon Labs", "Harbor" beside
 *     "Blue Harbor" (the short name's words begin or end the full name's).
 *
 * Pure and bounded: names are cut to `MAX_WORDS` words and acronyms to `MAX_ACRONYM`
 * letters before any matching, and the matching is a small table over those.
 *
 * @example
 *   isAcronymOf('QLN', 'Quillon Labs Network'); // true
 *   isShortFormOf('Quillon', 'Quillon Labs');    // true
 */
import type { EntityType } from '../graph/types';
import { cleanText, nameKey, tokens } from '../text/normalize';

/** Letters an acronym has at most: longer all-capital words are names ("NVIDIA"), not initials. */
const MAX_ACRONYM = 8;
/** Words of an expansion or full form considered: names longer than this are titles or sentences. */
const MAX_WORDS = 6;
/** Letters one word may give an acronym beyond its first ("TEC" of "Technologies"): more is a spelling, not an initial. */
const MAX_PREFIX = 3;
/** A short form shorter than this ("AI", "Go") matches too many full names to be worth a review. */
const MIN_SHORT_FORM = 4;
/** Full forms of more words than this are rarely the same thing as their first or last word. */
const MAX_FULL_FORM_WORDS = 4;

/** Words an expansion may leave out of its acronym ("Institute of Technology" → "IT"). */
const STOP_WORDS = new Set(['of', 'the', 'and', 'for', 'de', 'du', 'la', 'in', 'on', 'at', 'to', 'a', 'an', 'und', 'et', 'y']);
/** Legal forms trailing a company name ("Inc", "GmbH"): left out of an acronym too. */
const LEGAL_FORMS = new Set(['inc', 'ltd', 'llc', 'corp', 'co', 'gmbh', 'ag', 'sa', 'plc', 'limited', 'corporation', 'company']);

/**
 * Whether `short` is written like an acronym: one word of 2–8 letters or digits, at least
 * two of them capitals and no more lower-case letters than capitals ("QLN", "DoD", "A.I.").
 */
export function looksLikeAcronym(short: string): boolean {
  const compact = cleanText(short).replace(/\./g, '');
  if (compact.length < 2 || compact.length > MAX_ACRONYM || !/^[\p{L}\p{N}&]+$/u.test(compact)) return false;
  const upper = (compact.match(/\p{Lu}/gu) ?? []).length;
  const lower = (compact.match(/\p{Ll}/gu) ?? []).length;
  return upper >= 2 && lower < upper;
}

/**
 * Whether the letters can be read off `words` in order, each word giving a prefix of 1 to
 * `MAX_PREFIX` letters (a word written in capitals may give all of its letters), stop
 * words giving their initial or nothing. Memoized over (letter, word): at most 8 × 6 cells.
 */
function spells(letters: string, words: readonly { readonly text: string; readonly stop: boolean; readonly caps: boolean }[]): boolean {
  const memo = new Map<number, boolean>();
  const go = (i: number, j: number): boolean => {
    if (i === letters.length) return words.slice(j).every((w) => w.stop);
    if (j === words.length) return false;
    const key = i * (MAX_WORDS + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const w = words[j];
    let ok = false;
    if (w !== undefined) {
      if (w.stop) ok = go(i, j + 1);
      const longest = Math.min(w.text.length, w.caps ? MAX_ACRONYM : MAX_PREFIX, letters.length - i);
      for (let n = 1; !ok && n <= longest; n++) {
        if (w.text.slice(0, n) !== letters.slice(i, i + n)) break;
        ok = go(i + n, j + 1);
      }
    }
    memo.set(key, ok);
    return ok;
  };
  return go(0, 0);
}

/**
 * Whether `short` is an acronym of `long`: the acronym's letters, in order, are the
 * initials (or short prefixes) of at least two of the expansion's words. One leading
 * word may be left out ("XY Quillon Labs" for "QL": a country or brand before the name),
 * and so may stop words and a trailing legal form.
 *
 * @example
 *   isAcronymOf('QLN', 'Quillon Labs Network');     // true
 *   isAcronymOf('BTEC', 'Brightwater Technologies'); // true: B + TEC
 */
export function isAcronymOf(short: string, long: string): boolean {
  if (!looksLikeAcronym(short)) return false;
  const letters = tokens(short).join('');
  const raw = cleanText(long)
    .split(/[\s\-–/]+/u)
    .slice(0, MAX_WORDS + 1);
  if (raw.length > MAX_WORDS) return false;
  const words = raw
    .map((w) => ({ text: tokens(w).join(''), stop: STOP_WORDS.has(tokens(w).join('')), caps: /^\p{Lu}{2,}$/u.test(w) }))
    .filter((w) => w.text.length > 0);
  while (words.length > 0 && LEGAL_FORMS.has(words.at(-1)?.text ?? '')) words.pop();
  const content = words.filter((w) => !w.stop).length;
  if (content < 2 || letters.length < 2) return false;
  // The acronym must be shorter than the name it stands for.
  if (letters === words.map((w) => w.text).join('')) return false;
  if (spells(letters, words)) return true;
  // One leading qualifier left out, when at least two words still spell it.
  const rest = words.slice(1);
  return rest.filter((w) => !w.stop).length >= 2 && spells(letters, rest);
}

/**
 * Whether `short` is a short form of `long`: its name-key words are the first or the last
 * words of `long`'s (at most `MAX_FULL_FORM_WORDS` of them), it has at least
 * `MIN_SHORT_FORM` characters, and what it leaves out is not a linking word ("Bank of
 * Quillon" is not "Bank").
 *
 * @example
 *   isShortFormOf('Harbor', 'Blue Harbor'); // true
 *   isShortFormOf('Bank', 'Bank of Harbor'); // false
 */
export function isShortFormOf(short: string, long: string): boolean {
  const s = nameKey(short).split(' ');
  const l = nameKey(long).split(' ');
  if (s.join(' ').length < MIN_SHORT_FORM || l.length > MAX_FULL_FORM_WORDS || s.length >= l.length) return false;
  const starts = s.every((w, i) => l[i] === w);
  const ends = s.every((w, i) => l[l.length - s.length + i] === w);
  if (!starts && !ends) return false;
  const left = starts ? l.slice(s.length) : l.slice(0, l.length - s.length);
  // A number left out is a version or a model ("Quillon 39", "Quillon 5 Pro"): another thing.
  if (left.some((w) => /\d/.test(w))) return false;
  return !STOP_WORDS.has(left[0] ?? '') && !STOP_WORDS.has(left.at(-1) ?? '');
}

export type NameFormKind = 'acronym' | 'short_form';

/**
 * How `short` may stand for `long`, if it may: as its acronym, or as its short form.
 *
 * @example nameFormOf('QLN', 'Quillon Labs Network') // 'acronym'
 */
export function nameFormOf(short: string, long: string): NameFormKind | undefined {
  if (isAcronymOf(short, long)) return 'acronym';
  if (isShortFormOf(short, long)) return 'short_form';
  return undefined;
}

/**
 * Words that end an organisation's full name after its distinctive part ("Quillon Ventures",
 * "Harbor Labs"): the first word alone is then the organisation's short name, whatever type
 * a one-word mention was guessed as. Without one ("Quillon Cloud"), the first word is often
 * the maker of what the full name names: two things.
 */
const ORGANISATION_WORDS = new Set([
  'ventures',
  'partners',
  'capital',
  'labs',
  'group',
  'holdings',
  'technologies',
  'technology',
  'systems',
  'networks',
  'studios',
  'media',
  'software',
  'solutions',
  'foundation',
  'institute',
  'consortium',
  'associates',
  'investments',
  'fund',
]);

export interface NamedEntity {
  readonly name: string;
  readonly type: EntityType;
}

/**
 * Whether `short` may be proposed as another form of `long`, types included. Types guessed
 * for one-word names are often wrong ("Echo" read as a company beside the product "Blue
 * Echo"), so a different type does not rule a pair out when the form itself is strong: an
 * acronym, a short form that ends the full name (the thing named, after its maker), or
 * one that begins an organisation's name ("Quillon" of "Quillon Ventures"). Places and
 * full names of people are left out (part names of people are their own doubt).
 *
 * @example
 *   proposedForm({ name: 'Echo', type: 'company' }, { name: 'Blue Echo', type: 'product' }) // 'short_form'
 *   proposedForm({ name: 'Quillon', type: 'company' }, { name: 'Quillon Cloud', type: 'product' }) // undefined
 */
export function proposedForm(short: NamedEntity, long: NamedEntity): NameFormKind | undefined {
  if (short.type === 'location' || long.type === 'location' || long.type === 'person') return undefined;
  const kind = nameFormOf(short.name, long.name);
  if (kind === undefined) return undefined;
  if (short.type === long.type || short.type === 'other' || long.type === 'other' || kind === 'acronym') return kind;
  const s = nameKey(short.name).split(' ');
  const l = nameKey(long.name).split(' ');
  const endsIt = s.every((w, i) => l[l.length - s.length + i] === w);
  const organisation = ORGANISATION_WORDS.has(l.at(-1) ?? '');
  return endsIt || organisation ? kind : undefined;
}
