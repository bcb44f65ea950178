/**
 * `npm run --silent team -- <command>`: sets up a team database (run by the team's
 * administrator, as a role that owns the database).
 *
 *   init      <connection>                          applies the schema migrations (again: nothing to do)
 *   workspace <connection> <id> [name]              creates (or renames) a workspace
 *   member    <connection> <workspace> <role>       creates the member's login role (or reuses it) and adds it to the
 *                                                   workspace; password: ARIADNE_MEMBER_PASSWORD, else a new role's is
 *                                                   generated and printed once, an existing role's is kept
 *   remove    <connection> <workspace> <role>       takes the role out of the workspace (its contributions stay)
 *
 * <connection> is a PostgreSQL URL (postgres://user@host:5432/db); the password comes from
 * the URL, PGPASSWORD or ~/.pgpass.
 *
 * All or nothing: `workspace`, `member` and `remove` each run in one transaction and check
 * their workspace first (a member of a workspace that does not exist leaves no role behind);
 * `init` applies each migration in its own transaction.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { AriadneError } from '../core/errors';
import { addMember, createWorkspace, removeMember, roleExists } from '../adapters/postgres/admin';
import { toAdminError } from '../adapters/postgres/errors';
import { inTransaction, migrate } from '../adapters/postgres/migrate';

const USAGE = `usage: npm run --silent team -- init <connection>
       npm run --silent team -- workspace <connection> <id> [name]
       npm run --silent team -- member <connection> <workspace> <role>
       npm run --silent team -- remove <connection> <workspace> <role>
<connection>: postgres://user@host:5432/database`;

const CONNECTION = /^postgres(?:ql)?:\/\//;

function fail(message: string, code = 1): never {
  process.stderr.write(`ariadne team: ${message}\n`);
  process.exit(code);
}

/** Connects, runs `fn`, disconnects; errors are said to the administrator (`toAdminError`). */
async function withClient<T>(connection: string, action: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!CONNECTION.test(connection)) fail(`"${connection.slice(0, 80)}" is not a PostgreSQL URL.\n${USAGE}`, 2);
  const client = new pg.Client({ connectionString: connection });
  try {
    await client.connect();
    return await fn(client);
  } catch (error) {
    throw toAdminError(error, action);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main(argv: readonly string[]): Promise<void> {
  const [command, connection = '', ...args] = argv;
  const [first, second] = args;
  if (command === 'init' && connection !== '') {
    const applied = await withClient(connection, 'team init', (c) => migrate(c));
    process.stdout.write(
      applied.length === 0
        ? 'Team database already up to date.\n'
        : applied.map((m) => `applied ${String(m.version).padStart(3, '0')}_${m.name}\n`).join(''),
    );
  } else if (command === 'workspace' && first !== undefined) {
    await withClient(connection, 'team workspace', (c) => inTransaction(c, () => createWorkspace(c, first, second ?? first)));
    process.stdout.write(`Workspace "${first}" ready.\n`);
  } else if (command === 'member' && first !== undefined && second !== undefined) {
    const given = process.env.ARIADNE_MEMBER_PASSWORD;
    // A new role without a given password gets a generated one; an existing role keeps its own.
    // Printed only after the commit: a failed command leaves no role whose password nobody saw.
    const generated = await withClient(connection, 'team member', (c) =>
      inTransaction(c, async () => {
        const password =
          given !== undefined && given !== '' ? given : (await roleExists(c, second)) ? undefined : randomBytes(18).toString('base64url');
        await addMember(c, first, second, password);
        return password === given ? undefined : password;
      }),
    );
    process.stdout.write(
      `Member "${second}" can use workspace "${first}".${generated === undefined ? '' : `\nPassword (shown once): ${generated}`}\n`,
    );
  } else if (command === 'remove' && first !== undefined && second !== undefined) {
    await withClient(connection, 'team remove', (c) => inTransaction(c, () => removeMember(c, first, second)));
    process.stdout.write(`Member "${second}" no longer reads or writes workspace "${first}".\n`);
  } else {
    fail(USAGE, 2);
  }
}

void main(process.argv.slice(2)).catch((error: unknown) => {
  const code = error instanceof AriadneError ? `${error.code}: ` : '';
  fail(`${code}${error instanceof Error ? error.message : String(error)}`);
});
