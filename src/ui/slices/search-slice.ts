/**
 * Search: the query, the type filter, results of `entity_search` (latest query
 * wins) or, with "all workspaces" on, of `workspace_search` (each hit naming its
 * workspace), and the highlighted row for keyboard navigation.
 */
import type { StateCreator } from 'zustand';
import type { EntityType } from '../../core/graph/types';
import { callTool } from '../../messaging/client';
import type { PanelState } from '../store';
import { userError } from '../user-error';

/** One hit of `entity_search`'s answer (name, type, score and the entity's id). */
export interface SearchHit {
  readonly id: string;
  readonly name: string;
  readonly entity_type: EntityType;
  readonly score: number;
  /** The workspace the entity is in, when all workspaces were searched. */
  readonly workspace?: { readonly id: string; readonly name: string };
}

/** Results asked for per search: a side panel shows about this many rows. */
export const SEARCH_LIMIT = 25;

type Status = 'idle' | 'loading' | 'done' | 'error';

export interface SearchSlice {
  search: {
    query: string;
    types: readonly EntityType[];
    everywhere: boolean;
    status: Status;
    results: readonly SearchHit[];
    active: number;
    error?: string;
    ms?: number;
  };
  setTypes(types: readonly EntityType[]): void;
  /** Search every workspace (true) or the active one. */
  setEverywhere(everywhere: boolean): void;
  runSearch(query: string): Promise<void>;
  moveActive(delta: number): void;
  /** Takes hits of entities that no longer exist (deleted, merged away) out of the results. */
  dropHits(ids: ReadonlySet<string>): void;
}

export const createSearchSlice: StateCreator<PanelState, [], [], SearchSlice> = (set, get) => ({
  search: { query: '', types: [], everywhere: false, status: 'idle', results: [], active: -1 },
  setTypes(types) {
    set((s) => ({ search: { ...s.search, types } }));
    void get().runSearch(get().search.query);
  },
  setEverywhere(everywhere) {
    set((s) => ({ search: { ...s.search, everywhere } }));
    void get().runSearch(get().search.query);
  },
  async runSearch(query) {
    const trimmed = query.trim();
    const { types, everywhere } = get().search;
    if (trimmed.length === 0) {
      set({ search: { query, types, everywhere, status: 'idle', results: [], active: -1 } });
      return;
    }
    set((s) => ({ search: { ...s.search, query, status: 'loading' } }));
    const started = performance.now();
    try {
      const args = { query: trimmed, limit: SEARCH_LIMIT, ...(types.length > 0 ? { types } : {}) };
      const { results }: { results: readonly SearchHit[] } = everywhere
        ? await callTool('workspace_search', args)
        : await callTool('entity_search', args);
      // A newer query (or scope) may have started meanwhile; only the latest one is shown.
      const latest = () => get().search.query === query && get().search.everywhere === everywhere;
      if (latest())
        set({
          search: {
            query,
            types,
            everywhere,
            status: 'done',
            results,
            active: results.length > 0 ? 0 : -1,
            ms: performance.now() - started,
          },
        });
    } catch (error) {
      if (get().search.query === query)
        set({ search: { query, types, everywhere, status: 'error', results: [], active: -1, error: userError(error) } });
    }
  },
  dropHits(ids) {
    set((s) => {
      const results = s.search.results.filter((h) => h.workspace !== undefined || !ids.has(h.id));
      if (results.length === s.search.results.length) return s;
      return { search: { ...s.search, results, active: Math.min(s.search.active, results.length - 1) } };
    });
  },
  moveActive(delta) {
    set((s) => {
      const n = s.search.results.length;
      if (n === 0) return s;
      return { search: { ...s.search, active: (s.search.active + delta + n) % n } };
    });
  },
});
