/**
 * Team database figures: `npx tsx bench/team.bench.ts [pushpull] [pair] [scale]` (all three
 * without arguments). Starts its own PostgreSQL (as the tests do) and removes it after.
 *
 *  pushpull  10k entities and 20k relationships pushed by one member in batches of 500,
 *            pulled by another (transport only, then replayed through the resolver into an
 *            in-memory graph).
 *  pair      two members capture the same 20 corpus pages concurrently (jsdom capture, rule
 *            recognizer, real ingestion into Dexie on fake-indexeddb), syncing as they go;
 *            then lost and duplicate entities against one graph that read all 20 pages, and the
 *            names the team database holds twice that team_search still shows twice.
 *  scale     `--entities N` (default 1,000,000) entities (two or three CoNLL-2003 name words
 *            each), N/5 aliases and 3N relationships loaded in SQL, then entity_search
 *            (exact names, prefixes, one-letter typos) and entity_find_related p50/p95 as a
 *            member, 200 queries each.
 *
 * The last line is a JSON summary.
 */
import 'fake-indexeddb/auto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { JSDOM, VirtualConsole } from 'jsdom';
import { AriadneDatabase } from '../src/adapters/dexie/database';
import { DexieGraphStore } from '../src/adapters/dexie/dexie-graph-store';
import { PostgresTeamReads } from '../src/adapters/postgres/postgres-team-reads';
import { PostgresTeamRemote } from '../src/adapters/postgres/postgres-team-remote';
import { startPgServer } from '../src/adapters/postgres/testing/pg-server';
import type { PgServer } from '../src/adapters/postgres/testing/pg-server';
import { teamFixture } from '../src/adapters/postgres/testing/team-fixture';
import type { TeamFixture } from '../src/adapters/postgres/testing/team-fixture';
import type { CaptureAnalysis } from '../src/core/capture';
import { fixedClock, randomIds } from '../src/core/graph/ids';
import type { EntityId } from '../src/core/graph/ids';
import { InMemoryGraphStore } from '../src/core/graph/memory-store';
import { GraphService } from '../src/core/graph/service';
import type { GraphStore } from '../src/core/graph/store';
import { ENTITY_TYPES } from '../src/core/graph/types';
import { ingestCapture } from '../src/core/ingest/ingest';
import { mulberry32 } from '../src/core/random';
import { createResolver } from '../src/core/resolve/resolver';
import { changeIds, entityUpsert, relationshipUpsert } from '../src/core/team/changes';
import type { TeamChange } from '../src/core/team/changes';
import { changesOfPage } from '../src/core/team/local-changes';
import { InMemoryPullCursor, InMemoryPushQueue, InMemoryTeamIdMap } from '../src/core/team/memory-ports';
import type { IngestSink } from '../src/core/team/ports';
import { resolverIngestSink } from '../src/core/team/resolver-sink';
import { TeamSync } from '../src/core/team/team-sync';
import { nameKey } from '../src/core/text/normalize';
import { analyzeCapture } from '../src/extract/analysis/analyze';
import { capturePage } from '../src/extract/page/capture-page';
import { createRuleRecognizer } from '../src/extract/rules/rule-recognizer';

const args = process.argv.slice(2);
const parts = ['pushpull', 'pair', 'scale'].filter((p) => args.length === 0 || args.includes(p));
const entitiesAt = args.indexOf('--entities');
const SCALE_ENTITIES = entitiesAt >= 0 ? Number(args[entitiesAt + 1]) : 1_000_000;
const PAGES = join(import.meta.dirname, '..', '..', 'shared', 'corpus', 'pages', 'readability');
const summary: Record<string, unknown> = {};

