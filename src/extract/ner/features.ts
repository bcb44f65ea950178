/**
 * Feature extraction for the sequence labeller. Every feature is a hashed bucket of
 * a fixed-size table (no feature dictionary to ship):
 * - word-level (cached per distinct word): word, lower case, shape (`Xxxx`, `dd-dd`),
 *   short shape (`Xx`), prefixes and suffixes 1–4, casing and character flags;
 * - context ±2: neighbouring words, shapes, bigrams, sentence position, headline case;
 * - gazetteers: membership of the token in a known name, per type and position;
 * - document: whether the word also appears lower-cased / capitalized mid-sentence
 *   elsewhere in the document;
 * - dynamic (recomputed as the document is labelled, Ratinov & Roth's "extended
 *   prediction history"): the types earlier predicted for the same word, and earlier
 *   predicted names that recur here.
 * Previous-label features are the transition weights used by the decoder.
 */
import { bucketOf as bucketOfExport, hashString as hashStringExport, mix as mixExport } from './hash';
import { TYPE_COUNT as TYPE_COUNT_EXPORT } from './labels';

// Module-local copies: the hot loops call them directly, not through import bindings.
const bucketOf = bucketOfExport;
const hashString = hashStringExport;
const mix = mixExport;
const TYPE_COUNT = TYPE_COUNT_EXPORT;

// Template ids: part of the model's identity (changing one invalidates shipped weights).
const enum T {
  Bias = 1,
  Word,
  Lower,
  Shape,
  ShortShape,
  Prefix,
  Suffix,
  Flag,
  Prev1,
  Next1,
  Prev2,
  Next2,
  PrevShape,
  NextShape,
  ShapeTri,
  BigramPrev,
  BigramNext,
  PrevWordShape,
  FirstShape,
  HeadlineShape,
  Gaz,
  GazPrev,
  GazNext,
  GazCap,
  DocLowerSeen,
  DocCapSeen,
  Hist,
  HistMajority,
  DocSpan,
  NextWordShape,
  Prev1Suffix,
}

// Word flags (bit positions); also used by the recognizer and document statistics.
export const F_INIT_CAP = 1;
export const F_ALL_CAPS = 2;
export const F_HAS_DIGIT = 4;
export const F_ALL_DIGITS = 8;
export const F_HAS_HYPHEN = 16;
export const F_HAS_PERIOD = 32;
export const F_PUNCT = 64;
export const F_MIXED = 128;
export const F_HAS_LETTER = 256;
const FLAG_COUNT = 9;

/** Words longer than this are hashed from their first characters only (bounded work). */
const MAX_WORD_CHARS = 40;
/** Distinct words cached before the cache is reset (bounds memory on huge pages). */
const WORD_CACHE_LIMIT = 60_000;
// Stand-in hashes for "no word" before the sentence start and after its end (arbitrary odd constants).
const BOS = 0x5bd1e995;
const EOS = 0x27d4eb2f;

/** What is known about one distinct word. */
export interface WordInfo {
  readonly lower: string;
  readonly flags: number;
  readonly wordH: number;
  readonly lowerH: number;
  readonly shortShapeH: number;
  readonly suffix3H: number;
  /** Buckets of the word-level features. */
  readonly buckets: Int32Array;
  /** Summed weights of `buckets` per tag, for the weights `scoreOwner` (inference cache). */
  scores: Float64Array | undefined;
  scoreOwner: object | undefined;
}

/**
 * Shape of a word: upper → X, lower → x, digit → d, other characters kept; runs of
 * the same class longer than 4 are cut (`Stripe` → `Xxxxx`), or collapsed to one in
 * the short shape (`Xx`).
 *
 * @example
 *   wordShape('1996-08-22')       // 'dddd-dd-dd'
 *   wordShape('McDonald', true)   // 'XxXx'
 */
export function wordShape(word: string, short = false): string {
  const shapes = wordShapes(word);
  return short ? shapes.short : shapes.long;
}

/** Long and short shapes in one pass over the word (see `wordShape`). */
export function wordShapes(word: string): { long: string; short: string } {
  let long = '';
  let short = '';
  let prev = '';
  let run = 0;
  for (let i = 0; i < word.length && i < MAX_WORD_CHARS; i++) {
    const ch = word[i] ?? '';
    const k = charKind(word.charCodeAt(i), ch);
    const cls = k === UPPER ? 'X' : k === LOWER ? 'x' : k === DIGIT ? 'd' : ch;
    run = cls === prev ? run + 1 : 1;
    prev = cls;
    if (run <= 4) long += cls;
    if (run === 1) short += cls;
  }
  return { long, short };
}

