/**
 * Word beginnings that stand for a word's forms ("acquir" for acquired, acquires, acquirer).
 * A word is one of a stem's forms when what follows the stem is an inflection or a common
 * derivation ending, so "make" reads "makes" and "maker" but not "makeover", and "design"
 * reads "designed" but not "designated".
 */

/** Endings after a stem: verb and noun inflections and the derivations trigger lists rely on. */
const ENDINGS = new Set([
  '',
  'e',
  's',
  'es',
  'd',
  'ed',
  'ing',
  'r',
  'rs',
  'er',
  'ers',
  'or',
  'ors',
  'ion',
  'ions',
  'ition',
  'itions',
  'ation',
  'ations',
  'ment',
  'ments',
  'ive',
  'ry',
  'ries',
  'ership',
  'erships',
  'ship',
  'ships',
  'itor',
  'itors',
  'itive',
  'tion',
  'tions',
  'ement',
  'ements',
  'ier',
  'iers',
  'ance',
  'ances',
]);

/**
 * @example
 *   hasStem('acquired', ['acquir']); // true
 *   hasStem('makeover', ['make']); // false
 */
export function hasStem(word: string, stems: readonly string[]): boolean {
  return stems.some((stem) => word.startsWith(stem) && ENDINGS.has(word.slice(stem.length)));
}
