import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../graph/ids';
import type { EntityId } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { typeVoteDetail } from '../graph/type-evidence';
import type { TypeVote } from '../graph/type-evidence';
import { createResolver } from './resolver';

function setup() {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const graph = new GraphService({ store, ids: sequentialIds(), clock });
  const resolver = createResolver({ store, clock, settings: { networkLookups: false } });
  return { graph, resolver };
}

/** A page's mention of the entity, with its word on the type. */
async function voted(graph: GraphService, id: EntityId, vote: TypeVote): Promise<void> {
  await graph.recordEvidence({
    kind: 'mention',
    entityId: id,
    pageUrl: 'https://a.example/1',
    pageTitle: 'A',
    snippet: 's',
    detail: typeVoteDetail(vote),
  });
}

const request = (type: string) => ({ subject: 'Tessaly', hints: { expected_type: type }, constraints: { deterministic: true } });

describe('resolver: a guessed type yields to a stated one', () => {
  it('a guessed entity is found for a stated mention of another type, and a stated one for a guessed mention', async () => {
    const { graph, resolver } = setup();
    const guessed = await graph.createEntity({ name: 'Tessaly', type: 'person' });
    await voted(graph, guessed.id, { type: 'person', source: 'text' });
    const res = await resolver.resolve(request('company'), { typeStated: true });
    expect(res).toMatchObject({ status: 'resolved', entity: { id: guessed.id } });
    // The other way round: the entity's type is the page's statement, the mention's a guess.
    const { graph: g2, resolver: r2 } = setup();
    const stated = await g2.createEntity({ name: 'Tessaly', type: 'company' });
    await voted(g2, stated.id, { type: 'company', source: 'structured' });
    expect(await r2.resolve(request('person'), { typeStated: false })).toMatchObject({ status: 'resolved', entity: { id: stated.id } });
  });

  it('two guesses or two statements that disagree stay apart, and so does every conflict without the context', async () => {
    const { graph, resolver } = setup();
    const e = await graph.createEntity({ name: 'Tessaly', type: 'person' });
    await voted(graph, e.id, { type: 'person', source: 'text' });
    expect((await resolver.resolve(request('company'), { typeStated: false })).status).not.toBe('resolved');
    expect((await resolver.resolve(request('company'))).status).not.toBe('resolved');
    await voted(graph, e.id, { type: 'person', source: 'structured' });
    expect((await resolver.resolve(request('company'), { typeStated: true })).status).not.toBe('resolved');
  });

  it('an entity the user added by hand (no page named it) is stated: a page stating another type stays apart', async () => {
    const { graph, resolver } = setup();
    await graph.createEntity({ name: 'Tessaly', type: 'person' });
    expect((await resolver.resolve(request('location'), { typeStated: true })).status).not.toBe('resolved');
  });

  it("the user's type is stated", async () => {
    const { graph, resolver } = setup();
    const e = await graph.createEntity({ name: 'Tessaly', type: 'company' });
    await graph.updateEntity(e.id, { type: 'product' });
    expect(await resolver.resolve(request('person'), { typeStated: false })).toMatchObject({ status: 'resolved', entity: { id: e.id } });
  });
});
