/**
 * Finding a captured page again by what was in its title, its site, its address or its
 * author line: every word of the query (folded: case and diacritics ignored) must occur in
 * one of them. Substring matching, so "ostra" finds "Ostra Pay" and "news.exa" the site.
 *
 * @example
 *   const match = pageMatcher('ostra tallinn');
 *   match({ title: 'Ostra Pay in Tallinn', site: 'news.example', url: 'https://news.example/a' }) // true
 */
import { fold } from '../text/normalize';

/** The fields of a page a query reads. */
export interface FindablePage {
  readonly title: string;
  readonly site: string;
  readonly url: string;
  readonly byline?: string;
}

/** Query words beyond this many are ignored (a pasted paragraph must not make each test slow). */
const MAX_WORDS = 12;

/** A test for pages matching `query`; an empty query matches every page. */
export function pageMatcher(query: string): (page: FindablePage) => boolean {
  const words = fold(query)
    .split(' ')
    .filter((w) => w !== '')
    .slice(0, MAX_WORDS);
  if (words.length === 0) return () => true;
  return (page) => {
    const text = fold(`${page.title} ${page.site} ${page.url} ${page.byline ?? ''}`);
    return words.every((w) => text.includes(w));
  };
}
