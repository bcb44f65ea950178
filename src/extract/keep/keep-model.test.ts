import { describe, expect, it } from 'vitest';
import { codeShape, KEEP_FEATURES, keepFeatures, wordCompound, type CandidateView } from './features';
import { KEEP_MODEL, keepProbability, modelMatchesFeatures, shouldKeep } from './keep-model';

const base: CandidateView = {
  name: 'Quillfeather Labs',
  type: 'company',
  scores: [0.9, 0.8],
  proseShare: 1,
  sentenceStartShare: 0,
  inTitle: false,
  relationArgument: false,
  voteShare: 1,
  known: false,
  pageWritesLower: () => false,
  gluedShare: 0,
  insideLonger: false,
  articleShare: 0,
};

const feature = (view: CandidateView, name: (typeof KEEP_FEATURES)[number]) => keepFeatures(view)[KEEP_FEATURES.indexOf(name)];

describe('keep stage features', () => {
  it('the shipped weight table was fitted for the current feature list (retrain with npm run train:keep when it changes)', () => {
    expect(modelMatchesFeatures()).toBe(true);
    expect(KEEP_MODEL.weights).toHaveLength(KEEP_FEATURES.length);
  });

  it('reads the shape of a name: plural acronyms, lower-case inner words, role words, symbols', () => {
    expect(feature({ ...base, name: 'XPUs' }, 'plural_acronym')).toBe(1);
    expect(feature({ ...base, name: 'Zorblax widgets' }, 'lower_inner_word')).toBe(1);
    expect(feature({ ...base, name: 'Bank of Narnia' }, 'lower_inner_word')).toBe(0);
    expect(feature(base, 'role_word')).toBe(0);
    expect(feature({ ...base, name: 'Founder Zed' }, 'role_word')).toBe(1);
    expect(feature({ ...base, name: 'fetch.call' }, 'has_symbol')).toBe(0);
    expect(feature({ ...base, name: 'Zed/The' }, 'has_symbol')).toBe(1);
  });

  it('reads what the page does with it: glued to another capital, inside a longer name, a CoNLL MISC word', () => {
    expect(feature({ ...base, gluedShare: 0.5 }, 'glued_share')).toBe(0.5);
    expect(feature({ ...base, insideLonger: true }, 'inside_longer')).toBe(1);
    expect(feature({ ...base, name: 'Afghan' }, 'conll_misc')).toBe(1);
    expect(feature(base, 'conll_misc')).toBe(0);
  });

  it('keeps whatever scores at or over the threshold, and a threshold of 0 keeps everything', () => {
    const all = { features: KEEP_FEATURES, weights: KEEP_FEATURES.map(() => -5), threshold: 0 };
    expect(shouldKeep(base, all)).toBe(true);
    const none = { ...all, threshold: 0.5 };
    expect(shouldKeep(base, none)).toBe(false);
    expect(keepProbability(keepFeatures(base), { ...all, weights: KEEP_FEATURES.map(() => 0) })).toBe(0.5);
  });
});

describe('the keep features of code and of modifiers', () => {
  it('reads code and protocol text as code, names as names', () => {
    for (const code of [
      'Widget.render',
      'fetchRows',
      'Async/await',
      'Jane Roe/Agency',
      'Status 404',
      'DELETE',
      'Content-Type',
      'If-None-Match',
    ])
      expect(codeShape(code), code).toBe(true);
    for (const name of ['Rolls-Royce', 'Quillbox.io', 'iPhone', 'macOS', 'TCP/IP', 'ZENTRIX', 'Hollis Marrow', 'Node.js'])
      expect(codeShape(name), name).toBe(false);
  });

  it('reads a name glued to a lower-case word by a hyphen as a modifier', () => {
    expect(wordCompound('Zentrix-compatible')).toBe(true);
    expect(wordCompound('Quillbox-based')).toBe(true);
    expect(wordCompound('Coca-Cola')).toBe(false);
    expect(wordCompound('Zentrix')).toBe(false);
  });
});
