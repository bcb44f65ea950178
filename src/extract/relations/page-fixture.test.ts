// A short page of our own through the whole analysis: pattern and classifier relations
// merged, each with the sentence it was read from; co-mentions linked as mentioned_with.
import { describe, expect, it } from 'vitest';
import type { PageCapture } from '../../core/capture';
import { analyzeCapture } from '../analysis/analyze';
import { createRuleRecognizer } from '../rules/rule-recognizer';
import { MENTIONED_WITH } from './cooccurrence';
import { textCapture } from '../../../tooling/testing/text-capture';

const text = [
  'Northwind Labs is a software company.',
  'Jane Okafor, CEO of Northwind Labs, announced the deal on Monday.',
  'Northwind Labs acquired Fabrikam last year.',
  'Northwind Labs is headquartered in Lisbon.',
  'Fabrikam and Contoso Ltd were both at the trade show.',
].join('\n');

function capture(): PageCapture {
  return textCapture(text, { url: 'https://example.com/northwind', title: 'Northwind Labs buys Fabrikam' });
}

describe('relations of a page', () => {
  const a = analyzeCapture(capture(), { recognizer: createRuleRecognizer() });
  const find = (from: string, label: string, to: string) => a.relations.find((r) => r.from === from && r.label === label && r.to === to);

  it('reads the CEO, the acquisition and the headquarters, each with its sentence', () => {
    expect(find('Jane Okafor', 'ceo_of', 'Northwind Labs')?.snippet).toBe(
      'Jane Okafor, CEO of Northwind Labs, announced the deal on Monday.',
    );
    expect(find('Northwind Labs', 'acquired', 'Fabrikam')?.snippet).toBe('Northwind Labs acquired Fabrikam last year.');
    expect(find('Northwind Labs', 'located_in', 'Lisbon')?.snippet).toBe('Northwind Labs is headquartered in Lisbon.');
  });

  it('states no typed relation twice for one pair and links the rest as mentioned_with', () => {
    const typed = a.relations.filter((r) => r.label !== MENTIONED_WITH);
    const pairs = typed.map((r) => [r.from, r.to].sort().join('|'));
    expect(new Set(pairs).size).toBe(pairs.length);
    const co = a.relations.filter((r) => r.label === MENTIONED_WITH);
    expect(co.some((r) => [r.from, r.to].sort().join('|') === 'Contoso Ltd|Fabrikam')).toBe(true);
    for (const r of co) expect(pairs).not.toContain([r.from, r.to].sort().join('|'));
  });
});
