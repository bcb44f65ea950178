import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReadWatch } from './read-watch';

describe('ReadWatch', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('records a reading that neither captured nor gave up within the deadline, with the reason', () => {
    const overdue: { url: string; reason: string }[] = [];
    const watch = new ReadWatch((page) => overdue.push(page), 1_000);
    expect(watch.started(3, 'https://hung.test/', 'Hung')).toBe(true);
    vi.advanceTimersByTime(999);
    expect(overdue).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(overdue).toEqual([
      {
        url: 'https://hung.test/',
        title: 'Hung',
        reason: 'reading the page did not finish within 1 s (the page may have hung the reader)',
      },
    ]);
  });

  it('a capture or give-up from the same tab and page clears the deadline; another tab does not', () => {
    const overdue: string[] = [];
    const watch = new ReadWatch((page) => overdue.push(page.url), 1_000);
    watch.started(1, 'https://a.test/', '');
    watch.started(2, 'https://a.test/', '');
    watch.settled(1, 'https://a.test/');
    watch.settled(undefined, 'https://a.test/');
    vi.advanceTimersByTime(5_000);
    expect(overdue).toEqual(['https://a.test/']);
  });
});
