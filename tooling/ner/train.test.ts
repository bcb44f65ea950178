import { describe, expect, it } from 'vitest';
import { readDataset } from './conll';
import { encodeModel, quantize } from '../../src/extract/ner/model';
import { predictDocument, train, type TrainingDocument } from './train';
import { FeatureExtractor } from '../../src/extract/ner/features';
import { typeId } from '../../src/extract/ner/labels';

// A tiny CoNLL-style training set written for this test (not corpus text).
const TINY = `-DOCSTART- -X- -X- O

Alice NNP I-NP I-PER
Moreau NNP I-NP I-PER
joined VBD I-VP O
Vandelay NNP I-NP I-ORG
Industries NNP I-NP I-ORG
in IN I-PP O
Lyon NNP I-NP I-LOC
. . O O

Vandelay NNP I-NP I-ORG
opened VBD I-VP O
an DT I-NP O
office NN I-NP O
in IN I-PP O
Oslo NNP I-NP I-LOC
. . O O

-DOCSTART- -X- -X- O

Bruno NNP I-NP I-PER
Keller NNP I-NP I-PER
visited VBD I-VP O
Oslo NNP I-NP I-LOC
with IN I-PP O
Alice NNP I-NP I-PER
. . O O

Keller NNP I-NP I-PER
works VBZ I-VP O
for IN I-PP O
Initech NNP I-NP I-ORG
. . O O
`;

const docs = (): TrainingDocument[] => readDataset(TINY, 'conll2003').map((doc) => ({ doc }));
const options = { bits: 12, epochs: 4, seed: 7, folds: 2 } as const;

describe('train', () => {
  it('gives byte-identical weights for the same seed (deterministic)', () => {
    const a = encodeModel(quantize(train(docs(), options), { levels: 127, pruneBelow: 1 }));
    const b = encodeModel(quantize(train(docs(), options), { levels: 127, pruneBelow: 1 }));
    expect(a.length).toBeGreaterThan(100);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('changes the weights when the seed changes (the seed is actually used)', () => {
    const a = encodeModel(quantize(train(docs(), options), { levels: 127, pruneBelow: 1 }));
    const c = encodeModel(quantize(train(docs(), { ...options, seed: 8, epochs: 1 }), { levels: 127, pruneBelow: 1 }));
    expect(Buffer.from(a).equals(Buffer.from(c))).toBe(false);
  });

  it('learns its training set', () => {
    const model = train(docs(), options);
    const [first] = readDataset(TINY, 'conll2003');
    if (first === undefined) throw new Error('tiny set did not parse');
    const predicted = predictDocument(model, new FeatureExtractor(options.bits), first);
    expect(predicted[0]).toEqual([
      { start: 0, end: 2, type: typeId('person') },
      { start: 3, end: 5, type: typeId('company') },
      { start: 6, end: 7, type: typeId('location') },
    ]);
  });

  it('refuses a table size outside the supported range', () => {
    expect(() => train(docs(), { ...options, bits: 30 })).toThrow(expect.objectContaining({ code: 'invalid_arguments' }));
  });
});

describe('readDataset', () => {
  it('reads IOB1 CoNLL documents and maps their labels', () => {
    const parsed = readDataset(TINY, 'conll2003');
    expect(parsed).toHaveLength(2);
    expect(parsed[0]?.sentences[0]?.spans).toEqual([
      { start: 0, end: 2, type: typeId('person') },
      { start: 3, end: 5, type: typeId('company') },
      { start: 6, end: 7, type: typeId('location') },
    ]);
  });

  it('reads BIO token<TAB>label files, one document per sentence, dropping labels mapped to O', () => {
    const parsed = readDataset('Python\tB-programlang\nand\tO\nbackprop\tB-algorithm\n\nIBM\tB-organisation\n', 'crossner');
    expect(parsed).toHaveLength(2);
    expect(parsed[0]?.sentences[0]?.spans).toEqual([{ start: 0, end: 1, type: typeId('technology') }]);
    expect(parsed[0]?.sentences[0]?.raw).toHaveLength(2);
  });

  it('refuses an unknown label with a clear error', () => {
    expect(() => readDataset('Foo\tB-spaceship\n', 'crossner')).toThrow(/unknown crossner label "spaceship"/);
  });
});
