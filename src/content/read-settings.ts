/**
 * The capture settings as the content script reads them: its own key in
 * `browser.storage.local` (written by the side panel), which holds nothing else; the
 * rest of the settings, the LLM API key included, is kept where content scripts
 * cannot read (core/settings-key.ts). Same lenient reader as the background, no
 * validation library in the page: missing or bad values get their defaults, and a
 * context without storage access gets the defaults.
 *
 * @example
 *   const capture = await readCaptureSettings();
 */
import { browser } from 'wxt/browser';
import type { CaptureSettings } from '../core/capture-settings';
import { parseCaptureSettings } from '../core/capture-settings';
import { CAPTURE_SETTINGS_KEY, SETTINGS_STORAGE_KEY } from '../core/settings-key';

export async function readCaptureSettings(): Promise<CaptureSettings> {
  const area = browser.storage?.local;
  if (area === undefined) return parseCaptureSettings(undefined);
  try {
    const stored = await area.get([CAPTURE_SETTINGS_KEY, SETTINGS_STORAGE_KEY]);
    const own: unknown = stored[CAPTURE_SETTINGS_KEY];
    if (own !== undefined) return parseCaptureSettings(own);
    // Until the background has migrated the old single object (right after an update), the
    // user's pause, mode and blocklist are still only there: read its capture part, so an
    // update never captures what the user had paused or blocked.
    const legacy: unknown = stored[SETTINGS_STORAGE_KEY];
    return parseCaptureSettings(typeof legacy === 'object' && legacy !== null ? Reflect.get(legacy, 'capture') : undefined);
  } catch {
    return parseCaptureSettings(undefined);
  }
}
