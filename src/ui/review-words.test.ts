import { describe, expect, it } from 'vitest';
import { reviewReasonWords } from './review-words';

describe('reviewReasonWords', () => {
  it('turns the resolver threshold reason into a sentence with percentages', () => {
    expect(reviewReasonWords("best candidate's confidence 0.574 is below auto_accept_threshold 0.85")).toBe(
      'Probably the same as one you have (57% sure), but Ariadne merges by itself only from 85%.',
    );
  });

  it('says how many entities fit equally well', () => {
    expect(reviewReasonWords('3 candidates are about equally likely (log-odds within 0.4)')).toMatch(/^3 entities you have fit this name/);
  });

  it('keeps reasons already written for people', () => {
    const clash = '“Porto” is stored both as a person and as a location: the same thing typed two ways, or two things with one name?';
    expect(reviewReasonWords(clash)).toBe(clash);
  });
});
