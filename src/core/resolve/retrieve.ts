/**
 * Retrieval: the candidate set of a subject, read through the blocking indexes
 * persisted on entities (`Entity.keys`), never by scanning the graph. Exact keys
 * (normalized name, aliases, authority ids) first; then MinHash/LSH keys and, unless
 * those already found a near-duplicate, word keys, each asked separately so a key
 * shared by too many entities can be skipped.
 */
import { aliasIndexKey, authorityIndexKey, nameIndexKey, signatureKeys, tokenIndexKey } from '../graph/keys';
import type { EntityId } from '../graph/ids';
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
const FUZZY_LIMIT = 24;
/**
 * Signature bands an entity must share with the subject to count as a near-duplicate
 * (half of them: 3-gram Jaccard around 0.7 or more), which makes word keys unnecessary.
 */
const NEAR_DUPLICATE_BANDS = 3;
/** Names looked up per request (subject, hint aliases, page expansions). */
const MAX_NAMES = 6;
/** Tokens looked up per name; long names add little past this. */
const MAX_TOKENS_PER_NAME = 6;

/** A bounded memory of too-common keys (oldest forgotten first). */
export class CommonKeyMemo {
  private readonly keys = new Set<string>();
  constructor(private readonly capacity = 10_000) {}
  has(key: string): boolean {
    return this.keys.has(key);
  }
  add(key: string): void {
    if (this.keys.size >= this.capacity) {
      const oldest = this.keys.values().next();
      if (!oldest.done) this.keys.delete(oldest.value);
    }
    this.keys.add(key);
  }
}

/** A name key's fuzzy keys: its MinHash band keys and its word keys (2+ characters, the first `MAX_TOKENS_PER_NAME`). */
interface NameFuzzyKeys {
  readonly signature: readonly string[];
  readonly token: readonly string[];
}

function fuzzyKeysOfKey(key: string): NameFuzzyKeys {
  return {
    signature: signatureKeys(key),
    token: tokens(key)
      .filter((t) => t.length >= 2)
      .slice(0, MAX_TOKENS_PER_NAME)
      .map(tokenIndexKey),
  };
}

/**
 * The fuzzy keys of the names seen lately, by name key, so that a bulk caller computes each
 * name's MinHash signature once: a merge import asks for the same names three times (its
 * batched read, the retrieval that picks the candidates to read, then the resolver), each
 * computing 12 hashes over every 3-gram. Bounded: the oldest name is forgotten first; one
 * merge batch holds at most 500 × 6 name keys.
 *
 * @example
 *   const memo = new FuzzyKeyMemo();
 *   fuzzyKeysOf(['Stripe'], memo); fuzzyKeysOf(['Stripe'], memo);
 *   memo.computed; // 1
 */
export class FuzzyKeyMemo {
  private readonly known = new Map<string, NameFuzzyKeys>();
  /** Name keys whose fuzzy keys were computed (not found here). */
  computed = 0;
  constructor(private readonly capacity = 4096) {}

  of(key: string): NameFuzzyKeys {
    const known = this.known.get(key);
    if (known !== undefined) return known;
    this.computed++;
    const keys = fuzzyKeysOfKey(key);
    if (this.known.size >= this.capacity) {
      const oldest = this.known.keys().next();
      if (!oldest.done) this.known.delete(oldest.value);
    }
    this.known.set(key, keys);
    return keys;
  }
}

export interface Retrieval {
  readonly entities: readonly Entity[];
  readonly exactCount: number;
  readonly keysAsked: number;
  readonly skippedCommonKeys: number;
  /** Word keys were not asked: a signature-key candidate was already a near-duplicate. */
  readonly nearDuplicate: boolean;
}

/** What retrieval reads from the graph: records by exact keys, ids by fuzzy keys, records by id. */
export type RetrievalStore = Pick<GraphStore, 'findEntitiesByKeys' | 'entityIdsByKey' | 'getEntities'>;

/** A subject's names as normalized keys (at most `MAX_NAMES`). */
function nameKeysOf(names: readonly string[]): string[] {
  return [...new Set(names.map((n) => nameKey(n)).filter((k) => k.length > 0))].slice(0, MAX_NAMES);
}

/**
 * The exact keys `retrieve` asks for `names` (together, sorted): normalized name and alias
 * keys of each name, and authority ids. Exported so a bulk path can read the keys of many
 * subjects at once (a merge import's part).
 *
 * @example exactKeysOf(['Stripe, Inc.']) // ['a:stripe', 'n:stripe']
 */
