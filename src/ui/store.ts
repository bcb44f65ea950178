/**
 * The side panel's UI state (zustand, slices pattern): one store combined from the
 * `nav`, `search`, `merge`, `bulk`, `qa`, `viz` and `settings` slices. It holds UI state
 * only — never a copy of the graph, which is read live from IndexedDB.
 *
 * @example
 *   const query = usePanelStore((s) => s.search.query);
 *   usePanelStore.getState().runSearch('stri');
 */
import { create } from 'zustand';
import { createBulkSlice } from './slices/bulk-slice';
import type { BulkSlice } from './slices/bulk-slice';
import { createMergeSlice } from './slices/merge-slice';
import type { MergeSlice } from './slices/merge-slice';
import { createNavSlice } from './slices/nav-slice';
import type { NavSlice } from './slices/nav-slice';
import { createQaSlice } from './slices/qa-slice';
import type { QaSlice } from './slices/qa-slice';
import { createSearchSlice } from './slices/search-slice';
import type { SearchSlice } from './slices/search-slice';
import { createSettingsSlice } from './slices/settings-slice';
import type { SettingsSlice } from './slices/settings-slice';
import { createVizSlice } from './slices/viz-slice';
import type { VizSlice } from './slices/viz-slice';

export type PanelState = NavSlice & SearchSlice & MergeSlice & BulkSlice & QaSlice & VizSlice & SettingsSlice;
export type { SearchHit } from './slices/search-slice';

export const usePanelStore = create<PanelState>()((...a) => ({
  ...createNavSlice(...a),
  ...createSearchSlice(...a),
  ...createMergeSlice(...a),
  ...createBulkSlice(...a),
  ...createQaSlice(...a),
  ...createVizSlice(...a),
  ...createSettingsSlice(...a),
}));
