import { describe, expect, it } from 'vitest';
import { goldSpans, readDataset, readTextDocuments, SpanScorer } from './conll';
import { splitWikigold } from './public-data';

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

describe('the Wikipedia sets', () => {
  // Lines in Babelscape/wikineural's layout, written for this test.
  const WIKIGOLD =
    '0\t-DOCSTART-\tO\n\n0\tAna\tB-PER\n1\tvisited\tO\n2\tOslo\tB-LOC\n\n0\t-DOCSTART-\tO\n\n0\tVandelay\tB-ORG\n1\tGroup\tI-ORG\n';

  it('reads wikigold documents and WikiANN sentences (index, token, label)', () => {
    const docs = readDataset(WIKIGOLD, 'wikigold');
    expect(docs).toHaveLength(2);
    expect(docs[0]?.sentences[0]?.tokens).toEqual(['Ana', 'visited', 'Oslo']);
    expect(docs[1]?.sentences[0]?.raw).toEqual([{ start: 0, end: 2, label: 'ORG' }]);
    expect(readDataset('0\tAna\tB-PER\n\n0\tOslo\tB-LOC\n', 'wikiann')).toHaveLength(2);
  });

  it('reads Re-DocRED mentions as spans, the longer of two overlapping ones winning, TIME as no name', () => {
    const json = JSON.stringify([
      {
        sents: [['Vandelay', 'Group', 'opened', 'in', '1999']],
        vertexSet: [
          [{ type: 'ORG', pos: [0, 1], sent_id: 0 }],
          [{ type: 'ORG', pos: [0, 2], sent_id: 0 }],
          [{ type: 'TIME', pos: [4, 5], sent_id: 0 }],
        ],
      },
    ]);
    const [doc] = readDataset(json, 'redocred');
    expect(doc?.sentences[0]?.raw).toEqual([
      { start: 0, end: 2, label: 'ORG' },
      { start: 4, end: 5, label: 'TIME' },
    ]);
    expect(doc?.sentences[0]?.spans).toHaveLength(1);
  });

  it('holds out every fourth wikigold document', () => {
    const { train, test } = splitWikigold([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(test).toEqual([3, 7]);
    expect(train).toHaveLength(6);
  });
});