const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
const OTHER = 4;

/** Character class with an ASCII fast path (the Unicode regexes are slow per character). */
function charKind(code: number, ch: string): number {
  if (code < 128) {
    if (code >= 65 && code <= 90) return UPPER;
    if (code >= 97 && code <= 122) return LOWER;
    if (code >= 48 && code <= 57) return DIGIT;
    return OTHER;
  }
  return /\p{Lu}/u.test(ch) ? UPPER : /\p{Ll}/u.test(ch) ? LOWER : /\p{N}/u.test(ch) ? DIGIT : OTHER;
}

export function wordFlags(word: string): number {
  let upper = 0;
  let lowerCount = 0;
  let digits = 0;
  let other = 0;
  for (let i = 0; i < word.length && i < MAX_WORD_CHARS; i++) {
    const k = charKind(word.charCodeAt(i), word[i] ?? '');
    if (k === UPPER) upper++;
    else if (k === LOWER) lowerCount++;
    else if (k === DIGIT) digits++;
    else other++;
  }
  const letters = upper + lowerCount;
  let f = 0;
  if (upper > 0 && charKind(word.charCodeAt(0), word[0] ?? '') === UPPER) f |= F_INIT_CAP;
  if (upper > 0 && lowerCount === 0) f |= F_ALL_CAPS;
  if (digits > 0) f |= F_HAS_DIGIT;
  if (digits > 0 && letters === 0 && other === 0) f |= F_ALL_DIGITS;
  if (word.includes('-')) f |= F_HAS_HYPHEN;
  if (word.includes('.')) f |= F_HAS_PERIOD;
  if (letters === 0 && digits === 0) f |= F_PUNCT;
  if (lowerCount > 0 && upper > ((f & F_INIT_CAP) !== 0 ? 1 : 0)) f |= F_MIXED;
  if (letters > 0) f |= F_HAS_LETTER;
  return f;
}

/** True when a word looks like a name part (capitalized, all caps, mixed case). */
export function isCapitalized(flags: number): boolean {
  return (flags & (F_INIT_CAP | F_ALL_CAPS | F_MIXED)) !== 0;
}

/** Per-document statistics used by the document-level features. */
export interface DocumentStats {
  /** Lower-cased forms seen written in lower case. */
  readonly lowerSeen: ReadonlySet<string>;
  /** Lower-cased forms seen capitalized, not sentence-initially, outside headlines. */
  readonly capSeen: ReadonlySet<string>;
}

/**
 * Earlier predictions in the document: per word, how often each type (and O) was
 * predicted; and the names predicted, as a phrase gazetteer filled as we go.
 */
export interface PredictionHistory {
  /** lower-cased word → counts, index `TYPE_COUNT` is O. */
  readonly words: Map<string, Int32Array>;
}

/** A growable Int32 list: feature buckets are appended here without boxing or GC churn. */
export class IntBuffer {
  data = new Int32Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  /** A copy of `[from, length)`. */
  copy(from = 0): Int32Array {
    return this.data.slice(from, this.length);
  }
  clear(): void {
    this.length = 0;
  }
}

/** Distinct words kept in a history (bounded memory on long pages). */
export const MAX_HISTORY_WORDS = 20_000;

export class FeatureExtractor {
  readonly bits: number;
  private cache = new Map<string, WordInfo>();
  // Room for every word-level feature: 5 + 8 affixes + FLAG_COUNT flags + 1 length.
  private readonly scratch = new Int32Array(32);

  /** @param bits log2 of the number of buckets in the weight table. */
  constructor(bits: number) {
    this.bits = bits;
  }

  private b(h: number): number {
    return bucketOf(h, this.bits);
  }

