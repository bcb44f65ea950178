/**
 * `NameIndex`: in-memory, typo-tolerant search over entity names and aliases.
 *
 * Each name or alias is an entry (twice when it has a legal suffix: with and without);
 * its folded key is cut into
 * character 3-grams of ` key ` (padded, so word starts and ends are grams) plus a
 * word-start 2-gram per word (so one- and two-letter queries work). Postings are
 * growable `Int32Array`s of entry numbers. A query counts shared grams per entry
 * with a `Uint16Array` (rare grams first, very common ones skipped), keeps a bounded
 * candidate set (share of the query's grams, blended with Jaccard), re-scores the
 * candidates with `scoreName` (prefix bands, Damerau–Levenshtein, Jaro–Winkler) and
 * returns the best per entity. Without a confident match, a wide pass adds the common
 * grams to the same counts and scores only candidates not scored yet; the per-query
 * scratch (counts, touched entries, rank buckets, scored marks) is typed arrays reused
 * across queries, and `lastSearchWork` reports what a query cost.
 *
 * Built from the store at start-up (`load`, paged) and kept current by the graph
 * service's change events (`attach`). Removed entries are tombstoned and compacted
 * away once they are a quarter of the index.
 *
 * @example
 *   const index = await NameIndex.load(store);
 *   index.attach(graph);
 *   index.search('strpie', { limit: 5 }); // [{ id, name: 'Stripe', type: 'company', score: 0.8, … }]
 */
import type { EntityId } from '../graph/ids';
import type { GraphChange } from '../graph/events';
import type { GraphStore } from '../graph/store';
import type { Entity, EntityType } from '../graph/types';
import { nameKey, tokens } from '../text/normalize';
import { scoreName } from './similarity';

/** Candidates re-scored per query: bounds the expensive step; the true match is nearly always in it. */
export const MAX_CANDIDATES = 96;
/**
 * Candidates of the second, exhaustive pass (only for queries without a confident match),
 * counting the first pass's. 256 keeps recall@5 at 100k names (a true match ranked past
 * 256 by gram overlap was 1 query in 2,000); 512 doubled the tail for nothing.
 */
export const WIDE_CANDIDATES = 256;
/** A best score under this means "no confident match yet": typically a typo near a word start. */
const CONFIDENT_SCORE = 0.72;
/** Gram-overlap ranks are bucketed this finely for a linear-time top-k. */
const RANK_BUCKETS = 128;
/** A gram in more than this share of entries is skipped when rarer grams exist. */
const COMMON_GRAM_SHARE = 0.05;
/** Results returned at most. */
export const MAX_SEARCH_RESULTS = 100;
/** Default results. */
export const DEFAULT_SEARCH_LIMIT = 10;
/** Results scoring below this are noise. */
export const MIN_SEARCH_SCORE = 0.3;
/**
 * The floor of a result worth showing a person (search box, names in questions). On a
 * graph of 43 corpus pages (1,030 entities) one-typo queries scored 0.73–0.98 against
 * their entity ("hackerank" → HackerRank 0.79, "appel" → Apple 0.73), while queries
 * naming nothing in the graph topped out at 0.61 ("Audrey Tang" → Andrew Ng, "Nvidia"'s
 * runner-up India 0.55): see docs/figures.md.
 */
export const RELEVANT_SCORE = 0.65;
/** Entities read per page when loading from the store. */
const LOAD_PAGE = 1000;

export interface SearchHit {
  readonly id: EntityId;
  readonly name: string;
  readonly type: EntityType;
  /** 0..1, best first. */
  readonly score: number;
  /** The alias that matched, when it was not the name. */
  readonly matchedAlias?: string;
}

export interface SearchOptions {
  readonly limit?: number;
  readonly types?: readonly EntityType[];
  readonly minScore?: number;
}

/** Work of one `search` call: a deterministic cost, unlike its time. */
export interface SearchWork {
  /** Posting-list entries read while counting shared grams. */
  postingsScanned: number;
  /** Entries re-scored with `scoreName`. */
  candidatesScored: number;
  /** The second, wider pass ran (no confident match in the first). */
  widePass: boolean;
}

