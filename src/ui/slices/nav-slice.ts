/** Which view the panel shows, and the entity page on top of it. */
import type { StateCreator } from 'zustand';
import type { PanelState } from '../store';

export type View = 'search' | 'review' | 'ask' | 'diagram' | 'pages' | 'data' | 'settings';
export const VIEWS: readonly { readonly id: View; readonly label: string }[] = [
  { id: 'search', label: 'Search' },
  { id: 'review', label: 'Merge & review' },
  { id: 'ask', label: 'Ask' },
  { id: 'diagram', label: 'Diagram' },
  { id: 'pages', label: 'Pages' },
  { id: 'data', label: 'Data' },
  { id: 'settings', label: 'Settings' },
];

export interface NavSlice {
  nav: { view: View; entityId?: string };
  show(view: View): void;
  openEntity(entityId: string): void;
  closeEntity(): void;
}

export const createNavSlice: StateCreator<PanelState, [], [], NavSlice> = (set, get) => ({
  nav: { view: 'search' },
  show: (view) => {
    // The diagram opens on what the user was looking at (read before the entity page closes).
    if (view === 'diagram') get().centreFromContext();
    set({ nav: { view } });
  },
  openEntity: (entityId) => set((s) => ({ nav: { view: s.nav.view, entityId } })),
  closeEntity: () => set((s) => ({ nav: { view: s.nav.view } })),
});
