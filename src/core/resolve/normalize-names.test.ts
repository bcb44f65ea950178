// Normalization cases the resolver relies on, and the page-level
// expansions and LSH keys built on them.
import { describe, expect, it } from 'vitest';
import { signatureKeys } from '../graph/keys';
import { initials, isAcronymOf, nameKey, withoutHonorific } from '../text/normalize';
import { expandOnPage, looksLikeAcronym } from './page-names';
import { jaroWinkler } from './similarity';

describe('nameKey', () => {
  it.each([
    ['Stripe, Inc.', 'stripe'],
    ['STRIPE INC', 'stripe'],
    ['Siemens AG', 'siemens'],
    ['Société Générale S.A.', 'societe generale'],
    ['Acme GmbH & Co. KG', 'acme'],
    ['Tesco plc', 'tesco'],
    ['The Guardian', 'guardian'],
    ["McDonald's", 'mcdonald'],
    ['Ｓｔｒｉｐｅ', 'stripe'], // NFKC: full-width letters
    ['Zu\u200bri\u200bch', 'zurich'], // zero-width characters
    ['Zürich', 'zurich'],
    ['Co.', 'co'], // nothing left after stripping: keep the words
  ])('%s → %s', (raw, key) => {
    expect(nameKey(raw)).toBe(key);
  });
});

describe('acronyms', () => {
  it('reads initials of multi-word names, skipping small words and legal suffixes', () => {
    expect(initials('International Business Machines Corp.')).toBe('ibm');
    expect(initials('Federal Bureau of Investigation')).toBe('fbi');
    expect(initials('Stripe')).toBeUndefined();
    expect(isAcronymOf('IBM', 'International Business Machines')).toBe(true);
    expect(isAcronymOf('IBM', 'Intel')).toBe(false);
    expect(looksLikeAcronym('I.B.M.')).toBe(true);
    expect(looksLikeAcronym('Ibm')).toBe(false);
  });
});

describe('expandOnPage', () => {
  it('expands a surname when exactly one full name on the page ends with it', () => {
    expect(expandOnPage('Collison', ['Patrick Collison', 'Stripe'])).toEqual({ name: 'Patrick Collison', kind: 'short_name' });
    expect(expandOnPage('Collison', ['Patrick Collison', 'John Collison'])).toBeUndefined();
  });
  it('does not treat a place as a short form ("Africa" is not "South Africa")', () => {
    expect(expandOnPage('Africa', ['South Africa'], 'location')).toBeUndefined();
  });
  it('expands an acronym to the unique long form on the page', () => {
    expect(expandOnPage('IBM', ['International Business Machines', 'Intel'])).toEqual({
      name: 'International Business Machines',
      kind: 'acronym',
    });
  });
});

describe('similarity and signatures', () => {
  it('Jaro-Winkler matches the textbook values', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.9611, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('', 'x')).toBe(0);
  });
  it('LSH keys are stable, shared by near names and not by unrelated ones', () => {
    const a = signatureKeys('Leicestershire');
    expect(a).toEqual(signatureKeys('LEICESTERSHIRE Ltd'));
    expect(a.filter((k) => signatureKeys('Leicstershire').includes(k)).length).toBeGreaterThan(0);
    expect(a.filter((k) => signatureKeys('Nottinghamshire').includes(k)).length).toBeLessThan(a.length);
    expect(signatureKeys('Mozart').filter((k) => a.includes(k))).toEqual([]);
  });
});

describe('placeNames', () => {
  it('links a place, its other names and its demonyms, plural included', async () => {
    const { placeNames } = await import('./demonyms');
    expect(placeNames('Germans')).toEqual(['Germany', 'German']);
    expect(placeNames('Holland')).toEqual(['Netherlands', 'Dutch']);
    expect(placeNames('Stripe')).toEqual([]);
    // A plural is a demonym's: "Americans" are of the United States, "the Americas" are a place of their own.
    expect(placeNames('Americans')).toContain('United States');
    expect(placeNames('Americas')).toEqual([]);
    expect(placeNames('Britains')).toEqual([]);
  });
});

describe('withoutHonorific', () => {
  it('drops a title before a surname, and nothing else', () => {
    expect(withoutHonorific(nameKey('Mr. Warner'))).toBe('warner');
    expect(withoutHonorific(nameKey('Dr Ramos'))).toBe('ramos');
    expect(withoutHonorific(nameKey('Mark Warner'))).toBe('mark warner');
    expect(withoutHonorific(nameKey('Dr. Carol Ramos'))).toBe('dr carol ramos');
    expect(withoutHonorific('mr')).toBe('mr');
  });
});
