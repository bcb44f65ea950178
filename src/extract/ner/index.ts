/**
 * Entry point of the trained recognizer (NER issue): decodes the shipped model once
 * per context (service worker, Node) and hands out one shared recognizer.
 */
import type { EntityRecognizer } from '../mentions/recognizer';
import { decodeModel, fromBase64, type NerModel } from './model';
import { NER_MODEL_BASE64 } from './model/weights';
import { TrainedRecognizer } from './recognizer';

let cached: TrainedRecognizer | undefined;
let loadMs = 0;

/** Decodes the shipped weights (base64 → binary → model). */
export function loadShippedModel(): NerModel {
  return decodeModel(fromBase64(NER_MODEL_BASE64));
}

/**
 * The trained recognizer, loaded on first call and cached for the life of the
 * context; `undefined` if no model is shipped.
 *
 * @example
 *   const ner = createTrainedRecognizer();
 *   ner?.recognize('Patrick Collison founded Stripe in San Francisco.');
 */
export function createTrainedRecognizer(): EntityRecognizer | undefined {
  if (cached !== undefined) return cached;
  if (NER_MODEL_BASE64.length === 0) return undefined;
  const t0 = performance.now();
  cached = new TrainedRecognizer(loadShippedModel());
  loadMs = performance.now() - t0;
  return cached;
}

/** Milliseconds the first `createTrainedRecognizer` call spent loading the model (0 before). */
export function modelLoadMs(): number {
  return loadMs;
}

export { TrainedRecognizer } from './recognizer';
