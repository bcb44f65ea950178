/**
 * Fitting a tool result into its token budget (`maxResultTokens`). Tokens are
 * estimated as characters / 4 of the JSON text, the usual rule of thumb for
 * English and JSON with the common tokenizers; cheap and deterministic.
 */
import { InvalidArgumentsError } from '../errors';
import { emptyRecord, setOwn } from '../records';
import type { TruncationStrategy } from './tool';

/** Characters per token of the estimate. */
export const CHARS_PER_TOKEN = 4;

/**
 * Estimated tokens of a value's JSON text.
 *
 * @example estimateTokens({ a: 'abcd' }) // 3 (12 characters)
 */
export function estimateTokens(value: unknown): number {
  return Math.ceil((JSON.stringify(value) ?? '').length / CHARS_PER_TOKEN);
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isRecord(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A deep copy of `value` as JSON would carry it (functions and undefined dropped). */
function toJson(value: unknown): Json {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map((v) => toJson(v));
  if (typeof value === 'object') {
    // No prototype, own writes: an attribute named `__proto__` is copied like any other key.
    const out = emptyRecord<Json>();
    for (const [k, v] of Object.entries(value)) if (v !== undefined && typeof v !== 'function') setOwn(out, k, toJson(v));
    return out;
  }
  return null;
}

/** Every array (or every string) in the tree, with a setter to replace it. */
function collect<T extends Json>(root: Json, pick: (v: Json) => v is T): { path: string; value: T; set: (v: T) => void }[] {
  const out: { path: string; value: T; set: (v: T) => void }[] = [];
  const walk = (node: Json, path: string): void => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => {
        if (pick(child)) out.push({ path: `${path}[${i}]`, value: child, set: (v) => (node[i] = v) });
        walk(child, `${path}[${i}]`);
      });
    } else if (isRecord(node)) {
      for (const [key, child] of Object.entries(node)) {
        const p = path ? `${path}.${key}` : key;
        if (pick(child)) out.push({ path: p, value: child, set: (v) => setOwn(node, key, v) });
        walk(child, p);
      }
    }
  };
  walk(root, '');
  return out;
}

/** Largest n in [0, hi] with fits(n), given fits is monotone decreasing in size; -1 if none. */
function largestFitting(hi: number, fits: (n: number) => boolean): number {
  let lo = 0;
  let best = -1;
  let top = hi;
  while (lo <= top) {
    const mid = (lo + top) >> 1;
    if (fits(mid)) {
      best = mid;
      lo = mid + 1;
    } else top = mid - 1;
  }
  return best;
}

export interface TruncationOutcome {
  readonly result: unknown;
  /** What was cut, for the `truncated` note; undefined when nothing was. */
  readonly note?: string;
}

/**
 * Returns `result` unchanged when it fits `maxTokens` (0 = no cap); otherwise cut
 * per `strategy`: arrays lose items from the end (largest array first), or the
 * longest strings are shortened; either adds a `truncated` note to an object
 * result. `error` (or nothing left to cut) throws `invalid_arguments`, telling the
 * caller to narrow the request.
 */
export function fitResult(result: unknown, maxTokens: number, strategy: TruncationStrategy, toolName: string): TruncationOutcome {
  if (maxTokens <= 0 || estimateTokens(result) <= maxTokens) return { result };
  const tooBig = new InvalidArgumentsError(
    `The result of ${toolName} is about ${estimateTokens(result)} tokens, over its limit of ${maxTokens}; narrow the request (a smaller limit, a more specific query).`,
  );
  if (strategy === 'error') throw tooBig;
  const root = toJson(result);
  if (!isRecord(root)) throw tooBig;
  // Room for the note itself.
  const budget = maxTokens - 40;
  const fits = (): boolean => estimateTokens(root) <= budget;
  const notes: string[] = [];
  if (strategy === 'truncate-arrays') {
    const arrays = collect(root, (v): v is Json[] => Array.isArray(v)).sort(
      (a, b) => JSON.stringify(b.value).length - JSON.stringify(a.value).length || (a.path < b.path ? -1 : 1),
    );
    for (const { path, value, set } of arrays) {
      if (fits()) break;
      const full = value.slice();
      const kept = largestFitting(full.length, (n) => {
        set(full.slice(0, n));
        return fits();
      });
      const n = Math.max(0, kept);
      set(full.slice(0, n));
      notes.push(`${path}: kept ${n} of ${full.length} items`);
    }
  } else {
    const strings = collect(root, (v): v is string => typeof v === 'string').sort(
      (a, b) => b.value.length - a.value.length || (a.path < b.path ? -1 : 1),
    );
    for (const { path, value, set } of strings) {
      if (fits()) break;
      const kept = largestFitting(value.length, (n) => {
        set(`${value.slice(0, n)}…`);
        return fits();
      });
      const n = Math.max(0, kept);
      set(`${value.slice(0, n)}…`);
      notes.push(`${path}: kept ${n} of ${value.length} characters`);
    }
  }
  if (!fits()) throw tooBig;
  const note = `Result cut to fit ${maxTokens} tokens (${notes.join('; ')}).`;
  root['truncated'] = note;
  return { result: root, note };
}
