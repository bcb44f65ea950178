// Tool edits → team changes, over the in-memory store and the real tool registry (called
// with `afterWrite`, as the background records them): each recorded tool gives the changes a
// teammate needs, a read or a failed output gives none.
import { describe, expect, it } from 'vitest';
import { asReviewId, fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { NameIndex } from '../search/name-index';
import { createRegistry } from '../tools/index';
import type { WriteReport } from '../tools/write-report';
import type { TeamChange } from './changes';
import { changeIds } from './changes';
import { changesOfToolCall } from './tool-changes';

async function setup() {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const graph = new GraphService({ store, ids: sequentialIds(), clock });
  const search = await NameIndex.load(store);
  search.attach(graph);
  const registry = createRegistry({ graph, store, search });
  const deps = { store, ids: changeIds(clock, () => 0.5), clock };
  const run = async (name: string, args: object): Promise<TeamChange[]> => {
    let changes: TeamChange[] = [];
    const afterWrite = async (c: { name: string; input: unknown; output: unknown; reports: readonly WriteReport[] }) => {
      changes = await changesOfToolCall(c.name, c.input, c.output, deps, c.reports);
    };
    await registry.call(name, args, { caller: { kind: 'test' }, afterWrite });
    return changes;
  };
  return { run, store, graph };
}

const PAGE = { pageUrl: 'https://example.com/paystack', pageTitle: 'Stripe buys Paystack', snippet: 'Stripe bought Paystack in Lagos.' };

describe('changesOfToolCall', () => {
  it('gives each recorded tool’s changes, read from the store as the edit left it', async () => {
    const { run } = await setup();
    expect(await run('entity_add', { name: 'Stripe', entity_type: 'company' })).toMatchObject([
      { kind: 'entity.upsert', entity: { name: 'Stripe' } },
    ]);
    await run('entity_add', { name: 'Rust', entity_type: 'technology' });
    expect(await run('entity_update', { name: 'Stripe', attributes: { hq: 'Dublin' } })).toMatchObject([
      { kind: 'entity.upsert', entity: { name: 'Stripe', attributes: { hq: 'Dublin' } } },
    ]);
    const related = await run('entity_relate', { from: 'Stripe', to: 'Rust', relationship: 'Uses' });
    expect(related).toMatchObject([{ kind: 'relationship.upsert', relationship: { label: 'uses' } }]);
    const relationshipId = related[0]?.kind === 'relationship.upsert' ? related[0].relationship.id : '';
    expect(await run('entity_unrelate', { relationship_id: relationshipId })).toMatchObject([
      { kind: 'relationship.delete', relationshipId },
    ]);
    await run('entity_add', { name: 'Stripe Inc', entity_type: 'company' });
    const merged = await run('entity_merge', { name_a: 'Stripe', name_b: 'Stripe Inc' });
    expect(merged).toMatchObject([{ kind: 'merge.apply' }, { kind: 'entity.upsert', entity: { name: 'Stripe', aliases: ['Stripe Inc'] } }]);
    const mergeId = merged[0]?.kind === 'merge.apply' ? merged[0].mergeId : '';
    expect(await run('entity_unmerge', { merge_id: mergeId })).toMatchObject([
      { kind: 'merge.undo', mergeId },
      { kind: 'entity.upsert', entity: { name: 'Stripe' } },
      { kind: 'entity.upsert', entity: { name: 'Stripe Inc' } },
    ]);
    expect(await run('entity_delete', { name: 'Rust' })).toMatchObject([{ kind: 'entity.delete' }]);
  });

  it('a read, a tool it does not record, or an output it cannot read gives nothing', async () => {
    const { run, store } = await setup();
    await run('entity_add', { name: 'Stripe', entity_type: 'company' });
    expect(await run('entity_search', { query: 'stripe' })).toEqual([]);
    const deps = { store, ids: changeIds(fixedClock()), clock: fixedClock() };
    expect(await changesOfToolCall('entity_merge', {}, { merge_id: 'm_nope' }, deps)).toEqual([]);
    expect(await changesOfToolCall('entity_add', {}, 'garbage', deps)).toEqual([]);
    expect(await changesOfToolCall('graph_clear', {}, {}, deps)).toEqual([]);
  });
});

describe('changesOfToolCall: review decisions, page deletions, imports', () => {
  it('review_decide: a merge decision replays as a merge; keeping apart changes no graph record and sends nothing', async () => {
    const { run, store, graph } = await setup();
    const stripe = await graph.createEntity({ name: 'Stripe', type: 'company' });
    const provisional = await graph.createEntity({ name: 'Stripe Co', type: 'company' });
    const review = (id: string) => ({
      id: asReviewId(id) ?? never(),
      createdAt: 1,
      status: 'pending' as const,
      mention: { name: 'Stripe Co', type: 'company' as const, ...PAGE },
      provisionalId: provisional.id,
      candidates: [{ id: stripe.id, label: 'Stripe', type: 'company' as const, confidence: 0.7 }],
      reason: 'close to one entity',
    });
    await store.putReview(review('q_kept'));
    await store.putReview(review('q_merged'));
    expect(await run('review_decide', { review_id: 'q_kept', decision: 'keep_separate' })).toEqual([]);
    expect(await run('review_decide', { review_id: 'q_merged', decision: 'merge' })).toMatchObject([
      { kind: 'merge.apply', intoId: stripe.id, removedId: provisional.id },
      { kind: 'entity.upsert', entity: { id: stripe.id, aliases: ['Stripe Co'] } },
    ]);
  });

  it('page_delete: tombstones of the entities and relationships only that page supported, and of its evidence on what stays', async () => {
    const { run, graph, store } = await setup();
    const stripe = await graph.createEntity({ name: 'Stripe', type: 'company' });
    const paystack = await graph.createEntity({ name: 'Paystack', type: 'company' });
    const lagos = await graph.createEntity({ name: 'Lagos', type: 'location' });
    const bought = await graph.relate(stripe.id, 'acquired', paystack.id, PAGE);
    const based = await graph.relate(stripe.id, 'operates_in', lagos.id, PAGE);
    for (const e of [stripe, paystack, lagos]) await graph.recordEvidence({ ...PAGE, kind: 'mention', entityId: e.id });
    await graph.recordPage({ url: PAGE.pageUrl, title: PAGE.pageTitle, entityIds: [stripe.id, paystack.id, lagos.id] });
    // Stripe and Lagos are named on another page too.
    const other = { ...PAGE, pageUrl: 'https://example.com/other' };
    for (const e of [stripe, lagos]) await graph.recordEvidence({ ...other, kind: 'mention', entityId: e.id });

    const keptEvidence = (await store.evidenceOfPage(PAGE.pageUrl, 10)).filter((e) => e.entityId === stripe.id || e.entityId === lagos.id);
    const changes = await run('page_delete', { url: PAGE.pageUrl });
    // Both relationships were read on that page only; of the entities only Paystack had no other support. Stripe and
    // Lagos stay, without the page's evidence: its rows are tombstoned, or teammates would keep them.
    expect(changes).toEqual([
      ...keptEvidence.map((e) => expect.objectContaining({ kind: 'evidence.delete', evidenceId: e.id })),
      expect.objectContaining({ kind: 'relationship.delete', relationshipId: bought.relationship.id }),
      expect.objectContaining({ kind: 'relationship.delete', relationshipId: based.relationship.id }),
      expect.objectContaining({ kind: 'entity.delete', entityId: paystack.id }),
    ]);
  });

  it('graph_import: what it wrote, entities before relationships before evidence, as the graph now holds them', async () => {
    const source = await setup();
    const stripe = await source.graph.createEntity({ name: 'Stripe', type: 'company', attributes: { founded: '2010' } });
    const rust = await source.graph.createEntity({ name: 'Rust', type: 'technology' });
    await source.graph.relate(stripe.id, 'uses', rust.id, PAGE);
    const dump = {
      entities: await source.store.getEntities([stripe.id, rust.id]),
      relationships: await source.store.relationshipsOf(stripe.id, 'out', 10),
      evidence: await source.store.evidenceOfPage(PAGE.pageUrl, 10),
      pages: [],
      merges: [],
      reviews: [],
    };
    const target = await setup();
    await target.graph.createEntity({ name: 'Stripe', type: 'company', attributes: { hq: 'Dublin' } });
    const changes = await target.run('graph_import', { mode: 'merge', records: dump });
    expect(changes.map((c) => c.kind)).toEqual(['entity.upsert', 'entity.upsert', 'relationship.upsert', 'evidence.add']);
    const [joined] = await target.graph.findByName('Stripe');
    // The imported Stripe joined the local one, which gained its attribute: sent as it now is, under the local id.
    const sent = changes.flatMap((c) => (c.kind === 'entity.upsert' && c.entity.name === 'Stripe' ? [c.entity] : []));
    expect(sent).toMatchObject([{ id: joined?.id, attributes: { hq: 'Dublin', founded: '2010' } }]);
  });
});

function never(): never {
  throw new Error('unreachable');
}