function pct(times: number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

function member(fx: TeamFixture, role: string, store: GraphStore, seed: number, sink?: IngestSink) {
  const clock = fixedClock();
  const ids = randomIds(clock, mulberry32(seed));
  const graph = new GraphService({ store, ids, clock });
  const resolver = createResolver({ store, clock, settings: { networkLookups: false } });
  const remote = new PostgresTeamRemote(fx.pool(role), { workspaceId: 'acme', origin: `${role}-bench` });
  const ingest = sink ?? resolverIngestSink({ graph, store, resolver, idMap: new InMemoryTeamIdMap() });
  const sync = new TeamSync({ queue: new InMemoryPushQueue(), cursor: new InMemoryPullCursor(), remote, sink: ingest });
  return { clock, ids, graph, resolver, sync, changes: changeIds(clock, mulberry32(seed + 1)), store };
}

async function pushPull(server: PgServer): Promise<void> {
  const fx = await teamFixture(server);
  const alice = member(fx, 'alice', new InMemoryGraphStore(), 1);
  const random = mulberry32(7);
  const entityIds: EntityId[] = [];
  for (let i = 0; i < 10_000; i++) {
    const e = await alice.graph.createEntity({
      name: `Entity ${i.toString(36)} ${Math.floor(random() * 1e6).toString(36)}`,
      type: ENTITY_TYPES[i % 6] ?? 'other',
    });
    entityIds.push(e.id);
  }
  const changes: TeamChange[] = (await alice.store.listEntities({ limit: 20_000 })).map((e) => entityUpsert(alice.changes.next(), e));
  for (let i = 0; i < 20_000; i++) {
    const from = entityIds[i % 10_000];
    const to = entityIds[(i * 7919 + 1 + Math.floor(i / 10_000)) % 10_000];
    if (from === undefined || to === undefined || from === to) continue;
    const { relationship } = await alice.graph.relate(from, `label_${i % 20}`, to);
    changes.push(relationshipUpsert(alice.changes.next(), relationship));
  }
  await alice.sync.record(changes);
  let t = performance.now();
  const pushed = await alice.sync.push();
  const pushMs = performance.now() - t;
  console.log(
    `push: ${changes.length} changes in ${pushed.batches} batches, ${(pushMs / 1000).toFixed(1)} s (${Math.round(changes.length / (pushMs / 1000))} changes/s)`,
  );

  const bobTransport = member(fx, 'bob', new InMemoryGraphStore(), 2, { apply: async () => undefined });
  t = performance.now();
  const transport = await bobTransport.sync.pull();
  const pullMs = performance.now() - t;
  console.log(`pull (transport, pages of 1,000): ${transport.changes} changes, ${(pullMs / 1000).toFixed(1)} s`);

  const bob = member(fx, 'bob', new InMemoryGraphStore(), 3);
  t = performance.now();
  const ingested = await bob.sync.pull();
  const ingestMs = performance.now() - t;
  const counts = await bob.store.counts();
  console.log(
    `pull + resolver replay into an in-memory graph: ${ingested.changes} changes, ${(ingestMs / 1000).toFixed(1)} s → ${counts.entities} entities, ${counts.relationships} relationships`,
  );
  summary.pushpull = {
    changes: changes.length,
    batches: pushed.batches,
    pushMs: Math.round(pushMs),
    pullTransportMs: Math.round(pullMs),
    pullReplayMs: Math.round(ingestMs),
    replayed: counts,
  };
  await fx.close();
}

function corpusAnalyses(count: number): CaptureAnalysis[] {
  const recognizer = createRuleRecognizer();
  const virtualConsole = new VirtualConsole();
  const names = readdirSync(PAGES)
    .filter((n) => existsSync(join(PAGES, n, 'source.html')))
    .sort()
    .slice(0, count);
  return names.map((name) => {
    const url = `https://${name.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}.example/page`;
    const dom = new JSDOM(readFileSync(join(PAGES, name, 'source.html'), 'utf8'), { url, virtualConsole });
    const analysis = analyzeCapture(capturePage(dom.window.document, url, { now: 0 }), { recognizer });
    dom.window.close();
    return analysis;
  });
}

let dexies = 0;
function dexieStore(): DexieGraphStore {
  return new DexieGraphStore(new AriadneDatabase(`team-bench-${++dexies}`));
}

async function ingestAll(m: ReturnType<typeof member>, analyses: readonly CaptureAnalysis[], syncEach: boolean): Promise<void> {
  for (const analysis of analyses) {
    m.clock.advance(1000);
    const result = await ingestCapture(
      analysis,
      { service: m.graph, resolver: m.resolver, store: m.store, clock: m.clock, ids: m.ids },
      { capturedAt: m.clock.now() },
    );
    await m.sync.record(await changesOfPage(m.store, result.pageUrl, m.changes));
    if (syncEach) await m.sync.sync();
  }
}

async function names(store: GraphStore): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const e of await store.listEntities({ limit: 100_000 }))
    out.set(`${e.type}:${nameKey(e.name)}`, (out.get(`${e.type}:${nameKey(e.name)}`) ?? 0) + 1);
  return out;
}

