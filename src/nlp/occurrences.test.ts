import { describe, expect, it } from 'vitest';
import { wholeWordsAt } from './occurrences';

describe('wholeWordsAt', () => {
  it('finds a form where it stands as whole words only', () => {
    expect(wholeWordsAt('Vornquist met Vornquistan and Vornquist.', 'Vornquist')).toEqual([0, 30]);
    expect(wholeWordsAt('the Tarvo Group (Tarvo)', 'Tarvo')).toEqual([4, 17]);
    expect(wholeWordsAt('anything', '')).toEqual([]);
  });

  it('stops at the found and looked limits', () => {
    const text = 'Oz Ozma Oz Ozma Oz';
    expect(wholeWordsAt(text, 'Oz', { found: 2 })).toEqual([0, 8]);
    // Looking at three occurrences ("Oz", "Ozma", "Oz") finds two of them.
    expect(wholeWordsAt(text, 'Oz', { looked: 3 })).toEqual([0, 8]);
    expect(wholeWordsAt(text, 'Oz', { looked: 2 })).toEqual([0]);
  });
});
