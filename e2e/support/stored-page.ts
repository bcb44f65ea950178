// The stored page's record as the worker wrote it, read straight from IndexedDB by an extension page.
import type { Page } from '@playwright/test';

/** The stored page's notes, from the worker's database (read from an extension page). */
export function storedNotes(panel: Page, url: string): Promise<string[] | undefined> {
  return panel.evaluate(async (pageUrl) => {
    const exists = (await indexedDB.databases()).some((d) => d.name === 'ariadne');
    if (!exists) return undefined;
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const r = indexedDB.open('ariadne');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => fail(r.error);
    });
    try {
      if (!db.objectStoreNames.contains('pages')) return undefined;
      const row = await new Promise<unknown>((ok, fail) => {
        const r = db.transaction('pages', 'readonly').objectStore('pages').get(pageUrl);
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
      });
      const notes = typeof row === 'object' && row !== null ? Reflect.get(row, 'notes') : undefined;
      return Array.isArray(notes) ? notes.map(String) : row === undefined ? undefined : [];
    } finally {
      db.close();
    }
  }, url);
}
