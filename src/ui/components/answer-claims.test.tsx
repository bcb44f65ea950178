// @vitest-environment jsdom
// Each claim of an answer shows what backs it and its pages; a page's sentence shows on
// hover (its title) and on tap. Invented names and sentences.
import { describe, expect, it } from 'vitest';
import { mountEachTest } from '../testing/render';
import { AnswerClaims } from './answer-claims';

const SENTENCE = 'Quillfeather was founded by Mirela Vantongeren in a rented loft.';
const CLAIMS = [
  {
    value: 'Mirela Vantongeren',
    basis: 'fact' as const,
    pages: [{ url: 'https://ledger.example/founding', title: 'How Quillfeather began', sentence: SENTENCE }],
  },
  { value: 'Senna Falk', basis: 'sentence' as const, pages: [{ url: 'https://ledger.example/board', title: 'The board' }] },
];

describe('AnswerClaims', () => {
  const view = mountEachTest();

  it('shows each value with what backs it and its page, the sentence as the page’s hover text', async () => {
    await view.render(<AnswerClaims claims={CLAIMS} />);
    const items = [...view.container().querySelectorAll('[data-testid="claim"]')];
    expect(items.map((li) => li.querySelector('.claim-value')?.textContent)).toEqual(['Mirela Vantongeren', 'Senna Falk']);
    expect(items.map((li) => li.querySelector('[data-testid="claim-basis"]')?.textContent)).toEqual(['stored fact', 'read from a page']);
    const chip = items[0]?.querySelector('[data-testid="claim-page"]');
    expect(chip?.getAttribute('title')).toBe(SENTENCE);
    // The link opens the page scrolled to the sentence.
    expect(chip?.querySelector('a')?.getAttribute('href')).toContain('#:~:text=');
  });

  it('shows the sentence on tap, as text', async () => {
    await view.render(<AnswerClaims claims={[{ ...CLAIMS[0], value: '<b>x</b>' }]} />);
    expect(view.byTestId('claim-sentence')).toBeNull();
    await view.click('claim-toggle');
    expect(view.byTestId('claim-sentence')?.textContent).toContain(SENTENCE);
    expect(view.container().querySelector('b')).toBeNull();
    await view.click('claim-toggle');
    expect(view.byTestId('claim-sentence')).toBeNull();
  });

  it('shows nothing for an answer without claims, and skips malformed ones from a restored chat', async () => {
    await view.render(<AnswerClaims claims={[]} />);
    expect(view.byTestId('claims')).toBeNull();
    await view.render(<AnswerClaims claims={[{ value: 'x', basis: 'guess', pages: [] }, CLAIMS[1]]} />);
    expect(view.container().querySelectorAll('[data-testid="claim"]')).toHaveLength(1);
  });
});
