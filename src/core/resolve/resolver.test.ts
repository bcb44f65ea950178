import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import type { EntityId } from '../graph/ids';
import type { LlmSelector } from './ports';
import { createResolver } from './resolver';
import type { ResolverDeps } from './resolver';
import { resolveResponseSchema } from './schema';

function setup(extra: Partial<ResolverDeps> = {}) {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const graph = new GraphService({ store, ids: sequentialIds(), clock });
  const resolver = createResolver({ store, clock, settings: { networkLookups: false }, ...extra });
  return { store, clock, graph, resolver };
}

/** Records `entities` as one captured page, each entity with a mention evidence row on it. */
async function page(graph: GraphService, url: string, entities: readonly { readonly id: EntityId }[]): Promise<void> {
  for (const e of entities)
    await graph.recordEvidence({ kind: 'mention', entityId: e.id, pageUrl: url, pageTitle: url, snippet: 'mention' });
  await graph.recordPage({ url, title: url, entityIds: entities.map((e) => e.id) });
}

describe('resolver: contract', () => {
  it('fills every response field of the seed and validates against the response schema', async () => {
    const { graph, resolver } = setup();
    const stripe = await graph.createEntity({ name: 'Stripe', type: 'company', attributes: { url: 'https://stripe.com' } });
    const res = await resolver.resolve({ subject: 'Stripe, Inc.', constraints: { deterministic: true } });
    expect(resolveResponseSchema.parse(res)).toEqual(res);
    expect(res.status).toBe('resolved');
    expect(res.entity).toMatchObject({ id: stripe.id, label: 'Stripe', type: 'company', source: 'local', uri: 'https://stripe.com' });
    expect(res.confidence).toBeGreaterThanOrEqual(0.85);
    expect(res.candidates).toEqual([]);
    expect(res.resolution_path.map((s) => s.phase)).toEqual(['normalize', 'retrieve', 'score', 'decide']);
    expect(res.meta.request_id).toMatch(/^res_[0-9a-f]{16}$/);
    expect(res.meta.timestamp).toBe('2026-01-01T00:00:00.000Z');
  });

  it('answers a request without subject with status error and code invalid_arguments', async () => {
    const { resolver } = setup();
    const res = await resolver.resolve({ strategy: { mode: 'ranked' } });
    expect(res.status).toBe('error');
    expect(res.error?.code).toBe('invalid_arguments');
    expect(res.error?.message).toContain('subject');
  });

  it('is deterministic: same state and request give the same response, request_id included', async () => {
    const { graph, resolver } = setup();
    await graph.createEntity({ name: 'Mercury', type: 'location' });
    await graph.createEntity({ name: 'Mercury', type: 'company' });
    const req = { subject: 'Mercury', constraints: { deterministic: true }, debug: { include_explanations: true } };
    const a = await resolver.resolve(req);
    const b = await resolver.resolve(req);
    expect(b).toEqual(a);
    const c = await resolver.resolve({ ...req, constraints: { deterministic: false } });
    const d = await resolver.resolve({ ...req, constraints: { deterministic: false } });
    expect(c.meta.request_id).not.toBe(d.meta.request_id);
  });

  it('adds per-feature scores with debug.include_explanations', async () => {
    const { graph, resolver } = setup();
    const e = await graph.createEntity({ name: 'Patrick Collison', type: 'person' });
    const res = await resolver.resolve({
      subject: 'Patrick Collison',
      hints: { expected_type: 'Person' },
      debug: { include_explanations: true },
    });
    expect(res.explanations?.[0]?.id).toBe(e.id);
    expect(res.explanations?.[0]?.features).toMatchObject({ exact_name: 1, type_match: 1, type_conflict: 0, name_similarity: 1 });
  });

  it('returns candidates with a resolved answer only when debug.include_candidates asks', async () => {
    const { graph, resolver } = setup();
    await graph.createEntity({ name: 'Stripe', type: 'company' });
    await graph.createEntity({ name: 'Stripe Partners', type: 'company' });
    const res = await resolver.resolve({ subject: 'Stripe', debug: { include_candidates: true }, constraints: { max_candidates: 1 } });
    expect(res.status).toBe('resolved');
    expect(res.candidates).toHaveLength(1);
    expect(res.candidates[0]?.label).toBe('Stripe');
  });
});

