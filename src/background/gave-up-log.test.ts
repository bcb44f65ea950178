import { describe, expect, it } from 'vitest';
import { GAVE_UP_KEY, GaveUpLog } from './gave-up-log';
import type { KeyValueArea } from './gave-up-log';
import { MAX_GAVE_UP_LISTED } from '../messaging/protocol';

function memoryArea(initial: Record<string, unknown> = {}): KeyValueArea & { items: Record<string, unknown> } {
  const items: Record<string, unknown> = { ...initial };
  return {
    items,
    get: async (key) => (Object.hasOwn(items, key) ? { [key]: items[key] } : {}),
    set: async (next) => void Object.assign(items, next),
  };
}

let now = 1_000;
const clock = { now: () => now++ };

describe('GaveUpLog', () => {
  it('keeps the pages given up on, newest first, one entry per page, bounded', async () => {
    const log = new GaveUpLog(memoryArea(), clock);
    await Promise.all([
      log.record({ url: 'https://a.example/', title: 'A', reason: 'first' }),
      log.record({ url: 'https://b.example/', title: 'B', reason: 'second' }),
    ]);
    await log.record({ url: 'https://a.example/', title: 'A', reason: 'again' });
    expect((await log.list()).map((p) => [p.url, p.reason])).toEqual([
      ['https://a.example/', 'again'],
      ['https://b.example/', 'second'],
    ]);
    for (let i = 0; i < MAX_GAVE_UP_LISTED + 5; i++) await log.record({ url: `https://p${i}.example/`, title: '', reason: 'r' });
    expect(await log.list()).toHaveLength(MAX_GAVE_UP_LISTED);
  });

  it('a page captured later leaves the list', async () => {
    const log = new GaveUpLog(memoryArea(), clock);
    await log.record({ url: 'https://a.example/', title: 'A', reason: 'r' });
    await log.captured('https://a.example/');
    expect(await log.list()).toEqual([]);
  });

  it('reads stored garbage as an empty list', async () => {
    const log = new GaveUpLog(memoryArea({ [GAVE_UP_KEY]: [{ url: 1 }, '__proto__'] }), clock);
    expect(await log.list()).toEqual([]);
  });
});
