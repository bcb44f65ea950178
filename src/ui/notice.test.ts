import { afterEach, describe, expect, it, vi } from 'vitest';
import { DONE_NOTICE_MS, UNDO_NOTICE_MS, expireNotice } from './notice';

describe('notices end with what they report', () => {
  afterEach(() => vi.useRealTimers());

  it('an "Undone: …" confirmation goes after a short read; an undo offer stays longer', () => {
    vi.useFakeTimers();
    let shown: { text: string; undoId?: string } | undefined = { text: 'Undone: 2 entities back as before.' };
    const done = shown;
    expireNotice(
      done,
      () => shown,
      () => (shown = undefined),
    );
    vi.advanceTimersByTime(DONE_NOTICE_MS - 1);
    expect(shown).toBe(done);
    vi.advanceTimersByTime(1);
    expect(shown).toBeUndefined();

    const offer = { text: 'Deleted 2 entities.', undoId: 'b_1' };
    shown = offer;
    expireNotice(
      offer,
      () => shown,
      () => (shown = undefined),
    );
    vi.advanceTimersByTime(DONE_NOTICE_MS);
    expect(shown).toBe(offer);
    vi.advanceTimersByTime(UNDO_NOTICE_MS - DONE_NOTICE_MS);
    expect(shown).toBeUndefined();
  });

  it('a timer never clears a newer notice than its own', () => {
    vi.useFakeTimers();
    let shown: { text: string } | undefined = { text: 'Undone: first.' };
    expireNotice(
      shown,
      () => shown,
      () => (shown = undefined),
    );
    const newer = { text: 'Undone: second.' };
    vi.advanceTimersByTime(DONE_NOTICE_MS / 2);
    shown = newer;
    vi.advanceTimersByTime(DONE_NOTICE_MS / 2);
    expect(shown).toBe(newer);
  });
});
