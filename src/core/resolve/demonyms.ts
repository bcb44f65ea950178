/**
 * Place names and the adjectives/nouns for their people ("Germany" ↔ "German",
 * "Netherlands" ↔ "Dutch" ↔ "Holland"): news text names countries by their demonyms as
 * often as by their names, and both refer to the same entity. Used by the resolver's
 * normalize phase as extra names to look up. A small closed list, not a gazetteer.
 */
import { nameKey } from '../text/normalize';

// Each group is one place: its name first, then other names and demonyms (singular).
const GROUPS: readonly (readonly string[])[] = [
  ['United States', 'U.S.', 'USA', 'US', 'America', 'American'],
  ['United Kingdom', 'UK', 'Britain', 'Great Britain', 'British', 'Briton'],
  ['England', 'English'],
  ['Scotland', 'Scottish', 'Scot'],
  ['Wales', 'Welsh'],
  ['Ireland', 'Irish'],
  ['Northern Ireland', 'Northern Irish'],
  ['France', 'French'],
  ['Germany', 'German'],
  ['Italy', 'Italian'],
  ['Spain', 'Spanish', 'Spaniard'],
  ['Portugal', 'Portuguese'],
  ['Netherlands', 'Holland', 'Dutch'],
  ['Belgium', 'Belgian'],
  ['Switzerland', 'Swiss'],
  ['Austria', 'Austrian'],
  ['Sweden', 'Swedish', 'Swede'],
  ['Norway', 'Norwegian'],
  ['Denmark', 'Danish', 'Dane'],
  ['Finland', 'Finnish', 'Finn'],
  ['Iceland', 'Icelandic'],
  ['Poland', 'Polish', 'Pole'],
  ['Czech Republic', 'Czech'],
  ['Slovakia', 'Slovak'],
  ['Hungary', 'Hungarian'],
  ['Romania', 'Romanian'],
  ['Bulgaria', 'Bulgarian'],
  ['Greece', 'Greek'],
  ['Turkey', 'Turkish', 'Turk'],
  ['Cyprus', 'Cypriot'],
  ['Russia', 'Russian', 'Russian Federation'],
  ['Ukraine', 'Ukrainian'],
  ['Belarus', 'Belarussian', 'Belarusian'],
  ['Lithuania', 'Lithuanian'],
  ['Latvia', 'Latvian'],
  ['Estonia', 'Estonian'],
  ['Georgia', 'Georgian'],
  ['Armenia', 'Armenian'],
  ['Azerbaijan', 'Azeri', 'Azerbaijani'],
  ['Kazakhstan', 'Kazakh'],
  ['Uzbekistan', 'Uzbek'],
  ['Tajikistan', 'Tajik'],
  ['Chechnya', 'Chechen'],
  ['Serbia', 'Serbian', 'Serb'],
  ['Croatia', 'Croatian', 'Croat'],
  ['Bosnia', 'Bosnian'],
  ['Slovenia', 'Slovenian', 'Slovene'],
  ['Albania', 'Albanian'],
  ['Macedonia', 'Macedonian'],
  ['Yugoslavia', 'Yugoslav'],
  ['Europe', 'European'],
  ['Africa', 'African'],
  ['Asia', 'Asian'],
  ['China', 'Chinese'],
  ['Japan', 'Japanese'],
  ['South Korea', 'South Korean', 'S. Korea', 'S. Korean'],
  ['North Korea', 'North Korean'],
  ['Taiwan', 'Taiwanese'],
  ['Hong Kong'],
  ['Vietnam', 'Vietnamese'],
  ['Thailand', 'Thai'],
  ['Malaysia', 'Malaysian'],
  ['Singapore', 'Singaporean'],
  ['Indonesia', 'Indonesian'],
  ['Philippines', 'Philippine', 'Filipino'],
  ['India', 'Indian'],
  ['Pakistan', 'Pakistani'],
  ['Bangladesh', 'Bangladeshi'],
  ['Sri Lanka', 'Sri Lankan'],
  ['Afghanistan', 'Afghan'],
  ['Iran', 'Iranian'],
  ['Iraq', 'Iraqi'],
  ['Syria', 'Syrian'],
  ['Lebanon', 'Lebanese'],
  ['Israel', 'Israeli'],
  ['Jordan', 'Jordanian'],
  ['Saudi Arabia', 'Saudi'],
  ['Kuwait', 'Kuwaiti'],
  ['Yemen', 'Yemeni'],
  ['Egypt', 'Egyptian'],
  ['Libya', 'Libyan'],
  ['Tunisia', 'Tunisian'],
  ['Algeria', 'Algerian'],
  ['Morocco', 'Moroccan'],
  ['Sudan', 'Sudanese'],
  ['Ethiopia', 'Ethiopian'],
  ['Kenya', 'Kenyan'],
  ['Nigeria', 'Nigerian'],
  ['Ghana', 'Ghanaian'],
  ['South Africa', 'South African'],
  ['Zimbabwe', 'Zimbabwean'],
  ['Zambia', 'Zambian'],
  ['Rwanda', 'Rwandan'],
  ['Burundi', 'Burundian'],
  ['Zaire', 'Zairean'],
  ['Uganda', 'Ugandan'],
  ['Somalia', 'Somali'],
  ['Australia', 'Australian'],
  ['New Zealand', 'New Zealander'],
  ['Canada', 'Canadian'],
  ['Mexico', 'Mexican'],
  ['Cuba', 'Cuban'],
  ['Brazil', 'Brazilian'],
  ['Argentina', 'Argentine', 'Argentinian'],
  ['Chile', 'Chilean'],
  ['Peru', 'Peruvian'],
  ['Colombia', 'Colombian'],
  ['Venezuela', 'Venezuelan'],
  ['Ecuador', 'Ecuadorean', 'Ecuadorian'],
  ['Bolivia', 'Bolivian'],
  ['Uruguay', 'Uruguayan'],
  ['Paraguay', 'Paraguayan'],
  ['Panama', 'Panamanian'],
  ['Palestine', 'Palestinian'],
  ['Kurdistan', 'Kurdish', 'Kurd'],
  ['Islam', 'Islamic', 'Moslem', 'Muslim'],
];

