import { describe, expect, it } from 'vitest';
import { pageMatcher } from './page-match';

const PAGE = { title: 'Kestrel Bank buys Östra Pay', site: 'news.example', url: 'https://news.example/2026/deal', byline: 'Mira Holt' };

describe('finding a page by its title, site, address or author', () => {
  it('matches when every word occurs, ignoring case and diacritics', () => {
    expect(pageMatcher('ostra')(PAGE)).toBe(true);
    expect(pageMatcher('KESTREL   pay')(PAGE)).toBe(true);
    expect(pageMatcher('news.exa')(PAGE)).toBe(true);
    expect(pageMatcher('2026/deal')(PAGE)).toBe(true);
    expect(pageMatcher('holt')(PAGE)).toBe(true);
  });

  it('does not match when one word is missing', () => {
    expect(pageMatcher('ostra stripe')(PAGE)).toBe(false);
    expect(pageMatcher('tallinn')({ ...PAGE, byline: undefined })).toBe(false);
  });

  it('an empty query matches everything; page text is data, not a pattern', () => {
    expect(pageMatcher('  ')(PAGE)).toBe(true);
    expect(pageMatcher('.*')(PAGE)).toBe(false);
    expect(pageMatcher('(')({ ...PAGE, title: 'a (b)' })).toBe(true);
  });
});
