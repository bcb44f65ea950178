/**
 * Labelling a document with a linear model: emission scores from hashed features,
 * first-order Viterbi over IOB2 tags with hard constraints (`I-t` only after `B-t` or
 * `I-t`), and a left-to-right pass over sentences that feeds each sentence's
 * predictions to the next through the prediction history (document consistency).
 * The same code labels at run time and inside the trainer, so training sees exactly
 * the features inference computes.
 */
import {
  documentStats,
  IntBuffer,
  isHeadline,
  type FeatureExtractor,
  MAX_HISTORY_WORDS,
  type DocumentStats,
  type PredictionHistory,
  type WordInfo,
} from './features';
import { PhraseGazetteer } from './gazetteer';
import * as labels from './labels';

// Module-local copies: hot loops read plain constants and functions, not import bindings.
const { isInside, TAG_COUNT, TAG_O, tagB, tagType, TYPE_COUNT } = labels;

/** Weights of a linear model: `weights[bucket * TAG_COUNT + tag]`, transitions `[(prev+1) * TAG_COUNT + tag]` (row 0 = start). */
export interface LinearWeights {
  readonly weights: Float64Array | Int16Array | Int8Array;
  readonly transitions: Float64Array;
}

/**
 * A sentence ready for labelling. Its static features are stored when the document
 * is labelled many times (training); otherwise they are computed just before the
 * sentence is labelled, into reused buffers (inference: less memory, less GC).
 */
export interface PreparedSentence {
  readonly words: readonly WordInfo[];
  readonly gaz: Uint32Array;
  readonly headline: boolean;
  readonly feats?: Int32Array;
  readonly offsets?: Int32Array;
}

export interface PreparedDocument {
  readonly sentences: readonly PreparedSentence[];
  readonly stats: DocumentStats;
}

/** Marks extra gazetteer matches (e.g. names the graph knows) into `out`. */
export type ExtraMarker = (sentence: number, tokens: readonly string[], lower: readonly string[], out: Uint32Array) => void;

/**
 * Computes the static features of a document's sentences.
 * `fold` ≥ 0 hides gazetteer names learnt only from that training fold.
 */
export function prepareDocument(
  extractor: FeatureExtractor,
  gazetteer: PhraseGazetteer,
  sentences: readonly (readonly string[])[],
  fold = -1,
  extra?: ExtraMarker,
  storeFeatures = false,
): PreparedDocument {
  const words = sentences.map((s) => s.map((t) => extractor.word(t)));
  const headlines = words.map(isHeadline);
  const stats: DocumentStats = documentStats(words, headlines);
  const out: PreparedSentence[] = [];
  const feats = storeFeatures ? new IntBuffer() : SCRATCH.feats;
  const offsets = storeFeatures ? new IntBuffer() : SCRATCH.offsets;
  words.forEach((ws, s) => {
    const lower = ws.map((w) => w.lower);
    const gaz = new Uint32Array(ws.length);
    gazetteer.mark(lower, fold, gaz);
    const tokens = sentences[s] ?? [];
    if (extra !== undefined) extra(s, tokens, lower, gaz);
    const headline = headlines[s] ?? false;
    if (!storeFeatures) return void out.push({ words: ws, gaz, headline });
    feats.clear();
    offsets.clear();
    extractor.sentence(ws, gaz, headline, stats, feats, offsets);
    out.push({ words: ws, gaz, headline, feats: feats.copy(), offsets: offsets.copy() });
  });
  return { sentences: out, stats };
}

/** Adds the weights of `feats[from..to)` into `scores[base .. base + TAG_COUNT)`. */
function addFeatures(
  w: Float64Array | Int16Array | Int8Array,
  feats: ArrayLike<number>,
  from: number,
  to: number,
  scores: Float64Array,
  base: number,
): void {
  if (TAG_COUNT === 13) return addFeatures13(w, feats, from, to, scores, base);
  const L = TAG_COUNT;
  for (let f = from; f < to; f++) {
    const off = (feats[f] ?? 0) * L;
    for (let y = 0; y < L; y++) scores[base + y] = (scores[base + y] ?? 0) + (w[off + y] ?? 0);
  }
}

