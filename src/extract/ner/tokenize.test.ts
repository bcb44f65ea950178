import { describe, expect, it } from 'vitest';
import { MAX_SENTENCE_TOKENS, splitSentences, tokenize } from './tokenize';

const texts = (s: string) => tokenize(s).map((t) => t.text);

describe('tokenize', () => {
  it('splits punctuation and clitics the way CoNLL-2003 does', () => {
    expect(texts("Stripe's CEO, Patrick, didn't say.")).toEqual(['Stripe', "'s", 'CEO', ',', 'Patrick', ',', 'did', "n't", 'say', '.']);
  });

  it('keeps abbreviations, initials, dates, numbers and tech names whole', () => {
    expect(texts('U.S. Mr. J. Smith 1996-08-22 1,000.5 Anglo-Dutch AT&T Node.js C++ C# Wi-Fi')).toEqual([
      'U.S.',
      'Mr.',
      'J.',
      'Smith',
      '1996-08-22',
      '1,000.5',
      'Anglo-Dutch',
      'AT&T',
      'Node.js',
      'C++',
      'C#',
      'Wi-Fi',
    ]);
  });

  it('maps every token back to its character offsets in the original text', () => {
    const text = '  Zürich\u00a0is in\n\nSwitzerland (CH).';
    for (const t of tokenize(text)) expect(text.slice(t.start, t.end)).toBe(t.text);
    const tokens = tokenize(text);
    expect(tokens.find((t) => t.text === 'Switzerland')?.newline).toBe(true);
    expect(tokens.find((t) => t.text === 'in')?.newline).toBe(false);
  });

  it('stops at the token limit (bounded on hostile input)', () => {
    expect(tokenize('a '.repeat(1000), 10)).toHaveLength(10);
  });
});

describe('splitSentences', () => {
  it('ends sentences at final punctuation and line breaks, not before a lower-case word', () => {
    const tokens = tokenize('It rose. It fell... and rose.\nEU rejects lamb');
    const sentences = splitSentences(tokens).map(([a, b]) =>
      tokens
        .slice(a, b)
        .map((t) => t.text)
        .join(' '),
    );
    expect(sentences).toEqual(['It rose .', 'It fell ... and rose .', 'EU rejects lamb']);
  });

  it('cuts very long sentences', () => {
    const tokens = tokenize('word '.repeat(MAX_SENTENCE_TOKENS * 2 + 5));
    expect(splitSentences(tokens).map(([a, b]) => b - a)).toEqual([MAX_SENTENCE_TOKENS, MAX_SENTENCE_TOKENS, 5]);
  });
});
