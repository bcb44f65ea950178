/**
 * Applies the team database's SQL migrations (`migrations/NNN_name.sql`, in number
 * order), each once and in its own transaction, and records them in
 * `ariadne_schema_migrations`. Two `team init` runs at once are serialized by an
 * advisory lock, so the second finds the work done.
 *
 * @example
 *   const applied = await migrate(client); // [{ version: 1, name: 'init' }] on a fresh database, [] after
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ClientBase } from 'pg';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE_NAME = /^(\d{3})_([a-z0-9_]+)\.sql$/;
/** Any fixed number: the key of the advisory lock `team init` holds while migrating. */
const MIGRATION_LOCK = 0x41524944;

/** The shipped migrations, in order; a gap or a repeated number is a packaging error. */
export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .flatMap((file) => {
      const m = FILE_NAME.exec(file);
      return m?.[1] === undefined || m[2] === undefined
        ? []
        : [{ version: Number(m[1]), name: m[2], sql: readFileSync(`${dir}/${file}`, 'utf8') }];
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`Migration ${m.version}_${m.name} is out of sequence: expected number ${i + 1}.`);
  });
  return migrations;
}

/** Applies the migrations the database has not seen yet; returns those it applied. */
export async function migrate(client: ClientBase, migrations: readonly Migration[] = loadMigrations()): Promise<Migration[]> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS ariadne_schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = await client.query<{ version: number }>('SELECT version FROM ariadne_schema_migrations');
    const seen = new Set(done.rows.map((r) => r.version));
    const applied: Migration[] = [];
    for (const migration of migrations.filter((m) => !seen.has(m.version))) {
      await inTransaction(client, async () => {
        await client.query(migration.sql);
        await client.query('INSERT INTO ariadne_schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      });
      applied.push(migration);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}

/** Runs `fn` between BEGIN and COMMIT, rolling back when it throws. */
export async function inTransaction<T>(client: ClientBase, fn: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await fn();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
