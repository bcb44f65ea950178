/**
 * The side panel's UI state (zustand, slices pattern): one store combined from a
 * `search` slice and a `viz` slice. It holds UI state only — never a copy of the
 * graph, which is read live from IndexedDB.
 *
 * @example
 *   const query = usePanelStore((s) => s.search.query);
 *   usePanelStore.getState().runSearch('stri');
 */
import { create } from 'zustand';
import type { StateCreator } from 'zustand';
import { AriadneError } from '../core/errors';
import { callTool } from '../messaging/client';

/** What `entity_search` answers (seed 003). */
export interface SearchHit {
  readonly name: string;
  readonly entity_type: string;
  readonly score: number;
}

type Status = 'idle' | 'loading' | 'done' | 'error';

export interface SearchSlice {
  search: { query: string; status: Status; results: readonly SearchHit[]; error?: string };
  setQuery(query: string): void;
  runSearch(query: string): Promise<void>;
}

export interface VizSlice {
  viz: { status: Status; mermaid?: string; note?: string; error?: string };
  drawDiagram(): Promise<void>;
}

export type PanelState = SearchSlice & VizSlice;

const messageOf = (error: unknown): string => (error instanceof AriadneError || error instanceof Error ? error.message : String(error));

const createSearchSlice: StateCreator<PanelState, [], [], SearchSlice> = (set, get) => ({
  search: { query: '', status: 'idle', results: [] },
  setQuery: (query) => set((s) => ({ search: { ...s.search, query } })),
  async runSearch(query) {
    const trimmed = query.trim();
    if (trimmed.length === 0) {
      set({ search: { query, status: 'idle', results: [] } });
      return;
    }
    set((s) => ({ search: { ...s.search, query, status: 'loading' } }));
    try {
      const { results } = await callTool<{ results: SearchHit[] }>('entity_search', { query: trimmed });
      // A newer query may have started meanwhile; only the latest one is shown.
      if (get().search.query === query) set({ search: { query, status: 'done', results } });
    } catch (error) {
      if (get().search.query === query) set({ search: { query, status: 'error', results: [], error: messageOf(error) } });
    }
  },
});

const createVizSlice: StateCreator<PanelState, [], [], VizSlice> = (set) => ({
  viz: { status: 'idle' },
  async drawDiagram() {
    set((s) => ({ viz: { ...s.viz, status: 'loading' } }));
    try {
      const result = await callTool<{ mermaid: string; note?: string }>('entity_visualize', {});
      set({ viz: { status: 'done', mermaid: result.mermaid, ...(result.note ? { note: result.note } : {}) } });
    } catch (error) {
      set((s) => ({ viz: { ...s.viz, status: 'error', error: messageOf(error) } }));
    }
  },
});

export const usePanelStore = create<PanelState>()((...a) => ({
  ...createSearchSlice(...a),
  ...createVizSlice(...a),
}));
