// entity_query keeps its reference response shape (entities with attributes and
// relationships, and an answer) and adds confidence, sources and follow-ups.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../graph/ids';
import { answerQuestion, createQueryEngine } from './entity-query';
import { buildStripeGraph, FIXTURE_NOW } from './fixtures/stripe-graph';

describe('answerQuestion (entity_query)', () => {
  it('answers the reference example in the reference shape', async () => {
    const { store } = await buildStripeGraph();
    const engine = createQueryEngine({ store, clock: fixedClock(FIXTURE_NOW) });
    const result = await answerQuestion('what do we know about Stripe?', { engine, store });
    expect(result.entities).toHaveLength(1);
    expect(result.entities[0]).toMatchObject({
      name: 'Stripe',
      entity_type: 'company',
      attributes: { founded: '2010', headquarters: 'San Francisco', industry: 'payments', url: 'https://stripe.com' },
    });
    expect(result.entities[0]?.relationships).toEqual(
      expect.arrayContaining([
        { to: 'Rust', relationship: 'uses' },
        { to: 'Paystack', relationship: 'acquired' },
        { to: 'Patrick Collison', relationship: 'employs' },
        { to: 'Square', relationship: 'competes_with' },
      ]),
    );
    expect(result.answer).toContain('Stripe is a payments company founded in 2010');
    expect(result.confidence).toBe('high');
    expect(result.follow_ups.length).toBeGreaterThan(0);
    expect((await engine.getRecentQueries({ limit: 1 }))[0]).toMatchObject({
      id: result.query_id,
      status: 'completed',
      answerer: 'symbolic',
    });
  });

  it('answers "which companies use Rust?" with the companies as entities', async () => {
    const { store } = await buildStripeGraph();
    const engine = createQueryEngine({ store, clock: fixedClock(FIXTURE_NOW) });
    const result = await answerQuestion('which companies use Rust?', { engine, store });
    expect(result.entities.map((e) => e.name)).toEqual(['Stripe', 'Cloudflare', 'Rust']);
    expect(result.answer).toBe('2 companies use Rust: Stripe and Cloudflare.');
  });

  it('records a failed query in history with its error', async () => {
    const { store } = await buildStripeGraph();
    const engine = createQueryEngine({ store, clock: fixedClock(FIXTURE_NOW) });
    await expect(answerQuestion('   ', { engine, store })).rejects.toMatchObject({ code: 'invalid_arguments' });
  });
});
