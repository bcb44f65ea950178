/**
 * The loop shared by the NER evaluations: run a recognizer over text documents, score
 * its mentions against the gold spans, and time the recognizer alone.
 */
import type { SpanScorer, TextDocument, TypedSpan } from '../tooling/ner/conll';
import type { EntityRecognizer } from '../src/extract/mentions/recognizer';

export interface RunTotals {
  /** UTF-8 bytes of text recognized. */
  readonly bytes: number;
  /** Milliseconds spent in `recognize` only. */
  readonly ms: number;
}

/**
 * @example
 *   const { bytes, ms } = runRecognizer(docs, recognizer, scorer, (d) => goldSpans(d, 'conll2003'));
 */
export function runRecognizer(
  docs: readonly TextDocument[],
  recognizer: EntityRecognizer,
  scorer: SpanScorer,
  gold: (doc: TextDocument) => readonly TypedSpan[],
): RunTotals {
  let bytes = 0;
  let ms = 0;
  for (const doc of docs) {
    const t0 = performance.now();
    const mentions = recognizer.recognize(doc.text);
    ms += performance.now() - t0;
    bytes += Buffer.byteLength(doc.text, 'utf8');
    scorer.add(gold(doc), mentions);
  }
  return { bytes, ms };
}
