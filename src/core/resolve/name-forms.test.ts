import { describe, expect, it } from 'vitest';
import type { EntityType } from '../graph/types';
import { isAcronymOf, isShortFormOf, looksLikeAcronym, nameFormOf, proposedForm } from './name-forms';

describe('acronym and expansion', () => {
  it.each([
    ['QLN', 'Quillon Labs Network'],
    ['BTEC', 'Brightwater Technologies'], // a short prefix of one word
    ['MLSIC', 'ML Safety Institute Consortium'], // a word in capitals gives all its letters
    ['MLSIC', 'NZ ML Safety Institute Consortium'], // one leading qualifier left out
    ['IOQ', 'Institute of Quillon'], // a stop word may give its initial
    ['IQ', 'Institute of Quillon'], // or nothing
    ['QLN', 'Quillon Labs Network, Inc.'], // a trailing legal form is left out
    ['DoQ', 'Department of Quillon'],
    ['Q.L.', 'Quillon Labs'],
  ])('%s stands for %s', (short, long) => {
    expect(isAcronymOf(short, long)).toBe(true);
    expect(nameFormOf(short, long)).toBe('acronym');
  });

  it.each([
    ['QLN', 'Quillon'], // one word is a name, not an expansion
    ['NVX', 'Novax Holdings'], // letters out of order / not initials
    ['QLX', 'Quillon Labs Network'],
    ['QLNA', 'Quillon Labs Network'], // a letter too many
    ['QN', 'Quillon Labs Network'], // a content word skipped in the middle
    ['ZQLN', 'Quillon Labs Network'],
    ['QLN', 'ZZ YY Quillon Labs Network'], // two leading words left out
    ['Quln', 'Quillon Labs Network'], // written as a name, not an acronym
    ['QL', 'QL'],
    ['QLN', 'A very long title that goes on and on about Quillon Labs Network'],
  ])('%s does not stand for %s', (short, long) => {
    expect(isAcronymOf(short, long)).toBe(false);
  });

  it('an acronym is a short word mostly in capitals', () => {
    expect(looksLikeAcronym('QLN')).toBe(true);
    expect(looksLikeAcronym('DoQ')).toBe(true);
    expect(looksLikeAcronym('Q')).toBe(false);
    expect(looksLikeAcronym('Quillon')).toBe(false);
    expect(looksLikeAcronym('QUILLONLABS')).toBe(false);
    expect(looksLikeAcronym('Q L')).toBe(false);
  });
});

describe('short form and full form', () => {
  it.each([
    ['Harbor', 'Blue Harbor'], // the last words
    ['Quillon', 'Quillon Ventures'], // the first words
    ['Quillon Labs', 'Quillon Labs Network'],
    ['harbor', 'Blue Harbor'], // case does not matter
  ])('%s is a short form of %s', (short, long) => {
    expect(isShortFormOf(short, long)).toBe(true);
    expect(nameFormOf(short, long)).toBe('short_form');
  });

  it.each([
    ['Bank', 'Bank of Harbor'], // what is left out starts with a linking word
    ['Harbor', 'Bank of the Harbor'],
    ['Qi', 'Qi Ventures'], // too short to mean one thing
    ['Labs', 'Quillon Labs Network'], // a middle word
    ['Blue Harbor', 'Blue Harbor'], // the same name
    ['Harbor', 'Harbor Blue Sky Trading Line'], // a full form of too many words
    ['Harbour', 'Blue Harbor'], // another word
    ['Quillon', 'Quillon 39'], // a version or model number: another thing
    ['Quillon Pro', 'Quillon Pro 5 Mini'],
  ])('%s is not a short form of %s', (short, long) => {
    expect(isShortFormOf(short, long)).toBe(false);
  });
});

describe('types of a proposed pair', () => {
  const e = (name: string, type: EntityType) => ({ name, type });
  it.each([
    [e('Quillon', 'company'), e('Quillon Ventures', 'company'), 'short_form'], // same type
    [e('Quillon', 'other'), e('Quillon Cloud', 'product'), 'short_form'], // one type unknown
    [e('Echo', 'company'), e('Blue Echo', 'product'), 'short_form'], // ends the full name: the thing, after its maker
    [e('Quillon', 'person'), e('Quillon Ventures', 'company'), 'short_form'], // begins an organisation's name
    [e('QLN', 'company'), e('Quillon Labs Network', 'product'), 'acronym'], // an acronym is strong by itself
  ] as const)('%o and %o: %s', (short, long, kind) => {
    expect(proposedForm(short, long)).toBe(kind);
  });

  it.each([
    [e('Quillon', 'company'), e('Quillon Cloud', 'product')], // a maker and its product
    [e('Harbor', 'product'), e('Harbor City', 'location')], // places
    [e('Harbor', 'location'), e('Blue Harbor', 'product')],
    [e('Venn', 'person'), e('Marla Venn', 'person')], // people: a part name, not a name form
  ] as const)('%o and %o: not proposed', (short, long) => {
    expect(proposedForm(short, long)).toBeUndefined();
  });
});
