/**
 * The engine's one list of abbreviations: words written with a stop that belongs to them
 * (titles, company forms, months, …), in lower case without the stop. The tokenizer keeps
 * that stop in the token ("Inc.", "Dr."), and the sentence splitter does not end a sentence
 * at it, so both read "Contoso Inc. hired Ada" alike.
 */

export const ABBREVIATIONS: ReadonlySet<string> = new Set([
  'inc',
  'corp',
  'co',
  'ltd',
  'llc',
  'plc',
  'bros',
  'assn',
  'mr',
  'mrs',
  'ms',
  'mx',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'ft',
  'gen',
  'col',
  'lt',
  'sgt',
  'capt',
  'gov',
  'sen',
  'rep',
  'pres',
  'rev',
  'hon',
  'vs',
  'est',
  'etc',
  'dept',
  'univ',
  'approx',
  'cf',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

/** Abbreviations whose stop may end a sentence as well ("… and so on, etc. Then"): the splitter reads them as plain words. */
export const MAY_END_SENTENCE: ReadonlySet<string> = new Set(['etc']);

/** Words that abbreviate only before a number ("No. 5", "Vol. 2"); before a capital, "no." ends a sentence. */
export const NUMBER_ABBREVIATIONS: ReadonlySet<string> = new Set(['no', 'nos', 'vol', 'fig', 'pp', 'art', 'ch']);
