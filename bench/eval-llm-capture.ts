/**
 * Figures for reading captured pages with an LLM, against the scripted OpenAI-compatible
 * server over real HTTP (no real model can be downloaded on this machine). Each corpus
 * page is captured from its HTML (jsdom, the extension's capture code), ingested offline
 * into a fresh graph (Dexie on fake-indexeddb, the real analysis and resolver), then read
 * by the background's LLM step (`LlmReadingQueue`, default budgets) while the server
 * answers the extraction schema with grounded facts plus invented ones. Prints per page
 * and in total: tokens sent (as the server counted them), facts invented and dropped,
 * invented facts found in the graph afterwards (must be 0), milliseconds the LLM step
 * added; then, with the server failing (HTTP 503, malformed JSON), how many pages kept
 * their offline results unchanged. Last line: a JSON summary.
 *
 *   npm run eval:llm-capture -- [../shared/corpus/pages/readability] [--limit N]
 */
import 'fake-indexeddb/auto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM, VirtualConsole } from 'jsdom';
import { AriadneDatabase } from '../src/adapters/dexie/database';
import { DexieGraphStore } from '../src/adapters/dexie/dexie-graph-store';
import { pagesWithLlmEvidence } from '../src/adapters/dexie/llm-evidence-pages';
import { indexedDbOneRow } from '../src/adapters/indexeddb-one-row';
import type { ExtractionScript, ExtractionTally } from '../tooling/testing/scripted-extractor';
import { extractionStep, newTally } from '../tooling/testing/scripted-extractor';
import { startScriptedServer } from '../tooling/testing/scripted-llm-server';
import { createIngest } from '../src/background/ingest';
import { LlmReadingQueue } from '../src/background/llm-reading';
import type { PageCapture } from '../src/core/capture';
import { randomIds, systemClock } from '../src/core/graph/ids';
import { GraphService } from '../src/core/graph/service';
import { defaultSettings } from '../src/core/settings';
import { capturePage } from '../src/extract/page/capture-page';

const args = process.argv.slice(2);
const limitAt = args.indexOf('--limit');
const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : Number.POSITIVE_INFINITY;
const dir = args.find((a, i) => !a.startsWith('--') && i !== limitAt + 1) ?? '../shared/corpus/pages/readability';
if (!existsSync(dir)) {
  console.error(`usage: npm run eval:llm-capture -- <dir with <name>/source.html> [--limit N] (${dir} is absent)`);
  process.exit(2);
}

function captures(): PageCapture[] {
  const virtualConsole = new VirtualConsole();
  const out: PageCapture[] = [];
  for (const name of readdirSync(dir).sort()) {
    const file = [join(dir, name, 'source.html'), join(dir, name, 'input.html')].find((f) => existsSync(f));
    if (file === undefined || out.length >= limit) continue;
    const url = `https://${name.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}.example/page`;
    const dom = new JSDOM(readFileSync(file, 'utf8'), { url, virtualConsole });
    const capture = capturePage(dom.window.document, url, { now: 1_700_000_000_000 });
    dom.window.close();
    if (capture.text.trim().length > 0) out.push(capture);
  }
  return out;
}

let dbCounter = 0;

/** One page in a fresh graph: offline ingestion, then the LLM step against `script`. */
async function runPage(capture: PageCapture, script: ExtractionScript, tally: ExtractionTally) {
  const server = await startScriptedServer([extractionStep(script, tally)]);
  const db = new AriadneDatabase(`bench-llm-${++dbCounter}`);
  try {
    const store = new DexieGraphStore(db);
    const ids = randomIds(systemClock);
    const graph = new GraphService({ store, ids, clock: systemClock });
    const base = defaultSettings();
    const settings = {
      ...base,
      llm: {
        ...base.llm,
        provider: 'openai-compatible' as const,
        baseUrl: server.baseUrl,
        model: 'scripted',
        timeoutMs: 5_000,
        readPages: true,
      },
    };
    await createIngest({ graph, store, clock: systemClock, ids, settings: async () => settings })(capture);
    const offline = await dump(db);
    const llm = new LlmReadingQueue({
      graph,
      store,
      clock: systemClock,
      ids,
      settings: async () => settings,
      usage: indexedDbOneRow(indexedDB, `bench-llm-usage-${dbCounter}`, 'usage'),
      pagesWithLlmEvidence: () => pagesWithLlmEvidence(db),
    });
    const t0 = performance.now();
    llm.afterCapture(capture);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await llm.idle();
    const ms = performance.now() - t0;
    const [reading] = (await llm.status()).recent;
    const after = await dump(db);
    return { reading, ms, offline, after, inventedInGraph: await inventedIn(db) };
  } finally {
    await server.close();
    await db.delete();
  }
}

