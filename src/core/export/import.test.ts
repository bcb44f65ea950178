// Hostile import files: every record is checked with the graph service's
// rules before anything is written, derived keys are recomputed, references and ids
// are checked, and an import is written all or nothing. Run on the in-memory store
// and on Dexie over fake-indexeddb (one IndexedDB transaction there).
import { afterEach, describe, expect, it } from 'vitest';
import { AriadneDatabase } from '../../adapters/dexie/database';
import { DexieGraphStore } from '../../adapters/dexie/dexie-graph-store';
import { AriadneError } from '../errors';
import { asEvidenceId, fixedClock, sequentialIds } from '../graph/ids';
import { MAX_ATTRIBUTES } from '../graph/input';
import { indexKeys } from '../graph/keys';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import type { GraphStore } from '../graph/store';
import { MAX_NAME_LENGTH } from '../graph/types';
import { NameIndex } from '../search/name-index';
import { createRegistry } from '../tools/index';
import type { ToolRegistry } from '../tools/registry';
import type { GraphToolDeps } from '../tools/deps';
import { dumpGraph, parseGraphDump } from './dump';
import { markdownNotes } from './markdown';

const T0 = Date.UTC(2026, 0, 1);
const test = { caller: { kind: 'test' as const } };
const PROTO_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'] as const;

let databases: AriadneDatabase[] = [];
let dbCounter = 0;
afterEach(async () => {
  for (const db of databases) await db.delete();
  databases = [];
});

const STORES: [string, () => GraphStore][] = [
  ['in-memory store', () => new InMemoryGraphStore()],
  [
    'Dexie store',
    () => {
      const db = new AriadneDatabase(`import-test-${++dbCounter}`);
      databases.push(db);
      return new DexieGraphStore(db);
    },
  ],
];

interface World {
  readonly store: GraphStore;
  readonly graph: GraphService;
  readonly registry: ToolRegistry<GraphToolDeps>;
}

async function world(store: GraphStore): Promise<World> {
  const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
  const search = await NameIndex.load(store);
  search.attach(graph);
  return { store, graph, registry: createRegistry({ graph, store, search }) };
}

type Row = Record<string, unknown>;
function entity(id: string, name: string, extra: Row = {}): Row {
  return { id, name, type: 'company', aliases: [], attributes: {}, createdAt: T0, updatedAt: T0, mentionCount: 1, keys: [], ...extra };
}
function records(parts: Partial<Record<'entities' | 'relationships' | 'evidence' | 'pages' | 'merges' | 'reviews', Row[]>>): Row {
  return { entities: [], relationships: [], evidence: [], pages: [], merges: [], reviews: [], ...parts };
}
/** Attributes given as JSON text, so `__proto__` is an own key as in a parsed file. */
function attrs(entries: readonly (readonly [string, string])[]): Record<string, string> {
  const parsed: unknown = JSON.parse(JSON.stringify(Object.fromEntries(entries)));
  const out: Record<string, string> = {};
  // Built with defineProperty: an assignment of `__proto__` would set the prototype.
  for (const [k, v] of Object.entries(Object(parsed)))
    Object.defineProperty(out, k, { value: String(v), enumerable: true, writable: true, configurable: true });
  return out;
}

function importRecords(w: World, recs: Row, mode: 'auto' | 'restore' | 'merge' = 'auto'): Promise<unknown> {
  return w.registry.call('graph_import', { mode, records: recs }, test);
}

/** The refusal of a call: its code and first problem; fails the test when the call succeeded. */
async function refusal(call: Promise<unknown>): Promise<{ code: string; problem: unknown }> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof AriadneError)) throw error;
    const details: unknown = error.details;
    const problems: unknown = typeof details === 'object' && details !== null ? Reflect.get(details, 'problems') : undefined;
    return { code: error.code, problem: Array.isArray(problems) ? problems[0] : undefined };
  }
  throw new Error('the import was accepted');
}

/** Every record of the graph, for "nothing was written" checks. */
async function snapshot(store: GraphStore): Promise<string> {
  return JSON.stringify(await dumpGraph(store));
}

