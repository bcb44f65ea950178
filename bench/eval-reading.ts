/**
 * `npm run eval:reading`: what a researcher finds in the graph after reading every page of a
 * gold set one after another (issue 32). `eval:pages` builds each page into its own graph;
 * here all of them go into one graph through the extension's path (jsdom capture →
 * `createIngest`: recognizer, analysis, resolver across pages, type decisions from every
 * page), and each stored entity is judged by the precision gold of the pages its evidence
 * comes from:
 *
 * - right / loose / wrong type / not an entity / furniture, by each page that judges one of
 *   its names (`judgeWithTypes`); a name two pages type differently counts right when its type
 *   is one of theirs;
 * - **joined apart**: one entity whose names are different entities of one page's gold, or
 *   of two pages' golds that share neither name nor alias (the "SAP" folded into "Snap" kind);
 * - **retyped wrong**: a name a page's own graph (`eval:pages`) types right and the reading
 *   graph does not: another page's evidence moved it.
 *
 * Prints the figures beside the per-page ones over the same pages, then (with `--list`) each
 * wrong entity. Last line: JSON summary.
 *
 *   npm run eval:reading -- --gold bench/gold-pages [--pages ../shared/corpus/pages] [--list]
 */
import { readFileSync } from 'node:fs';
import type { Entity } from '../src/core/graph/types';
import { goldKey, judgeWithTypes, type PageGold, type Verdict } from '../tooling/eval/page-score';
import { graphOfPage } from './eval-pages-gold';
import { allEntities, buildGraph, pageUrl, readPageGolds } from './relations-gold';

const argv = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 ? (argv[i + 1] ?? fallback) : fallback;
};
const goldDir = option('--gold', 'bench/gold-pages');
const pagesDir = option('--pages', '../shared/corpus/pages');
const list = argv.includes('--list');

interface GoldPage {
  readonly gold: PageGold;
  readonly url: string;
  readonly html: string;
}

const pages: GoldPage[] = readPageGolds(goldDir, pagesDir)
  .filter(({ gold }) => gold.precision !== undefined)
  .map(({ gold, file }) => ({ gold, url: pageUrl(gold.page), html: readFileSync(file, 'utf8') }));
if (pages.length === 0) {
  console.error(`eval:reading: no page of ${goldDir} carries the precision lists (or ${pagesDir} is absent)`);
  process.exit(2);
}

/** The gold entity (by its fullest name's key) each name key of a page stands for. */
function goldIdentity(gold: PageGold): Map<string, string> {
  const out = new Map<string, string>();
  for (const g of [...gold.must, ...(gold.precision?.entities ?? [])])
    for (const n of [g.name, ...g.aliases]) if (!out.has(goldKey(n))) out.set(goldKey(n), goldKey(g.name));
  return out;
}

const VERDICT_ORDER: readonly Verdict[] = ['right', 'loose', 'wrong_type', 'not_entity', 'furniture', 'unjudged'];
type Tally = Record<Verdict, number>;
const emptyTally = (): Tally => ({ right: 0, loose: 0, wrong_type: 0, not_entity: 0, furniture: 0, unjudged: 0 });

const judges = new Map(pages.map((p) => [p.url, judgeWithTypes(p.gold)]));
const identities = new Map(pages.map((p) => [p.url, goldIdentity(p.gold)]));
/** The gold entities (their identities) each page lists. */
const pageEntities = new Map([...identities].map(([url, identity]) => [url, new Set(identity.values())]));

// Per page, each in its own graph: the baseline, and which names a page alone types right.
const perPage = emptyTally();
const rightAlone = new Set<string>();
for (const p of pages) {
  const judge = judges.get(p.url);
  if (judge === undefined) continue;
  for (const e of await graphOfPage(p.html, p.url)) {
    const { verdict } = judge(e);
    perPage[verdict] += 1;
    if (verdict === 'right') rightAlone.add(`${p.url}\u0000${goldKey(e.name)}`);
  }
}

