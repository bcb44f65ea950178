import { describe, expect, it } from 'vitest';
import { goldSpans, readTextDocuments, SpanScorer } from './conll';

const SAMPLE = `-DOCSTART- -X- O O

EU NNP I-NP I-ORG
rejects VBZ I-VP O
German JJ I-NP I-MISC
call NN I-NP O

Peter NNP I-NP I-PER
Blackburn NNP I-NP I-PER
and CC O O
Paris NNP I-NP I-LOC
Hilton NNP I-NP B-LOC

-DOCSTART- -X- O O

Bonn NNP I-NP I-LOC
`;

describe('readTextDocuments', () => {
  it('splits documents, joins tokens by spaces and sentences by new lines, reads IOB1 spans', () => {
    const docs = readTextDocuments(SAMPLE, 'conll2003');
    expect(docs).toHaveLength(2);
    const [first] = docs;
    expect(first?.text).toBe('EU rejects German call\nPeter Blackburn and Paris Hilton');
    expect(first?.tokens.filter((t) => t.outside).map((t) => t.text)).toEqual(['rejects', 'call', 'and']);
    expect(first?.sentences).toEqual([
      [0, 4],
      [4, 9],
    ]);
    const spans = first?.spans.map((s) => `${first.text.slice(s.start, s.end)}/${s.label}`);
    // B-LOC after I-LOC starts a new entity of the same type.
    expect(spans).toEqual(['EU/ORG', 'German/MISC', 'Peter Blackburn/PER', 'Paris/LOC', 'Hilton/LOC']);
  });
});

describe('SpanScorer on text documents', () => {
  it('counts exact matches only, ignores MISC and non-scored types', () => {
    const doc = readTextDocuments(SAMPLE, 'conll2003')[0];
    if (doc === undefined) throw new Error('sample has a document');
    const s = new SpanScorer(['person', 'company', 'location']);
    s.add(goldSpans(doc, 'conll2003'), [
      { start: 0, end: 2, type: 'company' }, // EU: tp
      { start: 23, end: 28, type: 'person' }, // "Peter" only: fp, and Peter Blackburn fn
      { start: 11, end: 17, type: 'other' }, // German as other: ignored
    ]);
    const scores = s.scores();
    expect([scores.counts.tp, scores.counts.fp, scores.counts.fn]).toEqual([1, 1, 3]);
    expect(scores.perType.company?.f1).toBe(1);
  });
});
