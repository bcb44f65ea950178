/**
 * Similarity features of two product records for a trained pair matcher:
 * token Jaccard and TF-IDF cosine on titles and full text, model-number codes
 * (tokens with digits) found or missing on the other side, manufacturer
 * agreement, price ratio, character 3-grams, lengths and edition words.
 * Pure functions; the IDF table is built from whatever records the caller has.
 */
import type { ProductView } from './records';

/** Inverse document frequencies; unseen tokens get `unseen` (the rarest weight). */
export interface Idf {
  readonly weights: ReadonlyMap<string, number>;
  readonly unseen: number;
}

// Catalogue abbreviations written out, so "upg" meets "upgrade" and "pro" meets "professional".
const SYNONYMS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    upg: 'upgrade',
    upgrd: 'upgrade',
    pro: 'professional',
    prof: 'professional',
    std: 'standard',
    ed: 'edition',
    prem: 'premium',
    lic: 'license',
    licence: 'license',
    macintosh: 'mac',
    win: 'windows',
    edu: 'academic',
    education: 'academic',
    educational: 'academic',
    '&': 'and',
  }),
);

/** A version-like token in one spelling: "v8" → "8", "8.0" → "8", "5.x" → "5". */
function normalizeToken(t: string): string {
  const v = /^v\.?(\d.*)$/.exec(t)?.[1] ?? t;
  const n = v.replace(/^(\d+)\.(0+|x)$/, '$1');
  return SYNONYMS.get(n) ?? n;
}

function trimDots(t: string): string {
  let i = 0;
  let j = t.length;
  while (i < j && t[i] === '.') i++;
  while (j > i && t[j - 1] === '.') j--;
  return t.slice(i, j);
}

/** Lower-case word tokens; dots kept inside numbers ("9.0"), other punctuation splits; versions and abbreviations normalized. */
export function productTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/(\d) \.(\d)/g, '$1.$2')
    .split(/[^a-z0-9.+#]+/)
    .map((t) => normalizeToken(trimDots(t)))
    .filter((t) => t.length > 0);
}

/** A code with separators removed, so "KDL-46V3000" and "kdl46v3000" meet. */
function compact(token: string): string {
  return token.replace(/[^a-z0-9]/g, '');
}

/**
 * Builds IDF weights from a collection of texts (one document each).
 *
 * @example
 *   const idf = buildIdf(['adobe photoshop cs3', 'adobe acrobat 8']); // 'adobe' weighs least
 */
export function buildIdf(texts: Iterable<string>): Idf {
  const df = new Map<string, number>();
  let n = 0;
  for (const text of texts) {
    n++;
    for (const t of new Set(productTokens(text))) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const weights = new Map<string, number>();
  for (const [t, c] of df) weights.set(t, Math.log((n + 1) / (c + 1)) + 1);
  return { weights, unseen: Math.log(n + 1) + 1 };
}

/**
 * Learned weight of a title token that only one side of a pair carries: the
 * smoothed log-odds that such a pair is a non-match, from labelled pairs
 * ("upgrade" on one side only says more than "software" on one side only).
 */
export type TokenDiscord = ReadonlyMap<string, number>;

// Pairs a token must be seen unshared in before its log-odds is trusted over the prior.
const DISCORD_SMOOTHING = 5;

/** Builds `TokenDiscord` from labelled title pairs. */
export function buildTokenDiscord(
  pairs: Iterable<{ readonly a: ProductView; readonly b: ProductView; readonly match: boolean }>,
): TokenDiscord {
  const counts = new Map<string, [number, number]>();
  let pos = 0;
  let all = 0;
  for (const { a, b, match } of pairs) {
    all++;
    if (match) pos++;
    const sa = new Set(productTokens(a.title));
    const sb = new Set(productTokens(b.title));
    for (const t of new Set([...sa, ...sb])) {
      if (sa.has(t) && sb.has(t)) continue;
      const c = counts.get(t) ?? [0, 0];
      c[match ? 0 : 1]++;
      counts.set(t, c);
    }
  }
  const prior = (pos + 1) / (all + 2);
  const out = new Map<string, number>();
  for (const [t, [p, n]] of counts) {
    const rate = (p + DISCORD_SMOOTHING * prior) / (p + n + DISCORD_SMOOTHING);
    out.set(t, Math.log((1 - rate) / rate) - Math.log((1 - prior) / prior));
  }
  return out;
}

function discord(a: ReadonlySet<string>, b: ReadonlySet<string>, table: TokenDiscord | undefined): [number, number] {
  let max = 0;
  let sum = 0;
  if (!table) return [0, 0];
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const t of x) {
      if (y.has(t)) continue;
      const v = table.get(t) ?? 0;
      max = Math.max(max, v);
      sum += v;
    }
  }
  return [max, sum];
}

