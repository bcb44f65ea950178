import { describe, expect, it } from 'vitest';
import { readingCut } from '../extract/page/capture-page';
import { REREAD_IDLE_TIMEOUT_MS, rereadIfCut, worthRereading } from './reread-cut';

const idleNow = {
  setTimeout: (handler: () => void) => handler(),
  requestIdleCallback: (callback: () => void, options: { timeout: number }) => {
    expect(options.timeout).toBe(REREAD_IDLE_TIMEOUT_MS);
    callback();
  },
};

describe('re-reading a page the time budget cut', () => {
  it('tells a cut by the time budget from a cut by the page size', () => {
    expect(readingCut({ notes: ['body text cut: time budget spent', 'capture took 1536 ms (budget 1500 ms)'] })).toBe('time');
    expect(readingCut({ notes: ['article detection skipped: time budget spent'] })).toBe('time');
    expect(readingCut({ notes: ['page scan cut after 24000 elements (time limit)'] })).toBe('time');
    expect(readingCut({ notes: ['page scan cut after 60000 elements (size limit)', 'body text cut: time budget spent'] })).toBe('size');
    expect(readingCut({ notes: ['article detection skipped: 52000 elements (limit 30000); body text used'] })).toBe('size');
    expect(readingCut({ notes: ['main text cut at 200000 characters'] })).toBe('size');
    expect(readingCut({ notes: ['capture took 1536 ms (budget 1500 ms)'] })).toBe('time');
    expect(readingCut({ notes: ['structured data dropped: …'] })).toBeUndefined();
    expect(readingCut({ notes: [] })).toBeUndefined();
  });

  it('re-reads once at idle a page cut by time only; never one cut by its size, nor an uncut one', async () => {
    let rereads = 0;
    const reread = async () => void rereads++;
    expect(await rereadIfCut({ notes: ['body text cut: time budget spent'] }, idleNow, reread)).toBe(true);
    expect(await rereadIfCut({ notes: ['page scan cut after 60000 elements (size limit)'] }, idleNow, reread)).toBe(false);
    expect(await rereadIfCut({ notes: [] }, idleNow, reread)).toBe(false);
    expect(await rereadIfCut(undefined, idleNow, reread)).toBe(false);
    expect(rereads).toBe(1);
    expect(worthRereading({ notes: ['article detection skipped: time budget spent'] })).toBe(true);
  });
});
