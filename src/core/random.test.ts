import { describe, expect, it } from 'vitest';
import { fmix32, mulberry32 } from './random';

describe('random', () => {
  it('mulberry32 gives the same sequence for the same seed, in [0, 1)', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mulberry32(8)()).not.toBe(xs[0]);
  });

  it('fmix32 is the MurmurHash3 finalizer', () => {
    expect(fmix32(0)).toBe(0);
    expect(fmix32(1)).toBe(0x514e28b7);
  });
});
