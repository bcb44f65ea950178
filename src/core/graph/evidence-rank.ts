/**
 * Orders an entity's evidence by how much it says: a passage the user clipped, then
 * whole sentences (the longer, the more they can state), then fragments such as a
 * photo caption, a heading or a bare mention. Ties keep their order (capture time).
 */
import type { Evidence } from './types';

/** Fewer words than this, or no sentence end, is a fragment (a caption, a byline, a heading). */
const SENTENCE_MIN_WORDS = 6;
/** Words past this add nothing to the rank: a long sentence is not better for being longer. */
const WORDS_CAP = 30;

function wordCount(text: string): number {
  return text.split(/\s+/u).filter((w) => w !== '').length;
}

const CLOSERS = new Set(['"', "'", '”', '’', ')', ']']);
const SENTENCE_ENDS = new Set(['.', '!', '?', '…']);

/** Whether `text` ends a sentence, past closing quotes and brackets (a loop: linear on any input). */
function endsSentence(text: string): boolean {
  const trimmed = text.trimEnd();
  let end = trimmed.length;
  while (end > 0 && CLOSERS.has(trimmed.charAt(end - 1))) end--;
  return SENTENCE_ENDS.has(trimmed.charAt(end - 1));
}

/** Higher says more: clip 3, sentence 2, fragment 1; then words, capped. */
export function evidenceWeight(ev: Pick<Evidence, 'kind' | 'snippet'>): number {
  const words = wordCount(ev.snippet);
  const tier = ev.kind === 'clip' ? 3 : words >= SENTENCE_MIN_WORDS && endsSentence(ev.snippet) ? 2 : 1;
  return tier * (WORDS_CAP + 1) + Math.min(words, WORDS_CAP);
}

/** `evidence` sorted by `evidenceWeight`, heaviest first; a stable sort keeps ties in their order. */
export function rankEvidence<T extends Pick<Evidence, 'kind' | 'snippet'>>(evidence: readonly T[]): T[] {
  return evidence
    .map((ev, i) => ({ ev, i, w: evidenceWeight(ev) }))
    .sort((a, b) => b.w - a.w || a.i - b.i)
    .map((x) => x.ev);
}
