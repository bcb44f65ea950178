/**
 * `npm run eval:types -- --gold <dir>`: types and names in ONE shared graph. Every page
 * of a gold set is captured and ingested in turn into one in-memory graph (the
 * extension's path, `buildGraph`), so a type decided by evidence across pages (and an
 * alias brought by another page) shows here, where `eval:pages` builds each page alone.
 * Each page is then judged by its own gold lists (`tooling/eval/page-score.ts`) on the
 * entities the shared graph lists for it (`Page.entityIds`), with the type, name and
 * aliases those entities have at the end: typed recall (`scorePage`) and typed precision
 * (`scoreStored` / `storedJudge`).
 *
 * Also counted: false aliases, an entity whose name and one of its aliases are two
 * different article names of one gold page (e.g. a company and an unrelated product).
 *
 *   npm run eval:types -- --gold bench/gold-pages [--misses] [--pages ../shared/corpus/pages]
 *
 * Last line JSON.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Entity } from '../src/core/graph/types';
import { allEntities, buildGraph, goldArgs, pageFile, pageUrl } from './relations-gold';
import {
  goldKey,
  parsePageGold,
  scorePage,
  scoreStored,
  totalPrecision,
  totalScore,
  type PageGold,
  type PageScore,
  type StoredScore,
} from '../tooling/eval/page-score';

const { goldDir, pagesDir, args } = goldArgs('eval:types', '[--misses]');
const misses = args.includes('--misses');

const golds: { gold: PageGold; html: string; url: string }[] = [];
for (const file of readdirSync(goldDir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const raw: unknown = JSON.parse(readFileSync(join(goldDir, file), 'utf8'));
  // Not every JSON file of a gold folder is a page's gold (the check set's floors.json).
  if (typeof raw !== 'object' || raw === null || !Object.hasOwn(raw, 'page')) continue;
  const gold = parsePageGold(raw, file);
  const html = pageFile(pagesDir, gold.page);
  if (html === undefined) {
    console.log(`${gold.page}: page not found under ${pagesDir}, skipped`);
    continue;
  }
  golds.push({ gold, html: readFileSync(html, 'utf8'), url: pageUrl(gold.page) });
}

const t0 = performance.now();
const { store } = await buildGraph(golds.map((g) => ({ html: g.html, url: g.url })));
const all = await allEntities(store);

/** Article names (must ∪ entities) of one gold page: name key → the key of that entity's gold name. */
function articleNames(gold: PageGold): Map<string, string> {
  const out = new Map<string, string>();
  for (const g of [...gold.must, ...(gold.precision?.entities ?? [])])
    for (const n of [g.name, ...g.aliases]) if (!out.has(goldKey(n))) out.set(goldKey(n), goldKey(g.name));
  return out;
}

/** "name ← alias" of each entity whose name and an alias are two different article names of the page. */
function falseAliases(gold: PageGold, entities: readonly Entity[]): string[] {
  const names = articleNames(gold);
  const out: string[] = [];
  for (const e of entities) {
    const own = names.get(goldKey(e.name));
    if (own === undefined) continue;
    for (const a of e.aliases) {
      const other = names.get(goldKey(a));
      if (other !== undefined && other !== own) out.push(`${e.name} ← ${a}`);
    }
  }
  return out;
}

const scores: PageScore[] = [];
const stored: StoredScore[] = [];
const wrongAliases = new Set<string>();
for (const { gold, url } of golds) {
  const page = await store.getPage(url);
  const entities = page === undefined ? [] : await store.getEntities(page.entityIds);
  const s = scorePage(gold, entities);
  scores.push(s);
  const p = scoreStored(gold, entities);
  if (p !== undefined) stored.push(p);
  const fa = falseAliases(gold, entities);
  for (const x of fa) wrongAliases.add(x);
  const r = (a: number) => (s.must === 0 ? '-' : (a / s.must).toFixed(2));
  const precision = p === undefined || p.judged === 0 ? '' : ` | precision ${(p.right / p.judged).toFixed(2)}, wrong type ${p.wrongType}`;
  console.log(`${gold.page.padEnd(52)} must ${r(s.found)} typed ${r(s.typedStrict)} entities ${s.entities}${precision}`);
  if (misses) {
    if (s.mistyped.length > 0) console.log(`  mistyped: ${s.mistyped.join('; ')}`);
    const wrong = p?.errors.filter((e) => !e.endsWith('not an entity') && !e.endsWith('page furniture')) ?? [];
    if (wrong.length > 0) console.log(`  stored wrong type: ${wrong.join('; ')}`);
    if (fa.length > 0) console.log(`  false aliases: ${fa.join('; ')}`);
  }
}

const t = totalScore(scores);
const p = totalPrecision(stored);
console.log(
  `one graph of ${golds.length} pages, ${all.length} entities: must-have recall ${t.mustRecall}, typed recall ${t.typedStrict} (technology≈product ${t.typedLoose})`,
);
console.log(
  `precision (${p.judged} of ${p.stored} page-entity pairs judged): typed ${p.typedPrecision} (technology≈product ${p.typedPrecisionLoose}), wrong type ${p.wrongTypeShare}, not-entity ${p.notEntityShare}, furniture ${p.furnitureShare}`,
);
for (const [type, v] of Object.entries(p.byStoredType))
  console.log(`  stored ${type.padEnd(10)} ${String(v.judged).padStart(4)} judged, precision ${v.precision}`);
console.log(`false aliases (name and alias are two article names of one page): ${wrongAliases.size}`);
if (misses && wrongAliases.size > 0) for (const x of [...wrongAliases].sort()) console.log(`  ${x}`);
console.log(
  JSON.stringify({
    pages: golds.length,
    entities: all.length,
    mustRecall: t.mustRecall,
    typedRecall: t.typedStrict,
    typedRecallLoose: t.typedLoose,
    typedPrecision: p.typedPrecision,
    typedPrecisionLoose: p.typedPrecisionLoose,
    wrongTypeShare: p.wrongTypeShare,
    notEntityShare: p.notEntityShare,
    judged: p.judged,
    stored: p.stored,
    falseAliases: wrongAliases.size,
    seconds: Math.round((performance.now() - t0) / 100) / 10,
  }),
);
