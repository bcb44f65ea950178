/**
 * The compiled typed name lists (`names.generated.ts`, built by
 * `tooling/build-gazetteer.ts`) as a case-sensitive lookup, and a scan that finds
 * every listed name in a text on token boundaries (longest first).
 */
import type { Token } from '../../nlp';
import { KNOWN_NAMES } from './names.generated';

/** t technology, p product, c company, l location, b brand (company, product or technology by context). */
export type KnownCode = 't' | 'p' | 'c' | 'l' | 'b';

/** Longest listed name considered, in tokens ("Hugging Face Transformers" is 3). */
const MAX_NAME_TOKENS = 5;

export interface KnownSpan {
  readonly start: number;
  readonly end: number;
  /** Index of the first and one past the last token. */
  readonly first: number;
  readonly last: number;
  readonly text: string;
  readonly code: KnownCode;
}

let table: Map<string, KnownCode> | undefined;

function isCode(c: string): c is KnownCode {
  return c === 't' || c === 'p' || c === 'c' || c === 'l' || c === 'b';
}

/** The name → code table, parsed once per context. */
export function knownNames(): ReadonlyMap<string, KnownCode> {
  if (table !== undefined) return table;
  const t = new Map<string, KnownCode>();
  for (const line of KNOWN_NAMES.split('\n')) {
    const tab = line.lastIndexOf('\t');
    const code = line.slice(tab + 1);
    if (tab > 0 && isCode(code)) t.set(line.slice(0, tab), code);
  }
  table = t;
  return t;
}

/**
 * Listed names in `text`, exact case, whole tokens, longest match first, non-overlapping.
 *
 * @example
 *   findKnownNames('Written in Rust on Linux.', tokenize('Written in Rust on Linux.'))
 *   // [{ text: 'Rust', code: 't', … }, { text: 'Linux', code: 't', … }]
 */
export function findKnownNames(text: string, tokens: readonly Token[]): KnownSpan[] {
  const names = knownNames();
  const out: KnownSpan[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const first = tokens[i];
    if (first === undefined || !/^[\p{Lu}\p{N}.]/u.test(first.text)) continue;
    for (let k = Math.min(MAX_NAME_TOKENS, tokens.length - i); k >= 1; k--) {
      const last = tokens[i + k - 1];
      if (last === undefined) continue;
      const surface = text.slice(first.start, last.end);
      const code = names.get(surface);
      if (code === undefined) continue;
      out.push({ start: first.start, end: last.end, first: i, last: i + k, text: surface, code });
      i += k - 1;
      break;
    }
  }
  return out;
}
