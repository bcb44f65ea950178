/**
 * Merging: the two entities picked (A is kept, B is removed and folded into A), the
 * outcome of the last merge (for its undo button) and errors.
 */
import type { StateCreator } from 'zustand';
import type { EntityType } from '../../core/graph/types';
import { callTool } from '../../messaging/client';
import type { PanelState } from '../store';
import { mergeOutcome } from '../merge-words';
import { expireNotice } from '../notice';
import { userError } from '../user-error';

export interface Picked {
  readonly id: string;
  readonly name: string;
  /** Shown beside the name: two entities may share a name and differ in type. */
  readonly type?: EntityType;
}

export interface MergeSlice {
  merge: { a?: Picked; b?: Picked; busy: boolean; error?: string; done?: string; lastMergeId?: string };
  /** "Merge into…": `b` is the entity being merged away; the user then picks `a`. */
  pickForMerge(side: 'a' | 'b', entity: Picked): void;
  swapMerge(): void;
  clearMerge(): void;
  confirmMerge(): Promise<void>;
  undoMerge(mergeId: string): Promise<void>;
}

export const createMergeSlice: StateCreator<PanelState, [], [], MergeSlice> = (set, get) => ({
  merge: { busy: false },
  pickForMerge: (side, entity) => set((s) => ({ merge: { ...s.merge, [side]: entity, error: undefined, done: undefined } })),
  swapMerge: () => set((s) => ({ merge: { ...s.merge, ...(s.merge.b ? { a: s.merge.b } : {}), ...(s.merge.a ? { b: s.merge.a } : {}) } })),
  clearMerge: () => set({ merge: { busy: false } }),
  async confirmMerge() {
    const { a, b } = get().merge;
    if (!a || !b) return;
    set((s) => ({ merge: { ...s.merge, busy: true, error: undefined } }));
    try {
      const out = await callTool('entity_merge', { name_a: a.id, name_b: b.id });
      set({
        merge: {
          busy: false,
          done: mergeOutcome({ ...a, name: out.merged_into }, { ...b, name: out.removed }),
          lastMergeId: out.merge_id,
        },
      });
    } catch (error) {
      set((s) => ({ merge: { ...s.merge, busy: false, error: userError(error) } }));
    }
  },
  async undoMerge(mergeId) {
    set((s) => ({ merge: { ...s.merge, busy: true, error: undefined } }));
    try {
      const out = await callTool('entity_unmerge', { merge_id: mergeId });
      const done = { text: `Undone: “${out.restored}” is separate from “${out.merged_into}” again.` };
      set((s) => ({ merge: { ...s.merge, busy: false, done: done.text, lastMergeId: undefined } }));
      // The confirmation goes after a short read (it used to stay until the next merge).
      expireNotice(
        done,
        () => (get().merge.done === done.text ? done : undefined),
        () => set((s) => ({ merge: { ...s.merge, done: undefined } })),
      );
    } catch (error) {
      set((s) => ({ merge: { ...s.merge, busy: false, error: userError(error) } }));
    }
  },
});
