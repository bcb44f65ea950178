/**
 * Hostile import files: each crafted file goes through `graph_import` (the
 * tool the side panel calls) on a fresh graph, on the in-memory store and on Dexie
 * over fake-indexeddb. One line per file and store: accepted or rejected, the reason
 * (the first problem), and the graph's records before → after
 * (entities/relationships/evidence/pages). A hostile file must write nothing; the
 * files with crafted keys are accepted with their keys recomputed, and the line says
 * what `entity_get "Stripe"` finds afterwards.
 *
 *   npx tsx bench/hostile-import.ts
 */
import 'fake-indexeddb/auto';
import { AriadneDatabase } from '../src/adapters/dexie/database';
import { DexieGraphStore } from '../src/adapters/dexie/dexie-graph-store';
import { AriadneError } from '../src/core/errors';
import { fixedClock, sequentialIds } from '../src/core/graph/ids';
import { indexKeys } from '../src/core/graph/keys';
import { InMemoryGraphStore } from '../src/core/graph/memory-store';
import { GraphService } from '../src/core/graph/service';
import type { GraphStore } from '../src/core/graph/store';
import { NameIndex } from '../src/core/search/name-index';
import { createRegistry } from '../src/core/tools/index';

const T0 = Date.UTC(2026, 0, 1);
const caller = { caller: { kind: 'test' as const } };
type Row = Record<string, unknown>;

const entity = (id: string, name: string, extra: Row = {}): Row => ({
  id,
  name,
  type: 'company',
  aliases: [],
  attributes: {},
  createdAt: T0,
  updatedAt: T0,
  mentionCount: 1,
  keys: [],
  ...extra,
});
const records = (parts: Row): Row => ({ entities: [], relationships: [], evidence: [], pages: [], merges: [], reviews: [], ...parts });
const page = (url: string, entityIds: string[]): Row => ({ url, title: 'T', site: '', capturedAt: T0, entityIds, relationshipIds: [] });
const evidence = (pageUrl: string, entityId: string): Row => ({
  id: 'v_1',
  kind: 'mention',
  entityId,
  pageUrl,
  pageTitle: 'T',
  snippet: 's',
  capturedAt: T0,
});

interface Crafted {
  readonly name: string;
  /** Into a graph holding Stripe (merge), or an empty one (restore). */
  readonly into: 'stripe' | 'empty';
  readonly records: Row;
}

const FILES: Crafted[] = [
  {
    name: '601 entities, the last with 150 attributes',
    into: 'stripe',
    records: records({
      entities: [
        entity('e_f0', 'Stripe', { aliases: ['Stripe Payments Co'], attributes: { hq: 'Dublin' } }),
        ...Array.from({ length: 599 }, (_, i) => entity(`e_f${i + 1}`, `Imported Company ${i + 1}`)),
        entity('e_f600', 'Last One', { attributes: Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, 'v'])) }),
      ],
    }),
  },
  { name: 'a name of 10,000 characters', into: 'stripe', records: records({ entities: [entity('e_1', 'x'.repeat(10_000))] }) },
  { name: 'an empty name', into: 'stripe', records: records({ entities: [entity('e_1', '')] }) },
  {
    name: 'restore: entity with empty keys (hidden)',
    into: 'empty',
    records: records({ entities: [entity('e_hidden', 'Hidden Co', { keys: [] })] }),
  },
  {
    name: 'restore: "Evil Corp" holding the keys of "stripe"',
    into: 'empty',
    records: records({ entities: [entity('e_evil', 'Evil Corp', { keys: indexKeys({ name: 'Stripe', aliases: [] }) })] }),
  },
  {
    name: 'restore: 4 entities, 2 with the same id',
    into: 'empty',
    records: records({ entities: [entity('e_a', 'Alpha'), entity('e_b', 'Beta'), entity('e_c', 'Gamma'), entity('e_a', 'Delta')] }),
  },
  {
    name: 'restore: relationship to a missing entity',
    into: 'empty',
    records: records({
      entities: [entity('e_a', 'Alpha')],
      relationships: [{ id: 'r_1', from: 'e_a', to: 'e_gone', label: 'uses', key: 'e_a|uses|e_gone', createdAt: T0, updatedAt: T0 }],
    }),
  },
  {
    name: 'restore: evidence of a missing entity',
    into: 'empty',
    records: records({ entities: [entity('e_a', 'Alpha')], evidence: [evidence('https://a.test/', 'e_gone')] }),
  },
  {
    name: 'restore: page listing a missing entity',
    into: 'empty',
    records: records({ entities: [entity('e_a', 'Alpha')], pages: [page('https://a.test/', ['e_a', 'e_gone'])] }),
  },
  {
    name: 'restore: javascript: page URL',
    into: 'empty',
    records: records({ entities: [entity('e_a', 'Alpha')], pages: [page('javascript:alert(document.cookie)', ['e_a'])] }),
  },
  {
    name: 'restore: data: evidence URL',
    into: 'empty',
    records: records({ entities: [entity('e_a', 'Alpha')], evidence: [evidence('data:text/html,<script>alert(1)</script>', 'e_a')] }),
  },
  {
    name: 'restore: forged merge (removed entity alive)',
    into: 'empty',
    records: records({
      entities: [entity('e_into', 'Acme'), entity('e_gone', 'Stripe')],
      merges: [
        {
          id: 'm_1',
          at: T0,
          intoId: 'e_into',
          removedId: 'e_gone',
          intoBefore: entity('e_into', 'Acme'),
          removed: entity('e_gone', 'Stripe'),
          relationshipsBefore: [],
          relationshipsCreated: [],
          evidenceMoved: [],
          pagesTouched: [],
        },
      ],
    }),
  },
];