  /** Word-level features of one word, cached. */
  word(word: string): WordInfo {
    const hit = this.cache.get(word);
    if (hit !== undefined) return hit;
    if (this.cache.size >= WORD_CACHE_LIMIT) this.cache = new Map();
    const w = word.length > MAX_WORD_CHARS ? word.slice(0, MAX_WORD_CHARS) : word;
    const lower = w.toLowerCase();
    const flags = wordFlags(w);
    const shapes = this.shapeHashes(w);
    const wordH = hashString(w, T.Word);
    const lowerH = hashString(lower, T.Lower);
    const shortShapeH = shapes.short;
    const feats = this.scratch;
    let k = 0;
    feats[k++] = this.b(T.Bias);
    feats[k++] = this.b(wordH);
    feats[k++] = this.b(lowerH);
    feats[k++] = this.b(shapes.long);
    feats[k++] = this.b(shortShapeH);
    // Prefixes and suffixes 1-4, hashed incrementally (FNV-1a forwards and backwards).
    const n = lower.length;
    let pre = (2166136261 ^ T.Prefix) | 0;
    let suf = (2166136261 ^ T.Suffix) | 0;
    let suffix3H = 0;
    for (let j = 1; j <= 4 && j <= n; j++) {
      pre = Math.imul(pre ^ lower.charCodeAt(j - 1), 16777619);
      suf = Math.imul(suf ^ lower.charCodeAt(n - j), 16777619);
      feats[k++] = this.b(mix(pre, j));
      if (j < n || j === 1) feats[k++] = this.b(mix(suf, j));
      if (j === 3 || (j === n && j < 3)) suffix3H = mix(suf, T.Prev1Suffix);
    }
    for (let f = 0; f < FLAG_COUNT; f++) if ((flags & (1 << f)) !== 0) feats[k++] = this.b(mix(T.Flag, f));
    // Length bucket (1, 2, 3-4, 5-8, 9+): short all-caps tokens are often acronyms.
    feats[k++] = this.b(mix(T.Flag, 100 + (n <= 2 ? n : n <= 4 ? 3 : n <= 8 ? 4 : 5)));
    const info: WordInfo = {
      lower,
      flags,
      wordH,
      lowerH,
      shortShapeH,
      suffix3H,
      buckets: feats.slice(0, k),
      scores: undefined,
      scoreOwner: undefined,
    };
    this.cache.set(word, info);
    return info;
  }

  /**
   * FNV-1a hashes of the long and short shapes, computed without building the shape
   * strings: equal to `hashString(wordShape(w), Shape)` and `hashString(wordShape(w, true), ShortShape)`.
   */
  shapeHashes(word: string): { long: number; short: number } {
    let long = (2166136261 ^ T.Shape) | 0;
    let short = (2166136261 ^ T.ShortShape) | 0;
    let prev = -1;
    let run = 0;
    for (let i = 0; i < word.length && i < MAX_WORD_CHARS; i++) {
      const code = word.charCodeAt(i);
      const k = charKind(code, word[i] ?? '');
      // Same classes as wordShape: X, x, d, or the character itself (its code unit).
      const cls = k === UPPER ? 88 : k === LOWER ? 120 : k === DIGIT ? 100 : code;
      run = cls === prev ? run + 1 : 1;
      prev = cls;
      if (run <= 4) long = Math.imul(long ^ cls, 16777619);
      if (run === 1) short = Math.imul(short ^ cls, 16777619);
    }
    return { long, short };
  }

