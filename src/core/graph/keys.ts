/**
 * The derived lookup keys persisted on every entity (`Entity.keys`, multi-entry
 * indexed). They are the blocking indexes of retrieval: a resolver or a search
 * asks the store for entities sharing a key, never scans all entities.
 *
 *   n:<name key>    the normalized name
 *   a:<alias key>   each normalized alias
 *   t:<token>       each token of the name and aliases (2+ characters)
 *   x:<authority>   the authority id, e.g. x:Q123
 *   m:<band>.<hash> MinHash/LSH band signatures of the name's character 3-grams, so a
 *                   misspelt or slightly different name finds it (graphiti's approach)
 */
import { charNgrams, fnv1a, nameKey, tokens } from '../text/normalize';
import { fmix32 } from '../random';

export interface KeySource {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly authorityId?: string;
}

export function nameIndexKey(name: string): string {
  return `n:${nameKey(name)}`;
}
export function aliasIndexKey(alias: string): string {
  return `a:${nameKey(alias)}`;
}
export function tokenIndexKey(token: string): string {
  return `t:${token}`;
}
export function authorityIndexKey(id: string): string {
  return `x:${id}`;
}

/** All keys of an entity, deduplicated and sorted (stable for equality checks). */
export function indexKeys(source: KeySource): string[] {
  const keys = new Set<string>();
  keys.add(nameIndexKey(source.name));
  for (const tok of tokens(source.name)) if (tok.length >= 2) keys.add(tokenIndexKey(tok));
  for (const alias of source.aliases) {
    keys.add(aliasIndexKey(alias));
    for (const tok of tokens(alias)) if (tok.length >= 2) keys.add(tokenIndexKey(tok));
  }
  if (source.authorityId) keys.add(authorityIndexKey(source.authorityId));
  for (const k of signatureKeys(source.name)) keys.add(k);
  // Signatures of the first few aliases only: each alias adds LSH_BANDS keys.
  for (const alias of source.aliases.slice(0, SIGNED_ALIASES)) for (const k of signatureKeys(alias)) keys.add(k);
  return [...keys].sort();
}

/** MinHash functions = LSH_BANDS × LSH_ROWS. */
export const LSH_BANDS = 6;
/**
 * Two rows per band: names whose 3-gram Jaccard is 0.5 share a band with probability
 * 1-(1-0.5²)⁶ ≈ 0.82, at 0.3 only ≈ 0.43, so typos are found and unrelated names rarely.
 */
export const LSH_ROWS = 2;
/** Aliases beyond this many get no signature keys (bounds the key count per entity). */
const SIGNED_ALIASES = 4;

/**
 * MinHash/LSH band keys (`m:<band>.<hash>`) of a name's normalized character 3-grams.
 * Two names sharing any band key are likely similar; retrieval asks for these keys.
 *
 * @example
 *   signatureKeys('Leicestershire').length // 6
 */
export function signatureKeys(name: string): string[] {
  const key = nameKey(name);
  if (key.length === 0) return [];
  const hashes = [...charNgrams(key, 3)].map((g) => fnv1a(g));
  const out: string[] = [];
  for (let band = 0; band < LSH_BANDS; band++) {
    const mins: number[] = [];
    for (let row = 0; row < LSH_ROWS; row++) {
      // One independent-looking permutation per (band, row): the base hash mixed with a seed.
      const seed = Math.imul(band * LSH_ROWS + row + 1, 0x9e3779b1);
      let min = 0xffffffff;
      for (const h of hashes) {
        const v = fmix32(h ^ seed);
        if (v < min) min = v;
      }
      mins.push(min);
    }
    out.push(`m:${band}.${fnv1a(mins.join(',')).toString(36)}`);
  }
  return out;
}
