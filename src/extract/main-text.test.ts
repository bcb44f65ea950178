import { describe, expect, it } from 'vitest';
import { withoutConsentLines } from './main-text';

describe('withoutConsentLines', () => {
  it('drops a sign-up form\'s legal line and keeps prose that starts with "By"', () => {
    const text = 'Acme raised money.\nBy signing up, you agree to the Terms of Use and Privacy Policy.\nBy 2020, Acme had 40 staff.';
    expect(withoutConsentLines(text)).toBe('Acme raised money.\nBy 2020, Acme had 40 staff.');
  });
});
