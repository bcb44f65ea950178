/**
 * Prints every entity each gold page leaves in its own graph ("page<TAB>name<TAB>type"), one a
 * line, sorted: diff two runs to read what a recognition change adds and drops.
 *
 *   npx tsx bench/dump-page-graphs.ts bench/gold-pages > before.tsv
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { graphOfPage } from './eval-pages-gold';
import { pageFile } from './relations-gold';
import { parsePageGold } from '../tooling/eval/page-score';

const goldDir = process.argv[2] ?? 'bench/gold-pages';
const pagesDir = process.argv[3] ?? '../shared/corpus/pages';
const lines: string[] = [];
for (const file of readdirSync(goldDir).filter((f) => f.endsWith('.json'))) {
  const gold = parsePageGold(JSON.parse(readFileSync(join(goldDir, file), 'utf8')), file);
  const html = pageFile(pagesDir, gold.page);
  if (html === undefined) continue;
  const url = `https://${gold.page.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}.example/page`;
  for (const e of await graphOfPage(readFileSync(html, 'utf8'), url)) lines.push(`${gold.page}\t${e.name}\t${e.type}`);
}
console.log(lines.sort().join('\n'));
