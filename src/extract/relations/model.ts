/**
 * The relation classifier: multinomial logistic regression over hashed pair features
 * (`features.ts`), weights quantized to int8 and stored sparsely (zero runs as varints)
 * in the generated `model/weights.ts`. Scoring a pair is one pass over its ~30 buckets.
 */
import { fromBase64, toBase64 } from '../ner/model';
import { RELATION_CLASSES } from './labels';

export interface RelationModel {
  /** Buckets are `2^bits`. */
  readonly bits: number;
  /** A stored int8 times `scale` is the float weight. */
  readonly scale: number;
  /** `weights[bucket * classes + class]`. */
  readonly weights: Float32Array;
  readonly classes: number;
}

/** The shape of the generated weights file. */
export interface EncodedRelationModel {
  readonly bits: number;
  readonly scale: number;
  readonly classes: readonly string[];
  readonly data: string;
}

/** Raised when a weights file does not fit the classifier it is loaded into. */
export class RelationModelError extends Error {
  readonly code = 'relation_model_invalid';
}

/**
 * Int8 quantization with a shared scale; weights under `prune` steps are dropped (the
 * trainer reports the figures of the pruned weights, and picks the pruning by them).
 *
 * @example
 *   encodeRelationModel(new Float32Array([0, 0.5, 0, -1]), 1, 4).data // base64 of sparse int8
 */
export function encodeRelationModel(weights: Float32Array, bits: number, classes: number, prune = 1): EncodedRelationModel {
  let max = 0;
  for (const w of weights) max = Math.max(max, Math.abs(w));
  const scale = max === 0 ? 1 : max / 127;
  const bytes: number[] = [];
  let gap = 0;
  for (const w of weights) {
    const q = Math.round(w / scale);
    if (Math.abs(q) < prune) {
      gap += 1;
      continue;
    }
    for (let g = gap; ; g >>>= 7) {
      if (g < 0x80) {
        bytes.push(g);
        break;
      }
      bytes.push((g & 0x7f) | 0x80);
    }
    bytes.push(q & 0xff);
    gap = 0;
  }
  if (classes !== RELATION_CLASSES.length) throw new RelationModelError(`expected ${RELATION_CLASSES.length} classes, got ${classes}`);
  return { bits, scale, classes: [...RELATION_CLASSES], data: toBase64(Uint8Array.from(bytes)) };
}

/** Decodes a weights file; fails when its classes are not this build's classes. */
export function decodeRelationModel(encoded: EncodedRelationModel): RelationModel {
  if (encoded.classes.join('|') !== RELATION_CLASSES.join('|'))
    throw new RelationModelError('the relation weights were trained for other classes; run npm run train:relations');
  const classes = RELATION_CLASSES.length;
  const weights = new Float32Array((1 << encoded.bits) * classes);
  const bytes = fromBase64(encoded.data);
  let at = -1;
  for (let i = 0; i < bytes.length;) {
    let gap = 0;
    let shift = 0;
    for (;;) {
      const b = bytes[i++] ?? 0;
      gap |= (b & 0x7f) << shift;
      shift += 7;
      if ((b & 0x80) === 0 || i >= bytes.length) break;
    }
    at += gap + 1;
    const q = bytes[i++] ?? 0;
    if (at >= weights.length) throw new RelationModelError('the relation weights are longer than their table');
    weights[at] = (q > 127 ? q - 256 : q) * encoded.scale;
  }
  return { bits: encoded.bits, scale: encoded.scale, weights, classes };
}

/**
 * Class probabilities (softmax of the summed weights) of one feature list.
 *
 * @example
 *   probabilities(model, pairFeatures(…))[0] // P(no relation)
 */
export function probabilities(model: RelationModel, features: readonly number[]): Float64Array {
  const c = model.classes;
  const scores = new Float64Array(c);
  for (const f of features) {
    const base = f * c;
    for (let k = 0; k < c; k++) scores[k] = (scores[k] ?? 0) + (model.weights[base + k] ?? 0);
  }
  let max = Number.NEGATIVE_INFINITY;
  for (const s of scores) max = Math.max(max, s);
  let sum = 0;
  for (let k = 0; k < c; k++) {
    const e = Math.exp((scores[k] ?? 0) - max);
    scores[k] = e;
    sum += e;
  }
  for (let k = 0; k < c; k++) scores[k] = (scores[k] ?? 0) / sum;
  return scores;
}