/**
 * `addFeatures` unrolled for the 13 tags of six types: sums stay in registers instead
 * of a load and a store per tag per feature (the hottest loop of recognition).
 */
function addFeatures13(
  w: Float64Array | Int16Array | Int8Array,
  feats: ArrayLike<number>,
  from: number,
  to: number,
  scores: Float64Array,
  base: number,
): void {
  let s0 = 0,
    s1 = 0,
    s2 = 0,
    s3 = 0,
    s4 = 0,
    s5 = 0,
    s6 = 0,
    s7 = 0,
    s8 = 0,
    s9 = 0,
    s10 = 0,
    s11 = 0,
    s12 = 0;
  for (let f = from; f < to; f++) {
    const o = (feats[f] ?? 0) * 13;
    s0 += w[o] ?? 0;
    s1 += w[o + 1] ?? 0;
    s2 += w[o + 2] ?? 0;
    s3 += w[o + 3] ?? 0;
    s4 += w[o + 4] ?? 0;
    s5 += w[o + 5] ?? 0;
    s6 += w[o + 6] ?? 0;
    s7 += w[o + 7] ?? 0;
    s8 += w[o + 8] ?? 0;
    s9 += w[o + 9] ?? 0;
    s10 += w[o + 10] ?? 0;
    s11 += w[o + 11] ?? 0;
    s12 += w[o + 12] ?? 0;
  }
  scores[base] = (scores[base] ?? 0) + s0;
  scores[base + 1] = (scores[base + 1] ?? 0) + s1;
  scores[base + 2] = (scores[base + 2] ?? 0) + s2;
  scores[base + 3] = (scores[base + 3] ?? 0) + s3;
  scores[base + 4] = (scores[base + 4] ?? 0) + s4;
  scores[base + 5] = (scores[base + 5] ?? 0) + s5;
  scores[base + 6] = (scores[base + 6] ?? 0) + s6;
  scores[base + 7] = (scores[base + 7] ?? 0) + s7;
  scores[base + 8] = (scores[base + 8] ?? 0) + s8;
  scores[base + 9] = (scores[base + 9] ?? 0) + s9;
  scores[base + 10] = (scores[base + 10] ?? 0) + s10;
  scores[base + 11] = (scores[base + 11] ?? 0) + s11;
  scores[base + 12] = (scores[base + 12] ?? 0) + s12;
}

/** May `tag` follow `prev` (-1 = sentence start) in IOB2? */
export function allowed(prev: number, tag: number): boolean {
  if (!isInside(tag)) return true;
  return prev !== -1 && prev !== TAG_O && tagType(prev) === tagType(tag);
}

const FORBIDDEN = -1e30;
// For each tag, the tags allowed before it: Viterbi only visits these (2 for I-t, all for B-t and O).
const PREVS: readonly Uint8Array[] = Array.from({ length: TAG_COUNT }, (_, y) =>
  Uint8Array.from(Array.from({ length: TAG_COUNT }, (_, p) => p).filter((p) => allowed(p, y))),
);

// Feature buffers shared by every labelling call (synchronous, so never used twice at once).
const SCRATCH = { dyn: new IntBuffer(), dynOffsets: new IntBuffer(), feats: new IntBuffer(), offsets: new IntBuffer() };

// Viterbi work arrays, reused across calls (grown on demand): no allocation per sentence.
const scratch = { delta: new Float64Array(64 * TAG_COUNT), back: new Uint8Array(64 * TAG_COUNT) };

/**
 * Best tag sequence under emission and transition scores (first-order Viterbi).
 *
 * @example
 *   viterbi(emissions, 3, transitions, tags) // fills tags[0..3)
 */
