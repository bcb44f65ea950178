/**
 * Day and month names, lower case: capitalized in every sentence that dates something,
 * never an entity. One list for the boilerplate filter and the text-relation reader.
 */
export const CALENDAR_WORDS: readonly string[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
