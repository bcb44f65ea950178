// Deleting a captured page with what only it contributed, on the Dexie store
// (fake-indexeddb), through the `page_delete` tool as the side panel calls it.
import { afterEach, describe, expect, it } from 'vitest';
import { AriadneError } from '../../core/errors';
import { fixedClock, sequentialIds } from '../../core/graph/ids';
import { GraphService } from '../../core/graph/service';
import type { EntityType } from '../../core/graph/types';
import { NameIndex } from '../../core/search/name-index';
import { createRegistry } from '../../core/tools/index';
import { AriadneDatabase } from './database';
import { DexieGraphStore } from './dexie-graph-store';

const A = 'https://news.example/stripe-buys-paystack';
const B = 'https://blog.example/stripe-stack';

let dbs: AriadneDatabase[] = [];
afterEach(async () => {
  for (const db of dbs) await db.delete();
  dbs = [];
});

/**
 * Page A names Stripe, Paystack, Adyen, Rust and Go; page B names Stripe, Adyen and Go.
 * Relations: Stripe acquired Paystack (A), Stripe competes_with Adyen (A only),
 * Stripe uses Go (A and B). Rust's type was set by the user.
 */
async function twoPages() {
  const db = new AriadneDatabase(`page-delete-${dbs.length}-${Date.now()}`);
  dbs.push(db);
  const store = new DexieGraphStore(db);
  const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
  const search = await NameIndex.load(store);
  search.attach(graph);
  const registry = createRegistry({ graph, store, search });
  const make = (name: string, type: EntityType) => graph.createEntity({ name, type });
  const [stripe, paystack, adyen, rust, go] = [
    await make('Stripe', 'company'),
    await make('Paystack', 'company'),
    await make('Adyen', 'company'),
    await make('Rust', 'other'),
    await make('Go', 'technology'),
  ];
  await graph.updateEntity(rust.id, { type: 'technology' });
  const source = (pageUrl: string, snippet: string) => ({
    pageUrl,
    pageTitle: pageUrl === A ? 'Stripe buys Paystack' : 'Our stack',
    snippet,
  });
  for (const e of [stripe, paystack, adyen, rust, go])
    await graph.recordEvidence({ kind: 'mention', entityId: e.id, ...source(A, `${e.name} is named on A.`) });
  for (const e of [stripe, adyen, go])
    await graph.recordEvidence({ kind: 'mention', entityId: e.id, ...source(B, `${e.name} is named on B.`) });
  const acquired = await graph.relate(stripe.id, 'acquired', paystack.id, source(A, 'Stripe acquired Paystack.'));
  const competes = await graph.relate(stripe.id, 'competes_with', adyen.id, source(A, 'Stripe competes with Adyen.'));
  const uses = await graph.relate(stripe.id, 'uses', go.id, source(A, 'Stripe uses Go.'));
  await graph.relate(stripe.id, 'uses', go.id, source(B, 'Stripe writes Go.'));
  await graph.recordPage({
    url: A,
    title: 'Stripe buys Paystack',
    byline: 'Jane Doe',
    publishedAt: '2026-01-02',
    entityIds: [stripe.id, paystack.id, adyen.id, rust.id, go.id],
    relationshipIds: [acquired.relationship.id, competes.relationship.id, uses.relationship.id],
  });
  await graph.recordPage({ url: B, title: 'Our stack', entityIds: [stripe.id, adyen.id, go.id], relationshipIds: [uses.relationship.id] });
  const del = (url: string) => registry.call('page_delete', { url }, { caller: { kind: 'test' } });
  return { store, graph, search, del, ids: { stripe, paystack, adyen, rust, go, acquired, competes, uses } };
}

describe('page_delete', () => {
  it('removes the page, its evidence, and only what no other page (or the user) supports', async () => {
    const { store, search, del, ids } = await twoPages();
    const result = await del(A);
    expect(result).toMatchObject({
      deleted: A,
      title: 'Stripe buys Paystack',
      entities_removed: ['Paystack'],
      entities_removed_count: 1,
      entities_kept: 4,
      relationships_removed: 2,
    });
    expect(await store.getPage(A)).toBeUndefined();
    expect(await store.evidenceOfPage(A, 100)).toEqual([]);
    expect(await store.getEntity(ids.paystack.id)).toBeUndefined();
    expect(search.search('Paystack', { limit: 5 }).map((h) => h.name)).not.toContain('Paystack');
    // Kept: supported by page B, or typed by the user.
    expect((await store.getEntities([ids.stripe.id, ids.adyen.id, ids.go.id, ids.rust.id])).map((e) => e.name)).toEqual([
      'Stripe',
      'Adyen',
      'Go',
      'Rust',
    ]);
    expect(await store.getRelationship(ids.acquired.relationship.id)).toBeUndefined();
    expect(await store.getRelationship(ids.competes.relationship.id)).toBeUndefined();
    const uses = await store.evidenceOfRelationship(ids.uses.relationship.id, 10);
    expect(uses.map((ev) => ev.snippet)).toEqual(['Stripe writes Go.']);
    expect((await store.getPage(B))?.entityIds).toEqual([ids.stripe.id, ids.adyen.id, ids.go.id]);
    expect((await store.counts()).pages).toBe(1);
  });

  it('keeps the author line and publication date on the page record, and a re-capture without them keeps the stored ones', async () => {
    const { store, graph } = await twoPages();
    expect(await store.getPage(A)).toMatchObject({ byline: 'Jane Doe', publishedAt: '2026-01-02' });
    await graph.recordPage({ url: A, title: 'Stripe buys Paystack (updated)' });
    expect(await store.getPage(A)).toMatchObject({
      title: 'Stripe buys Paystack (updated)',
      byline: 'Jane Doe',
      publishedAt: '2026-01-02',
    });
    await graph.recordPage({ url: A, title: 'Stripe buys Paystack', byline: '  Ann   Lee ' });
    expect((await store.getPage(A))?.byline).toBe('Ann Lee');
  });

  it('a page that is not there is a not_found error, and nothing changes', async () => {
    const { store, del } = await twoPages();
    const before = await store.counts();
    const failure = await del('https://nowhere.example/').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AriadneError);
    expect(failure instanceof AriadneError && [failure.code, failure.message]).toEqual([
      'not_found',
      expect.stringContaining('No captured page'),
    ]);
    expect(await store.counts()).toEqual(before);
  });
});
