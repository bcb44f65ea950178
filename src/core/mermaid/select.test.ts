import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../graph/ids';
import type { EntityId } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { renderMermaid } from './render';
import { EXPAND_NEIGHBOURS, openingCentre, openingCentres, selectDiagram } from './select';

async function star(n: number) {
  const store = new InMemoryGraphStore();
  const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
  const hub = await graph.createEntity({ name: 'Hub', type: 'technology' });
  const leaves: EntityId[] = [];
  for (let i = 0; i < n; i++) {
    const leaf = await graph.createEntity({ name: `Leaf ${i}`, type: i % 2 === 0 ? 'company' : 'person' });
    leaves.push(leaf.id);
    await graph.relate(leaf.id, i % 3 === 0 ? 'uses' : 'knows', hub.id);
  }
  const far = await graph.createEntity({ name: 'Far', type: 'location' });
  await graph.relate(leaves[0] ?? hub.id, 'located_in', far.id);
  return { store, hub, leaves, far };
}

describe('selectDiagram', () => {
  it('keeps the node budget, most connected first, and says what was left out', async () => {
    const { store, hub } = await star(100);
    const { diagram, note } = await selectDiagram(store, { budget: 10 });
    expect(diagram.nodes).toHaveLength(10);
    expect(diagram.nodes[0]?.key).toBe(hub.id);
    expect(note).toMatch(/^Showing 10 of 102 entities; left out: /);
    expect(note).toMatch(/relationships not drawn/);
    expect(
      renderMermaid(diagram)
        .split('\n')
        .filter((l) => l.includes('-->')),
    ).toHaveLength(diagram.edges.length);
  });

  it("ranks the whole graph from the store's degrees without listing relationships; counts when the ranking runs out", async () => {
    // 10 hubs each used by the same 12 products: hubs have degree 12, products 10.
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
    const hubs: EntityId[] = [];
    for (let h = 0; h < 10; h++) hubs.push((await graph.createEntity({ name: `Hub ${h}`, type: 'technology' })).id);
    const products: EntityId[] = [];
    for (let p = 0; p < 12; p++) products.push((await graph.createEntity({ name: `Product ${p}`, type: 'product' })).id);
    for (const p of products) for (const h of hubs) await graph.relate(p, 'uses', h);
    let listed = 0;
    const reader = Object.assign(Object.create(store) as InMemoryGraphStore, {
      listRelationships: (options: { limit: number }) => {
        listed++;
        return store.listRelationships(options);
      },
    });
    const whole = await selectDiagram(reader, { budget: 14 });
    expect(listed).toBe(0);
    // The 10 hubs, then the 4 products ranked next (equal degrees: newest first).
    expect(whole.diagram.nodes.slice(0, 10).map((n) => n.key)).toEqual([...hubs].reverse());
    expect(whole.diagram.nodes.slice(10).map((n) => n.key)).toEqual(products.slice(8).reverse());
    // Every edge between drawn nodes is drawn; the note counts all 120 relationships.
    expect(whole.diagram.edges).toHaveLength(40);
    expect(whole.note).toMatch(/ 80 of 120 relationships not drawn/);
    // Past the ranked entities (degree 8 or more) the budget is filled by counting, as is a label filter.
    await selectDiagram(reader, { budget: 30 });
    expect(listed).toBeGreaterThan(0);
    listed = 0;
    await selectDiagram(reader, { budget: 8, withoutRelations: ['knows'] });
    expect(listed).toBeGreaterThan(0);
  });

  it('draws around an entity at depth 1 and 2', async () => {
    const { store, leaves, far } = await star(5);
    const first = leaves[0] ?? ('' as EntityId);
    const d1 = await selectDiagram(store, { around: first, depth: 1 });
    expect(d1.diagram.nodes.map((n) => n.name).sort()).toEqual(['Far', 'Hub', 'Leaf 0']);
    expect(d1.note).toBeUndefined();
    const d2 = await selectDiagram(store, { around: far.id, depth: 2 });
    expect(d2.diagram.nodes.map((n) => n.name)).toEqual(['Far', 'Leaf 0', 'Hub']);
  });

  it('filters by type and by relation', async () => {
    const { store } = await star(6);
    const people = await selectDiagram(store, { types: ['person'] });
    expect(people.diagram.nodes.every((n) => n.type === 'person')).toBe(true);
    expect(people.diagram.nodes).toHaveLength(3);
    const uses = await selectDiagram(store, { relations: ['uses'] });
    expect(uses.diagram.edges.every((e) => e.label === 'uses')).toBe(true);
    expect(uses.diagram.nodes.map((n) => n.name).sort()).toEqual(['Hub', 'Leaf 0', 'Leaf 3']);
  });

  it('draws nothing but a header for an empty graph', async () => {
    const { diagram, note } = await selectDiagram(new InMemoryGraphStore());
    expect(diagram.nodes).toEqual([]);
    expect(note).toBeUndefined();
    expect(renderMermaid(diagram)).toBe('graph LR');
  });

  it('fills a neighbourhood hop by hop up to the budget and counts what it leaves out against the whole graph', async () => {
    const { store, far, leaves } = await star(30);
    const { diagram, note } = await selectDiagram(store, { around: far.id, depth: 'fill', budget: 10 });
    expect(diagram.nodes).toHaveLength(10);
    // Nearest first: Far, then Leaf 0 (its only neighbour), then the hub, then leaves.
    expect(diagram.nodes.slice(0, 3).map((n) => n.key)).toEqual([far.id, leaves[0], expect.any(String)]);
    expect(diagram.nodes[2]?.name).toBe('Hub');
    expect(note).toMatch(/^Showing 10 of 32 entities/);
  });

  it('leaves out the labels it is told to, and adds the neighbours of expanded entities beyond the budget', async () => {
    const { store, hub, leaves, far } = await star(60);
    const first = leaves[0] ?? hub.id;
    const without = await selectDiagram(store, { around: first, depth: 1, withoutRelations: ['uses'] });
    expect(without.diagram.nodes.map((n) => n.name)).toEqual(['Leaf 0', 'Far']);
    const expanded = await selectDiagram(store, { around: far.id, depth: 1, expand: [first] });
    expect(expanded.diagram.nodes.map((n) => n.name)).toEqual(['Far', 'Leaf 0', 'Hub']);
    const hubOpen = await selectDiagram(store, { around: far.id, depth: 2, budget: 3, expand: [hub.id] });
    expect(hubOpen.diagram.nodes).toHaveLength(3 + EXPAND_NEIGHBOURS);
    expect(hubOpen.diagram.edges.length).toBeGreaterThanOrEqual(2 + EXPAND_NEIGHBOURS);
    // Not drawn, not expanded: an id that is not in the diagram adds nothing.
    const stray = await selectDiagram(store, { around: far.id, depth: 1, expand: [leaves[5] ?? hub.id] });
    expect(stray.diagram.nodes).toHaveLength(2);
  });

  it('opens on the best-connected of the entities read last, not counting excluded labels', async () => {
    const { store, hub } = await star(8);
    expect((await openingCentre(store))?.id).toBe(hub.id);
    expect(await openingCentre(new InMemoryGraphStore())).toBeUndefined();
  });

  it("grows from further centres, in order, once the first one's part is used up, and stops at the budget", async () => {
    // Three separate clusters: a star of 4 around Alder, a pair, a star of 6 around Birch.
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
    const cluster = async (name: string, leaves: number) => {
      const hub = await graph.createEntity({ name, type: 'company' });
      for (let i = 0; i < leaves; i++) {
        const leaf = await graph.createEntity({ name: `${name} leaf ${i}`, type: 'person' });
        await graph.relate(leaf.id, 'works_for', hub.id);
      }
      return hub;
    };
    const alder = await cluster('Alder', 4);
    const pair = await cluster('Pair', 1);
    const birch = await cluster('Birch', 6);
    const lone = await graph.createEntity({ name: 'Lone', type: 'other' });
    const all = await selectDiagram(store, {
      around: alder.id,
      depth: 'fill',
      thenAround: [alder.id, birch.id, pair.id, lone.id],
      budget: 60,
    });
    // Alder's 5, then Birch's 7, then the pair, then the lone entity: each cluster whole, in order.
    expect(all.diagram.nodes.map((n) => n.name).slice(0, 6)).toEqual(['Alder', ...[0, 1, 2, 3].map((i) => `Alder leaf ${i}`), 'Birch']);
    expect(all.diagram.nodes).toHaveLength(5 + 7 + 2 + 1);
    expect(all.centres).toEqual([alder.id, birch.id, pair.id, lone.id]);
    expect(all.diagram.edges).toHaveLength(4 + 6 + 1);
    // With a budget of 8, Birch starts but is cut; the pair is never started.
    const some = await selectDiagram(store, { around: alder.id, depth: 'fill', thenAround: [birch.id, pair.id], budget: 8 });
    expect(some.diagram.nodes).toHaveLength(8);
    expect(some.centres).toEqual([alder.id, birch.id]);
    expect(some.note).toMatch(/^Showing 8 of 15 entities/);
    // Not filling (depth 1): the further centres are ignored.
    const one = await selectDiagram(store, { around: alder.id, depth: 1, thenAround: [birch.id] });
    expect(one.centres).toEqual([alder.id]);
    expect(one.diagram.nodes).toHaveLength(5);
    // The opening centres: best-connected first (leaves too: drawn already, they start nothing),
    // the lone entity not among them.
    const centres = (await openingCentres(store)).map((e) => e.name);
    expect(centres.slice(0, 2)).toEqual(['Birch', 'Alder']);
    expect(centres).toHaveLength(14);
    expect(centres).not.toContain('Lone');
  });
});
