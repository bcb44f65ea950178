import { describe, expect, it } from 'vitest';
import { sentenceEndAt, splitSentences } from './sentences';

const texts = (t: string) => splitSentences(t).map((r) => t.slice(r.start, r.end));

describe('splitSentences', () => {
  it('ends sentences at stops before a capital and at line breaks, not after abbreviations or initials', () => {
    expect(texts('Contoso, Inc. hired Ada in the U.S. last year. She left.\nNext line')).toEqual([
      'Contoso, Inc. hired Ada in the U.S. last year.',
      'She left.',
      'Next line',
    ]);
  });

  it('keeps a decimal or a lower-case continuation inside the sentence', () => {
    expect(texts('It grew 3.5 percent. e.g. this stays together.')).toEqual(['It grew 3.5 percent. e.g. this stays together.']);
  });

  it('cuts an overlong run so one pair never spans a flattened table', () => {
    const ranges = splitSentences('word '.repeat(500));
    expect(ranges.length).toBeGreaterThan(2);
    for (const r of ranges) expect(r.end - r.start).toBeLessThanOrEqual(1_000);
  });

  it('cuts an overlong run at a space, so no word is cut in two', () => {
    const text = Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ');
    const pieces = texts(text);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join(' ').split(' ')).toEqual(text.split(' '));
  });

  it('cuts a run with no space at all where it stands', () => {
    expect(splitSentences('x'.repeat(2_500)).map((r) => r.end - r.start)).toEqual([1_000, 1_000, 500]);
  });
});

describe('sentenceEndAt (the one rule, also read around a single mention by evidence snippets)', () => {
  it('ends at a stop before a capital, a line break or the end, keeping closing quotes', () => {
    expect(sentenceEndAt('It grew. Then', 7)).toBe(8);
    expect(sentenceEndAt('She said “yes.” Then', 13)).toBe(15);
    expect(sentenceEndAt('Done.\nNext', 4)).toBe(5);
    expect(sentenceEndAt('Done.', 4)).toBe(5);
  });

  it('does not end inside a number, before a lower-case word or after an abbreviation', () => {
    expect(sentenceEndAt('Version 17.3 shipped', 10)).toBe(-1);
    expect(sentenceEndAt('It grew. then', 7)).toBe(-1);
    expect(sentenceEndAt('Contoso Inc. hired', 11)).toBe(-1);
    expect(sentenceEndAt('Ask Dr. Quinn', 6)).toBe(-1);
  });

  it('reads "No." as an abbreviation only before a number', () => {
    expect(sentenceEndAt('Route No. 5 opened', 8)).toBe(-1);
    expect(sentenceEndAt('She said no. Then', 11)).toBe(12);
    expect(texts('She said no. Then Route No. 5 opened.')).toEqual(['She said no.', 'Then Route No. 5 opened.']);
  });
});
