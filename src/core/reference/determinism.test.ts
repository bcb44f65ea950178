// Determinism (PRD acceptance): the same indexed state and input give deep-equal
// output, across repeated runs and whatever order the state was recorded in.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../graph/ids';
import { OBJECT_KINDS, ORDINAL_HINTS, OWNERSHIP_HINTS, POSITIONAL_HINTS, RECENCY_HINTS, TARGET_KIND_HINTS } from './kinds';
import type { ObjectKind } from './kinds';
import { ReferenceRegistry } from './registry';
import type { ResolveReferenceRequest } from './schema';
import { mulberry32 } from '../random';

const T0 = Date.UTC(2026, 0, 1, 12);
const TYPED: readonly ObjectKind[] = OBJECT_KINDS.filter((k) => k !== 'message' && k !== 'bot_message');

/** A seeded PRNG so the scenario is the same on every run. */
const prng = mulberry32;

type Op = (r: ReferenceRegistry) => void;

/** Messages, then typed objects (some carried by messages, some sharing a timestamp). */
function scenario(seed: number): { messages: Op[]; objects: Op[] } {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const topics = ['t1', 't2', 't3'];
  const messages: Op[] = [];
  for (let i = 0; i < 30; i++) {
    const at = T0 - Math.floor(rnd() * 40) * 60_000; // minute resolution: plenty of equal times
    const topicId = pick(topics);
    const reply = i > 0 && rnd() < 0.4 ? `m${Math.floor(rnd() * i)}` : undefined;
    messages.push((r) =>
      i % 3 === 0
        ? r.recordAnswer({ chatId: 'w1', topicId, messageId: `m${i}`, replyToMessageId: reply, summary: i % 6 === 0, at })
        : r.recordMessage({
            chatId: 'w1',
            topicId,
            messageId: `m${i}`,
            author: { kind: 'user', userId: i % 2 ? 'u1' : 'u2' },
            replyToMessageId: reply,
            at,
          }),
    );
  }
  const objects: Op[] = [];
  for (let i = 0; i < 60; i++) {
    const at = T0 - Math.floor(rnd() * 40) * 60_000;
    const kind = pick(TYPED);
    const topicId = pick(topics);
    const source = rnd() < 0.3 ? `m${Math.floor(rnd() * 30)}` : undefined;
    const owner = rnd() < 0.5 ? pick(['u1', 'u2']) : undefined;
    const bot = rnd() < 0.3;
    objects.push((r) =>
      r.recordObject({
        chatId: 'w1',
        topicId,
        objectId: `o${i}`,
        kind,
        sourceMessageId: source,
        createdByUserId: owner,
        createdByBot: bot,
        at,
      }),
    );
  }
  return { messages, objects };
}

function requests(seed: number): ResolveReferenceRequest[] {
  const rnd = prng(seed);
  const maybe = <T>(xs: readonly T[]): T | undefined => (rnd() < 0.5 ? undefined : (xs[Math.floor(rnd() * xs.length)] as T));
  return Array.from({ length: 60 }, (_, i) => {
    const hints = {
      positional_hint: maybe(POSITIONAL_HINTS),
      ordinal_hint: maybe(ORDINAL_HINTS),
      target_kind_hint: maybe(TARGET_KIND_HINTS),
      ownership_hint: maybe(OWNERSHIP_HINTS),
      recency_hint: maybe(RECENCY_HINTS),
    };
    const defined = Object.fromEntries(Object.entries(hints).filter(([, v]) => v !== undefined));
    return {
      chat_id: 'w1',
      ...(i % 5 === 0 ? {} : { topic_id: `t${1 + (i % 3)}` }),
      current_message_id: 'm_now',
      ...(rnd() < 0.3 ? { reply_to_message_id: `m${Math.floor(rnd() * 30)}` } : {}),
      sender_user_id: i % 2 ? 'u1' : 'u2',
      raw_user_text: '',
      ...(Object.keys(defined).length > 0 ? { normalized_reference_hints: defined } : {}),
      max_candidates: 1 + (i % 5),
    };
  });
}

function build(ops: readonly Op[]): ReferenceRegistry {
  const registry = new ReferenceRegistry({ clock: fixedClock(T0) });
  for (const op of ops) op(registry);
  return registry;
}

describe('resolve_reference_target determinism', () => {
  it('the same state and input give deep-equal output on every run', () => {
    const { messages, objects } = scenario(7);
    const registry = build([...messages, ...objects]);
    for (const request of requests(11)) {
      const first = registry.resolve(request);
      for (let run = 0; run < 3; run++) expect(registry.resolve(request)).toEqual(first);
    }
  });

  it('the order objects were recorded in does not change any answer', () => {
    const { messages, objects } = scenario(7);
    const forward = build([...messages, ...objects]);
    const reversed = build([...messages].reverse().concat([...objects].reverse()));
    const rnd = prng(3);
    // Messages and objects interleaved at random: typed objects may arrive before their message.
    const shuffled = build(
      [...messages, ...objects]
        .map((op) => [rnd(), op] as const)
        .sort((a, b) => a[0] - b[0])
        .map(([, op]) => op),
    );
    const statuses = new Set<string>();
    for (const request of requests(11)) {
      const expected = forward.resolve(request);
      statuses.add(expected.status);
      expect(reversed.resolve(request)).toEqual(expected);
      expect(shuffled.resolve(request)).toEqual(expected);
    }
    // The battery exercises every outcome, so the comparison is not vacuous.
    expect([...statuses].sort()).toEqual(['ambiguous', 'not_found', 'resolved']);
  });
});
