/**
 * Evidence snippets: the sentence around a mention, as bounded plain text.
 */
import { sanitizeLine } from './sanitize';

/** Snippets never exceed this (evidence rows stay small). */
export const MAX_SNIPPET = 300;

/**
 * The sentence around [start, end) of `text`.
 *
 * @example
 *   sentenceAt('One. Stripe acquired Paystack. Two.', 5, 11) // 'Stripe acquired Paystack.'
 */
export function sentenceAt(text: string, start: number, end: number): string {
  let a = start;
  while (a > 0 && start - a < MAX_SNIPPET && !/[.!?\n]/.test(text.charAt(a - 1))) a -= 1;
  let b = end;
  while (b < text.length && b - end < MAX_SNIPPET && !/[.!?\n]/.test(text.charAt(b))) b += 1;
  if (b < text.length && text.charAt(b) !== '\n') b += 1;
  return sanitizeLine(text.slice(a, b), MAX_SNIPPET) ?? '';
}

