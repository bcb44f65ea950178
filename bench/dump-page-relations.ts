/**
 * Prints every typed relationship each corpus page leaves in its own graph
 * ("page<TAB>from<TAB>label<TAB>to<TAB>sentence"), one a line, sorted: diff two runs to read what a
 * relation change adds and drops on every page of the corpus, gold or not (the rows of
 * `bench/relations-precision.md` are sampled from such a diff).
 *
 *   npx tsx bench/dump-page-relations.ts [../shared/corpus/pages] > before.tsv
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MENTIONED_WITH } from '../src/extract/relations/cooccurrence';
import { allEntities, allRelationships, buildGraph, pageFile, pageUrl } from './relations-gold';

const pagesDir = process.argv[2] ?? '../shared/corpus/pages';
if (!existsSync(pagesDir)) {
  console.error(`dump-page-relations: ${pagesDir} not found; nothing to dump.`);
  process.exit(0);
}
const pages = readdirSync(pagesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(pagesDir, d.name), { withFileTypes: true })
      .filter((p) => p.isDirectory())
      .map((p) => `${d.name}/${p.name}`),
  )
  .sort();
const lines: string[] = [];
for (const page of pages) {
  const file = pageFile(pagesDir, page);
  if (file === undefined) continue;
  const { store } = await buildGraph([{ html: readFileSync(file, 'utf8'), url: pageUrl(page) }]);
  const byId = new Map((await allEntities(store)).map((e) => [e.id, e.name]));
  for (const r of await allRelationships(store)) {
    if (r.label === MENTIONED_WITH) continue;
    const snippet = (await store.evidenceOfRelationship(r.id, 1))[0]?.snippet ?? '';
    lines.push([page, byId.get(r.from) ?? r.from, r.label, byId.get(r.to) ?? r.to, snippet.replace(/\s+/g, ' ')].join('\t'));
  }
}
console.log(lines.sort().join('\n'));
