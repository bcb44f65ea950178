import { describe, expect, it } from 'vitest';
import type { AnalyzedEntity, CaptureAnalysis } from '../capture';
import type { EntityId } from '../graph/ids';
import type { EntityType } from '../graph/types';
import { ingestCapture } from './ingest';
import { ingestTestGraph } from './testing/ingest-graph';

function ent(name: string, type: EntityType, extra: Partial<AnalyzedEntity> = {}): AnalyzedEntity {
  return { name, type, aliases: [], attributes: {}, salience: 0.5, mentions: 1, snippet: `${name} came up.`, origin: 'text', ...extra };
}
function page(url: string, entities: AnalyzedEntity[]): CaptureAnalysis {
  return { url, title: `Title of ${url}`, entities, relations: [], notes: [], analyzeMs: 1 };
}
function first(ids: readonly EntityId[]): EntityId {
  const id = ids[0];
  if (id === undefined) throw new Error('no entity');
  return id;
}

describe('aliases join an entity only when a page ties them to its name', () => {
  it('a near spelling the resolver would take is no alias: "Kelp" beside "Kelpo" gets its own entity and a review', async () => {
    const { store, deps, resolver } = ingestTestGraph();
    const out = await ingestCapture(
      page('https://a.example/1', [ent('Kelpo', 'company', { salience: 0.9 }), ent('Kelp', 'company', { salience: 0.4 })]),
      deps,
      { capturedAt: 1 },
    );
    const kelpo = first(out.entityIds);
    // The resolver alone would have joined them (same page, near spelling, same type).
    const res = await resolver.resolve(
      { subject: 'Kelp', hints: { expected_type: 'company' }, strategy: { mode: 'ranked' } },
      { pageEntityIds: [kelpo], pageNames: ['Kelpo', 'Kelp'] },
    );
    expect(res.status).toBe('resolved');
    expect(out).toMatchObject({ created: 2, matched: 0, queuedForReview: 1 });
    expect((await store.getEntity(kelpo))?.aliases).toEqual([]);
    const [review] = await store.listReviews('pending', 10);
    expect(review).toMatchObject({ mention: { name: 'Kelp' }, candidates: [{ id: kelpo, label: 'Kelpo' }] });
  });

  it('"Quillon, Inc." is "Quillon": legal form, case and punctuation still join, and the written form is kept', async () => {
    const { store, deps } = ingestTestGraph();
    const id = first((await ingestCapture(page('https://a.example/1', [ent('Quillon', 'company')]), deps, { capturedAt: 1 })).entityIds);
    const later = await ingestCapture(page('https://b.example/2', [ent('QUILLON, Inc.', 'company')]), deps, { capturedAt: 2 });
    expect(later).toMatchObject({ created: 0, matched: 1 });
    expect((await store.getEntity(id))?.aliases).toEqual(['QUILLON, Inc.']);
  });

  it('a surname never stands for a full name another page gave', async () => {
    const { store, deps } = ingestTestGraph();
    const context = [ent('Pellucid Labs', 'company'), ent('Varnholt Foundry', 'company'), ent('Tessaly', 'company')];
    const ada = first(
      (
        await ingestCapture(page('https://a.example/1', [ent('Ada Okafor', 'person', { salience: 0.9 }), ...context]), deps, {
          capturedAt: 1,
        })
      ).entityIds,
    );
    const later = await ingestCapture(page('https://b.example/2', [ent('Okafor', 'person', { salience: 0.9 }), ...context]), deps, {
      capturedAt: 2,
    });
    expect(later.entityIds).not.toContain(ada);
    expect((await store.getEntity(ada))?.aliases).toEqual([]);
  });

  it('on a page that writes both, the surname joins the full name but is not stored as an alias', async () => {
    const { store, deps } = ingestTestGraph();
    const out = await ingestCapture(
      page('https://a.example/1', [ent('Ada Okafor', 'person', { salience: 0.9 }), ent('Ms Okafor', 'person', { salience: 0.4 })]),
      deps,
      { capturedAt: 1 },
    );
    expect(out).toMatchObject({ created: 1, matched: 1 });
    expect((await store.getEntity(first(out.entityIds)))?.aliases).toEqual([]);
    // So a later page's "Ms Okafor" alone is not taken for her.
    const later = await ingestCapture(page('https://b.example/2', [ent('Ms Okafor', 'person')]), deps, { capturedAt: 2 });
    expect(later.entityIds).not.toContain(first(out.entityIds));
  });

  it('forms the page itself gives one thing are its aliases', async () => {
    const { store, deps } = ingestTestGraph();
    const id = first(
      (await ingestCapture(page('https://a.example/1', [ent('Brindle Works', 'company')]), deps, { capturedAt: 1 })).entityIds,
    );
    await ingestCapture(page('https://b.example/2', [ent('Brindle Works', 'company', { aliases: ['Brindle'] })]), deps, { capturedAt: 2 });
    // "Brindle" is a short form of the name: it stood for it on that page only.
    expect((await store.getEntity(id))?.aliases).toEqual([]);
    await ingestCapture(page('https://c.example/3', [ent('BrindleWorks', 'company', { aliases: ['BW Foundry'] })]), deps, {
      capturedAt: 3,
    });
    expect((await store.getEntity(id))?.aliases).toEqual(['BrindleWorks', 'BW Foundry']);
  });
});
