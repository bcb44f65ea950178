/**
 * Where the settings are stored, and the move from the old layout.
 *
 * Why two places: `storage.local` is readable by the content script of every page
 * (Chromium lets only `storage.session` be closed to content scripts, and session
 * storage does not survive a restart), so a page able to run code in our content
 * script's world must find nothing secret there. The capture settings, which that
 * script needs, stay in `storage.local` (`CAPTURE_SETTINGS_KEY`); everything else, the
 * LLM API key included, goes to the extension's own IndexedDB (`ariadne-settings`),
 * which only extension pages and the background can open: a content script runs in
 * the page's origin and gets the page's IndexedDB. Each save also changes
 * `SETTINGS_REVISION_KEY` in `storage.local` (a random value, no setting) so that
 * `storage.onChanged` still tells the background to reread.
 *
 * Migration: the old layout kept the whole object, key included, under
 * `SETTINGS_STORAGE_KEY` in `storage.local`. Every load moves whatever is found there
 * (private part to IndexedDB first, then the capture part), then removes the old key,
 * so existing users keep their key and settings and the key leaves `storage.local`.
 *
 * @example
 *   const storage = createSettingsStorage({ area: browser.storage.local, secrets: indexedDbPrivateSettings(indexedDB) });
 *   const settings = await storage.load();
 */
import type { PrivateSettings, Settings } from '../../core/settings';
import {
  CAPTURE_SETTINGS_KEY,
  SETTINGS_REVISION_KEY,
  SETTINGS_STORAGE_KEY,
  joinSettings,
  parseSettings,
  splitSettings,
} from '../../core/settings';
import { indexedDbOneRow } from '../indexeddb-one-row';

/** The parts of `browser.storage.local` used here. */
export interface KeyValueArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

/** Where the private part (everything but capture) is kept. */
export interface PrivateSettingsStore {
  load(): Promise<unknown>;
  save(value: PrivateSettings): Promise<void>;
}

export interface SettingsStorage {
  /** The settings, migrating the old layout first if it is still there. */
  load(): Promise<Settings>;
  save(settings: Settings): Promise<void>;
}

const PRIVATE_FIELDS = ['resolver', 'llm', 'network'] as const;

export function createSettingsStorage(deps: { area: KeyValueArea; secrets: PrivateSettingsStore; nonce?: () => string }): SettingsStorage {
  const { area, secrets } = deps;
  const nonce = deps.nonce ?? (() => crypto.randomUUID());

  async function migrate(legacy: object): Promise<unknown> {
    // Fields present in the old object win over what IndexedDB holds (it is the newer write).
    const existing = await secrets.load().catch(() => undefined);
    const merged: Record<string, unknown> = Object.create(null);
    for (const field of PRIVATE_FIELDS) {
      const value = Object.hasOwn(legacy, field)
        ? Reflect.get(legacy, field)
        : isObject(existing)
          ? Reflect.get(existing, field)
          : undefined;
      if (value !== undefined) merged[field] = value;
    }
    const { rest } = splitSettings(parseSettings(merged));
    // The key is written to its new home before the old copy is removed: a failure in between loses nothing.
    await secrets.save(rest);
    const updates: Record<string, unknown> = { [SETTINGS_REVISION_KEY]: nonce() };
    if (Object.hasOwn(legacy, 'capture')) updates[CAPTURE_SETTINGS_KEY] = splitSettings(parseSettings(legacy)).capture;
    await area.set(updates);
    await area.remove([SETTINGS_STORAGE_KEY]);
    return rest;
  }

  return {
    async load() {
      const stored = await area.get([CAPTURE_SETTINGS_KEY, SETTINGS_STORAGE_KEY]);
      const legacy = stored[SETTINGS_STORAGE_KEY];
      if (isObject(legacy)) {
        const capture = Object.hasOwn(legacy, 'capture') ? Reflect.get(legacy, 'capture') : stored[CAPTURE_SETTINGS_KEY];
        try {
          return joinSettings(capture, await migrate(legacy));
        } catch {
          // IndexedDB refused: the old object is still whole in storage.local; use it, migrate next time.
          return joinSettings(capture, legacy);
        }
      }
      return joinSettings(stored[CAPTURE_SETTINGS_KEY], await secrets.load().catch(() => undefined));
    },
    async save(settings) {
      const { capture, rest } = splitSettings(settings);
      await secrets.save(rest);
      await area.set({ [CAPTURE_SETTINGS_KEY]: capture, [SETTINGS_REVISION_KEY]: nonce() });
    },
  };
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The private part in a one-row IndexedDB database of its own (like the bridge's
 * settings): no manifest permission, survives restarts, out of the graph's schema.
 *
 * @example
 *   const secrets = indexedDbPrivateSettings(indexedDB);
 */
export function indexedDbPrivateSettings(factory: IDBFactory): PrivateSettingsStore {
  return indexedDbOneRow(factory, 'ariadne-settings', 'private');
}
