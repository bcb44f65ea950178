/**
 * Features of one ordered candidate pair (subject, object) in one sentence, hashed into
 * `2^bits` buckets: the words between the two names (bag, bigrams, first and last), two
 * words either side, the gap's length, the type pair, which name comes first, other names
 * and commas between. Lexical features are joined with the order, so "X founded by Y" and
 * "Y founded X" differ. Training (`tooling/train-relations.ts`) and the shipped extractor
 * call the same function, so the features cannot drift apart.
 */
import { wordPieces } from '../../nlp';
import { bucketOf, hashString } from '../ner/hash';
import type { CoarseType } from './labels';

/** A token of the sentence with its character span. */
export interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** A name in the sentence as token indices `[start, end)` and its coarse type. */
export interface Span {
  readonly start: number;
  readonly end: number;
  readonly type: CoarseType;
}

/** Seed of the feature hash (any fixed number; changing it needs retraining). */
const FEATURE_SEED = 16;
/** Words read on each side of the pair. */
const CONTEXT = 2;
/** Between-word × type-pair features only for short gaps, where one word decides. */
const MAX_TYPED_GAP = 6;

/**
 * @example
 *   tokenize('Apple’s CEO').map((t) => t.text) // ['apple', "'", 's', 'ceo']
 */
export function tokenize(text: string): Token[] {
  // The engine's tokens cut at every mark ("Apple's" → Apple ' s, as Re-DocRED tokenizes), normalized.
  return wordPieces(text).map((t) => ({ text: normalizeWord(t.text), start: t.start, end: t.end }));
}

function normalizeWord(w: string): string {
  if (w === '’' || w === '‘' || w === '`') return "'";
  if (w === '“' || w === '”') return '"';
  return w.toLowerCase().replace(/\d/g, '0');
}

/** Gap lengths bucketed: 0, 1, 2, 3, 4–5, 6–8, 9–12, 13+. */
function lengthBucket(n: number): number {
  if (n <= 3) return n;
  if (n <= 5) return 4;
  if (n <= 8) return 5;
  return n <= 12 ? 6 : 7;
}

/**
 * Feature buckets of "subject ? object" in `tokens`; `others` are the other names in
 * the sentence.
 *
 * @example
 *   pairFeatures(tokenize('Stripe was founded by Patrick Collison'), { start: 0, end: 1, type: 'org' }, { start: 4, end: 6, type: 'per' }, [], 14)
 *   // [bucket of 'tp:org>per', bucket of 'b:was|s', …]
 */
export function pairFeatures(tokens: readonly Token[], subject: Span, object: Span, others: readonly Span[], bits: number): number[] {
  const subjectFirst = subject.start < object.start;
  const [a, b] = subjectFirst ? [subject, object] : [object, subject];
  const dir = subjectFirst ? 's' : 'o';
  const tp = `${subject.type}>${object.type}`;
  const names: string[] = ['bias', `tp:${tp}`, `tpd:${tp}|${dir}`];
  const between = tokens.slice(a.end, Math.max(a.end, b.start)).map((t) => t.text);
  names.push(`len:${lengthBucket(between.length)}|${dir}`, `lent:${lengthBucket(between.length)}|${tp}|${dir}`);
  if (between.length === 0) names.push(`adj|${tp}|${dir}`);
  for (const [i, w] of between.entries()) {
    names.push(`b:${w}|${dir}`);
    if (between.length <= MAX_TYPED_GAP) names.push(`bt:${w}|${tp}|${dir}`);
    const next = between[i + 1];
    if (next !== undefined) names.push(`bb:${w}_${next}|${dir}`);
  }
  const first = between[0];
  const last = between.at(-1);
  if (first !== undefined) names.push(`bf:${first}|${dir}`);
  if (last !== undefined) names.push(`bl:${last}|${dir}`);
  if (first !== undefined && last !== undefined && between.length <= MAX_TYPED_GAP) names.push(`bfl:${first}_${last}|${dir}`);
  for (let k = 1; k <= CONTEXT; k++) {
    names.push(`l${k}:${tokens[a.start - k]?.text ?? '<s>'}|${dir}`);
    names.push(`r${k}:${tokens[b.end + k - 1]?.text ?? '</s>'}|${dir}`);
  }
  const inside = others.filter((o) => o.start >= a.end && o.end <= b.start).length;
  names.push(`mid:${Math.min(inside, 3)}|${dir}`);
  const commas = between.filter((w) => w === ',').length;
  names.push(`com:${Math.min(commas, 3)}|${dir}`);
  return names.map((n) => bucketOf(hashString(n, FEATURE_SEED), bits));
}
