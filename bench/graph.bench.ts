/**
 * Graph figures: `npm run bench:graph`.
 *
 *  1. entity_add throughput, 10k entities, through the registry: in-memory store and
 *     DexieGraphStore on fake-indexeddb (when src/adapters/dexie exists).
 *  2. entity_search p50/p95/p99 latency and recall@5 at 1k, 10k and 100k names with
 *     misspelled queries, side by side with fuse.js and minisearch on the same names
 *     (fuse.js on the first FUSE_MAX_QUERIES queries at 100k), plus Ariadne's work per
 *     query (posting entries read, candidates re-scored: deterministic, unlike time).
 *     Names: real entity names from ../shared/corpus (AIDA, CoNLL-2003, CrossNER, WNUT-17)
 *     topped up with synthetic recombinations of their words.
 *  3. entity_visualize time on a 10k-entity graph with the default budget.
 *
 * Prints figures as it goes; the last line is a JSON summary.
 * Options: --quick (smaller sizes, for a smoke run), --queries N.
 */
import 'fake-indexeddb/auto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Fuse from 'fuse.js';
import MiniSearch from 'minisearch';
import { fixedClock, sequentialIds } from '../src/core/graph/ids';
import { InMemoryGraphStore } from '../src/core/graph/memory-store';
import { GraphService } from '../src/core/graph/service';
import type { GraphStore } from '../src/core/graph/store';
import type { EntityType } from '../src/core/graph/types';
import { NameIndex } from '../src/core/search/name-index';
import { createRegistry } from '../src/core/tools/index';
import { nameKey } from '../src/core/text/normalize';
import { mulberry32 } from '../src/core/random';

const CORPUS = join(import.meta.dirname, '..', '..', 'shared', 'corpus');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const queriesArg = args.indexOf('--queries');
const QUERIES = queriesArg >= 0 ? Number(args[queriesArg + 1]) : quick ? 50 : 300;
const SIZES = quick ? [1_000, 10_000] : [1_000, 10_000, 100_000];
const ADD_COUNT = quick ? 2_000 : 10_000;
const dexieArg = args.indexOf('--dexie-count');
/** entity_add count on Dexie/fake-indexeddb (--dexie-count overrides). */
const DEXIE_COUNT = dexieArg >= 0 ? Number(args[dexieArg + 1]) : ADD_COUNT;
/** Queries fuse.js gets at 100k names (each takes seconds). */
const FUSE_MAX_QUERIES = 60;
const onlyArg = args.indexOf('--only');
/** `--only search|add|visualize` runs one part. */
const ONLY = onlyArg >= 0 ? args[onlyArg + 1] : undefined;
const runs = (part: string): boolean => ONLY === undefined || ONLY === part;
const caller = { caller: { kind: 'test' as const } };

/** A deterministic PRNG so every run measures the same names and typos. */
const rng = mulberry32;

interface Named {
  readonly name: string;
  readonly type: EntityType;
}

const NER_TYPES: Record<string, EntityType> = {
  PER: 'person',
  person: 'person',
  researcher: 'person',
  scientist: 'person',
  writer: 'person',
  politician: 'person',
  ORG: 'company',
  organisation: 'company',
  corporation: 'company',
  university: 'company',
  group: 'company',
  LOC: 'location',
  location: 'location',
  country: 'location',
  product: 'product',
  programlang: 'technology',
  algorithm: 'technology',
  field: 'other',
  MISC: 'other',
  misc: 'other',
};

/** Entity spans of an IOB/BIO file whose last column is the tag. */
function spansOf(text: string): Named[] {
  const out: Named[] = [];
  let words: string[] = [];
  let type = '';
  const flush = () => {
    if (words.length > 0) out.push({ name: words.join(' '), type: NER_TYPES[type] ?? 'other' });
    words = [];
    type = '';
  };
  for (const line of text.split('\n')) {
    const cols = line.trim().split(/\s+/);
    const tag = cols[cols.length - 1] ?? 'O';
    const word = cols[0] ?? '';
    if (line.trim() === '' || tag === 'O' || line.startsWith('-DOCSTART-')) {
      flush();
      continue;
    }
    const [prefix, t = ''] = tag.split('-');
    if (prefix === 'B' || t !== type) flush();
    type = t;
    words.push(word);
  }
  flush();
  return out;
}

