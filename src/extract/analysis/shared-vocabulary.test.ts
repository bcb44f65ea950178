// Capture's relation rules and the query side's sentence reading read one word table
// (core/text/relation-vocabulary.ts). These tests hold the two readers of a job apposition
// ("Ada Quinn, a data engineer at Fabrikam") to the same words: what breaks the phrase for
// one breaks it for the other. Invented phrases only.
import { describe, expect, it } from 'vitest';
import { tightBetween } from '../../core/query/sentence-reading';
import { NOT_A_JOB_WORDS, PAST_MARKERS } from '../../core/text/relation-vocabulary';
import { jobAt } from '../relations/rules-titles';

/** ", a data engineer <word> at": the words between a person and the organization after "at". */
const apposition = (word?: string): string[] => [',', 'a', 'data', 'engineer', ...(word === undefined ? [] : [word]), 'at'];

describe('one vocabulary for the job apposition, capture and questions', () => {
  it('both readers take the plain apposition as a job', () => {
    expect(jobAt(apposition())).toBe(true);
    expect(tightBetween('job', apposition(), true)).toBe(true);
  });

  it.each(NOT_A_JOB_WORDS)('"%s" inside the apposition makes it no job for either reader', (word) => {
    expect(jobAt(apposition(word))).toBe(false);
    expect(tightBetween('job', apposition(word), true)).toBe(false);
  });

  it.each(PAST_MARKERS)('"%s" makes the job a past one for either reader', (word) => {
    expect(jobAt(apposition(word))).toBe(false);
    expect(tightBetween('job', apposition(word), true)).toBe(false);
  });
});
