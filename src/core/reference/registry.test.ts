// The ReferenceRegistry's bounds and bookkeeping: limits, TTL, eviction order, what
// "active" means per tab, and input validation.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../graph/ids';
import type { EntityId } from '../graph/ids';
import { shortLabel } from './helpers';
import { DEFAULT_REFERENCE_LIMITS, ReferenceRegistry } from './registry';
import { MAX_LABEL_CHARS } from './schema';

const T0 = Date.UTC(2026, 0, 1, 12);
const MIN = 60_000;

describe('ReferenceRegistry', () => {
  it('evicts the least recently touched object when a chat is full', () => {
    const registry = new ReferenceRegistry({ clock: fixedClock(T0), limits: { maxObjectsPerChat: 3 } });
    for (let i = 0; i < 3; i++) registry.recordObject({ chatId: 'w1', objectId: `o${i}`, kind: 'poll', at: T0 + i });
    registry.touch({ chatId: 'w1', objectId: 'o0', at: T0 + 10 });
    registry.recordObject({ chatId: 'w1', objectId: 'o3', kind: 'poll', at: T0 + 11 });
    expect([...(registry.view('w1')?.objects.keys() ?? [])].sort()).toEqual(['o0', 'o2', 'o3']);
  });

  it('keeps at most maxMessagesPerChat messages', () => {
    const registry = new ReferenceRegistry({ clock: fixedClock(T0), limits: { maxMessagesPerChat: 2 } });
    for (let i = 0; i < 5; i++) registry.recordMessage({ chatId: 'w1', messageId: `m${i}`, author: { kind: 'bot' }, at: T0 + i });
    expect([...(registry.view('w1')?.messages.keys() ?? [])].sort()).toEqual(['m3', 'm4']);
  });

  it('forgets the least recently written chat beyond maxChats', () => {
    const registry = new ReferenceRegistry({ clock: fixedClock(T0), limits: { maxChats: 2 } });
    registry.recordObject({ chatId: 'w1', objectId: 'a', kind: 'poll', at: T0 });
    registry.recordObject({ chatId: 'w2', objectId: 'b', kind: 'poll', at: T0 + 1 });
    registry.recordObject({ chatId: 'w1', objectId: 'c', kind: 'poll', at: T0 + 2 });
    registry.recordObject({ chatId: 'w3', objectId: 'd', kind: 'poll', at: T0 + 3 });
    expect(registry.stats().chats).toBe(2);
    expect(registry.view('w2')).toBeUndefined();
    expect(registry.view('w1')?.objects.size).toBe(2);
  });

  it('expires typed objects after objectTtlMs but keeps their messages longer', () => {
    const clock = fixedClock(T0);
    const registry = new ReferenceRegistry({ clock });
    registry.recordMessage({ chatId: 'w1', messageId: 'm1', author: { kind: 'user', userId: 'u1' } });
    registry.recordObject({ chatId: 'w1', objectId: 'img1', kind: 'media.image', sourceMessageId: 'm1' });
    clock.advance(DEFAULT_REFERENCE_LIMITS.objectTtlMs + 1);
    const out = registry.resolve({
      chat_id: 'w1',
      current_message_id: 'm2',
      sender_user_id: 'u1',
      raw_user_text: '',
      normalized_reference_hints: { target_kind_hint: 'image' },
    });
    expect(out.best_match?.object_id).toBe('m1');
    clock.advance(DEFAULT_REFERENCE_LIMITS.messageTtlMs);
    expect(registry.resolve({ chat_id: 'w1', current_message_id: 'm2', sender_user_id: 'u1', raw_user_text: '' }).status).toBe('not_found');
  });

  it('one page and one entity are active per tab: a new one replaces the old', () => {
    const registry = new ReferenceRegistry({ clock: fixedClock(T0) });
    const entities = [{ entityId: 'e_1' as EntityId, type: 'company' as const, name: 'A', salience: 1 }];
    registry.recordCapture({ chatId: 'w1', topicId: 't1', url: 'https://a.example/', title: 'A', kind: 'article', entities });
    registry.recordEntityTouch({ chatId: 'w1', topicId: 't1', entityId: 'e_2' as EntityId, type: 'person', name: 'B' });
    registry.recordCapture({ chatId: 'w1', topicId: 't1', url: 'https://c.example/', title: 'C', kind: 'link' });
    const active = registry.view('w1')?.active.get('t1') ?? [];
    expect(active).toHaveLength(2);
    expect(active).toContain('e_2');
    expect(registry.view('w1')?.objects.get(active[0] ?? '')?.descriptor.title_or_label).toBe('C');
    registry.forgetTopic('w1', 't1');
    expect(registry.view('w1')?.active.get('t1')).toBeUndefined();
  });

  it("records a capture's media and at most five central entities, subject first", () => {
    const registry = new ReferenceRegistry({ clock: fixedClock(T0) });
    const entities = Array.from({ length: 8 }, (_, i) => ({
      entityId: `e_${i}` as EntityId,
      type: 'person' as const,
      name: `P${i}`,
      salience: i / 10,
    }));
    const recorded = registry.recordCapture({
      chatId: 'w1',
      topicId: 't1',
      url: 'https://a.example/',
      title: 'A',
      kind: 'article',
      entities,
      media: [{ src: 'https://a.example/x.png', kind: 'media.image' }],
    });
    expect(recorded.map((d) => d.kind)).toEqual([
      'article',
      'media.image',
      'entity.person',
      'entity.person',
      'entity.person',
      'entity.person',
      'entity.person',
    ]);
    expect(recorded[2]?.object_id).toBe('e_7');
    expect(registry.view('w1')?.active.get('t1')).toEqual(['e_7', recorded[0]?.object_id]);
  });

  it('re-recording an object keeps its creation time and refreshes its last touch', () => {
    const registry = new ReferenceRegistry({ clock: fixedClock(T0) });
    registry.recordObject({ chatId: 'w1', objectId: 'p', kind: 'poll', at: T0 });
    const again = registry.recordObject({ chatId: 'w1', objectId: 'p', kind: 'poll', at: T0 + 5 * MIN });
    expect(again).toMatchObject({ created_at: T0, last_touched_at: T0 + 5 * MIN });
  });

  it('cleans and shortens untrusted labels', () => {
    expect(shortLabel('a\u200b\u202eb  c')).toBe('ab c');
    const long = shortLabel('x'.repeat(500));
    expect(long.length).toBe(MAX_LABEL_CHARS);
    expect(long.endsWith('…')).toBe(true);
  });

  it('refuses bad ids, message kinds as objects and bad times with invalid_arguments', () => {
    const registry = new ReferenceRegistry({ clock: fixedClock(T0) });
    const bad = [
      () => registry.recordObject({ chatId: 'w 1', objectId: 'a', kind: 'poll' }),
      () => registry.recordObject({ chatId: 'w1', objectId: 'a\nb', kind: 'poll' }),
      () => registry.recordObject({ chatId: 'w1', objectId: 'a', kind: 'message' }),
      () => registry.recordMessage({ chatId: 'w1', messageId: 'm', author: { kind: 'user', userId: '' } }),
      () => registry.recordObject({ chatId: 'w1', objectId: 'a', kind: 'poll', at: -1 }),
    ];
    for (const call of bad) expect(call).toThrow(expect.objectContaining({ code: 'invalid_arguments' }));
    expect(registry.stats()).toEqual({ chats: 0, objects: 0, messages: 0 });
  });

  it('touching an unknown object reports false and changes nothing', () => {
    const registry = new ReferenceRegistry({ clock: fixedClock(T0) });
    expect(registry.touch({ chatId: 'w1', objectId: 'x' })).toBe(false);
    registry.recordObject({ chatId: 'w1', objectId: 'a', kind: 'poll' });
    expect(registry.touch({ chatId: 'w1', objectId: 'x' })).toBe(false);
  });
});
