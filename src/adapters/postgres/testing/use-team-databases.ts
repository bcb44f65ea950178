/**
 * The hooks of a test file that uses team databases: one PostgreSQL server for the file
 * (started before its first test, removed after the last), a fresh database per test.
 * Apart from team-fixture.ts so that benchmarks can use the fixture without vitest.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startPgServer } from './pg-server';
import type { PgServer } from './pg-server';
import { teamFixture } from './team-fixture';
import type { TeamFixture, TeamFixtureOptions } from './team-fixture';

export interface TeamDatabases {
  /** The file's server (started before the first test). */
  server(): PgServer;
  /** A fresh migrated database for this test, closed after it. */
  fresh(options?: TeamFixtureOptions): Promise<TeamFixture>;
}

/**
 * Registers the hooks of a test file that uses team databases: one PostgreSQL server for
 * the file, a fresh database per test. Call inside `describe`.
 *
 * @example
 *   describe.skipIf(pgSkipReason() !== undefined)('team', () => {
 *     const pg = useTeamDatabases();
 *     it('…', async () => { const fx = await pg.fresh(); … });
 *   });
 */
export function useTeamDatabases(): TeamDatabases {
  let running: PgServer | undefined;
  const open: TeamFixture[] = [];
  const server = (): PgServer => {
    if (running === undefined) throw new Error('the PostgreSQL server is not started yet (use it inside a test)');
    return running;
  };
  beforeAll(async () => {
    running = await startPgServer();
  }, 60_000);
  afterEach(async () => {
    for (const fx of open.splice(0)) await fx.close();
  });
  afterAll(async () => {
    await running?.destroy();
  });
  return {
    server,
    async fresh(options) {
      const fx = await teamFixture(server(), options);
      open.push(fx);
      return fx;
    },
  };
}
