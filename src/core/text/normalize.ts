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
  'incorporated',
  'corporation',
  'limited',
  'company',
  'gmbh co kg',
  'co kg',
  'inc',
  'llc',
  'ltd',
  'llp',
  'lp',
  'plc',
  'gmbh',
  'ag',
  'sa',
  'se',
  'nv',
  'bv',
  'spa',
  'srl',
  'sarl',
  'sas',
  'ab',
  'as',
  'asa',
  'oy',
  'oyj',
  'kk',
  'pty',
  'pty ltd',
  'corp',
  'co',
  'holdings',
  'group',
  'pbc',
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

/** Titles written before a surname ("Mr. Warner", "Dr Ramos"), as name-key words. */
const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'professor', 'sir', 'dame', 'madam', 'mme', 'herr', 'frau']);

/**
 * A two-word name key without its leading title: the surname it stands for. Only for
 * matching a person's short name, never stored (a title can belong to a name: "Dr Pepper").
 *
 * @example
 *   withoutHonorific('mr warner') // 'warner'
 *   withoutHonorific('mark warner') // 'mark warner'
 */
export function withoutHonorific(key: string): string {
  const words = key.split(' ');
  return words.length === 2 && HONORIFICS.has(words[0] ?? '') ? (words[1] ?? key) : key;
}

/** Normalizes a relationship label: `Founded By` → `founded_by`. */
export function normalizeLabel(label: string): string {
  return (
    fold(label)
      .replace(/[^\p{L}\p{N}]+/gu, '_')
      // The line above leaves no two `_` in a row, so one at each end is all there is to trim.
      .replace(/^_|_$/g, '')
  );
}

/**
 * Character n-grams of a string padded with spaces, so word edges count.
 *
 * @example
 *   charNgrams('ab', 3) // Set {'  a', ' ab', 'ab ', 'b  '}
 */
export function charNgrams(text: string, n = 3): Set<string> {
  const pad = ' '.repeat(n - 1);
  const padded = `${pad}${text}${pad}`;
  const out = new Set<string>();
  for (let i = 0; i + n <= padded.length; i++) out.add(padded.slice(i, i + n));
  return out;
}

/** 32-bit FNV-1a hash with a seed mixed in: deterministic across runs and platforms. */
export function fnv1a(text: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

// Words that acronyms skip: "Bank of America" → BOA is rare, BA is not what people write either,
// but "International Business Machines" → IBM and "Federal Bureau of Investigation" → FBI are.
const ACRONYM_STOPWORDS = new Set(['of', 'and', 'the', 'for', 'de', 'du', 'des', 'la', 'le', 'von', 'und', '&']);

/**
 * The initials of a multi-word name, skipping small words and legal suffixes, or
 * undefined when the name has fewer than two significant words.
 *
 * @example
 *   initials('International Business Machines Corp.') // 'ibm'
 *   initials('Federal Bureau of Investigation')       // 'fbi'
 */
export function initials(name: string): string | undefined {
  return initialsOfKey(nameKey(name));
}

/** `initials` of an already normalized name key (no normalization work). */
export function initialsOfKey(key: string): string | undefined {
  const words = key.split(' ').filter((w) => w.length > 0 && !ACRONYM_STOPWORDS.has(w));
  if (words.length < 2) return undefined;
  return words.map((w) => w.charAt(0)).join('');
}

/**
 * Whether `short` reads as an acronym of `long` ("IBM" of "International Business
 * Machines"). `short` must look like an acronym: one word of 2-8 letters.
 */
export function isAcronymOf(short: string, long: string): boolean {
  const s = nameKey(short);
  if (!/^[\p{L}\p{N}]{2,8}$/u.test(s)) return false;
  const init = initials(long);
  return init !== undefined && init === s;
}