/** One query's posting lists (rarest first) and how far counting got. */
interface QueryState {
  readonly lists: readonly { readonly list: Int32Array; readonly len: number }[];
  readonly queryGrams: number;
  /** Next list to count. */
  next: number;
  /** Lists counted so far. */
  counted: number;
}

interface EntityRecord {
  readonly id: EntityId;
  readonly name: string;
  readonly type: EntityType;
  /** Name then aliases, as given (to skip no-op updates). */
  readonly texts: readonly string[];
  readonly entries: readonly number[];
}

interface EntryRecord {
  readonly entity: EntityId;
  readonly text: string;
  readonly key: string;
  readonly words: readonly string[];
  readonly isAlias: boolean;
  /** The key is the name without its legal suffix. */
  readonly stripped: boolean;
}

/** Folded words joined by one space: the search form of a name (legal suffix kept). */
function searchKey(text: string): string {
  return tokens(text).join(' ');
}

function gramsOf(key: string): string[] {
  const padded = ` ${key} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  for (const word of key.split(' ')) if (word.length > 0) grams.add(` ${word.charAt(0)}`);
  return [...grams];
}

/** The search entries of a name and its aliases: the full folded form and the form without a legal suffix, each once. */
function entriesOf(texts: readonly string[]): { text: string; key: string; isAlias: boolean; stripped: boolean }[] {
  const out: { text: string; key: string; isAlias: boolean; stripped: boolean }[] = [];
  const seen = new Set<string>();
  texts.forEach((text, i) => {
    // The full folded form ("treaty group") and the form without a legal suffix
    // ("treaty"): a typo in the suffix must not hide the name, nor the suffix an exact match.
    const full = searchKey(text);
    for (const key of [full, nameKey(text)]) {
      if (key.length === 0 || seen.has(key)) continue;
      seen.add(key);
      out.push({ text, key, isAlias: i > 0, stripped: key !== full });
    }
  });
  return out;
}

/** An entry's score for a query, as `search` ranks it: an alias (or suffix-less) match is worth slightly less than the same match on the name. */
function entryScore(
  key: string,
  words: readonly string[],
  entry: { key: string; isAlias: boolean; stripped: boolean },
  entryWords: readonly string[],
): number {
  return scoreName(key, entry.key, words, entryWords) * (entry.isAlias ? 0.98 : 1) * (entry.stripped ? 0.99 : 1);
}

/**
 * The best hit of one entity for `query`, scored exactly as `NameIndex.search` scores it
 * (for searches that find candidates elsewhere, e.g. in the persisted key index).
 *
 * @example
 *   scoreEntity('strpie', stripe)?.score // ≈ 0.8
 */
export function scoreEntity(query: string, entity: Pick<Entity, 'id' | 'name' | 'type' | 'aliases'>): SearchHit | undefined {
  const key = searchKey(query);
  if (key.length === 0) return undefined;
  const words = key.split(' ');
  let best: { score: number; text: string; isAlias: boolean } | undefined;
  for (const entry of entriesOf([entity.name, ...entity.aliases])) {
    const score = entryScore(key, words, entry, entry.key.split(' '));
    if (!best || score > best.score) best = { score, text: entry.text, isAlias: entry.isAlias };
  }
  if (!best) return undefined;
  return {
    id: entity.id,
    name: entity.name,
    type: entity.type,
    score: Math.round(best.score * 1000) / 1000,
    ...(best.isAlias ? { matchedAlias: best.text } : {}),
  };
}

/** Best first; ties by name then id (the order of every search). */
export function byHitOrder(a: SearchHit, b: SearchHit): number {
  return b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * How well `query` matches one name, 0..1, scored as `search` scores it.
 *
 * @example nameMatchScore('hackerank', 'HackerRank') // ≈ 0.79
 */
export function nameMatchScore(query: string, name: string): number {
  const q = searchKey(query);
  const n = searchKey(name);
  return scoreName(q, n, q.split(' '), n.split(' '));
}

export class NameIndex {
  private readonly gramIds = new Map<string, number>();
  private postings: Int32Array[] = [];
  private postingLengths = new Int32Array(1024);
  private entries: (EntryRecord | undefined)[] = [];
  private readonly entities = new Map<EntityId, EntityRecord>();
  private dead = 0;
  /** Per-query scratch, reused: shared-gram count per entry, the entries counted, their rank bucket, and the epoch in which each was scored. */
  private counts = new Uint16Array(1024);
  private touched = new Int32Array(1024);
  private touchedCount = 0;
  private ranks = new Uint8Array(1024);
  private scored = new Uint32Array(1024);
  private epoch = 0;
  private work: SearchWork = { postingsScanned: 0, candidatesScored: 0, widePass: false };
  /** Grams per entry, for the Jaccard part of candidate ranking. */
  private gramCounts = new Uint16Array(1024);
  /** Where `find` goes while this index is not filled (see `follow`). */
  private fallback: ((query: string, options: SearchOptions) => Promise<SearchHit[]>) | undefined;
  /** A `follow` index's bound and fallback: past `max` entities it empties itself and answers from `fallback` for good. */
  private overflowed = false;
  private overflow:
    { readonly max: number; readonly fallback: (query: string, options: SearchOptions) => Promise<SearchHit[]> } | undefined;

  /**
   * An index that costs nothing at start: it follows `source`'s changes from now on,
   * answers `find` from `fallback` (a search over the persisted key index) and, when the
   * store holds at most `maxInMemory` entities (a counter read), fills itself from the
   * store in the background, a page at a time, without holding the graph's writer; once
   * full, `find` answers from memory. A change that arrives while filling wins over the
   * page read before it (its entity is skipped by the fill). Above `maxInMemory` the index
   * stays empty and every search reads the persisted keys: memory does not grow with the graph.
   *
   * @example
   *   const { index, filled } = NameIndex.follow(store, graph, { fallback: (q, o) => searchByKeys(store, q, o), maxInMemory: 20_000 });
   *   await index.find('strpie'); // answered at once, from the keys until `filled` settles
   */
  static follow(
    store: Pick<GraphStore, 'countEntities' | 'listEntities'>,
    source: { subscribe(listener: (change: GraphChange) => void): () => void },
    options: {
      readonly fallback: (query: string, options: SearchOptions) => Promise<SearchHit[]>;
      readonly maxInMemory: number;
      readonly pageSize?: number;
    },
  ): { readonly index: NameIndex; readonly filled: Promise<boolean> } {
    const index = new NameIndex();
    index.fallback = options.fallback;
    // A graph that grows past the bound after the fill (a large import) empties the index again.
    index.overflow = { max: options.maxInMemory, fallback: options.fallback };
    const touched = new Set<EntityId>();
    let filling = true;
    source.subscribe((change) => {
      if (!filling) return;
      if (change.kind === 'entity.put' || change.kind === 'entity.removed') touched.add(change.entity.id);
    });
    index.attach(source);
    const pageSize = options.pageSize ?? LOAD_PAGE;
    const filled = (async () => {
      try {
        if ((await store.countEntities()) > options.maxInMemory) return false;
        let after: string | undefined;
        for (;;) {
          const page = await store.listEntities({ limit: pageSize, ...(after === undefined ? {} : { after }) });
          for (const entity of page) if (!touched.has(entity.id)) index.upsert(entity);
          if (index.overflowed) return false;
          const last = page[page.length - 1];
          if (!last || page.length < pageSize) break;
          after = last.id;
        }
        index.fallback = undefined;
        return true;
      } finally {
        filling = false;
        touched.clear();
      }
    })();
    return { index, filled };
  }

  /** Whether `search` sees every entity (false while a `follow` index answers from its fallback). */
  get complete(): boolean {
    return this.fallback === undefined;
  }

  /**
   * `search`, or while this index is not filled, its fallback: what every caller outside
   * this module uses.
   *
   * @example
   *   const hits = await index.find('strpie', { limit: 5 });
   */
  async find(query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
    const fallback = this.fallback;
    return fallback ? fallback(query, options) : this.search(query, options);
  }

  /** Entities indexed. */
  get size(): number {
    return this.entities.size;
  }

  /** Builds the index from every entity of the store, a page at a time. */
  static async load(store: GraphStore, pageSize = LOAD_PAGE): Promise<NameIndex> {
    const index = new NameIndex();
    let after: string | undefined;
    for (;;) {
      const page = await store.listEntities({ limit: pageSize, ...(after === undefined ? {} : { after }) });
      for (const entity of page) index.upsert(entity);
      const last = page[page.length - 1];
      if (!last || page.length < pageSize) break;
      after = last.id;
    }
    return index;
  }

  /** Follows a graph service's committed changes. Returns the unsubscribe function. */
  attach(source: { subscribe(listener: (change: GraphChange) => void): () => void }): () => void {
    return source.subscribe((change) => {
      if (change.kind === 'entity.put') this.upsert(change.entity);
      else if (change.kind === 'entity.removed') this.remove(change.entity.id);
    });
  }

  /** Adds or replaces an entity's names. */
  upsert(entity: Pick<Entity, 'id' | 'name' | 'type' | 'aliases'>): void {
    if (this.overflowed) return;
    const texts = [entity.name, ...entity.aliases];
    const old = this.entities.get(entity.id);
    if (old === undefined && this.overflow !== undefined && this.entities.size >= this.overflow.max) {
      // Past the bound (a large import into a small graph): memory stays bounded, searches read the persisted keys.
      this.fallback = this.overflow.fallback;
      this.overflowed = true;
      this.empty();
      return;
    }
    if (old && old.type === entity.type && old.texts.length === texts.length && old.texts.every((t, i) => t === texts[i])) return;
    if (old) this.remove(entity.id);
    const entries = entriesOf(texts).map((e) => this.addEntry({ entity: entity.id, ...e, words: e.key.split(' ') }));
    this.entities.set(entity.id, { id: entity.id, name: entity.name, type: entity.type, texts, entries });
  }

  remove(id: EntityId): void {
    const old = this.entities.get(id);
    if (!old) return;
    for (const n of old.entries) this.entries[n] = undefined;
    this.dead += old.entries.length;
    this.entities.delete(id);
    // Tombstones slow every query a little; compact once they are a quarter of the entries.
    if (this.dead > 1024 && this.dead * 4 > this.entries.length) this.compact();
  }

  private addEntry(entry: EntryRecord): number {
    const n = this.entries.length;
    this.entries.push(entry);
    const grams = gramsOf(entry.key);
    if (n >= this.gramCounts.length) {
      const grown = new Uint16Array(this.gramCounts.length * 2);
      grown.set(this.gramCounts);
      this.gramCounts = grown;
    }
    this.gramCounts[n] = Math.min(65535, grams.length);
    for (const gram of grams) {
      let g = this.gramIds.get(gram);
      if (g === undefined) {
        g = this.postings.length;
        this.gramIds.set(gram, g);
        this.postings.push(new Int32Array(4));
        if (g >= this.postingLengths.length) {
          const grown = new Int32Array(this.postingLengths.length * 2);
          grown.set(this.postingLengths);
          this.postingLengths = grown;
        }
      }
      const len = this.postingLengths[g] ?? 0;
      let list = this.postings[g] ?? new Int32Array(4);
      if (len === list.length) {
        const grown = new Int32Array(list.length * 2);
        grown.set(list);
        list = grown;
      }
      list[len] = n;
      this.postings[g] = list;
      this.postingLengths[g] = len + 1;
    }
    return n;
  }

  /** Drops every entry and posting. */
  private empty(): void {
    this.gramIds.clear();
    this.postings = [];
    this.postingLengths = new Int32Array(1024);
    this.gramCounts = new Uint16Array(1024);
    this.entries = [];
    this.dead = 0;
    this.entities.clear();
  }

  private compact(): void {
    const records = [...this.entities.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const byId = new Map(records.map((r) => [r.id, r.entries.map((n) => this.entries[n]).filter((e) => e !== undefined)]));
    this.empty();
    for (const r of records) {
      const entries = (byId.get(r.id) ?? []).map((e) => this.addEntry(e));
      this.entities.set(r.id, { ...r, entries });
    }
  }

  /**
   * Entities whose name or alias best matches `query`, best first; ties by name then id.
   * Scores are in 0..1.
   */
  search(query: string, options: SearchOptions = {}): SearchHit[] {
    const limit = Math.max(1, Math.min(MAX_SEARCH_RESULTS, Math.floor(options.limit ?? DEFAULT_SEARCH_LIMIT)));
    const minScore = options.minScore ?? MIN_SEARCH_SCORE;
    const key = searchKey(query);
    this.work = { postingsScanned: 0, candidatesScored: 0, widePass: false };
    if (key.length === 0) return [];
    const words = key.split(' ');
    const types = options.types && options.types.length > 0 ? new Set(options.types) : undefined;
    const best = new Map<EntityId, { score: number; entry: EntryRecord }>();
    const state = this.beginQuery(key);
    try {
      this.count(state, true);
      let top = this.scoreInto(best, key, words, this.select(state, MAX_CANDIDATES), types, minScore);
      // No confident match: add the common grams the first pass skipped (typos that
      // break the rare grams) and re-rank. Counts are kept, not recounted, and the
      // candidates the first pass scored are not scored again.
      if (top < CONFIDENT_SCORE) {
        this.work.widePass = true;
        this.count(state, false);
        top = this.scoreInto(best, key, words, this.select(state, WIDE_CANDIDATES), types, minScore);
      }
    } finally {
      this.endQuery();
    }
    const hits: SearchHit[] = [];
    for (const [id, { score, entry }] of best) {
      const record = this.entities.get(id);
      if (!record) continue;
      hits.push({
        id,
        name: record.name,
        type: record.type,
        score: Math.round(score * 1000) / 1000,
        ...(entry.isAlias ? { matchedAlias: entry.text } : {}),
      });
    }
    hits.sort(byHitOrder);
    return hits.slice(0, limit);
  }

  /**
   * Work done by the last `search` (posting entries read, candidates re-scored, whether
   * the wide pass ran): a deterministic cost measure for tests and the bench.
   *
   * @example
   *   index.search('sfoia foundtion');
   *   index.lastSearchWork.candidatesScored; // ≤ WIDE_CANDIDATES
   */
  get lastSearchWork(): Readonly<SearchWork> {
    return this.work;
  }

  /** Scores candidates not yet scored by this query into `best` (best entry per entity); returns the top score seen. */
  private scoreInto(
    best: Map<EntityId, { score: number; entry: EntryRecord }>,
    key: string,
    words: readonly string[],
    candidates: Int32Array,
    types: ReadonlySet<EntityType> | undefined,
    minScore: number,
  ): number {
    let top = 0;
    const scored = this.scored;
    for (const n of candidates) {
      if (scored[n] === this.epoch) continue;
      scored[n] = this.epoch;
      const entry = this.entries[n];
      if (!entry) continue;
      const record = this.entities.get(entry.entity);
      if (!record || (types && !types.has(record.type))) continue;
      this.work.candidatesScored++;
      const score = entryScore(key, words, entry, entry.words);
      if (score > top) top = score;
      const prior = best.get(entry.entity);
      if (score >= minScore && (!prior || score > prior.score)) best.set(entry.entity, { score, entry });
    }
    return top;
  }

  /** The query's posting lists, rarest first, and fresh per-query scratch state (typed arrays reused across queries). */
  private beginQuery(key: string): QueryState {
    const size = this.entries.length;
    if (this.counts.length < size) {
      const capacity = Math.max(size, this.counts.length * 2);
      this.counts = new Uint16Array(capacity);
      this.touched = new Int32Array(capacity);
      this.ranks = new Uint8Array(capacity);
      const scored = new Uint32Array(capacity);
      scored.set(this.scored);
      this.scored = scored;
    }
    // A new epoch marks "not scored yet" for every entry without clearing the array.
    this.epoch = this.epoch === 0xffffffff ? 1 : this.epoch + 1;
    if (this.epoch === 1) this.scored.fill(0);
    this.touchedCount = 0;
    const grams = gramsOf(key);
    const lists: { list: Int32Array; len: number }[] = [];
    for (const gram of grams) {
      const g = this.gramIds.get(gram);
      const list = g === undefined ? undefined : this.postings[g];
      if (g !== undefined && list) lists.push({ list, len: this.postingLengths[g] ?? 0 });
    }
    lists.sort((a, b) => a.len - b.len);
    return { lists, queryGrams: grams.length, next: 0, counted: 0 };
  }

  /** Clears the counts this query set (only the touched entries). */
  private endQuery(): void {
    const counts = this.counts;
    const touched = this.touched;
    for (let i = 0; i < this.touchedCount; i++) counts[touched[i] ?? 0] = 0;
    this.touchedCount = 0;
  }

  /**
   * Counts shared grams per entry for the query's next posting lists. Rare grams first;
   * with `skipCommon`, a gram held by more than COMMON_GRAM_SHARE of all entries says
   * little and costs the most, so counting stops there once three rarer grams were
   * counted (the wide pass resumes from that list).
   */
  private count(query: QueryState, skipCommon: boolean): void {
    const common = Math.max(2000, this.entries.length * COMMON_GRAM_SHARE);
    const counts = this.counts;
    const touched = this.touched;
    let touchedCount = this.touchedCount;
    for (; query.next < query.lists.length; query.next++) {
      const item = query.lists[query.next];
      if (!item) break;
      const { list, len } = item;
      // Lists are sorted by length, so every later list is common too.
      if (skipCommon && len > common && query.counted >= 3) break;
      query.counted++;
      this.work.postingsScanned += len;
      for (let i = 0; i < len; i++) {
        const n = list[i] ?? 0;
        const c = counts[n] ?? 0;
        if (c === 0) touched[touchedCount++] = n;
        counts[n] = c + 1;
      }
    }
    this.touchedCount = touchedCount;
  }

  /**
   * Entry numbers most likely to match the query, at most `budget`: ranked by the
   * share of the query's grams they hold (containment, what a prefix or a typo
   * keeps) blended with Jaccard (penalizes much longer names), bucketed so the
   * selection is linear (a counting sort, best bucket first, first touched first).
   */
  private select(query: QueryState, budget: number): Int32Array {
    const counts = this.counts;
    const touched = this.touched;
    const ranks = this.ranks;
    const histogram = new Int32Array(RANK_BUCKETS);
    const counted = Math.max(1, query.counted);
    for (let i = 0; i < this.touchedCount; i++) {
      const n = touched[i] ?? 0;
      const c = counts[n] ?? 0;
      const entryGrams = this.gramCounts[n] ?? 1;
      const containment = c / counted;
      const jaccard = c / Math.max(1, query.queryGrams + entryGrams - c);
      const b = Math.min(RANK_BUCKETS - 1, Math.floor((0.7 * containment + 0.3 * jaccard) * RANK_BUCKETS));
      ranks[i] = b;
      histogram[b] = (histogram[b] ?? 0) + 1;
    }
    // Start offset of each bucket from the best one down; buckets past the budget are left out.
    const offsets = new Int32Array(RANK_BUCKETS);
    let total = 0;
    let lowest = RANK_BUCKETS;
    for (let b = RANK_BUCKETS - 1; b >= 0 && total < budget; b--) {
      offsets[b] = total;
      total += histogram[b] ?? 0;
      lowest = b;
    }
    const out = new Int32Array(Math.min(budget, total));
    for (let i = 0; i < this.touchedCount; i++) {
      const b = ranks[i] ?? 0;
      if (b < lowest) continue;
      const at = offsets[b] ?? 0;
      offsets[b] = at + 1;
      if (at < out.length) out[at] = touched[i] ?? 0;
    }
    return out;
  }
}