function corpusNames(): Named[] {
  const names: Named[] = [];
  const aida = join(CORPUS, 'el', 'aida-conll-dev.mentions.tsv');
  if (existsSync(aida)) {
    for (const line of readFileSync(aida, 'utf8').split('\n').slice(1)) {
      const cols = line.split('\t');
      if (cols[5]) names.push({ name: cols[5], type: 'other' });
    }
  }
  const files = [join(CORPUS, 'ner', 'conll2003', 'eng.train'), join(CORPUS, 'ner', 'conll2003', 'eng.testa')];
  for (const dir of ['ai', 'politics', 'science']) {
    const d = join(CORPUS, 'ner', 'crossner', dir);
    if (existsSync(d)) for (const f of readdirSync(d)) files.push(join(d, f));
  }
  const wnut = join(CORPUS, 'ner', 'wnut17');
  if (existsSync(wnut)) for (const f of readdirSync(wnut)) files.push(join(wnut, f));
  for (const f of files) if (existsSync(f)) names.push(...spansOf(readFileSync(f, 'utf8')));
  return names;
}

/** `count` distinct names (by normalized key): corpus names first, then recombinations of their words. */
function buildNames(count: number, base: readonly Named[], random: () => number): Named[] {
  const seen = new Set<string>();
  const out: Named[] = [];
  const add = (n: Named) => {
    const key = nameKey(n.name);
    if (key.length < 2 || seen.has(key) || n.name.length > 120) return;
    seen.add(key);
    out.push(n);
  };
  for (const n of base) {
    if (out.length >= count) break;
    add(n);
  }
  const words = [...new Set(base.flatMap((n) => n.name.split(' ')).filter((w) => /^\p{Lu}\p{L}{2,}$/u.test(w)))];
  const pool =
    words.length > 100 ? words : ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Vandelay', 'Stark', 'Wayne', 'Tyrell', 'Cyberdyne'];
  const suffixes = ['Labs', 'Systems', 'Group', 'Foundation', 'Technologies', 'Partners', 'Institute', 'Works', 'Bank', 'Media'];
  const types: EntityType[] = ['company', 'person', 'technology', 'product', 'location', 'other'];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] ?? xs[0] ?? (pool[0] as T);
  while (out.length < count) {
    const r = random();
    const name =
      r < 0.4
        ? `${pick(pool)} ${pick(pool)}`
        : r < 0.7
          ? `${pick(pool)} ${pick(suffixes)}`
          : `${pick(pool)} ${pick(pool)} ${pick(suffixes)}`;
    add({ name, type: pick(types) });
  }
  return out;
}

/** One or two random edits (delete, insert, substitute, transpose), never the identity. */
function misspell(name: string, random: () => number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let s = name;
  const edits = name.length > 8 ? 2 : 1;
  for (let e = 0; e < edits; e++) {
    const i = Math.floor(random() * s.length);
    const op = Math.floor(random() * 4);
    const ch = letters[Math.floor(random() * letters.length)] ?? 'x';
    if (op === 0 && s.length > 3) s = s.slice(0, i) + s.slice(i + 1);
    else if (op === 1) s = s.slice(0, i) + ch + s.slice(i);
    else if (op === 2) s = s.slice(0, i) + ch + s.slice(i + 1);
    else if (i + 1 < s.length) s = s.slice(0, i) + (s[i + 1] ?? '') + (s[i] ?? '') + s.slice(i + 2);
  }
  return s === name ? `${name}x` : s;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

interface EngineFigures {
  p50: number;
  p95: number;
  p99: number;
  recallAt5: number;
  buildMs: number;
  /** Queries measured (fuse.js gets a sample at 100k). */
  queries: number;
}

function measure(queries: readonly { q: string; target: number }[], search: (q: string) => number[]): Omit<EngineFigures, 'buildMs'> {
  // Warm-up (JIT) on a few queries, not counted.
  for (const { q } of queries.slice(0, 10)) search(q);
  const times: number[] = [];
  let hits = 0;
  for (const { q, target } of queries) {
    const t0 = performance.now();
    const ids = search(q);
    times.push(performance.now() - t0);
    if (ids.slice(0, 5).includes(target)) hits++;
  }
  times.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    p50: round(percentile(times, 0.5)),
    p95: round(percentile(times, 0.95)),
    p99: round(percentile(times, 0.99)),
    recallAt5: round(hits / queries.length),
    queries: queries.length,
  };
}

/** Ariadne's work per query over `queries`: mean and max posting entries read and candidates scored, and wide passes. */
function workOf(index: NameIndex, queries: readonly { q: string }[]) {
  let scanned = 0;
  let scored = 0;
  let maxScanned = 0;
  let maxScored = 0;
  let wide = 0;
  for (const { q } of queries) {
    index.search(q, { limit: 5 });
    const w = index.lastSearchWork;
    scanned += w.postingsScanned;
    scored += w.candidatesScored;
    maxScanned = Math.max(maxScanned, w.postingsScanned);
    maxScored = Math.max(maxScored, w.candidatesScored);
    if (w.widePass) wide++;
  }
  const n = Math.max(1, queries.length);
  return {
    postingsPerQuery: Math.round(scanned / n),
    maxPostings: maxScanned,
    scoredPerQuery: Math.round((scored / n) * 10) / 10,
    maxScored,
    widePasses: wide,
  };
}

