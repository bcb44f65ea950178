/**
 * Reads the user's settings from `browser.storage.local` (written by the side
 * panel), leniently: missing or bad values fall back to the defaults, and a context
 * without storage access gets the defaults.
 *
 * @example
 *   const { capture, llm } = await readSettings();
 */
import { browser } from 'wxt/browser';
import type { Settings } from '../core/settings';
import { SETTINGS_STORAGE_KEY, defaultSettings, parseSettings } from '../core/settings';

export async function readSettings(): Promise<Settings> {
  const area = browser.storage?.local;
  if (area === undefined) return defaultSettings();
  try {
    const stored = await area.get(SETTINGS_STORAGE_KEY);
    return parseSettings(stored[SETTINGS_STORAGE_KEY]);
  } catch {
    return defaultSettings();
  }
}
