import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { scanDocument } from '../dom/scan';
import { extractMainText, withoutConsentLines } from './main-text';

describe('withoutConsentLines', () => {
  it('drops a sign-up form\'s legal line and keeps prose that starts with "By"', () => {
    const text = 'Acme raised money.\nBy signing up, you agree to the Terms of Use and Privacy Policy.\nBy 2020, Acme had 40 staff.';
    expect(withoutConsentLines(text)).toBe('Acme raised money.\nBy 2020, Acme had 40 staff.');
  });
});

describe('extractMainText: the article, not its furniture', () => {
  const prose = (n: number) =>
    Array.from(
      { length: n },
      (_, i) =>
        `<p>Paragraph ${i + 1}: Zentrix, the kettle maker run by Mira Osk in Quillby, told its buyers at the Ostrava Cooperative that the new induction line would ship in spring.</p>`,
    ).join('');
  const html =
    `<!doctype html><html><head><title>Zentrix ships</title></head><body><article><h1>Zentrix ships</h1>${prose(5)}` +
    '<div><div>Most popular</div><ul><li><a href="/1">Harbin Labs wins the Pell cup again this year</a></li>' +
    '<li><a href="/2">Why Dunmore Freight left the valley for good</a></li><li><a href="/3">Gorse Bank cuts its rates for savers</a></li></ul></div>' +
    '</article></body></html>';

  it('drops a "Most popular" rail Readability keeps inside the article; the ablation keeps it', () => {
    const doc = new JSDOM(html).window.document;
    const main = extractMainText(doc, { maxChars: 100_000, allowReadability: true, scan: scanDocument(doc) });
    expect(main.source).toBe('readability');
    expect(main.text).toContain('Ostrava Cooperative');
    expect(main.text).not.toContain('Harbin Labs');
    const kept = extractMainText(doc, { maxChars: 100_000, allowReadability: true, scan: scanDocument(doc), keepFurniture: true });
    expect(kept.text).toContain('Harbin Labs');
  });
});
