// Export → clear → import through the real tools (registry + in-memory store + name index):
// the same graph comes back, and an import into a graph with data goes through the resolver.
import { JSDOM } from 'jsdom';
import { beforeEach, describe, expect, it } from 'vitest';
import { AriadneError } from '../errors';
import { asEntityId, fixedClock, sequentialIds } from '../graph/ids';
import type { ReviewId } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { NameIndex } from '../search/name-index';
import { createRegistry } from '../tools/index';
import type { ToolRegistry } from '../tools/registry';
import type { GraphToolDeps } from '../tools/deps';
import { entitiesCsv, relationshipsCsv, csvCell } from './csv';
import { dumpGraph, parseGraphDump } from './dump';
import type { GraphDump } from './dump';
import { graphMl } from './graphml';
import type { ImportReport } from './import';
import { exportFile } from './export-files';
import { markdownNotes, noteName } from './markdown';

const test = { caller: { kind: 'test' as const } };

interface World {
  store: InMemoryGraphStore;
  graph: GraphService;
  search: NameIndex;
  registry: ToolRegistry<GraphToolDeps>;
}

async function world(idPrefixStart = 0): Promise<World> {
  const store = new InMemoryGraphStore();
  const ids = sequentialIds();
  for (let i = 0; i < idPrefixStart; i++) ids.entity();
  const graph = new GraphService({ store, ids, clock: fixedClock() });
  const search = await NameIndex.load(store);
  search.attach(graph);
  return { store, graph, search, registry: createRegistry({ graph, store, search }) };
}

/** Stripe, Rust, Patrick Collison, a duplicate merged away, evidence, a page and a pending review. */
async function fill({ graph, store }: World): Promise<void> {
  const source = {
    pageUrl: 'https://example.test/stripe',
    pageTitle: 'Stripe, the company',
    snippet: 'Stripe uses Rust.',
    capturedAt: 1000,
  };
  const stripe = await graph.createEntity({ name: 'Stripe', type: 'company', attributes: { founded: '2010' }, aliases: ['Stripe Inc'] });
  const rust = await graph.createEntity({ name: 'Rust', type: 'technology', description: 'A "systems" language, <fast>' });
  const patrick = await graph.createEntity({ name: 'Patrick Collison', type: 'person' });
  const dup = await graph.createEntity({ name: 'Stripe Payments', type: 'company', attributes: { hq: 'San Francisco' } });
  await graph.recordEvidence({ ...source, kind: 'mention', entityId: stripe.id });
  const { relationship } = await graph.relate(stripe.id, 'uses', rust.id, source);
  await graph.relate(dup.id, 'founded_by', patrick.id);
  await graph.merge(stripe.id, dup.id);
  await graph.recordPage({
    url: source.pageUrl,
    title: source.pageTitle,
    capturedAt: 1000,
    entityIds: [stripe.id, rust.id],
    relationshipIds: [relationship.id],
  });
  const provisional = await graph.createEntity({ name: 'Stripe Co', type: 'company' });
  await store.putReview({
    id: 'q_review1' as ReviewId,
    createdAt: 2000,
    status: 'pending',
    mention: { name: 'Stripe Co', type: 'company', pageUrl: source.pageUrl, pageTitle: source.pageTitle, snippet: 'Stripe Co said' },
    provisionalId: provisional.id,
    candidates: [{ id: stripe.id, label: 'Stripe', type: 'company', confidence: 0.7 }],
    reason: 'close to one entity',
  });
}

/** The whole file through the tool, as the side panel sends it. */
async function importFile(registry: ToolRegistry<GraphToolDeps>, dump: GraphDump): Promise<ImportReport> {
  const { format: _f, version: _v, exportedAt: _t, ...records } = dump;
  // The tool's output schema is the report's shape; the registry checks it.
  return (await registry.call('graph_import', { mode: 'auto', records }, test)) as ImportReport;
}

let a: World;
beforeEach(async () => {
  a = await world();
  await fill(a);
});

