/**
 * Golden capture tests on news and business pages of the metascraper corpus,
 * most carrying JSON-LD or OpenGraph: central entities and types, structured
 * relations, and no furniture (newsletter boxes, share bars, legal links).
 */
import { describe, it } from 'vitest';
import type { GoldenPage } from './harness';
import { checkGolden, CORPUS_MISSING, corpusPresent, runGolden } from './harness';

const PAGES: readonly GoldenPage[] = [
  {
    file: 'metascraper/atlasobscura/input.html',
    entities: [
      ['Atlas Obscura', 'company'],
      ['Joshua Foer', 'person'],
      ['Dylan Thuras', 'person'],
      ['Cara Giaimo', 'person'],
      ['New York', 'location'],
      ['Sweden', 'location'],
    ],
    relations: [
      ['Atlas Obscura', 'founded_by', 'Joshua Foer'],
      ['Atlas Obscura', 'founded_by', 'Dylan Thuras'],
      ['Atlas Obscura', 'located_in', 'New York'],
    ],
    notInText: ['Cookie Policy', 'Privacy Policy', 'Newsletter'],
  },
  {
    file: 'metascraper/teslahunt/input.html',
    entities: [
      ['Tesla', 'company'],
      ['Tesla Model S P100D 2018', 'product'],
    ],
    relations: [['Tesla Model S P100D 2018', 'manufactured_by', 'Tesla']],
  },
  {
    file: 'metascraper/npr/input.html',
    entities: [
      ['NPR', 'company'],
      ['Darian Woods', 'person'],
      ['Taiwan', 'location'],
    ],
    absent: ['Fork The Government'],
    notInText: ['Sign up'],
  },
  {
    file: 'metascraper/therams/input.html',
    entities: [
      ['Cooper Kupp', 'person'],
      ['Puka Nacua', 'person'],
      ['Stu Jackson', 'person'],
      ['Rams', 'company'],
    ],
    notInText: ['Privacy Policy', 'Advertisement'],
  },
  {
    file: 'metascraper/vice/input.html',
    entities: [
      ['Google', 'company'],
      ['Oracle', 'company'],
      ['Sarah Jeong', 'person'],
      ['VICE', 'company'],
      ['William Alsup', 'person'],
    ],
    absent: ['ORIGINAL REPORTING ON EVERYTHING THAT MATTERS IN YOUR INBOX.'],
    notInText: ['Read more', 'Sign up', 'Privacy Policy', 'Advertisement'],
  },
  {
    file: 'metascraper/medium/input.html',
    entities: [
      ['Medium', 'company'],
      ['webpack', 'company'],
      ['Sean T. Larkin', 'person'],
      ['JavaScript', 'technology'],
      ['TypeScript', 'technology'],
    ],
    absent: ['What’s new?', 'What’s next?', 'Scope Hoisting'],
  },
  {
    file: 'metascraper/engadget/input.html',
    entities: [
      ['Engadget', 'company'],
      ['Mallory Locklear', 'person'],
      ['Nat Friedman', 'person'],
      ['Microsoft', 'company'],
    ],
    notInText: ['Privacy Policy', 'Terms of Service'],
  },
];

describe.skipIf(!corpusPresent)(`golden capture on metascraper corpus pages${corpusPresent ? '' : ` (${CORPUS_MISSING})`}`, () => {
  for (const page of PAGES) {
    it(`${page.file.split('/')[1] ?? page.file}: central entities, relations, no furniture`, () => {
      checkGolden(page, runGolden(page.file));
    });
  }
});
