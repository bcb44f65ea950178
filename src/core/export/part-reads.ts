/**
 * The graph as a merge import's part reads it, batched: before the part's entities go
 * through the resolver one by one, the blocking keys of all of them are read at once
 * (ids only, one indexed request per distinct key, sent together), with the records
 * of the exact-key hits; the resolver then answers from memory what it would have
 * asked the store a request (and, in IndexedDB, a transaction) at a time. The graph
 * does not change while a part is planned (the import holds the writer and writes after
 * planning), so the answers are the store's own; a key or record not read beforehand
 * is asked of the store, so the view is never wrong, only slower. The candidates that
 * fuzzy keys would make the resolver read are found by running retrieval itself over the
 * read keys, and read together too.
 *
 * Memory: the keys' answers (ids only) and the records read are kept from batch to batch
 * of the part, up to `MAX_KEPT_KEYS` keys, `MAX_KEPT_IDS` ids and `MAX_KEPT_RECORDS`
 * records, past which they are dropped at the next `prefetch`: the graph does not change
 * while the part is planned, and later batches ask again for much of what earlier ones read
 * (at 10k into an empty graph: a third of the key reads, 87% of the record reads).
 *
 * @example
 *   const reads = new PartReads(store);
 *   await reads.prefetch(part.entities.map((e) => [e.name, ...e.aliases]));
 *   const resolver = createResolver({ store: reads, clock, settings: { networkLookups: false }, fuzzyKeys: reads.fuzzyKeys });
 */
import type { EntityId } from '../graph/ids';
import type { GraphStore } from '../graph/store';
import type { Entity } from '../graph/types';
import { exactKeysOf, fuzzyKeysOf, FuzzyKeyMemo, MAX_IDS_PER_KEY, retrieve } from '../resolve/retrieve';
import type { RetrievalStore } from '../resolve/retrieve';
import type { ResolverStore } from '../resolve/resolver';

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Key answers kept across a part's batches: a part of 5,000 entities asks ~27k distinct keys,
 * and one batch may hold 500 × ~10 keys × up to 64 ids; past these (a few MB), the answers are
 * dropped at the next batch, as every batch did before.
 */
const MAX_KEPT_KEYS = 60_000;
const MAX_KEPT_IDS = 150_000;
/**
 * Records kept across a part's batches: most candidates recur (87% of the records a batch read
 * had been read by an earlier batch of its part, at 10k into an empty graph). A generated
 * entity holds ~1.8 KB, so ~14 MB at most; one batch alone may read more (24 candidates a name).
 */
const MAX_KEPT_RECORDS = 8000;
/** One shared answer for the keys that find nothing (most keys, into a new graph). */
const NO_IDS: readonly EntityId[] = Object.freeze([]);

/**
 * Runs store reads together in one store transaction (in IndexedDB a read outside one is
 * a transaction of its own): `reads` must only call the store.
 *
 * @example const pages = await together(store, () => urls.map((u) => store.getPage(u)));
 */
export function together<T>(store: Pick<GraphStore, 'transaction'>, reads: () => readonly Promise<T>[]): Promise<T[]> {
  return store.transaction(() => Promise.all(reads()));
}

export class PartReads implements ResolverStore {
  /** Each key read beforehand: its first `MAX_IDS_PER_KEY` entity ids, by id (as the store's index orders them). */
  private readonly idsOfKey = new Map<string, readonly EntityId[]>();
  /** Ids held in `idsOfKey`. */
  private keptIds = 0;
  private readonly records = new Map<EntityId, Entity>();

  /**
   * @param fuzzyKeys the names' fuzzy keys, computed once: give the same memo to the resolver
   *   that resolves the batch (`createResolver({ fuzzyKeys })`).
   */
  constructor(
    private readonly store: Pick<GraphStore, keyof ResolverStore | 'transaction'>,
    readonly fuzzyKeys: FuzzyKeyMemo = new FuzzyKeyMemo(),
  ) {}

