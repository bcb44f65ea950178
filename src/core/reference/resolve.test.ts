// The PRD's test list and edge cases for resolve_reference_target, run against a real
// ReferenceRegistry with a frozen clock.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../graph/ids';
import type { EntityId } from '../graph/ids';
import type { ReferenceLogRecord } from './log';
import { ReferenceRegistry } from './registry';
import type { ResolveReferenceRequest } from './schema';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 1, 12);

function setup() {
  const clock = fixedClock(T0);
  const registry = new ReferenceRegistry({ clock });
  const ask = (extra: Partial<ResolveReferenceRequest> = {}) =>
    registry.resolve({
      chat_id: 'w1',
      topic_id: 't1',
      current_message_id: 'm_now',
      sender_user_id: 'u1',
      raw_user_text: 'ignored by the tool',
      ...extra,
    });
  return { clock, registry, ask };
}
const ago = (minutes: number) => T0 - minutes * MIN;
const eid = (raw: string) => raw as EntityId;

describe('resolve_reference_target: exact reply target', () => {
  it('resolves the message the user replied to over a fresher active page', () => {
    const { registry, ask } = setup();
    registry.recordMessage({ chatId: 'w1', topicId: 't1', messageId: 'm1', author: { kind: 'user', userId: 'u1' }, at: ago(6) });
    registry.recordAnswer({
      chatId: 'w1',
      topicId: 't1',
      messageId: 'm2',
      replyToMessageId: 'm1',
      label: 'Stripe was founded by…',
      at: ago(5),
    });
    registry.recordCapture({ chatId: 'w1', topicId: 't1', url: 'https://example.com/a', title: 'A page', kind: 'article', at: ago(1) });
    const out = ask({ reply_to_message_id: 'm2' });
    expect(out.status).toBe('resolved');
    expect(out.best_match?.object_id).toBe('m2');
    expect(out.best_match?.kind).toBe('bot_message');
    expect(out.scope_used).toBe('reply_chain');
    expect(out.reasons).toContain('exact_reply_target');
  });

  it('prefers the typed object a replied-to message carries over the message itself', () => {
    const { registry, ask } = setup();
    registry.recordAnswer({ chatId: 'w1', topicId: 't1', messageId: 'm2', summary: true, label: 'Summary of the page', at: ago(2) });
    const out = ask({ reply_to_message_id: 'm2' });
    expect(out.status).toBe('resolved');
    expect(out.best_match?.object_id).toBe('m2.summary');
    expect(out.best_match?.kind).toBe('summary');
  });

  it('follows the reply chain above the exact target with a smaller weight', () => {
    const { registry, ask } = setup();
    registry.recordMessage({ chatId: 'w1', topicId: 't2', messageId: 'm1', author: { kind: 'user', userId: 'u1' }, at: ago(8) });
    registry.recordAnswer({ chatId: 'w1', topicId: 't2', messageId: 'm2', replyToMessageId: 'm1', at: ago(7) });
    registry.recordMessage({
      chatId: 'w1',
      topicId: 't2',
      messageId: 'm3',
      author: { kind: 'user', userId: 'u1' },
      replyToMessageId: 'm2',
      at: ago(6),
    });
    const out = ask({ reply_to_message_id: 'm3', normalized_reference_hints: { target_kind_hint: 'answer' } });
    expect(out.status).toBe('resolved');
    expect(out.best_match?.object_id).toBe('m2');
    expect(out.reasons).toEqual(expect.arrayContaining(['reply_chain', 'kind_match']));
  });
});

