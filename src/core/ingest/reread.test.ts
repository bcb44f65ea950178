// Re-reading a stored page with a newer analyzer replaces what the old reading contributed
// and never loses a user edit: each edit has a test that fails when its protection goes.
// Then the background run over many pages (progress, cancel, scope), the store-wide bound
// on kept sentences and the per-page bound.
import { describe, expect, it } from 'vitest';
import type { AnalyzedEntity, AnalyzedRelation, CaptureAnalysis, PageCapture } from '../capture';
import type { Entity, EntityType } from '../graph/types';
import { ingestCapture } from './ingest';
import type { RereadOutcome } from './reread';
import { rereadPage } from './reread';
import { RereadRunner } from './reread-runner';
import { trimSentenceStore } from './reread-sentence-budget';
import { boundSentences, MAX_PAGE_SENTENCE_BYTES, sentenceBytes } from '../graph/page-sentences';
import { ingestTestGraph } from './testing/ingest-graph';

const URL = 'https://example.com/stripe-paystack';
const S = [
  'Stripe acquired Paystack in 2020.',
  'Paystack is based in Lagos, a Tuesday market town.',
  'Patrick Collison leads Stripe.',
  'Meta and Facebook are one company.',
  'Pebble makes watches.',
];

const setup = ingestTestGraph;

function entity(name: string, type: EntityType, snippet: string): AnalyzedEntity {
  return { name, type, aliases: [], attributes: {}, salience: 0.5, mentions: 1, snippet, origin: 'text' };
}

function relation(from: string, label: string, to: string, snippet: string): AnalyzedRelation {
  return { from, to, label, snippet, origin: 'text' };
}

function analysis(entities: AnalyzedEntity[], relations: AnalyzedRelation[] = []): CaptureAnalysis {
  return { url: URL, title: 'Stripe buys Paystack', entities, relations, notes: [], analyzeMs: 1, sentences: S };
}

const stripe = entity('Stripe', 'company', S[0] ?? '');
const paystack = entity('Paystack', 'company', S[0] ?? '');

type Setup = ReturnType<typeof setup>;

/** Captures the page as the old analyzer read it (version 1). */
async function capture(t: Setup, entities: AnalyzedEntity[], relations: AnalyzedRelation[] = []): Promise<void> {
  await ingestCapture(analysis(entities, relations), t.deps, { capturedAt: 1_000, analyzerVersion: 1 });
}

/** Re-reads it with a version-2 analyzer that finds `entities` and `relations`. */
function reread(t: Setup, entities: AnalyzedEntity[], relations: AnalyzedRelation[] = [], seen: PageCapture[] = []) {
  return rereadPage(URL, {
    ...t.deps,
    analyzerVersion: 2,
    analyze: (c) => {
      seen.push(c);
      return Promise.resolve(analysis(entities, relations));
    },
  });
}

async function byName(t: Setup, name: string): Promise<Entity[]> {
  return t.service.findByName(name);
}

