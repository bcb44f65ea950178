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

/** The sections of Settings, in their order on the page; each is a place a deep link can open. */
export const SETTINGS_SECTIONS = [
  { id: 'capture', label: 'Capture' },
  { id: 'matching', label: 'Matching names' },
  { id: 'llm', label: 'Answering questions' },
  { id: 'network', label: 'Network look-ups' },
  { id: 'appearance', label: 'Appearance' },
  { id: 'storage', label: 'Storage' },
  { id: 'agents', label: 'AI agents' },
  { id: 'workspaces', label: 'Workspaces' },
  { id: 'team', label: 'Team' },
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['id'];

export interface NavSlice {
  /** `section`: the Settings section a deep link opened, scrolled to and focused once. */
  nav: { view: View; entityId?: string; section?: SettingsSection };
  show(view: View): void;
  /** Opens Settings at one section (from where that setting matters, e.g. the Ask view to the LLM). */
  showSettings(section: SettingsSection): void;
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
  showSettings: (section) => set({ nav: { view: 'settings', section } }),
  openEntity: (entityId) => set((s) => ({ nav: { view: s.nav.view, entityId } })),
  closeEntity: () => set((s) => ({ nav: { view: s.nav.view } })),
});