  /**
   * Reads what the resolver will ask for subjects going by `names` (one list of names per
   * subject), in three store transactions: the exact keys of all; the fuzzy keys of those
   * no exact key finds, with the records of the exact hits; the fuzzy candidates. What earlier
   * calls read is kept while under bounds (not read again).
   */
  async prefetch(names: readonly (readonly string[])[]): Promise<void> {
    if (this.idsOfKey.size > MAX_KEPT_KEYS || this.keptIds > MAX_KEPT_IDS) {
      this.idsOfKey.clear();
      this.keptIds = 0;
    }
    if (this.records.size > MAX_KEPT_RECORDS) this.records.clear();
    const exactOf = names.map((n) => exactKeysOf(n));
    await this.readKeys(exactOf.flat());
    const fuzzyNames = names.filter((_, i) => !(exactOf[i] ?? []).some((k) => (this.idsOfKey.get(k)?.length ?? 0) > 0));
    const hits = [...new Set(exactOf.flat().flatMap((k) => this.idsOfKey.get(k) ?? []))];
    await this.readKeys(
      fuzzyNames.flatMap((n) => {
        const { signature, token } = fuzzyKeysOf(n, this.fuzzyKeys);
        return [...signature, ...token];
      }),
      hits,
    );
    // Retrieval itself, over what was read, says which candidates it keeps (and reads nothing).
    const wanted = new Set<EntityId>();
    const noting: RetrievalStore = {
      findEntitiesByKeys: (keys, limit) => this.findEntitiesByKeys(keys, limit),
      entityIdsByKey: (key, limit) => this.entityIdsByKey(key, limit),
      getEntities: async (ids) => {
        for (const id of ids) if (!this.records.has(id)) wanted.add(id);
        return ids.flatMap((id) => this.records.get(id) ?? []);
      },
    };
    for (const n of fuzzyNames) await retrieve(noting, n, { fuzzy: true, fuzzyKeys: this.fuzzyKeys });
    await this.readKeys([], [...wanted]);
  }

  /** Reads the ids of `keys` not read yet, and the records of `ids`, in one store transaction. */
  private async readKeys(keys: readonly string[], ids: readonly EntityId[] = []): Promise<void> {
    const unread = [...new Set(keys)].filter((k) => !this.idsOfKey.has(k));
    const missing = ids.filter((id) => !this.records.has(id));
    if (unread.length === 0 && missing.length === 0) return;
    const { store } = this;
    const [entities, ...found] = await store.transaction(() =>
      Promise.all([
        missing.length === 0 ? Promise.resolve([]) : store.getEntities(missing),
        ...unread.map((k) => store.entityIdsByKey(k, MAX_IDS_PER_KEY)),
      ]),
    );
    for (const e of entities ?? []) this.records.set(e.id, e);
    for (const [i, k] of unread.entries()) {
      const idsFound = found[i] ?? NO_IDS;
      this.idsOfKey.set(k, idsFound.length === 0 ? NO_IDS : idsFound);
      this.keptIds += idsFound.length;
    }
  }

  async entityIdsByKey(key: string, limit: number): Promise<EntityId[]> {
    const known = this.idsOfKey.get(key);
    if (known === undefined || limit > MAX_IDS_PER_KEY) return this.store.entityIdsByKey(key, limit);
    return known.slice(0, limit);
  }

  async findEntitiesByKeys(keys: readonly string[], limit: number): Promise<Entity[]> {
    if (limit > MAX_IDS_PER_KEY || keys.some((k) => !this.idsOfKey.has(k))) return this.store.findEntitiesByKeys(keys, limit);
    // Each key's first ids hold the union's first `limit` (the store's own reasoning).
    const union = [...new Set(keys.flatMap((k) => this.idsOfKey.get(k) ?? []))].sort(byString).slice(0, limit);
    return this.getEntities(union);
  }

  async getEntities(ids: readonly EntityId[]): Promise<Entity[]> {
    const missing = ids.filter((id) => !this.records.has(id));
    if (missing.length > 0) for (const e of await this.store.getEntities(missing)) this.records.set(e.id, e);
    return ids.flatMap((id) => this.records.get(id) ?? []);
  }

  async getEntity(id: EntityId): Promise<Entity | undefined> {
    return (await this.getEntities([id]))[0];
  }

  relationshipsOf: ResolverStore['relationshipsOf'] = (id, direction, limit) => this.store.relationshipsOf(id, direction, limit);
  evidenceOfEntity: ResolverStore['evidenceOfEntity'] = (id, limit) => this.store.evidenceOfEntity(id, limit);
  getPage: ResolverStore['getPage'] = (url) => this.store.getPage(url);
}