describe('rereadPage', () => {
  it('reads the stored sentences, adds what the new reading finds and drops what only the old one found', async () => {
    const t = setup();
    await capture(
      t,
      [stripe, paystack, entity('Tuesday Market', 'company', S[1] ?? '')],
      [relation('Stripe', 'acquired', 'Paystack', S[0] ?? '')],
    );
    const countBefore = (await byName(t, 'Stripe'))[0]?.mentionCount;
    const seen: PageCapture[] = [];
    const out = await reread(
      t,
      [stripe, paystack, entity('Lagos', 'location', S[1] ?? ''), entity('Patrick Collison', 'person', S[2] ?? '')],
      [relation('Stripe', 'acquired', 'Paystack', S[0] ?? ''), relation('Patrick Collison', 'ceo_of', 'Stripe', S[2] ?? '')],
      seen,
    );
    expect(seen[0]?.text).toBe(S.join('\n'));
    expect(seen[0]?.title).toBe('Stripe buys Paystack');
    expect(out.status).toBe('reread');
    expect([...out.entitiesAdded].sort()).toEqual(['Lagos', 'Patrick Collison']);
    expect(out.entitiesRemoved).toEqual(['Tuesday Market']);
    expect(await byName(t, 'Tuesday Market')).toEqual([]);
    const page = await t.store.getPage(URL);
    expect(page?.analyzerVersion).toBe(2);
    expect(page?.capturedAt).toBe(1_000);
    expect(page?.sentences).toEqual(S);
    expect(page?.entityIds).toHaveLength(4);
    expect(page?.relationshipIds).toHaveLength(2);
    // The mentions were counted when the page was captured; a re-reading does not count them again.
    expect((await byName(t, 'Stripe'))[0]?.mentionCount).toBe(countBefore);
    // One evidence row per fact, not the old one and the new one.
    const stripeId = (await byName(t, 'Stripe'))[0]?.id;
    expect(stripeId && (await t.store.evidenceOfEntity(stripeId, 10)).length).toBe(1);
  });

  it('records the page in its write turn, with what it removed from the graph by id and the old rows of what stays', async () => {
    const t = setup();
    await capture(
      t,
      [stripe, paystack, entity('Tuesday Market', 'company', S[1] ?? '')],
      [relation('Stripe', 'acquired', 'Paystack', S[0] ?? '')],
    );
    const market = (await byName(t, 'Tuesday Market'))[0]?.id;
    const acquired = (await t.store.getPage(URL))?.relationshipIds[0];
    // Stripe and Paystack are found again: their old mention rows are replaced (the team must drop them).
    const found = new Set([(await byName(t, 'Stripe'))[0]?.id, (await byName(t, 'Paystack'))[0]?.id]);
    const oldRows = (await t.store.evidenceOfPage(URL, 10)).filter((e) => found.has(e.entityId)).map((e) => ({ id: e.id }));
    const told: { removed: RereadOutcome['removed'] | undefined; version: number | undefined; committed: boolean }[] = [];
    let committed = false;
    const out = await rereadPage(URL, {
      ...t.deps,
      analyzerVersion: 2,
      analyze: () => Promise.resolve(analysis([stripe, paystack])),
      recorder: {
        prepare: async () => ({
          // Inside the turn: the page is already rewritten, and nothing has committed yet.
          record: async (w) => void told.push({ removed: w.removed, version: (await t.store.getPage(w.url))?.analyzerVersion, committed }),
          committed: () => void (committed = true),
        }),
      },
    });
    expect(out.removed).toEqual({ entities: [market], relationships: [acquired], evidence: expect.arrayContaining(oldRows) });
    expect(out.removed.evidence).toHaveLength(2);
    expect(told).toEqual([{ removed: out.removed, version: 2, committed: false }]);
    expect(committed).toBe(true);
  });

  it('a recorder that fails in the write turn leaves the page as it was (the rewrite and its record commit together)', async () => {
    const t = setup();
    await capture(t, [stripe, paystack, entity('Tuesday Market', 'company', S[1] ?? '')]);
    const before = await t.store.getPage(URL);
    const reading = rereadPage(URL, {
      ...t.deps,
      analyzerVersion: 2,
      analyze: () => Promise.resolve(analysis([stripe])),
      recorder: {
        prepare: async () => ({
          record: () => Promise.reject(new Error('the worker stopped')),
          committed: () => undefined,
        }),
      },
    });
    await expect(reading).rejects.toThrow('the worker stopped');
    expect(await t.store.getPage(URL)).toEqual(before);
    expect(await byName(t, 'Tuesday Market')).toHaveLength(1);
  });

  it('removes no entity when the analyzer that read the page reads it again (it only adds)', async () => {
    const t = setup();
    await capture(t, [stripe, entity('Tuesday Market', 'company', S[1] ?? '')]);
    const out = await rereadPage(URL, { ...t.deps, analyzerVersion: 1, analyze: () => Promise.resolve(analysis([stripe])) });
    expect(out.entitiesRemoved).toEqual([]);
    expect(await byName(t, 'Tuesday Market')).toHaveLength(1);
  });

  it('drops a relationship only the old reading stated', async () => {
    const t = setup();
    await capture(t, [stripe, paystack], [relation('Paystack', 'acquired', 'Stripe', S[0] ?? '')]);
    await reread(t, [stripe, paystack]);
    expect((await t.store.getPage(URL))?.relationshipIds).toEqual([]);
    expect((await t.store.counts()).relationships).toBe(0);
  });

  it('keeps a merge: the merged-away name joins the kept entity, even read with another type', async () => {
    const t = setup();
    await capture(t, [entity('Facebook', 'company', S[3] ?? ''), entity('Meta', 'company', S[3] ?? '')]);
    const [facebook] = await byName(t, 'Facebook');
    const [meta] = await byName(t, 'Meta');
    if (facebook === undefined || meta === undefined || facebook.id === meta.id) throw new Error('setup: two entities expected');
    await t.service.merge(facebook.id, meta.id);
    await reread(t, [entity('Facebook', 'company', S[3] ?? ''), entity('Meta', 'product', S[3] ?? '')]);
    const found = await byName(t, 'Meta');
    expect(found.map((e) => e.id)).toEqual([facebook.id]);
    expect(await t.store.countEntities()).toBe(1);
  });

  it('keeps a merge whose kept entity the new reading does not find', async () => {
    const t = setup();
    await capture(t, [stripe, entity('Stripe Payments', 'product', S[2] ?? '')]);
    const [kept] = await byName(t, 'Stripe Payments');
    const [gone] = await byName(t, 'Stripe');
    if (kept === undefined || gone === undefined) throw new Error('setup');
    await t.service.merge(kept.id, gone.id);
    await reread(t, []);
    expect((await t.store.getEntity(kept.id))?.aliases).toContain('Stripe');
  });

  it('does not bring back an entity the user deleted', async () => {
    const t = setup();
    await capture(t, [stripe, paystack]);
    const [p] = await byName(t, 'Paystack');
    if (p === undefined) throw new Error('setup');
    await t.service.deleteEntity(p.id, { byUser: true });
    expect((await t.store.getPage(URL))?.removedNames).toEqual(['paystack']);
    const out = await reread(t, [stripe, paystack], [relation('Stripe', 'acquired', 'Paystack', S[0] ?? '')]);
    expect(out.deletedNamesSkipped).toBe(1);
    expect(await byName(t, 'Paystack')).toEqual([]);
    expect((await t.store.counts()).relationships).toBe(0);
  });

  it('keeps the type the user set, and the entity when the new reading no longer finds it', async () => {
    const t = setup();
    await capture(t, [stripe, entity('Pebble', 'person', S[4] ?? '')]);
    const [pebble] = await byName(t, 'Pebble');
    if (pebble === undefined) throw new Error('setup');
    await t.service.updateEntity(pebble.id, { type: 'product' });
    await reread(t, [stripe]);
    expect((await t.store.getEntity(pebble.id))?.type).toBe('product');
    await reread(t, [stripe, entity('Pebble', 'person', S[4] ?? '')]);
    expect((await byName(t, 'Pebble')).map((e) => [e.id, e.type])).toEqual([[pebble.id, 'product']]);
  });

  it('keeps the relationships the user added, and the entities they join', async () => {
    const t = setup();
    await capture(t, [stripe, paystack, entity('Lagos', 'location', S[1] ?? '')]);
    const [p] = await byName(t, 'Paystack');
    const [lagos] = await byName(t, 'Lagos');
    if (p === undefined || lagos === undefined) throw new Error('setup');
    const { relationship } = await t.service.relate(p.id, 'located_in', lagos.id);
    await reread(t, [stripe]);
    expect(await t.store.getRelationship(relationship.id)).toBeDefined();
    expect(await t.store.getEntity(p.id)).toBeDefined();
    expect(await t.store.getEntity(lagos.id)).toBeDefined();
  });

  it('keeps the attributes the user added, and their entity', async () => {
    const t = setup();
    await capture(t, [stripe, entity('Patrick Collison', 'person', S[2] ?? '')]);
    const [pc] = await byName(t, 'Patrick Collison');
    if (pc === undefined) throw new Error('setup');
    await t.service.updateEntity(pc.id, { attributes: { born: '1988' } });
    await reread(t, [stripe]);
    expect((await t.store.getEntity(pc.id))?.attributes).toEqual({ born: '1988' });
  });

  it('keeps what an LLM read from the page', async () => {
    const t = setup();
    await capture(t, [stripe, paystack]);
    await ingestCapture(analysis([stripe, paystack], [relation('Stripe', 'acquired', 'Paystack', S[0] ?? '')]), t.deps, {
      capturedAt: 1_000,
      provenance: { extractor: 'llm', model: 'test-model' },
    });
    const rels = await t.store.listRelationships({ limit: 10 });
    expect(rels).toHaveLength(1);
    await reread(t, [stripe]);
    const [rel] = rels;
    if (rel === undefined) throw new Error('setup');
    expect(await t.store.getRelationship(rel.id)).toBeDefined();
    expect((await t.store.evidenceOfRelationship(rel.id, 10)).map((ev) => ev.extractor)).toEqual(['llm']);
    expect(await byName(t, 'Paystack')).toHaveLength(1);
  });

  it('leaves evidence it cannot judge: a sentence the page did not keep', async () => {
    const t = setup();
    await capture(t, [stripe, entity('Acme', 'company', 'From the page’s structured data (company)')]);
    await reread(t, [stripe]);
    expect(await byName(t, 'Acme')).toHaveLength(1);
  });

  it('reads what the structured data gave as structured data again: it is not judged from the sentences', async () => {
    const t = setup();
    await capture(t, [stripe, { ...entity('Segment', 'company', S[0] ?? ''), origin: 'both' }]);
    expect((await t.store.getPage(URL))?.structuredNames).toEqual(['segment']);
    const seen: PageCapture[] = [];
    await reread(t, [stripe], [], seen);
    expect(seen[0]?.entities.map((e) => [e.name, e.type])).toEqual([['Segment', 'company']]);
    // The fake analyzer ignored it; still it is not removed.
    expect(await byName(t, 'Segment')).toHaveLength(1);
  });

  it('removes nothing from a page captured before structured names were recorded', async () => {
    const t = setup();
    await capture(t, [stripe, entity('Tuesday Market', 'company', S[1] ?? '')]);
    const page = await t.store.getPage(URL);
    if (page === undefined) throw new Error('setup');
    const { structuredNames: _s, ...older } = page;
    await t.store.putPage(older);
    const out = await reread(t, [stripe, entity('Lagos', 'location', S[1] ?? '')]);
    expect(out.entitiesRemoved).toEqual([]);
    expect(out.entitiesAdded).toEqual(['Lagos']);
    const [market] = await byName(t, 'Tuesday Market');
    expect(market && (await t.store.evidenceOfEntity(market.id, 10)).length).toBe(1);
  });

  it('changes nothing on a page that keeps no sentences', async () => {
    const t = setup();
    await ingestCapture(analysis([stripe]), { ...t.deps, settings: { keepSentences: false } }, { capturedAt: 1_000, analyzerVersion: 1 });
    const out = await reread(t, []);
    expect(out.status).toBe('no_text');
    expect((await t.store.getPage(URL))?.analyzerVersion).toBe(1);
    expect(await byName(t, 'Stripe')).toHaveLength(1);
  });

  it('refuses, changing nothing, when the page is captured again while it is read', async () => {
    const t = setup();
    await capture(t, [stripe]);
    const out = rereadPage(URL, {
      ...t.deps,
      analyzerVersion: 2,
      analyze: async () => {
        await ingestCapture(analysis([stripe, paystack]), t.deps, { capturedAt: 2_000, analyzerVersion: 1 });
        return analysis([]);
      },
    });
    await expect(out).rejects.toMatchObject({ code: 'conflict' });
    expect((await t.store.getPage(URL))?.analyzerVersion).toBe(1);
    expect(await byName(t, 'Paystack')).toHaveLength(1);
  });

  it('refuses a page that is not stored', async () => {
    const t = setup();
    await expect(reread(t, [])).rejects.toMatchObject({ code: 'not_found' });
  });
});