const BY_KEY: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, readonly string[]>();
  for (const group of GROUPS) for (const name of group) map.set(nameKey(name), group);
  return map;
})();

/**
 * The other names of the place a name or demonym denotes (plural demonyms included),
 * or an empty list. A plural is read of a demonym only: "Americas" is a place of its own,
 * not more than one America.
 *
 * @example
 *   placeNames('Germans')  // ['Germany', 'German']
 *   placeNames('Americas') // []
 *   placeNames('Stripe')   // []
 */
export function placeNames(name: string): readonly string[] {
  const key = nameKey(name);
  const group = BY_KEY.get(key) ?? (key.endsWith('s') ? pluralDemonym(key.slice(0, -1)) : undefined);
  if (group === undefined) return [];
  return group.filter((n) => nameKey(n) !== key);
}

/** The group of a singular demonym ("german" of "Germans"); none for a place's name ("america", "holland"). */
function pluralDemonym(singular: string): readonly string[] | undefined {
  const group = BY_KEY.get(singular);
  // A group's first name is the place; its other place names end like one ("America", "Britain", "Holland").
  if (group === undefined || nameKey(group[0] ?? '') === singular || PLACE_ENDING.test(singular)) return undefined;
  return group;
}

/** Endings of the place names a group lists after its first ("america", "britain", "holland", "russian federation"). */
const PLACE_ENDING = /(?:a|ain|and|ion|us|uk|usa)$/u;

/**
 * True when `name` is a nationality or a people's name and not a place: a demonym of the list
 * ("German", "Germans", "South Korean"), or an American group ("Native Americans",
 * "Korean-American"). "America", "Britain" and "Holland" are places, not demonyms.
 *
 * @example
 *   isDemonym('Norwegians') // true
 *   isDemonym('Jewish Americans') // true
 *   isDemonym('Norway') // false
 */
export function isDemonym(name: string): boolean {
  const key = nameKey(name);
  const group = BY_KEY.get(key);
  if (group !== undefined) return nameKey(group[0] ?? '') !== key && !PLACE_ENDING.test(key) && !key.includes('.');
  if (key.endsWith('s') && pluralDemonym(key.slice(0, -1)) !== undefined) return true;
  // "African-American", "Native Americans", "Jewish Americans": a people of the United States.
  return /^[a-z]+(?:[- ][a-z]+)?[- ]americans?$/u.test(key);
}
