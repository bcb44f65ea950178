/**
 * String similarity for name search: Damerau–Levenshtein (optimal string alignment),
 * Jaro–Winkler, and `scoreName`, the 0..1 score of a query against one name key
 * (exact 1; a prefix of the name about 0.8–0.99; a word prefix 0.7–0.9; typos and
 * partial words below, by edit distance and Jaro–Winkler).
 */

/** Names are compared on their first this-many characters: bounds the O(n·m) work. */
export const MAX_COMPARED_LENGTH = 64;

let rowA = new Int32Array(MAX_COMPARED_LENGTH + 2);
let rowB = new Int32Array(MAX_COMPARED_LENGTH + 2);
let rowC = new Int32Array(MAX_COMPARED_LENGTH + 2);
// The compared strings' char codes, reused across calls (strings are cut to MAX_COMPARED_LENGTH).
const codesT = new Uint16Array(MAX_COMPARED_LENGTH + 1);

/**
 * Damerau–Levenshtein distance (optimal string alignment: insertions, deletions,
 * substitutions, adjacent transpositions), on at most `MAX_COMPARED_LENGTH` characters.
 *
 * @example damerauLevenshtein('stripe', 'strpie') // 1
 */
export function damerauLevenshtein(a: string, b: string): number {
  const n = Math.min(a.length, MAX_COMPARED_LENGTH);
  const m = Math.min(b.length, MAX_COMPARED_LENGTH);
  if (n === 0) return m;
  if (m === 0) return n;
  if (rowA.length < m + 1) {
    rowA = new Int32Array(m + 1);
    rowB = new Int32Array(m + 1);
    rowC = new Int32Array(m + 1);
  }
  const t = codesT;
  for (let j = 0; j < m; j++) t[j + 1] = b.charCodeAt(j);
  // prev2 = row i-2, prev = row i-1, cur = row i; plain local reads keep the inner loop tight.
  let prev2 = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= m; j++) prev[j] = j;
  let sPrev = -1;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    const si = a.charCodeAt(i - 1);
    let left = i;
    let diag = i - 1;
    let tPrev = -1;
    for (let j = 1; j <= m; j++) {
      const tj = t[j] ?? 0;
      const up = prev[j] ?? 0;
      let v = diag + (si === tj ? 0 : 1);
      if (up + 1 < v) v = up + 1;
      if (left + 1 < v) v = left + 1;
      if (si === tPrev && sPrev === tj && j > 1 && i > 1) {
        const trans = (prev2[j - 2] ?? 0) + 1;
        if (trans < v) v = trans;
      }
      cur[j] = v;
      left = v;
      diag = up;
      tPrev = tj;
    }
    sPrev = si;
    const tmp = prev2;
    prev2 = prev;
    prev = cur;
    cur = tmp;
  }
  return prev[m] ?? 0;
}

/** 1 − distance / longer length: 1 for equal strings, 0 for nothing in common. */
export function editSimilarity(a: string, b: string): number {
  const len = Math.min(MAX_COMPARED_LENGTH, Math.max(a.length, b.length));
  return len === 0 ? 1 : Math.max(0, 1 - damerauLevenshtein(a, b) / len);
}

// Scratch match flags reused across calls (strings are cut to MAX_COMPARED_LENGTH).
const jwS = new Uint8Array(MAX_COMPARED_LENGTH);
const jwT = new Uint8Array(MAX_COMPARED_LENGTH);

/**
 * Jaro–Winkler similarity (prefix scale 0.1, prefix up to 4), in 0..1.
 *
 * @example jaroWinkler('martha', 'marhta') // ≈ 0.961
 */
