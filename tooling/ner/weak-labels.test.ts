import { describe, expect, it } from 'vitest';
import { tagB, tagI, TAG_COUNT, TAG_O, typeId } from '../../src/extract/ner/labels';
import { constrainedGold } from './train';
import { goldLabel, structuredVotes, weakDocuments, weakLabel, type Vote, type WeakCounts } from './weak-labels';

// Sentences written for these tests (not corpus text).
const TEXT = 'Ana Lopez joined Vandelay in Oslo. Vandelay uses Rust.';
const span = (text: string, type: Vote['type'], score = 0.9): Vote => {
  const start = TEXT.indexOf(text);
  return { start, end: start + text.length, type, score };
};
const counts = (): WeakCounts => ({ structured: 0, agree: 0, sure: 0, stored: 0, vetoed: 0, dropped: 0 });

describe('weakLabel', () => {
  it('keeps a span the rules and the model agree on, and leaves a disagreement unknown', () => {
    const c = counts();
    const [first] = weakLabel(
      TEXT,
      {
        rules: [span('Ana Lopez', 'person', 0.55), span('Vandelay', 'company', 0.55)],
        model: [span('Ana Lopez', 'person'), span('Vandelay', 'person')],
        structured: [],
      },
      c,
    );
    expect(first?.labels).toEqual(['B-person', 'I-person', 'O', '?', 'O', 'O', 'O']);
    expect(c).toMatchObject({ agree: 1, dropped: 1 });
  });

  it('trusts a sure rule (listed name) the model did not read otherwise, and structured data both found', () => {
    const c = counts();
    const sentences = weakLabel(
      TEXT,
      {
        rules: [span('Rust', 'technology', 0.9)],
        model: [span('Oslo', 'location')],
        structured: structuredVotes(TEXT, [{ name: 'Oslo', type: 'location' }]),
      },
      c,
    );
    expect(sentences[0]?.labels[5]).toBe('B-location');
    expect(sentences[1]?.labels).toEqual(['O', 'O', 'B-technology', 'O']);
    expect(c).toMatchObject({ structured: 1, sure: 1 });
  });

  it('does not keep a sure rule the model reads with other bounds over it', () => {
    const [first] = weakLabel(
      TEXT,
      { rules: [span('Lopez', 'person', 0.9)], model: [span('Ana Lopez', 'person')], structured: [] },
      counts(),
    );
    expect(first?.labels.slice(0, 2)).toEqual(['?', '?']);
  });
});

describe('weakLabel with the analysis (A)', () => {
  it("vetoes an agreed span the analysis does not store and takes the analysis's type of one it does", () => {
    const c = counts();
    const [first] = weakLabel(
      TEXT,
      {
        rules: [span('Ana Lopez', 'person', 0.55), span('Vandelay', 'person', 0.55)],
        model: [span('Ana Lopez', 'person'), span('Vandelay', 'person')],
        structured: [],
        stored: new Map([['Vandelay', 'company']]),
      },
      c,
    );
    expect(first?.labels).toEqual(['?', '?', 'O', 'B-company', 'O', 'O', 'O']);
    expect(c).toMatchObject({ agree: 1, vetoed: 1 });
  });

  it('keeps a span one function alone found when the analysis stores its words, with its type', () => {
    const c = counts();
    const sentences = weakLabel(
      TEXT,
      { rules: [], model: [span('Rust', 'person')], structured: [], stored: new Map([['Rust', 'technology']]) },
      c,
    );
    expect(sentences[1]?.labels).toEqual(['O', 'O', 'B-technology', 'O']);
    expect(c).toMatchObject({ stored: 1, agree: 0 });
  });

  it('without the analysis, a span one function alone found stays unknown', () => {
    const sentences = weakLabel(TEXT, { rules: [], model: [span('Rust', 'person')], structured: [] }, counts());
    expect(sentences[1]?.labels).toEqual(['O', 'O', '?', 'O']);
  });
});

describe('goldLabel (an annotated page)', () => {
  const text = 'Orvane Labs hired Mira Tollen. Analytics at Orvane grew. Quillby ships Tessl.';
  const at = (name: string): Vote => ({ start: text.indexOf(name), end: text.indexOf(name) + name.length, type: 'company', score: 0.6 });
  const gold = {
    names: [
      { name: 'Orvane Labs', type: 'company' as const },
      { name: 'Orvane', type: 'company' as const },
      { name: 'Mira Tollen', type: 'person' as const },
      { name: 'Tessl', type: 'product' as const },
    ],
    notEntities: new Set(['analytics']),
  };

  it('gives every gold name its type, the longer name first, whatever the readers proposed', () => {
    const { sentences, spans } = goldLabel(text, gold, [at('Mira'), at('Tessl')]);
    expect(sentences[0]).toEqual({
      tokens: ['Orvane', 'Labs', 'hired', 'Mira', 'Tollen', '.'],
      labels: ['B-company', 'I-company', 'O', 'B-person', 'I-person', 'O'],
    });
    // "Quillby" was proposed by no reader and is in no gold list: an ordinary O.
    expect(sentences[2]?.labels).toEqual(['O', 'O', 'B-product', 'O']);
    expect(spans).toBe(4);
  });

  it('reads a proposed span the gold calls no name as O, and one it does not judge as unknown', () => {
    const { sentences, unknown } = goldLabel(text, gold, [at('Analytics'), at('Quillby')]);
    expect(sentences[1]?.labels).toEqual(['O', 'O', 'B-company', 'O', 'O']);
    expect(sentences[2]?.labels[0]).toBe('?');
    expect(unknown).toBe(1);
  });
});

describe('weakDocuments', () => {
  it('turns labels into spans and unknown tokens into an any-tag mask, names kept out of the gazetteer', () => {
    const [doc] = weakDocuments(
      { pages: [{ page: 'p', sentences: [{ tokens: ['Ana', 'Lopez', 'ran', 'Vandelay'], labels: ['B-person', 'I-person', 'O', '?'] }] }] },
      2,
    );
    expect(doc?.doc.sentences[0]?.spans).toEqual([{ start: 0, end: 2, type: typeId('person') }]);
    expect(Array.from(doc?.allowed?.[0] ?? [])).toEqual([0, 0, 0, (1 << TAG_COUNT) - 1]);
    expect(doc).toMatchObject({ repeat: 2, gazetteer: false });
  });
});

describe('constrainedGold', () => {
  it('keeps the known tags and fills an unknown token with the best tag the scores allow', () => {
    const person = typeId('person');
    const emissions = new Float64Array(3 * TAG_COUNT);
    // Token 1 scores best as I-person, which only follows B-person: the known tag at 0.
    emissions[TAG_COUNT + tagI(person)] = 5;
    const transitions = new Float64Array((TAG_COUNT + 1) * TAG_COUNT);
    const fixed = Uint8Array.of(tagB(person), TAG_O, TAG_O);
    const gold = constrainedGold(emissions, transitions, fixed, Uint16Array.of(0, (1 << TAG_COUNT) - 1, 0));
    expect(Array.from(gold)).toEqual([tagB(person), tagI(person), TAG_O]);
  });
});