describe('resolver: decisions', () => {
  it('homonyms of different types are not merged: a typed subject resolves to its type only', async () => {
    const { graph, resolver } = setup();
    const planet = await graph.createEntity({ name: 'Mercury', type: 'location' });
    const bank = await graph.createEntity({ name: 'Mercury', type: 'company' });
    const asCompany = await resolver.resolve({ subject: 'Mercury', hints: { expected_type: 'company' } });
    expect(asCompany.entity?.id).toBe(bank.id);
    const asPlace = await resolver.resolve({ subject: 'Mercury', hints: { expected_type: 'location' } });
    expect(asPlace.entity?.id).toBe(planet.id);
  });

  it('a new homonym of another type is not_found rather than joined to the existing one', async () => {
    const { graph, resolver } = setup();
    await graph.createEntity({ name: 'Mercury', type: 'location' });
    const res = await resolver.resolve({ subject: 'Mercury', hints: { expected_type: 'company' } });
    expect(res.status).toBe('not_found');
  });

  it('reports ambiguity, not a guess, when an untyped name fits two entities (dimension type)', async () => {
    const { graph, resolver } = setup();
    await graph.createEntity({ name: 'Mercury', type: 'location' });
    await graph.createEntity({ name: 'Mercury', type: 'company' });
    const res = await resolver.resolve({ subject: 'Mercury' });
    expect(res.status).toBe('ambiguous');
    expect(res.entity).toBeUndefined();
    expect(res.ambiguity?.dimension).toBe('type');
    expect(res.candidates.map((c) => c.type).sort()).toEqual(['company', 'location']);
  });

  it('below auto_accept_threshold returns the candidate for the user unless told to pick', async () => {
    const { graph, resolver } = setup();
    await graph.createEntity({ name: 'Leicestershire', type: 'other' });
    const low = await resolver.resolve({ subject: 'Leicestershir', strategy: { auto_accept_threshold: 0.99 } });
    expect(low.status).toBe('ambiguous');
    expect(low.ambiguity?.dimension).toBe('confidence');
    const picked = await resolver.resolve({
      subject: 'Leicestershir',
      strategy: { auto_accept_threshold: 0.99, interactive_below_threshold: false },
    });
    expect(picked.status).toBe('resolved');
    expect(picked.entity?.label).toBe('Leicestershire');
  });

  it('finds a misspelt name through the MinHash/LSH keys', async () => {
    const { graph, resolver } = setup();
    await graph.createEntity({ name: 'Leicestershire', type: 'other' });
    const res = await resolver.resolve({ subject: 'Leicestershir', debug: { include_candidates: true } });
    expect(res.candidates[0]?.label).toBe('Leicestershire');
  });

  it('min_confidence drops weak candidates, leaving not_found', async () => {
    const { graph, resolver } = setup();
    await graph.createEntity({ name: 'Phil Simmons', type: 'person' });
    const res = await resolver.resolve({ subject: 'Simmons', constraints: { min_confidence: 0.9 } });
    expect(res.status).toBe('not_found');
  });

  it('an alias resolves to its entity, and hints.aliases help a new spelling', async () => {
    const { graph, resolver } = setup();
    const ibm = await graph.createEntity({ name: 'International Business Machines', type: 'company', aliases: ['IBM'] });
    expect((await resolver.resolve({ subject: 'IBM' })).entity?.id).toBe(ibm.id);
    expect((await resolver.resolve({ subject: 'Big Blue', hints: { aliases: ['IBM'] } })).entity?.id).toBe(ibm.id);
  });

  it('hints.preferred_id breaks a tie between homonyms', async () => {
    const { graph, resolver } = setup();
    await graph.createEntity({ name: 'Mercury', type: 'location' });
    const bank = await graph.createEntity({ name: 'Mercury', type: 'company' });
    const res = await resolver.resolve({ subject: 'Mercury', hints: { preferred_id: bank.id } });
    expect(res.status).toBe('resolved');
    expect(res.entity?.id).toBe(bank.id);
  });

  it('same official domain counts for a match; a different one against it', async () => {
    const { graph, resolver } = setup();
    const a = await graph.createEntity({ name: 'Mercury', type: 'company', attributes: { url: 'https://mercury.com' } });
    await graph.createEntity({ name: 'Mercury', type: 'company', attributes: { url: 'https://mercury-insurance.example' } });
    const res = await resolver.resolve({ subject: 'Mercury' }, { attributes: { url: 'https://www.mercury.com/about' } });
    expect(res.status).toBe('resolved');
    expect(res.entity?.id).toBe(a.id);
  });
});

