import type { EntityType } from '../../src/core/graph/types';
import { tagB, tagI, typeId } from '../../src/extract/ner/labels';
import type { LabeledDocument } from './conll';
import type { TrainingDocument } from './train';

/**
 * Public NER data fetched from outside the corpus (tooling/ner/README.md says from where,
 * at which commit and under which licence) and the one place that splits it into the
 * part the trainer reads and the part the figures are measured on.
 */

/** Every `WIKIGOLD_TEST_EVERY`-th wikigold document (from the 4th) is held out for measuring; the rest trains. */
export const WIKIGOLD_TEST_EVERY = 4;

/**
 * wikigold's 145 documents split in two: about three quarters to train on, a quarter
 * (documents 3, 7, 11, …) to measure on; whole documents, so no article is in both.
 *
 * @example
 *   splitWikigold(docs).test.length // 36 of 145
 */
export function splitWikigold<T>(docs: readonly T[]): { train: T[]; test: T[] } {
  const train: T[] = [];
  const test: T[] = [];
  docs.forEach((d, i) => (i % WIKIGOLD_TEST_EVERY === WIKIGOLD_TEST_EVERY - 1 ? test : train).push(d));
  return { train, test };
}

/** Types a Wikipedia MISC name may be trained as (works, events, nationalities… and software, devices). */
const MISC_TYPES: readonly EntityType[] = ['other', 'product', 'technology'];

/**
 * A Wikipedia set's document with its MISC spans left open among `MISC_TYPES` (partial labels,
 * see `TrainingDocument.allowed`): wikigold and Re-DocRED call "Linux" or "Windows 95" MISC
 * like a nationality or a film, and training them all as `other` teaches the model that
 * software is not technology. The spans stay out of the gazetteer for the same reason.
 *
 * @example
 *   withOpenMisc(doc).allowed // per sentence, B/I of other|product|technology on MISC tokens
 */
export function withOpenMisc(doc: LabeledDocument, repeat: number): TrainingDocument {
  const allowed: Uint16Array[] = [];
  const sentences = doc.sentences.map((s) => {
    const mask = new Uint16Array(s.tokens.length);
    for (const r of s.raw) {
      if (r.label !== 'MISC') continue;
      for (let i = r.start; i < r.end; i++) {
        for (const t of MISC_TYPES) mask[i] = (mask[i] ?? 0) | (1 << (i === r.start ? tagB(typeId(t)) : tagI(typeId(t))));
      }
    }
    allowed.push(mask);
    const other = typeId('other');
    return { ...s, spans: s.spans.filter((sp) => !(sp.type === other && s.raw.some((r) => r.label === 'MISC' && r.start === sp.start))) };
  });
  return { doc: { sentences }, repeat, allowed };
}
