/**
 * compromise (`people()`, `organizations()`, `places()`) behind the recognizer
 * port: the baseline the rules are measured against. Benchmarks only; the
 * extension does not ship it.
 */
import nlp from 'compromise';
import type { Mention } from '../../src/core/capture';
import type { EntityRecognizer } from '../../src/extract/mentions/recognizer';

interface OffsetJson {
  readonly offset?: { readonly start: number; readonly length: number };
}

function spans(json: readonly OffsetJson[], text: string, type: Mention['type']): Mention[] {
  const out: Mention[] = [];
  for (const item of json) {
    if (item.offset === undefined) continue;
    let start = item.offset.start;
    let end = start + item.offset.length;
    // compromise includes trailing punctuation and spaces in some matches.
    while (end > start && /[\s.,;:!?'")\]]/.test(text.charAt(end - 1))) end -= 1;
    while (start < end && /[\s"'([]/.test(text.charAt(start))) start += 1;
    if (end > start) out.push({ text: text.slice(start, end), type, start, end, score: 0.5 });
  }
  return out;
}

/**
 * @example
 *   createCompromiseRecognizer().recognize('Patrick Collison runs Stripe.')
 */
export function createCompromiseRecognizer(): EntityRecognizer {
  return {
    name: 'compromise',
    recognize(text: string): Mention[] {
      const doc = nlp(text);
      const all = [
        ...spans(doc.people().json({ offset: true }), text, 'person'),
        ...spans(doc.organizations().json({ offset: true }), text, 'company'),
        ...spans(doc.places().json({ offset: true }), text, 'location'),
      ].sort((a, b) => a.start - b.start || b.end - a.end);
      const out: Mention[] = [];
      let lastEnd = -1;
      for (const m of all) {
        if (m.start < lastEnd) continue;
        out.push(m);
        lastEnd = m.end;
      }
      return out;
    },
  };
}