describe('JSON export and import', () => {
  it('export → clear → import gives the same graph (entities, relationships, evidence, pages, merges, reviews)', async () => {
    const before = await dumpGraph(a.store);
    expect(before.entities.length).toBe(4);
    expect(before.merges.length).toBe(1);
    expect(before.reviews.length).toBe(1);
    expect(before.evidence.length).toBeGreaterThanOrEqual(2);
    const file = JSON.stringify(before);

    await a.registry.call('graph_clear', { confirm: true }, test);
    expect((await a.store.counts()).entities).toBe(0);
    expect(a.search.search('stripe')).toEqual([]);

    const report = await importFile(a.registry, parseGraphDump(JSON.parse(file)));
    expect(report.mode).toBe('restore');
    expect(report.entities).toEqual({ created: 4, updated: 0, unchanged: 0 });
    expect(report.after.entities).toBe(4);
    expect(await dumpGraph(a.store)).toEqual(before);
    // Restored entities are searchable again.
    expect(a.search.search('stripe')[0]?.name).toBe('Stripe');
  });

  it('the restored merge can still be undone', async () => {
    const dump = await dumpGraph(a.store);
    await a.registry.call('graph_clear', { confirm: true }, test);
    await importFile(a.registry, dump);
    const [merge] = dump.merges;
    const out = await a.registry.call('entity_unmerge', { merge_id: merge?.id }, test);
    expect(out).toMatchObject({ restored: 'Stripe Payments', merged_into: 'Stripe' });
  });

  it('an import into a graph with data resolves names onto the entities already there', async () => {
    const dump = await dumpGraph(a.store);
    const b = await world(50); // different ids, some overlapping names
    const stripe = await b.graph.createEntity({ name: 'Stripe', type: 'company', attributes: { founded: '2011' } });
    await b.graph.createEntity({ name: 'Unrelated Corp', type: 'company' });

    const report = await importFile(b.registry, dump);
    expect(report.mode).toBe('merge');
    expect(report.entities.updated).toBeGreaterThanOrEqual(1);
    expect(report.skipped).toBe(2); // the merge record and the review item belong to the other graph
    const after = await b.store.getEntity(stripe.id);
    expect(after?.attributes).toMatchObject({ founded: '2011', hq: 'San Francisco' }); // kept its own value, gained the missing one
    expect(after?.aliases).toContain('Stripe Inc');
    const rels = await b.store.relationshipsOf(stripe.id, 'out', 10);
    expect(rels.map((r) => r.label).sort()).toEqual(['founded_by', 'uses']);
    const stripes = (await dumpGraph(b.store)).entities.filter((e) => e.name === 'Stripe');
    expect(stripes).toHaveLength(1);
  });

  it('a file that is not an export, or a damaged one, is refused with invalid_arguments', () => {
    const code = (f: () => unknown): string => {
      try {
        f();
        return 'ok';
      } catch (error) {
        return error instanceof AriadneError ? error.code : 'other';
      }
    };
    expect(code(() => parseGraphDump({ hello: 1 }))).toBe('invalid_arguments');
    expect(code(() => parseGraphDump({ format: 'ariadne-graph', version: 1, entities: [{ id: 'not-an-id' }] }))).toBe('invalid_arguments');
    expect(code(() => parseGraphDump({ format: 'ariadne-graph', version: 1 }))).toBe('ok');
  });
});

describe('review tools', () => {
  it('review_decide merge folds the provisional entity into the candidate and can be undone', async () => {
    const list = (await a.registry.call('review_list', {}, test)) as { items: { review_id: string; provisional_id?: string }[] };
    expect(list.items).toHaveLength(1);
    const out = (await a.registry.call('review_decide', { review_id: 'q_review1', decision: 'merge' }, test)) as {
      status: string;
      merge_id?: string;
    };
    expect(out.status).toBe('accepted');
    expect(await a.store.getEntity(asEntityId(list.items[0]?.provisional_id ?? '') ?? asEntityId('e_x') ?? never())).toBeUndefined();
    expect((await a.registry.call('review_list', {}, test)) as { items: unknown[] }).toEqual({ items: [] });
    await a.registry.call('entity_unmerge', { merge_id: out.merge_id }, test);
    expect((await a.graph.findByName('Stripe Co')).filter((e) => e.name === 'Stripe Co')).toHaveLength(1);
  });

  it('review_decide keep_separate keeps both, and a decided item cannot be decided again', async () => {
    const out = await a.registry.call('review_decide', { review_id: 'q_review1', decision: 'keep_separate' }, test);
    expect(out).toEqual({ review_id: 'q_review1', status: 'rejected' });
    expect((await a.graph.findByName('Stripe Co')).filter((e) => e.name === 'Stripe Co')).toHaveLength(1);
    await expect(a.registry.call('review_decide', { review_id: 'q_review1', decision: 'merge' }, test)).rejects.toMatchObject({
      code: 'conflict',
    });
  });

  it('entity_unrelate removes one relationship and keeps both entities', async () => {
    const [stripe] = await a.graph.findByName('Stripe');
    const [rel] = (await a.store.relationshipsOf(stripe?.id ?? never(), 'out', 10)).filter((r) => r.label === 'uses');
    const out = await a.registry.call('entity_unrelate', { relationship_id: rel?.id }, test);
    expect(out).toEqual({ removed: true, from: 'Stripe', relationship: 'uses', to: 'Rust' });
    expect((await a.graph.findByName('Rust')).length).toBe(1);
  });
});