// All pages in one graph, in the order of the gold files.
const { store } = await buildGraph(pages.map((p) => ({ html: p.html, url: p.url })));
const reading = emptyTally();
const wrong: string[] = [];
let joinedApart = 0;
let retypedWrong = 0;
const entities: Entity[] = await allEntities(store);
for (const e of entities) {
  const urls = [...new Set((await store.evidenceOfEntity(e.id, 200)).map((ev) => ev.pageUrl))].filter((u) => judges.has(u));
  const verdicts = urls.map((u) => ({ url: u, ...(judges.get(u)?.(e) ?? { verdict: 'unjudged' as const, types: [] }) }));
  const judged = verdicts.filter((v) => v.verdict !== 'unjudged');
  // The best verdict any page gives (a type one page gives it is a type it has).
  const verdict = VERDICT_ORDER.find((v) => judged.some((j) => j.verdict === v)) ?? 'unjudged';
  reading[verdict] += 1;
  // Names of this entity that are different gold entities on the pages naming it.
  const keys = [e.name, ...e.aliases].map(goldKey);
  const identitiesSeen = new Set<string>();
  for (const u of urls) {
    const identity = identities.get(u);
    for (const k of keys) {
      const id = identity?.get(k);
      if (id !== undefined) identitiesSeen.add(id);
    }
  }
  const apart = identitiesSeen.size > 1 && !sameAcrossPages(identitiesSeen, urls);
  if (apart) joinedApart += 1;
  const lostType = verdict !== 'right' && urls.some((u) => keys.some((k) => rightAlone.has(`${u}\u0000${k}`)));
  if (lostType) retypedWrong += 1;
  if (list && (verdict !== 'right' || apart))
    wrong.push(
      `${verdict.padEnd(10)} ${e.name} (${e.type}${e.aliases.length > 0 ? `; also ${e.aliases.join(', ')}` : ''}) from ${urls.length} page(s)` +
        `${apart ? ' [joined apart]' : ''}${lostType ? ' [retyped wrong]' : ''}`,
    );
}

/**
 * Whether the gold identities of one entity's names are one entity after all: the gold
 * names of two pages differ in fullness ("Stripe" on one, "Stripe, Inc." on the other)
 * when one page's identity is a name or alias another page gives the same entity.
 */
function sameAcrossPages(ids: ReadonlySet<string>, urls: readonly string[]): boolean {
  for (const u of urls) {
    const listed = pageEntities.get(u);
    if (listed !== undefined && [...ids].filter((id) => listed.has(id)).length > 1) return false;
  }
  // Different pages: one identity's key must be a name the other page gives its entity.
  const list = [...ids];
  for (let i = 0; i < list.length; i++)
    for (let j = i + 1; j < list.length; j++) {
      const a = list[i] ?? '';
      const b = list[j] ?? '';
      const linked = urls.some((u) => {
        const identity = identities.get(u);
        return (identity?.get(a) ?? '') === b || (identity?.get(b) ?? '') === a;
      });
      if (!linked) return false;
    }
  return true;
}

const share = (n: number, t: Tally): string => {
  const judged = VERDICT_ORDER.filter((v) => v !== 'unjudged').reduce((a, v) => a + t[v], 0);
  return judged === 0 ? '-' : (n / judged).toFixed(3);
};
const stored = (t: Tally): number => VERDICT_ORDER.reduce((a, v) => a + t[v], 0);
console.log(`${goldDir}: ${pages.length} pages with precision lists`);
console.log(`                      stored  typed precision  wrong type  not-entity  furniture`);
for (const [label, t] of [
  ['each page alone', perPage],
  ['one graph, all read', reading],
] as const)
  console.log(
    `  ${label.padEnd(20)} ${String(stored(t)).padStart(6)}  ${share(t.right, t).padStart(15)}  ${share(t.wrong_type, t).padStart(10)}  ${share(t.not_entity, t).padStart(10)}  ${share(t.furniture, t).padStart(9)}`,
  );
console.log(`  entities joined apart (names of different gold entities): ${joinedApart}`);
console.log(`  entities a page alone types right, the reading graph not: ${retypedWrong}`);
if (list) console.log(wrong.sort().join('\n'));
console.log(
  JSON.stringify({
    pages: pages.length,
    perPage: { stored: stored(perPage), ...perPage },
    reading: { stored: stored(reading), ...reading },
    joinedApart,
    retypedWrong,
  }),
);
