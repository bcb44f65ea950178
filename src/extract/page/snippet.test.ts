// Evidence snippets end where sentences end: not after "Inc." or "Dr.", not inside
// "17.3" or "U.S.", and a sentence too long for a snippet is cut between words around
// the mention, with "…" where text was left out.
import { describe, expect, it } from 'vitest';
import { MAX_SNIPPET, sentenceAt } from './snippet';

function snippetOf(text: string, mention: string): string {
  const start = text.indexOf(mention);
  if (start < 0) throw new Error(`"${mention}" is not in the text`);
  return sentenceAt(text, start, start + mention.length);
}

describe('sentenceAt', () => {
  it('keeps the sentence whole across abbreviations, initials and version numbers', () => {
    expect(snippetOf('Intro. Apple released iOS 17.3 on Monday. It fixes bugs.', 'Apple')).toBe('Apple released iOS 17.3 on Monday.');
    expect(snippetOf('Stripe, Inc. hired Dr. Ada Lovelace in Jan. 2020. She left.', 'Ada')).toBe(
      'Stripe, Inc. hired Dr. Ada Lovelace in Jan. 2020.',
    );
    expect(snippetOf('Before. The U.S. Department of Justice sued Google. After.', 'Google')).toBe(
      'The U.S. Department of Justice sued Google.',
    );
    expect(snippetOf('Meet J. R. Smith of Acme Corp. today. Bye.', 'Smith')).toBe('Meet J. R. Smith of Acme Corp. today.');
    expect(snippetOf('It ranked No. 5 worldwide. Oracle agreed.', 'Oracle')).toBe('Oracle agreed.');
  });

  it('ends at a real stop, closing quotes kept, and at a line break', () => {
    expect(snippetOf('He said “We are done.” Then Oracle left.', 'Oracle')).toBe('Then Oracle left.');
    expect(snippetOf('“Oracle won.” Next one.', 'Oracle')).toBe('“Oracle won.”');
    expect(snippetOf('Heading about Google\nGoogle lost the case. More.', 'lost')).toBe('Google lost the case.');
    expect(snippetOf('Did Google win? Yes. It did.', 'Google')).toBe('Did Google win?');
    expect(snippetOf('The answer was no. Oracle sued.', 'Oracle')).toBe('Oracle sued.');
  });

  it('cuts a long sentence between words around the mention, marking each cut', () => {
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`);
    const text = `${words.slice(0, 60).join(' ')} Alphabet CEO Larry Page ${words.slice(60).join(' ')}.`;
    const snippet = snippetOf(text, 'Larry Page');
    expect(snippet.length).toBeLessThanOrEqual(MAX_SNIPPET);
    expect(snippet).toContain('Alphabet CEO Larry Page');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    // Whole words only on both sides.
    for (const piece of snippet.replace(/…/g, '').trim().split(' ')) expect(text.split(/[ .]/)).toContain(piece);
  });

  it('a mention at the very start or end of a long text keeps it', () => {
    const long = 'x '.repeat(400);
    expect(snippetOf(`Oracle ${long}`, 'Oracle').startsWith('Oracle')).toBe(true);
    expect(snippetOf(`${long}Oracle`, 'Oracle').endsWith('Oracle')).toBe(true);
  });
});