describe('resolve_reference_target: same topic vs other topic', () => {
  it('prefers the object of the current tab over a fresher one in another tab', () => {
    const { registry, ask } = setup();
    registry.recordCapture({
      chatId: 'w1',
      topicId: 't1',
      url: 'https://a.example/',
      title: 'Page in this tab',
      kind: 'article',
      at: ago(12),
    });
    registry.recordCapture({
      chatId: 'w1',
      topicId: 't2',
      url: 'https://b.example/',
      title: 'Page in another tab',
      kind: 'article',
      at: ago(0),
    });
    const out = ask({ normalized_reference_hints: { target_kind_hint: 'article' } });
    expect(out.status).toBe('resolved');
    expect(out.best_match?.title_or_label).toBe('Page in this tab');
    expect(out.scope_used).toBe('topic');
    expect(out.reasons).toEqual(expect.arrayContaining(['same_topic', 'kind_match', 'currently_active']));
  });

  it('falls back to the chat with a penalty when the topic has nothing of the kind', () => {
    const { registry, ask } = setup();
    registry.recordObject({ chatId: 'w1', topicId: 't2', objectId: 'poll1', kind: 'poll', label: 'Lunch?', at: ago(1) });
    const out = ask({ normalized_reference_hints: { target_kind_hint: 'poll' } });
    expect(out.status).toBe('resolved');
    expect(out.best_match?.object_id).toBe('poll1');
    expect(out.scope_used).toBe('chat');
    expect(out.reasons).toContain('weak_scope_fallback');
  });

  it('never looks into another chat, even for the exact reply id', () => {
    const { registry, ask } = setup();
    registry.recordMessage({ chatId: 'w2', topicId: 't1', messageId: 'm9', author: { kind: 'user', userId: 'u1' }, at: ago(1) });
    registry.recordObject({ chatId: 'w2', topicId: 't1', objectId: 'poll9', kind: 'poll', at: ago(1) });
    const out = ask({ reply_to_message_id: 'm9', normalized_reference_hints: { target_kind_hint: 'poll' } });
    expect(out.status).toBe('not_found');
    expect(out.reasons).toEqual(['no_candidates', 'reply_target_missing']);
    expect(out.diagnostics?.pool_size).toBe(0);
  });
});

describe('resolve_reference_target: kind filtering', () => {
  function mixed() {
    const s = setup();
    const at = ago(1);
    s.registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'poll1', kind: 'poll', at });
    s.registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'rem1', kind: 'reminder', createdByBot: true, at });
    s.registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'img1', kind: 'media.image', at });
    s.registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'vid1', kind: 'media.video', at });
    return s;
  }
  it.each([
    [['poll'] as const, 'poll1'],
    [['reminder'] as const, 'rem1'],
    [['media.image'] as const, 'img1'],
    [['media.video', 'media.voice'] as const, 'vid1'],
  ])('allowed_kinds %j keeps only %s', (kinds, expected) => {
    const out = mixed().ask({ allowed_kinds: [...kinds] });
    expect(out.status).toBe('resolved');
    expect(out.best_match?.object_id).toBe(expected);
    expect(out.candidates.map((c) => c.object_id)).toEqual([expected]);
    expect(out.diagnostics?.after_filter).toBe(1);
  });

  it.each([
    ['poll', 'poll1'],
    ['reminder', 'rem1'],
    ['image', 'img1'],
    ['video', 'vid1'],
  ] as const)('target_kind_hint %s picks %s among same-age objects', (hint, expected) => {
    const out = mixed().ask({ normalized_reference_hints: { target_kind_hint: hint } });
    expect(out.status).toBe('resolved');
    expect(out.best_match?.object_id).toBe(expected);
    expect(out.reasons).toContain('kind_match');
  });

  it('without a kind hint, four same-age objects are ambiguous, not a guess', () => {
    const out = mixed().ask();
    expect(out.status).toBe('ambiguous');
    expect(out.best_match).toBeNull();
    expect(out.candidates).toHaveLength(3);
  });

  it('allowed_kinds that match nothing give not_found', () => {
    const out = mixed().ask({ allowed_kinds: ['media.pdf'] });
    expect(out.status).toBe('not_found');
    expect(out.reasons).toEqual(['no_candidates']);
    expect(out.diagnostics).toMatchObject({ pool_size: 4, after_filter: 0 });
  });
});

describe('resolve_reference_target: sender ownership', () => {
  it('"my reminder" prefers the sender\'s older reminder over another user\'s newer one', () => {
    const { registry, ask } = setup();
    registry.recordObject({
      chatId: 'w1',
      topicId: 't1',
      objectId: 'rem_a',
      kind: 'reminder',
      createdByUserId: 'u1',
      createdByBot: true,
      at: ago(20),
    });
    registry.recordObject({
      chatId: 'w1',
      topicId: 't1',
      objectId: 'rem_b',
      kind: 'reminder',
      createdByUserId: 'u2',
      createdByBot: true,
      at: ago(2),
    });
    const mine = ask({ normalized_reference_hints: { target_kind_hint: 'reminder', ownership_hint: 'mine' } });
    expect(mine.status).toBe('resolved');
    expect(mine.best_match?.object_id).toBe('rem_a');
    expect(mine.reasons).toContain('owned_by_sender');
    const theirs = ask({ sender_user_id: 'u2', normalized_reference_hints: { target_kind_hint: 'reminder', ownership_hint: 'mine' } });
    expect(theirs.best_match?.object_id).toBe('rem_b');
  });

  it('"bot_created" prefers what the bot made', () => {
    const { registry, ask } = setup();
    registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'poll_u', kind: 'poll', createdByUserId: 'u1', at: ago(1) });
    registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'poll_b', kind: 'poll', createdByBot: true, at: ago(3) });
    const out = ask({ normalized_reference_hints: { target_kind_hint: 'poll', ownership_hint: 'bot_created' } });
    expect(out.best_match?.object_id).toBe('poll_b');
    expect(out.reasons).toContain('bot_created');
  });
});

