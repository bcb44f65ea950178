/**
 * `npx tsx bench/search-floor.ts`: the search floor (RELEVANT_SCORE) measured on real
 * pages. The gold pages are split by order into two halves; the first half is captured
 * and ingested into a graph through the extension's path. Then:
 *   - typos: every entity name of the graph of 5+ letters, one letter dropped in its middle
 *     and, apart, two middle letters swapped, searched: found = the entity (or a same-named
 *     one) is a result above the floor;
 *   - absent names: every entity name of the second half whose name key the graph lacks,
 *     searched: a false match = any result above the floor.
 * Prints the share of each at the floor and at a few other thresholds. Last line: JSON.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { nameKey } from '../src/core/text/normalize';
import { NameIndex, RELEVANT_SCORE } from '../src/core/search/name-index';
import { allEntities, buildGraph, pageFile, pageUrl } from './relations-gold';

const GOLD = 'bench/gold-pages';
const PAGES = '../shared/corpus/pages';
const pages = readdirSync(GOLD)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => String(JSON.parse(readFileSync(`${GOLD}/${f}`, 'utf8')).page));
const inputs = pages.flatMap((p) => {
  const file = pageFile(PAGES, p);
  return file === undefined ? [] : [{ html: readFileSync(file, 'utf8'), url: pageUrl(p) }];
});
const half = Math.ceil(inputs.length / 2);
const known = await buildGraph(inputs.slice(0, half));
const other = await buildGraph(inputs.slice(half));
const index = await NameIndex.load(known.store);
const entities = await allEntities(known.store);
const keys = new Set(entities.map((e) => nameKey(e.name)));

const THRESHOLDS = [0.5, 0.6, RELEVANT_SCORE, 0.7, 0.75];
const typos = entities
  .filter((e) => /^\p{L}{5,}$/u.test(e.name.replace(/ /g, '')))
  .flatMap((e) => {
    const mid = Math.floor(e.name.length / 2);
    const key = nameKey(e.name);
    // One letter dropped, and two letters swapped, in the middle of the name.
    return [
      { query: e.name.slice(0, mid) + e.name.slice(mid + 1), key },
      { query: e.name.slice(0, mid - 1) + e.name.charAt(mid) + e.name.charAt(mid - 1) + e.name.slice(mid + 1), key },
    ];
  });
const absent = [...new Set((await allEntities(other.store)).map((e) => e.name))].filter((n) => !keys.has(nameKey(n)) && n.length >= 3);

const rows = THRESHOLDS.map((t) => {
  const found = typos.filter((q) => index.search(q.query, { limit: 10, minScore: t }).some((h) => nameKey(h.name) === q.key)).length;
  const falseMatches = absent.filter((n) => index.search(n, { limit: 10, minScore: t }).length > 0).length;
  return { threshold: t, typoFound: found / Math.max(1, typos.length), absentMatched: falseMatches / Math.max(1, absent.length) };
});
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(
  `graph: ${half} pages, ${entities.length} entities; ${typos.length} typos (a letter dropped, or two swapped); ${absent.length} names from the other ${inputs.length - half} pages absent from the graph`,
);
for (const r of rows)
  console.log(
    `  floor ${r.threshold.toFixed(2)}${r.threshold === RELEVANT_SCORE ? ' (RELEVANT_SCORE)' : ''}: typos found ${pct(r.typoFound)}, absent names given a result ${pct(r.absentMatched)}`,
  );
console.log(JSON.stringify({ pages: half, entities: entities.length, typos: typos.length, absent: absent.length, rows }));