async function searchFigures(all: readonly Named[]) {
  const out: Record<string, Record<string, EngineFigures | ReturnType<typeof workOf>>> = {};
  for (const size of SIZES) {
    const names = all.slice(0, size);
    const random = rng(size);
    const queries = Array.from({ length: QUERIES }, () => {
      const target = Math.floor(random() * names.length);
      return { q: misspell(names[target]?.name ?? '', random), target };
    });
    const figures: Record<string, EngineFigures> = {};

    let t0 = performance.now();
    const index = new NameIndex();
    names.forEach((n, i) => index.upsert({ id: `e_${i.toString(36)}` as never, name: n.name, type: n.type, aliases: [] }));
    let buildMs = performance.now() - t0;
    figures['ariadne'] = {
      ...measure(queries, (q) => index.search(q, { limit: 5 }).map((h) => parseInt(h.id.slice(2), 36))),
      buildMs: Math.round(buildMs),
    };

    t0 = performance.now();
    const mini = new MiniSearch<{ id: number; name: string }>({ fields: ['name'], searchOptions: { fuzzy: 0.2, prefix: true } });
    mini.addAll(names.map((n, id) => ({ id, name: n.name })));
    buildMs = performance.now() - t0;
    figures['minisearch'] = {
      ...measure(queries, (q) =>
        mini
          .search(q)
          .slice(0, 5)
          .map((r) => Number(r.id)),
      ),
      buildMs: Math.round(buildMs),
    };

    t0 = performance.now();
    const fuse = new Fuse(
      names.map((n) => n.name),
      { includeScore: true, threshold: 0.4 },
    );
    buildMs = performance.now() - t0;
    // fuse.js scans every name (seconds per query at 100k): it gets the first FUSE_MAX_QUERIES queries there.
    const fuseQueries = size >= 100_000 ? queries.slice(0, FUSE_MAX_QUERIES) : queries;
    if (fuseQueries.length < queries.length)
      console.log(`  (fuse.js measured on the first ${fuseQueries.length} of the ${queries.length} queries)`);
    figures['fuse.js'] = {
      ...measure(fuseQueries, (q) => fuse.search(q, { limit: 5 }).map((r) => r.refIndex)),
      buildMs: Math.round(buildMs),
    };

    const work = workOf(index, queries);
    out[String(size)] = { ...figures, ariadneWork: work };
    console.log(
      `entity_search @ ${size} names, ${queries.length} misspelled queries (ms per query; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}):`,
    );
    for (const [engine, f] of Object.entries(figures)) {
      const sample = f.queries < queries.length ? `  (${f.queries} queries)` : '';
      console.log(
        `  ${engine.padEnd(10)} p50 ${f.p50.toFixed(3).padStart(8)}  p95 ${f.p95.toFixed(3).padStart(8)}  p99 ${f.p99.toFixed(3).padStart(8)}  recall@5 ${f.recallAt5.toFixed(3)}  build ${f.buildMs} ms${sample}`,
      );
    }
    console.log(
      `  ariadne work per query: ${work.postingsPerQuery} postings read (max ${work.maxPostings}), ${work.scoredPerQuery} candidates scored (max ${work.maxScored}), ${work.widePasses} wide passes`,
    );
  }
  return out;
}

async function addThroughput(
  store: GraphStore,
  names: readonly Named[],
): Promise<{ count: number; perSecond: number; ms: number; lastThousandPerSecond: number }> {
  const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
  const search = await NameIndex.load(store);
  search.attach(graph);
  const registry = createRegistry({ graph, store, search });
  const t0 = performance.now();
  let tLast = t0;
  for (const [i, n] of names.entries()) {
    // Throughput of the last thousand shows whether cost grows with the table.
    if (i === names.length - 1000) tLast = performance.now();
    await registry.call('entity_add', { name: n.name, entity_type: n.type }, caller);
  }
  const end = performance.now();
  const ms = end - t0;
  const last = Math.min(1000, names.length);
  return {
    count: names.length,
    perSecond: Math.round((names.length / ms) * 1000),
    ms: Math.round(ms),
    lastThousandPerSecond: Math.round((last / (end - (names.length >= 1000 ? tLast : t0))) * 1000),
  };
}

