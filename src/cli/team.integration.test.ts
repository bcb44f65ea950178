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
    const unreachable = await team(['init', 'postgres://postgres@127.0.0.1:1/none']);
    expect(unreachable).toMatchObject({ code: 1, stderr: expect.stringContaining('unavailable') });
    // Said to the administrator: nothing is queued on their side.
    expect(unreachable.stderr).toContain('Check the connection URL');
    expect(unreachable.stderr).not.toMatch(/queued|sync again/i);
  });

  it(
    'each command is all or nothing: a member of a missing workspace leaves no role, a failure after the role rolls it back',
    { timeout: 90_000 },
    async () => {
      const database = await server.createDatabase();
      const db = `postgres://postgres@127.0.0.1:${server.port}/${database}`;
      const owner = new pg.Client(server.config(database));
      await owner.connect();
      const roles = async (name: string) => (await owner.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name])).rowCount;
      try {
        expect(await team(['init', db])).toMatchObject({ code: 0 });
        expect(await team(['workspace', db, 'acme'])).toMatchObject({ code: 0 });

        const missing = await team(['member', db, 'nosuchws', 'dave']);
        expect(missing).toMatchObject({ code: 1, stdout: '' });
        expect(missing.stderr).toContain('not_found: No team workspace "nosuchws"');
        expect(missing.stderr).not.toContain('Password');
        expect(await roles('dave')).toBe(0);
        expect(await team(['remove', db, 'nosuchws', 'dave'])).toMatchObject({ code: 1, stderr: expect.stringContaining('not_found') });
        expect(await team(['remove', db, 'acme', 'dave'])).toMatchObject({ code: 1, stderr: expect.stringContaining('is not a member') });

        // A failure after CREATE ROLE (here a trigger refusing the membership row) takes the role back with it.
        await owner.query(`CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by a test trigger'; END $$;
        CREATE TRIGGER refuse BEFORE INSERT ON ariadne.members FOR EACH ROW WHEN (NEW.role_name = 'erin') EXECUTE FUNCTION refuse()`);
        const refused = await team(['member', db, 'acme', 'erin']);
        expect(refused).toMatchObject({ code: 1, stdout: '' });
        expect(refused.stderr).toContain('refused by a test trigger');
        expect(await roles('erin')).toBe(0);
        // The same command without the obstacle works, and prints the password it made.
        await owner.query('DROP TRIGGER refuse ON ariadne.members');
        expect(await team(['member', db, 'acme', 'erin'])).toMatchObject({
          code: 0,
          stdout: expect.stringContaining('Password (shown once)'),
        });
        expect(await roles('erin')).toBe(1);
      } finally {
        await owner.end();
      }
    },
  );
});
