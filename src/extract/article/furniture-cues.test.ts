import { describe, expect, it } from 'vitest';
import { hasFurnitureClass, headingKey, isFurnitureHeading, startsWithPointerLabel } from './furniture-cues';

describe('isFurnitureHeading', () => {
  it('reads the headings of rails, boxes, bios and comment sections, with their punctuation', () => {
    for (const heading of [
      'Most popular',
      'MOST READ',
      'More from Quillby News',
      'More on this story',
      'More games news:',
      'Related stories',
      'You might also like',
      'Read next »',
      '3 comments on “Zentrix ships a kettle”',
      'Leave a reply',
      'About the author',
      'Sign up for the Morning Lark',
      'Support independent journalism',
    ])
      expect(isFurnitureHeading(heading), heading).toBe(true);
  });

  it('leaves article headings that start with the same words alone', () => {
    for (const heading of [
      'Related party transactions',
      'More on the merger',
      'Most popular frameworks',
      'Comments from the regulator',
      'Trending downward since March',
      'Discussion',
      'Popular support grows',
    ])
      expect(isFurnitureHeading(heading), heading).toBe(false);
  });

  it('trims punctuation and arrows by hand and folds case', () => {
    expect(headingKey('  » Related Stories: ')).toBe('related stories');
    expect(headingKey('!!!')).toBe('');
  });
});

describe('startsWithPointerLabel', () => {
  it('finds "Read more:" and "[Read:" lines, not prose that reads', () => {
    expect(startsWithPointerLabel('Read more: Zentrix buys a bakery')).toBe(true);
    expect(startsWithPointerLabel('[Read: Why Quillby left Ostrava]')).toBe(true);
    expect(startsWithPointerLabel('Readers of the Morning Lark wrote in.')).toBe(false);
  });
});

describe('hasFurnitureClass', () => {
  it('finds furniture words among class tokens, camelCase and pairs included', () => {
    expect(hasFurnitureClass('story-footer authorBio-x7Qz')).toBe(true);
    expect(hasFurnitureClass('rail mostRead')).toBe(true);
    expect(hasFurnitureClass('newsletter-inline')).toBe(true);
  });

  it('matches whole tokens only', () => {
    expect(hasFurnitureClass('article-body biography')).toBe(false);
    expect(hasFurnitureClass('commentary relatedness')).toBe(false);
  });
});
