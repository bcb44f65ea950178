/**
 * Resolve latency at 1k, 10k and 100k entities, side by side with
 * a linear-scan Jaro-Winkler baseline, in Node with the in-memory store.
 *
 *   npm run bench:resolve
 *
 * Entities are synthetic but name-like (people, companies, places built from word
 * lists, deterministic). Queries mix exact names, variants (case, legal suffix),
 * typos and unknown names. Wall time and this process's CPU time are both printed:
 * on a shared machine wall-time tails measure the neighbours. Each size is measured cold
 * (a new resolver's first pass over the queries) and warm (the same queries again).
 * Last line: JSON.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fixedClock, sequentialIds } from '../src/core/graph/ids';
import { withKeys } from '../src/core/graph/input';
import { InMemoryGraphStore } from '../src/core/graph/memory-store';
import type { Entity, EntityType } from '../src/core/graph/types';
import { createResolver } from '../src/core/resolve/resolver';
import { jaroWinkler } from '../src/core/resolve/similarity';
import { nameKey } from '../src/core/text/normalize';
import { mulberry32 } from '../src/core/random';

const FIRST = [
  'Anna',
  'Ben',
  'Carla',
  'David',
  'Elena',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Kira',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Pavel',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
  'Uma',
  'Victor',
  'Wen',
  'Xavier',
  'Yara',
  'Zoe',
];
const SYL = [
  'ka',
  'lo',
  'mi',
  'ra',
  'tes',
  'vin',
  'dor',
  'bel',
  'sun',
  'qua',
  'zen',
  'pex',
  'tri',
  'nor',
  'gal',
  'fen',
  'hul',
  'jor',
  'wis',
  'ely',
];
const ORG = ['Systems', 'Labs', 'Bank', 'Motors', 'Foods', 'Energy', 'Health', 'Capital', 'Media', 'Robotics'];

/** Deterministic pseudo-random numbers (mulberry32). */
const rng = mulberry32;
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
function word(r: () => number): string {
  const n = 2 + Math.floor(r() * 2);
  let w = '';
  for (let i = 0; i < n; i++) w += pick(r, SYL);
  return w.charAt(0).toUpperCase() + w.slice(1);
}
function makeName(r: () => number): { name: string; type: EntityType } {
  const k = r();
  if (k < 0.45) return { name: `${pick(r, FIRST)} ${word(r)}`, type: 'person' };
  if (k < 0.85) return { name: `${word(r)} ${pick(r, ORG)}`, type: 'company' };
  return { name: word(r), type: 'location' };
}
function typo(r: () => number, s: string): string {
  const i = 1 + Math.floor(r() * (s.length - 2));
  return s.slice(0, i) + s.slice(i + 1);
}
function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

// Collect garbage between phases so one size's garbage does not land in the next one's tail.
setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

const sizes = [1_000, 10_000, 100_000];
const QUERIES = 400;
const BASELINE_QUERIES = 50;
const results: Record<string, unknown> = {};
for (const size of sizes) {
  const r = rng(42);
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const ids = sequentialIds();
  const entities: Entity[] = [];
  for (let i = 0; i < size; i++) {
    const { name, type } = makeName(r);
    const e = withKeys({ id: ids.entity(), name, type, aliases: [], attributes: {}, createdAt: 0, updatedAt: 0, mentionCount: 1 });
    entities.push(e);
    await store.putEntity(e);
  }
  const resolver = createResolver({ store, clock, settings: { networkLookups: false } });
  const queries: string[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const e = pick(r, entities);
    const k = i % 4;
    queries.push(k === 0 ? e.name : k === 1 ? `${e.name.toUpperCase()} Inc.` : k === 2 ? typo(r, e.name) : makeName(r).name);
  }
  // Cold: a fresh resolver's first pass (no memory of too-common keys yet; JIT warmed by the
  // previous size only). Warm: the same queries again, the steady state.
  const measure = async (): Promise<{ times: number[]; cpu: number[] }> => {
    gc();
    const times: number[] = [];
    const cpu: number[] = [];
    for (const q of queries) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await resolver.resolve({ subject: q });
      times.push(performance.now() - t0);
      const dc = process.cpuUsage(c0);
      cpu.push((dc.user + dc.system) / 1000);
      if (process.env.BENCH_DEBUG && performance.now() - t0 > 2)
        console.log(
          `slow ${(performance.now() - t0).toFixed(1)} ms: ${q} :: ${JSON.stringify((await resolver.resolve({ subject: q })).resolution_path.map((s) => s.note))}`,
        );
    }
    return { times, cpu };
  };
  const cold = await measure();
  const { times, cpu } = await measure();
  const keys = entities.map((e) => nameKey(e.name));
  gc();
  const base: number[] = [];
  const baseCpu: number[] = [];
  for (const q of queries.slice(0, BASELINE_QUERIES)) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const qk = nameKey(q);
    let best = -1;
    for (const k of keys) best = Math.max(best, jaroWinkler(qk, k));
    base.push(performance.now() - t0);
    const dc = process.cpuUsage(c0);
    baseCpu.push((dc.user + dc.system) / 1000);
  }
  const row = {
    resolver: {
      p50: +pct(times, 50).toFixed(3),
      p95: +pct(times, 95).toFixed(3),
      cpuP50: +pct(cpu, 50).toFixed(3),
      cpuP95: +pct(cpu, 95).toFixed(3),
    },
    resolverCold: {
      p50: +pct(cold.times, 50).toFixed(3),
      p95: +pct(cold.times, 95).toFixed(3),
      cpuP50: +pct(cold.cpu, 50).toFixed(3),
      cpuP95: +pct(cold.cpu, 95).toFixed(3),
    },
    linearScanJaroWinkler: {
      p50: +pct(base, 50).toFixed(3),
      p95: +pct(base, 95).toFixed(3),
      cpuP50: +pct(baseCpu, 50).toFixed(3),
      cpuP95: +pct(baseCpu, 95).toFixed(3),
    },
  };
  results[String(size)] = row;
  console.log(
    `${String(size).padStart(7)} entities  cold resolver wall p50 ${row.resolverCold.p50} p95 ${row.resolverCold.p95} ms, cpu p50 ${row.resolverCold.cpuP50} p95 ${row.resolverCold.cpuP95} ms`,
  );
  console.log(
    `${String(size).padStart(7)} entities  warm resolver wall p50 ${row.resolver.p50} p95 ${row.resolver.p95} ms, cpu p50 ${row.resolver.cpuP50} p95 ${row.resolver.cpuP95} ms  |  linear-scan JW wall p50 ${row.linearScanJaroWinkler.p50} p95 ${row.linearScanJaroWinkler.p95} ms, cpu p50 ${row.linearScanJaroWinkler.cpuP50} p95 ${row.linearScanJaroWinkler.cpuP95} ms`,
  );
}
// Wall time suffers from other processes on a shared machine; CPU time of this process does not.
console.log(
  `load average ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
console.log(
  JSON.stringify({ latencyMs: results, queries: QUERIES, baselineQueries: BASELINE_QUERIES, store: 'in-memory', node: process.version }),
);
