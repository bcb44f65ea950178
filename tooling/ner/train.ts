/**
 * Training: an averaged structured perceptron (Collins 2002) over the features of
 * `features.ts`, decoded with the same Viterbi and prediction history as inference.
 * Gazetteers are built from the training spans with K-fold jackknifing, so a
 * document's gazetteer features only come from names seen in other folds.
 * Deterministic: documents are shuffled by a seeded PRNG, everything else is ordered.
 */
import { InvalidArgumentsError } from '../../src/core/errors';
import type { LabeledDocument } from './conll';
import {
  allowed,
  labelDocument,
  prepareDocument,
  spansOf,
  tagsOf,
  type PreparedDocument,
  type SentenceResult,
} from '../../src/extract/ner/decode';
import { FeatureExtractor } from '../../src/extract/ner/features';
import { ALL_FOLDS, PhraseGazetteer } from '../../src/extract/ner/gazetteer';
import { TAG_COUNT, TAG_O } from '../../src/extract/ner/labels';
import { NerModel } from '../../src/extract/ner/model';
import { mulberry32 } from '../../src/core/random';

export interface TrainOptions {
  /** log2 of the feature table size (buckets); each bucket holds TAG_COUNT weights. */
  readonly bits: number;
  readonly epochs: number;
  readonly seed: number;
  /** Jackknife folds for the training gazetteer. */
  readonly folds: number;
  /** Extra names (hand-written lists): tokens and type id, known in every fold. */
  readonly lists?: ReadonlyArray<readonly [readonly string[], number]>;
  /** Called after each epoch with the averaged model so far (for model selection). */
  readonly onEpoch?: (epoch: number, model: NerModel, mistakes: number) => boolean | void;
}

/** A training document and how many times it is shown per epoch (oversampling). */
export interface TrainingDocument {
  readonly doc: LabeledDocument;
  readonly repeat?: number;
  /**
   * Partial labels (weak supervision): per sentence, per token, a bit mask of the tags the
   * token may take (bit y = tag y); 0 = the tag `doc`'s spans give it. Where a mask leaves
   * a choice, the gold path is the model's best path within the masks (Viterbi under the
   * constraints), so only the labelled tokens teach anything. Absent: fully labelled.
   */
  readonly allowed?: readonly Uint16Array[];
  /** Whether the document's names enter the training gazetteer, and so the shipped one (default true). */
  readonly gazetteer?: boolean;
}

/** Seeded PRNG (mulberry32): same seed, same shuffle, same weights. */
export { mulberry32 };

/** A name is a gazetteer candidate when it is written like one (has a capital or digit). */
function nameLike(tokens: readonly string[]): boolean {
  return tokens.some((t) => /[\p{Lu}\p{N}]/u.test(t));
}

/** Builds the jackknifed gazetteer: names of document d are in fold d mod K. */
export function buildGazetteer(docs: readonly TrainingDocument[], folds: number, lists: TrainOptions['lists'] = []): PhraseGazetteer {
  const gaz = new PhraseGazetteer();
  docs.forEach(({ doc, gazetteer }, d) => {
    if (gazetteer === false) return;
    const bit = 1 << (d % folds);
    for (const s of doc.sentences) {
      for (const span of s.spans) {
        const tokens = s.tokens.slice(span.start, span.end);
        if (nameLike(tokens)) gaz.add(tokens, span.type, bit);
      }
    }
  });
  for (const [tokens, type] of lists) gaz.add(tokens, type, ALL_FOLDS);
  return gaz;
}

/**
 * Trains a float model; quantize it with `quantize` before shipping.
 *
 * @example
 *   const model = train(docs, { bits: 18, epochs: 5, seed: 1, folds: 5 });
 */