let dbs = 0;
const STORES: [string, () => GraphStore][] = [
  ['memory', () => new InMemoryGraphStore()],
  ['dexie', () => new DexieGraphStore(new AriadneDatabase(`hostile-import-${++dbs}`))],
];

async function counts(store: GraphStore): Promise<string> {
  const c = await store.counts();
  return `${c.entities}/${c.relationships}/${c.evidence}/${c.pages}`;
}

async function run(file: Crafted, makeStore: () => GraphStore): Promise<string> {
  const store = makeStore();
  const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
  const search = await NameIndex.load(store);
  search.attach(graph);
  const registry = createRegistry({ graph, store, search });
  if (file.into === 'stripe') await graph.createEntity({ name: 'Stripe', type: 'company', attributes: { founded: '2010' } });
  const before = await counts(store);
  let verdict: string;
  try {
    await registry.call('graph_import', { mode: 'auto', records: file.records }, caller);
    const hidden = file.records.entities;
    const names = Array.isArray(hidden) ? hidden.map((e) => String(Reflect.get(Object(e), 'name'))) : [];
    const found = await Promise.all(names.map(async (n) => (await graph.findByName(n)).length > 0));
    const after = await counts(store);
    // What a user does next: add Stripe, then look it up.
    const added = await registry.call('entity_add', { name: 'Stripe', entity_type: 'company' }, caller);
    const got = await registry.call('entity_get', { name: 'Stripe' }, caller).then(
      (out) => `"${String(Reflect.get(Object(Reflect.get(Object(out), 'entity')), 'name'))}"`,
      (error: unknown) => (error instanceof AriadneError ? error.code : 'error'),
    );
    return `accepted | imported names found by name: ${found.every(Boolean)}; then entity_add "Stripe" created: ${String(Reflect.get(Object(added), 'created'))}, entity_get "Stripe" → ${got} | ${before} → ${after}`;
  } catch (error) {
    const problems: unknown =
      error instanceof AriadneError && typeof error.details === 'object' && error.details !== null
        ? Reflect.get(error.details, 'problems')
        : undefined;
    const first: unknown = Array.isArray(problems) ? problems[0] : undefined;
    const where =
      first === undefined ? '' : `${String(Reflect.get(Object(first), 'kind'))} #${String(Reflect.get(Object(first), 'index'))}: `;
    const reason =
      first === undefined ? String(error instanceof Error ? error.message : error) : String(Reflect.get(Object(first), 'reason'));
    verdict = `rejected (${error instanceof AriadneError ? error.code : 'error'}) | ${where}${reason.slice(0, 110)}`;
  }
  return `${verdict} | ${before} → ${await counts(store)}`;
}

async function main(): Promise<void> {
  console.log('file | store | verdict | reason | entities/relationships/evidence/pages before → after');
  for (const file of FILES) {
    for (const [label, make] of STORES) console.log(`${file.name} | ${label} | ${await run(file, make)}`);
  }
}

void main();