function page(i: number, sentence = `Acme${i} opened an office.`): CaptureAnalysis {
  return {
    url: `https://example.com/${i}`,
    title: `Page ${i}`,
    entities: [
      { name: `Acme${i}`, type: 'company', aliases: [], attributes: {}, salience: 1, mentions: 1, snippet: sentence, origin: 'text' },
    ],
    relations: [],
    notes: [],
    analyzeMs: 1,
    sentences: [sentence],
  };
}

async function capturePages(t: ReturnType<typeof setup>, n: number, version: (i: number) => number | undefined = () => 1) {
  for (let i = 0; i < n; i++) {
    const v = version(i);
    await ingestCapture(page(i), t.deps, { capturedAt: 1_000 + i, ...(v === undefined ? {} : { analyzerVersion: v }) });
  }
}

describe('RereadRunner', () => {
  it('re-reads the pages an older analyzer read, one by one, with progress', async () => {
    const t = setup();
    await capturePages(t, 4, (i) => (i === 0 ? 2 : i === 1 ? undefined : 1));
    const read: string[] = [];
    const runner = new RereadRunner({
      ...t.deps,
      analyzerVersion: 2,
      analyze: (c) => {
        read.push(c.url);
        return Promise.resolve(page(Number(c.url.slice(-1))));
      },
    });
    expect(await runner.countOutdated()).toBe(3);
    const started = await runner.start('outdated');
    expect(started).toMatchObject({ state: 'running', done: 0, total: 3 });
    await runner.idle();
    expect(runner.status()).toMatchObject({ state: 'done', done: 3, total: 3, failed: 0 });
    expect(runner.status().current).toBeUndefined();
    // Newest first; page 0 was read by the current version already.
    expect(read).toEqual(['https://example.com/3', 'https://example.com/2', 'https://example.com/1']);
    expect(await runner.countOutdated()).toBe(0);
  });

  it('stops before the next page when cancelled, and counts a failing page without stopping', async () => {
    const t = setup();
    await capturePages(t, 5);
    const ref: { runner?: RereadRunner } = {};
    let calls = 0;
    const runner = new RereadRunner({
      ...t.deps,
      analyzerVersion: 2,
      analyze: (c) => {
        calls++;
        if (calls === 1) return Promise.reject(new Error('model broke'));
        if (calls === 2) ref.runner?.cancel();
        return Promise.resolve(page(Number(c.url.slice(-1))));
      },
    });
    ref.runner = runner;
    await runner.start('all');
    await runner.idle();
    expect(runner.status()).toMatchObject({ state: 'cancelled', done: 2, total: 5, failed: 1, lastError: 'model broke' });
    expect(calls).toBe(2);
  });
});

