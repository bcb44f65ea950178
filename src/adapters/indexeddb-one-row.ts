/**
 * One value kept in a small IndexedDB database of its own (the bridge's settings, the
 * private settings): no manifest permission, survives worker restarts, out of the
 * graph's schema, and out of reach of content scripts (they run in the page's origin).
 *
 * @example
 *   const row = indexedDbOneRow(indexedDB, 'ariadne-bridge', 'bridge');
 *   await row.save({ enabled: true, grants: [] });
 *   await row.load(); // { enabled: true, grants: [] }, or undefined before the first save
 */
const STORE = 'settings';

export interface OneRowStore {
  /** The saved value, or `undefined` before the first save. */
  load(): Promise<unknown>;
  /** Resolves once the write is committed. */
  save(value: unknown): Promise<void>;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export function indexedDbOneRow(factory: IDBFactory, dbName: string, key: string): OneRowStore {
  let db: Promise<IDBDatabase> | undefined;
  const database = (): Promise<IDBDatabase> => {
    if (db === undefined) {
      const req = factory.open(dbName, 1);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
      };
      db = request(req);
      // A failed open is retried on the next call rather than cached.
      db.catch(() => (db = undefined));
    }
    return db;
  };
  return {
    async load() {
      const tx = (await database()).transaction(STORE, 'readonly');
      return request(tx.objectStore(STORE).get(key));
    },
    async save(value) {
      const tx = (await database()).transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put(value, key);
      await committed(tx);
    },
  };
}
