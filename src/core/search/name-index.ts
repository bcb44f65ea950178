/**
 * `NameIndex`: in-memory, typo-tolerant search over entity names and aliases.
 *
 * Each name or alias is an entry; its normalized key (`nameKey`) is cut into
 * character 3-grams of ` key ` (padded, so word starts and ends are grams) plus a
 * word-start 2-gram per word (so one- and two-letter queries work). Postings are
 * growable `Int32Array`s of entry numbers. A query counts shared grams per entry
 * with a `Uint16Array`, keeps a bounded candidate set (most shared grams first,
 * then closest length), re-scores the candidates with `scoreName` (prefix bands,
 * Damerau–Levenshtein, Jaro–Winkler) and returns the best per entity.
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
import { nameKey } from '../text/normalize';
import { scoreName } from './similarity';

/** Candidates re-scored per query: bounds the expensive step; the true match is nearly always in it. */
export const MAX_CANDIDATES = 400;
/** Results returned at most. */
export const MAX_SEARCH_RESULTS = 100;
/** Default results. */
export const DEFAULT_SEARCH_LIMIT = 10;
/** Results scoring below this are noise. */
export const MIN_SEARCH_SCORE = 0.3;
/** Entities read per page when loading from the store. */
const LOAD_PAGE = 1000;
/** Length differences beyond this share one bucket when breaking candidate ties. */
const LENGTH_BUCKETS = 32;

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

interface EntityRecord {
  readonly id: EntityId;
  readonly name: string;
  readonly type: EntityType;
  readonly entries: readonly number[];
}

interface EntryRecord {
  readonly entity: EntityId;
  readonly text: string;
  readonly key: string;
  readonly words: readonly string[];
  readonly isAlias: boolean;
}

function gramsOf(key: string): string[] {
  const padded = ` ${key} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  for (const word of key.split(' ')) if (word.length > 0) grams.add(` ${word.charAt(0)}`);
  return [...grams];
}

export class NameIndex {
  private readonly gramIds = new Map<string, number>();
  private postings: Int32Array[] = [];
  private postingLengths = new Int32Array(1024);
  private entries: (EntryRecord | undefined)[] = [];
  private readonly entities = new Map<EntityId, EntityRecord>();
  private dead = 0;
  private counts = new Uint16Array(1024);

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
    const old = this.entities.get(entity.id);
    if (old && old.name === entity.name && old.type === entity.type && this.sameAliases(old, entity.aliases)) return;
    if (old) this.remove(entity.id);
    const entries: number[] = [];
    const seen = new Set<string>();
    [entity.name, ...entity.aliases].forEach((text, i) => {
      const key = nameKey(text);
      if (key.length === 0 || seen.has(key)) return;
      seen.add(key);
      entries.push(this.addEntry({ entity: entity.id, text, key, words: key.split(' '), isAlias: i > 0 }));
    });
    this.entities.set(entity.id, { id: entity.id, name: entity.name, type: entity.type, entries });
  }

  private sameAliases(old: EntityRecord, aliases: readonly string[]): boolean {
    const texts = old.entries.map((n) => this.entries[n]?.text).filter((t) => t !== undefined);
    const wanted = new Set([old.name, ...aliases].map((a) => nameKey(a)).filter((k) => k.length > 0));
    return texts.length === wanted.size && texts.every((t) => wanted.has(nameKey(t)));
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
    for (const gram of gramsOf(entry.key)) {
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

  private compact(): void {
    const records = [...this.entities.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const byId = new Map(records.map((r) => [r.id, r.entries.map((n) => this.entries[n]).filter((e) => e !== undefined)]));
    this.gramIds.clear();
    this.postings = [];
    this.postingLengths = new Int32Array(1024);
    this.entries = [];
    this.dead = 0;
    this.entities.clear();
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
    const key = nameKey(query);
    if (key.length === 0) return [];
    const candidates = this.candidates(key);
    const words = key.split(' ');
    const types = options.types && options.types.length > 0 ? new Set(options.types) : undefined;
    const best = new Map<EntityId, { score: number; entry: EntryRecord }>();
    for (const n of candidates) {
      const entry = this.entries[n];
      if (!entry) continue;
      const record = this.entities.get(entry.entity);
      if (!record || (types && !types.has(record.type))) continue;
      // An alias match is worth slightly less than the same match on the name.
      const score = scoreName(key, entry.key, words, entry.words) * (entry.isAlias ? 0.98 : 1);
      const prior = best.get(entry.entity);
      if (score >= minScore && (!prior || score > prior.score)) best.set(entry.entity, { score, entry });
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
    hits.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : 1));
    return hits.slice(0, limit);
  }

  /** Entry numbers sharing the most grams with `key`, at most `MAX_CANDIDATES`. */
  private candidates(key: string): number[] {
    if (this.counts.length < this.entries.length) this.counts = new Uint16Array(Math.max(this.entries.length, this.counts.length * 2));
    const counts = this.counts;
    const touched: number[] = [];
    let maxCount = 0;
    for (const gram of gramsOf(key)) {
      const g = this.gramIds.get(gram);
      if (g === undefined) continue;
      const list = this.postings[g];
      const len = this.postingLengths[g] ?? 0;
      if (!list) continue;
      for (let i = 0; i < len; i++) {
        const n = list[i] ?? 0;
        const c = (counts[n] ?? 0) + 1;
        if (c === 1) touched.push(n);
        counts[n] = c;
        if (c > maxCount) maxCount = c;
      }
    }
    // Histogram of shared-gram counts: every entry above level `t` fits the budget;
    // entries at level `t` fill what is left, closest length to the query first.
    const histogram = new Int32Array(maxCount + 1);
    for (const n of touched) {
      const c = counts[n] ?? 0;
      histogram[c] = (histogram[c] ?? 0) + 1;
    }
    let t = maxCount;
    let above = 0;
    while (t >= 1 && above + (histogram[t] ?? 0) <= MAX_CANDIDATES) {
      above += histogram[t] ?? 0;
      t--;
    }
    const out: number[] = [];
    const boundary: number[][] = [];
    for (const n of touched) {
      const c = counts[n] ?? 0;
      if (c > t) out.push(n);
      else if (c === t) {
        const entry = this.entries[n];
        const diff = Math.min(LENGTH_BUCKETS - 1, Math.abs((entry?.key.length ?? 0) - key.length));
        (boundary[diff] ??= []).push(n);
      }
      counts[n] = 0;
    }
    for (const bucket of boundary) {
      if (!bucket) continue;
      for (const n of bucket) {
        if (out.length >= MAX_CANDIDATES) return out;
        out.push(n);
      }
    }
    return out.length > MAX_CANDIDATES ? out.slice(0, MAX_CANDIDATES) : out;
  }
}
