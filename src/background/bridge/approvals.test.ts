import { describe, expect, it } from 'vitest';
import { AriadneError } from '../../core/errors';
import { fixedClock } from '../../core/graph/ids';
import { MAX_PENDING_APPROVALS } from '../../native-host/panel-protocol';
import { ApprovalBook, type Timers } from './approvals';

/** Timers that fire only when the test says so. */
function manualTimers() {
  const due: { fn: () => void; at: number; live: boolean }[] = [];
  let now = 0;
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      const entry = { fn, at: now + ms, live: true };
      due.push(entry);
      return entry;
    },
    clearTimeout: (handle) => {
      const entry = due.find((d) => d === handle);
      if (entry) entry.live = false;
    },
  };
  return {
    timers,
    advance(ms: number) {
      now += ms;
      for (const entry of due) {
        if (!entry.live || entry.at > now) continue;
        entry.live = false;
        entry.fn();
      }
    },
  };
}

const ask = (callId = 'c1:1', client = 'claude-desktop', tool = 'entity_add') => ({
  callId,
  tool,
  sideEffectClass: 'side-effecting' as const,
  client,
  input: { name: 'Stripe' },
});

describe('approval state machine', () => {
  it('approve once: resolves true, leaves no grant, asks again next time', async () => {
    const book = new ApprovalBook({ clock: fixedClock() });
    const first = book.ask(ask());
    const [pending] = book.pending();
    expect(pending).toMatchObject({ tool: 'entity_add', client: 'claude-desktop', sideEffectClass: 'side-effecting' });
    expect(pending?.argumentsPreview).toContain('"Stripe"');
    expect(book.decide(pending?.id ?? '', 'once')).toBe(true);
    await expect(first).resolves.toBe(true);
    expect(book.pending()).toEqual([]);
    expect(book.grants()).toEqual([]);
    void book.ask(ask('c1:2'));
    expect(book.pending()).toHaveLength(1);
  });

  it('always: grants this client and tool, later asks pass without the user, revoke asks again', async () => {
    const saved: unknown[] = [];
    const book = new ApprovalBook({ clock: fixedClock(1000), onGrantsChange: (g) => saved.push(g) });
    const first = book.ask(ask());
    book.decide(book.pending()[0]?.id ?? '', 'always');
    await expect(first).resolves.toBe(true);
    expect(book.grants()).toEqual([{ client: 'claude-desktop', tool: 'entity_add', grantedAt: 1000 }]);
    expect(saved).toHaveLength(1);
    await expect(book.ask(ask('c1:2'))).resolves.toBe(true);
    expect(book.pending()).toEqual([]);
    // Another client, or another tool, is still asked.
    void book.ask(ask('c2:1', 'cursor'));
    void book.ask(ask('c1:3', 'claude-desktop', 'entity_merge'));
    expect(book.pending()).toHaveLength(2);
    book.revoke('claude-desktop', 'entity_add');
    void book.ask(ask('c1:4'));
    expect(book.pending()).toHaveLength(3);
  });

  it('deny resolves false', async () => {
    const book = new ApprovalBook({ clock: fixedClock() });
    const asked = book.ask(ask());
    book.decide(book.pending()[0]?.id ?? '', 'deny');
    await expect(asked).resolves.toBe(false);
  });

  it('times out with a timeout error that says what to do', async () => {
    const manual = manualTimers();
    const book = new ApprovalBook({ clock: fixedClock(), timers: manual.timers, timeoutMs: 45_000 });
    const asked = book.ask(ask());
    manual.advance(44_999);
    expect(book.pending()).toHaveLength(1);
    manual.advance(1);
    const error = await asked.catch((e: unknown) => e);
    expect(error instanceof AriadneError && error.code).toBe('timeout');
    expect(String(error)).toMatch(/side panel/);
    expect(book.pending()).toEqual([]);
    expect(book.decide('a1', 'once')).toBe(false);
  });

  it('cancel (the agent left) removes the request with unavailable', async () => {
    const book = new ApprovalBook({ clock: fixedClock() });
    const asked = book.ask(ask('c9:1'));
    book.cancel('c9:1');
    const error = await asked.catch((e: unknown) => e);
    expect(error instanceof AriadneError && error.code).toBe('unavailable');
    expect(book.pending()).toEqual([]);
  });

  it('bounds the pending list', async () => {
    const book = new ApprovalBook({ clock: fixedClock() });
    for (let i = 0; i < MAX_PENDING_APPROVALS; i += 1) void book.ask(ask(`c1:${i}`));
    const error = await book.ask(ask('c1:overflow')).catch((e: unknown) => e);
    expect(error instanceof AriadneError && error.code).toBe('unavailable');
    expect(book.pending()).toHaveLength(MAX_PENDING_APPROVALS);
  });

  it('cuts long arguments in the preview', () => {
    const book = new ApprovalBook({ clock: fixedClock() });
    void book.ask({ ...ask(), input: { description: 'x'.repeat(10_000) } });
    const preview = book.pending()[0]?.argumentsPreview ?? '';
    expect(preview.length).toBeLessThan(2_100);
    expect(preview).toMatch(/more characters\)$/);
  });
});