function never(): never {
  throw new Error('fixture missing');
}

describe('CSV, GraphML and Markdown', () => {
  let dump: GraphDump;
  beforeEach(async () => {
    dump = await dumpGraph(a.store);
  });

  it('CSV quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(42)).toBe('42');
    const entities = entitiesCsv(dump).text.trimEnd().split('\r\n');
    expect(entities[0]).toBe('id,name,type,aliases,mention_count,description,attributes');
    expect(entities).toHaveLength(dump.entities.length + 1);
    expect(relationshipsCsv(dump).text).toContain(',Stripe,uses,');
  });

  it('CSV leaves out a column empty in every row, and says so', () => {
    const plain = dump.entities.map((e) => ({ ...e, description: undefined, attributes: {} }));
    const file = entitiesCsv({ entities: plain });
    expect(file.columns).toEqual(['id', 'name', 'type', 'aliases', 'mention_count']);
    expect(file.dropped).toEqual(['description', 'attributes']);
    expect(file.text.split('\r\n')[0]).toBe('id,name,type,aliases,mention_count');
  });

  it('GraphML is well-formed XML with declared keys, every node and edge, escaped text', () => {
    const xml = graphMl(dump);
    const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.getElementsByTagName('node')).toHaveLength(dump.entities.length);
    expect(doc.getElementsByTagName('edge')).toHaveLength(dump.relationships.length);
    const keyIds = [...doc.getElementsByTagName('key')].map((k) => k.getAttribute('id'));
    const used = new Set([...doc.getElementsByTagName('data')].map((d) => d.getAttribute('key')));
    for (const k of used) expect(keyIds).toContain(k);
    expect(xml).toContain('A &quot;systems&quot; language, &lt;fast&gt;');
  });

  it('Markdown: one note per entity, relationships as [[links]], unsafe names made safe', () => {
    const notes = markdownNotes(dump);
    expect(notes.map((n) => n.path)).toContain('Entities/Stripe.md');
    const stripe = notes.find((n) => n.path === 'Entities/Stripe.md');
    expect(stripe?.content).toContain('- uses [[Rust]]');
    expect(stripe?.content).toMatch(/^---\ntype: company\n/);
    expect(noteName('a/b [x]#y|z')).toBe('a b x y z');
  });

  it('each export says what it wrote; JSON leaves out the lookup keys', () => {
    const json = exportFile('json', dump, { date: '2026-11-25' });
    expect(json.fileName).toBe('ariadne-2026-11-25.json');
    expect(json.summary).toContain(
      `${dump.entities.length} entities, ${dump.relationships.length} relationships, ${dump.evidence.length} evidence rows`,
    );
    const parsed: unknown = JSON.parse(String(json.data));
    const first = (Reflect.get(Object(parsed), 'entities') as unknown[])[0];
    expect(first).not.toHaveProperty('keys');
    expect(first).toHaveProperty('name');
    expect((Reflect.get(Object(parsed), 'relationships') as unknown[])[0]).not.toHaveProperty('key');
    // What the JSON export writes imports back, keys recomputed.
    expect(parseGraphDump(parsed).entities).toEqual(dump.entities);
    const csv = exportFile(
      'entities.csv',
      { ...dump, entities: dump.entities.map((e) => ({ ...e, description: undefined })) },
      { date: '2026-11-25' },
    );
    expect(csv.summary).toBe(
      `ariadne-2026-11-25-entities.csv: ${dump.entities.length} entities, columns id, name, type, aliases, mention_count, attributes (description left out: empty in every row).`,
    );
    expect(exportFile('graphml', dump, { date: 'd' }).summary).toContain(
      `${dump.entities.length} nodes and ${dump.relationships.length} edges`,
    );
  });

  it('Markdown: homonyms get distinct note names so each link points at one note', () => {
    const e = dump.entities[0] ?? never();
    const notes = markdownNotes({
      entities: [e, { ...e, id: asEntityId('e_other') ?? never() }],
      relationships: [],
      evidence: [],
      pages: [],
    });
    expect(notes.map((n) => n.path)).toEqual(['Entities/Stripe.md', 'Entities/Stripe (2).md']);
  });
});
