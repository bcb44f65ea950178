import { describe, expect, it } from 'vitest';
import { WordUse } from './common-words';
import { tokenize } from './ner/tokenize';

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
