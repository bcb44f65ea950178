/**
 * A capture of plain text, as the content script would send it, for tests of the analysis:
 * the text and whatever else the test sets (title, url, structured entities), the rest empty.
 *
 * @example
 *   analyzeCapture(textCapture('Zentrix Corp acquired Lumora Inc.'), { recognizer })
 */
import type { PageCapture } from '../../src/core/capture';

export function textCapture(text: string, partial: Partial<PageCapture> = {}): PageCapture {
  return {
    url: 'https://example.com/a',
    title: '',
    text,
    headings: [],
    entities: [],
    relations: [],
    trigger: 'auto',
    capturedAt: 0,
    notes: [],
    ...partial,
  };
}
