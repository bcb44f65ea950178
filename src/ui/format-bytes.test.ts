import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('sizes for people', () => {
  it('picks the unit that keeps the number readable', () => {
    expect(formatBytes(0, 'en-US')).toBe('0 B');
    expect(formatBytes(900, 'en-US')).toBe('900 B');
    expect(formatBytes(3_670_016, 'en-US')).toBe('3.5 MB');
    // The storage quota the issue quotes: "75995.2 MB" is 74 GB.
    expect(formatBytes(75_995.2 * 1_048_576, 'en-US')).toBe('74 GB');
    expect(formatBytes(5 * 1024 ** 4, 'en-US')).toBe('5 TB');
    expect(formatBytes(2048 * 1024 ** 4, 'en-US')).toBe('2,048 TB');
  });

  it('one decimal under 10, none above', () => {
    expect(formatBytes(1536, 'en-US')).toBe('1.5 KB');
    expect(formatBytes(15 * 1024 + 512, 'en-US')).toBe('16 KB');
  });

  it('an unknown or impossible size says so', () => {
    expect(formatBytes(undefined)).toBe('unknown');
    expect(formatBytes(Number.NaN)).toBe('unknown');
    expect(formatBytes(-1)).toBe('unknown');
  });
});
