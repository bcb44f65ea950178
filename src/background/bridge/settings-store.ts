/**
 * Where the bridge keeps its settings (on/off, "always" grants): a one-row IndexedDB
 * database of its own. IndexedDB needs no manifest permission (unlike
 * `storage.local`), survives worker restarts, and stays out of the graph's schema.
 */
import type { BridgeSettings } from '../../bridge/panel-protocol';
import type { SettingsStore } from './native-bridge';

const DB_NAME = 'ariadne-bridge';
const STORE = 'settings';
const KEY = 'bridge';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const req = factory.open(DB_NAME, 1);
  req.onupgradeneeded = () => {
    if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
  };
  return request(req);
}

/**
 * @example
 *   const settings = indexedDbSettingsStore(indexedDB);
 *   await settings.save({ enabled: true, grants: [] });
 */
export function indexedDbSettingsStore(factory: IDBFactory): SettingsStore {
  let db: Promise<IDBDatabase> | undefined;
  const database = (): Promise<IDBDatabase> => (db ??= open(factory));
  return {
    async load() {
      const tx = (await database()).transaction(STORE, 'readonly');
      return request(tx.objectStore(STORE).get(KEY));
    },
    async save(settings: BridgeSettings) {
      const tx = (await database()).transaction(STORE, 'readwrite');
      await request(tx.objectStore(STORE).put(settings, KEY));
    },
  };
}