describe('resolver: page context', () => {
  it('expands a short person name to the unique full name on the same page', async () => {
    const { graph, resolver } = setup();
    const pc = await graph.createEntity({ name: 'Patrick Collison', type: 'person' });
    const res = await resolver.resolve({ subject: 'Collison' }, { pageNames: ['Patrick Collison', 'Stripe'] });
    expect(res.entity?.id).toBe(pc.id);
    expect(res.resolution_path[0]?.note).toContain('short_name');
  });

  it('does not expand a short name that two full names on the page end with', async () => {
    const { graph, resolver } = setup();
    await graph.createEntity({ name: 'Patrick Collison', type: 'person' });
    await graph.createEntity({ name: 'John Collison', type: 'person' });
    const res = await resolver.resolve({ subject: 'Collison' }, { pageNames: ['Patrick Collison', 'John Collison'] });
    expect(res.status).not.toBe('resolved');
  });

  it('expands an acronym when its long form is on the same page', async () => {
    const { graph, resolver } = setup();
    const ibm = await graph.createEntity({ name: 'International Business Machines', type: 'company' });
    const res = await resolver.resolve({ subject: 'IBM' }, { pageNames: ['International Business Machines'] });
    expect(res.entity?.id).toBe(ibm.id);
  });

  it('co-mentioned neighbours pick the right homonym', async () => {
    const { graph, resolver } = setup();
    const planet = await graph.createEntity({ name: 'Mercury', type: 'other' });
    const bank = await graph.createEntity({ name: 'Mercury', type: 'other' });
    const fintech = await graph.createEntity({ name: 'Stripe', type: 'company' });
    const sun = await graph.createEntity({ name: 'Sun', type: 'other' });
    const venus = await graph.createEntity({ name: 'Venus', type: 'other' });
    await graph.relate(bank.id, 'partners_with', fintech.id);
    await graph.relate(planet.id, 'orbits', sun.id);
    await graph.relate(planet.id, 'near', venus.id);
    const res = await resolver.resolve({ subject: 'Mercury' }, { coMentions: ['Sun', 'Venus'] });
    expect(res.entity?.id).toBe(planet.id);
  });
});

