import { describe, expect, it } from 'vitest';
import type { AnalyzedEntity, AnalyzedRelation, CaptureAnalysis } from '../capture';
import type { EntityType } from '../graph/types';
import { resolveName } from '../resolve/resolve-name';
import { INGEST_BUDGET_MS, ingestCapture } from './ingest';
import { ingestTestGraph } from './testing/ingest-graph';

const setup = ingestTestGraph;

function ent(name: string, type: EntityType, extra: Partial<AnalyzedEntity> = {}): AnalyzedEntity {
  return {
    name,
    type,
    aliases: [],
    attributes: {},
    salience: 0.5,
    mentions: 1,
    snippet: `${name} was mentioned.`,
    origin: 'text',
    ...extra,
  };
}
function rel(from: string, label: string, to: string): AnalyzedRelation {
  return { from, to, label, snippet: `${from} ${label} ${to}.`, origin: 'text' };
}
function page(url: string, entities: AnalyzedEntity[], relations: AnalyzedRelation[] = []): CaptureAnalysis {
  return { url, title: `Title of ${url}`, entities, relations, notes: [], analyzeMs: 1 };
}

describe('ingestCapture', () => {
  it('creates new entities, relations with evidence, and records the page', async () => {
    const { store, deps } = setup();
    const out = await ingestCapture(
      page(
        'https://stripe.com/about',
        [ent('Stripe', 'company', { salience: 0.9 }), ent('Patrick Collison', 'person')],
        [rel('Stripe', 'founded_by', 'Patrick Collison'), rel('Stripe', 'Founded By', 'Patrick Collison')],
      ),
      deps,
      { capturedAt: 1000 },
    );
    expect(out).toMatchObject({ created: 2, matched: 0, queuedForReview: 0, relationships: 1, duplicate: false });
    const p = await store.getPage('https://stripe.com/about');
    expect(p?.entityIds).toEqual(out.entityIds);
    expect(p?.relationshipIds).toHaveLength(1);
    const stripe = out.entityIds[0];
    expect(stripe).toBeDefined();
    if (stripe === undefined) return;
    const ev = await store.evidenceOfEntity(stripe, 10);
    expect(ev[0]).toMatchObject({ kind: 'mention', pageUrl: 'https://stripe.com/about', snippet: 'Stripe was mentioned.' });
  });

  it('parts of a name folded in on one page are not stored, nor used to match: "Bill Cosby" is not "Bill Gates"', async () => {
    const { store, deps } = setup();
    const gates = await ingestCapture(
      page('https://a.example/1', [ent('Bill Gates', 'person', { aliases: ['Bill', 'Gates', 'William H. Gates'] })]),
      deps,
      { capturedAt: 1 },
    );
    const id = gates.entityIds[0];
    if (id === undefined) throw new Error('no id');
    // A real other name is kept; "Bill" and "Gates" stood for him on that page only.
    expect((await store.getEntity(id))?.aliases).toEqual(['William H. Gates']);
    const cosby = await ingestCapture(page('https://b.example/2', [ent('Bill Cosby', 'person', { aliases: ['Bill', 'Cosby'] })]), deps, {
      capturedAt: 2,
    });
    expect(cosby).toMatchObject({ created: 1, matched: 0 });
    expect(cosby.entityIds[0]).not.toBe(id);
    expect((await store.getEntity(id))?.aliases).toEqual(['William H. Gates']);
  });

  it('joins a known entity on a later page: evidence, new alias, attributes, mention count', async () => {
    const { store, deps } = setup();
    const first = await ingestCapture(page('https://a.example/1', [ent('Stripe', 'company')]), deps, { capturedAt: 1 });
    const second = await ingestCapture(
      page('https://b.example/2', [ent('Stripe, Inc.', 'company', { attributes: { url: 'https://stripe.com' }, mentions: 3 })]),
      deps,
      { capturedAt: 2 },
    );
    expect(second).toMatchObject({ created: 0, matched: 1 });
    expect(second.entityIds).toEqual(first.entityIds);
    const id = first.entityIds[0];
    if (id === undefined) throw new Error('no id');
    const e = await store.getEntity(id);
    expect(e).toMatchObject({ name: 'Stripe', aliases: ['Stripe, Inc.'], attributes: { url: 'https://stripe.com' }, mentionCount: 4 });
    expect(await store.evidenceOfEntity(id, 10)).toHaveLength(2);
  });

  it('is idempotent: the same capture (url + capturedAt) ingested twice changes nothing', async () => {
    const { store, deps } = setup();
    const analysis = page(
      'https://a.example/',
      [ent('Stripe', 'company'), ent('Adyen', 'company')],
      [rel('Stripe', 'competes_with', 'Adyen')],
    );
    await ingestCapture(analysis, deps, { capturedAt: 5 });
    const before = await store.counts();
    const again = await ingestCapture(analysis, deps, { capturedAt: 5 });
    expect(again.duplicate).toBe(true);
    expect(await store.counts()).toEqual(before);
  });

  it('past its time budget, ingestion skips the remaining mentions and relations and notes it on the page', async () => {
    const { store, clock, deps } = setup();
    // Each resolution takes 40% of the budget: the 4th mention starts past it.
    const slow = {
      resolve: async (...args: Parameters<typeof deps.resolver.resolve>) => {
        clock.advance(INGEST_BUDGET_MS * 0.4);
        return deps.resolver.resolve(...args);
      },
    };
    const names = ['Alpha', 'Beta', 'Gamma', 'Delta'];
    const analysis = page(
      'https://slow.example/',
      names.map((n, i) => ent(n, 'company', { salience: 0.9 - i / 10 })),
      [rel('Alpha', 'owns', 'Beta')],
    );
    const out = await ingestCapture(analysis, { ...deps, resolver: slow }, { capturedAt: 7 });
    expect(out).toMatchObject({ created: 3, relationships: 0, duplicate: false });
    expect((await store.listEntities({ limit: 10 })).map((e) => e.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
    const recorded = await store.getPage('https://slow.example/');
    expect(recorded?.entityIds).toEqual(out.entityIds);
    expect(recorded?.notes?.at(-1)).toBe('Ingestion stopped after 10 s: 3 of 4 entities and 0 of 1 relations were added.');
    // Recorded at its capture time: the same capture is not ingested again.
    expect((await ingestCapture(analysis, deps, { capturedAt: 7 })).duplicate).toBe(true);
  });

  it('two tabs capturing the same new entity at the same moment create one entity', async () => {
    const { store, deps } = setup();
    const [a, b] = await Promise.all([
      ingestCapture(page('https://tab-one.example/', [ent('Anthropic', 'company')]), deps, { capturedAt: 1 }),
      ingestCapture(page('https://tab-two.example/', [ent('Anthropic PBC', 'company')]), deps, { capturedAt: 1 }),
    ]);
    expect(await store.countEntities()).toBe(1);
    expect(a.entityIds).toEqual(b.entityIds);
    expect(a.created + b.created).toBe(1);
  });

  it('queues a doubtful mention for review with a provisional entity instead of guessing', async () => {
    const { store, service, deps } = setup();
    const planet = await service.createEntity({ name: 'Mercury', type: 'location' });
    const bank = await service.createEntity({ name: 'Mercury', type: 'company' });
    const out = await ingestCapture(page('https://news.example/', [ent('Mercury', 'other')]), deps, { capturedAt: 3 });
    expect(out).toMatchObject({ created: 1, matched: 0, queuedForReview: 1 });
    const [item] = await store.listReviews('pending', 10);
    expect(item?.provisionalId).toBe(out.entityIds[0]);
    expect(item?.candidates.map((c) => c.id).sort()).toEqual([planet.id, bank.id].sort());
    expect(item?.mention).toMatchObject({ name: 'Mercury', pageUrl: 'https://news.example/' });
    expect(item?.reason).toContain('equally likely');
    expect((await store.counts()).pendingReviews).toBe(1);
  });

  it('a repeated doubtful mention joins the pending provisional entity instead of adding duplicates', async () => {
    const { store, service, deps } = setup();
    await service.createEntity({ name: 'Mercury', type: 'location' });
    await service.createEntity({ name: 'Mercury', type: 'company' });
    const first = await ingestCapture(page('https://one.example/', [ent('Mercury', 'other')]), deps, { capturedAt: 1 });
    const second = await ingestCapture(page('https://two.example/', [ent('Mercury', 'other')]), deps, { capturedAt: 2 });
    expect(first.queuedForReview).toBe(1);
    expect(second).toMatchObject({ created: 0, matched: 1, queuedForReview: 0 });
    expect(second.entityIds).toEqual(first.entityIds);
    expect(await store.countEntities()).toBe(3);
    expect(await store.listReviews('pending', 10)).toHaveLength(1);
  });

  it('keeps homonyms of different types apart, and asks the user about them', async () => {
    const { store, deps } = setup();
    await ingestCapture(page('https://astro.example/', [ent('Mercury', 'location')]), deps, { capturedAt: 1 });
    const bank = await ingestCapture(page('https://bank.example/', [ent('Mercury', 'company')]), deps, { capturedAt: 2 });
    expect(bank).toMatchObject({ created: 1, matched: 0, queuedForReview: 1 });
    expect(await store.countEntities()).toBe(2);
  });

  it('stores an acronym seen with its long form as an alias, so a later page finds it', async () => {
    const { store, deps } = setup();
    const first = await ingestCapture(
      page('https://a.example/', [ent('International Business Machines', 'company'), ent('IBM', 'company')]),
      deps,
      { capturedAt: 1 },
    );
    expect(first.created).toBe(1);
    const later = await ingestCapture(page('https://b.example/', [ent('IBM', 'company')]), deps, { capturedAt: 2 });
    expect(later).toMatchObject({ matched: 1, created: 0 });
    const id = first.entityIds[0];
    if (id === undefined) throw new Error('no id');
    expect((await store.getEntity(id))?.aliases).toContain('IBM');
  });

  it('a short person name on the same page joins the full name', async () => {
    const { store, deps } = setup();
    const out = await ingestCapture(
      page('https://a.example/', [ent('Patrick Collison', 'person', { salience: 0.9 }), ent('Collison', 'person', { salience: 0.4 })]),
      deps,
      { capturedAt: 1 },
    );
    expect(out).toMatchObject({ created: 1, matched: 1 });
    expect(await store.countEntities()).toBe(1);
  });

  it('a person first seen by a title and surname is shown by the full name once a page gives it', async () => {
    const { store, deps } = setup();
    const first = await ingestCapture(page('https://a.example/1', [ent('Mr Rodrigues', 'person')]), deps, { capturedAt: 1 });
    const id = first.entityIds[0];
    if (id === undefined) throw new Error('no id');
    // A later page names him both ways: the short name joins him, then the full name on that page.
    const later = await ingestCapture(
      page('https://a.example/2', [ent('Mr Rodrigues', 'person', { salience: 0.9 }), ent('Carl Rodrigues', 'person', { salience: 0.4 })]),
      deps,
      { capturedAt: 2 },
    );
    expect(later).toMatchObject({ created: 0, matched: 2 });
    expect(later.entityIds).toContain(id);
    // "Mr Rodrigues" stood for him on those pages; as an alias it would stand for him on every later page.
    expect(await store.getEntity(id)).toMatchObject({ name: 'Carl Rodrigues', aliases: [] });
    // A name that is not a fuller form of it leaves the name alone ("Rodrigues Ltd", another first name).
    const { store: s2, deps: d2 } = setup();
    const carl = (await ingestCapture(page('https://b.example/1', [ent('Carl Rodrigues', 'person')]), d2, { capturedAt: 1 })).entityIds[0];
    if (carl === undefined) throw new Error('no id');
    await ingestCapture(
      page('https://b.example/2', [ent('Carl Rodrigues', 'person', { salience: 0.9 }), ent('Mr Rodrigues', 'person', { salience: 0.4 })]),
      d2,
      { capturedAt: 2 },
    );
    expect((await s2.getEntity(carl))?.name).toBe('Carl Rodrigues');
  });
});

describe('resolveName', () => {
  it('gives the id, an AmbiguousError listing candidates, or a NotFoundError', async () => {
    const { service, resolver } = setup();
    const stripe = await service.createEntity({ name: 'Stripe', type: 'company' });
    await service.createEntity({ name: 'Mercury', type: 'location' });
    await service.createEntity({ name: 'Mercury', type: 'company' });
    expect(await resolveName(resolver, 'Stripe, Inc.')).toBe(stripe.id);
    await expect(resolveName(resolver, 'Mercury')).rejects.toMatchObject({
      code: 'ambiguous',
      details: { candidates: [{ label: 'Mercury' }, { label: 'Mercury' }] },
    });
    await expect(resolveName(resolver, 'Adyen')).rejects.toMatchObject({ code: 'not_found' });
    expect(await resolveName(resolver, 'Mercury', 'company')).toMatch(/^e_/);
  });
});
