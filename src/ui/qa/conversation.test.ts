// The panel's conversation memory feeds resolve_reference_target: the page on screen,
// opened entity cards and answers make "this company" and "the previous one" resolvable.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/graph/ids';
import { Conversation } from './conversation';

const place = { chatId: 'w1', topicId: 't1' };

describe('Conversation', () => {
  it('"who founded this company?" on Stripe\'s page becomes a question about Stripe', () => {
    const c = new Conversation(fixedClock());
    c.notePage(place, {
      url: 'https://example.test/stripe',
      title: 'Stripe',
      entities: [
        { id: 'e_stripe', name: 'Stripe', type: 'company' },
        { id: 'e_rust', name: 'Rust', type: 'technology' },
      ],
    });
    c.userMessage(place, 'm1', 'who founded this company?');
    expect(c.plan(place, 'who founded this company?', 'm1')).toMatchObject({
      kind: 'entity',
      entityId: 'e_stripe',
      question: 'who founded Stripe?',
    });
  });

  it('"merge it with the previous one" after opening two cards proposes that merge, for confirmation', () => {
    const clock = fixedClock();
    const c = new Conversation(clock);
    c.noteEntity(place, { id: 'e_acme1', name: 'ACME Corp', type: 'company' });
    clock.advance(60_000);
    c.noteEntity(place, { id: 'e_acme2', name: 'Acme', type: 'company' });
    clock.advance(60_000);
    c.userMessage(place, 'm1', 'merge it with the previous one');
    expect(c.plan(place, 'merge it with the previous one', 'm1')).toMatchObject({
      kind: 'merge_proposal',
      a: { entityId: 'e_acme2' },
      b: { entityId: 'e_acme1' },
      needsConfirmation: true,
    });
  });

  it('a question with no reference is left as it is', () => {
    const c = new Conversation(fixedClock());
    c.userMessage(place, 'm1', 'which companies use Rust?');
    expect(c.plan(place, 'which companies use Rust?', 'm1')).toEqual({ kind: 'unchanged', question: 'which companies use Rust?' });
  });

  it('"list the companies" on a page about a company is about the graph, not that company', () => {
    const c = new Conversation(fixedClock());
    c.notePage(place, {
      url: 'https://example.test/stripe',
      title: 'Stripe',
      entities: [{ id: 'e_stripe', name: 'Stripe', type: 'company' }],
    });
    for (const q of ['list the companies', 'What did I read today?', 'what did I capture from this page?', 'show me the people']) {
      c.userMessage(place, 'm1', q);
      expect(c.plan(place, q, 'm1')).toEqual({ kind: 'unchanged', question: q });
    }
  });

  it('a reply to an answer about Stripe resolves "it" to the answer\'s subject', () => {
    const clock = fixedClock();
    const c = new Conversation(clock);
    c.userMessage(place, 'm1', 'what do we know about Stripe?');
    c.answer(place, 'a1', 'Stripe is a company…', 'm1', [
      { id: 'e_stripe', name: 'Stripe', type: 'company' },
      { id: 'e_rust', name: 'Rust', type: 'technology' },
    ]);
    clock.advance(10_000);
    c.userMessage(place, 'm2', 'who founded this company?', 'a1');
    expect(c.plan(place, 'who founded this company?', 'm2', 'a1')).toMatchObject({ kind: 'entity', entityId: 'e_stripe' });
  });
});
