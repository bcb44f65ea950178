/**
 * Test helper: writes `rows` into a database created at an older schema version (the
 * `schemas` of versions 1…n, in order) and closes it, so an `AriadneDatabase` opened on the
 * same name next runs the upgrades from version n.
 *
 * @example
 *   await writeOlderDatabase(track(new Dexie(name)), [SCHEMA_V1, SCHEMA_V2, SCHEMA_V3], rows);
 */
import type { Dexie } from 'dexie';

export async function writeOlderDatabase(
  db: Dexie,
  schemas: readonly Readonly<Record<string, string>>[],
  rows: Readonly<Record<string, unknown[]>>,
): Promise<void> {
  schemas.forEach((schema, i) => db.version(i + 1).stores(schema));
  const tables = Object.keys(schemas.at(-1) ?? {});
  await db.transaction('rw', tables, async () => {
    for (const table of tables) await db.table(table).bulkAdd(rows[table] ?? []);
  });
  db.close();
}