export function viterbi(emissions: Float64Array, n: number, transitions: Float64Array, out: Uint8Array): void {
  if (n === 0) return;
  const L = TAG_COUNT;
  if (scratch.delta.length < n * L) {
    scratch.delta = new Float64Array(n * L * 2);
    scratch.back = new Uint8Array(n * L * 2);
  }
  const delta = scratch.delta;
  const back = scratch.back;
  for (let y = 0; y < L; y++) delta[y] = allowed(-1, y) ? (emissions[y] ?? 0) + (transitions[y] ?? 0) : FORBIDDEN;
  for (let i = 1; i < n; i++) {
    for (let y = 0; y < L; y++) {
      let best = FORBIDDEN * 2;
      let arg = 0;
      const prevs = PREVS[y] ?? [];
      for (let k = 0; k < prevs.length; k++) {
        const p = prevs[k] ?? 0;
        const s = (delta[(i - 1) * L + p] ?? 0) + (transitions[(p + 1) * L + y] ?? 0);
        if (s > best) {
          best = s;
          arg = p;
        }
      }
      delta[i * L + y] = best + (emissions[i * L + y] ?? 0);
      back[i * L + y] = arg;
    }
  }
  let bestY = 0;
  let best = -Infinity;
  for (let y = 0; y < L; y++) {
    const s = delta[(n - 1) * L + y] ?? 0;
    if (s > best) {
      best = s;
      bestY = y;
    }
  }
  for (let i = n - 1; i >= 0; i--) {
    out[i] = bestY;
    bestY = back[i * L + bestY] ?? 0;
  }
}

/** Per-token result of labelling a sentence. */
export interface SentenceResult {
  readonly tags: Uint8Array;
  /** Emission scores (n × TAG_COUNT), for confidence; only valid during the callback (reused). */
  readonly emissions: Float64Array;
  /** Dynamic features per token (`dynOffsets[i]..dynOffsets[i+1]`), for training updates. */
  readonly dyn: Int32Array;
  readonly dynOffsets: Int32Array;
}

/**
 * Labels a prepared document sentence by sentence, in order, updating the
 * prediction history after each. `onSentence` sees each result before the history
 * takes it in (the trainer updates weights there).
 */
export function labelDocument(
  model: LinearWeights,
  extractor: FeatureExtractor,
  doc: PreparedDocument,
  onSentence?: (index: number, result: SentenceResult) => void,
  wordScores?: WordScoreCache,
): Uint8Array[] {
  const history: PredictionHistory = { words: new Map() };
  const spans = new PhraseGazetteer(MAX_HISTORY_WORDS);
  const results: Uint8Array[] = [];
  // Reused across sentences and calls (labelling is synchronous and not re-entrant):
  // the callback reads them before the next sentence starts.
  const { dyn, dynOffsets, feats: featBuf, offsets: offsetBuf } = SCRATCH;
  let emissions = new Float64Array(64 * TAG_COUNT);
  doc.sentences.forEach((prepared, s) => {
    const sent = sentenceFeatures(extractor, doc.stats, prepared, featBuf, offsetBuf);
    const n = sent.words.length;
    const spanMask = new Uint32Array(n);
    if (spans.size > 0)
      spans.mark(
        sent.words.map((w) => w.lower),
        -1,
        spanMask,
      );
    if (emissions.length < n * TAG_COUNT) emissions = new Float64Array(n * TAG_COUNT * 2);
    else emissions.fill(0, 0, n * TAG_COUNT);
    dyn.clear();
    dynOffsets.clear();
    for (let i = 0; i < n; i++) {
      const w = sent.words[i];
      let from = sent.offsets[i] ?? 0;
      if (wordScores !== undefined && w !== undefined) {
        // The word-level features come first: add their cached sum instead.
        const cached = wordScores.get(model, w);
        for (let y = 0; y < TAG_COUNT; y++) emissions[i * TAG_COUNT + y] = cached[y] ?? 0;
        from += w.buckets.length;
      }
      addFeatures(model.weights, sent.feats, from, sent.offsets[i + 1] ?? 0, emissions, i * TAG_COUNT);
      dynOffsets.push(dyn.length);
      if (w !== undefined) extractor.dynamic(w, spanMask[i] ?? 0, history, dyn);
      addFeatures(model.weights, dyn.data, dynOffsets.data[i] ?? 0, dyn.length, emissions, i * TAG_COUNT);
    }
    dynOffsets.push(dyn.length);
    const tags = new Uint8Array(n);
    viterbi(emissions, n, model.transitions, tags);
    onSentence?.(s, { tags, emissions, dyn: dyn.data, dynOffsets: dynOffsets.data });
    remember(history, spans, sent.words, tags);
    results.push(tags);
  });
  return results;
}