describe('resolver: modes', () => {
  async function twoMercuries() {
    const s = setup();
    const planet = await s.graph.createEntity({ name: 'Mercury', type: 'location' });
    const bank = await s.graph.createEntity({ name: 'Mercury', type: 'company' });
    return { ...s, planet, bank };
  }

  it('quick takes the top candidate without an ambiguity check', async () => {
    const { resolver, planet } = await twoMercuries();
    const res = await resolver.resolve({ subject: 'Mercury', strategy: { mode: 'quick' } });
    expect(res.status).toBe('resolved');
    expect(res.entity?.id).toBe(planet.id); // tie broken by id: the older one
  });

  it('interactive always returns the choices, even for a single exact match', async () => {
    const { graph, resolver } = setup();
    await graph.createEntity({ name: 'Stripe', type: 'company' });
    const res = await resolver.resolve({ subject: 'Stripe', strategy: { mode: 'interactive' } });
    expect(res.status).toBe('ambiguous');
    expect(res.candidates).toHaveLength(1);
    expect(res.ambiguity?.reason).toContain('interactive');
  });

  it('llm_select lets the model choose, with a schema-checked answer', async () => {
    const calls: string[][] = [];
    const llm: LlmSelector = {
      name: 'fake-llm',
      async select(_subject, candidates) {
        calls.push(candidates.map((c) => c.type));
        return { candidate_id: candidates.find((c) => c.type === 'company')?.id ?? null };
      },
    };
    const { store, clock, bank } = await twoMercuries();
    const resolver = createResolver({ store, clock, llm, settings: { networkLookups: false } });
    const res = await resolver.resolve({ subject: 'Mercury', strategy: { mode: 'llm_select' } });
    expect(res.status).toBe('resolved');
    expect(res.entity?.id).toBe(bank.id);
    expect(calls).toEqual([['location', 'company']]);
    expect(res.resolution_path.at(-1)).toMatchObject({ phase: 'llm', action: 'selected', source: 'fake-llm' });
  });

  it('an LLM answer naming a candidate it was not offered is rejected', async () => {
    const llm: LlmSelector = { name: 'liar', select: async () => ({ candidate_id: 'e_999999' }) };
    const { store, clock } = await twoMercuries();
    const resolver = createResolver({ store, clock, llm, settings: { networkLookups: false } });
    const res = await resolver.resolve({ subject: 'Mercury', strategy: { mode: 'llm_select' } });
    expect(res.status).toBe('ambiguous');
    expect(res.resolution_path.at(-1)).toMatchObject({ phase: 'llm', action: 'rejected' });
  });

  it('an LLM answer of the wrong shape is rejected', async () => {
    const llm: LlmSelector = { name: 'chatty', select: async () => 'I think it is the bank' };
    const { store, clock } = await twoMercuries();
    const resolver = createResolver({ store, clock, llm, settings: { networkLookups: false } });
    const res = await resolver.resolve({ subject: 'Mercury', strategy: { mode: 'hybrid' } });
    expect(res.status).toBe('ambiguous');
    expect(res.resolution_path.at(-1)?.action).toBe('rejected');
  });

  it('llm_select and hybrid fall back to ranked without an LLM and say so', async () => {
    const { resolver } = await twoMercuries();
    for (const mode of ['llm_select', 'hybrid'] as const) {
      const res = await resolver.resolve({ subject: 'Mercury', strategy: { mode } });
      expect(res.status).toBe('ambiguous');
      expect(res.resolution_path.at(-1)).toMatchObject({ phase: 'llm', action: 'fallback_to_ranked' });
    }
  });

  it('hybrid does not call the LLM when ranking is conclusive', async () => {
    let called = 0;
    const llm: LlmSelector = {
      name: 'counted',
      select: async () => {
        called++;
        return { candidate_id: null };
      },
    };
    const { store, clock, graph } = setup();
    await graph.createEntity({ name: 'Stripe', type: 'company' });
    const resolver = createResolver({ store, clock, llm, settings: { networkLookups: false } });
    const res = await resolver.resolve({ subject: 'Stripe', strategy: { mode: 'hybrid' } });
    expect(res.status).toBe('resolved');
    expect(called).toBe(0);
  });

  it('use_embeddings adds the embedding feature and names the embedder', async () => {
    const { graph, resolver } = setup();
    await graph.createEntity({ name: 'Leicestershire', type: 'other' });
    const res = await resolver.resolve({
      subject: 'Leicestershir',
      strategy: { use_embeddings: true },
      debug: { include_explanations: true },
    });
    expect(res.explanations?.[0]?.features.embedding).toBeGreaterThan(0.3);
    expect(res.resolution_path.find((s) => s.phase === 'score')?.note).toContain('hashed-ngram');
  });
});

