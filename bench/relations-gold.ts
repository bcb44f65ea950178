/**
 * Shared by `eval:relations` and `eval:qa`: reads the page gold's relations,
 * builds graphs through the extension's path (jsdom `capturePage` → `createIngest`:
 * the background's recognizer, `analyzeCaptureAsync`, `ingestCapture` with the resolver)
 * into fresh in-memory stores, and maps the gold's relation labels onto the labels the
 * graph stores (same direction or reversed) and onto the gold README's templated questions.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM, VirtualConsole } from 'jsdom';
import { createIngest } from '../src/background/ingest';
import { fixedClock, sequentialIds } from '../src/core/graph/ids';
import { InMemoryGraphStore } from '../src/core/graph/memory-store';
import { GraphService } from '../src/core/graph/service';
import type { EntityId } from '../src/core/graph/ids';
import type { Entity, Relationship } from '../src/core/graph/types';
import type { PageCapture } from '../src/core/capture';
import { defaultSettings } from '../src/core/settings';
import { capturePage } from '../src/extract/page/capture-page';
import { goldKey, parsePageGold, type PageGold } from '../tooling/eval/page-score';
import { parseRulesOff, type RulesOff } from '../src/extract/rules/registry';

/** Rows read per listing call. */
const LIST_PAGE = 500;

export interface GoldRelation {
  readonly from: string;
  readonly to: string;
  readonly label: string;
  readonly evidence: string;
}

