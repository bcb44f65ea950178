/**
 * What one captured page costs the background worker: the corpus pages (captured once
 * with jsdom, as the content script would) go one after another through the worker's
 * own path, `createIngest` (analysis with the shipped recognizer, then ingestion through
 * the resolver into Dexie on fake-indexeddb), into one growing graph, as a user's
 * browsing would. Per page it records wall time and the process's CPU time (user +
 * system): CPU time is what the page costs, and it moves far less than wall time when
 * other work shares the machine. Prints p50/p95/max of both and a JSON last line.
 *
 * The file uses only `createIngest`, `capturePage`, `GraphService`, `DexieGraphStore`
 * and `AriadneDatabase`, whose signatures have not changed since 1c3be0e, so the same
 * file measures an older tree too (copy it into a worktree's bench/ and run it there):
 *
 *   npx tsx bench/worker-cost.bench.ts [../shared/corpus/pages] [--rounds 3] [--limit N]
 */
import 'fake-indexeddb/auto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { JSDOM, VirtualConsole } from 'jsdom';
import { AriadneDatabase } from '../src/adapters/dexie/database';
import { DexieGraphStore } from '../src/adapters/dexie/dexie-graph-store';
import type { PageCapture } from '../src/core/capture';
import { fixedClock, sequentialIds } from '../src/core/graph/ids';
import { GraphService } from '../src/core/graph/service';
import { defaultSettings } from '../src/core/settings';
import { createIngest } from '../src/background/ingest';
import { capturePage } from '../src/extract/page/capture-page';

const args = process.argv.slice(2);
const root = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a)) ?? '../shared/corpus/pages';
const option = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  const value = at >= 0 ? Number(args[at + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
/** Passes over the pages, each into a fresh graph; a page's figure is its fastest pass (least disturbed by other work). */
const rounds = option('--rounds', 3);
const limit = option('--limit', Number.POSITIVE_INFINITY);

if (!existsSync(root)) {
  console.error(`corpus pages not found at ${root}; pass the folder holding readability/ and metascraper/`);
  process.exit(2);
}

const virtualConsole = new VirtualConsole();
const captures: PageCapture[] = [];
for (const folder of ['readability', 'metascraper']) {
  const dir = join(root, folder);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).sort()) {
    if (captures.length >= limit) break;
    const file = [join(dir, name, 'source.html'), join(dir, name, 'input.html')].find((f) => existsSync(f));
    if (file === undefined) continue;
    const url = `https://${name.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}.example/page`;
    const dom = new JSDOM(readFileSync(file, 'utf8'), { url, virtualConsole });
    captures.push(capturePage(dom.window.document, url, { now: Date.UTC(2026, 0, 1), timeBudgetMs: 60_000 }));
    dom.window.close();
  }
}

async function pass(round: number): Promise<{ wall: number[]; cpu: number[]; entities: number; relationships: number }> {
  const db = new AriadneDatabase(`worker-cost-${round}`);
  await db.open();
  const store = new DexieGraphStore(db);
  const clock = fixedClock();
  const ids = sequentialIds();
  const graph = new GraphService({ store, ids, clock });
  const ingest = createIngest({ graph, store, clock, ids, settings: async () => defaultSettings() });
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const capture of captures) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await ingest(capture);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const entities = await db.table('entities').count();
  const relationships = await db.table('relationships').count();
  db.close();
  await db.delete();
  return { wall, cpu, entities, relationships };
}

// One untimed warm-up pass on a few pages: the model is decoded on the first capture.
const warm = captures.slice(0, 5);
{
  const db = new AriadneDatabase('worker-cost-warm');
  const store = new DexieGraphStore(db);
  const clock = fixedClock();
  const ids = sequentialIds();
  const ingest = createIngest({
    graph: new GraphService({ store, ids, clock }),
    store,
    clock,
    ids,
    settings: async () => defaultSettings(),
  });
  for (const capture of warm) await ingest(capture);
  db.close();
  await db.delete();
}

const bestWall = captures.map(() => Number.POSITIVE_INFINITY);
const bestCpu = captures.map(() => Number.POSITIVE_INFINITY);
let entities = 0;
let relationships = 0;
for (let r = 0; r < rounds; r += 1) {
  const result = await pass(r);
  result.wall.forEach((ms, i) => (bestWall[i] = Math.min(bestWall[i] ?? ms, ms)));
  result.cpu.forEach((ms, i) => (bestCpu[i] = Math.min(bestCpu[i] ?? ms, ms)));
  entities = result.entities;
  relationships = result.relationships;
}

const pct = (xs: readonly number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
};
const round1 = (x: number) => Math.round(x * 10) / 10;
const summary = {
  pages: captures.length,
  rounds,
  load: round1(loadavg()[0] ?? 0),
  cpuMs: { p50: round1(pct(bestCpu, 0.5)), p95: round1(pct(bestCpu, 0.95)), max: round1(pct(bestCpu, 1)) },
  wallMs: { p50: round1(pct(bestWall, 0.5)), p95: round1(pct(bestWall, 0.95)), max: round1(pct(bestWall, 1)) },
  graph: { entities, relationships },
};
console.log(
  `${summary.pages} pages into one graph, fastest of ${rounds} passes per page, load ${summary.load}: ` +
    `CPU p50 ${summary.cpuMs.p50} ms, p95 ${summary.cpuMs.p95} ms, max ${summary.cpuMs.max} ms; ` +
    `wall p50 ${summary.wallMs.p50} ms, p95 ${summary.wallMs.p95} ms; graph ${entities} entities, ${relationships} relationships`,
);
console.log(JSON.stringify(summary));
