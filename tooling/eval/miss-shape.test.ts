import { describe, expect, it } from 'vitest';
import { missShape, sentenceShape, type MissInput } from './miss-shape';

const base: MissInput = {
  label: 'founded_by',
  evidence: '',
  from: { names: ['Kestrel Labs'], type: 'company' },
  to: { names: ['Ada Quinn'], type: 'person' },
  fromInGraph: true,
  toInGraph: true,
  pairTyped: false,
  others: [],
};

describe('missShape', () => {
  it('an end the graph lacks is recognition’s miss', () => {
    expect(missShape({ ...base, toInGraph: false, evidence: 'Ada Quinn started Kestrel Labs.' })).toBe('end not recognized');
  });

  it('a founder typed as a company is a typing miss', () => {
    expect(missShape({ ...base, to: { names: ['Ada Quinn'], type: 'company' }, evidence: 'Ada Quinn started Kestrel Labs.' })).toBe(
      'end typed wrong',
    );
  });

  it('a pair joined by another label is a label or direction miss', () => {
    expect(missShape({ ...base, pairTyped: true, evidence: 'Ada Quinn started Kestrel Labs.' })).toBe('label or direction');
  });

  it('a sentence naming one end and saying "she" is an anaphor', () => {
    expect(missShape({ ...base, evidence: 'In 2009 she started Kestrel Labs in a garage.' })).toBe('anaphor');
    expect(missShape({ ...base, evidence: 'Ada Quinn later started the company with a loan.' })).toBe('anaphor');
  });

  it('a sentence naming one end with no anaphor is not in one sentence', () => {
    expect(missShape({ ...base, evidence: 'Kestrel Labs opened a second office.' })).toBe('not in one sentence');
  });

  it('another entity listed between the names is a list', () => {
    expect(missShape({ ...base, others: ['Bo Lind'], evidence: 'Kestrel Labs was started by Bo Lind and Ada Quinn in a garage.' })).toBe(
      'list or coordination',
    );
  });

  it('a role word after a possessive or comma is an apposition or title', () => {
    expect(
      missShape({ ...base, label: 'ceo_of', from: base.to, to: base.from, evidence: "Kestrel Labs' chief executive, Ada Quinn, smiled." }),
    ).toBe('apposition or title');
    expect(missShape({ ...base, evidence: 'Ada Quinn, co-founder of Kestrel Labs, smiled.' })).toBe('apposition or title');
  });

  it('names far apart and names close with unknown words are told apart', () => {
    expect(
      missShape({
        ...base,
        evidence: 'Kestrel Labs, which sells small boats to fishermen along the northern coast of the island, owes much to Ada Quinn.',
      }),
    ).toBe('far apart');
    expect(missShape({ ...base, evidence: 'Kestrel Labs owes its existence to Ada Quinn.' })).toBe('trigger not known');
  });
});

describe('sentenceShape', () => {
  it('reads the shape of a found relation as of a missed one', () => {
    expect(sentenceShape('He started Kestrel Labs.', ['Kestrel Labs'], ['Ada Quinn'], [])).toBe('anaphor');
    expect(sentenceShape('Ada Quinn started Kestrel Labs.', ['Kestrel Labs'], ['Ada Quinn'], [])).toBe('trigger not known');
  });
});