const w = (idf: Idf, t: string): number => idf.weights.get(t) ?? idf.unseen;

function cosine(a: readonly string[], b: readonly string[], idf: Idf): number {
  const va = new Map<string, number>();
  const vb = new Map<string, number>();
  for (const t of a) va.set(t, (va.get(t) ?? 0) + w(idf, t));
  for (const t of b) vb.set(t, (vb.get(t) ?? 0) + w(idf, t));
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [t, x] of va) {
    na += x * x;
    dot += x * (vb.get(t) ?? 0);
  }
  for (const x of vb.values()) nb += x * x;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  const union = a.size + b.size - inter;
  return union ? inter / union : 0;
}

/** Share of `a`'s IDF mass whose tokens also occur in `b`. */
function idfCovered(a: ReadonlySet<string>, b: ReadonlySet<string>, idf: Idf): number {
  let all = 0;
  let hit = 0;
  for (const t of a) {
    all += w(idf, t);
    if (b.has(t)) hit += w(idf, t);
  }
  return all ? hit / all : 0;
}

function trigrams(text: string): Set<string> {
  const s = ` ${text.replace(/\s+/g, ' ')} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= s.length; i++) out.add(s.slice(i, i + 3));
  return out;
}

const hasDigit = (t: string): boolean => /\d/.test(t);
const isNumber = (t: string): boolean => /^\d+(\.\d+)?$/.test(t);
// A model code mixes letters and digits and is long enough not to be "cs3"-style noise by chance.
const isModel = (t: string): boolean => t.length >= 4 && /[a-z]/.test(t) && /\d/.test(t);

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** Best prefix agreement between a model code of `a` and any code of `b` (0..1). */
function bestModelPrefix(a: readonly string[], b: readonly string[]): number {
  let best = 0;
  for (const x of a) for (const y of b) best = Math.max(best, commonPrefix(x, y) / Math.max(x.length, y.length));
  return best;
}

// Words naming an edition, platform or licence: the same product line in another
// edition is the commonest hard negative in software/electronics catalogues.
const EDITION_WORDS = new Set([
  'upgrade',
  'upg',
  'academic',
  'education',
  'edu',
  'student',
  'teacher',
  'mac',
  'macintosh',
  'win',
  'windows',
  'pc',
  'pro',
  'professional',
  'standard',
  'std',
  'home',
  'premium',
  'deluxe',
  'basic',
  'ultimate',
  'enterprise',
  'server',
  'license',
  'licence',
  'lic',
  'oem',
  'retail',
  'full',
  'version',
  'suite',
  'small',
  'business',
  'plus',
  'express',
  'lite',
  'gold',
  'platinum',
  'media',
  'kit',
  'bundle',
  'user',
  'users',
  'pack',
  'black',
  'white',
  'silver',
  'red',
  'blue',
  'pink',
]);

function editionMismatch(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let n = 0;
  for (const t of a) if (EDITION_WORDS.has(t) && !b.has(t)) n++;
  for (const t of b) if (EDITION_WORDS.has(t) && !a.has(t)) n++;
  return n;
}

/** Count of `a`'s items not found in `b` nor (compacted) inside `bText`. */
function unmatched(a: readonly string[], b: ReadonlySet<string>, bText: string): number {
  let n = 0;
  for (const t of a) if (!b.has(t) && !bText.includes(compact(t))) n++;
  return n;
}

/** Names of the features, in the order `pairFeatures` returns them. */
export const PRODUCT_FEATURES = [
  't_jacc',
  't_cos',
  't_contain',
  't_cover_l',
  't_cover_r',
  't_c3',
  't_len_l',
  't_len_r',
  't_len_ratio',
  't_first_eq',
  'x_cos',
  'x_title_l_in_text_r',
  'x_title_r_in_text_l',
  'x_cover_l',
  'x_cover_r',
  'code_n_l',
  'code_n_r',
  'code_shared',
  'code_jacc',
  'code_miss_l',
  'code_miss_r',
  'model_n_l',
  'model_n_r',
  'model_l_in_r',
  'model_r_in_l',
  'model_prefix',
  'num_shared',
  'num_miss_l',
  'num_miss_r',
  'mfr_both',
  'mfr_overlap',
  'mfr_l_in_r',
  'mfr_r_in_l',
  'price_both',
  'price_log_ratio',
  'price_missing',
  'edition_mismatch',
  'discord_max',
  'discord_sum',
] as const;

/**
 * The feature vector of a pair (see `PRODUCT_FEATURES` for the order).
 *
 * @example
 *   pairFeatures(productView(parseRecord('COL title VAL adobe photoshop cs3')), other, idf)[0] // title Jaccard
 */
export function pairFeatures(a: ProductView, b: ProductView, idf: Idf, table?: TokenDiscord): number[] {
  const ta = productTokens(a.title);
  const tb = productTokens(b.title);
  const sa = new Set(ta);
  const sb = new Set(tb);
  const xa = productTokens(a.text);
  const xb = productTokens(b.text);
  const sxa = new Set(xa);
  const sxb = new Set(xb);
  const compactA = xa.map(compact).join(' ');
  const compactB = xb.map(compact).join(' ');
  let shared = 0;
  for (const t of sa) if (sb.has(t)) shared++;

  const codesA = [...sa].filter(hasDigit);
  const codesB = [...sb].filter(hasDigit);
  const codeSetA = new Set(codesA.map(compact));
  const codeSetB = new Set(codesB.map(compact));
  let codeShared = 0;
  for (const c of codeSetA) if (codeSetB.has(c)) codeShared++;
  const modelsA = [...sxa].filter(isModel).map(compact);
  const modelsB = [...sxb].filter(isModel).map(compact);
  const modelsTitleA = codesA.filter(isModel).map(compact);
  const modelsTitleB = codesB.filter(isModel).map(compact);
  const numsA = [...sa].filter(isNumber);
  const numsB = [...sb].filter(isNumber);
  let numShared = 0;
  for (const n of numsA) if (sb.has(n)) numShared++;

  const ma = new Set(productTokens(a.manufacturer));
  const mb = new Set(productTokens(b.manufacturer));
  const firstMa = productTokens(a.manufacturer)[0];
  const firstMb = productTokens(b.manufacturer)[0];

  const pa = a.price;
  const pb = b.price;
  const priceBoth = pa !== undefined && pb !== undefined;

  return [
    jaccard(sa, sb),
    cosine(ta, tb, idf),
    sa.size && sb.size ? shared / Math.min(sa.size, sb.size) : 0,
    idfCovered(sa, sb, idf),
    idfCovered(sb, sa, idf),
    jaccard(trigrams(ta.join(' ')), trigrams(tb.join(' '))),
    ta.length,
    tb.length,
    ta.length && tb.length ? Math.min(ta.length, tb.length) / Math.max(ta.length, tb.length) : 0,
    ta[0] !== undefined && ta[0] === tb[0] ? 1 : 0,
    cosine(xa, xb, idf),
    cosine(ta, xb, idf),
    cosine(tb, xa, idf),
    idfCovered(sa, sxb, idf),
    idfCovered(sb, sxa, idf),
    codeSetA.size,
    codeSetB.size,
    codeShared,
    codeSetA.size + codeSetB.size ? codeShared / (codeSetA.size + codeSetB.size - codeShared) : -1,
    unmatched(codesA, sxb, compactB),
    unmatched(codesB, sxa, compactA),
    modelsTitleA.length,
    modelsTitleB.length,
    modelsTitleA.some((m) => compactB.includes(m)) ? 1 : 0,
    modelsTitleB.some((m) => compactA.includes(m)) ? 1 : 0,
    modelsA.length && modelsB.length ? bestModelPrefix(modelsA, modelsB) : -1,
    numShared,
    numsA.filter((n) => !sb.has(n)).length,
    numsB.filter((n) => !sa.has(n)).length,
    ma.size && mb.size ? 1 : 0,
    ma.size && mb.size ? jaccard(ma, mb) : -1,
    firstMa !== undefined && sxb.has(firstMa) ? 1 : 0,
    firstMb !== undefined && sxa.has(firstMb) ? 1 : 0,
    priceBoth ? 1 : 0,
    priceBoth ? Math.abs(Math.log(pa / pb)) : -1,
    (pa === undefined ? 1 : 0) + (pb === undefined ? 1 : 0),
    editionMismatch(sa, sb),
    ...discord(sa, sb, table),
  ];
}
