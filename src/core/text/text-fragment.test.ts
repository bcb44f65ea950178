import { describe, expect, it } from 'vitest';
import { encodeFragmentTerm, textDirective, urlAtQuote } from './text-fragment';

describe('urlAtQuote', () => {
  it('appends a text fragment for a short quote, whole, without the trailing period', () => {
    expect(urlAtQuote('https://example.com/a', 'Stripe acquired Paystack.')).toBe(
      'https://example.com/a#:~:text=Stripe%20acquired%20Paystack',
    );
  });

  it('keeps an ordinary anchor and replaces an earlier text fragment', () => {
    expect(urlAtQuote('https://example.com/a#top', 'Go')).toBe('https://example.com/a#top:~:text=Go');
    expect(urlAtQuote('https://example.com/a#top:~:text=old', 'Go')).toBe('https://example.com/a#top:~:text=Go');
  });

  it('turns a long quote into a range of its first and last four words, dropping cut marks', () => {
    const quote = '…Alphabet said on Tuesday that its chief executive would step down after ten years in the job.';
    expect(urlAtQuote('https://example.com/', quote)).toBe(
      'https://example.com/#:~:text=Alphabet%20said%20on%20Tuesday,years%20in%20the%20job',
    );
  });

  it('escapes the directive syntax in page text: dash, ampersand and comma, and any markup', () => {
    expect(encodeFragmentTerm('AT&T, co-founded')).toBe('AT%26T%2C%20co%2Dfounded');
    expect(textDirective('-x, y&z <script>')).toBe('text=%2Dx%2C%20y%26z%20%3Cscript%3E');
    const url = urlAtQuote('https://example.com/', 'a#b:~:text=evil');
    expect(url).toBe('https://example.com/#:~:text=a%23b%3A~%3Atext%3Devil');
  });

  it('leaves non-web URLs and empty quotes unchanged', () => {
    expect(urlAtQuote('javascript:alert(1)', 'x')).toBe('javascript:alert(1)');
    expect(urlAtQuote('https://example.com/', ' … ')).toBe('https://example.com/');
  });
});

describe('a PDF page cited by the evidence', () => {
  it('opens the PDF at that page instead of a text fragment', () => {
    expect(urlAtQuote('https://x.org/a.pdf', 'p. 3 · Kestrel Bank was founded by Maria Lindqvist.')).toBe('https://x.org/a.pdf#page=3');
    expect(urlAtQuote('https://x.org/a.pdf#page=1', 'p. 12 · Text')).toBe('https://x.org/a.pdf#page=12');
  });
});
