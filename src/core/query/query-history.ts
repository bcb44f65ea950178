/**
 * QueryHistory: where questions and their answers are kept. The in-memory
 * implementation serves tests and the background's session; the app may persist.
 */
import type { QueryId, QuerySnapshot } from './world-query';

export interface QueryHistory {
  save(snapshot: QuerySnapshot): Promise<void>;
  get(id: QueryId): Promise<QuerySnapshot | undefined>;
  /** Newest first, ties by id. */
  recent(limit: number): Promise<QuerySnapshot[]>;
}

// Older queries are dropped past this: history is a convenience, not an archive.
export const MAX_HISTORY = 500;

/**
 * @example
 *   const history = new InMemoryQueryHistory();
 *   await history.save(query.snapshot());
 *   await history.recent(10);
 */
export class InMemoryQueryHistory implements QueryHistory {
  private readonly items = new Map<QueryId, QuerySnapshot>();

  constructor(private readonly capacity = MAX_HISTORY) {}

  async save(snapshot: QuerySnapshot): Promise<void> {
    this.items.delete(snapshot.id);
    this.items.set(snapshot.id, snapshot);
    while (this.items.size > this.capacity) {
      const oldest = this.items.keys().next();
      if (oldest.done === true) break;
      this.items.delete(oldest.value);
    }
  }
  async get(id: QueryId): Promise<QuerySnapshot | undefined> {
    return this.items.get(id);
  }
  async recent(limit: number): Promise<QuerySnapshot[]> {
    return [...this.items.values()].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).slice(0, limit);
  }
}
