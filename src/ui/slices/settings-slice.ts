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

export const createSettingsSlice: StateCreator<PanelState, [], [], SettingsSlice> = (set, get) => ({
  settings: { value: defaultSettings(), loaded: false },
  async loadSettings() {
    try {
      set({ settings: { value: await (await panelSettingsStorage()).load(), loaded: true } });
    } catch (error) {
      set((s) => ({ settings: { ...s.settings, loaded: true, error: userError(error) } }));
    }
  },
  async saveSettings(update) {
    const value = parseSettings(update(get().settings.value));
    set((s) => ({ settings: { ...s.settings, value, error: undefined } }));
    try {
      await (await panelSettingsStorage()).save(value);
      set((s) => ({ settings: { ...s.settings, saved: Date.now() } }));
    } catch (error) {
      set((s) => ({ settings: { ...s.settings, error: userError(error) } }));
    }
  },
});
