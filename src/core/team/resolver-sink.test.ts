// The resolver replay on its own, over the in-memory store: what a teammate's change does
// to the local graph, and what it must not do (twice, out of order, deleting your entity).
import { describe, expect, it } from 'vitest';
import { fixedClock, randomIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { mulberry32 } from '../random';
import { createResolver } from '../resolve/resolver';
import type { TeamChange } from './changes';
import { changeIds, entityDelete, entityUpsert, evidenceAdd, evidenceDelete, relationshipUpsert } from './changes';
import { InMemoryTeamIdMap } from './memory-ports';
import { resolverIngestSink } from './resolver-sink';

function graphOf(seed: number) {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const graph = new GraphService({ store, ids: randomIds(clock, mulberry32(seed)), clock });
  return { store, clock, graph };
}

function setup() {
  const local = graphOf(1);
  const teammate = graphOf(2);
  const skipped: string[] = [];
  const resolver = createResolver({ store: local.store, clock: local.clock, settings: { networkLookups: false } });
  const sink = resolverIngestSink({ ...local, resolver, idMap: new InMemoryTeamIdMap(), onSkip: (_c, reason) => skipped.push(reason) });
  let position = 0;
  const apply = async (...changes: TeamChange[]) => {
    for (const change of changes) await sink.apply({ position: ++position, contributor: 'bob', change });
  };
  return { local, teammate, apply, skipped, ids: changeIds(teammate.clock, mulberry32(3)) };
}

describe('resolverIngestSink', () => {
  it('a change applied twice changes nothing the second time', async () => {
    const { teammate, local, apply, ids } = setup();
    const stripe = await teammate.graph.createEntity({ name: 'Stripe', type: 'company', attributes: { founded: '2010' } });
    const rust = await teammate.graph.createEntity({ name: 'Rust', type: 'technology' });
    const { relationship } = await teammate.graph.relate(stripe.id, 'uses', rust.id);
    const evidence = await teammate.graph.recordEvidence({
      kind: 'mention',
      entityId: stripe.id,
      pageUrl: 'https://stripe.com',
      pageTitle: 'Stripe',
      snippet: 'Stripe uses Rust.',
    });
    const changes = [
      entityUpsert(ids.next(), stripe),
      entityUpsert(ids.next(), rust),
      relationshipUpsert(ids.next(), relationship),
      evidenceAdd(ids.next(), evidence),
    ];
    await apply(...changes);
    const once = await local.store.counts();
    expect(once).toMatchObject({ entities: 2, relationships: 1, evidence: 1 });
    await apply(...changes);
    expect(await local.store.counts()).toEqual(once);
  });

  it('replayed evidence names the teammate who contributed it; local evidence names no one', async () => {
    const { teammate, local, apply, ids } = setup();
    const stripe = await teammate.graph.createEntity({ name: 'Stripe', type: 'company' });
    const source = { pageUrl: 'https://stripe.com', pageTitle: 'Stripe', snippet: 'Stripe builds payments.' };
    const evidence = await teammate.graph.recordEvidence({ ...source, kind: 'mention', entityId: stripe.id });
    await apply(entityUpsert(ids.next(), stripe), evidenceAdd(ids.next(), evidence));
    const [replayed] = await local.store.evidenceOfPage('https://stripe.com', 10);
    expect(replayed).toMatchObject({ snippet: 'Stripe builds payments.', contributor: 'bob' });
    const own = await local.graph.recordEvidence({ ...source, kind: 'mention', entityId: replayed?.entityId ?? expect.unreachable() });
    expect(own.contributor).toBeUndefined();
  });

  it('a teammate’s deletion removes what their change created here, never an entity you had', async () => {
    const { teammate, local, apply, ids } = setup();
    const mine = await local.graph.createEntity({ name: 'Stripe', type: 'company' });
    const theirStripe = await teammate.graph.createEntity({ name: 'Stripe, Inc.', type: 'company' });
    const theirRust = await teammate.graph.createEntity({ name: 'Rust', type: 'technology' });
    await apply(entityUpsert(ids.next(), theirStripe), entityUpsert(ids.next(), theirRust));
    expect(await local.store.getEntity(mine.id)).toMatchObject({ aliases: ['Stripe, Inc.'] });
    await apply(entityDelete(ids.next(), theirStripe.id, 5), entityDelete(ids.next(), theirRust.id, 5));
    expect((await local.store.listEntities({ limit: 10 })).map((e) => e.name)).toEqual(['Stripe']);
  });

  it('a teammate’s evidence tombstone removes the row their evidence created here, never evidence you read; the entity stays', async () => {
    const { teammate, local, apply, ids } = setup();
    const stripe = await teammate.graph.createEntity({ name: 'Stripe', type: 'company' });
    const source = { pageUrl: 'https://stripe.com', pageTitle: 'Stripe', snippet: 'Stripe builds payments.' };
    const theirs = await teammate.graph.recordEvidence({ ...source, kind: 'mention', entityId: stripe.id });
    await apply(entityUpsert(ids.next(), stripe), evidenceAdd(ids.next(), theirs));
    const [replayed] = await local.store.evidenceOfPage(source.pageUrl, 10);
    const own = await local.graph.recordEvidence({ ...source, kind: 'mention', entityId: replayed?.entityId ?? expect.unreachable() });
    const tombstone = evidenceDelete(ids.next(), theirs.id, 5);
    await apply(tombstone, evidenceDelete(ids.next(), own.id, 5)); // a teammate cannot name your row: nothing happens to it
    expect((await local.store.evidenceOfPage(source.pageUrl, 10)).map((e) => e.id)).toEqual([own.id]);
    expect(await local.store.counts()).toMatchObject({ entities: 1 });
    await apply(tombstone); // seen twice: nothing more
    expect(await local.store.counts()).toMatchObject({ entities: 1, evidence: 1 });
  });

  it('a relationship or evidence whose entities are unknown here is skipped and said so, not thrown', async () => {
    const { teammate, local, apply, skipped, ids } = setup();
    const a = await teammate.graph.createEntity({ name: 'Adyen', type: 'company' });
    const b = await teammate.graph.createEntity({ name: 'Klarna', type: 'company' });
    const { relationship } = await teammate.graph.relate(a.id, 'competes_with', b.id);
    await apply(relationshipUpsert(ids.next(), relationship));
    expect(skipped).toEqual(['not_found: its entities are not in the local graph']);
    expect(await local.store.counts()).toMatchObject({ entities: 0, relationships: 0 });
  });
});