describe('trimSentenceStore', () => {
  it("drops the oldest pages' sentences first, keeping the pages and their entities", async () => {
    const t = setup();
    await capturePages(t, 5);
    const each = sentenceBytes((await t.store.getPage('https://example.com/0'))?.sentences);
    const out = await trimSentenceStore(t.service, each * 3);
    expect(out).toEqual({ pagesTrimmed: 2, bytesKept: each * 3 });
    const pages = await t.store.listPages({ limit: 10 });
    expect(pages.map((p) => p.sentences !== undefined)).toEqual([true, true, true, false, false]);
    expect(pages.every((p) => p.entityIds.length === 1)).toBe(true);
  });

  it('changes nothing within the bound', async () => {
    const t = setup();
    await capturePages(t, 3);
    expect((await trimSentenceStore(t.service, 1_000_000)).pagesTrimmed).toBe(0);
  });
});

describe('boundSentences', () => {
  it('keeps every sentence when the page is within the bounds, in order', () => {
    expect(boundSentences(['A b.', 'C d.', 'A b.'], (i) => i === 1)).toEqual(['A b.', 'C d.']);
  });

  it('over the byte bound: the preferred sentences first, the others in the room left, in text order', () => {
    const long = (i: number) => `${String(i).padStart(3, '0')} ${'x'.repeat(590)}`;
    const sentences = Array.from({ length: 150 }, (_, i) => long(i));
    const kept = boundSentences(sentences, (i) => i >= 100);
    expect(sentenceBytes(kept)).toBeLessThanOrEqual(MAX_PAGE_SENTENCE_BYTES);
    expect(kept.filter((s) => Number(s.slice(0, 3)) >= 100)).toHaveLength(50);
    expect(kept[0]?.startsWith('000')).toBe(true);
    expect(kept.map((s) => s.slice(0, 3))).toEqual([...kept.map((s) => s.slice(0, 3))].sort());
  });
});
