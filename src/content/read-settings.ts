/**
 * The capture settings as the content script reads them, from `browser.storage.local`
 * (written by the side panel), with the same lenient reader the background uses and
 * no validation library in the page: missing or bad values get their defaults, and a
 * context without storage access gets the defaults.
 *
 * @example
 *   const capture = await readCaptureSettings();
 */
import { browser } from 'wxt/browser';
import type { CaptureSettings } from '../core/capture-settings';
import { parseCaptureSettings } from '../core/capture-settings';
import { SETTINGS_STORAGE_KEY } from '../core/settings-key';

export async function readCaptureSettings(): Promise<CaptureSettings> {
  const area = browser.storage?.local;
  if (area === undefined) return parseCaptureSettings(undefined);
  try {
    const stored: unknown = (await area.get(SETTINGS_STORAGE_KEY))[SETTINGS_STORAGE_KEY];
    return parseCaptureSettings(typeof stored === 'object' && stored !== null ? Reflect.get(stored, 'capture') : undefined);
  } catch {
    return parseCaptureSettings(undefined);
  }
}
