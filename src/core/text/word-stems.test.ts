import { describe, expect, it } from 'vitest';
import { hasStem } from './word-stems';

describe('a stem reads its forms, not other words that start like it', () => {
  it('reads inflections and derivations', () => {
    for (const w of ['makes', 'maker', 'makers', 'designed', 'designer', 'competitor', 'competing', 'acquired', 'announcement'])
      expect(hasStem(w, ['make', 'design', 'compet', 'acquir', 'announc'])).toBe(true);
  });
  it('does not read a longer word glued to the stem', () => {
    for (const w of ['makeover', 'designated', 'fundamental', 'rivalrous', 'buildup'])
      expect(hasStem(w, ['make', 'design', 'fund', 'rival', 'build'])).toBe(false);
  });
});
