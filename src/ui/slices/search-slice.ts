/**
 * Search: the query, the type filter, results of `entity_search` (latest query
 * wins) and the highlighted row for keyboard navigation.
 */
import type { StateCreator } from 'zustand';
import type { EntityType } from '../../core/graph/types';
import { callTool } from '../../messaging/client';
import type { PanelState } from '../store';
import { userError } from '../user-error';

/** What `entity_search` answers (seed 003, plus the id). */
export interface SearchHit {
  readonly id: string;
  readonly name: string;
  readonly entity_type: EntityType;
  readonly score: number;
}

/** Results asked for per search: a side panel shows about this many rows. */
export const SEARCH_LIMIT = 25;

type Status = 'idle' | 'loading' | 'done' | 'error';

export interface SearchSlice {
  search: { query: string; types: readonly EntityType[]; status: Status; results: readonly SearchHit[]; active: number; error?: string; ms?: number };
  setTypes(types: readonly EntityType[]): void;
  runSearch(query: string): Promise<void>;
  moveActive(delta: number): void;
}

export const createSearchSlice: StateCreator<PanelState, [], [], SearchSlice> = (set, get) => ({
  search: { query: '', types: [], status: 'idle', results: [], active: -1 },
  setTypes(types) {
    set((s) => ({ search: { ...s.search, types } }));
    void get().runSearch(get().search.query);
  },
  async runSearch(query) {
    const trimmed = query.trim();
    const { types } = get().search;
    if (trimmed.length === 0) {
      set({ search: { query, types, status: 'idle', results: [], active: -1 } });
      return;
    }
    set((s) => ({ search: { ...s.search, query, status: 'loading' } }));
    const started = performance.now();
    try {
      const { results } = await callTool<{ results: SearchHit[] }>('entity_search', { query: trimmed, limit: SEARCH_LIMIT, ...(types.length > 0 ? { types } : {}) });
      // A newer query may have started meanwhile; only the latest one is shown.
      if (get().search.query === query) set({ search: { query, types, status: 'done', results, active: results.length > 0 ? 0 : -1, ms: performance.now() - started } });
    } catch (error) {
      if (get().search.query === query) set({ search: { query, types, status: 'error', results: [], active: -1, error: userError(error) } });
    }
  },
  moveActive(delta) {
    set((s) => {
      const n = s.search.results.length;
      if (n === 0) return s;
      return { search: { ...s.search, active: (s.search.active + delta + n) % n } };
    });
  },
});
