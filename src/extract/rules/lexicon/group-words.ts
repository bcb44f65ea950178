/**
 * Words that name a group of people or a belief, not one entity: nationalities ("Germans",
 * "South Korean", "Native Americans"; `isDemonym`), faiths and their followers ("Catholic",
 * "Buddhists"), a deity ("God"), a family in the plural ("the Whitfields" where
 * "Dana Whitfield" is on the page), and the people of a place the page names ("New Yorkers"
 * beside "New York"). The annotation rules count none of them a name: the graph
 * has no type for them, and stored as a company or a place they mislead. Compiled from
 * general vocabulary, not from any page of the project's golds.
 */
import { isDemonym } from '../../../core/resolve/demonyms';

/** Faiths, their followers and movements, singular (a plural "s" is read too). */
const FAITH_WORDS: ReadonlySet<string> = new Set(
  `
Anglican Baptist Buddhist Catholic Christian Evangelical Hindu Islamist Jew Jewish Lutheran Methodist Mormon
Orthodox Pentecostal Presbyterian Protestant Quaker Sikh Sunni Shia Shiite Taoist Zionist Atheist Agnostic
`
    .split(/\s+/)
    .filter((t) => t.length > 0),
);

/** Names of the deity in English prose. */
const DEITY_WORDS: ReadonlySet<string> = new Set(['God', 'Lord', 'Allah', 'Almighty', 'Savior', 'Saviour', 'Redeemer']);

/** Endings that make a place's name its people ("New Yorkers", "Etonians", "Texans", "Londoners"). */
const RESIDENT_ENDINGS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['ers', ['', 'e']],
  ['ians', ['', 'ia', 'y']],
  ['ites', ['', 'e']],
  ['ans', ['', 'a', 'as']],
];

/**
 * True when `name` is a plural naming the people of a place the page names as a place ("New
 * Yorkers" beside "New York", "Etonians" beside "Eton", "Texans" beside "Texas"): a group, no
 * one entity. `isPlace` says whether the page names a stem as a place (so "Lakers" stays a
 * team where "Lake" is no place of the page).
 *
 * @example
 *   isResidents('New Yorkers', (s) => s === 'New York') // true
 *   isResidents('Rangers', () => false) // false
 */
export function isResidents(name: string, isPlace: (stem: string) => boolean): boolean {
  if (!/^(?:\p{Lu}\p{Ll}+ )?\p{Lu}\p{Ll}+s$/u.test(name)) return false;
  for (const [ending, restores] of RESIDENT_ENDINGS) {
    if (!name.endsWith(ending)) continue;
    const stem = name.slice(0, -ending.length);
    if (stem.length >= 3 && restores.some((r) => isPlace(stem + r))) return true;
  }
  return false;
}

/**
 * True when `name` names a group or a belief rather than one entity. `personParts` holds the
 * first and last words of the page's multi-word person names: "Christian" is a name on a page
 * about Christian Vale, and "Whitfields" is the family of Dana Whitfield. `isPlace` says
 * whether the page names a text as a place (`isResidents`).
 *
 * @example
 *   isGroupWord('Norwegians', new Set()) // true
 *   isGroupWord('Whitfields', new Set(['Dana', 'Whitfield'])) // true
 *   isGroupWord('Christian', new Set(['Christian', 'Vale'])) // false
 */
export function isGroupWord(name: string, personParts: ReadonlySet<string>, isPlace: (stem: string) => boolean = () => false): boolean {
  if (personParts.has(name)) return false;
  if (isResidents(name, isPlace)) return true;
  if (DEITY_WORDS.has(name) || isDemonym(name)) return true;
  const singular = name.endsWith('s') ? name.slice(0, -1) : name;
  if (FAITH_WORDS.has(name) || FAITH_WORDS.has(singular)) return true;
  // "the Whitfields", "the Joneses": the family of a person the page names.
  return /^\p{Lu}\p{Ll}+s$/u.test(name) && (personParts.has(singular) || (name.endsWith('es') && personParts.has(name.slice(0, -2))));
}
