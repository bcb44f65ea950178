/**
 * `npm run eval:relations -- --gold <dir>`: each gold page built into its own
 * fresh graph through the extension's path (jsdom capture → `createIngest`), then the
 * gold's relations looked up among the graph's relationships:
 *   - recall: a gold fact counts when the graph links entities named by its two ends
 *     (name or alias, case-folded) with a label that states it (`GOLD_TO_GRAPH`, in the
 *     gold's direction or reversed as the label says);
 *   - pair recall: any typed edge between the two ends (a looser figure);
 *   - typed relationships per page and `mentioned_with` links per page;
 *   - missed relations whose two ends are both entities of the page's graph (the relation's
 *     miss, not recognition's; `--misses` marks them "[both ends in graph]");
 *   - analysis ms per page (p50/p95): `analyzeCapture` alone with the page recognizer.
 *
 *   npm run eval:relations -- --gold bench/gold-pages [--pages ../shared/corpus/pages] [--misses] [--list]
 *
 * `--list` prints every stored typed relationship with its sentence (for the precision
 * read by hand in `bench/relations-precision.md`). Last line: JSON summary.
 */
import { readFileSync } from 'node:fs';
import { JSDOM, VirtualConsole } from 'jsdom';
import { createPageRecognizer } from '../src/background/ingest';
import type { EntityId } from '../src/core/graph/ids';
import { analyzeCapture } from '../src/extract/analyze';
import { capturePage } from '../src/extract/capture-page';
import { goldKey } from '../tooling/eval/page-score';
import { MENTIONED_WITH } from '../src/extract/relations/cooccurrence';
import {
  allEntities,
  allRelationships,
  buildGraph,
  matchGoldRelation,
  pageFile,
  pageUrl,
  percentile,
  readGoldRelations,
  goldArgs,
} from './relations-gold';

const { goldDir, pagesDir, args } = goldArgs('eval:relations', '[--misses] [--list]');
const showMisses = args.includes('--misses');
const list = args.includes('--list');
const recognizer = createPageRecognizer();
let gold = 0;
let found = 0;
let pairFound = 0;
let typed = 0;
let cooc = 0;
let pages = 0;
/** Missed gold relations whose two ends are both entities of the page's graph (a relation's miss, not recognition's). */
let bothEnds = 0;
const analysisMs: number[] = [];
const byLabel = new Map<string, [number, number]>();
for (const page of readGoldRelations(goldDir)) {
  const file = pageFile(pagesDir, page.page);
  if (file === undefined) {
    console.log(`${page.page}: page not found under ${pagesDir}, skipped`);
    continue;
  }
  const html = readFileSync(file, 'utf8');
  const url = pageUrl(page.page);
  // Analysis time alone (capture excluded), as the worker spends it.
  const dom = new JSDOM(html, { url, virtualConsole: new VirtualConsole() });
  const capture = capturePage(dom.window.document, url, { now: 1_000, timeBudgetMs: 60_000 });
  dom.window.close();
  const t0 = performance.now();
  analyzeCapture(capture, { recognizer });
  analysisMs.push(performance.now() - t0);

  const { store } = await buildGraph([{ html, url }]);
  const entities = await allEntities(store);
  const rels = await allRelationships(store);
  const byId = new Map(entities.map((e) => [e.id, e]));
  const keysOf = (id: EntityId): Set<string> => {
    const e = byId.get(id);
    return new Set(e === undefined ? [] : [e.name, ...e.aliases].map(goldKey));
  };
  const typedRels = rels.filter((r) => r.label !== MENTIONED_WITH);
  pages += 1;
  typed += typedRels.length;
  cooc += rels.length - typedRels.length;
  let pageFound = 0;
  const misses: string[] = [];
  for (const g of page.relations) {
    gold += 1;
    const { isFrom, isTo, hit, pair } = matchGoldRelation(page, g, keysOf, typedRels);
    const counts = byLabel.get(g.label) ?? [0, 0];
    byLabel.set(g.label, [counts[0] + 1, counts[1] + (hit ? 1 : 0)]);
    if (hit) pageFound += 1;
    else {
      // Which end the graph lacks (recognition's miss) or none (the relation's miss).
      const absent = [g.from, g.to].filter((n, i) => !entities.some((e) => (i === 0 ? isFrom(e.id) : isTo(e.id))) && n.length > 0);
      if (absent.length === 0) bothEnds += 1;
      misses.push(`${g.from} ${g.label} ${g.to}${absent.length === 0 ? ' [both ends in graph]' : ''}`);
    }
    if (pair) pairFound += 1;
  }
  found += pageFound;
  console.log(
    `${page.page.padEnd(52)} gold ${String(page.relations.length).padStart(2)} found ${String(pageFound).padStart(2)} typed ${String(typedRels.length).padStart(3)} mentioned_with ${rels.length - typedRels.length}`,
  );
  if (showMisses && misses.length > 0) console.log(`  missed: ${misses.join('; ')}`);
  if (list) {
    const ev = await Promise.all(typedRels.map(async (r) => (await store.evidenceOfRelationship(r.id, 1))[0]?.snippet ?? ''));
    typedRels.forEach((r, i) =>
      console.log(
        `  REL\t${page.page}\t${byId.get(r.from)?.name ?? r.from}\t${r.label}\t${byId.get(r.to)?.name ?? r.to}\t${(ev[i] ?? '').replace(/\s+/g, ' ')}`,
      ),
    );
  }
}
const round = (x: number) => Math.round(x * 1000) / 1000;
console.log(
  `overall: ${pages} pages, relation recall ${round(found / Math.max(1, gold))} (${found}/${gold}), pair recall ${round(pairFound / Math.max(1, gold))}, typed relationships/page ${round(typed / Math.max(1, pages))}, mentioned_with/page ${round(cooc / Math.max(1, pages))}, analysis ms p50 ${Math.round(percentile(analysisMs, 0.5))} p95 ${Math.round(percentile(analysisMs, 0.95))}, missed with both ends in the graph ${bothEnds}`,
);
for (const [label, [n, f]] of [...byLabel].sort((a, b) => b[1][0] - a[1][0]))
  console.log(`  ${label.padEnd(18)} ${String(f).padStart(3)}/${n}`);
console.log(
  JSON.stringify({
    pages,
    gold,
    found,
    recall: round(found / Math.max(1, gold)),
    pairRecall: round(pairFound / Math.max(1, gold)),
    typedPerPage: round(typed / Math.max(1, pages)),
    mentionedWithPerPage: round(cooc / Math.max(1, pages)),
    analysisMsP50: Math.round(percentile(analysisMs, 0.5)),
    analysisMsP95: Math.round(percentile(analysisMs, 0.95)),
    missedWithBothEnds: bothEnds,
  }),
);
