import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { blockText } from './block-text';

function textOf(html: string): string {
  const dom = new JSDOM(`<!doctype html><body>${html}</body>`);
  return blockText(dom.window.document.body, { maxChars: 10_000 }).text;
}

describe('blockText', () => {
  it('reads a line break of the HTML source as a space, as the browser renders it (one name, not two)', () => {
    expect(textOf('<p>The lab is led by Mira\nCastell, a fellow at the Institute for Coastal\r\nStudies.</p>')).toBe(
      'The lab is led by Mira Castell, a fellow at the Institute for Coastal Studies.',
    );
  });

  it('keeps blocks on their own lines and preformatted lines as lines', () => {
    expect(textOf('<h1>Title</h1><p>First\nparagraph.</p><pre>line one\nline two</pre>')).toBe(
      'Title\nFirst paragraph.\nline one\nline two',
    );
  });

  it('tells a cut by time (timeUp) from a cut by size (truncated)', () => {
    const dom = new JSDOM(`<!doctype html><body>${'<p>Quay seven opens at dawn.</p>'.repeat(400)}</body>`);
    const body = dom.window.document.body;
    const timed = blockText(body, { maxChars: 10_000_000, expired: () => true });
    expect([timed.timeUp, timed.truncated]).toEqual([true, false]);
    expect(timed.text.length).toBeGreaterThan(0);
    const sized = blockText(body, { maxChars: 100, expired: () => false });
    expect([sized.timeUp, sized.truncated]).toEqual([false, true]);
    const whole = blockText(body, { maxChars: 10_000_000, expired: () => false });
    expect([whole.timeUp, whole.truncated]).toEqual([false, false]);
  });

  it('folds every Unicode space and drops format characters', () => {
    expect(textOf('<p>Acme\u202F\u202F\u2028is\u200B a\u3000firm.</p>')).toBe('Acme is a firm.');
  });
});

describe('table cells', () => {
  it('ends each cell with a separator, so two cells never read as one name', () => {
    const dom = new JSDOM('<table><tr><td>Northwind Traders</td><td>Quillfeather Labs</td><td>42</td></tr></table>');
    const { text } = blockText(dom.window.document.body, { maxChars: 1_000 });
    expect(text).toContain('Northwind Traders; Quillfeather Labs; 42;');
  });
});
