import { describe, expect, it } from 'vitest';
import type { Mention } from '../../core/capture';
import { MAX_PAGE_SENTENCE_BYTES, MAX_PAGE_SENTENCES, utf8Bytes } from '../../core/graph/page-sentences';
import { pageSentences } from './page-sentences';

const at = (text: string, name: string, from = 0): Mention => {
  const start = text.indexOf(name, from);
  return { text: name, type: 'company', start, end: start + name.length, score: 1 };
};

describe('pageSentences', () => {
  it('keeps every sentence of the main text, in order (a better recognizer re-reads the ones naming nobody today)', () => {
    const text = 'Stripe grew fast. It rained all day. Ada left Stripe.';
    expect(pageSentences(text, [at(text, 'Stripe'), at(text, 'Stripe', 20)])).toEqual([
      'Stripe grew fast.',
      'It rained all day.',
      'Ada left Stripe.',
    ]);
  });

  it('keeps the sentences naming an entity first when the page is over the bounds', () => {
    // 400 sentences; only every fourth names Acme, and those come late in the text.
    const sentences = Array.from({ length: 400 }, (_, i) => (i >= 200 && i % 4 === 0 ? `Acme did thing ${i}.` : `Nothing happened ${i}.`));
    const text = sentences.join(' ');
    const mentions: Mention[] = [];
    for (let i = text.indexOf('Acme'); i >= 0; i = text.indexOf('Acme', i + 1))
      mentions.push({ text: 'Acme', type: 'company', start: i, end: i + 4, score: 1 });
    const kept = pageSentences(text, mentions);
    expect(kept).toHaveLength(MAX_PAGE_SENTENCES);
    expect(kept.filter((s) => s.startsWith('Acme'))).toHaveLength(50);
    // In text order: the unnamed sentences that filled the room come first.
    expect(kept[0]).toBe('Nothing happened 0.');
    expect(kept[kept.length - 1]).toBe('Acme did thing 396.');
  });

  it('stays within the count and byte bounds on a long page', () => {
    const one = `Acme ${'word '.repeat(100)}ends.`;
    const text = Array.from({ length: 600 }, () => one)
      .join(' ')
      .replace(/ends\. Acme/g, (m, i: number) => `ends${i}. Acme`);
    const mentions: Mention[] = [];
    for (let i = text.indexOf('Acme'); i >= 0; i = text.indexOf('Acme', i + 1))
      mentions.push({ text: 'Acme', type: 'company', start: i, end: i + 4, score: 1 });
    const kept = pageSentences(text, mentions);
    expect(kept.length).toBeLessThanOrEqual(MAX_PAGE_SENTENCES);
    expect(kept.reduce((n, s) => n + utf8Bytes(s), 0)).toBeLessThanOrEqual(MAX_PAGE_SENTENCE_BYTES);
    expect(kept.length).toBeGreaterThan(50);
  });
});
