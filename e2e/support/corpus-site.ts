// The corpus's pages (../shared/corpus/pages, outside the repo) served as the test site: the
// fixture's browser allows only the site's origin. `CORPUS_PAGES` is absent on a machine
// without the corpus; specs skip then.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serveDirectory } from '../../src/cli/static-server';
import { test as base, type Site } from './fixtures';

const REPO = resolve(import.meta.dirname, '../..');
export const CORPUS_PAGES = resolve(REPO, '../shared/corpus/pages');

export const corpusTest = base.extend<object, { site: Site }>({
  site: [
    async ({}, use) => {
      const server = await serveDirectory(existsSync(CORPUS_PAGES) ? CORPUS_PAGES : REPO);
      await use({ origin: server.origin, url: (path) => `${server.origin}/${path.replace(/^\//, '')}` });
      await server.close();
    },
    { scope: 'worker' },
  ],
});
