import { describe, expect, it } from 'vitest';
import type { AnalyzedEntity, AnalyzedRelation, CaptureAnalysis } from '../capture';
import type { EntityId } from '../graph/ids';
import { decideType, pageVotes, tallyTypes } from '../graph/type-evidence';
import type { EntityType } from '../graph/types';
import { ingestCapture } from './ingest';
import { ingestTestGraph } from './testing/ingest-graph';

function ent(name: string, type: EntityType, extra: Partial<AnalyzedEntity> = {}): AnalyzedEntity {
  return { name, type, aliases: [], attributes: {}, salience: 0.5, mentions: 1, snippet: `${name} came up.`, origin: 'text', ...extra };
}
function rel(from: string, label: string, to: string): AnalyzedRelation {
  return { from, to, label, snippet: `${from} ${label} ${to}.`, origin: 'text' };
}
function page(url: string, entities: AnalyzedEntity[], relations: AnalyzedRelation[] = []): CaptureAnalysis {
  return { url, title: `Title of ${url}`, entities, relations, notes: [], analyzeMs: 1 };
}
function first(ids: readonly EntityId[]): EntityId {
  const id = ids[0];
  if (id === undefined) throw new Error('no entity');
  return id;
}

describe('an entity type decided by evidence', () => {
  it("a later page's structured data corrects an earlier page's guess, and the change is recorded", async () => {
    const { store, deps } = ingestTestGraph();
    const guessed = await ingestCapture(page('https://news.example/1', [ent('Tessaly', 'person')]), deps, { capturedAt: 1 });
    const id = first(guessed.entityIds);
    const stated = await ingestCapture(
      page('https://tessaly.example/about', [ent('Tessaly', 'company', { origin: 'structured', snippet: 'Tessaly makes looms.' })]),
      deps,
      { capturedAt: 2 },
    );
    // One entity, now a company: the statement outweighs the guess.
    expect(stated.entityIds).toEqual([id]);
    expect(await store.getEntity(id)).toMatchObject({ type: 'company', aliases: [] });
    expect(await store.countEntities()).toBe(1);
    const change = (await store.evidenceOfEntity(id, 10)).filter((e) => e.kind === 'attribute');
    expect(change).toEqual([
      expect.objectContaining({
        pageUrl: 'https://tessaly.example/about',
        snippet: 'Tessaly makes looms.',
        detail: 'type: person → company (company 3, person 1.5)',
      }),
    ]);
  });

  it('a guess does not undo a statement: a later page guessing otherwise adds its vote, the type stays', async () => {
    const { store, deps } = ingestTestGraph();
    const id = first(
      (
        await ingestCapture(page('https://tessaly.example/about', [ent('Tessaly', 'company', { origin: 'structured' })]), deps, {
          capturedAt: 1,
        })
      ).entityIds,
    );
    const later = await ingestCapture(page('https://news.example/2', [ent('Tessaly', 'person')]), deps, { capturedAt: 2 });
    expect(later.entityIds).toEqual([id]);
    expect(await store.getEntity(id)).toMatchObject({ type: 'company' });
    const votes = (await store.evidenceOfEntity(id, 10)).map((e) => e.detail);
    expect(votes).toEqual(['type: company (structured data)', 'type: person (text)']);
  });

  it('guesses from several pages: the majority wins over the first page, an untyped mention does not', async () => {
    const { store, deps } = ingestTestGraph();
    // The recognizer could not type it on the first page; two later pages call it a technology.
    const id = first((await ingestCapture(page('https://a.example/1', [ent('Lumenfold', 'other')]), deps, { capturedAt: 1 })).entityIds);
    await ingestCapture(page('https://b.example/2', [ent('Lumenfold', 'technology')]), deps, { capturedAt: 2 });
    expect(await store.getEntity(id)).toMatchObject({ type: 'technology' });
    await ingestCapture(page('https://c.example/3', [ent('Lumenfold', 'technology')]), deps, { capturedAt: 3 });
    await ingestCapture(page('https://d.example/4', [ent('Lumenfold', 'other')]), deps, { capturedAt: 4 });
    expect(await store.getEntity(id)).toMatchObject({ type: 'technology' });
    expect(await store.countEntities()).toBe(1);
  });

  it('one page is one vote: capturing it again does not count it twice, three pages outweigh a statement', async () => {
    const { store, deps } = ingestTestGraph();
    const stated = ent('Marlow', 'location', { origin: 'structured' });
    const id = first((await ingestCapture(page('https://a.example/1', [stated]), deps, { capturedAt: 1 })).entityIds);
    for (const at of [2, 3, 4, 5]) await ingestCapture(page('https://b.example/2', [ent('Marlow', 'person')]), deps, { capturedAt: at });
    expect(await store.getEntity(id)).toMatchObject({ type: 'location' });
    await ingestCapture(page('https://c.example/3', [ent('Marlow', 'person')]), deps, { capturedAt: 6 });
    expect(await store.getEntity(id)).toMatchObject({ type: 'location' });
    // Three pages' guesses (3) against one statement and the incumbent's bonus (3.5): not yet; four: yes.
    await ingestCapture(page('https://d.example/4', [ent('Marlow', 'person')]), deps, { capturedAt: 7 });
    expect(await store.getEntity(id)).toMatchObject({ type: 'location' });
    await ingestCapture(page('https://e.example/5', [ent('Marlow', 'person')]), deps, { capturedAt: 8 });
    expect(await store.getEntity(id)).toMatchObject({ type: 'person' });
    expect(await store.countEntities()).toBe(1);
  });

  it('the role in a relation decides: the subject of "acquired" is a company, whatever the recognizer guessed', async () => {
    const { store, deps } = ingestTestGraph();
    const out = await ingestCapture(
      page(
        'https://a.example/1',
        [ent('Varnholt', 'person', { salience: 0.9 }), ent('Pellucid Labs', 'company')],
        [rel('Varnholt', 'acquired', 'Pellucid Labs')],
      ),
      deps,
      { capturedAt: 1 },
    );
    expect(await store.getEntity(first(out.entityIds))).toMatchObject({ type: 'company' });
  });

  it('a role admitting two types leaves either: an investor may be a person', async () => {
    const { store, deps } = ingestTestGraph();
    const out = await ingestCapture(
      page(
        'https://a.example/1',
        [ent('Ada Okafor', 'person', { salience: 0.9 }), ent('Pellucid Labs', 'company')],
        [rel('Ada Okafor', 'invested_in', 'Pellucid Labs')],
      ),
      deps,
      { capturedAt: 1 },
    );
    expect(await store.getEntity(first(out.entityIds))).toMatchObject({ type: 'person' });
  });

  it("the user's correction wins and later pages never overwrite it, even with structured data", async () => {
    const { store, deps, service } = ingestTestGraph();
    const id = first((await ingestCapture(page('https://a.example/1', [ent('Pebblemark', 'company')]), deps, { capturedAt: 1 })).entityIds);
    await service.updateEntity(id, { type: 'product' });
    for (const [i, url] of ['https://b.example/2', 'https://c.example/3', 'https://d.example/4'].entries()) {
      const out = await ingestCapture(page(url, [ent('Pebblemark', 'company', { origin: 'structured' })]), deps, { capturedAt: 2 + i });
      expect(out.entityIds).toEqual([id]);
    }
    expect(await store.getEntity(id)).toMatchObject({ type: 'product', typeSetByUser: true });
    // The pages' word is kept as it was written (company), for the record, and no change is recorded.
    const evidence = await store.evidenceOfEntity(id, 10);
    expect(evidence.filter((e) => e.kind === 'attribute')).toEqual([]);
    expect(evidence.at(-1)?.detail).toBe('type: company (structured data)');
  });

  it('an entity typed by hand counts as one word for its type: one guess does not flip it', async () => {
    const { store, deps, service } = ingestTestGraph();
    const byHand = await service.createEntity({ name: 'Quillon', type: 'company' });
    await ingestCapture(page('https://a.example/1', [ent('Quillon', 'other')]), deps, { capturedAt: 1 });
    expect(await store.getEntity(byHand.id)).toMatchObject({ type: 'company' });
  });

  it("an LLM's reading joins the entity whatever type it says, and leaves one vote per page for the type decision", async () => {
    const { store, deps } = ingestTestGraph();
    const id = first((await ingestCapture(page('https://a.example/1', [ent('Tessaly', 'company')]), deps, { capturedAt: 1 })).entityIds);
    for (const model of ['m1', 'm2', 'm3'])
      await ingestCapture(page('https://a.example/1', [ent('Tessaly', 'location')]), deps, {
        capturedAt: 1,
        provenance: { extractor: 'llm', model },
      });
    expect(await store.countEntities()).toBe(1);
    const llm = (await store.evidenceOfEntity(id, 10)).filter((e) => e.extractor === 'llm');
    expect(llm.map((e) => e.detail)).toEqual(['type: location (llm)', 'type: location (llm)', 'type: location (llm)']);
    // One vote for the page, one for the LLM's reading of it: alone it does not flip the page's type.
    const votes = pageVotes(await store.evidenceOfEntity(id, 10), 'company');
    expect([...votes.values()]).toEqual([
      { type: 'company', source: 'text' },
      { type: 'location', source: 'llm' },
    ]);
    expect(decideType('company', tallyTypes('company', votes.values()))).toBe('company');
    expect((await store.getEntity(id))?.type).toBe('company');
  });

  it('two guesses that disagree keep a same-name homonym apart (for review), as before', async () => {
    const { store, deps } = ingestTestGraph();
    await ingestCapture(page('https://a.example/1', [ent('Marlow', 'location')]), deps, { capturedAt: 1 });
    await ingestCapture(page('https://b.example/2', [ent('Marlow', 'person')]), deps, { capturedAt: 2 });
    expect(await store.countEntities()).toBe(2);
  });
});
