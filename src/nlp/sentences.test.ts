import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences';

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
