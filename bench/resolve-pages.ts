/**
 * Same-name duplicates left by the resolver on real pages: every corpus page captured
 * (jsdom) and ingested one after another in Node, as the load run's reference does,
 * then the names that ended up as more than one entity of one type.
 *
 *   npx tsx bench/resolve-pages.ts [pages] [--aliases]
 *
 * A group here is either a homonym split on purpose (different co-mentions, e.g. a city
 * and its team) or a missed merge; the list is for reading. `--aliases` also lists every
 * entity that took other names (what the resolver merged), to read for wrong merges.
 * Last line: JSON summary.
 */
import { existsSync } from 'node:fs';
import { CORPUS_PAGES, corpusPageFiles } from '../e2e/load/load-run';
import { sequentialReplay } from '../e2e/load/sequential-replay';

if (!existsSync(CORPUS_PAGES)) {
  console.log(`resolve-pages: ${CORPUS_PAGES} not found (the corpus lives in ../shared/corpus); nothing to measure.`);
  console.log(JSON.stringify({ skipped: true, reason: 'corpus absent' }));
  process.exit(0);
}
const files = await corpusPageFiles();
const args = process.argv.slice(2);
const count = Number(args.find((a) => /^\d+$/.test(a)) ?? files.length);
const { groups, entities } = await sequentialReplay(files, count);
const merged = entities.filter((e) => e.aliases.length > 0);
if (args.includes('--aliases')) for (const e of merged) console.log(`  ${e.type.padEnd(10)} ${e.name}  [${e.aliases.join(' | ')}]`);
for (const [key, n] of [...groups].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) console.log(`  ${n}× ${key}`);
console.log(`pages ${count}, entities ${entities.length}, with other names ${merged.length}, same-name groups ${groups.size}`);
console.log(
  JSON.stringify({
    pages: count,
    entities: entities.length,
    withAliases: merged.length,
    sameNameGroups: groups.size,
    groups: Object.fromEntries(groups),
  }),
);
