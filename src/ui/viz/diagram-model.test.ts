// The diagram's node map: every generated node id of the Mermaid text points at the
// entity drawn there, so a click on a node opens the right entity.
import { describe, expect, it } from 'vitest';
import { asEntityId, fixedClock, sequentialIds } from '../../core/graph/ids';
import { InMemoryGraphStore } from '../../core/graph/memory-store';
import { GraphService } from '../../core/graph/service';
import { diagramModel, hiddenParts, mergeEdges, nodeIdOf, shownBy } from './diagram-model';

async function graph() {
  const store = new InMemoryGraphStore();
  const g = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
  const stripe = await g.createEntity({ name: 'Stripe', type: 'company' });
  const rust = await g.createEntity({ name: 'Rust', type: 'technology' });
  const mozilla = await g.createEntity({ name: 'Mozilla', type: 'company' });
  await g.relate(stripe.id, 'uses', rust.id);
  await g.relate(rust.id, 'created_by', mozilla.id);
  return { store, g, stripe, rust, mozilla };
}

describe('diagramModel', () => {
  it('maps each generated node id to the entity whose label it carries', async () => {
    const { store } = await graph();
    const model = await diagramModel(store, {});
    expect(Object.keys(model.nodes)).toHaveLength(3);
    for (const [nodeId, entityId] of Object.entries(model.nodes)) {
      const id = asEntityId(entityId);
      const entity = id === undefined ? undefined : await store.getEntity(id);
      expect(model.mermaid).toContain(`${nodeId}["${entity?.name}<br/>`);
    }
  });

  it('labels edges with the phrases the entity page uses, not stored labels', async () => {
    const { store } = await graph();
    const model = await diagramModel(store, {});
    expect(model.mermaid).toContain('|"created by"|');
    expect(model.mermaid).not.toContain('created_by');
  });

  it('draws a neighbourhood at depth 1 and keeps the budget', async () => {
    const { store, stripe } = await graph();
    const around = await diagramModel(store, { around: stripe.id, depth: 1 });
    expect(Object.values(around.nodes).sort()).toHaveLength(2);
    const small = await diagramModel(store, { budget: 1 });
    expect(small.shown).toBe(1);
    expect(small.note).toMatch(/Showing 1 of 3/);
  });

  it('opens on the best-connected entity read last and says why', async () => {
    const { store, rust } = await graph();
    const model = await diagramModel(store, {});
    expect(model.centre).toEqual({ id: rust.id, name: 'Rust', reason: 'the best-connected of what you read last' });
    expect(model.nodes.n0).toBe(rust.id);
  });

  it("opens on several centres when the first one's part is used up, and names them", async () => {
    const { store, g, stripe, rust } = await graph();
    const oslo = await g.createEntity({ name: 'Oslo', type: 'location' });
    const fjord = await g.createEntity({ name: 'Fjord Co', type: 'company' });
    await g.relate(fjord.id, 'headquartered_in', oslo.id);
    const model = await diagramModel(store, {});
    expect(model.centre?.id).toBe(rust.id);
    expect(model.shown).toBe(5);
    expect(model.moreCentres?.map((c) => c.name)).toEqual([expect.stringMatching(/^(Oslo|Fjord Co)$/)]);
    expect(model.facts).toBe(3);
    // Around a chosen entity: that entity's neighbourhood only.
    const around = await diagramModel(store, { around: rust.id, depth: 1 });
    expect(around.moreCentres).toBeUndefined();
    expect(around.shown).toBe(3);
    // Expanded in place: counted in the total too (never "4 of 3 entities").
    const grown = await diagramModel(store, { around: stripe.id, depth: 1, expanded: [rust.id] });
    expect(grown.shown).toBe(3);
    expect(grown.total).toBe(3);
  });

  it('leaves co-mentions out by default; switched on, draws them light, undirected and unlabelled', async () => {
    const { store, stripe, mozilla } = await graph();
    const g = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
    await g.relate(stripe.id, 'mentioned_with', mozilla.id);
    const facts = await diagramModel(store, { around: stripe.id, depth: 2 });
    expect(facts.mermaid).not.toContain('-.-');
    expect(facts.coMentions).toBe(0);
    expect(facts.facts).toBe(2);
    const all = await diagramModel(store, { around: stripe.id, depth: 2, coMentions: true });
    expect(all.coMentions).toBe(1);
    expect(all.mermaid).toMatch(/n\d+ -\.- n\d+/);
    expect(all.mermaid).not.toContain('mentioned with');
  });

  it("merges parallel edges into one, phrases read from the first fact's source; a co-mention beside a fact is dropped", () => {
    const merged = mergeEdges([
      { from: 'a', to: 'b', label: 'founded_by' },
      { from: 'b', to: 'a', label: 'ceo_of' },
      { from: 'a', to: 'b', label: 'mentioned_with' },
      { from: 'a', to: 'b', label: 'founded_by' },
      { from: 'c', to: 'a', label: 'mentioned_with' },
      { from: 'a', to: 'c', label: 'mentioned_with' },
    ]);
    expect(merged).toEqual([
      { from: 'a', to: 'b', label: 'founded by, led by' },
      { from: 'c', to: 'a', label: '', kind: 'co-mention' },
    ]);
  });

  it('a selection the drawing holds is shown by hiding the rest; more, other labels, another palette or mostly holes need a layout', async () => {
    const { store, g, stripe, rust, mozilla } = await graph();
    const oslo = await g.createEntity({ name: 'Oslo', type: 'location' });
    await g.relate(mozilla.id, 'located_in', oslo.id);
    const all = await diagramModel(store, { around: rust.id, depth: 2 });
    expect(all.shown).toBe(4);
    const noLocation = await diagramModel(store, { around: rust.id, depth: 2, types: ['company', 'technology'] });
    expect(shownBy(all, noLocation)).toBe(true);
    // Hidden: Oslo's node and the edge to it; kept: the other nodes and edges.
    const { isHidden } = hiddenParts(all, noLocation);
    const idOf = (entity: string) => Object.entries(all.nodes).find(([, e]) => e === entity)?.[0] ?? '';
    expect(isHidden(idOf(oslo.id))).toBe(true);
    expect([stripe.id, rust.id, mozilla.id].map((e) => isHidden(idOf(e)))).toEqual([false, false, false]);
    expect(isHidden(`L_${idOf(mozilla.id)}_${idOf(oslo.id)}_0`)).toBe(true);
    expect(isHidden(`L_${idOf(stripe.id)}_${idOf(rust.id)}_0`)).toBe(false);
    // The other way (more to draw), another palette, or more than half hidden: a new layout.
    expect(shownBy(noLocation, all)).toBe(false);
    expect(shownBy(all, { ...noLocation, palette: 'dark' })).toBe(false);
    const one = await diagramModel(store, { around: oslo.id, depth: 1, types: ['location'] });
    expect(one.shown).toBe(1);
    expect(shownBy(all, one)).toBe(false);
    // An edge whose label changed is not in the drawing.
    const relabelled = { ...noLocation, edges: noLocation.edges.map((e, i) => (i === 0 ? { ...e, label: 'other' } : e)) };
    expect(shownBy(all, relabelled)).toBe(false);
  });

  it('reads node ids from Mermaid elements (data-id or the generated element id)', () => {
    const el = (attrs: Record<string, string>, id = '') => ({ id, getAttribute: (n: string) => attrs[n] ?? null });
    expect(nodeIdOf(el({ 'data-id': 'n4' }))).toBe('n4');
    expect(nodeIdOf(el({}, 'ariadne-diagram-3-flowchart-n12-7'))).toBe('n12');
    expect(nodeIdOf(el({ 'data-id': 'click javascript' }, 'x'))).toBeUndefined();
  });
});
