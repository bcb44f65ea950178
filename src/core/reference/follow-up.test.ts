// The query loop's use of references: rewritten questions, target entities, merge
// proposals for confirmation, and asking instead of guessing.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../graph/ids';
import type { EntityId } from '../graph/ids';
import { planReferenceFollowUp } from './follow-up';
import type { FollowUpInput } from './follow-up';
import { ReferenceRegistry } from './registry';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 1, 12);
const ago = (m: number) => T0 - m * MIN;
const eid = (raw: string) => raw as EntityId;

function setup() {
  const registry = new ReferenceRegistry({ clock: fixedClock(T0) });
  const plan = (question: string, extra: Partial<FollowUpInput> = {}) =>
    planReferenceFollowUp({ question, chatId: 'w1', topicId: 't1', currentMessageId: 'm_now', senderUserId: 'u1', ...extra }, (r) =>
      registry.resolve(r),
    );
  return { registry, plan };
}

function stripePage(registry: ReferenceRegistry) {
  registry.recordCapture({
    chatId: 'w1',
    topicId: 't1',
    url: 'https://encyclopedia.example/wiki/Stripe',
    title: 'Stripe, Inc. - Wikipedia',
    kind: 'article',
    entities: [
      { entityId: eid('e_stripe'), type: 'company', name: 'Stripe', salience: 0.9 },
      { entityId: eid('e_visa'), type: 'company', name: 'Visa', salience: 0.2 },
    ],
    at: ago(1),
  });
}

describe('planReferenceFollowUp', () => {
  it('"who founded this company?" on Stripe\'s page is a question about Stripe', () => {
    const { registry, plan } = setup();
    stripePage(registry);
    const out = plan('who founded this company?');
    expect(out).toMatchObject({ kind: 'entity', entityId: 'e_stripe', question: 'who founded Stripe?' });
  });

  it.each([
    ['кто основал эту компанию?', 'ru', 'кто основал Stripe?'],
    ['Wer hat diese Firma gegründet?', 'de', 'Wer hat Stripe gegründet?'],
    ['qui a fondé cette entreprise ?', 'fr', 'qui a fondé Stripe ?'],
    ['¿quién fundó esta empresa?', 'es', '¿quién fundó Stripe?'],
  ])('works the same in other languages: %s', (question, lang, rewritten) => {
    const { registry, plan } = setup();
    stripePage(registry);
    expect(plan(question, { lang })).toMatchObject({ kind: 'entity', entityId: 'e_stripe', question: rewritten });
  });

  it('a question without a reference is left unchanged and resolves nothing', () => {
    const { registry, plan } = setup();
    stripePage(registry);
    expect(plan('who founded Stripe?')).toEqual({ kind: 'unchanged', question: 'who founded Stripe?' });
  });

  it('a reference to a page keeps the words and adds the page title', () => {
    const { registry, plan } = setup();
    stripePage(registry);
    const out = plan('summarize this page');
    expect(out).toMatchObject({ kind: 'object', question: 'summarize this page (“Stripe, Inc. - Wikipedia”)' });
    expect(out.kind === 'object' && out.target.kind).toBe('article');
  });

  it('"merge it with the previous one" proposes merging the open card with the one before, for confirmation', () => {
    const { registry, plan } = setup();
    registry.recordEntityTouch({ chatId: 'w1', topicId: 't1', entityId: eid('e_acme_1'), type: 'company', name: 'ACME Corp', at: ago(3) });
    registry.recordEntityTouch({ chatId: 'w1', topicId: 't1', entityId: eid('e_acme_2'), type: 'company', name: 'Acme', at: ago(1) });
    expect(plan('merge it with the previous one')).toEqual({
      kind: 'merge_proposal',
      a: { entityId: 'e_acme_2', label: 'Acme' },
      b: { entityId: 'e_acme_1', label: 'ACME Corp' },
      needsConfirmation: true,
      question: 'merge it with the previous one',
    });
    expect(plan('объедини это с предыдущим', { lang: 'ru' })).toMatchObject({
      kind: 'merge_proposal',
      a: { entityId: 'e_acme_2' },
      b: { entityId: 'e_acme_1' },
    });
    expect(plan('fusiona esto con el anterior', { lang: 'es' })).toMatchObject({
      kind: 'merge_proposal',
      a: { entityId: 'e_acme_2' },
      b: { entityId: 'e_acme_1' },
    });
  });

  it('a merge with only one entity around proposes nothing', () => {
    const { registry, plan } = setup();
    registry.recordEntityTouch({ chatId: 'w1', topicId: 't1', entityId: eid('e_1'), type: 'company', name: 'Acme', at: ago(1) });
    expect(plan('merge it with the previous one').kind).toBe('not_found');
  });

  it('two equally likely companies make it ask instead of guessing', () => {
    const { registry, plan } = setup();
    registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'e_a', kind: 'entity.company', label: 'A', at: ago(1) });
    registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'e_b', kind: 'entity.company', label: 'B', at: ago(1) });
    const out = plan('who founded this company?');
    expect(out.kind).toBe('choose');
    expect(out.kind === 'choose' && out.resolution.candidates.map((c) => c.object_id)).toEqual(['e_a', 'e_b']);
  });

  it('nothing to refer to is reported, not invented', () => {
    const { plan } = setup();
    expect(plan('who founded this company?').kind).toBe('not_found');
  });

  it('a reply with no reference words still resolves the replied-to answer', () => {
    const { registry, plan } = setup();
    registry.recordAnswer({ chatId: 'w1', topicId: 't1', messageId: 'm5', label: 'Stripe was founded in 2010', at: ago(2) });
    const out = plan('sources?', { replyToMessageId: 'm5' });
    expect(out).toMatchObject({ kind: 'object', target: { object_id: 'm5', kind: 'bot_message' }, question: 'sources?' });
  });
});
