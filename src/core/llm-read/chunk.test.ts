import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../query/query-context';
import { chunkText, planChunks } from './chunk';

const sentence = (i: number): string => `Sentence number ${i} says that Company ${i} makes widgets in Town ${i}.`;
const text = Array.from({ length: 200 }, (_, i) => sentence(i)).join(' ');

describe('chunkText', () => {
  it('packs whole sentences into chunks no longer than the bound', () => {
    const chunks = chunkText(text, 800);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.length).toBeLessThanOrEqual(800);
      expect(c).toMatch(/^Sentence number \d+/);
      expect(c.endsWith('.')).toBe(true);
    }
    expect(chunks.join(' ')).toBe(text);
  });

  it('cuts a sentence longer than a chunk at spaces, losing no word', () => {
    const long = Array.from({ length: 500 }, (_, i) => `word${i}`).join(' ');
    const chunks = chunkText(long, 400);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(400);
    expect(chunks.join(' ').split(' ')).toEqual(long.split(' '));
  });

  it('splits at line breaks and drops empty lines', () => {
    expect(chunkText('Title\n\nFirst line.\nSecond line.', 12)).toEqual(['Title', 'First line.', 'Second line.']);
  });
});

describe('planChunks', () => {
  it('sends chunks while the page budget pays for them, prompts included, and counts what it left out', () => {
    const plan = planChunks(text, { chunkTokens: 200, pageTokens: 1_000, overheadTokens: 150 });
    expect(plan.chunks.length).toBeGreaterThan(0);
    const cost = plan.chunks.reduce((n, c) => n + 150 + estimateTokens(c), 0);
    expect(plan.tokens).toBe(cost);
    expect(plan.tokens).toBeLessThanOrEqual(1_000);
    const unsent = chunkText(text, 200 * 4).slice(plan.chunks.length);
    expect(plan.omittedChars).toBe(unsent.reduce((n, c) => n + c.length, 0));
    expect(plan.omittedChars).toBeGreaterThan(0);
  });

  it('sends the whole page when the budget covers it', () => {
    const plan = planChunks(text, { chunkTokens: 1_000, pageTokens: 100_000, overheadTokens: 300 });
    expect(plan.chunks.join(' ')).toBe(text);
    expect(plan.omittedChars).toBe(0);
  });

  it('sends nothing when one chunk with its prompt is over the budget', () => {
    const plan = planChunks(text, { chunkTokens: 1_000, pageTokens: 200, overheadTokens: 300 });
    expect(plan.chunks).toEqual([]);
    expect(plan.tokens).toBe(0);
  });
});