describe.each(STORES)('import on the %s', (_label, makeStore) => {
  it('a 601-entity file whose last entity has 150 attributes writes nothing, and the existing Stripe is unchanged', async () => {
    const w = await world(makeStore());
    const stripe = await w.graph.createEntity({ name: 'Stripe', type: 'company', attributes: { founded: '2010' } });
    const before = await snapshot(w.store);
    const many = attrs(Array.from({ length: 150 }, (_, i) => [`k${i}`, 'v'] as const));
    const entities = [
      entity('e_f0', 'Stripe', { aliases: ['Stripe Payments Co'], attributes: { hq: 'Dublin' } }),
      ...Array.from({ length: 599 }, (_, i) => entity(`e_f${i + 1}`, `Imported Company ${i + 1}`)),
      entity('e_f600', 'Last One', { attributes: many }),
    ];
    const out = await importRecords(w, records({ entities })).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(await snapshot(w.store)).toBe(before);
    expect(await w.store.getEntity(stripe.id)).toEqual(stripe);
    expect(await refusal(Promise.reject(out))).toMatchObject({
      code: 'invalid_arguments',
      problem: { kind: 'entity', index: 600, name: 'Last One' },
    });
  });

  it("the name and attribute limits are the service's, with the service's reasons", async () => {
    const w = await world(makeStore());
    const cases: { name: string; attributes?: Record<string, string> }[] = [
      { name: 'x'.repeat(MAX_NAME_LENGTH) },
      { name: 'x'.repeat(MAX_NAME_LENGTH + 1) },
      { name: 'x'.repeat(10_000) },
      { name: '' },
      { name: '  \u200b ' },
      { name: 'Fine', attributes: attrs(Array.from({ length: MAX_ATTRIBUTES }, (_, i) => [`k${i}`, 'v'] as const)) },
      { name: 'Fine', attributes: attrs(Array.from({ length: MAX_ATTRIBUTES + 1 }, (_, i) => [`k${i}`, 'v'] as const)) },
      { name: 'Fine', attributes: attrs([['', 'v']]) },
    ];
    for (const c of cases) {
      const service = await w.graph
        .createEntity({ name: c.name, type: 'company', ...(c.attributes === undefined ? {} : { attributes: c.attributes }) })
        .then(
          () => 'ok',
          (error: unknown) => (error instanceof AriadneError ? error.message : 'other'),
        );
      const fresh = await world(makeStore());
      const imported = await importRecords(
        fresh,
        records({ entities: [entity('e_x1', c.name, c.attributes === undefined ? {} : { attributes: c.attributes })] }),
      ).then(
        () => 'ok',
        (error: unknown) => {
          const problems: unknown =
            error instanceof AriadneError && typeof error.details === 'object' && error.details !== null
              ? Reflect.get(error.details, 'problems')
              : undefined;
          return Array.isArray(problems) ? String(Reflect.get(Object(problems[0]), 'reason')) : 'other';
        },
      );
      expect(imported, c.name.slice(0, 20)).toBe(service);
    }
  });

  it('a restore with crafted keys can neither hide an entity nor take "stripe" over', async () => {
    const w = await world(makeStore());
    const stripeKeys = indexKeys({ name: 'Stripe', aliases: [] });
    await importRecords(
      w,
      records({ entities: [entity('e_hidden', 'Hidden Co', { keys: [] }), entity('e_evil', 'Evil Corp', { keys: stripeKeys })] }),
    );
    expect(await w.registry.call('entity_get', { name: 'Hidden Co' }, test)).toMatchObject({
      entity: { id: 'e_hidden', name: 'Hidden Co' },
    });
    expect(await w.registry.call('entity_add', { name: 'Stripe', entity_type: 'company', attributes: { hq: 'SF' } }, test)).toMatchObject({
      name: 'Stripe',
      created: true,
    });
    expect(await w.registry.call('entity_get', { name: 'Stripe' }, test)).toMatchObject({
      entity: { name: 'Stripe', attributes: { hq: 'SF' } },
    });
    const [evil] = await w.graph.findByName('Evil Corp');
    expect(evil?.attributes).toEqual({});
    expect(evil?.keys).toEqual(indexKeys({ name: 'Evil Corp', aliases: [] }));
  });

  it('duplicate ids are refused (the summary cannot count 4 where 3 exist)', async () => {
    const w = await world(makeStore());
    const out = await refusal(
      importRecords(
        w,
        records({ entities: [entity('e_a', 'Alpha'), entity('e_b', 'Beta'), entity('e_c', 'Gamma'), entity('e_a', 'Delta')] }),
      ),
    );
    expect(out).toMatchObject({ code: 'invalid_arguments', problem: { kind: 'entity', index: 3, name: 'Delta' } });
    expect((await w.store.counts()).entities).toBe(0);
  });

  it('dangling references are refused: relationship, evidence, page', async () => {
    const w = await world(makeStore());
    const base = [entity('e_a', 'Alpha')];
    const rel = { id: 'r_1', from: 'e_a', to: 'e_gone', label: 'uses', key: 'x', createdAt: T0, updatedAt: T0 };
    const ev = { id: 'v_1', kind: 'mention', entityId: 'e_gone', pageUrl: 'https://a.test/', pageTitle: 'A', snippet: 's', capturedAt: T0 };
    const page = { url: 'https://a.test/', title: 'A', site: 'a.test', capturedAt: T0, entityIds: ['e_a', 'e_gone'], relationshipIds: [] };
    for (const [kind, recs] of [
      ['relationship', records({ entities: base, relationships: [rel] })],
      ['evidence', records({ entities: base, evidence: [ev] })],
      ['page', records({ entities: base, pages: [page] })],
    ] as const) {
      const out = await refusal(importRecords(w, recs));
      expect(out, kind).toMatchObject({ code: 'invalid_arguments', problem: { kind, index: 0 } });
      expect((await w.store.counts()).entities, kind).toBe(0);
    }
  });

  it('javascript: and data: URLs are refused for pages and evidence', async () => {
    const w = await world(makeStore());
    const base = [entity('e_a', 'Alpha')];
    for (const url of [
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      ' JaVaScRiPt:alert(1)',
      '/relative',
    ]) {
      const page = { url, title: 'A', site: '', capturedAt: T0, entityIds: ['e_a'], relationshipIds: [] };
      const ev = { id: 'v_1', kind: 'mention', entityId: 'e_a', pageUrl: url, pageTitle: 'A', snippet: 's', capturedAt: T0 };
      expect(await refusal(importRecords(w, records({ entities: base, pages: [page] }))), url).toMatchObject({
        code: 'invalid_arguments',
        problem: { kind: 'page' },
      });
      expect(await refusal(importRecords(w, records({ entities: base, evidence: [ev] }))), url).toMatchObject({
        code: 'invalid_arguments',
        problem: { kind: 'evidence' },
      });
    }
    expect((await w.store.counts()).entities).toBe(0);
  });

  it('attributes named like prototype members round-trip through export → import (restore and merge)', async () => {
    const a = await world(makeStore());
    const entries = PROTO_NAMES.map((k) => [k, `value of ${k}`] as const);
    const acme = await a.graph.createEntity({ name: 'Acme Widgets', type: 'company' });
    await a.store.putEntity({ ...acme, attributes: attrs(entries) });
    const file = JSON.stringify(await dumpGraph(a.store));
    const own = (r: object | undefined) => Object.entries(r ?? {}).sort(([x], [y]) => (x < y ? -1 : 1));

    const restored = await world(makeStore());
    await importRecords(restored, recordsOf(JSON.parse(file)));
    expect(own((await restored.graph.findByName('Acme Widgets'))[0]?.attributes)).toEqual(own(attrs(entries)));

    const merged = await world(makeStore());
    await merged.graph.createEntity({ name: 'Acme Widgets', type: 'company', attributes: { url: 'https://acme.test' } });
    expect(await importRecords(merged, recordsOf(JSON.parse(file)))).toMatchObject({
      mode: 'merge',
      entities: { created: 0, updated: 1, unchanged: 0 },
    });
    expect(own((await merged.graph.findByName('Acme Widgets'))[0]?.attributes)).toEqual(
      own(attrs([...entries, ['url', 'https://acme.test']])),
    );
  });

  it('a merge import reports what it wrote, and the same file again writes nothing', async () => {
    const w = await world(makeStore());
    await w.graph.createEntity({ name: 'Stripe', type: 'company', attributes: { founded: '2010' } });
    const recs = records({
      entities: [
        entity('e_1', 'Stripe', { aliases: ['Stripe Inc'], attributes: { hq: 'SF', founded: '2011' } }),
        entity('e_2', 'Rust', { type: 'technology' }),
      ],
      relationships: [{ id: 'r_1', from: 'e_1', to: 'e_2', label: 'uses', key: '', createdAt: T0, updatedAt: T0 }],
      evidence: [
        {
          id: 'v_1',
          kind: 'relationship',
          relationshipId: 'r_1',
          pageUrl: 'https://stripe.test/',
          pageTitle: 'S',
          snippet: 'Stripe uses Rust.',
          capturedAt: T0,
        },
      ],
      pages: [
        {
          url: 'https://stripe.test/',
          title: 'S',
          site: 'stripe.test',
          capturedAt: T0,
          entityIds: ['e_1', 'e_2'],
          relationshipIds: ['r_1'],
        },
      ],
    });
    expect(await importRecords(w, recs)).toMatchObject({
      mode: 'merge',
      entities: { created: 1, updated: 1, unchanged: 0 },
      relationships: { created: 1, unchanged: 0 },
      evidence: { created: 1, unchanged: 0 },
      pages: { created: 1, updated: 0, unchanged: 0 },
      before: { entities: 1 },
      after: { entities: 2, relationships: 1, evidence: 1, pages: 1 },
    });
    const [stripe] = await w.graph.findByName('Stripe');
    expect(stripe?.attributes).toEqual({ founded: '2010', hq: 'SF' });
    expect(stripe?.aliases).toEqual(['Stripe Inc']);
    const again = await snapshot(w.store);
    expect(await importRecords(w, recs)).toMatchObject({
      entities: { created: 0, updated: 0, unchanged: 2 },
      relationships: { created: 0, unchanged: 1 },
      evidence: { created: 0, unchanged: 1 },
      pages: { created: 0, updated: 0, unchanged: 1 },
    });
    expect(await snapshot(w.store)).toBe(again);
  });

  it('a restore into a graph with data cannot overwrite a record already there', async () => {
    const w = await world(makeStore());
    const stripe = await w.graph.createEntity({ name: 'Stripe', type: 'company' });
    const before = await snapshot(w.store);
    const out = await refusal(
      importRecords(w, records({ entities: [entity('e_new', 'New Co'), entity(stripe.id, 'Evil Corp')] }), 'restore'),
    );
    expect(out).toMatchObject({ code: 'invalid_arguments', problem: { kind: 'entity', index: 1 } });
    expect(await snapshot(w.store)).toBe(before);
  });

  it('a failure at the last write leaves nothing written (one transaction)', async () => {
    const real = makeStore();
    // The store fails on the import's last kind of write, after entities and relationships were put.
    const failing = new Proxy(real, {
      get(target, prop, receiver) {
        if (prop === 'putPage') return () => Promise.reject(new Error('disk full'));
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const w = await world(failing);
    await w.graph.createEntity({ name: 'Stripe', type: 'company' });
    const before = await snapshot(real);
    const recs = records({
      entities: [entity('e_1', 'Stripe', { aliases: ['Stripe Inc'] }), entity('e_2', 'Rust')],
      relationships: [{ id: 'r_1', from: 'e_1', to: 'e_2', label: 'uses', key: '', createdAt: T0, updatedAt: T0 }],
      pages: [{ url: 'https://stripe.test/', title: 'S', site: 'stripe.test', capturedAt: T0, entityIds: ['e_1'], relationshipIds: [] }],
    });
    await expect(importRecords(w, recs)).rejects.toBeInstanceOf(AriadneError);
    expect(await snapshot(real)).toBe(before);
  });
});

describe('hostile files, store-independent', () => {
  it('a merge record cannot smuggle keys: its snapshots get recomputed keys', () => {
    const stripeKeys = indexKeys({ name: 'Stripe', aliases: [] });
    const removed = entity('e_gone', 'Evil Corp', { keys: stripeKeys });
    const dump = parseGraphDump({
      format: 'ariadne-graph',
      version: 1,
      ...records({
        entities: [entity('e_into', 'Acme')],
        merges: [
          {
            id: 'm_1',
            at: T0,
            intoId: 'e_into',
            removedId: 'e_gone',
            intoBefore: entity('e_into', 'Acme', { keys: stripeKeys }),
            removed,
            relationshipsBefore: [],
            relationshipsCreated: [],
            evidenceMoved: [],
            pagesTouched: [],
          },
        ],
      }),
    });
    expect(dump.merges[0]?.removed.keys).toEqual(indexKeys({ name: 'Evil Corp', aliases: [] }));
    expect(dump.merges[0]?.intoBefore.keys).toEqual(indexKeys({ name: 'Acme', aliases: [] }));
  });

  it('Markdown writes a link only for an http(s) source', () => {
    const dump = parseGraphDump({ format: 'ariadne-graph', version: 1, ...records({ entities: [entity('e_a', 'Alpha')] }) });
    const entityId = dump.entities[0]?.id ?? never();
    // Written as a store would hold it (an older version, or a store filled by other means).
    const urls = ['javascript:alert(1)', 'https://ok.test/'];
    const evidence = urls.map((pageUrl, i) => ({
      id: asEvidenceId(`v_${i}`) ?? never(),
      kind: 'mention' as const,
      entityId,
      pageUrl,
      pageTitle: `T${i}`,
      snippet: 's',
      capturedAt: T0,
    }));
    const pages = urls.map((url, i) => ({ url, title: `T${i}`, site: 'x', capturedAt: T0, entityIds: [entityId], relationshipIds: [] }));
    const text = markdownNotes({ entities: dump.entities, relationships: [], evidence, pages })
      .map((n) => n.content)
      .join('\n');
    expect(text).toContain('[Open the page](<https://ok.test/>)');
    expect(text).not.toMatch(/\]\(<?javascript:/i);
    expect(text).toContain('Open the page (javascript:alert(1))');
    expect(text).not.toContain('"javascript:alert(1)"'); // in no front matter (sources, source)
  });
});

function recordsOf(file: unknown): Row {
  const { format: _f, version: _v, exportedAt: _t, ...rest } = Object(file);
  return rest;
}

function never(): never {
  throw new Error('fixture missing');
}
