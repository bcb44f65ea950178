/**
 * Golden capture tests on entity-rich English pages of the Readability corpus
 * (`pages/readability/MANIFEST.csv`): central entities and types, relations,
 * and no furniture (section headings, nav, sharing and legal links).
 */
import { describe, it } from 'vitest';
import type { GoldenPage } from './harness';
import { checkGolden, CORPUS_MISSING, corpusPresent, runGolden } from './harness';

const PAGES: readonly GoldenPage[] = [
  {
    file: 'readability/gitlab-blog/source.html',
    entities: [
      ['GitLab', 'company'],
      ['Sid Sijbrandij', 'person'],
      ['Dmitriy Zaporozhets', 'person'],
      ['San Francisco', 'location'],
      ['Dave Steer', 'person'],
      ['RedMonk', 'company'],
    ],
    relations: [
      ['GitLab', 'founded_by', 'Sid Sijbrandij'],
      ['GitLab', 'founded_by', 'Dmitriy Zaporozhets'],
      ['GitLab', 'located_in', 'San Francisco'],
    ],
    absent: ['Explore this year’s report', 'The cloud becomes table stakes'],
  },
  {
    file: 'readability/google-sre-book-1/source.html',
    entities: [
      ['Google', 'company'],
      ['Gmail', 'product'],
      ['HTTP', 'technology'],
    ],
    absent: ['Monitoring Distributed Systems', 'Definitions', 'Why Monitor?', 'The Four Golden Signals', 'Symptoms Versus Causes'],
  },
  {
    file: 'readability/mozilla-1/source.html',
    entities: [
      ['Firefox', 'product'],
      ['Mozilla', 'company'],
    ],
    absent: ['Themes', 'Add-ons', 'More ways to customize', 'Designed to be redesigned'],
  },
  {
    file: 'readability/lazy-image-1/source.html',
    entities: [
      ['Node.js', 'technology'],
      ['Vincent Vallet', 'person'],
      ['Voodoo Engineering', 'company'],
      ['V8', 'technology'],
    ],
    absent: ['Resources', 'Warnings', 'Conclusion', 'Inspector', 'Sources & links'],
  },
  {
    file: 'readability/wapo-2/source.html',
    entities: [
      ['Benjamin Netanyahu', 'person'],
      ['Obama', 'person'],
      ['Israel', 'location'],
      ['Iran', 'location'],
      ['Washington Post', 'company'],
      ['Brookings Institution', 'company'],
      ['Martin Indyk', 'person'],
    ],
  },
  {
    file: 'readability/aclu/source.html',
    entities: [
      ['Facebook', 'company'],
      ['American Civil Liberties Union', 'company'],
      ['Daniel Kahn Gillmor', 'person'],
      ['Cambridge Analytica', 'company'],
    ],
    absent: ['Consent', 'Privilege', 'Technical countermeasures', 'Opting out?'],
  },
  {
    file: 'readability/cnn/source.html',
    entities: [
      ['U.S.', 'location'],
      ['Ahiza Garcia', 'person'],
      ['CNNMoney', 'company'],
      ['Stanford University', 'company'],
      ['Finland', 'location'],
    ],
  },
];

describe.skipIf(!corpusPresent)(`golden capture on Readability corpus pages${corpusPresent ? '' : ` (${CORPUS_MISSING})`}`, () => {
  for (const page of PAGES) {
    it(`${page.file.split('/')[1] ?? page.file}: central entities, relations, no furniture`, () => {
      checkGolden(page, runGolden(page.file));
    });
  }
});