async function pair(server: PgServer): Promise<void> {
  const analyses = corpusAnalyses(20);
  const soloFx = await teamFixture(server);
  const solo = member(soloFx, 'carol', dexieStore(), 9);
  await ingestAll(solo, analyses, false);
  const expected = await names(solo.store);
  await soloFx.close();
  const fx = await teamFixture(server);
  const alice = member(fx, 'alice', dexieStore(), 11);
  const bob = member(fx, 'bob', dexieStore(), 12);
  const t = performance.now();
  // Both read the same pages at the same time, syncing after each page; Bob reads them in reverse order.
  await Promise.all([ingestAll(alice, analyses, true), ingestAll(bob, [...analyses].reverse(), true)]);
  for (let round = 0; round < 3; round++) {
    await alice.sync.sync();
    await bob.sync.sync();
  }
  const ms = performance.now() - t;
  const result: Record<string, unknown> = {
    pages: analyses.length,
    entitiesOneReader: [...expected.values()].reduce((a, b) => a + b, 0),
    ms: Math.round(ms),
  };
  for (const [who, m] of [
    ['alice', alice],
    ['bob', bob],
  ] as const) {
    const got = await names(m.store);
    const lost = [...expected.keys()].filter((k) => !got.has(k));
    const duplicates = [...got].reduce((n, [k, c]) => n + Math.max(0, c - (expected.get(k) ?? 1)), 0);
    const counts = await m.store.counts();
    console.log(
      `pair, ${who}: ${counts.entities} entities (one reader of the same pages: ${String(result.entitiesOneReader)}), lost ${lost.length}, duplicates ${duplicates}${lost.length > 0 ? ` — lost: ${lost.slice(0, 10).join(', ')}` : ''}`,
    );
    result[who] = { entities: counts.entities, relationships: counts.relationships, lost: lost.length, duplicates };
  }
  // The team database keeps each member's rows; team reads group same-key, same-type entities of different members (migration 004).
  const held = await fx.admin<{ type: string; name_key: string }>(
    `SELECT type, name_key FROM ariadne.entities WHERE deleted_at IS NULL AND merged_into IS NULL
      GROUP BY type, name_key HAVING count(*) > 1 ORDER BY type, name_key`,
  );
  const reads = new PostgresTeamReads(fx.pool('alice'), 'acme');
  let shownTwice = 0;
  for (const row of held) {
    const hits = (await reads.search({ query: row.name_key, limit: 100 })).results;
    if (hits.filter((h) => h.entity_type === row.type && nameKey(h.name) === row.name_key).length > 1) shownTwice++;
  }
  console.log(`pair, team database: ${held.length} names held by two or more rows; team_search shows ${shownTwice} of them more than once`);
  result.team = { namesHeldTwice: held.length, searchShowsTwice: shownTwice };
  console.log(`pair: ${analyses.length} pages each, concurrently, synced in ${(ms / 1000).toFixed(1)} s`);
  summary.pair = result;
  await fx.close();
}

const CONLL = join(import.meta.dirname, '..', '..', 'shared', 'corpus', 'ner', 'conll2003', 'eng.train');

/**
 * Words of CoNLL-2003's entity names (EU, Clinton, Reuters, …) whose normalized key is the
 * word in lower case (no legal suffix like "Group", no "The"), so `lower(name)` in SQL is
 * the name key Ariadne computes. Names are two or three of them: real name trigrams.
 */
function nameWords(): string[] {
  const words = new Set<string>();
  for (const line of readFileSync(CONLL, 'utf8').split('\n')) {
    const [word = '', , , tag = 'O'] = line.split(' ');
    if (tag !== 'O' && /^[A-Za-z]{3,}$/.test(word) && nameKey(word) === word.toLowerCase()) words.add(word);
  }
  return [...words].sort();
}