describe('resolve_reference_target: ambiguity instead of a bad guess', () => {
  it('two companies on the page, neither on screen: ambiguous with both listed', () => {
    const { registry, ask } = setup();
    registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'e_stripe', kind: 'entity.company', label: 'Stripe', at: ago(1) });
    registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'e_visa', kind: 'entity.company', label: 'Visa', at: ago(1) });
    const out = ask({ normalized_reference_hints: { target_kind_hint: 'company', recency_hint: 'currently_active' } });
    expect(out.status).toBe('ambiguous');
    expect(out.best_match).toBeNull();
    expect(out.candidates.map((c) => c.object_id)).toEqual(['e_stripe', 'e_visa']);
    expect(out.reasons).toEqual(expect.arrayContaining(['near_equal_scores', 'kind_match', 'same_topic']));
    expect(out.confidence).toBeLessThan(0.6);
  });

  it('lists two candidates even when max_candidates is 1', () => {
    const { registry, ask } = setup();
    registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'img1', kind: 'media.image', at: ago(1) });
    registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'img2', kind: 'media.image', at: ago(1) });
    const out = ask({ max_candidates: 1 });
    expect(out.status).toBe('ambiguous');
    expect(out.candidates).toHaveLength(2);
  });

  it('the same pair with a "latest" hint resolves to the newer one', () => {
    const { registry, ask } = setup();
    registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'img1', kind: 'media.image', at: ago(2) });
    registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'img2', kind: 'media.image', at: ago(1) });
    expect(ask().status).toBe('ambiguous');
    const out = ask({ normalized_reference_hints: { recency_hint: 'latest', target_kind_hint: 'image' } });
    expect(out.status).toBe('resolved');
    expect(out.best_match?.object_id).toBe('img2');
    expect(out.reasons).toContain('position_match');
  });
});

describe('resolve_reference_target: stale candidates', () => {
  it('deprioritizes a stale object below a fresh one of the same kind', () => {
    const { registry, ask } = setup();
    registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'doc_old', kind: 'media.document', at: ago(45) });
    registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'doc_new', kind: 'media.document', at: ago(4) });
    const out = ask({ normalized_reference_hints: { target_kind_hint: 'file' } });
    expect(out.status).toBe('resolved');
    expect(out.best_match?.object_id).toBe('doc_new');
    expect(out.candidates.find((c) => c.object_id === 'doc_old')?.score ?? 0).toBeLessThan(out.candidates[0]?.score ?? 0);
  });

  it('a stale object alone with no hint is not found rather than guessed', () => {
    const { registry, ask } = setup();
    registry.recordObject({ chatId: 'w1', topicId: 't2', objectId: 'doc_old', kind: 'media.document', at: ago(50) });
    const out = ask();
    expect(out.status).toBe('not_found');
    expect(out.reasons).toEqual(['below_threshold']);
  });

  it('an object on screen is never stale', () => {
    const { registry, ask } = setup();
    registry.recordCapture({ chatId: 'w1', topicId: 't1', url: 'https://long.read/', title: 'Long read', kind: 'article', at: ago(50) });
    const out = ask();
    expect(out.status).toBe('resolved');
    expect(out.reasons).not.toContain('stale_penalty');
    expect(out.reasons).toContain('currently_active');
  });

  it('an expired typed object is gone, and its source message is offered instead of the typed kind', () => {
    const { registry, ask } = setup();
    registry.recordMessage({ chatId: 'w1', topicId: 't1', messageId: 'm1', author: { kind: 'user', userId: 'u1' }, at: ago(200) });
    registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'poll1', kind: 'poll', sourceMessageId: 'm1', at: ago(200) });
    registry.recordMessage({ chatId: 'w1', topicId: 't1', messageId: 'm_now', author: { kind: 'user', userId: 'u1' }, at: T0 });
    const out = ask({ normalized_reference_hints: { target_kind_hint: 'poll' } });
    expect(out.status).toBe('resolved');
    expect(out.best_match?.object_id).toBe('m1');
    expect(out.best_match?.kind).toBe('message');
    expect(out.reasons).toContain('expired_object_source');
    expect(out.candidates.some((c) => c.kind === 'poll')).toBe(false);
  });
});

