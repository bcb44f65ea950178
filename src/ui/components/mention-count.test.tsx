// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { CountLegend, MentionCount, mentionWords } from './mention-count';

Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true);

describe('mention counts explained where they appear', () => {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  afterEach(() => act(() => root.render(null)));

  it('shows ×N, and says what it means to screen readers and on hover', () => {
    act(() => root.render(<MentionCount count={12} />));
    const count = container.querySelector('[data-testid="mention-count"]');
    expect(count?.getAttribute('title')).toBe('named 12 times in your captured pages');
    expect(count?.querySelector('[aria-hidden="true"]')?.textContent).toBe('×12');
    expect(count?.querySelector('.sr-only')?.textContent).toBe('named 12 times in your captured pages');
  });

  it('uses the singular for one mention, and a legend line says what ×N means', () => {
    expect(mentionWords(1)).toBe('named 1 time in your captured pages');
    act(() => root.render(<CountLegend />));
    expect(container.textContent).toBe('×3 = named 3 times in the pages you captured.');
  });
});
