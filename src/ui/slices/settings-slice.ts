/**
 * Settings: loaded from and saved to where the background reads them (capture
 * settings in `browser.storage.local`, the rest, API key included, in the extension's
 * IndexedDB: adapters/settings/settings-storage.ts). Every save goes through the
 * lenient schema, so a bad value falls back to its default instead of breaking the panel.
 */
import type { StateCreator } from 'zustand';
import { defaultSettings, parseSettings } from '../../core/settings';
import type { Settings } from '../../core/settings';
import { panelSettingsStorage } from '../panel-ports';
import type { PanelState } from '../store';
import { userError } from '../user-error';

export interface SettingsSlice {
  settings: { value: Settings; loaded: boolean; saved?: number; error?: string };
  loadSettings(): Promise<void>;
  saveSettings(update: (current: Settings) => Settings): Promise<void>;
}

export const createSettingsSlice: StateCreator<PanelState, [], [], SettingsSlice> = (set, get) => {
  // Saves made in this panel: a load that began before one of them does not put older values back
  // over what the user just typed (the Settings view reloads when it opens).
  let edits = 0;
  return {
    settings: { value: defaultSettings(), loaded: false },
    async loadSettings() {
      const editsBefore = edits;
      try {
        const value = await (await panelSettingsStorage()).load();
        if (edits !== editsBefore) set((s) => ({ settings: { ...s.settings, loaded: true } }));
        else set({ settings: { value, loaded: true } });
      } catch (error) {
        set((s) => ({ settings: { ...s.settings, loaded: true, error: userError(error) } }));
      }
    },
    async saveSettings(update) {
      edits += 1;
      const value = parseSettings(update(get().settings.value));
      set((s) => ({ settings: { ...s.settings, value, error: undefined } }));
      try {
        await (await panelSettingsStorage()).save(value);
        set((s) => ({ settings: { ...s.settings, saved: Date.now() } }));
      } catch (error) {
        set((s) => ({ settings: { ...s.settings, error: userError(error) } }));
      }
    },
  };
};
