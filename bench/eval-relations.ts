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
 *   - analysis ms per page (p50/p95): `analyzeCapture` alone with the page recognizer;
 *   - with `--readers`: who decided the typed relations the analysis hands to ingestion
 *     (structured data, text patterns, trigger rules, the classifier), and the trained
 *     classifier alone (no rules, no patterns) with and without its trigger-word gate,
 *     read off the analysis (entity names and aliases, not the resolved graph): its
 *     relations per page, the gold it finds, and the share of them the gold confirms (a
 *     floor of precision: the gold lists at most ten facts a page).
 *
 *   npm run eval:relations -- --gold bench/gold-pages [--pages ../shared/corpus/pages] [--misses] [--list] [--readers]
 *
 * `--list` prints every stored typed relationship with its sentence (for the precision
 * read by hand in `bench/relations-precision.md`). Last line: JSON summary.
 */
import { readFileSync } from 'node:fs';
import { JSDOM, VirtualConsole } from 'jsdom';
import { createPageRecognizer } from '../src/background/ingest';
import type { AnalyzedRelation, CaptureAnalysis } from '../src/core/capture';
import type { EntityId } from '../src/core/graph/ids';
import { analyzeCapture } from '../src/extract/analysis/analyze';
import type { RelationReaders } from '../src/extract/relations/extract';
import { capturePage } from '../src/extract/page/capture-page';
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
  GOLD_TO_GRAPH,
  namesOf,
  type GoldPageRelations,
} from './relations-gold';

const { goldDir, pagesDir, args } = goldArgs('eval:relations', '[--misses] [--list]');
const showMisses = args.includes('--misses');
const list = args.includes('--list');
const readers = args.includes('--readers');
/** The classifier alone, gated and not: no trigger rules, no text patterns. */
const ALONE: ReadonlyArray<{ readonly name: string; readonly readers: RelationReaders }> = [
  { name: 'classifier alone, no gate', readers: { rules: false, gate: false } },
  { name: 'classifier alone, gated', readers: { rules: false, gate: true } },
];
const aloneTotals = ALONE.map(() => ({ relations: 0, confirmed: 0, found: 0 }));
/** Typed relations of the full analysis by who decided them. */
const sources = new Map<string, number>();
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
  const analysis = analyzeCapture(capture, { recognizer });
  analysisMs.push(performance.now() - t0);
  if (readers) {
    for (const r of analysis.relations.filter((x) => x.label !== MENTIONED_WITH)) sources.set(source(r), (sources.get(source(r)) ?? 0) + 1);
    for (const [i, alone] of ALONE.entries()) {
      const a = analyzeCapture(capture, { recognizer, relationReaders: alone.readers });
      const classified = a.relations.filter((r) => source(r) === 'classifier');
      const scored = scoreAnalysis(page, a, classified);
      const t = aloneTotals[i];
      if (t !== undefined) {
        t.relations += classified.length;
        t.confirmed += scored.confirmed;
        t.found += scored.found;
      }
      if (list && i === 0)
        for (const r of classified)
          console.log(`  ALONE\t${page.page}\t${r.from}\t${r.label}\t${r.to}\t${r.confidence ?? ''}\t${r.snippet.replace(/\s+/g, ' ')}`);
    }
  }

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
if (readers) {
  const all = [...sources.values()].reduce((x, y) => x + y, 0);
  console.log(
    `typed relations of the analyses by reader: ${[...sources]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n} (${round(n / Math.max(1, all))})`)
      .join(', ')}`,
  );
  for (const [i, alone] of ALONE.entries()) {
    const t = aloneTotals[i];
    if (t === undefined) continue;
    console.log(
      `${alone.name}: relation recall ${round(t.found / Math.max(1, gold))} (${t.found}/${gold}), ${round(t.relations / Math.max(1, pages))} typed/page, gold-confirmed ${round(t.confirmed / Math.max(1, t.relations))} (${t.confirmed}/${t.relations})`,
    );
  }
}
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

/** Who decided a relation of an analysis: structured data, a text pattern, a trigger rule or the classifier. */
function source(r: AnalyzedRelation): string {
  if (r.origin === 'structured') return 'structured';
  return 'by' in r && typeof r.by === 'string' ? r.by : 'pattern';
}

/**
 * The gold relations of `page` that `relations` state (ends matched by the analysis's entity names and aliases, labels by
 * `GOLD_TO_GRAPH`), and how many of `relations` state a gold relation.
 */
function scoreAnalysis(
  page: GoldPageRelations,
  analysis: CaptureAnalysis,
  relations: readonly AnalyzedRelation[],
): { found: number; confirmed: number } {
  const keys = new Map(analysis.entities.map((e) => [e.name, new Set([e.name, ...e.aliases].map(goldKey))]));
  const names = (gold: string, entity: string) => namesOf(page, gold).some((n) => keys.get(entity)?.has(goldKey(n)) === true);
  const states = (g: GoldPageRelations['relations'][number], r: AnalyzedRelation) => {
    const map = GOLD_TO_GRAPH.get(g.label);
    return (
      (map?.same.includes(r.label) === true && names(g.from, r.from) && names(g.to, r.to)) ||
      (map?.reversed.includes(r.label) === true && names(g.to, r.from) && names(g.from, r.to))
    );
  };
  return {
    found: page.relations.filter((g) => relations.some((r) => states(g, r))).length,
    confirmed: relations.filter((r) => page.relations.some((g) => states(g, r))).length,
  };
}
