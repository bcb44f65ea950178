/**
 * Bulk actions: the entities ticked in search results or the type-filtered list (kept
 * across searches, so a selection can gather hits of several queries), the action run on
 * them (delete, retype, merge into one) through `entity_bulk`, and the notice with its
 * one Undo (`bulk_undo`) for the whole action.
 */
import type { StateCreator } from 'zustand';
import type { EntityType } from '../../core/graph/types';
import { callTool } from '../../messaging/client';
import type { PanelState } from '../store';
import { userError } from '../user-error';
import type { Picked } from './merge-slice';
import { expireNotice } from '../notice';

/** Entities one selection holds at most: what `entity_bulk` takes in one action. */
export const MAX_SELECTED = 200;

export interface BulkNotice {
  readonly text: string;
  /** Present while the action can be undone. */
  readonly undoId?: string;
}

export type BulkRequest =
  | { readonly action: 'delete' }
  | { readonly action: 'retype'; readonly type: EntityType }
  | { readonly action: 'merge'; readonly into: string };

export interface BulkSlice {
  bulk: { selected: readonly Picked[]; busy: boolean; error?: string; notice?: BulkNotice };
  toggleSelected(entity: Picked): void;
  /** Selects these (e.g. every row shown), keeping those already selected. */
  selectAll(entities: readonly Picked[]): void;
  clearSelected(): void;
  runBulk(request: BulkRequest): Promise<void>;
  undoBulk(undoId: string): Promise<void>;
  dismissBulkNotice(): void;
}

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? 'y' : 'ies'}`;
}

export const createBulkSlice: StateCreator<PanelState, [], [], BulkSlice> = (set, get) => ({
  bulk: { selected: [], busy: false },
  toggleSelected(entity) {
    set((s) => {
      const has = s.bulk.selected.some((e) => e.id === entity.id);
      const selected = has ? s.bulk.selected.filter((e) => e.id !== entity.id) : [...s.bulk.selected, entity].slice(0, MAX_SELECTED);
      return { bulk: { ...s.bulk, selected, error: undefined } };
    });
  },
  selectAll(entities) {
    set((s) => {
      const have = new Set(s.bulk.selected.map((e) => e.id));
      const selected = [...s.bulk.selected, ...entities.filter((e) => !have.has(e.id))].slice(0, MAX_SELECTED);
      return { bulk: { ...s.bulk, selected, error: undefined } };
    });
  },
  clearSelected: () => set((s) => ({ bulk: { ...s.bulk, selected: [], error: undefined } })),
  async runBulk(request) {
    const { selected } = get().bulk;
    if (selected.length === 0) return;
    set((s) => ({ bulk: { ...s.bulk, busy: true, error: undefined } }));
    try {
      const ids = selected.map((e) => e.id);
      const out = await callTool('entity_bulk', {
        ids,
        ...(request.action === 'retype'
          ? { action: 'retype', entity_type: request.type }
          : request.action === 'merge'
            ? { action: 'merge', into: request.into }
            : { action: 'delete' }),
      });
      const text =
        out.action === 'delete'
          ? `Deleted ${plural(out.count, 'entit')}.`
          : out.action === 'retype'
            ? `${plural(out.count, 'entit')} now typed ${request.action === 'retype' ? request.type : ''}.`
            : `Merged ${plural(out.count, 'entit')} into “${out.merged_into ?? ''}”.`;
      const notice: BulkNotice = { text, undoId: out.undo_id };
      // What is gone is gone from the results too (not only once the search runs again).
      if (out.action !== 'retype') {
        const gone = new Set(request.action === 'merge' ? ids.filter((id) => id !== request.into) : ids);
        get().dropHits(gone);
      }
      set({ bulk: { selected: [], busy: false, notice } });
      expireNotice(
        notice,
        () => get().bulk.notice,
        () => get().dismissBulkNotice(),
      );
    } catch (error) {
      set((s) => ({ bulk: { ...s.bulk, busy: false, error: userError(error) } }));
    }
  },
  async undoBulk(undoId) {
    set((s) => ({ bulk: { ...s.bulk, busy: true, error: undefined } }));
    try {
      const out = await callTool('bulk_undo', { undo_id: undoId });
      const kept = out.skipped > 0 ? ` ${out.skipped} changed since kept as they are.` : '';
      const notice: BulkNotice = { text: `Undone: ${plural(out.restored, 'entit')} back as before.${kept}` };
      set((s) => ({ bulk: { ...s.bulk, busy: false, notice } }));
      void get().runSearch(get().search.query);
      expireNotice(
        notice,
        () => get().bulk.notice,
        () => get().dismissBulkNotice(),
      );
    } catch (error) {
      set((s) => ({ bulk: { ...s.bulk, busy: false, error: userError(error), notice: undefined } }));
    }
  },
  dismissBulkNotice: () => set((s) => ({ bulk: { ...s.bulk, notice: undefined } })),
});
