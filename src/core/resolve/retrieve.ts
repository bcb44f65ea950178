/**
 * Retrieval: the candidate set of a subject, read through the blocking indexes
 * persisted on entities (`Entity.keys`), never by scanning the graph. Exact keys
 * (normalized name, aliases, authority ids) first; then token and MinHash/LSH keys,
 * each asked separately so a key shared by too many entities can be skipped.
 */
import { aliasIndexKey, authorityIndexKey, nameIndexKey, signatureKeys, tokenIndexKey } from '../graph/keys';
import type { GraphStore } from '../graph/store';
import type { Entity } from '../graph/types';
import { nameKey, tokens } from '../text/normalize';

/** Entities read by exact keys; more same-name homonyms than this is pathological. */
const EXACT_LIMIT = 50;
/**
 * A token or signature key matching this many entities says little ("inc", "john"):
 * it is skipped rather than letting it flood the candidate set.
 */
const COMMON_KEY_LIMIT = 64;
/** Fuzzy candidates kept after voting (most shared keys first). */
const FUZZY_LIMIT = 40;
/** Names looked up per request (subject, hint aliases, page expansions). */
const MAX_NAMES = 6;
/** Tokens looked up per name; long names add little past this. */
const MAX_TOKENS_PER_NAME = 6;

export interface Retrieval {
  readonly entities: readonly Entity[];
  readonly exactCount: number;
  readonly keysAsked: number;
  readonly skippedCommonKeys: number;
}

/**
 * @example
 *   const { entities } = await retrieve(store, ['Stripe, Inc.'], { fuzzy: true });
 */
export async function retrieve(
  store: GraphStore,
  names: readonly string[],
  options: { readonly fuzzy: boolean; readonly authorityIds?: readonly string[] },
): Promise<Retrieval> {
  const keys = [...new Set(names.map((n) => nameKey(n)).filter((k) => k.length > 0))].slice(0, MAX_NAMES);
  const exactKeys = new Set<string>();
  for (const k of keys) {
    exactKeys.add(nameIndexKey(k));
    exactKeys.add(aliasIndexKey(k));
  }
  for (const id of options.authorityIds ?? []) exactKeys.add(authorityIndexKey(id));
  const exact = await store.findEntitiesByKeys([...exactKeys].sort(), EXACT_LIMIT);
  const seen = new Set(exact.map((e) => e.id));
  let keysAsked = exactKeys.size;
  let skipped = 0;
  if (!options.fuzzy) return { entities: exact, exactCount: exact.length, keysAsked, skippedCommonKeys: 0 };

  const fuzzyKeys = new Set<string>();
  for (const k of keys) {
    for (const tok of tokens(k).filter((t) => t.length >= 2).slice(0, MAX_TOKENS_PER_NAME)) fuzzyKeys.add(tokenIndexKey(tok));
    for (const sig of signatureKeys(k)) fuzzyKeys.add(sig);
  }
  const votes = new Map<string, { entity: Entity; votes: number }>();
  for (const key of [...fuzzyKeys].sort()) {
    keysAsked++;
    const hits = await store.findEntitiesByKeys([key], COMMON_KEY_LIMIT);
    if (hits.length >= COMMON_KEY_LIMIT) {
      skipped++;
      continue;
    }
    for (const e of hits) {
      if (seen.has(e.id)) continue;
      const v = votes.get(e.id);
      if (v) v.votes++;
      else votes.set(e.id, { entity: e, votes: 1 });
    }
  }
  const fuzzy = [...votes.values()]
    .sort((a, b) => b.votes - a.votes || (a.entity.id < b.entity.id ? -1 : a.entity.id > b.entity.id ? 1 : 0))
    .slice(0, FUZZY_LIMIT)
    .map((v) => v.entity);
  return { entities: [...exact, ...fuzzy], exactCount: exact.length, keysAsked, skippedCommonKeys: skipped };
}
