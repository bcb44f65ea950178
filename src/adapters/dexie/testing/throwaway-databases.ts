/**
 * Test helper: IndexedDB databases (fake-indexeddb) closed and deleted after each test of
 * the file that registers it. Call at the top level of a test file.
 *
 * @example
 *   const track = throwawayDatabases();
 *   const db = track(new AriadneDatabase(`ariadne-x-${n}`));
 */
import { Dexie } from 'dexie';
import { afterEach } from 'vitest';

export function throwawayDatabases(): <D extends Dexie>(db: D) => D {
  const opened: Dexie[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) {
      db.close();
      await Dexie.delete(db.name);
    }
  });
  return (db) => {
    opened.push(db);
    return db;
  };
}