/** A DexieGraphStore on a fresh fake-indexeddb database, and a function that deletes it. */
async function dexieStore(): Promise<{ store: GraphStore; drop: () => Promise<void> } | undefined> {
  const path = join(import.meta.dirname, '..', 'src', 'adapters', 'dexie', 'dexie-graph-store.ts');
  if (!existsSync(path)) return undefined;
  const { DexieGraphStore } = await import('../src/adapters/dexie/dexie-graph-store');
  const { AriadneDatabase } = await import('../src/adapters/dexie/database');
  const db = new AriadneDatabase(`bench-${Date.now()}`);
  // fake-indexeddb keeps a database in memory until deleted: dropping it keeps its
  // 10k records from weighing on the garbage collector during the search figures.
  return { store: new DexieGraphStore(db), drop: () => db.delete() };
}

async function visualizeFigures(names: readonly Named[]) {
  const store = new InMemoryGraphStore();
  const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
  const random = rng(7);
  const ids = [];
  for (const n of names) ids.push((await graph.createEntity({ name: n.name, type: n.type })).id);
  const labels = ['uses', 'employs', 'competes_with', 'acquired', 'located_in', 'part_of'];
  let rels = 0;
  for (let i = 0; i < names.length * 2; i++) {
    const a = ids[Math.floor(random() ** 2 * ids.length)]; // skewed: some hubs, like real graphs
    const b = ids[Math.floor(random() * ids.length)];
    if (!a || !b || a === b) continue;
    if ((await graph.relate(a, labels[i % labels.length] ?? 'uses', b)).created) rels++;
  }
  const registry = createRegistry({ graph, store, search: new NameIndex() });
  const times: number[] = [];
  let chars = 0;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const res = (await registry.call('entity_visualize', {}, caller)) as { mermaid: string };
    times.push(performance.now() - t0);
    chars = res.mermaid.length;
  }
  times.sort((a, b) => a - b);
  const median = Math.round((times[2] ?? 0) * 10) / 10;
  console.log(`entity_visualize @ ${names.length} entities / ${rels} relationships, budget 60: median ${median} ms (${chars} characters)`);
  return { entities: names.length, relationships: rels, medianMs: median, chars };
}

async function main() {
  const base = corpusNames();
  if (base.length === 0) console.log(`(corpus not found at ${CORPUS}: synthetic names only)`);
  const random = rng(42);
  // Shuffle the corpus names so each size mixes sources, deterministically.
  const shuffled = [...base];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j] ?? shuffled[i] ?? { name: '', type: 'other' }, shuffled[i] ?? { name: '', type: 'other' }];
  }
  const maxSize = Math.max(...SIZES, ADD_COUNT);
  const names = buildNames(maxSize, shuffled, random);
  const realCount = new Set(shuffled.map((n) => nameKey(n.name))).size;
  console.log(`names: ${names.length} (${Math.min(realCount, names.length)} from the corpus, the rest synthetic)`);

  const addNames = names.slice(0, ADD_COUNT);
  let memory: Awaited<ReturnType<typeof addThroughput>> | undefined;
  let dexieFigures: Awaited<ReturnType<typeof addThroughput>> | undefined;
  if (runs('add')) {
    memory = await addThroughput(new InMemoryGraphStore(), addNames);
    console.log(
      `entity_add @ ${ADD_COUNT}, in-memory store: ${memory.perSecond}/s (${memory.ms} ms; last 1000 at ${memory.lastThousandPerSecond}/s)`,
    );
    const dexie = await dexieStore();
    if (dexie) {
      dexieFigures = await addThroughput(dexie.store, addNames.slice(0, DEXIE_COUNT));
      await dexie.drop();
      console.log(
        `entity_add @ ${DEXIE_COUNT}, DexieGraphStore on fake-indexeddb: ${dexieFigures.perSecond}/s (${dexieFigures.ms} ms; last 1000 at ${dexieFigures.lastThousandPerSecond}/s)`,
      );
    } else console.log('entity_add on Dexie: src/adapters/dexie not present, skipped');
  }
  const search = runs('search') ? await searchFigures(names) : undefined;
  const visualize = runs('visualize') ? await visualizeFigures(names.slice(0, 10_000)) : undefined;

  console.log(
    JSON.stringify({
      bench: 'graph',
      queries: QUERIES,
      entityAdd: { count: ADD_COUNT, memory: memory ?? null, dexieFakeIndexedDb: dexieFigures ?? null },
      entitySearch: search ?? null,
      entityVisualize: visualize ?? null,
    }),
  );
}

if (process.env['GRAPH_BENCH_NO_MAIN'] === undefined) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

export { buildNames, corpusNames, misspell, rng };
