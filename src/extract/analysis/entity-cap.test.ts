import { describe, expect, it } from 'vitest';
import { keepRanked, pageEntityCap } from './entity-cap';

describe('per-page entity cap', () => {
  it('keeps the configured cap for an ordinary article and grows with a longer page', () => {
    expect(pageEntityCap(25, 3_000, 200)).toBe(25);
    expect(pageEntityCap(25, 20_000, 200)).toBe(50);
    expect(pageEntityCap(25, 2_000_000, 200)).toBe(200);
    expect(pageEntityCap(0, 20_000, 200)).toBe(0);
  });
  it('keeps confidently typed names past the cap, up to the cap again', () => {
    expect(keepRanked(['a', 'b', 'c', 'd'], 1, (x) => x === 'c' || x === 'd')).toEqual(['a', 'c']);
    expect(keepRanked(['a', 'b', 'c', 'd'], 2, (x) => x === 'd')).toEqual(['a', 'b', 'd']);
  });
});