export function jaroWinkler(a: string, b: string): number {
  const s = a.length > MAX_COMPARED_LENGTH ? a.slice(0, MAX_COMPARED_LENGTH) : a;
  const t = b.length > MAX_COMPARED_LENGTH ? b.slice(0, MAX_COMPARED_LENGTH) : b;
  if (s === t) return 1;
  if (s.length === 0 || t.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(s.length, t.length) / 2) - 1);
  const sMatch = jwS.fill(0, 0, s.length);
  const tMatch = jwT.fill(0, 0, t.length);
  let matches = 0;
  for (let i = 0; i < s.length; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(t.length - 1, i + window);
    for (let j = lo; j <= hi; j++) {
      if (tMatch[j] || s.charCodeAt(i) !== t.charCodeAt(j)) continue;
      sMatch[i] = 1;
      tMatch[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < s.length; i++) {
    if (!sMatch[i]) continue;
    while (!tMatch[k]) k++;
    if (s.charCodeAt(i) !== t.charCodeAt(k)) transpositions++;
    k++;
  }
  const jaro = (matches / s.length + matches / t.length + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < s.length && prefix < t.length && s.charCodeAt(prefix) === t.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** Word-level match: prefix of a word counts almost as the word, else edit similarity. */
function wordSimilarity(q: string, w: string): number {
  if (q === w) return 1;
  if (w.startsWith(q)) return 0.85 + 0.15 * (q.length / w.length);
  return editSimilarity(q, w);
}

/**
 * Score of a query against a name, both already normalized (`nameKey`), in 0..1.
 *
 * Bands (why): an exact name is certain (1); a name the query is the beginning of is
 * what a user typing expects first (0.8–0.99, longer coverage higher); a query that
 * begins one of the name's words is next (0.7–0.9); anything else is a typo or a partial
 * match, scored by edit distance and Jaro–Winkler and capped at 0.85 so a clean prefix
 * outranks a fuzzy guess of similar length.
 *
 * @example scoreName('stri', 'stripe') > scoreName('stri', 'string rust type') // true
 */
export function scoreName(query: string, name: string, queryWords: readonly string[], nameWords: readonly string[]): number {
  if (query.length === 0 || name.length === 0) return 0;
  if (query === name) return 1;
  const coverage = Math.min(1, query.length / name.length);
  if (name.startsWith(query)) return 0.8 + 0.19 * Math.sqrt(coverage);
  if (queryWords.length === 1 && nameWords.some((w) => w.startsWith(query))) return 0.7 + 0.2 * coverage;
  // Same value as 0.85 · max(0.6·edit + 0.4·Jaro–Winkler, words), computed cheaper: the
  // word part first (with exact per-word bounds), then the whole-string part only when
  // its upper bound (edit similarity ≤ 1 − length difference / length, Jaro–Winkler ≤ 1)
  // could beat it. Both bounds are exact, so no score changes.
  let words = 0;
  if (queryWords.length > 0 && nameWords.length > 0) {
    let sum = 0;
    for (const q of queryWords) sum += bestWordSimilarity(q, nameWords);
    words = (sum / queryWords.length) * (0.6 + 0.4 * coverage);
  }
  if (0.6 * editSimilarityBound(query, name) + 0.4 < words) return 0.85 * words;
  const whole = 0.6 * editSimilarity(query, name) + 0.4 * jaroWinkler(query, name);
  return 0.85 * Math.max(whole, words);
}

/** An upper bound of `editSimilarity(a, b)`: the distance is at least the length difference. */
function editSimilarityBound(a: string, b: string): number {
  const m = Math.min(MAX_COMPARED_LENGTH, a.length);
  const n = Math.min(MAX_COMPARED_LENGTH, b.length);
  const len = Math.max(m, n);
  return len === 0 ? 1 : 1 - Math.abs(m - n) / len;
}

/** max over `words` of `wordSimilarity(q, w)`, skipping words whose bound cannot beat the best so far. */
function bestWordSimilarity(q: string, words: readonly string[]): number {
  let best = 0;
  for (const w of words) {
    if (q === w) return 1;
    // A prefix scores above 0.85, any other word at most its edit-similarity bound.
    if (!w.startsWith(q) && editSimilarityBound(q, w) <= best) continue;
    const s = wordSimilarity(q, w);
    if (s > best) best = s;
  }
  return best;
}
