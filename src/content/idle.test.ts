// Automatic capture waits for load, then for idle; both waits are bounded.
import { describe, expect, it } from 'vitest';
import type { IdleWindow } from './idle';
import { afterLoadAndIdle } from './idle';

function fakeWindow(readyState: DocumentReadyState, idle: boolean) {
  const log: string[] = [];
  let onLoad: (() => void) | undefined;
  const timers: { fn: () => void; ms: number }[] = [];
  const win: IdleWindow = {
    document: { readyState },
    addEventListener: (_type, listener) => void (onLoad = listener),
    removeEventListener: () => void (onLoad = undefined),
    setTimeout: (fn, ms) => void timers.push({ fn, ms }),
    ...(idle
      ? { requestIdleCallback: (cb: () => void, options: { timeout: number }) => void (log.push(`idle ${options.timeout}`), cb()) }
      : {}),
  };
  return { win, log, load: () => onLoad?.(), timers };
}

describe('afterLoadAndIdle', () => {
  it('on a loaded page, waits for idle only', async () => {
    const w = fakeWindow('complete', true);
    await afterLoadAndIdle(w.win, { idleMs: 1234 });
    expect(w.log).toEqual(['idle 1234']);
  });

  it('waits for load first, then idle', async () => {
    const w = fakeWindow('interactive', true);
    let done = false;
    const waiting = afterLoadAndIdle(w.win).then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    w.load();
    await waiting;
    expect(w.log).toHaveLength(1);
  });

  it('a page that never fires load is captured after the load timeout (regression: stalled images)', async () => {
    const w = fakeWindow('loading', false);
    const waiting = afterLoadAndIdle(w.win, { loadMs: 50 });
    expect(w.timers[0]?.ms).toBe(50);
    w.timers[0]?.fn();
    await Promise.resolve();
    w.timers[1]?.fn(); // no requestIdleCallback: a zero timeout stands in
    await expect(waiting).resolves.toBeUndefined();
  });
});