export function exactKeysOf(names: readonly string[], authorityIds: readonly string[] = []): string[] {
  const exact = new Set<string>();
  for (const k of nameKeysOf(names)) {
    exact.add(nameIndexKey(k));
    exact.add(aliasIndexKey(k));
  }
  for (const id of authorityIds) exact.add(authorityIndexKey(id));
  return [...exact].sort();
}

/**
 * The fuzzy keys `retrieve` may ask for `names` when no exact key matched, one by one in
 * this order: signature keys (sorted), then word keys (sorted). With a `memo`, each name's
 * are computed once while the memo holds them.
 *
 * @example fuzzyKeysOf(['Stripe']).token // ['t:stripe']
 */
export function fuzzyKeysOf(names: readonly string[], memo?: FuzzyKeyMemo): NameFuzzyKeys {
  const signature = new Set<string>();
  const token = new Set<string>();
  for (const k of nameKeysOf(names)) {
    const keys = memo === undefined ? fuzzyKeysOfKey(k) : memo.of(k);
    for (const t of keys.token) token.add(t);
    for (const sig of keys.signature) signature.add(sig);
  }
  return { signature: [...signature].sort(), token: [...token].sort() };
}

/** Ids a key is asked for at most (exact keys: records up to `EXACT_LIMIT`; fuzzy keys: ids up to `COMMON_KEY_LIMIT`). */
export const MAX_IDS_PER_KEY = Math.max(EXACT_LIMIT, COMMON_KEY_LIMIT);

/**
 * @example
 *   const { entities } = await retrieve(store, ['Stripe, Inc.'], { fuzzy: true });
 */
export async function retrieve(
  store: RetrievalStore,
  names: readonly string[],
  options: {
    readonly fuzzy: boolean;
    readonly authorityIds?: readonly string[];
    /**
     * Keys already seen to be too common, skipped without asking the store. Keys only
     * grow more common as the graph grows, so remembering them changes no answer.
     */
    readonly commonKeys?: CommonKeyMemo;
    /** Fuzzy keys of names seen before (a bulk caller's), not computed again. */
    readonly fuzzyKeys?: FuzzyKeyMemo;
  },
): Promise<Retrieval> {
  const exactKeys = exactKeysOf(names, options.authorityIds);
  const exact = await store.findEntitiesByKeys(exactKeys, EXACT_LIMIT);
  const seen = new Set<string>(exact.map((e) => e.id));
  let keysAsked = exactKeys.length;
  let skipped = 0;
  // An exact key hit outranks any fuzzy candidate by far (log-odds ~5 apart), so the
  // fuzzy keys are only asked when no exact key matched.
  if (!options.fuzzy || exact.length > 0)
    return { entities: exact, exactCount: exact.length, keysAsked, skippedCommonKeys: 0, nearDuplicate: false };

  // Votes by id: a fuzzy key is asked for ids only (the index, no record), and only the
  // candidates kept after voting are read.
  const votes = new Map<EntityId, number>();
  const ask = async (key: string): Promise<void> => {
    if (options.commonKeys?.has(key)) {
      skipped++;
      return;
    }
    keysAsked++;
    const hits = await store.entityIdsByKey(key, COMMON_KEY_LIMIT);
    if (hits.length >= COMMON_KEY_LIMIT) {
      options.commonKeys?.add(key);
      skipped++;
      return;
    }
    for (const id of hits) if (!seen.has(id)) votes.set(id, (votes.get(id) ?? 0) + 1);
  };
  // Signature keys first: they are selective (whole-name 3-gram bands). When one entity
  // already shares several bands it is a near-duplicate of the subject (a typo, a variant)
  // and the word keys, which are often shared by thousands of names ("john", "systems"),
  // are not asked at all.
  const asked = fuzzyKeysOf(names, options.fuzzyKeys);
  for (const key of asked.signature) await ask(key);
  const nearDuplicate = [...votes.values()].some((v) => v >= NEAR_DUPLICATE_BANDS);
  if (!nearDuplicate) for (const key of asked.token) await ask(key);
  const kept = [...votes]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, FUZZY_LIMIT)
    .map(([id]) => id);
  const fuzzy = kept.length === 0 ? [] : await store.getEntities(kept);
  return { entities: [...exact, ...fuzzy], exactCount: exact.length, keysAsked, skippedCommonKeys: skipped, nearDuplicate };
}