export function train(docs: readonly TrainingDocument[], options: TrainOptions): NerModel {
  if (options.bits < 10 || options.bits > 24) throw new InvalidArgumentsError('bits must be between 10 and 24');
  if (options.folds < 2 || options.folds > 30) throw new InvalidArgumentsError('folds must be between 2 and 30');
  const extractor = new FeatureExtractor(options.bits);
  const gazetteer = buildGazetteer(docs, options.folds, options.lists);
  const prepared: PreparedDocument[] = docs.map(({ doc }, d) =>
    prepareDocument(
      extractor,
      gazetteer,
      doc.sentences.map((s) => s.tokens),
      d % options.folds,
      undefined,
      true,
    ),
  );
  const gold: Uint8Array[][] = docs.map(({ doc }) => doc.sentences.map((s) => tagsOf(s.tokens.length, s.spans)));
  const size = (1 << options.bits) * TAG_COUNT;
  const w = new Float64Array(size);
  const u = new Float64Array(size);
  const tw = new Float64Array((TAG_COUNT + 1) * TAG_COUNT);
  const tu = new Float64Array((TAG_COUNT + 1) * TAG_COUNT);
  const live = { weights: w, transitions: tw };
  let c = 1;
  const order: number[] = [];
  docs.forEach((d, i) => {
    for (let r = 0; r < Math.max(1, d.repeat ?? 1); r++) order.push(i);
  });
  const random = mulberry32(options.seed);
  let model = new NerModel(options.bits, w, tw, 1, gazetteer);

  const update = (feats: ArrayLike<number>, from: number, to: number, tag: number, delta: number): void => {
    for (let f = from; f < to; f++) {
      const k = (feats[f] ?? 0) * TAG_COUNT + tag;
      w[k] = (w[k] ?? 0) + delta;
      u[k] = (u[k] ?? 0) + c * delta;
    }
  };
  const updateTransition = (prev: number, tag: number, delta: number): void => {
    const k = (prev + 1) * TAG_COUNT + tag;
    tw[k] = (tw[k] ?? 0) + delta;
    tu[k] = (tu[k] ?? 0) + c * delta;
  };

  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    // Fisher–Yates with the seeded PRNG.
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      const tmp = order[i] ?? 0;
      order[i] = order[j] ?? 0;
      order[j] = tmp;
    }
    let mistakes = 0;
    for (const d of order) {
      const doc = prepared[d];
      const goldDoc = gold[d];
      const masks = docs[d]?.allowed;
      if (doc === undefined || goldDoc === undefined) continue;
      labelDocument(live, extractor, doc, (s: number, result: SentenceResult) => {
        const sent = doc.sentences[s];
        const mask = masks?.[s];
        const g = mask === undefined || goldDoc[s] === undefined ? goldDoc[s] : constrainedGold(result.emissions, tw, goldDoc[s], mask);
        const feats = sent?.feats;
        const offsets = sent?.offsets;
        if (feats === undefined || offsets === undefined || g === undefined) return;
        let prevG = -1;
        let prevP = -1;
        for (let i = 0; i < g.length; i++) {
          const gi = g[i] ?? TAG_O;
          const pi = result.tags[i] ?? TAG_O;
          if (gi !== pi) {
            mistakes++;
            const from = offsets[i] ?? 0;
            const to = offsets[i + 1] ?? 0;
            update(feats, from, to, gi, 1);
            update(feats, from, to, pi, -1);
            update(result.dyn, result.dynOffsets[i] ?? 0, result.dynOffsets[i + 1] ?? 0, gi, 1);
            update(result.dyn, result.dynOffsets[i] ?? 0, result.dynOffsets[i + 1] ?? 0, pi, -1);
          }
          if (gi !== pi || prevG !== prevP) {
            updateTransition(prevG, gi, 1);
            updateTransition(prevP, pi, -1);
          }
          prevG = gi;
          prevP = pi;
        }
        c++;
      });
    }
    model = averaged(options.bits, w, u, tw, tu, c, gazetteer);
    if (options.onEpoch?.(epoch, model, mistakes) === true) break;
  }
  return model;
}

/**
 * The best tag path under the current scores among those the masks allow (`mask[i]` = 0:
 * only `fixed[i]`), with IOB2's constraints: the gold of a partially labelled sentence.
 *
 * @example
 *   constrainedGold(emissions, transitions, tagsOf(3, spans), Uint16Array.of(0, 0x1fff, 0))
 */
export function constrainedGold(emissions: Float64Array, transitions: Float64Array, fixed: Uint8Array, mask: Uint16Array): Uint8Array {
  const n = fixed.length;
  const L = TAG_COUNT;
  const may = (i: number, y: number): boolean => {
    const m = mask[i] ?? 0;
    return m === 0 ? fixed[i] === y : (m & (1 << y)) !== 0;
  };
  const delta = new Float64Array(n * L).fill(-Infinity);
  const back = new Uint8Array(n * L);
  for (let y = 0; y < L; y++) if (may(0, y) && allowed(-1, y)) delta[y] = (emissions[y] ?? 0) + (transitions[y] ?? 0);
  for (let i = 1; i < n; i++) {
    for (let y = 0; y < L; y++) {
      if (!may(i, y)) continue;
      let best = -Infinity;
      for (let p = 0; p < L; p++) {
        if (!allowed(p, y)) continue;
        const v = (delta[(i - 1) * L + p] ?? -Infinity) + (transitions[(p + 1) * L + y] ?? 0);
        if (v > best) {
          best = v;
          back[i * L + y] = p;
        }
      }
      delta[i * L + y] = best + (emissions[i * L + y] ?? 0);
    }
  }
  const out = new Uint8Array(n);
  if (n === 0) return out;
  let y = 0;
  for (let k = 1; k < L; k++) if ((delta[(n - 1) * L + k] ?? -Infinity) > (delta[(n - 1) * L + y] ?? -Infinity)) y = k;
  // No path fits the masks (labels that break IOB2): fall back to the fixed tags.
  if (delta[(n - 1) * L + y] === -Infinity) return fixed;
  for (let i = n - 1; i >= 0; i--) {
    out[i] = y;
    y = back[i * L + y] ?? 0;
  }
  return out;
}

function averaged(
  bits: number,
  w: Float64Array,
  u: Float64Array,
  tw: Float64Array,
  tu: Float64Array,
  c: number,
  gazetteer: PhraseGazetteer,
): NerModel {
  const avg = new Float64Array(w.length);
  for (let i = 0; i < w.length; i++) avg[i] = (w[i] ?? 0) - (u[i] ?? 0) / c;
  const tavg = new Float64Array(tw.length);
  for (let i = 0; i < tw.length; i++) tavg[i] = (tw[i] ?? 0) - (tu[i] ?? 0) / c;
  return new NerModel(bits, avg, tavg, 1, gazetteer);
}

/** Predicted spans (token ranges, type ids) of each sentence of a document. */
export function predictDocument(model: NerModel, extractor: FeatureExtractor, doc: LabeledDocument): ReturnType<typeof spansOf>[] {
  const prepared = prepareDocument(
    extractor,
    model.gazetteer,
    doc.sentences.map((s) => s.tokens),
  );
  return labelDocument(model, extractor, prepared).map((tags) => spansOf(tags));
}
