import { describe, expect, it } from 'vitest';
import { prepareDocument } from './decode';
import {
  documentStats,
  F_ALL_CAPS,
  F_ALL_DIGITS,
  F_HAS_DIGIT,
  F_HAS_HYPHEN,
  F_INIT_CAP,
  F_MIXED,
  FeatureExtractor,
  IntBuffer,
  isHeadline,
  wordFlags,
  wordShape,
} from './features';
import { beginBit, insideBit, PhraseGazetteer } from './gazetteer';
import { hashString } from './hash';
import { typeId } from './labels';

const BITS = 16;

function featuresOf(extractor: FeatureExtractor, sentence: string[], gaz = new Uint32Array(sentence.length)): Set<number>[] {
  const words = sentence.map((w) => extractor.word(w));
  const out = new IntBuffer();
  const offsets = new IntBuffer();
  extractor.sentence(words, gaz, isHeadline(words), documentStats([words], [false]), out, offsets);
  return words.map((_, i) => new Set(out.data.subarray(offsets.data[i] ?? 0, offsets.data[i + 1] ?? 0)));
}

describe('word shape and flags', () => {
  it('maps characters to X/x/d, caps runs at 4, collapses them in the short shape', () => {
    expect(wordShape('Stripe')).toBe('Xxxxx');
    expect(wordShape('Stripe', true)).toBe('Xx');
    expect(wordShape('1996-08-22')).toBe('dddd-dd-dd');
    expect(wordShape('McDonald', true)).toBe('XxXx');
    expect(wordShape('Zürich', true)).toBe('Xx');
  });

  it('hashes shapes without building them, to the same values as hashing the shape strings', () => {
    const x = new FeatureExtractor(BITS);
    for (const w of ['Stripe', 'NASA', 'iPhone', '1996-08-22', 'Zürich', 'C++', "O'Neil", 'ÉCOLE', 'x'.repeat(60)]) {
      const viaStrings = new FeatureExtractor(BITS);
      const h = x.shapeHashes(w);
      // Template ids 4 (Shape) and 5 (ShortShape), as in features.ts.
      expect(h.long).toBe(hashString(wordShape(w), 4));
      expect(h.short).toBe(hashString(wordShape(w, true), 5));
      expect(viaStrings.word(w).shortShapeH).toBe(h.short);
    }
  });

  it('flags casing and character patterns', () => {
    expect(wordFlags('Stripe') & F_INIT_CAP).toBeTruthy();
    expect(wordFlags('NASA') & F_ALL_CAPS).toBeTruthy();
    expect(wordFlags('iPhone') & F_MIXED).toBeTruthy();
    expect(wordFlags('Stripe') & F_MIXED).toBeFalsy();
    expect(wordFlags('1996') & F_ALL_DIGITS).toBeTruthy();
    expect(wordFlags('A4') & F_HAS_DIGIT).toBeTruthy();
    expect(wordFlags('Anglo-Dutch') & F_HAS_HYPHEN).toBeTruthy();
    expect(wordFlags('stripe') & (F_INIT_CAP | F_ALL_CAPS)).toBe(0);
  });
});

describe('FeatureExtractor', () => {
  it('hashes deterministically into the table, whatever the instance', () => {
    const a = featuresOf(new FeatureExtractor(BITS), ['Patrick', 'Collison', 'founded', 'Stripe']);
    const b = featuresOf(new FeatureExtractor(BITS), ['Patrick', 'Collison', 'founded', 'Stripe']);
    expect(a.map((s) => [...s].sort())).toEqual(b.map((s) => [...s].sort()));
    for (const set of a) {
      for (const f of set) {
        expect(f).toBeGreaterThanOrEqual(0);
        expect(f).toBeLessThan(1 << BITS);
      }
    }
    // Roughly 30+ features per token: word, shape, affixes, flags, context ±2, bigrams.
    expect(a[1]?.size).toBeGreaterThan(25);
  });

  it('makes context features depend on the neighbours', () => {
    const x = new FeatureExtractor(BITS);
    const [, a] = featuresOf(x, ['Mr.', 'Smith', 'said']);
    const [, b] = featuresOf(x, ['in', 'Smith', 'said']);
    const shared = [...(a ?? [])].filter((f) => b?.has(f)).length;
    expect(shared).toBeGreaterThan(10); // word-level features are the same
    expect(shared).toBeLessThan(a?.size ?? 0); // context features differ
  });

  it('adds gazetteer features only where the gazetteer matched', () => {
    const x = new FeatureExtractor(BITS);
    const gaz = new Uint32Array(3);
    gaz[0] = beginBit(typeId('location'));
    gaz[1] = insideBit(typeId('location'));
    const withGaz = featuresOf(x, ['New', 'York', 'rallied'], gaz);
    const without = featuresOf(x, ['New', 'York', 'rallied']);
    expect(withGaz[0]?.size).toBeGreaterThan(without[0]?.size ?? 0);
    expect(withGaz[1]?.size).toBeGreaterThan(without[1]?.size ?? 0);
  });

  it('adds the document feature "also seen in lower case" to a sentence-initial capitalized word', () => {
    const x = new FeatureExtractor(BITS);
    const alone = prepareDocument(x, new PhraseGazetteer(), [['Sales', 'rose']], -1, undefined, true);
    const withLower = prepareDocument(
      x,
      new PhraseGazetteer(),
      [
        ['Sales', 'rose'],
        ['the', 'sales', 'team'],
      ],
      -1,
      undefined,
      true,
    );
    const size = (d: typeof alone) => (d.sentences[0]?.offsets?.[1] ?? 0) - (d.sentences[0]?.offsets?.[0] ?? 0);
    expect(size(withLower)).toBe(size(alone) + 1);
  });

  it('treats mostly-capitals sentences as headlines', () => {
    const x = new FeatureExtractor(BITS);
    expect(isHeadline(['SOCCER', '-', 'JAPAN', 'GET', 'LUCKY', 'WIN'].map((w) => x.word(w)))).toBe(true);
    expect(isHeadline(['Japan', 'got', 'a', 'lucky', 'win'].map((w) => x.word(w)))).toBe(false);
  });
});

describe('PhraseGazetteer', () => {
  it('marks the longest known phrase, case-insensitively, with begin/inside bits', () => {
    const gaz = new PhraseGazetteer();
    gaz.add(['New', 'York'], typeId('location'));
    gaz.add(['New', 'York', 'Times'], typeId('company'));
    const out = new Uint32Array(4);
    gaz.mark(['the', 'new', 'york', 'times'], -1, out);
    expect(out[1]).toBe(beginBit(typeId('company')));
    expect(out[3]).toBe(insideBit(typeId('company')));
    expect(out[0]).toBe(0);
  });

  it("hides names learnt only from the document's own fold (jackknifing)", () => {
    const gaz = new PhraseGazetteer();
    gaz.add(['Blackburn'], typeId('person'), 1 << 2);
    const own = new Uint32Array(1);
    gaz.mark(['blackburn'], 2, own);
    const other = new Uint32Array(1);
    gaz.mark(['blackburn'], 3, other);
    expect(own[0]).toBe(0);
    expect(other[0]).toBe(beginBit(typeId('person')));
  });
});
