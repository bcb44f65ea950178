// The graph tools' reference examples as golden tests: requests go through
// registry.call exactly as an agent would send them, and each response is compared
// with the one the tool's contract gives for it.
import { beforeEach, describe, expect, it } from 'vitest';
import { AriadneError } from '../errors';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { NameIndex } from '../search/name-index';
import { createRegistry } from './index';
import type { ToolRegistry } from './registry';
import type { GraphToolDeps } from './deps';

const caller = { caller: { kind: 'test' as const } };
let registry: ToolRegistry<GraphToolDeps>;

async function call(tool: string, args: unknown): Promise<unknown> {
  return registry.call(tool, args, caller);
}
async function codeOf(tool: string, args: unknown): Promise<string> {
  return call(tool, args).then(
    () => 'ok',
    (e: unknown) => (e instanceof AriadneError ? e.code : `not AriadneError: ${String(e)}`),
  );
}
/** The contract's response plus only the documented extension fields. */
function withoutExtensions(value: unknown, keys: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutExtensions(v, keys));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !keys.includes(k))
        .map(([k, v]) => [k, withoutExtensions(v, keys)]),
    );
  }
  return value;
}

beforeEach(async () => {
  const store = new InMemoryGraphStore();
  const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
  const search = await NameIndex.load(store);
  search.attach(graph);
  registry = createRegistry({ graph, store, search });
});

const stripeAttributes = { founded: '2010', headquarters: 'San Francisco', industry: 'payments', url: 'https://stripe.com' };

async function addAll(entities: [string, string][]): Promise<void> {
  for (const [name, entity_type] of entities) await call('entity_add', { name, entity_type });
}

