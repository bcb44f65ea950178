/**
 * Prints every entity each gold page leaves in its own graph ("page<TAB>name<TAB>type"), one a
 * line, sorted: diff two runs to read what a recognition change adds and drops.
 *
 *   npx tsx bench/dump-page-graphs.ts bench/gold-pages > before.tsv
 */
import { readFileSync } from 'node:fs';
import { graphOfPage } from './eval-pages-gold';
import { pageUrl, readPageGolds } from './relations-gold';

const goldDir = process.argv[2] ?? 'bench/gold-pages';
const pagesDir = process.argv[3] ?? '../shared/corpus/pages';
const lines: string[] = [];
for (const { gold, file } of readPageGolds(goldDir, pagesDir))
  for (const e of await graphOfPage(readFileSync(file, 'utf8'), pageUrl(gold.page))) lines.push(`${gold.page}\t${e.name}\t${e.type}`);
console.log(lines.sort().join('\n'));
