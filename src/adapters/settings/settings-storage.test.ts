// The settings' two homes: the capture part in storage.local (which every page's content
// script can read), the rest, API key included, in IndexedDB; and the move from the old
// single object in storage.local, which must keep every setting and leave no key behind.
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CAPTURE_SETTINGS_KEY, SETTINGS_REVISION_KEY, SETTINGS_STORAGE_KEY, defaultSettings, type Settings } from '../../core/settings';
import { createSettingsStorage, indexedDbPrivateSettings, type KeyValueArea, type PrivateSettingsStore } from './settings-storage';

const SECRET = 'sk-secret-4f9a';

/** An in-memory storage.local, copying values in and out as the browser does. */
function memoryArea(initial: Record<string, unknown> = {}): KeyValueArea & { dump(): Record<string, unknown> } {
  const data = new Map<string, string>(Object.entries(initial).map(([k, v]) => [k, JSON.stringify(v)]));
  return {
    get: (keys) =>
      Promise.resolve(
        Object.fromEntries(
          keys.flatMap((k) => {
            const v = data.get(k);
            return v === undefined ? [] : [[k, JSON.parse(v)]];
          }),
        ),
      ),
    set: (items) => Promise.resolve(void Object.entries(items).forEach(([k, v]) => data.set(k, JSON.stringify(v)))),
    remove: (keys) => Promise.resolve(void keys.forEach((k) => data.delete(k))),
    dump: () => Object.fromEntries([...data].map(([k, v]) => [k, JSON.parse(v)])),
  };
}

function withKey(): Settings {
  const s = defaultSettings();
  return {
    ...s,
    capture: { ...s.capture, paused: true, blocklist: ['bank.example'] },
    llm: { ...s.llm, provider: 'openai-compatible', model: 'llama3.2', apiKey: SECRET },
    network: { wikidata: true },
  };
}

let counter = 0;
const nonce = (): string => `rev-${++counter}`;

describe('settings storage', () => {
  it('a save puts only the capture settings (and a revision) in storage.local; the key goes to IndexedDB and comes back', async () => {
    const area = memoryArea();
    const factory = new IDBFactory();
    await createSettingsStorage({ area, secrets: indexedDbPrivateSettings(factory), nonce }).save(withKey());
    expect(Object.keys(area.dump()).sort()).toEqual([CAPTURE_SETTINGS_KEY, SETTINGS_REVISION_KEY].sort());
    expect(JSON.stringify(area.dump())).not.toContain(SECRET);
    expect(JSON.stringify(area.dump())).not.toContain('llama3.2');
    // A fresh reader (another context, or after a restart) gets everything back.
    const loaded = await createSettingsStorage({ area, secrets: indexedDbPrivateSettings(factory), nonce }).load();
    expect(loaded).toEqual(withKey());
  });

  it('every save changes the revision, so storage.onChanged fires even when the capture part is unchanged', async () => {
    const area = memoryArea();
    const storage = createSettingsStorage({ area, secrets: indexedDbPrivateSettings(new IDBFactory()), nonce });
    await storage.save(withKey());
    const first = area.dump()[SETTINGS_REVISION_KEY];
    await storage.save({ ...withKey(), llm: { ...withKey().llm, model: 'other' } });
    expect(area.dump()[SETTINGS_REVISION_KEY]).not.toEqual(first);
  });

  it('migrates the old single object: every setting kept, the key moved out of storage.local, the old entry removed', async () => {
    const legacy = withKey();
    const area = memoryArea({ [SETTINGS_STORAGE_KEY]: legacy });
    const factory = new IDBFactory();
    const loaded = await createSettingsStorage({ area, secrets: indexedDbPrivateSettings(factory), nonce }).load();
    expect(loaded).toEqual(legacy);
    expect(area.dump()[SETTINGS_STORAGE_KEY]).toBeUndefined();
    expect(JSON.stringify(area.dump())).not.toContain(SECRET);
    expect(area.dump()[CAPTURE_SETTINGS_KEY]).toEqual(legacy.capture);
    expect(await createSettingsStorage({ area, secrets: indexedDbPrivateSettings(factory), nonce }).load()).toEqual(legacy);
  });

  it('an old-layout write of one part (as older tools do) changes that part only', async () => {
    const area = memoryArea();
    const factory = new IDBFactory();
    const storage = createSettingsStorage({ area, secrets: indexedDbPrivateSettings(factory), nonce });
    await storage.save(withKey());
    await area.set({ [SETTINGS_STORAGE_KEY]: { llm: { provider: 'openai-compatible', model: 'm2', apiKey: 'sk-new' } } });
    const loaded = await storage.load();
    expect(loaded.llm).toMatchObject({ model: 'm2', apiKey: 'sk-new' });
    expect(loaded.capture).toEqual(withKey().capture);
    expect(loaded.network).toEqual({ wikidata: true });
    expect(JSON.stringify(area.dump())).not.toContain('sk-new');
  });

  it('when IndexedDB refuses, the old object stays whole and is used as is (nothing lost, migrated next time)', async () => {
    const legacy = withKey();
    const area = memoryArea({ [SETTINGS_STORAGE_KEY]: legacy });
    const broken: PrivateSettingsStore = {
      load: () => Promise.reject(new Error('no idb')),
      save: () => Promise.reject(new Error('no idb')),
    };
    expect(await createSettingsStorage({ area, secrets: broken, nonce }).load()).toEqual(legacy);
    expect(area.dump()[SETTINGS_STORAGE_KEY]).toEqual(legacy);
  });
});