/**
 * Per distinct word, the summed weights of its word-level features: most of a token's
 * features depend on the word alone, so inference scores them once per word (stored
 * on the extractor's cached `WordInfo`, tagged with the weights they came from). Only
 * valid while the weights do not change, so the trainer does not use it.
 */
export class WordScoreCache {
  get(model: LinearWeights, w: WordInfo): Float64Array {
    if (w.scoreOwner === model && w.scores !== undefined) return w.scores;
    const out = new Float64Array(TAG_COUNT);
    addFeatures(model.weights, w.buckets, 0, w.buckets.length, out, 0);
    w.scores = out;
    w.scoreOwner = model;
    return out;
  }
}

/** The sentence's stored features, or freshly computed ones in the given buffers. */
function sentenceFeatures(
  extractor: FeatureExtractor,
  stats: DocumentStats,
  sent: PreparedSentence,
  feats: IntBuffer,
  offsets: IntBuffer,
): { words: readonly WordInfo[]; feats: Int32Array; offsets: Int32Array } {
  if (sent.feats !== undefined && sent.offsets !== undefined) return { words: sent.words, feats: sent.feats, offsets: sent.offsets };
  feats.clear();
  offsets.clear();
  extractor.sentence(sent.words, sent.gaz, sent.headline, stats, feats, offsets);
  return { words: sent.words, feats: feats.data, offsets: offsets.data };
}

function remember(history: PredictionHistory, spans: PhraseGazetteer, words: readonly WordInfo[], tags: Uint8Array): void {
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === undefined) continue;
    const tag = tags[i] ?? TAG_O;
    let counts = history.words.get(w.lower);
    if (counts === undefined) {
      // Only words once predicted inside a name start a history (bounded, and O-only
      // words carry no signal for this feature).
      if (tag === TAG_O || history.words.size >= MAX_HISTORY_WORDS) continue;
      counts = new Int32Array(TYPE_COUNT + 1);
      history.words.set(w.lower, counts);
    }
    const t = tagType(tag);
    counts[t < 0 ? TYPE_COUNT : t] = (counts[t < 0 ? TYPE_COUNT : t] ?? 0) + 1;
  }
  for (const span of spansOf(tags)) {
    spans.add(
      words.slice(span.start, span.end).map((w) => w.lower),
      span.type,
    );
  }
}

export interface TagSpan {
  readonly start: number;
  readonly end: number;
  readonly type: number;
}

/**
 * Entity spans (token ranges) of an IOB2 tag sequence; a stray `I-t` starts a span.
 *
 * @example
 *   spansOf([tagB(1), tagI(1), TAG_O]) // [{ start: 0, end: 2, type: 1 }]
 */
export function spansOf(tags: ArrayLike<number>): TagSpan[] {
  const out: TagSpan[] = [];
  let start = -1;
  let type = -1;
  for (let i = 0; i <= tags.length; i++) {
    const tag = i < tags.length ? (tags[i] ?? TAG_O) : TAG_O;
    const t = tagType(tag);
    const continues = isInside(tag) && t === type && start >= 0;
    if (continues) continue;
    if (start >= 0) out.push({ start, end: i, type });
    start = t >= 0 ? i : -1;
    type = t;
  }
  return out;
}

/** IOB2 tags from spans (for gold data). */
export function tagsOf(n: number, spans: readonly TagSpan[]): Uint8Array {
  const tags = new Uint8Array(n);
  for (const s of spans) {
    for (let i = s.start; i < s.end; i++) tags[i] = i === s.start ? tagB(s.type) : tagB(s.type) + 1;
  }
  return tags;
}
