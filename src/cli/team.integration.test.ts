// `npm run team` against a real PostgreSQL: init applies the migrations once, workspace and
// member set up a role that can log in with its password and push; bad input gets a clear
// error and exit code.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSkipReason, startPgServer } from '../adapters/postgres/testing/pg-server';
import type { PgServer } from '../adapters/postgres/testing/pg-server';

const run = promisify(execFile);
const skip = pgSkipReason();
if (skip !== undefined) console.warn(`team.integration.test.ts skipped: ${skip}`);

const TSX = path.resolve(__dirname, '../../node_modules/.bin/tsx');
const CLI = path.resolve(__dirname, 'team.ts');

async function team(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(TSX, [CLI, ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    // execFile's error carries the exit code and both outputs.
    const field = (key: string): unknown =>
      typeof error === 'object' && error !== null ? Object.getOwnPropertyDescriptor(error, key)?.value : undefined;
    const text = (value: unknown): string => (typeof value === 'string' ? value : '');
    const code = field('code');
    return { code: typeof code === 'number' ? code : -1, stdout: text(field('stdout')), stderr: text(field('stderr')) };
  }
}

describe.skipIf(skip !== undefined)('npm run team', () => {
  let server: PgServer;
  let url: string;

  beforeAll(async () => {
    server = await startPgServer({ passwordRoles: ['dana'] });
    url = `postgres://postgres@127.0.0.1:${server.port}/${await server.createDatabase()}`;
  }, 60_000);
  afterAll(async () => {
    await server.destroy();
  });

  it(
    'init applies the schema once; workspace and member make a role that logs in with the printed password, kept when added again',
    { timeout: 60_000 },
    async () => {
      expect(await team(['init', url])).toMatchObject({
        code: 0,
        stdout: 'applied 001_init\napplied 002_team_reads\napplied 003_evidence_tombstones\napplied 004_change_checks_and_groups\n',
      });
      expect(await team(['init', url])).toMatchObject({ code: 0, stdout: 'Team database already up to date.\n' });
      expect(await team(['workspace', url, 'acme', 'Acme market scan'])).toMatchObject({ code: 0 });
      const added = await team(['member', url, 'acme', 'dana']);
      expect(added.code).toBe(0);
      const password = /Password \(shown once\): (\S+)/.exec(added.stdout)?.[1];
      expect(password).toBeDefined();
      // Added to a second workspace, the role keeps its password (none is printed).
      expect(await team(['workspace', url, 'beta'])).toMatchObject({ code: 0 });
      expect(await team(['member', url, 'beta', 'dana'])).toMatchObject({ code: 0, stdout: 'Member "dana" can use workspace "beta".\n' });

      // Dana logs in with the printed password (the test server asks her for it), and not without it.
      const database = url.split('/').pop() ?? '';
      const dana = new pg.Client({ ...server.config(database, 'dana'), password });
      await dana.connect();
      try {
        const member = await dana.query('SELECT workspace_id FROM ariadne.members ORDER BY workspace_id');
        expect(member.rows).toEqual([{ workspace_id: 'acme' }, { workspace_id: 'beta' }]);
      } finally {
        await dana.end();
      }
      await expect(new pg.Client({ ...server.config(database, 'dana'), password: 'wrong' }).connect()).rejects.toMatchObject({
        code: '28P01',
      });
    },
  );

  it('refuses bad input with a message and a non-zero exit', { timeout: 60_000 }, async () => {
    expect(await team(['init', 'mysql://x'])).toMatchObject({ code: 2, stderr: expect.stringContaining('is not a PostgreSQL URL') });
    expect(await team(['member', url, 'acme', 'Robert"; DROP TABLE x'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('invalid_arguments'),
    });
    expect(await team(['frobnicate'])).toMatchObject({ code: 2, stderr: expect.stringContaining('usage') });
    expect(await team(['init', 'postgres://postgres@127.0.0.1:1/none'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('unavailable'),
    });
  });
});
