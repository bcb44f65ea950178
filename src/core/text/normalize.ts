/**
 * Name normalization shared by the store's index keys, search and the resolver:
 * Unicode NFKC, case folding, diacritics, punctuation, zero-width characters,
 * legal suffixes, a leading "The", possessives.
 *
 * @example
 *   nameKey('Stripe, Inc.')   // 'stripe'
 *   nameKey('The Guardian')   // 'guardian'
 *   nameKey("McDonald's")     // 'mcdonald'
 *   nameKey('Société Générale S.A.') // 'societe generale'
 */

// Zero-width and bidi control characters carry no meaning in a name and are used to spoof.
const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g;
const COMBINING = /\p{M}+/gu;
// Legal-form suffixes, matched on the folded, punctuation-free form; longest first.
const LEGAL_SUFFIXES = [
  'incorporated', 'corporation', 'limited', 'company', 'gmbh co kg', 'co kg',
  'inc', 'llc', 'ltd', 'llp', 'lp', 'plc', 'gmbh', 'ag', 'sa', 'se', 'nv', 'bv', 'spa',
  'srl', 'sarl', 'sas', 'ab', 'as', 'asa', 'oy', 'oyj', 'kk', 'pty', 'pty ltd', 'corp', 'co',
  'holdings', 'group',
];
const LEGAL_SUFFIX_RE = new RegExp(`(?:\\s(?:${LEGAL_SUFFIXES.map((s) => s.replace(/ /g, '\\s')).join('|')}))+$`);

/** Strips invisible characters, applies NFKC and collapses white space; keeps case. */
export function cleanText(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** Case folding plus diacritics removal: `Zürich` → `zurich`. */
export function fold(text: string): string {
  return cleanText(text).normalize('NFD').replace(COMBINING, '').normalize('NFC').toLowerCase();
}

/** Folded words with punctuation removed (apostrophes joined, other marks split). */
export function tokens(text: string): string[] {
  const folded = fold(text)
    .replace(/['’`´]s\b/g, '') // possessive
    .replace(/['’`´]/g, '')
    .replace(/(\p{L})\.(?=\p{L}\.)/gu, '$1') // S.A. → SA.
    .replace(/(\p{L})\.(?!\p{L})/gu, '$1');
  return folded.split(/[^\p{L}\p{N}+#]+/u).filter((t) => t.length > 0);
}

/**
 * The normalized key of a name: folded tokens without legal suffix or leading "the".
 * Falls back to the plain folded tokens when stripping would leave nothing
 * ("The The", "Co").
 */
export function nameKey(name: string): string {
  const toks = tokens(name);
  const joined = toks.join(' ');
  let key = joined.replace(LEGAL_SUFFIX_RE, '');
  if (key.startsWith('the ')) key = key.slice(4);
  return key.length > 0 ? key : joined;
}

/** Normalizes a relationship label: `Founded By` → `founded_by`. */
export function normalizeLabel(label: string): string {
  return fold(label)
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');
}