describe('graph tools: golden examples', () => {
  it('entity_add: Stripe is created with its attributes', async () => {
    const res = await call('entity_add', { name: 'Stripe', entity_type: 'company', attributes: stripeAttributes });
    expect(withoutExtensions(res, ['id'])).toEqual({ name: 'Stripe', entity_type: 'company', attributes: stripeAttributes, created: true });
  });

  it('entity_add: the same name merges attributes (new keys added, existing updated), created false', async () => {
    await call('entity_add', { name: 'Stripe', entity_type: 'company', attributes: { founded: '2010', industry: 'payments' } });
    const res = await call('entity_add', {
      name: '  STRIPE ',
      entity_type: 'company',
      attributes: { industry: 'fintech', url: 'https://stripe.com' },
    });
    expect(withoutExtensions(res, ['id'])).toEqual({
      name: 'Stripe',
      entity_type: 'company',
      attributes: { founded: '2010', industry: 'fintech', url: 'https://stripe.com' },
      created: false,
    });
    expect(await call('graph_stats', {})).toMatchObject({ entities: 1 });
  });

  it('entity_relate: Stripe uses Rust, once', async () => {
    await addAll([
      ['Stripe', 'company'],
      ['Rust', 'technology'],
    ]);
    expect(await call('entity_relate', { from: 'Stripe', to: 'Rust', relationship: 'uses' })).toEqual({
      from: 'Stripe',
      to: 'Rust',
      relationship: 'uses',
      created: true,
    });
    expect(await call('entity_relate', { from: 'stripe', to: 'RUST', relationship: 'uses' })).toEqual({
      from: 'Stripe',
      to: 'Rust',
      relationship: 'uses',
      created: false,
    });
    expect(await call('graph_stats', {})).toMatchObject({ relationships: 1 });
  });

  it('entity_query: what do we know about Stripe? (entities and the answer sentence)', async () => {
    await call('entity_add', { name: 'Stripe', entity_type: 'company', attributes: stripeAttributes });
    await addAll([
      ['Rust', 'technology'],
      ['Paystack', 'company'],
      ['Patrick Collison', 'person'],
      ['Square', 'company'],
    ]);
    for (const [to, relationship] of [
      ['Rust', 'uses'],
      ['Paystack', 'acquired'],
      ['Patrick Collison', 'employs'],
      ['Square', 'competes_with'],
    ]) {
      await call('entity_relate', { from: 'Stripe', to, relationship });
    }
    // The contract's fields exactly; the query loop adds confidence, sources and follow-ups beside them.
    expect(await call('entity_query', { question: 'what do we know about Stripe?' })).toMatchObject({
      entities: [
        {
          name: 'Stripe',
          entity_type: 'company',
          attributes: stripeAttributes,
          relationships: [
            { to: 'Rust', relationship: 'uses' },
            { to: 'Paystack', relationship: 'acquired' },
            { to: 'Patrick Collison', relationship: 'employs' },
            { to: 'Square', relationship: 'competes_with' },
          ],
        },
      ],
      answer:
        'Stripe is a payments company founded in 2010, headquartered in San Francisco. It uses Rust, acquired Paystack, and competes with Square.',
    });
  });

  it('entity_query: which companies use Rust? (the workflow step 5)', async () => {
    await addAll([
      ['Stripe', 'company'],
      ['Cloudflare', 'company'],
      ['Rust', 'technology'],
      ['Tokio', 'technology'],
    ]);
    await call('entity_relate', { from: 'Stripe', to: 'Rust', relationship: 'uses' });
    await call('entity_relate', { from: 'Cloudflare', to: 'Rust', relationship: 'uses' });
    await call('entity_relate', { from: 'Tokio', to: 'Rust', relationship: 'part_of' });
    const res = await call('entity_query', { question: 'which companies use Rust?' });
    expect(res).toMatchObject({ answer: '2 companies use Rust: Stripe and Cloudflare.' });
    expect((res as { entities: { name: string }[] }).entities.map((e) => e.name)).toEqual(['Stripe', 'Cloudflare', 'Rust']);
    expect(res).toMatchObject({ confidence: 'high', sources: [{ name: 'Stripe' }, { name: 'Cloudflare' }, { name: 'Rust' }] });
  });

  it('entity_merge: Stripe, Inc. into Stripe gains 2 relationships and 0 attributes; entity_unmerge undoes it', async () => {
    await call('entity_add', { name: 'Stripe', entity_type: 'company', attributes: { industry: 'payments' } });
    await addAll([
      ['Rust', 'technology'],
      ['Paystack', 'company'],
      ['Square', 'company'],
    ]);
    // Another name: a second entity, with Stripe named as a possible duplicate.
    expect(await call('entity_add', { name: 'Stripe, Inc.', entity_type: 'company', attributes: { industry: 'fintech' } })).toMatchObject({
      name: 'Stripe, Inc.',
      created: true,
      possible_duplicates: [{ name: 'Stripe', entity_type: 'company' }],
    });
    await call('entity_relate', { from: 'Stripe', to: 'Rust', relationship: 'uses' });
    await call('entity_relate', { from: 'Stripe, Inc.', to: 'Rust', relationship: 'uses' });
    await call('entity_relate', { from: 'Stripe, Inc.', to: 'Paystack', relationship: 'acquired' });
    await call('entity_relate', { from: 'Square', to: 'Stripe, Inc.', relationship: 'competes_with' });
    const res = await call('entity_merge', { name_a: 'Stripe', name_b: 'Stripe, Inc.' });
    expect(withoutExtensions(res, ['merge_id'])).toEqual({
      merged_into: 'Stripe',
      removed: 'Stripe, Inc.',
      attributes_gained: 0,
      relationships_gained: 2,
    });
    expect(await call('graph_stats', {})).toMatchObject({ entities: 4, relationships: 3 });
    const { merge_id } = res as { merge_id: string };
    expect(await call('entity_unmerge', { merge_id })).toEqual({ merge_id, restored: 'Stripe, Inc.', merged_into: 'Stripe' });
    expect(await call('graph_stats', {})).toMatchObject({ entities: 5, relationships: 4 });
    expect(await call('merge_history', {})).toMatchObject({ merges: [{ merge_id, undone: true }] });
  });

  it('every seed example in order on one graph, requests exactly as the seed writes them', async () => {
    // Steps marked "setup" are not reference examples: they add what those examples presume
    // (Rust existing before `entity_relate`, the facts behind the query and the merge).
    const seed = async (tool: string, args: Record<string, unknown>): Promise<unknown> => call(tool, args);
    expect(
      withoutExtensions(await seed('entity_add', { name: 'Stripe', entity_type: 'company', attributes: stripeAttributes }), ['id']),
    ).toEqual({
      name: 'Stripe',
      entity_type: 'company',
      attributes: stripeAttributes,
      created: true,
    });
    await addAll([['Rust', 'technology']]); // setup
    expect(await seed('entity_relate', { from: 'Stripe', to: 'Rust', relationship: 'uses' })).toEqual({
      from: 'Stripe',
      to: 'Rust',
      relationship: 'uses',
      created: true,
    });
    await addAll([
      ['Paystack', 'company'],
      ['Patrick Collison', 'person'],
      ['Square', 'company'],
    ]); // setup
    for (const [to, relationship] of [
      ['Paystack', 'acquired'],
      ['Patrick Collison', 'employs'],
      ['Square', 'competes_with'],
    ])
      await seed('entity_relate', { from: 'Stripe', to, relationship });
    expect(await seed('entity_query', { question: 'what do we know about Stripe?' })).toMatchObject({
      entities: [
        {
          name: 'Stripe',
          entity_type: 'company',
          attributes: stripeAttributes,
          relationships: [
            { to: 'Rust', relationship: 'uses' },
            { to: 'Paystack', relationship: 'acquired' },
            { to: 'Patrick Collison', relationship: 'employs' },
            { to: 'Square', relationship: 'competes_with' },
          ],
        },
      ],
    });
    // setup: the same company under its legal name, with two facts Stripe lacks.
    const inc = await seed('entity_add', { name: 'Stripe, Inc.', entity_type: 'company' });
    expect(inc).toMatchObject({ name: 'Stripe, Inc.', created: true, possible_duplicates: [{ name: 'Stripe', score: 1 }] });
    await addAll([
      ['Cloudflare', 'company'],
      ['Tokio', 'technology'],
    ]);
    await seed('entity_relate', { from: 'Stripe, Inc.', to: 'Cloudflare', relationship: 'partners_with' });
    await seed('entity_relate', { from: 'Square', to: 'Stripe, Inc.', relationship: 'competes_with' });
    expect(withoutExtensions(await seed('entity_merge', { name_a: 'Stripe', name_b: 'Stripe, Inc.' }), ['merge_id'])).toEqual({
      merged_into: 'Stripe',
      removed: 'Stripe, Inc.',
      attributes_gained: 0,
      relationships_gained: 2,
    });
    await addAll([['String (Rust type)', 'technology']]); // setup
    const { results } = (await seed('entity_search', { query: 'stri' })) as {
      results: { name: string; entity_type: string; score: number }[];
    };
    expect(results.slice(0, 2).map((r) => [r.name, r.entity_type])).toEqual([
      ['Stripe', 'company'],
      ['String (Rust type)', 'technology'],
    ]);
    await addAll([
      ['Mozilla', 'company'],
      ['LLVM', 'technology'],
    ]); // setup
    await seed('entity_relate', { from: 'Cloudflare', to: 'Rust', relationship: 'uses' });
    await seed('entity_relate', { from: 'Tokio', to: 'Rust', relationship: 'part_of' });
    await seed('entity_relate', { from: 'Rust', to: 'Mozilla', relationship: 'created_by' });
    await seed('entity_relate', { from: 'Rust', to: 'LLVM', relationship: 'depends_on' });
    expect(await seed('entity_find_related', { name: 'Rust' })).toMatchObject({ entity: 'Rust' });
    const related = (
      (await seed('entity_find_related', { name: 'Rust' })) as { related: { name: string; relationship: string; direction: string }[] }
    ).related;
    for (const fact of [
      { name: 'Stripe', relationship: 'uses', direction: 'incoming' },
      { name: 'Cloudflare', relationship: 'uses', direction: 'incoming' },
      { name: 'Tokio', relationship: 'part_of', direction: 'incoming' },
      { name: 'Mozilla', relationship: 'created_by', direction: 'outgoing' },
      { name: 'LLVM', relationship: 'depends_on', direction: 'outgoing' },
    ])
      expect(related).toContainEqual(expect.objectContaining(fact));
    expect(((await seed('entity_visualize', {})) as { mermaid: string }).mermaid).toMatch(/^graph LR/);
    // The research workflow (steps 2, 3 and 5): re-adding Stripe merges, Patrick Collison exists already.
    expect(
      await seed('entity_add', { name: 'Stripe', entity_type: 'company', attributes: { founded: '2010', industry: 'payments' } }),
    ).toMatchObject({ created: false });
    expect(await seed('entity_add', { name: 'Patrick Collison', entity_type: 'person', attributes: { role: 'CEO' } })).toMatchObject({
      created: false,
      attributes: { role: 'CEO' },
    });
    expect(await seed('entity_relate', { from: 'Stripe', to: 'Patrick Collison', relationship: 'founded_by' })).toMatchObject({
      created: true,
    });
    expect(await seed('entity_query', { question: 'which companies use Rust?' })).toMatchObject({
      answer: expect.stringContaining('Stripe'),
    });
    expect(await call('graph_stats', {})).toMatchObject({ entities: 10 });
  });

  it('entity_add matches the same name only; a legal suffix or typo is a possible duplicate, not a merge', async () => {
    await call('entity_add', { name: 'Stripe', entity_type: 'company' });
    expect(await call('entity_add', { name: '\u00A0STRIPE\u2003', entity_type: 'company' })).toMatchObject({
      name: 'Stripe',
      created: false,
    });
    expect(await call('entity_add', { name: 'Ｓｔｒｉｐｅ', entity_type: 'company' })).toMatchObject({ name: 'Stripe', created: false });
    const suffixed = await call('entity_add', { name: 'Stripe, Inc.', entity_type: 'company' });
    expect(suffixed).toMatchObject({ created: true, possible_duplicates: [{ name: 'Stripe', entity_type: 'company', score: 1 }] });
    const typo = (await call('entity_add', { name: 'Stirpe', entity_type: 'company' })) as {
      created: boolean;
      possible_duplicates?: { name: string }[];
    };
    expect(typo.created).toBe(true);
    expect(typo.possible_duplicates?.map((d) => d.name)).toContain('Stripe');
    const unrelated = (await call('entity_add', { name: 'Square', entity_type: 'company' })) as { possible_duplicates?: unknown };
    expect(unrelated.possible_duplicates).toBeUndefined();
    expect(await call('graph_stats', {})).toMatchObject({ entities: 4 });
  });

  it('entity_search: "stri" finds Stripe (≈0.95) before String (Rust type) (≈0.6-0.9)', async () => {
    await addAll([
      ['Stripe', 'company'],
      ['String (Rust type)', 'technology'],
      ['Rust', 'technology'],
      ['Square', 'company'],
    ]);
    const { results } = (await call('entity_search', { query: 'stri' })) as {
      results: { name: string; entity_type: string; score: number }[];
    };
    expect(results.slice(0, 2).map((r) => [r.name, r.entity_type])).toEqual([
      ['Stripe', 'company'],
      ['String (Rust type)', 'technology'],
    ]);
    expect(results[0]?.score).toBeGreaterThanOrEqual(0.9);
    expect(results[0]?.score).toBeLessThan(1);
    expect(results[1]?.score).toBeGreaterThan(0.5);
    expect(results[1]?.score).toBeLessThan(results[0]?.score ?? 0);
  });

  it('entity_find_related: Rust in both directions, in the seed order', async () => {
    await addAll([
      ['Rust', 'technology'],
      ['Stripe', 'company'],
      ['Cloudflare', 'company'],
      ['Tokio', 'technology'],
      ['Mozilla', 'company'],
      ['LLVM', 'technology'],
      ['mio', 'technology'],
    ]);
    await call('entity_relate', { from: 'Stripe', to: 'Rust', relationship: 'uses' });
    await call('entity_relate', { from: 'Rust', to: 'Mozilla', relationship: 'created_by' });
    await call('entity_relate', { from: 'Cloudflare', to: 'Rust', relationship: 'uses' });
    await call('entity_relate', { from: 'Rust', to: 'LLVM', relationship: 'depends_on' });
    await call('entity_relate', { from: 'Tokio', to: 'Rust', relationship: 'part_of' });
    await call('entity_relate', { from: 'Tokio', to: 'mio', relationship: 'depends_on' });
    expect(await call('entity_find_related', { name: 'Rust' })).toEqual({
      entity: 'Rust',
      related: [
        { name: 'Stripe', relationship: 'uses', direction: 'incoming' },
        { name: 'Cloudflare', relationship: 'uses', direction: 'incoming' },
        { name: 'Tokio', relationship: 'part_of', direction: 'incoming' },
        { name: 'Mozilla', relationship: 'created_by', direction: 'outgoing' },
        { name: 'LLVM', relationship: 'depends_on', direction: 'outgoing' },
      ],
    });
    expect(await call('entity_find_related', { name: 'Tokio', direction: 'outgoing' })).toEqual({
      entity: 'Tokio',
      related: [
        { name: 'Rust', relationship: 'part_of', direction: 'outgoing' },
        { name: 'mio', relationship: 'depends_on', direction: 'outgoing' },
      ],
    });
  });

  it('entity_visualize: the same nodes and edges as the seed diagram, with generated ids', async () => {
    await addAll([
      ['Stripe', 'company'],
      ['Rust', 'technology'],
      ['Tokio', 'technology'],
      ['Mozilla', 'company'],
    ]);
    await call('entity_relate', { from: 'Stripe', to: 'Rust', relationship: 'uses' });
    await call('entity_relate', { from: 'Tokio', to: 'Rust', relationship: 'part_of' });
    await call('entity_relate', { from: 'Rust', to: 'Mozilla', relationship: 'created_by' });
    const res = (await call('entity_visualize', {})) as { mermaid: string; note?: string };
    expect(Object.keys(res)).toEqual(['mermaid']);
    const seed =
      'graph LR\n Stripe["Stripe\\n(company)"]\n Rust["Rust\\n(technology)"]\n Tokio["Tokio\\n(technology)"]\n Mozilla["Mozilla\\n(company)"]\n Stripe -->|uses| Rust\n Tokio -->|part_of| Rust\n Rust -->|created_by| Mozilla';
    const facts = (text: string, sep: RegExp) => {
      const labels = new Map<string, string>();
      for (const m of text.matchAll(/^[ \t]*(\w+)\["(.*?)"\]$/gm)) labels.set(m[1] ?? '', (m[2] ?? '').split(sep).join(' '));
      const edges = [...text.matchAll(/^[ \t]*(\w+) -->\|"?(\w+)"?\| (\w+)$/gm)].map(
        (m) => `${labels.get(m[1] ?? '')} ${m[2]} ${labels.get(m[3] ?? '')}`,
      );
      return { nodes: [...labels.values()].sort(), edges: edges.sort() };
    };
    expect(res.mermaid.startsWith('graph LR\n')).toBe(true);
    expect(facts(res.mermaid, /<br\/>/)).toEqual(facts(seed, /\\n/));
    expect(res.mermaid).not.toMatch(/\bStripe\[/); // ids are generated, never names
  });
});

describe('bad input', () => {
  it('rejects missing and wrong-typed fields, unknown types, empty and over-long names', async () => {
    expect(await codeOf('entity_add', {})).toBe('invalid_arguments');
    expect(await codeOf('entity_add', { name: 'X', entity_type: 'planet' })).toBe('invalid_arguments');
    expect(await codeOf('entity_add', { name: 42, entity_type: 'company' })).toBe('invalid_arguments');
    expect(await codeOf('entity_add', { name: '', entity_type: 'company' })).toBe('invalid_arguments');
    expect(await codeOf('entity_add', { name: '   ', entity_type: 'company' })).toBe('invalid_arguments');
    await expect(call('entity_add', { name: 'x'.repeat(201), entity_type: 'company' })).rejects.toThrow(
      /name: must be at most 200 characters/,
    );
    expect(await codeOf('entity_add', { name: 'X', entity_type: 'company', attributes: 'nope' })).toBe('invalid_arguments');
    expect(await codeOf('entity_relate', { from: 'A' })).toBe('invalid_arguments');
    expect(await codeOf('entity_search', { query: '' })).toBe('invalid_arguments');
    expect(await codeOf('entity_query', {})).toBe('invalid_arguments');
    expect(await codeOf('entity_visualize', { budget: 0 })).toBe('invalid_arguments');
    expect(await codeOf('no_such_tool', {})).toBe('not_found');
  });

  it('entity_relate with a missing end is not_found naming it', async () => {
    await addAll([['Stripe', 'company']]);
    await expect(call('entity_relate', { from: 'Stripe', to: 'Rust', relationship: 'uses' })).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('"Rust"'),
    });
    await expect(call('entity_relate', { from: 'Nobody', to: 'Stripe', relationship: 'uses' })).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('"from"'),
    });
  });

  it('refuses merging an entity into itself (also through an alias)', async () => {
    await addAll([['Stripe', 'company']]);
    expect(await codeOf('entity_merge', { name_a: 'Stripe', name_b: 'stripe' })).toBe('invalid_arguments');
    expect(await codeOf('entity_merge', { name_a: 'Stripe', name_b: 'Nobody' })).toBe('not_found');
  });

  it('a name shared by two entities is ambiguous and lists the candidates; the id resolves it', async () => {
    await addAll([
      ['Jordan', 'location'],
      ['Jordan', 'person'],
      ['Amman', 'location'],
    ]);
    const err = await call('entity_relate', { from: 'Jordan', to: 'Amman', relationship: 'has_capital' }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'ambiguous',
      details: {
        candidates: [
          { name: 'Jordan', entity_type: 'location' },
          { name: 'Jordan', entity_type: 'person' },
        ],
      },
    });
    const id = (err as { details: { candidates: { id: string }[] } }).details.candidates[0]?.id;
    expect(await call('entity_relate', { from: id, to: 'Amman', relationship: 'has_capital' })).toMatchObject({
      from: 'Jordan',
      created: true,
    });
  });
});

