/**
 * Entry point of the trained recognizer (NER issue). Until a model is trained and
 * shipped, this reports that it is not available; callers fall back to the rules.
 */
import type { EntityRecognizer } from '../recognizer';

export function createTrainedRecognizer(): EntityRecognizer | undefined {
  return undefined;
}
