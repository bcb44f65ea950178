/**
 * A real PostgreSQL for tests: `initdb` on a temporary directory, `pg_ctl` on a free
 * port of 127.0.0.1 (no Unix socket outside that directory), trust authentication for
 * local test roles. Run as the `postgres` user when the tests run as root (PostgreSQL
 * refuses root). One server per test file; `createDatabase` gives each test a fresh one.
 *
 * @example
 *   const skip = pgSkipReason();
 *   describe.skipIf(skip !== undefined)('team database', () => {
 *     let pg: PgServer;
 *     beforeAll(async () => { pg = await startPgServer(); });
 *     afterAll(() => pg.destroy());
 *   });
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

const DEBIAN_PG = '/usr/lib/postgresql';

/** The newest Debian PostgreSQL (`apt-get install postgresql postgresql-contrib`; 15 on bookworm); `ARIADNE_PG_BIN` picks another. */
function findPgBin(): string {
  const given = process.env.ARIADNE_PG_BIN;
  if (given !== undefined && given !== '') return given;
  const versions = existsSync(DEBIAN_PG)
    ? readdirSync(DEBIAN_PG)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const found = versions.find((v) => existsSync(path.join(DEBIAN_PG, v, 'bin', 'initdb')));
  return path.join(DEBIAN_PG, found ?? '15', 'bin');
}

export const PG_BIN = findPgBin();
const SUPERUSER = 'postgres';

export interface PgServer {
  readonly host: string;
  readonly port: number;
  /** Connection settings for `database` as `user` (default the superuser). */
  config(database: string, user?: string): pg.ClientConfig;
  /** A new empty database (`t1`, `t2`, …) for one test. */
  createDatabase(): Promise<string>;
  /** Stops the server, keeping its data (a restart finds everything committed). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  destroy(): Promise<void>;
}

/**
 * Why PostgreSQL tests cannot run here, or undefined when they can. Under CI a missing
 * PostgreSQL is an error, not a skip: CI installs it (`.ci/run`).
 */
export function pgSkipReason(): string | undefined {
  if (existsSync(path.join(PG_BIN, 'initdb'))) return undefined;
  const reason = `PostgreSQL is not installed (no ${PG_BIN}/initdb): apt-get install postgresql postgresql-contrib, or set ARIADNE_PG_BIN`;
  if (process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false') throw new Error(reason);
  return reason;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL binary, as `postgres` when we are root. */
async function pgBin(binary: string, args: readonly string[]): Promise<void> {
  const file = path.join(PG_BIN, binary);
  if (asRoot) await run('runuser', ['-u', SUPERUSER, '--', file, ...args]);
  else await run(file, [...args]);
}

export interface PgServerOptions {
  /** Roles that must log in with their password (scram-sha-256); every other role is trusted. */
  readonly passwordRoles?: readonly string[];
}

export async function startPgServer(options: PgServerOptions = {}): Promise<PgServer> {
  const reason = pgSkipReason();
  if (reason !== undefined) throw new Error(reason);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ariadne-pg-'));
  if (asRoot) await run('chown', [SUPERUSER, dir]);
  const data = path.join(dir, 'data');
  await pgBin('initdb', ['-D', data, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  if (options.passwordRoles !== undefined && options.passwordRoles.length > 0) {
    // pg_hba.conf is read top down: these lines come before initdb's "trust" ones.
    const hba = path.join(data, 'pg_hba.conf');
    const lines = options.passwordRoles.map((role) => `host all ${role} 127.0.0.1/32 scram-sha-256\n`).join('');
    writeFileSync(hba, lines + readFileSync(hba, 'utf8'));
  }
  const port = await freePort();
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const log = path.join(dir, 'server.log');
  let databases = 0;
  const server: PgServer = {
    host: '127.0.0.1',
    port,
    config: (database, user = SUPERUSER) => ({ host: '127.0.0.1', port, database, user }),
    async createDatabase() {
      const name = `t${++databases}`;
      const admin = new pg.Client(server.config('postgres'));
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return name;
    },
    stop: () => pgBin('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w']),
    start: () => pgBin('pg_ctl', ['start', '-D', data, '-o', serverOptions, '-l', log, '-w']),
    async destroy() {
      await server.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