export interface GoldPageRelations {
  readonly page: string;
  readonly file: string;
  /** Gold name key → all the names of that must entity (name and aliases). */
  readonly names: ReadonlyMap<string, readonly string[]>;
  readonly relations: readonly GoldRelation[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

export function readGoldRelations(goldDir: string): GoldPageRelations[] {
  const out: GoldPageRelations[] = [];
  for (const file of readdirSync(goldDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const raw: unknown = JSON.parse(readFileSync(join(goldDir, file), 'utf8'));
    if (!isRecord(raw)) continue;
    const names = new Map<string, string[]>();
    for (const m of Array.isArray(raw.must) ? raw.must : []) {
      if (!isRecord(m)) continue;
      const all = [str(m.name), ...(Array.isArray(m.aliases) ? m.aliases.map(str) : [])].filter((n) => n.length > 0);
      for (const n of all) names.set(goldKey(n), all);
    }
    const relations = (Array.isArray(raw.relations) ? raw.relations : []).flatMap((r) =>
      isRecord(r) ? [{ from: str(r.from), to: str(r.to), label: str(r.label), evidence: str(r.evidence) }] : [],
    );
    out.push({ page: str(raw.page), file, names, relations });
  }
  return out;
}

export function namesOf(page: GoldPageRelations, name: string): readonly string[] {
  return page.names.get(goldKey(name)) ?? [name];
}

/**
 * Graph labels that state a gold label: `same` in the gold's direction, `reversed` the
 * other way round. Symmetric gold labels list their label in both.
 */
export const GOLD_TO_GRAPH: ReadonlyMap<string, { readonly same: readonly string[]; readonly reversed: readonly string[] }> = new Map([
  ['acquired', { same: ['acquired'], reversed: ['subsidiary_of'] }],
  ['founded_by', { same: ['founded_by'], reversed: ['founded', 'founder_of'] }],
  ['ceo_of', { same: ['ceo_of'], reversed: ['led_by'] }],
  ['coo_of', { same: ['coo_of', 'works_for'], reversed: ['employs'] }],
  ['cto_of', { same: ['cto_of', 'works_for'], reversed: ['employs'] }],
  ['president_of', { same: ['president_of', 'works_for'], reversed: ['employs'] }],
  ['works_for', { same: ['works_for', 'ceo_of', 'cto_of', 'coo_of', 'president_of'], reversed: ['employs'] }],
  ['headquartered_in', { same: ['headquartered_in', 'located_in'], reversed: [] }],
  ['located_in', { same: ['located_in', 'headquartered_in'], reversed: [] }],
  ['subsidiary_of', { same: ['subsidiary_of', 'owned_by'], reversed: ['acquired', 'owns'] }],
  ['invested_in', { same: ['invested_in'], reversed: ['funded_by'] }],
  ['competes_with', { same: ['competes_with'], reversed: ['competes_with'] }],
  ['partners_with', { same: ['partners_with'], reversed: ['partners_with'] }],
  ['develops', { same: ['develops', 'makes'], reversed: ['developed_by'] }],
  ['uses', { same: ['uses'], reversed: ['used_by'] }],
  ['customer_of', { same: ['customer_of'], reversed: [] }],
  ['spouse_of', { same: ['spouse_of'], reversed: ['spouse_of'] }],
]);

/**
 * The gold README's templated question for a relation and the names that answer it,
 * or undefined for labels the README gives no question (partners_with, customer_of,
 * spouse_of). Roles other than CEO are asked as "Who does X work for?" (works_for is
 * "any other role").
 */
export function templatedQuestion(r: GoldRelation): { question: string; expected: string } | undefined {
  switch (r.label) {
    case 'ceo_of':
      return { question: `Who is the CEO of ${r.to}?`, expected: r.from };
    case 'acquired':
      return { question: `What did ${r.from} acquire?`, expected: r.to };
    case 'headquartered_in':
    case 'located_in':
      return { question: `Where is ${r.from} located?`, expected: r.to };
    case 'founded_by':
      return { question: `Who founded ${r.from}?`, expected: r.to };
    case 'competes_with':
      return { question: `Who does ${r.from} compete with?`, expected: r.to };
    case 'subsidiary_of':
      return { question: `Who owns ${r.from}?`, expected: r.to };
    case 'develops':
      return { question: `What does ${r.from} develop?`, expected: r.to };
    case 'uses':
      return { question: `What does ${r.from} use?`, expected: r.to };
    case 'works_for':
    case 'coo_of':
    case 'cto_of':
    case 'president_of':
      return { question: `Who does ${r.from} work for?`, expected: r.to };
    case 'invested_in':
      return { question: `What did ${r.from} invest in?`, expected: r.to };
    default:
      return undefined;
  }
}

/** True when `text` names one of `names` as whole words (case-folded, spaces collapsed). */
export function names(text: string, candidates: readonly string[]): boolean {
  const hay = ` ${goldKey(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  return candidates.some((n) => {
    const key = goldKey(n)
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    return key.length > 0 && hay.includes(` ${key} `);
  });
}

/** `text` with every occurrence of `remove` (longest first, case-insensitive) blanked out. */
export function withoutNames(text: string, remove: readonly string[]): string {
  let out = text;
  for (const n of [...remove].sort((a, b) => b.length - a.length)) {
    if (n.length === 0) continue;
    let at = out.toLowerCase().indexOf(n.toLowerCase());
    while (at >= 0) {
      out = `${out.slice(0, at)} ${out.slice(at + n.length)}`;
      at = out.toLowerCase().indexOf(n.toLowerCase());
    }
  }
  return out;
}

/**
 * How a page's graph states one gold relation: `hit` when a typed relationship links its
 * two ends (name or alias, case-folded) with a label that states it (`GOLD_TO_GRAPH`, in
 * the gold's direction or reversed as the label says); `pair` for any typed edge between them.
 */
export function matchGoldRelation(
  page: GoldPageRelations,
  g: GoldRelation,
  keysOf: (id: EntityId) => ReadonlySet<string>,
  typedRels: readonly Relationship[],
): { isFrom: (id: EntityId) => boolean; isTo: (id: EntityId) => boolean; hit: boolean; pair: boolean } {
  const fromKeys = namesOf(page, g.from).map(goldKey);
  const toKeys = namesOf(page, g.to).map(goldKey);
  const isFrom = (id: EntityId) => fromKeys.some((k) => keysOf(id).has(k));
  const isTo = (id: EntityId) => toKeys.some((k) => keysOf(id).has(k));
  const map = GOLD_TO_GRAPH.get(g.label);
  const hit = typedRels.some(
    (r) =>
      (map?.same.includes(r.label) === true && isFrom(r.from) && isTo(r.to)) ||
      (map?.reversed.includes(r.label) === true && isTo(r.from) && isFrom(r.to)),
  );
  const pair = typedRels.some((r) => (isFrom(r.from) && isTo(r.to)) || (isTo(r.from) && isFrom(r.to)));
  return { isFrom, isTo, hit, pair };
}

/**
 * The rule families the evaluations switch off (`ARIADNE_RULES_OFF=a,b`, set by `npm run
 * eval:ablate`); none by default.
 */
export function benchRulesOff(): RulesOff {
  return parseRulesOff(process.env.ARIADNE_RULES_OFF ?? '');
}

/**
 * Pages copied for training only (`tooling/data/train-corpus.ts`), beside the project like the
 * shared corpus; absent on a clean clone, where their golds are skipped.
 */
export const TRAIN_CORPUS_PAGES = '../train-corpus/pages';
/**
 * Pages copied to measure only (`tooling/data/check-corpus.ts`, the golds of `bench/check-fetched`),
 * beside the project; absent on a clean clone (and in CI), where their golds are skipped.
 */
export const CHECK_CORPUS_PAGES = '../check-corpus/pages';

/** The check sets' gold folders: pages nobody tunes or trains on (`bench/check-pages/README.md`). */
export const CHECK_GOLD_DIRS: readonly string[] = ['bench/check-pages', 'bench/check-fetched'];

/**
 * The pages of every check set (`"<set>/<name>"`), read from their golds whether or not the
 * page itself is saved here: what a training or tuning tool must refuse.
 */
export function checkPageNames(dirs: readonly string[] = CHECK_GOLD_DIRS): Set<string> {
  const names = new Set<string>();
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      const page: unknown = Reflect.get(JSON.parse(readFileSync(join(dir, f), 'utf8')) as object, 'page');
      if (typeof page === 'string') names.add(page);
    }
  }
  return names;
}

/**
 * True when `dir` is a check set's gold folder or holds a gold of a check page (a copy or a
 * link): a tool that prints a page's names or misses refuses it.
 */
export function holdsCheckPages(dir: string): boolean {
  if (dir.includes('check-')) return true;
  const check = checkPageNames();
  for (const page of checkPageNames([dir])) if (check.has(page)) return true;
  return false;
}

export function pageFile(pagesDir: string, page: string): string | undefined {
  return [pagesDir, TRAIN_CORPUS_PAGES, CHECK_CORPUS_PAGES]
    .flatMap((root) => [join(root, page, 'source.html'), join(root, page, 'input.html')])
    .find((f) => existsSync(f));
}

/**
 * The page golds of `goldDir` (its `.json` files in name order) whose page is saved under
 * `pagesDir`, each with the path of that page's HTML; golds of pages not saved are left out.
 */
export function readPageGolds(goldDir: string, pagesDir: string): Array<{ readonly gold: PageGold; readonly file: string }> {
  return readdirSync(goldDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((name) => {
      const gold = parsePageGold(JSON.parse(readFileSync(join(goldDir, name), 'utf8')), name);
      const file = pageFile(pagesDir, gold.page);
      return file === undefined ? [] : [{ gold, file }];
    });
}

export function pageUrl(page: string): string {
  return `https://${page.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}.example/page`;
}

export interface BuiltGraph {
  readonly store: InMemoryGraphStore;
  readonly clock: ReturnType<typeof fixedClock>;
  /** Capture + analysis + ingestion ms per page, in the order given. */
  readonly ms: number[];
}

/** The text a reader sees on a saved page: the body's text without scripts, styles, templates and drawings (line breaks kept). */
export function visibleText(html: string, url: string): string {
  const dom = new JSDOM(html, { url, virtualConsole: new VirtualConsole() });
  const doc = dom.window.document;
  for (const el of doc.querySelectorAll('script, style, noscript, template, svg')) el.remove();
  const text = doc.body?.textContent ?? '';
  dom.window.close();
  return text;
}

/**
 * A saved page captured as the content script captures it, with a generous time budget: the
 * figures are about what is read, not about this machine's load.
 */
export function captureSaved(html: string, url: string, now = 1_000): PageCapture {
  const dom = new JSDOM(html, { url, virtualConsole: new VirtualConsole() });
  const capture = capturePage(dom.window.document, url, { now, timeBudgetMs: 60_000 });
  dom.window.close();
  return capture;
}

/**
 * A fresh in-memory graph and the background's ingestion into it (`createIngest`: the
 * page recognizer, the analysis, the resolver), with the default settings or another cap
 * on entities per page, and the rule families `ARIADNE_RULES_OFF` switches off unless given.
 */
export function freshIngest(options: { readonly maxEntities?: number; readonly rulesOff?: RulesOff } = {}): {
  readonly store: InMemoryGraphStore;
  readonly clock: ReturnType<typeof fixedClock>;
  readonly ingest: (capture: PageCapture) => Promise<unknown>;
} {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const ids = sequentialIds();
  const graph = new GraphService({ store, ids, clock });
  const defaults = defaultSettings();
  const settings =
    options.maxEntities === undefined
      ? defaults
      : { ...defaults, capture: { ...defaults.capture, maxEntitiesPerPage: options.maxEntities } };
  const ingest = createIngest({ graph, store, clock, ids, settings: async () => settings, rulesOff: options.rulesOff ?? benchRulesOff() });
  return { store, clock, ingest };
}

/** One graph holding every page given, each captured and ingested in turn. */
export async function buildGraph(pages: ReadonlyArray<{ html: string; url: string }>): Promise<BuiltGraph> {
  const { store, clock, ingest } = freshIngest();
  const ms: number[] = [];
  for (const [i, p] of pages.entries()) {
    const t0 = performance.now();
    await ingest(captureSaved(p.html, p.url, 1_000 + i));
    ms.push(performance.now() - t0);
  }
  return { store, clock, ms };
}

/** Every record a keyset-paged listing holds (ids ascending), one page at a time. */
async function readAll<T extends { readonly id: string }>(list: (page: { limit: number; after?: string }) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  let after: string | undefined;
  for (;;) {
    const batch = await list(after === undefined ? { limit: LIST_PAGE } : { limit: LIST_PAGE, after });
    out.push(...batch);
    after = batch.at(-1)?.id;
    if (batch.length < LIST_PAGE || after === undefined) break;
  }
  return out;
}

export function allEntities(store: InMemoryGraphStore): Promise<Entity[]> {
  return readAll((page) => store.listEntities(page));
}

export function allRelationships(store: InMemoryGraphStore): Promise<Relationship[]> {
  return readAll((page) => store.listRelationships(page));
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
}

/**
 * `--gold <dir>` and `--pages <dir>` of the relation and QA evaluations: exits 2 with the
 * usage when the gold is missing, and 0 with a skipped JSON line when the corpus is absent.
 */
export function goldArgs(
  script: string,
  usageTail: string,
): { readonly goldDir: string; readonly pagesDir: string; readonly args: readonly string[] } {
  const args = process.argv.slice(2);
  const goldAt = args.indexOf('--gold');
  const pagesAt = args.indexOf('--pages');
  const goldDir = goldAt >= 0 ? (args[goldAt + 1] ?? '') : '';
  const pagesDir = pagesAt >= 0 ? (args[pagesAt + 1] ?? '') : '../shared/corpus/pages';
  if (!existsSync(goldDir)) {
    console.error(`usage: npm run ${script} -- --gold <dir of page gold json> [--pages <corpus pages>] ${usageTail}`);
    process.exit(2);
  }
  if (!existsSync(pagesDir)) {
    console.log(`${script}: pages folder ${pagesDir} not found (the corpus lives in ../shared/corpus); nothing to measure.`);
    console.log(JSON.stringify({ skipped: true, reason: 'corpus absent' }));
    process.exit(0);
  }
  return { goldDir, pagesDir, args };
}
