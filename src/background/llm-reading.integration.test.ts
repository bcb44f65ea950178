// LLM reading after capture, end to end below the browser: real Dexie (fake-indexeddb),
// the real offline ingestion first, then the scripted OpenAI-compatible server over real
// HTTP answering the extraction schema (with invented facts, garbage, 5xx, slowness).
import { afterEach, describe, expect, it } from 'vitest';
import { AriadneDatabase } from '../adapters/dexie/database';
import { DexieGraphStore } from '../adapters/dexie/dexie-graph-store';
import { pagesWithLlmEvidence } from '../adapters/dexie/llm-evidence-pages';
import { indexedDbOneRow } from '../adapters/indexeddb-one-row';
import type { ExtractionScript } from '../../tooling/testing/scripted-extractor';
import { extractionStep, newTally } from '../../tooling/testing/scripted-extractor';
import type { ScriptedServer, Step } from '../../tooling/testing/scripted-llm-server';
import { startScriptedServer } from '../../tooling/testing/scripted-llm-server';
import type { PageCapture } from '../core/capture';
import { pageCaptureSchema } from '../core/capture';
import { randomIds, systemClock } from '../core/graph/ids';
import { GraphService } from '../core/graph/service';
import type { Settings } from '../core/settings';
import { defaultSettings } from '../core/settings';
import { createIngest } from './ingest';
import { forgetInWorkspaces, LlmReadingQueue } from './llm-reading';
import { pageVotes } from '../core/graph/type-evidence';

const URL_ = 'https://example.test/stripe';
const TEXT = [
  'Stripe is an Irish-American financial services company.',
  'Stripe was founded by Patrick Collison and John Collison in 2010.',
  'The company is headquartered in South San Francisco, California.',
  'Stripe acquired TaxJar in 2021 and works with Amazon and Shopify.',
].join(' ');

let counter = 0;
const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

function capture(text = TEXT): PageCapture {
  return pageCaptureSchema.parse({ url: URL_, title: 'Stripe', text, capturedAt: 1_700_000_000_000, trigger: 'manual' });
}

/** A model that answers every chunk with `extraction`, counting `usage` tokens for it. */
function fixedAnswer(extraction: unknown, usage = { prompt_tokens: 1, completion_tokens: 1 }): Step {
  return () => ({
    json: {
      choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(extraction) }, finish_reason: 'stop' }],
      usage,
    },
  });
}

async function setup(
  script: ExtractionScript | Step,
  patch: Partial<Settings['llm']> = {},
  capturePatch: Partial<Settings['capture']> = {},
  text = TEXT,
) {
  const db = new AriadneDatabase(`ariadne-llm-${++counter}`);
  const usageDb = `ariadne-llm-usage-${counter}`;
  const store = new DexieGraphStore(db);
  const ids = randomIds(systemClock);
  const graph = new GraphService({ store, ids, clock: systemClock });
  const tally = newTally();
  const step = typeof script === 'function' ? script : extractionStep(script, tally);
  const server: ScriptedServer = await startScriptedServer([step], { models: ['scripted'] });
  cleanup.push(async () => {
    await server.close();
    await db.delete();
  });
  const base = defaultSettings();
  const settings: Settings = {
    ...base,
    capture: { ...base.capture, ...capturePatch },
    llm: {
      ...base.llm,
      provider: 'openai-compatible',
      baseUrl: server.baseUrl,
      model: 'scripted',
      timeoutMs: 1_000,
      readPages: true,
      ...patch,
    },
  };
  const ingest = createIngest({ graph, store, clock: systemClock, ids, settings: async () => settings });
  const usage = indexedDbOneRow(indexedDB, usageDb, 'usage');
  /** Page writes the recorder was told of, in their write turn, with the LLM evidence the store held by then and whether it had committed. */
  const told: { url: string; rewritten: boolean; llmEvidence: number; committed: boolean }[] = [];
  const llm = new LlmReadingQueue({
    graph,
    store,
    clock: systemClock,
    ids,
    settings: async () => settings,
    usage,
    pagesWithLlmEvidence: () => pagesWithLlmEvidence(db),
    recorder: {
      prepare: async () => {
        const at = told.length;
        return {
          record: async ({ url, rewritten }) => {
            const llmEvidence = (await store.evidenceOfPage(url, 1_000)).filter((ev) => ev.extractor === 'llm').length;
            told.push({ url, rewritten, llmEvidence, committed: false });
          },
          committed: () => told.slice(at).forEach((t) => void (t.committed = true)),
        };
      },
    },
  });
  const offline = async (): Promise<void> => {
    await ingest(capture(text));
  };
  const read = async (): Promise<void> => {
    llm.afterCapture(capture(text));
    await new Promise((resolve) => setTimeout(resolve, 0)); // the settings read that queues it
    await llm.idle();
  };
  return { db, store, server, tally, llm, offline, read, usage, told };
}

