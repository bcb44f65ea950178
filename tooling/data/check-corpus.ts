/**
 * Copies real web pages from a public repository's snapshot into the check corpus beside the
 * project (`../check-corpus/pages/<set>/<name>/source.html`, like `../shared/corpus/pages`):
 * pages annotated to *measure* on (`bench/check-fetched/`), never to train or tune on. The pages
 * belong to their publishers, so they stay outside the repository; `bench/check-fetched/README.md`
 * says where they come from.
 *
 *   npx tsx tooling/data/check-corpus.ts --mirror <git dir of adbar/trafilatura> [--out ../check-corpus/pages]
 *
 * Set `trafilatura`: English pages of adbar/trafilatura's `tests/cache/` (Apache-2.0 repository;
 * pages © their publishers), from sites neither the dev gold, the training pages nor the
 * article-extraction benchmark's pages come from (checked by URL against that benchmark's
 * `ground-truth.json`: no page in common).
 */
import { resolve } from 'node:path';
import { copyFromMirror } from './mirror-copy';

/** File names under `tests/cache/` (less `.html`). */
export const TRAFILATURA_PAGES: readonly string[] = [
  'blog.python.org',
  'blog.wordpress.com.diverse',
  'boingboing.net.millenials',
  'caktusgroup.com.django',
  'creativecommons.org',
  'dw.com.colonial',
  'dw.com.uncork',
  'github.blog.spiceland',
  'gregoryszorc.com.python3',
  'knowtechie.com.rally',
  'kulu-media.com.meta-outage',
  'lemire.me.json',
  'luxuriousmagazine.com.polo',
  'luxuryhaven.co.hyatt',
  'mercurynews.com.2023.01.16.letters-1119',
  'nature.com.telescope',
  'pcgamer.com.skyrim',
  'phys.org.tool',
  'pluralsight.com.python',
  'salon.com.emissions',
  'scmp.com.playbook',
  'stackoverflow.com.rust',
  'theplanetarypress.com.forestlands',
  'threatpost.com.android',
  'vancouversun.com.microsoft',
  'wikimediafoundation.org.turkey',
  'womencantalksports.com.top10',
];

/** "blog.python.org" → "blog-python-org". */
export function checkPageName(file: string): string {
  return file.replaceAll('.', '-');
}

function main(): void {
  copyFromMirror({
    usage: 'npx tsx tooling/data/check-corpus.ts --mirror <git dir of adbar/trafilatura> [--out ../check-corpus/pages]',
    defaultOut: '../check-corpus/pages',
    set: 'trafilatura',
    repository: 'adbar/trafilatura',
    source: 'tests/cache/ (Apache-2.0 repository; page content © its publishers)',
    pages: TRAFILATURA_PAGES.map((f) => ({ path: `tests/cache/${f}.html`, name: checkPageName(f) })),
    file: 'source.html',
  });
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
