// The background's and the content script's readers on a (fake) browser: after the
// background has read the settings once, nothing in storage.local, which every page's
// content script can read, holds the API key, and the content script still gets its
// capture settings.
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { CAPTURE_SETTINGS_KEY, SETTINGS_REVISION_KEY, SETTINGS_STORAGE_KEY, defaultSettings } from '../core/settings';
import { readCaptureSettings } from '../content/read-settings';
import { changedCaptureSettings, isSettingsChange, readSettings } from './read-settings';

const SECRET = 'sk-live-9c1e';

beforeEach(() => fakeBrowser.reset());

describe('reading settings', () => {
  it('migrates an existing user: the key leaves storage.local, the background keeps it, the page gets capture only', async () => {
    const old = defaultSettings();
    await fakeBrowser.storage.local.set({
      [SETTINGS_STORAGE_KEY]: {
        ...old,
        capture: { ...old.capture, mode: 'manual' },
        llm: { ...old.llm, provider: 'openai-compatible', model: 'gpt-4o-mini', apiKey: SECRET },
      },
    });
    const settings = await readSettings();
    expect(settings.llm.apiKey).toBe(SECRET);
    expect(settings.capture.mode).toBe('manual');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(SECRET);
    expect((await readCaptureSettings()).mode).toBe('manual');
    expect((await readSettings()).llm.apiKey).toBe(SECRET);
  });

  it('the content script reads its own key and nothing else', async () => {
    await fakeBrowser.storage.local.set({
      [CAPTURE_SETTINGS_KEY]: { paused: true },
      [SETTINGS_STORAGE_KEY]: { capture: { paused: false }, llm: { apiKey: SECRET } },
    });
    expect((await readCaptureSettings()).paused).toBe(true);
  });

  it("before the background has migrated, the content script keeps the user's capture settings from the old object", async () => {
    const old = defaultSettings();
    await fakeBrowser.storage.local.set({ [SETTINGS_STORAGE_KEY]: { ...old, capture: { ...old.capture, paused: true, mode: 'manual' } } });
    const capture = await readCaptureSettings();
    expect(capture.paused).toBe(true);
    expect(capture.mode).toBe('manual');
  });

  it('tells which storage changes are settings changes', () => {
    expect(isSettingsChange({ [SETTINGS_REVISION_KEY]: { newValue: 'r2' } }, 'local')).toBe(true);
    expect(isSettingsChange({ [SETTINGS_STORAGE_KEY]: { newValue: {} } }, 'local')).toBe(true);
    expect(isSettingsChange({ other: { newValue: 1 } }, 'local')).toBe(false);
    expect(isSettingsChange({ [SETTINGS_REVISION_KEY]: { newValue: 'r2' } }, 'session')).toBe(false);
    expect(changedCaptureSettings({ [CAPTURE_SETTINGS_KEY]: { newValue: { paused: true } } }, 'local')?.paused).toBe(true);
    expect(changedCaptureSettings({ [SETTINGS_REVISION_KEY]: { newValue: 'r3' } }, 'local')).toBeUndefined();
  });
});