describe('resolve_reference_target: missing hints and sparse state', () => {
  it('no hints and no reply: the active page of this tab wins by scope, activity and recency', () => {
    const { registry, ask } = setup();
    registry.recordAnswer({ chatId: 'w1', topicId: 't1', messageId: 'm1', at: ago(9) });
    registry.recordCapture({ chatId: 'w1', topicId: 't1', url: 'https://now.example/', title: 'Now', kind: 'link', at: ago(1) });
    registry.recordCapture({ chatId: 'w1', topicId: 't3', url: 'https://other.example/', title: 'Other', kind: 'article', at: ago(0) });
    const out = ask();
    expect(out.status).toBe('resolved');
    expect(out.best_match?.title_or_label).toBe('Now');
    expect(out.reasons).toEqual(['same_topic', 'recent_object', 'currently_active']);
  });

  it('an empty registry gives not_found without throwing', () => {
    const { ask } = setup();
    const out = ask({ reply_to_message_id: 'm1', normalized_reference_hints: { positional_hint: 'previous', ordinal_hint: 'second' } });
    expect(out).toMatchObject({ status: 'not_found', best_match: null, candidates: [], confidence: 0, scope_used: 'chat' });
  });

  it('a chat without topics works in chat-only mode', () => {
    const { registry, ask } = setup();
    registry.recordObject({ chatId: 'w1', objectId: 'link1', kind: 'link', at: ago(40) });
    registry.recordObject({ chatId: 'w1', objectId: 'link2', kind: 'link', at: ago(3) });
    const out = ask({ topic_id: undefined, normalized_reference_hints: { target_kind_hint: 'link' } });
    expect(out.status).toBe('resolved');
    expect(out.best_match?.object_id).toBe('link2');
    expect(out.scope_used).toBe('chat');
    expect(out.reasons).toContain('chat_scope');
    expect(out.reasons).not.toContain('weak_scope_fallback');
    // A topic id on the request changes nothing when nothing in the chat has topics.
    expect(ask({ topic_id: 't9', normalized_reference_hints: { target_kind_hint: 'link' } }).best_match?.object_id).toBe('link2');
  });

  it('never returns the current message itself', () => {
    const { registry, ask } = setup();
    registry.recordMessage({ chatId: 'w1', topicId: 't1', messageId: 'm_now', author: { kind: 'user', userId: 'u1' }, at: T0 });
    expect(ask().status).toBe('not_found');
  });
});

describe('resolve_reference_target: reply of the wrong kind', () => {
  it('keeps the reply as a candidate but lets a typed object of the asked kind win', () => {
    const { registry, ask } = setup();
    registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'img1', kind: 'media.image', at: ago(5) });
    registry.recordMessage({ chatId: 'w1', topicId: 't1', messageId: 'm1', author: { kind: 'user', userId: 'u2' }, at: ago(1) });
    const out = ask({ reply_to_message_id: 'm1', normalized_reference_hints: { target_kind_hint: 'image' } });
    expect(out.status).toBe('resolved');
    expect(out.best_match?.object_id).toBe('img1');
    expect(out.candidates.map((c) => c.object_id)).toContain('m1');
  });
});

describe('resolve_reference_target: positional and ordinal hints', () => {
  function threeImages() {
    const s = setup();
    s.registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'img_a', kind: 'media.image', at: ago(3) });
    s.registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'img_b', kind: 'media.image', at: ago(2) });
    s.registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'img_c', kind: 'media.image', at: ago(1) });
    return s;
  }
  it.each([
    [{ ordinal_hint: 'first' }, 'img_a'],
    [{ ordinal_hint: 'second' }, 'img_b'],
    [{ ordinal_hint: 'last' }, 'img_c'],
    [{ positional_hint: 'latest' }, 'img_c'],
    [{ positional_hint: 'previous' }, 'img_b'],
    [{ positional_hint: 'above' }, 'img_c'],
    [{ positional_hint: 'current_topic_recent' }, 'img_c'],
  ] as const)('%j picks %s', (hints, expected) => {
    const out = threeImages().ask({ normalized_reference_hints: { target_kind_hint: 'image', ...hints } });
    expect(out.status).toBe('resolved');
    expect(out.best_match?.object_id).toBe(expected);
  });

  it('"previous" is relative to the active object when there is one', () => {
    const { registry, ask } = threeImages();
    registry.setActive('w1', 't1', ['img_b']);
    const out = ask({ normalized_reference_hints: { target_kind_hint: 'image', positional_hint: 'previous' } });
    expect(out.best_match?.object_id).toBe('img_a');
  });
});