/** The graph's offline part, for comparing before and after (LLM rows left out). */
async function dump(db: AriadneDatabase): Promise<string> {
  const evidence = (await db.evidence.toArray()).filter((ev) => ev.extractor === undefined).sort((a, b) => (a.id < b.id ? -1 : 1));
  const ids = new Set(evidence.flatMap((ev) => [ev.entityId, ev.relationshipId]));
  const entities = (await db.entities.toArray()).filter((e) => ids.has(e.id)).sort((a, b) => (a.id < b.id ? -1 : 1));
  const relationships = (await db.relationships.toArray()).filter((r) => ids.has(r.id)).sort((a, b) => (a.id < b.id ? -1 : 1));
  // A page's lists gain what the LLM added; the rest of the record, and the offline entries, must not change.
  const pages = (await db.pages.toArray()).map((p) => ({
    ...p,
    entityIds: p.entityIds.filter((id) => ids.has(id)),
    relationshipIds: p.relationshipIds.filter((id) => ids.has(id)),
  }));
  return JSON.stringify({ evidence, entities, relationships, pages });
}

/** Facts of the scripted model's inventions found in the graph (its made-up names, alias, quote, and non-`uses` labels). */
async function inventedIn(db: AriadneDatabase): Promise<number> {
  const entities = await db.entities.toArray();
  const names = entities.flatMap((e) => [e.name, ...e.aliases]);
  const llmEvidence = (await db.evidence.toArray()).filter((ev) => ev.extractor === 'llm');
  const rels = await db.relationships.bulkGet(llmEvidence.flatMap((ev) => (ev.relationshipId === undefined ? [] : [ev.relationshipId])));
  return (
    names.filter((n) => n === 'Qzorvath Dynamics' || n === 'Vexmoor Labs' || n === 'Ilvana Trask').length +
    llmEvidence.filter((ev) => ev.snippet.includes('in 1802')).length +
    rels.filter((r) => r !== undefined && r.label !== 'uses').length
  );
}

const pct = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const mean = (xs: readonly number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

const pages = captures();
const tokens: number[] = [];
const added: number[] = [];
let invented = 0;
let dropped = 0;
let inventedInGraph = 0;
let offlineChanged = 0;
for (const capture of pages) {
  const tally = newTally();
  const run = await runPage(capture, { invent: true }, tally);
  const madeUp = tally.inventedEntities + tally.inventedAliases + tally.inventedRelations;
  invented += madeUp;
  dropped += run.reading?.dropped ?? 0;
  inventedInGraph += run.inventedInGraph;
  tokens.push(run.reading?.tokens ?? 0);
  added.push(run.ms);
  if (run.offline !== run.after) offlineChanged++;
  console.log(
    `${capture.url}: ${run.reading?.state} ${run.reading?.tokens} tokens, ${run.reading?.entities} entities, ${run.reading?.relations} relations kept, ${madeUp} invented, ${run.reading?.dropped} dropped, ${run.inventedInGraph} invented in graph, +${run.ms.toFixed(0)} ms`,
  );
}

let failureUnchanged = 0;
const failureRuns: string[] = [];
for (const mode of ['error', 'malformed'] as const) {
  for (const capture of pages) {
    const run = await runPage(capture, { mode }, newTally());
    if (run.offline === run.after) failureUnchanged++;
    else failureRuns.push(`${mode}: ${capture.url}`);
  }
}
if (failureRuns.length > 0) console.log(`offline results changed by a failing LLM: ${failureRuns.join(', ')}`);

tokens.sort((a, b) => a - b);
added.sort((a, b) => a - b);
const summary = {
  pages: pages.length,
  tokensPerPage: { mean: Math.round(mean(tokens)), p95: pct(tokens, 0.95), max: tokens[tokens.length - 1] ?? 0 },
  invented,
  dropped,
  inventedInGraph,
  inventedDroppedShare: invented === 0 ? 1 : (invented - inventedInGraph) / invented,
  msAddedPerPage: { mean: Math.round(mean(added)), p95: Math.round(pct(added, 0.95)), max: Math.round(added[added.length - 1] ?? 0) },
  offlineChangedByLlm: offlineChanged,
  failingLlm: { runs: pages.length * 2, offlineUnchanged: failureUnchanged },
};
console.log(JSON.stringify(summary));
process.exit(inventedInGraph === 0 && offlineChanged === 0 && failureUnchanged === pages.length * 2 ? 0 : 1);
