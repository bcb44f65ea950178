/**
 * The keep stage's learned model: a logistic regression over `keepFeatures` that says
 * whether a name found in the text is a real named entity of the article (not a generic
 * word in capitals, a fragment or a title glued to a name). Its weights are fitted on the
 * dev page gold by `npm run train:keep` (tooling/train-keep.ts) and shipped as a small
 * generated table (`keep-weights.generated.ts`, under 2 kB); the threshold is chosen there
 * on dev pages held out in turn (cross-validation), never on the check pages.
 */
import { KEEP_WEIGHTS } from './keep-weights.generated';
import { KEEP_FEATURES, keepFeatures, type CandidateView } from './features';

export interface KeepModel {
  readonly features: readonly string[];
  readonly weights: readonly number[];
  /** Keep a candidate whose probability is at least this. */
  readonly threshold: number;
}

export const KEEP_MODEL: KeepModel = KEEP_WEIGHTS;

/** The model's probability that the candidate is a real name of the article. */
export function keepProbability(features: readonly number[], model: KeepModel = KEEP_MODEL): number {
  let z = 0;
  for (let i = 0; i < features.length; i++) z += (model.weights[i] ?? 0) * (features[i] ?? 0);
  return 1 / (1 + Math.exp(-z));
}

/**
 * True when the keep model keeps the candidate.
 *
 * @example
 *   shouldKeep({ name: 'Stripe', type: 'company', scores: [0.9, 0.8], … }) // true
 */
export function shouldKeep(candidate: CandidateView, model: KeepModel = KEEP_MODEL): boolean {
  return keepProbability(keepFeatures(candidate), model) >= model.threshold;
}

/** True when a weight table was fitted for this feature list (a stale table is a build error, `keep-model.test.ts`). */
export function modelMatchesFeatures(model: KeepModel = KEEP_MODEL): boolean {
  return model.features.length === KEEP_FEATURES.length && model.features.every((f, i) => f === KEEP_FEATURES[i]);
}
