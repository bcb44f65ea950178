import { describe, expect, it } from 'vitest';
import { allowed, spansOf, tagsOf, viterbi } from './decode';
import { TAG_COUNT, TAG_O, tagB, tagI, typeId } from './labels';

const PER = typeId('person');
const LOC = typeId('location');

function emissionsFor(rows: Array<Partial<Record<number, number>>>): Float64Array {
  const e = new Float64Array(rows.length * TAG_COUNT);
  rows.forEach((row, i) => {
    for (const [tag, score] of Object.entries(row)) e[i * TAG_COUNT + Number(tag)] = score ?? 0;
  });
  return e;
}

describe('viterbi', () => {
  it('picks the best sequence when transitions are neutral', () => {
    const e = emissionsFor([{ [tagB(PER)]: 5 }, { [tagI(PER)]: 5 }, { [TAG_O]: 5 }]);
    const tags = new Uint8Array(3);
    viterbi(e, 3, new Float64Array((TAG_COUNT + 1) * TAG_COUNT), tags);
    expect([...tags]).toEqual([tagB(PER), tagI(PER), TAG_O]);
  });

  it('never produces I-t after O or at the start, even when its emission is highest', () => {
    const e = emissionsFor([
      { [tagI(LOC)]: 9, [tagB(LOC)]: 1 },
      { [tagI(PER)]: 9, [tagI(LOC)]: 2 },
    ]);
    const tags = new Uint8Array(2);
    viterbi(e, 2, new Float64Array((TAG_COUNT + 1) * TAG_COUNT), tags);
    // I-LOC cannot start a sentence; I-PER needs a person before it: B-PER I-PER (0 + 9) wins.
    expect([...tags]).toEqual([tagB(PER), tagI(PER)]);
  });

  it('lets transition weights overturn a weak emission (previous-label feature)', () => {
    const trans = new Float64Array((TAG_COUNT + 1) * TAG_COUNT);
    trans[(tagB(PER) + 1) * TAG_COUNT + tagI(PER)] = 4;
    const e = emissionsFor([{ [tagB(PER)]: 5 }, { [TAG_O]: 2, [tagI(PER)]: 0 }]);
    const tags = new Uint8Array(2);
    viterbi(e, 2, trans, tags);
    expect([...tags]).toEqual([tagB(PER), tagI(PER)]);
  });

  it('knows the IOB2 constraints', () => {
    expect(allowed(-1, tagI(PER))).toBe(false);
    expect(allowed(TAG_O, tagI(PER))).toBe(false);
    expect(allowed(tagB(LOC), tagI(PER))).toBe(false);
    expect(allowed(tagB(PER), tagI(PER))).toBe(true);
    expect(allowed(tagI(PER), tagB(PER))).toBe(true);
  });
});

describe('spans and tags', () => {
  it('reads spans from IOB2 tags and writes them back', () => {
    const tags = [tagB(PER), tagI(PER), TAG_O, tagB(LOC), tagB(LOC), tagI(LOC)];
    const spans = spansOf(tags);
    expect(spans).toEqual([
      { start: 0, end: 2, type: PER },
      { start: 3, end: 4, type: LOC },
      { start: 4, end: 6, type: LOC },
    ]);
    expect([...tagsOf(6, spans)]).toEqual(tags);
  });

  it('starts a span at a stray I-t rather than dropping it', () => {
    expect(spansOf([TAG_O, tagI(PER), tagI(LOC)])).toEqual([
      { start: 1, end: 2, type: PER },
      { start: 2, end: 3, type: LOC },
    ]);
  });
});
