import { describe, expect, it } from 'vitest';
import { tokenize, type Span } from './features';
import { builtOn, isInstitution, makersProduct, productFrom, seatPhrase, unitOf } from './noun-phrases';

const words = (text: string) => tokenize(text).map((t) => t.text);

describe('noun phrases between two names', () => {
  it('reads a product noun after a possessive, and not a clause or a verb after it', () => {
    expect(makersProduct(words('’s software-defined storage offering,'), 'fabrikam')).toBe(true);
    expect(makersProduct(words('top products include the'), 'its')).toBe(true);
    expect(makersProduct(words('is famous for its delivery robot,'), 'fabrikam')).toBe(true);
    expect(makersProduct(words('’s products compete with'), 'fabrikam')).toBe(false);
    expect(makersProduct(words('said that its robot,'), 'fabrikam')).toBe(false);
  });

  it('reads a product apposition ending in "from", "by" or "of", without a clause', () => {
    expect(productFrom(words(', a second project from'))).toBe(true);
    expect(productFrom(words(', which a project praised at'))).toBe(false);
    expect(productFrom(words(', a subsidiary of'))).toBe(false);
  });

  it('reads "built on" and a seat, and nothing close to them', () => {
    expect(builtOn('built', 'on')).toBe(true);
    expect(builtOn('built', 'a')).toBe(false);
    expect(seatPhrase(words('’s headquarters in'))).toBe(true);
    expect(seatPhrase(words('’s headquarters move to'))).toBe(false);
  });

  it('reads a unit followed by its organization, and tells an institution from a department', () => {
    const tokens = tokenize('Director of Analytics at freelance marketplace Fabrikam');
    const analytics: Span = { start: 2, end: 3, type: 'org' };
    const fabrikam: Span = { start: 6, end: 7, type: 'org' };
    expect(unitOf(tokens, analytics, [analytics, fabrikam])).toBe(true);
    expect(unitOf(tokens, analytics, [analytics])).toBe(false);
    expect(isInstitution(tokens, analytics)).toBe(false);
    expect(isInstitution(tokenize('the Bagnoud Center'), { start: 1, end: 3, type: 'org' })).toBe(true);
  });
});
