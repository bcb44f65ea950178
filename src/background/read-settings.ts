/**
 * Reads the user's settings (written by the side panel) from where they are kept:
 * capture settings in `browser.storage.local`, the rest (API key included) in the
 * extension's IndexedDB, migrating the old single object on the way
 * (`adapters/settings/settings-storage.ts`). Lenient: missing or bad values fall back
 * to the defaults, and a context without storage access gets the defaults.
 *
 * @example
 *   const { capture, llm } = await readSettings();
 */
import { browser } from 'wxt/browser';
import { parseCaptureSettings, type CaptureSettings } from '../core/capture-settings';
import type { Settings } from '../core/settings';
import { CAPTURE_SETTINGS_KEY, SETTINGS_REVISION_KEY, SETTINGS_STORAGE_KEY, defaultSettings } from '../core/settings';
import { createSettingsStorage, indexedDbPrivateSettings, type SettingsStorage } from '../adapters/settings/settings-storage';

let storage: SettingsStorage | undefined;

export async function readSettings(): Promise<Settings> {
  const area = browser.storage?.local;
  if (area === undefined || globalThis.indexedDB === undefined) return defaultSettings();
  storage ??= createSettingsStorage({ area, secrets: indexedDbPrivateSettings(globalThis.indexedDB) });
  try {
    return await storage.load();
  } catch {
    return defaultSettings();
  }
}

/** What `storage.onChanged` hands its listeners (only what is read here). */
type StorageChanges = Record<string, { readonly newValue?: unknown } | undefined>;

/** Whether a `storage.onChanged` event means the settings changed (a save, or an old-layout write to migrate). */
export function isSettingsChange(changes: StorageChanges, areaName: string): boolean {
  return (
    areaName === 'local' && [CAPTURE_SETTINGS_KEY, SETTINGS_REVISION_KEY, SETTINGS_STORAGE_KEY].some((key) => changes[key] !== undefined)
  );
}

/** The new capture settings carried by a `storage.onChanged` event, if it changed them. */
export function changedCaptureSettings(changes: StorageChanges, areaName: string): CaptureSettings | undefined {
  const change = areaName === 'local' ? changes[CAPTURE_SETTINGS_KEY] : undefined;
  return change === undefined ? undefined : parseCaptureSettings(change.newValue);
}
