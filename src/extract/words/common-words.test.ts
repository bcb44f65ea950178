import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildEverydayWordsSource, EVERYDAY_WORDS_PATH } from '../../../tooling/build-everyday-words';
import { isDistinctiveName, isRareName, WordUse } from './common-words';
import { tokenize } from '../../nlp';

describe('common words capitalized only at a line start', () => {
  it('a heading word the page writes in lower case is not a name', () => {
    const use = new WordUse(tokenize('Values\nThe values of the team matter.\nRetrieved 5 June 2020.'));
    expect(use.isCommonWordOnly('Values')).toBe(true);
    // Never in lower case here, but an English verb form: still a common word.
    expect(use.isCommonWordOnly('Retrieved')).toBe(true);
  });
  it('a word capitalized in mid-sentence is a name, even if common elsewhere', () => {
    const use = new WordUse(tokenize('Segment\nWe moved our data to Segment last year, one segment at a time.'));
    expect(use.isCommonWordOnly('Segment')).toBe(false);
  });
  it('an uncommon word is never junk by this test', () => {
    expect(new WordUse(tokenize('Kubernetes\nIt runs.')).isCommonWordOnly('Kubernetes')).toBe(false);
  });
});

describe('names of proper-name shape (isDistinctiveName)', () => {
  it('an unfamiliar word or a name with one is a name', () => {
    expect(isDistinctiveName('Flutterwave')).toBe(true);
    expect(isDistinctiveName('Brookings Institution')).toBe(true);
    expect(isDistinctiveName('iMovie')).toBe(true);
    expect(isDistinctiveName('Ansar al-Sharia')).toBe(true);
    expect(isDistinctiveName('Lee Jae-myung')).toBe(true);
  });
  it('common words, acronyms and connectors alone are a capitalized phrase', () => {
    expect(isDistinctiveName('Small Business')).toBe(false);
    expect(isDistinctiveName('Head of Sales')).toBe(false);
    expect(isDistinctiveName('CPU')).toBe(false);
    expect(isDistinctiveName('the Apollo')).toBe(false);
  });
  it('adjective compounds, plural acronyms and glued words are not names', () => {
    expect(isDistinctiveName('AI-focused')).toBe(false);
    expect(isDistinctiveName('Zorblax-signed')).toBe(false);
    expect(isDistinctiveName('APIs')).toBe(false);
    expect(isDistinctiveName('Thursday.Anthony Wallace')).toBe(false);
    expect(isDistinctiveName('Nikhil&favColor')).toBe(false);
  });
  it('a word the page writes in lower case is common on that page', () => {
    expect(isDistinctiveName('Quokka')).toBe(true);
    expect(isDistinctiveName('Quokka', (w) => w === 'quokka')).toBe(false);
  });
});

describe('rare names (the bar for a name found once, unsurely)', () => {
  it('the everyday word list is rebuilt byte for byte from the pinned package', () => {
    expect(buildEverydayWordsSource()).toBe(readFileSync(EVERYDAY_WORDS_PATH, 'utf8'));
  });
  it('a proper name is rare, an everyday word capitalized is not', () => {
    expect(isRareName('Fidessa')).toBe(true);
    expect(isRareName('Osama bin Laden')).toBe(true);
    expect(isRareName('Funny')).toBe(false);
    expect(isRareName('Precision Boost')).toBe(false);
    // Distinctive (not in the small CoNLL vocabulary) but everyday all the same.
    expect(isDistinctiveName('Furthermore')).toBe(true);
    expect(isRareName('Furthermore')).toBe(false);
  });
});
