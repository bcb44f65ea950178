import { describe, expect, it } from 'vitest';
import { appealStrength, bioCue } from './reader-cues';

describe('appealStrength', () => {
  it('tells an imperative appeal from a newsletter mention, and neither from prose', () => {
    expect(appealStrength('Sign up for the Morning Lark, delivered to your inbox every day.')).toBe('strong');
    expect(appealStrength('Tova Ingram picks the best stories in this weekly newsletter.')).toBe('weak');
    expect(appealStrength('Zentrix said the newsletter business grew.')).toBe('none');
  });

  it('does not read a long paragraph as a box', () => {
    const long = `Sign up for it, the founders said. ${'Zentrix grew its kettle line across the county. '.repeat(8)}`;
    expect(appealStrength(long)).toBe('none');
  });
});

describe('bioCue', () => {
  it('reads an author bio: a name, then a writing job or a beat, or where to follow them', () => {
    expect(bioCue('Mira Osk is a staff writer covering ports and shipping.')).toBe('role');
    expect(bioCue('Teo Vance covers the Quillby city council.')).toBe('role');
    expect(bioCue('You can follow her on Mastodon at @mira.')).toBe('contact');
  });

  it('leaves people of the article alone', () => {
    expect(bioCue('Mira Osk is the chief executive of Zentrix.')).toBe('none');
    expect(bioCue('The editor of the Quillby Gazette declined to comment.')).toBe('none');
  });
});