async function scale(server: PgServer): Promise<void> {
  const fx = await teamFixture(server);
  const n = SCALE_ENTITIES;
  const words = nameWords();
  let t = performance.now();
  await fx.admin(
    `
    INSERT INTO ariadne.entities (workspace_id, id, name, name_key, type, created_at, updated_at, contributor, position)
    SELECT 'acme', 'e_' || g, nm, lower(nm),
           (ARRAY['company','person','technology','product','location','other'])[1 + g % 6], g, g, 'alice', g
      FROM generate_series(1::bigint, ${n}) g,
           LATERAL (SELECT w[1 + (g * 7919) % k] || ' ' || w[1 + (g * 104729 + g / k) % k]
                           || CASE WHEN g % 4 = 0 THEN ' ' || w[1 + (g * 31) % k] ELSE '' END AS nm
                      FROM (SELECT $1::text[] AS w, cardinality($1::text[]) AS k) x) named`,
    [words],
  );
  await fx.admin(`
    INSERT INTO ariadne.aliases (workspace_id, entity_id, alias_key, alias, contributor)
    SELECT 'acme', 'e_' || g, 'alias ' || g, 'Alias ' || g, 'alice' FROM generate_series(1, ${n}, 5) g`);
  await fx.admin(`
    INSERT INTO ariadne.relationships (workspace_id, id, from_id, to_id, label, created_at, updated_at, contributor, position)
    SELECT 'acme', 'r_' || g, 'e_' || (1 + (g * 2654435761) % ${n}), 'e_' || (1 + (g * 40503 + 17) % ${n}),
           (ARRAY['uses','owns','founded_by','competes_with','part_of','located_in'])[1 + g % 6], g, g, 'alice', g
      FROM generate_series(1::bigint, ${3 * n}) g`);
  await fx.admin('ANALYZE');
  const loadMs = performance.now() - t;
  console.log(
    `scale: loaded ${n} entities (names from ${words.length} CoNLL-2003 name words), ${3 * n} relationships, ${Math.ceil(n / 5)} aliases in ${(loadMs / 1000).toFixed(0)} s`,
  );

  const reads = new PostgresTeamReads(fx.pool('alice'), 'acme');
  const random = mulberry32(3);
  const sample = await fx.admin<{ name: string; id: string }>(
    `SELECT name, id FROM ariadne.entities WHERE id IN (${Array.from({ length: 200 }, () => `'e_${1 + Math.floor(random() * n)}'`).join(',')})`,
  );
  const searchTimes: number[] = [];
  let found = 0;
  for (const [i, row] of sample.entries()) {
    // Exact names, prefixes and one-letter typos, in turn.
    const query =
      i % 3 === 0 ? row.name : i % 3 === 1 ? row.name.slice(0, Math.max(4, row.name.length - 3)) : row.name.replace(/[aeiou]/, 'y');
    t = performance.now();
    const out = await reads.search({ query, limit: 10 });
    searchTimes.push(performance.now() - t);
    if (out.results.some((r) => r.id === row.id)) found++;
  }
  const relatedTimes: number[] = [];
  let edges = 0;
  for (const row of sample) {
    t = performance.now();
    const out = await reads.findRelated({ name: row.id });
    relatedTimes.push(performance.now() - t);
    edges += out.related.length;
  }
  const f = (x: number) => x.toFixed(1);
  console.log(
    `entity_search at ${n}: p50 ${f(pct(searchTimes, 0.5))} ms, p95 ${f(pct(searchTimes, 0.95))} ms, found in the top 10: ${found}/${sample.length}`,
  );
  console.log(
    `entity_find_related at ${n} / ${3 * n}: p50 ${f(pct(relatedTimes, 0.5))} ms, p95 ${f(pct(relatedTimes, 0.95))} ms (${(edges / sample.length).toFixed(1)} related per entity)`,
  );
  summary.scale = {
    entities: n,
    relationships: 3 * n,
    loadMs: Math.round(loadMs),
    searchP50: pct(searchTimes, 0.5),
    searchP95: pct(searchTimes, 0.95),
    searchFound: found,
    queries: sample.length,
    relatedP50: pct(relatedTimes, 0.5),
    relatedP95: pct(relatedTimes, 0.95),
  };
  await fx.close();
}

const server = await startPgServer();
// Stopped by hand, the benchmark still stops its server.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.destroy().finally(() => process.exit(130)));
try {
  if (parts.includes('pushpull')) await pushPull(server);
  if (parts.includes('pair')) await pair(server);
  if (parts.includes('scale')) await scale(server);
} finally {
  await server.destroy();
}
console.log(JSON.stringify(summary));