describe('resolve_reference_target: multilingual callers', () => {
  it('gives the same answer to every language because only normalized hints are read', () => {
    const texts = ['my last poll', 'моё последнее голосование', 'meine letzte Umfrage', 'mon dernier sondage', 'mi última encuesta'];
    const outputs = texts.map((raw_user_text) => {
      const { registry, ask } = setup();
      registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'poll_1', kind: 'poll', createdByUserId: 'u1', at: ago(9) });
      registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'poll_2', kind: 'poll', createdByUserId: 'u1', at: ago(4) });
      registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'poll_3', kind: 'poll', createdByUserId: 'u2', at: ago(1) });
      return ask({ raw_user_text, normalized_reference_hints: { target_kind_hint: 'poll', ordinal_hint: 'last', ownership_hint: 'mine' } });
    });
    expect(outputs[0]?.best_match?.object_id).toBe('poll_2');
    for (const out of outputs) expect(out).toEqual(outputs[0]);
  });
});

describe('resolve_reference_target: entities and UI touches', () => {
  it('"this company" on a company page resolves the page\'s subject', () => {
    const { registry, ask } = setup();
    registry.recordCapture({
      chatId: 'w1',
      topicId: 't1',
      url: 'https://encyclopedia.example/wiki/Stripe',
      title: 'Stripe, Inc. - Wikipedia',
      kind: 'article',
      entities: [
        { entityId: eid('e_visa'), type: 'company', name: 'Visa', salience: 0.3 },
        { entityId: eid('e_stripe'), type: 'company', name: 'Stripe', salience: 0.9 },
        { entityId: eid('e_collison'), type: 'person', name: 'Patrick Collison', salience: 0.6 },
      ],
      at: ago(1),
    });
    const out = ask({ normalized_reference_hints: { target_kind_hint: 'company', recency_hint: 'currently_active' } });
    expect(out.status).toBe('resolved');
    expect(out.best_match).toMatchObject({ object_id: 'e_stripe', kind: 'entity.company', title_or_label: 'Stripe' });
  });

  it('an entity card the user opened is the referent of "this" over the page', () => {
    const { registry, ask } = setup();
    registry.recordCapture({ chatId: 'w1', topicId: 't1', url: 'https://x.example/', title: 'X', kind: 'article', at: ago(3) });
    registry.recordEntityTouch({ chatId: 'w1', topicId: 't1', entityId: eid('e_1'), type: 'person', name: 'Ada Lovelace', at: ago(1) });
    const out = ask({ normalized_reference_hints: { recency_hint: 'currently_active', target_kind_hint: 'entity' } });
    expect(out.best_match?.object_id).toBe('e_1');
    expect(out.reasons).toEqual(expect.arrayContaining(['previously_touched', 'currently_active']));
  });
});

describe('resolve_reference_target: input validation and logging', () => {
  it('rejects malformed requests with invalid_arguments', () => {
    const { registry } = setup();
    const bad = [
      {},
      { chat_id: 'w 1', current_message_id: 'm', sender_user_id: 'u', raw_user_text: '' },
      { chat_id: 'w1', current_message_id: 'm', sender_user_id: 'u', raw_user_text: '', max_candidates: 9 },
      {
        chat_id: 'w1',
        current_message_id: 'm',
        sender_user_id: 'u',
        raw_user_text: '',
        normalized_reference_hints: { target_kind_hint: 'spaceship' },
      },
      { chat_id: 'w1', current_message_id: 'm', sender_user_id: 'u', raw_user_text: 'x'.repeat(5000) },
    ];
    for (const request of bad) expect(() => registry.resolve(request)).toThrow(expect.objectContaining({ code: 'invalid_arguments' }));
  });

  it('logs one compact line with ids, counts, status, top ids and gap, never the user text', () => {
    const { registry } = setup();
    registry.recordObject({ chatId: 'w1', topicId: 't1', objectId: 'poll1', kind: 'poll', at: ago(1) });
    const lines: string[] = [];
    const records: ReferenceLogRecord[] = [];
    registry.resolve(
      { chat_id: 'w1', topic_id: 't1', current_message_id: 'm7', sender_user_id: 'u1', raw_user_text: 'SECRET words of the user' },
      { requestId: 'req-1', logger: (record, line) => (records.push(record), lines.push(line)) },
    );
    expect(lines).toEqual(['resolve_reference_target req=req-1 chat=w1 topic=t1 msg=m7 candidates=1 status=resolved top=poll1 gap=0.780']);
    expect(records[0]).toMatchObject({ request_id: 'req-1', candidate_count: 1, status: 'resolved', top_ids: ['poll1'] });
    expect(JSON.stringify(records)).not.toContain('SECRET');
  });
});
