/**
 * Same-name duplicates left by the resolver on real pages: every corpus page captured
 * (jsdom) and ingested one after another in Node, as the load run's reference does,
 * then the names that ended up as more than one entity of one type.
 *
 *   npx tsx bench/resolve-pages.ts [pages]
 *
 * A group here is either a homonym split on purpose (different co-mentions, e.g. a city
 * and its team) or a missed merge; the list is for reading. Last line: JSON summary.
 */
import { existsSync } from 'node:fs';
import { CORPUS_PAGES, corpusPageFiles } from '../e2e/load/load-run';
import { sequentialNameGroups } from '../e2e/load/sequential-replay';

if (!existsSync(CORPUS_PAGES)) {
  console.log(`resolve-pages: ${CORPUS_PAGES} not found (the corpus lives in ../shared/corpus); nothing to measure.`);
  console.log(JSON.stringify({ skipped: true, reason: 'corpus absent' }));
  process.exit(0);
}
const files = await corpusPageFiles();
const count = Number(process.argv[2] ?? files.length);
const groups = await sequentialNameGroups(files, count);
for (const [key, n] of [...groups].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) console.log(`  ${n}× ${key}`);
console.log(`pages ${count}, same-name groups ${groups.size}`);
console.log(JSON.stringify({ pages: count, sameNameGroups: groups.size, groups: Object.fromEntries(groups) }));