  /**
   * Static features of a sentence (everything but the prediction history), appended
   * to `out`; `offsets[i]..offsets[i+1]` are token i's features.
   */
  sentence(
    words: readonly WordInfo[],
    gaz: Uint32Array,
    headline: boolean,
    stats: DocumentStats,
    out: IntBuffer,
    offsets: IntBuffer,
  ): void {
    const n = words.length;
    for (let i = 0; i < n; i++) {
      offsets.push(out.length);
      const w = words[i];
      if (w === undefined) continue;
      const wb = w.buckets;
      for (let k = 0; k < wb.length; k++) out.push(wb[k] ?? 0);
      const p1 = words[i - 1];
      const p2 = words[i - 2];
      const n1 = words[i + 1];
      const n2 = words[i + 2];
      const p1L = p1?.lowerH ?? BOS;
      const n1L = n1?.lowerH ?? EOS;
      const p1S = p1?.shortShapeH ?? BOS;
      const n1S = n1?.shortShapeH ?? EOS;
      out.push(this.b(mix(T.Prev1, p1L)));
      out.push(this.b(mix(T.Next1, n1L)));
      out.push(this.b(mix(T.Prev2, p2?.lowerH ?? BOS)));
      out.push(this.b(mix(T.Next2, n2?.lowerH ?? EOS)));
      out.push(this.b(mix(T.PrevShape, p1S)));
      out.push(this.b(mix(T.NextShape, n1S)));
      out.push(this.b(mix(mix(mix(T.ShapeTri, p1S), w.shortShapeH), n1S)));
      out.push(this.b(mix(mix(T.BigramPrev, p1L), w.lowerH)));
      out.push(this.b(mix(mix(T.BigramNext, w.lowerH), n1L)));
      out.push(this.b(mix(mix(T.PrevWordShape, p1?.wordH ?? BOS), w.shortShapeH)));
      out.push(this.b(mix(mix(T.NextWordShape, n1?.wordH ?? EOS), w.shortShapeH)));
      out.push(this.b(mix(mix(T.Prev1Suffix, p1?.suffix3H ?? BOS), w.shortShapeH)));
      if (i === 0) {
        out.push(this.b(mix(T.FirstShape, w.shortShapeH)));
        out.push(this.b(mix(T.FirstShape, w.lowerH)));
      }
      if (headline) out.push(this.b(mix(T.HeadlineShape, w.shortShapeH)));
      const g = gaz[i] ?? 0;
      const cap = isCapitalized(w.flags) ? 1 : 0;
      for (let bit = 0; bit < 2 * TYPE_COUNT; bit++) {
        if ((g & (1 << bit)) === 0) continue;
        out.push(this.b(mix(T.Gaz, bit)));
        out.push(this.b(mix(mix(T.GazCap, bit), cap)));
      }
      const gp = i > 0 ? (gaz[i - 1] ?? 0) : 0;
      const gn = i + 1 < n ? (gaz[i + 1] ?? 0) : 0;
      for (let t = 0; t < TYPE_COUNT; t++) {
        const mask = 3 << (2 * t);
        if ((gp & mask) !== 0) out.push(this.b(mix(T.GazPrev, t)));
        if ((gn & mask) !== 0) out.push(this.b(mix(T.GazNext, t)));
      }
      if (cap === 1) {
        const key = w.lower;
        const pos = i === 0 ? 1 : headline ? 2 : 0;
        if (stats.lowerSeen.has(key)) out.push(this.b(mix(mix(T.DocLowerSeen, pos), w.flags & 3)));
        if (stats.capSeen.has(key)) out.push(this.b(mix(mix(T.DocCapSeen, pos), w.flags & 3)));
      }
    }
    offsets.push(out.length);
  }

  /**
   * Dynamic features of token `i` from the prediction history and the earlier
   * predicted names (`spans`: mask per token as for gazetteers), appended to `out`.
   */
  dynamic(word: WordInfo, spanMask: number, history: PredictionHistory, out: IntBuffer): void {
    if (isCapitalized(word.flags)) {
      const counts = history.words.get(word.lower);
      if (counts !== undefined) {
        let best = -1;
        let bestCount = 0;
        for (let t = 0; t <= TYPE_COUNT; t++) {
          const c = counts[t] ?? 0;
          if (c === 0) continue;
          if (t < TYPE_COUNT) out.push(this.b(mix(T.Hist, t)));
          if (c > bestCount) {
            best = t;
            bestCount = c;
          }
        }
        if (best >= 0) out.push(this.b(mix(T.HistMajority, best)));
      }
    }
    for (let bit = 0; bit < 2 * TYPE_COUNT; bit++) {
      if ((spanMask & (1 << bit)) !== 0) out.push(this.b(mix(T.DocSpan, bit)));
    }
  }
}

/**
 * Document statistics from its sentences (`words` per sentence, headline flags).
 */
export function documentStats(sentences: readonly (readonly WordInfo[])[], headlines: readonly boolean[]): DocumentStats {
  const lowerSeen = new Set<string>();
  const capSeen = new Set<string>();
  sentences.forEach((words, s) => {
    const headline = headlines[s] ?? false;
    words.forEach((w, i) => {
      if ((w.flags & F_HAS_LETTER) === 0) return;
      if (!isCapitalized(w.flags)) lowerSeen.add(w.lower);
      else if (i > 0 && !headline && (w.flags & F_ALL_CAPS) === 0) capSeen.add(w.lower);
    });
  });
  return { lowerSeen, capSeen };
}

/** A sentence is a headline when most of its words are written in capitals. */
export function isHeadline(words: readonly WordInfo[]): boolean {
  let letters = 0;
  let caps = 0;
  for (const w of words) {
    if ((w.flags & F_HAS_LETTER) === 0) continue;
    letters++;
    if ((w.flags & F_ALL_CAPS) !== 0) caps++;
  }
  // Why 3 and 0.6: "EU" alone is not a headline; CoNLL headlines are fully capitalized.
  return letters >= 3 && caps / letters > 0.6;
}
