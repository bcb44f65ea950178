/**
 * The review items the name-form rules (`src/core/resolve/name-forms.ts`) propose on corpus
 * pages, through the real path (capture, analysis, resolver, ingestion), all pages in one
 * graph: each item with its page, for judging by hand, and the count beside the other
 * review items.
 *
 *   npx tsx bench/name-form-reviews.ts [<set>/<name> …]   (default: every corpus page)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildGraph, pageFile, pageUrl } from './relations-gold';

const pagesDir = '../shared/corpus/pages';
const given = process.argv.slice(2);
const names =
  given.length > 0 ? given : readdirSync(pagesDir).flatMap((set) => readdirSync(join(pagesDir, set)).map((page) => `${set}/${page}`));
const pages = names.flatMap((name) => {
  const file = pageFile(pagesDir, name);
  return file === undefined ? [] : [{ name, html: readFileSync(file, 'utf8'), url: pageUrl(name) }];
});
const byUrl = new Map(pages.map((p) => [p.url, p.name]));
const { store } = await buildGraph(pages);
const reviews = await store.listReviews('pending', 10_000);
const forms = reviews.filter((r) => / may be (the acronym of|a short form of) /.test(r.reason));
for (const r of forms) {
  console.log(
    `${byUrl.get(r.mention.pageUrl) ?? r.mention.pageUrl}\t${r.mention.name} (${r.mention.type}) → ${r.candidates.map((c) => `${c.label} (${c.type})`).join(' | ')}`,
  );
}
console.log(`pages ${pages.length}; pending review items ${reviews.length}, of which name forms ${forms.length}`);