describe('the registry of graph tools', () => {
  it('registers the seven seed tools and the UI tools, sorted, with classes', () => {
    expect(registry.list().map((t) => [t.name, t.__sideEffectClass])).toEqual([
      ['bulk_undo', 'side-effecting'],
      ['entity_add', 'side-effecting'],
      ['entity_bulk', 'destructive'],
      ['entity_delete', 'destructive'],
      ['entity_find_related', 'read-only'],
      ['entity_get', 'read-only'],
      ['entity_list', 'read-only'],
      ['entity_merge', 'side-effecting'],
      ['entity_query', 'read-only'],
      ['entity_relate', 'side-effecting'],
      ['entity_search', 'read-only'],
      ['entity_unmerge', 'side-effecting'],
      ['entity_unrelate', 'destructive'],
      ['entity_update', 'side-effecting'],
      ['entity_visualize', 'read-only'],
      ['graph_clear', 'destructive'],
      ['graph_import', 'side-effecting'],
      ['graph_import_session', 'side-effecting'],
      ['graph_stats', 'read-only'],
      ['merge_history', 'read-only'],
      ['page_delete', 'destructive'],
      ['page_reread', 'side-effecting'],
      ['review_decide', 'side-effecting'],
      ['review_list', 'read-only'],
    ]);
    const fns = registry.toJsonSchemaTools();
    expect(fns.find((f) => f.function.name === 'entity_add')?.function.parameters).toMatchObject({ required: ['name', 'entity_type'] });
  });

  it('the UI tools: get, update, list, delete', async () => {
    await addAll([
      ['Stripe', 'company'],
      ['Rust', 'technology'],
    ]);
    await call('entity_relate', { from: 'Stripe', to: 'Rust', relationship: 'uses' });
    expect(await call('entity_get', { name: 'Rust' })).toMatchObject({
      entity: { name: 'Rust', entity_type: 'technology' },
      relationships: [{ from: 'Stripe', to: 'Rust', relationship: 'uses', direction: 'incoming' }],
    });
    expect(
      await call('entity_update', { name: 'Stripe', attributes: { ceo: 'Patrick Collison' }, aliases: ['Stripe, Inc.'] }),
    ).toMatchObject({ entity: { attributes: { ceo: 'Patrick Collison' }, aliases: ['Stripe, Inc.'] } });
    expect(await call('entity_list', { limit: 1 })).toMatchObject({ entities: [{ name: 'Stripe' }], next_after: expect.any(String) });
    expect(await call('entity_delete', { name: 'Rust' })).toMatchObject({ deleted: 'Rust', relationships_removed: 1 });
    expect(await call('entity_search', { query: 'rust' })).toEqual({ results: [] });
  });
});
