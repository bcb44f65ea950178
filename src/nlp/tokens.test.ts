import { describe, expect, it } from 'vitest';
import { MAX_SENTENCE_TOKENS, tokenSentences } from './sentences';
import { lowerWords, tokenize, wordPieces } from './tokens';

const texts = (s: string) => tokenize(s).map((t) => t.text);

describe('tokenize', () => {
  it('splits punctuation and clitics the way CoNLL-2003 does', () => {
    expect(texts("Contoso's CEO, Ada, didn't say.")).toEqual(['Contoso', "'s", 'CEO', ',', 'Ada', ',', 'did', "n't", 'say', '.']);
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

  it('keeps the stop of an abbreviation from the engine’s one list, and of "No." only before a number', () => {
    expect(texts('Ask Dr. Quinn at Contoso LLC. on Jun. 3, Route No. 5; she said no.')).toEqual([
      'Ask',
      'Dr.',
      'Quinn',
      'at',
      'Contoso',
      'LLC.',
      'on',
      'Jun.',
      '3',
      ',',
      'Route',
      'No.',
      '5',
      ';',
      'she',
      'said',
      'no',
      '.',
    ]);
  });

  it('splits a possessive off a name with inner marks', () => {
    expect(texts("U.S. firms like AT&T's Node.js team.")).toEqual(['U.S.', 'firms', 'like', 'AT&T', "'s", 'Node.js', 'team', '.']);
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

describe('tokenSentences', () => {
  const sentenceTexts = (text: string) => {
    const tokens = tokenize(text);
    return tokenSentences(text, tokens).map(([a, b]) =>
      tokens
        .slice(a, b)
        .map((t) => t.text)
        .join(' '),
    );
  };

  it('gives the splitter’s sentences as token ranges: stops, line breaks, not before a lower-case word', () => {
    expect(sentenceTexts('It rose. It fell... and rose.\nEU rejects lamb')).toEqual([
      'It rose .',
      'It fell ... and rose .',
      'EU rejects lamb',
    ]);
  });

  it('does not end a sentence after an abbreviation or an initial', () => {
    expect(sentenceTexts('Ms. Varga met J. Osei at Fabrikam Inc. on Monday. They spoke.')).toEqual([
      'Ms. Varga met J. Osei at Fabrikam Inc. on Monday .',
      'They spoke .',
    ]);
  });

  it('cuts very long sentences at the token bound', () => {
    const text = 'ab '.repeat(MAX_SENTENCE_TOKENS * 2 + 5); // under the splitter's 1,000-character cut
    expect(tokenSentences(text, tokenize(text), MAX_SENTENCE_TOKENS).map(([a, b]) => b - a)).toEqual([
      MAX_SENTENCE_TOKENS,
      MAX_SENTENCE_TOKENS,
      5,
    ]);
  });

  it('covers every token once, in order, on text with no sentence end at all', () => {
    const text = 'a b c';
    expect(tokenSentences(text, tokenize(text))).toEqual([[0, 3]]);
    expect(tokenSentences('', [])).toEqual([]);
  });
});

/** The relation classifier's tokenizer before the engine: a regular expression over the text. */
const OLD_PIECES = /[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu;
/** Question-time reading's tokenizer before the engine: one pass over the characters. */
function oldLowerWords(text: string): string[] {
  const out: string[] = [];
  let word = '';
  const lower = [...text.toLowerCase()];
  for (const [i, ch] of lower.entries()) {
    if (/[\p{L}\p{N}]/u.test(ch) || (ch === '.' && word.length > 0 && /[\p{L}\p{N}]/u.test(lower[i + 1] ?? ''))) {
      word += ch;
      continue;
    }
    if (word.length > 0) out.push(word);
    word = '';
    if (ch === ',') out.push(',');
  }
  if (word.length > 0) out.push(word);
  return out;
}

/** Invented strings that mix every kind of mark the tokenizer treats specially. */
const MIXED = [
  "Fabrikam's CTO didn't say: U.S.-based Node.js & C++ (v2.0) at 1,000.5 km/h — e.g. AT&T's 'Q3'.",
  'Zoë Ångström-Lind, of Contoso\u00a0Labs,\n\nsaid “hi”… it’s 3.5% of ¥2,000; ok?! #tag @user a_b',
  "İstanbul ΣΊΣΥΦΟΣ 😀 emoji-test 4.5.6 x.y. ..., -- ... n't",
];

describe('the views of the tokens', () => {
  it('wordPieces are the letter-and-digit runs and single marks the relation classifier was trained on', () => {
    expect(wordPieces("Acme's C++ kit").map((t) => t.text)).toEqual(['Acme', "'", 's', 'C', '+', '+', 'kit']);
    expect(wordPieces("don't").map((t) => t.text)).toEqual(['don', "'", 't']);
    for (const text of MIXED) {
      const old = [...text.matchAll(OLD_PIECES)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
      expect(wordPieces(text).map(({ text: t, start, end }) => ({ text: t, start, end }))).toEqual(old);
    }
  });

  it('lowerWords keeps a dot inside a word and commas as words, as question-time reading matches names', () => {
    expect(lowerWords('Ada, of Acme-Labs, uses Node.js.')).toEqual(['ada', ',', 'of', 'acme', 'labs', ',', 'uses', 'node.js']);
    for (const text of MIXED) expect(lowerWords(text)).toEqual(oldLowerWords(text));
  });
});
