/**
 * A migrated team database for one test: workspace `acme` with members `alice` and
 * `bob`, workspace `other` with member `carol`, and `mallory`, a member role of no
 * workspace. Pools connect as each role (trust authentication on the test server).
 */
import pg from 'pg';
import { addMember, createWorkspace } from '../admin';
import type { Migration } from '../migrate';
import { migrate } from '../migrate';
import type { PgServer } from './pg-server';

export interface TeamFixture {
  readonly database: string;
  /** A pool connected as `role`, closed by `close`. */
  pool(role: string): pg.Pool;
  /** A query as the database owner (sees everything: RLS does not apply to the owner). */
  admin<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

export interface TeamFixtureOptions {
  /** The migrations applied (default: all shipped); fewer make a team database of an older version. */
  readonly migrations?: readonly Migration[];
}

export async function teamFixture(server: PgServer, options: TeamFixtureOptions = {}): Promise<TeamFixture> {
  const database = await server.createDatabase();
  const owner = new pg.Pool({ ...server.config(database), max: 1 });
  owner.on('error', () => undefined);
  const client = await owner.connect();
  try {
    await migrate(client, options.migrations);
    await createWorkspace(client, 'acme', 'Acme market scan');
    await createWorkspace(client, 'other', 'Another team');
    await addMember(client, 'acme', 'alice');
    await addMember(client, 'acme', 'bob');
    await addMember(client, 'other', 'carol');
    await client.query(
      "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'mallory') THEN CREATE ROLE mallory LOGIN IN ROLE ariadne_member; END IF; END $$",
    );
  } finally {
    client.release();
  }
  const pools: pg.Pool[] = [owner];
  return {
    database,
    pool(role) {
      const pool = new pg.Pool({ ...server.config(database, role), max: 2 });
      // A stopped server drops idle connections: the next query reports it, the pool must not crash the process.
      pool.on('error', () => undefined);
      pools.push(pool);
      return pool;
    },
    async admin<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
      return (await owner.query<R>(sql, params)).rows;
    },
    async close() {
      await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
    },
  };
}
