import { describe, expect, it } from 'vitest';
import { readingCut } from '../extract/page/capture-page';
import { isReread, REREAD_NOTE, rereadMessage, rereadRequestUrl, worthRereading } from './capture-reread';

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

  it('is worth a re-read only when time alone cut the reading', () => {
    expect(worthRereading({ notes: ['article detection skipped: time budget spent'] })).toBe(true);
    expect(worthRereading({ notes: ['page scan cut after 60000 elements (size limit)'] })).toBe(false);
    expect(worthRereading({ notes: [] })).toBe(false);
    expect(worthRereading(undefined)).toBe(false);
    expect(isReread({ notes: [REREAD_NOTE, 'capture took 7000 ms (budget 6000 ms)'] })).toBe(true);
    expect(isReread({ notes: ['capture took 7000 ms (budget 6000 ms)', REREAD_NOTE] })).toBe(false);
  });

  it('reads its message back, and nothing else', () => {
    expect(rereadRequestUrl(rereadMessage('https://example.test/a'))).toBe('https://example.test/a');
    for (const other of [
      { type: 'capture.now', trigger: 'manual' },
      { type: 'capture.reread' },
      { type: 'capture.reread', url: 3 },
      null,
      'x',
    ])
      expect(rereadRequestUrl(other)).toBeUndefined();
  });
});