describe('resolve tool', () => {
  it('registers (its examples match its schemas) and answers through the registry', async () => {
    const { ToolRegistry } = await import('../tools/registry');
    const { resolveTool } = await import('../tools/definitions/resolve');
    const { graph, resolver } = setup();
    await graph.createEntity({ name: 'Stripe', type: 'company' });
    const registry = new ToolRegistry({ deps: { resolver } });
    registry.register(resolveTool);
    const out = await registry.callSafe('resolve', { subject: 'Stripe, Inc.' }, { caller: { kind: 'test' } });
    expect(out).toMatchObject({ ok: true, result: { status: 'resolved', entity: { label: 'Stripe' } } });
    const bad = await registry.callSafe('resolve', { subject: '' }, { caller: { kind: 'test' } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
  });
});

describe('resolver: variants of one company', () => {
  it('"Stripe", "Stripe, Inc." and "Stripe Payments" are one entity; "Stripe Partners" is not', async () => {
    const { graph, resolver } = setup();
    const stripe = await graph.createEntity({ name: 'Stripe', type: 'company' });
    for (const subject of ['Stripe, Inc.', 'Stripe Payments', 'STRIPE INC']) {
      expect((await resolver.resolve({ subject, hints: { expected_type: 'company' } })).entity?.id).toBe(stripe.id);
    }
    expect((await resolver.resolve({ subject: 'Stripe Partners', hints: { expected_type: 'company' } })).status).not.toBe('resolved');
  });
});

describe('resolver: places and demonyms', () => {
  it('resolves a demonym to its place, but not when the subject is typed as a person', async () => {
    const { graph, resolver } = setup();
    const de = await graph.createEntity({ name: 'Germany', type: 'location' });
    expect((await resolver.resolve({ subject: 'German' })).entity?.id).toBe(de.id);
    expect((await resolver.resolve({ subject: 'German', hints: { expected_type: 'person' } })).status).toBe('not_found');
  });
});

describe('resolver: shared pages as context', () => {
  it('entities that shared pages with the co-mentioned names pick the right homonym (no relationships needed)', async () => {
    const { graph, resolver } = setup();
    const team = await graph.createEntity({ name: 'Chicago', type: 'other' });
    const city = await graph.createEntity({ name: 'Chicago', type: 'other' });
    const [sox, boston, seattle] = await Promise.all(
      ['White Sox', 'Boston', 'Seattle'].map((name) => graph.createEntity({ name, type: 'other' })),
    );
    const [mayor, illinois, council] = await Promise.all(
      ['Richard Daley', 'Illinois', 'City Council'].map((name) => graph.createEntity({ name, type: 'other' })),
    );
    if (!sox || !boston || !seattle || !mayor || !illinois || !council) throw new Error('setup');
    await page(graph, 'https://example.test/scores', [team, sox, boston, seattle]);
    await page(graph, 'https://example.test/politics', [city, mayor, illinois, council]);
    const req = { subject: 'Chicago', debug: { include_explanations: true } };
    const sports = await resolver.resolve(req, { coMentions: ['Boston', 'Seattle', 'White Sox'] });
    expect(sports.entity?.id).toBe(team.id);
    const politics = await resolver.resolve(req, { coMentions: ['Illinois', 'Richard Daley', 'City Council'] });
    expect(politics.entity?.id).toBe(city.id);
    // The other homonym knows its own co-mentions and shares none: the penalty shows.
    expect(politics.explanations?.find((x) => x.id === team.id)?.features).toMatchObject({ co_mentions: 0, co_mentions_known: 1 });
  });

  it('co_mentions_known needs three names on each side: two names sharing nothing are no evidence against', async () => {
    const { graph, resolver } = setup();
    const e = await graph.createEntity({ name: 'Mercury', type: 'other' });
    const venus = await graph.createEntity({ name: 'Venus', type: 'other' });
    await page(graph, 'https://example.test/a', [e, venus]);
    const res = await resolver.resolve(
      { subject: 'Mercury', debug: { include_explanations: true } },
      { coMentions: ['Stripe', 'Visa', 'Adyen'] },
    );
    expect(res.explanations?.[0]?.features).toMatchObject({ co_mentions: 0, co_mentions_known: 0 });
    expect(res.entity?.id).toBe(e.id);
  });
});

describe('resolver: names that only look alike, and types that blur', () => {
  it('two organisations sharing only a leading word are not merged, even with a shared co-mention', async () => {
    const { graph, resolver } = setup();
    const labs = await graph.createEntity({ name: 'Northwind Labs', type: 'company' });
    const ada = await graph.createEntity({ name: 'Ada Quill', type: 'person' });
    await page(graph, 'https://example.test/labs', [labs, ada]);
    const res = await resolver.resolve(
      { subject: 'Northwind Research Group', hints: { expected_type: 'company' }, debug: { include_explanations: true } },
      { coMentions: ['Ada Quill', 'Tern DB'] },
    );
    expect(res.status).not.toBe('resolved');
    // The shared "northwind" no longer lifts the character similarity ("labs" vs "research group").
    const f = res.explanations?.find((x) => x.id === labs.id)?.features;
    expect(f?.name_similarity ?? 0).toBeLessThan(0.2);
  });

  it('one name inside another is the same name only when the rest is initials or kind-of-business words', async () => {
    const { graph, resolver } = setup();
    const apple = await graph.createEntity({ name: 'Apple', type: 'company' });
    const cisco = await graph.createEntity({ name: 'Cisco', type: 'company' });
    const npr = await graph.createEntity({ name: 'NPR', type: 'company' });
    const trump = await graph.createEntity({ name: 'Donald Trump', type: 'person' });
    const sf = await graph.createEntity({ name: 'San Francisco', type: 'location' });
    const same = async (subject: string, type: string) => (await resolver.resolve({ subject, hints: { expected_type: type } })).entity?.id;
    expect(await same('Cisco Systems', 'company')).toBe(cisco.id);
    expect(await same('NPR.org', 'company')).toBe(npr.id);
    expect(await same('Donald J. Trump', 'person')).toBe(trump.id);
    expect(await same('Apple TV', 'company')).not.toBe(apple.id);
    expect(await same('San Francisco Bay', 'location')).not.toBe(sf.id);
  });

  it('near-identical place names are different places; an exact or known name still joins', async () => {
    const { graph, resolver } = setup();
    const tunisia = await graph.createEntity({ name: 'Tunisia', type: 'location' });
    const iraq = await graph.createEntity({ name: 'Iraq', type: 'location', aliases: ['Republic of Iraq'] });
    // Shared context, as on a news page about the region: it must not make up for the name.
    const region = await Promise.all(
      ['Algeria', 'Libya', 'Kais Saied'].map((name) => graph.createEntity({ name, type: name === 'Kais Saied' ? 'person' : 'location' })),
    );
    await page(graph, 'https://example.test/maghreb', [tunisia, iraq, ...region]);
    const context = { coMentions: ['Algeria', 'Libya', 'Kais Saied'] };
    const as = async (subject: string) => (await resolver.resolve({ subject, hints: { expected_type: 'location' } }, context)).entity?.id;
    // Not even a doubtful candidate (with the name's similarity counted it was 0.82, offered for review).
    for (const [subject, place] of [
      ['Tunis', tunisia],
      ['Iran', iraq],
    ] as const) {
      const res = await resolver.resolve(
        { subject, hints: { expected_type: 'location' }, constraints: { min_confidence: 0 }, debug: { include_explanations: true } },
        context,
      );
      const x = res.explanations?.find((e) => e.id === place.id);
      expect(x?.features.name_similarity ?? 0).toBe(0);
      expect(x?.confidence ?? 0).toBeLessThan(0.5);
      expect(await as(subject)).toBeUndefined();
    }
    expect(await as('Tunisia')).toBe(tunisia.id);
    expect(await as('Republic of Iraq')).toBe(iraq.id);
    // Untyped, character similarity still counts for a misspelling.
    const untyped = await resolver.resolve({
      subject: 'Tunisiia',
      constraints: { min_confidence: 0 },
      debug: { include_explanations: true },
    });
    expect(untyped.explanations?.find((x) => x.id === tunisia.id)?.features.name_similarity).toBeGreaterThan(0.5);
  });

  it('a one-letter difference in the distinct word still counts as a variant spelling', async () => {
    const { graph, resolver } = setup();
    const e = await graph.createEntity({ name: 'Northwind Laboratories', type: 'company' });
    const res = await resolver.resolve({
      subject: 'Northwind Laboratoires',
      hints: { expected_type: 'company' },
      debug: { include_explanations: true },
    });
    expect(res.explanations?.find((x) => x.id === e.id)?.features.name_similarity).toBeGreaterThan(0.7);
  });

  it('a one-word product name seen among different names on another page is still that product', async () => {
    const { graph, resolver } = setup();
    const android = await graph.createEntity({ name: 'Android', type: 'product' });
    const others = await Promise.all(['Samsung', 'Galaxy S7', 'Google'].map((name) => graph.createEntity({ name, type: 'company' })));
    await page(graph, 'https://example.test/phone-review', [android, ...others]);
    const res = await resolver.resolve(
      { subject: 'Android', hints: { expected_type: 'product' } },
      { coMentions: ['Firefox', 'Mozilla', 'WebRender'] },
    );
    expect(res.status).toBe('resolved');
    expect(res.entity?.id).toBe(android.id);
  });

  it('technology and product do not conflict (the same thing is typed both ways across pages)', async () => {
    const { graph, resolver } = setup();
    const android = await graph.createEntity({ name: 'Android', type: 'product' });
    const res = await resolver.resolve({
      subject: 'Android',
      hints: { expected_type: 'technology' },
      debug: { include_explanations: true },
    });
    expect(res.entity?.id).toBe(android.id);
    expect(res.explanations?.[0]?.features).toMatchObject({ type_match: 0, type_conflict: 0 });
    // A company and a place still conflict.
    const place = await resolver.resolve({ subject: 'Android', hints: { expected_type: 'location' } });
    expect(place.status).toBe('not_found');
  });

  it('a place inside a longer name on the same page is not that name ("Air France" is not France)', async () => {
    const { graph, resolver } = setup();
    const france = await graph.createEntity({ name: 'France', type: 'other' });
    const res = await resolver.resolve(
      { subject: 'Air France', constraints: { min_confidence: 0 }, debug: { include_explanations: true } },
      { pageNames: ['France', 'Air France'], pageEntityIds: [france.id] },
    );
    expect(res.status).not.toBe('resolved');
    expect(res.explanations?.find((x) => x.id === france.id)?.features).toMatchObject({ page_short_form: 0, same_page: 0 });
    // A surname on the page still joins its person, in either order.
    const shearer = await graph.createEntity({ name: 'Shearer', type: 'other' });
    const full = await resolver.resolve(
      { subject: 'Alan Shearer' },
      { pageNames: ['Shearer', 'Alan Shearer'], pageEntityIds: [shearer.id] },
    );
    expect(full.entity?.id).toBe(shearer.id);
  });

  it('"Mr. Warner" on the page of "Mark Warner" is him, whichever comes first', async () => {
    const { graph, resolver } = setup();
    const mark = await graph.createEntity({ name: 'Mark Warner', type: 'person' });
    const later = await resolver.resolve(
      { subject: 'Mr. Warner', hints: { expected_type: 'person' } },
      { pageNames: ['Mark Warner', 'Mr. Warner'], pageEntityIds: [mark.id] },
    );
    expect(later.entity?.id).toBe(mark.id);
    const { graph: g2, resolver: r2 } = setup();
    const mr = await g2.createEntity({ name: 'Mr. Warner', type: 'person' });
    const full = await r2.resolve(
      { subject: 'Mark Warner', hints: { expected_type: 'person' } },
      { pageNames: ['Mr. Warner', 'Mark Warner'], pageEntityIds: [mr.id] },
    );
    expect(full.entity?.id).toBe(mr.id);
    // A title is not a first name: "Mr. Warner" elsewhere is not "Mark Warner" on its own.
    const { graph: g3, resolver: r3 } = setup();
    await g3.createEntity({ name: 'Mark Warner', type: 'person' });
    expect((await r3.resolve({ subject: 'Mr. Warner', hints: { expected_type: 'person' } })).status).not.toBe('resolved');
  });
});

describe('resolver: names across pages and type ties', () => {
  /** Three names the pages of one match share (team-mates, opponents). */
  const matchNames = ['Sri Lanka', 'Mark Taylor', 'Colombo', 'Glenn McGrath'];

  async function seenOnPage(graph: GraphService, url: string, name: string, type: 'person' | 'other' = 'person') {
    const e = await graph.createEntity({ name, type });
    const others = await Promise.all(matchNames.map((n) => graph.createEntity({ name: n, type: 'other' })));
    await page(graph, url, [e, ...others]);
    return e;
  }

  it('a full name joins the lone surname seen on another page when the pages share names', async () => {
    const { graph, resolver } = setup();
    const healy = await seenOnPage(graph, 'https://example.test/scoreboard', 'Healy');
    const req = { subject: 'Ian Healy', hints: { expected_type: 'person' }, debug: { include_explanations: true } };
    const withContext = await resolver.resolve(req, { coMentions: matchNames });
    expect(withContext.entity?.id).toBe(healy.id);
    expect(withContext.explanations?.[0]?.features).toMatchObject({ surname_context: 1, page_short_form: 0 });
    // Without shared names a surname alone is no evidence: another page, another Healy.
    expect((await resolver.resolve(req, { coMentions: ['Dublin', 'Labour', 'Dail'] })).status).not.toBe('resolved');
  });

  it('…and the other way round: a lone surname joins the full name seen with the same names', async () => {
    const { graph, resolver } = setup();
    const full = await seenOnPage(graph, 'https://example.test/report', 'Ian Healy');
    const res = await resolver.resolve({ subject: 'Healy', hints: { expected_type: 'person' } }, { coMentions: matchNames });
    expect(res.entity?.id).toBe(full.id);
  });

  it('a surname already known with another full name is not a new full name ("Smith" of "Pamela Colman Smith")', async () => {
    const { graph, resolver } = setup();
    const smith = await seenOnPage(graph, 'https://example.test/tarot', 'Smith');
    await graph.addAliases(smith.id, ['Pamela Colman Smith']);
    const res = await resolver.resolve(
      { subject: 'Chris Smith', hints: { expected_type: 'person' }, debug: { include_explanations: true } },
      { coMentions: matchNames },
    );
    expect(res.status).not.toBe('resolved');
    expect(res.explanations?.find((x) => x.id === smith.id)?.features.surname_context ?? 0).toBe(0);
  });

  it('initials stand for the words they begin ("S. Waugh" is "Steve Waugh", not "Mark Waugh")', async () => {
    const { graph, resolver } = setup();
    const steve = await seenOnPage(graph, 'https://example.test/scoreboard', 'S. Waugh');
    const debug = { include_explanations: true };
    const same = await resolver.resolve({ subject: 'Steve Waugh', hints: { expected_type: 'person' }, debug }, { coMentions: matchNames });
    expect(same.entity?.id).toBe(steve.id);
    const other = await resolver.resolve(
      { subject: 'Mark Waugh', hints: { expected_type: 'person' }, debug, constraints: { min_confidence: 0 } },
      { coMentions: matchNames },
    );
    expect(other.status).not.toBe('resolved');
    expect(other.explanations?.find((x) => x.id === steve.id)?.features.name_similarity).toBe(0);
  });

  it('the expected type breaks a tie between close candidates of different types', async () => {
    const { graph, resolver } = setup();
    const place = await graph.createEntity({ name: 'Mercury', type: 'location' });
    await graph.createEntity({ name: 'Mercury', type: 'other' });
    const typed = await resolver.resolve({ subject: 'Mercury', hints: { expected_type: 'location' } });
    expect(typed.status).toBe('resolved');
    expect(typed.entity?.id).toBe(place.id);
    expect(typed.resolution_path.find((s) => s.phase === 'decide')?.note).toContain('differ by type');
    // Untyped, the same two are a question for the user.
    expect((await resolver.resolve({ subject: 'Mercury' })).status).toBe('ambiguous');
  });

  it('an untyped demonym means the place when a same-named team is also known', async () => {
    const { graph, resolver } = setup();
    const country = await graph.createEntity({ name: 'China', type: 'location' });
    await graph.createEntity({ name: 'China', type: 'company' });
    const res = await resolver.resolve({ subject: 'Chinese' });
    expect(res.entity?.id).toBe(country.id);
  });
});

describe('resolver: weights and retrieval bounds', () => {
  it('weight overrides change the confidence and nothing else', async () => {
    const base = setup();
    await base.graph.createEntity({ name: 'Stripe', type: 'company' });
    const strict = createResolver({
      store: base.store,
      clock: base.clock,
      settings: { networkLookups: false },
      weights: { exact_name: -20 },
    });
    const req = { subject: 'Stripe', constraints: { min_confidence: 0 }, debug: { include_candidates: true } };
    const a = await base.resolver.resolve(req);
    const b = await strict.resolve(req);
    expect(a.status).toBe('resolved');
    expect(b.status).not.toBe('resolved');
    expect(b.candidates.map((c) => c.id)).toEqual(a.candidates.map((c) => c.id));
  });

  it('a typo found by signature keys does not ask word keys (the cold-cache tail of common words)', async () => {
    const { graph, resolver } = setup();
    const e = await graph.createEntity({ name: 'Leicestershire County Cricket', type: 'company' });
    const res = await resolver.resolve({ subject: 'Leicestershire County Crickt', debug: { include_candidates: true } });
    expect(res.candidates.map((c) => c.id).concat(res.entity ? [res.entity.id] : [])).toContain(e.id);
    expect(res.resolution_path.find((s) => s.phase === 'retrieve')?.note).toContain('near-duplicate by signature');
  });

  it('an unknown name with no near-duplicate still asks word keys (short forms are found)', async () => {
    const { graph, resolver } = setup();
    const e = await graph.createEntity({ name: 'Phil Simmons', type: 'person' });
    const res = await resolver.resolve({ subject: 'Simmons', constraints: { min_confidence: 0 }, debug: { include_candidates: true } });
    expect(res.resolution_path.find((s) => s.phase === 'retrieve')?.note).not.toContain('near-duplicate');
    expect([...res.candidates.map((c) => c.id), ...(res.entity ? [res.entity.id] : [])]).toContain(e.id);
  });
});