/** Everything the graph holds about the page, in a stable order. */
async function snapshot(store: DexieGraphStore) {
  const entities = await store.listEntities({ limit: 1_000 });
  const relationships = await store.listRelationships({ limit: 1_000 });
  const evidence = (await store.evidenceOfPage(URL_, 1_000)).sort((a, b) => (a.id < b.id ? -1 : 1));
  const page = await store.getPage(URL_);
  return { entities, relationships, evidence, page };
}

describe('LLM reading after capture', () => {
  it('stores verified findings through the resolver, marked with the model, after the offline results', async () => {
    const { store, server, tally, llm, offline, read, told } = await setup({ invent: true });
    await offline();
    const before = await snapshot(store);
    await read();
    // Team sync records the page in the findings' write turn (they are written by then), then hears it committed.
    expect(told).toEqual([{ url: URL_, rewritten: true, llmEvidence: expect.any(Number), committed: true }]);
    expect(told[0]?.llmEvidence).toBeGreaterThan(0);

    const request = server.requests[0]?.body;
    expect(request?.tools).toBeUndefined();
    expect(request?.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'page_facts', strict: true } });
    const after = await snapshot(store);
    const llmEvidence = after.evidence.filter((ev) => ev.extractor === 'llm');
    expect(llmEvidence.length).toBeGreaterThan(0);
    expect(llmEvidence.every((ev) => ev.model === 'scripted')).toBe(true);
    // Offline evidence is untouched, and the page keeps its capture time.
    expect(after.evidence.filter((ev) => ev.extractor === undefined)).toEqual(before.evidence);
    expect(after.page?.capturedAt).toBe(before.page?.capturedAt);
    // Nothing the scripted model invented reached the graph.
    const names = after.entities.flatMap((e) => [e.name, ...e.aliases]);
    expect(names).not.toContain('Qzorvath Dynamics');
    expect(names).not.toContain('Vexmoor Labs');
    expect(names).not.toContain('Ilvana Trask');
    expect(after.evidence.some((ev) => ev.snippet.includes('1802'))).toBe(false);
    // A relation the model read keeps the page's own sentence.
    const relEvidence = llmEvidence.filter((ev) => ev.kind === 'relationship');
    expect(relEvidence.length).toBeGreaterThan(0);
    for (const ev of relEvidence) expect(TEXT).toContain(ev.snippet);
    const status = await llm.status();
    expect(status.recent[0]).toMatchObject({ url: URL_, state: 'done', model: 'scripted' });
    expect(status.recent[0]?.dropped).toBe(tally.inventedEntities + tally.inventedAliases + tally.inventedRelations);
    expect(status.tokensToday).toBeGreaterThan(0);
  });

  it.each<[string, ExtractionScript, 'failed' | 'done']>([
    ['HTTP 5xx', { mode: 'error' }, 'failed'],
    ['a timeout', { mode: 'slow', delayMs: 1_500 }, 'failed'],
    ['malformed JSON', { mode: 'malformed' }, 'failed'],
    ['JSON of the wrong shape', { mode: 'wrong-shape' }, 'failed'],
  ])('%s leaves the offline results exactly as they were', async (_, script, state) => {
    const { store, llm, offline, read } = await setup(script);
    await offline();
    const before = await snapshot(store);
    await read();
    expect(await snapshot(store)).toEqual(before);
    const [reading] = (await llm.status()).recent;
    expect(reading).toMatchObject({ state, entities: 0, relations: 0 });
    expect(reading?.note).toBeTruthy();
  });

  it("deleting a page's LLM contributions restores the offline graph", async () => {
    const { store, llm, offline, read, db } = await setup({ invent: true });
    await offline();
    const before = await snapshot(store);
    await read();
    expect((await snapshot(store)).evidence.length).toBeGreaterThan(before.evidence.length);
    expect(await pagesWithLlmEvidence(db)).toEqual([URL_]);

    const outcome = await llm.forget(URL_);
    expect(outcome.evidenceRemoved).toBeGreaterThan(0);
    const after = await snapshot(store);
    expect(after.evidence).toEqual(before.evidence);
    expect(after.relationships).toEqual(before.relationships);
    expect(after.entities.map((e) => e.id)).toEqual(before.entities.map((e) => e.id));
    expect(after.page?.entityIds).toEqual(before.page?.entityIds);
    expect(after.page?.relationshipIds).toEqual(before.page?.relationshipIds);
    expect(await llm.forget()).toMatchObject({ pages: 0, evidenceRemoved: 0 });
  });

  it('reads nothing automatically when reading is off, but reads a page the user asks for', async () => {
    const { server, llm, read } = await setup({}, { readPages: false });
    await read();
    expect(server.requests).toHaveLength(0);
    await llm.readPage(URL_);
    await llm.idle();
    expect(server.requests).toHaveLength(1);
  });

  it('sends nothing for a blocked site, and says so', async () => {
    const { server, llm, offline, read } = await setup({}, {}, { blocklist: ['example.test'] });
    await offline();
    await read();
    expect(server.requests).toHaveLength(0);
    expect((await llm.status()).recent[0]).toMatchObject({ state: 'skipped', note: expect.stringMatching(/block/i) });
  });

  it('charges the day what the server counted, prompt and answer, and sends nothing once the day is spent', async () => {
    const { server, llm, read, usage } = await setup({}, { readTokensPerDay: 1_000 });
    await read();
    expect(server.requests).toHaveLength(1);
    const prompt = server.requests[0]?.body.messages.reduce((n, m) => n + Math.ceil((m.content ?? '').length / 4), 0) ?? 0;
    // The scripted model counts its answer's tokens too: the day is charged both.
    expect((await llm.status()).tokensToday).toBeGreaterThan(prompt);

    await usage.save({ day: new Date().toISOString().slice(0, 10), tokens: 990 });
    await read();
    expect(server.requests).toHaveLength(1);
    const status = await llm.status();
    expect(status.recent[0]).toMatchObject({ state: 'skipped', note: expect.stringMatching(/do not pay for one part/) });
    expect(status.tokensToday).toBe(990);
  });

  it("a quote running across two sentences is not evidence; a quote inside one stores the page's whole sentence", async () => {
    const text = 'Maria Tamm lives in Tartu. Globex Paper sells notebooks to schools.';
    const { store, llm, offline, read } = await setup(
      fixedAnswer({
        entities: [
          { name: 'Maria Tamm', type: 'person', aliases: [] },
          { name: 'Tartu', type: 'location', aliases: [] },
          { name: 'Globex Paper', type: 'company', aliases: [] },
        ],
        relations: [
          // The end of one sentence and the start of the next: both names, no statement.
          { from: 'Globex Paper', label: 'located_in', to: 'Tartu', sentence: 'lives in Tartu. Globex Paper' },
          { from: 'Globex Paper', label: 'located_in', to: 'Tartu', sentence: 'Tartu Globex Paper' },
          { from: 'Maria Tamm', label: 'located_in', to: 'Tartu', sentence: 'maria tamm lives in tartu' },
        ],
      }),
      {},
      {},
      text,
    );
    await offline();
    await read();
    const evidence = (await store.evidenceOfPage(URL_, 1_000)).filter((ev) => ev.extractor === 'llm' && ev.kind === 'relationship');
    expect(evidence.map((ev) => ev.snippet)).toEqual(['Maria Tamm lives in Tartu.']);
    const globex = (await store.listEntities({ limit: 100 })).find((e) => e.name === 'Globex Paper');
    const relations = await store.listRelationships({ limit: 100 });
    expect(relations.filter((r) => r.from === globex?.id)).toEqual([]);
    expect((await llm.status()).recent[0]).toMatchObject({ state: 'done', relations: 1, dropped: 2 });
  });

  it('the page budget counts answers: once prompts and answers spent it, no further part is sent, and the day is charged both', async () => {
    const text = Array.from({ length: 40 }, (_, i) => `Stripe opened office number ${i} in Dublin this year.`).join(' ');
    const { server, llm, read } = await setup(
      fixedAnswer(
        { entities: [{ name: 'Dublin', type: 'location', aliases: [] }], relations: [] },
        { prompt_tokens: 900, completion_tokens: 2_000 },
      ),
      { readChunkTokens: 200, readTokensPerPage: 3_000 },
      {},
      text,
    );
    await read();
    // Each part's prompt is far under the page budget; with the first answer's 2,000 tokens, less than an answer's room is left.
    expect(server.requests).toHaveLength(1);
    const maxTokens = (server.requests[0]?.body as { max_tokens?: number } | undefined)?.max_tokens;
    expect(maxTokens).toBeLessThanOrEqual(3_000);
    const status = await llm.status();
    expect(status.tokensToday).toBe(2_900);
    expect(status.recent[0]).toMatchObject({
      state: 'done',
      tokens: 2_900,
      note: expect.stringMatching(/not sent: the page's token budget/),
    });
  });

  it('an LLM that types a name otherwise than the offline reader joins the entity, and its type is a vote, not a second entity', async () => {
    const reply: { extraction?: unknown } = {};
    const { store, llm, offline, read } = await setup(() => fixedAnswer(reply.extraction)(undefined as never, 0));
    await offline();
    const before = await snapshot(store);
    const reviewsBefore = await store.listReviews('pending', 1_000);
    const [first, second] = before.entities;
    if (first === undefined || second === undefined) throw new Error('the offline reader found fewer than two entities');
    const otherType = (type: string) => (type === 'company' ? 'location' : 'company');
    reply.extraction = {
      entities: [
        { name: first.name, type: otherType(first.type), aliases: [] },
        { name: second.name.toUpperCase(), type: otherType(second.type), aliases: [] },
      ],
      relations: [],
    };
    await read();
    const after = await snapshot(store);
    // The same entities, with their types, and no review of a same-name pair.
    expect(after.entities.map((e) => [e.id, e.name, e.type])).toEqual(before.entities.map((e) => [e.id, e.name, e.type]));
    expect(await store.listReviews('pending', 1_000)).toEqual(reviewsBefore);
    // The disagreement is kept as the LLM's vote on its evidence, which the type decision reads.
    for (const entity of [first, second]) {
      const votes = pageVotes(await store.evidenceOfEntity(entity.id, 1_000), entity.type);
      expect([...votes.values()]).toContainEqual({ type: otherType(entity.type), source: 'llm' });
    }
    expect((await llm.status()).recent[0]).toMatchObject({ state: 'done', entities: 2 });
    // Forgetting the reading takes its votes with it.
    await llm.forget(URL_);
    expect(await snapshot(store)).toEqual(before);
  });

  it('"delete everything LLM reading added" names the workspaces it covered: one, or all of them', async () => {
    const market = await setup({ invent: true });
    const thesis = await setup({ invent: true });
    for (const w of [market, thesis]) {
      await w.offline();
      await w.read();
    }
    const llmRows = async (store: DexieGraphStore) =>
      (await store.evidenceOfPage(URL_, 1_000)).filter((ev) => ev.extractor === 'llm').length;
    const thesisRows = await llmRows(thesis.store);
    const one = await forgetInWorkspaces([{ name: 'Market scan', llm: market.llm }]);
    expect(one).toMatchObject({ pages: 1, workspaces: ['Market scan'] });
    expect(await llmRows(market.store)).toBe(0);
    expect(await llmRows(thesis.store)).toBe(thesisRows);
    const all = await forgetInWorkspaces([
      { name: 'Market scan', llm: market.llm },
      { name: 'Thesis', llm: thesis.llm },
    ]);
    expect(all).toMatchObject({ pages: 1, evidenceRemoved: thesisRows, workspaces: ['Market scan', 'Thesis'] });
    expect(await llmRows(thesis.store)).toBe(0);
  });

  it('refuses to read a page Ariadne never captured, with not_found', async () => {
    const { llm } = await setup({});
    await expect(llm.readPage('https://example.test/never')).rejects.toMatchObject({ code: 'not_found' });
  });
});
