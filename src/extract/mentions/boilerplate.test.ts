import { describe, expect, it } from 'vitest';
import { isBoilerplateName, isImplausibleName } from './boilerplate';

describe('isBoilerplateName', () => {
  it('interface words, contractions, numbers and capitalized business terms are no names', () => {
    for (const junk of ['Privacy Policy', 'Read more', 'We’re', '2024', 'Share on Facebook', 'IPO', 'CEO', 'SVP'])
      expect(isBoilerplateName(junk), junk).toBe(true);
  });
  it('names pass, including ones that hold such a word', () => {
    for (const name of ['Stripe', 'IPO Fund Partners', 'CEO Summit', 'Ant Financial']) expect(isBoilerplateName(name), name).toBe(false);
  });
});

describe('isImplausibleName', () => {
  it('paths, handles, code identifiers, placeholders and role labels are no names', () => {
    expect(isImplausibleName('/en/search/organization/Segment', 'company')).toBe(true);
    expect(isImplausibleName('@acme', 'company')).toBe(true);
    // A photo credit: a name and an agency around one slash; "AC/DC", "TCP/IP" have no space.
    expect(isImplausibleName('Dana Roe/Harbor Wire', 'person')).toBe(true);
    expect(isImplausibleName('AC/DC', 'company')).toBe(false);
    expect(isImplausibleName('TCP/IP', 'technology')).toBe(false);
    expect(isImplausibleName('Kestrel I/O', 'other')).toBe(false);
    expect(isImplausibleName('pageType', 'other')).toBe(true);
    expect(isImplausibleName('Jewish Business News Correspondent', 'person')).toBe(true);
    expect(isImplausibleName('iPhone 15', 'product')).toBe(false);
  });
  it('dates are no names, a name with a month word in it is', () => {
    for (const d of ['Aug. 23', 'Sept 4th, 2024', 'March 2019', 'Dec 31']) expect(isImplausibleName(d, 'product'), d).toBe(true);
    for (const n of ['May Ridley', 'Marchmont 2', 'June Carter', 'Oct Labs']) expect(isImplausibleName(n, 'person'), n).toBe(false);
  });
  it('ranks, ordinals, centuries and numbered parts are no names, a name with a number is', () => {
    for (const d of ['No. 1', 'No.16', '#3', '3rd', '21st Century', '19th-century', 'Verse 2', 'Chapter 11', 'Season 4', 'Step 3'])
      expect(isImplausibleName(d, 'other'), d).toBe(true);
    for (const n of ['Zentrix 9', 'Pixelon 3rd Edition', 'Section 230', 'Unit 8200', 'Level 3', 'Stepford 2'])
      expect(isImplausibleName(n, 'product'), n).toBe(false);
  });
});
