/**
 * What the team's administrator does, as the database owner: create a workspace, and
 * give a colleague a PostgreSQL role of their own that is a member of it. A member role
 * can log in, belongs to `ariadne_member` (the rights on the schema) and reads and
 * writes only the workspaces its `members` rows name (row-level security).
 *
 * Each function checks its workspace before it changes anything; run a whole command in one
 * transaction (`inTransaction`, as `npm run team` does): a failure then leaves nothing
 * behind, not even a role created before it (CREATE ROLE is transactional in PostgreSQL).
 *
 * @example
 *   await inTransaction(client, () => createWorkspace(client, 'acme', 'Acme market scan'));
 *   await inTransaction(client, () => addMember(client, 'acme', 'alice', 'a long secret'));
 */
import type { ClientBase } from 'pg';
import { InvalidArgumentsError, NotFoundError } from '../../core/errors';

const WORKSPACE_ID = /^[a-z0-9][a-z0-9_-]{0,62}$/;
/** Lower-case role names only: no quoting surprises, and never a reserved `pg_` role. */
const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function checkWorkspaceId(id: string): string {
  if (!WORKSPACE_ID.test(id))
    throw new InvalidArgumentsError(
      `Workspace id "${id.slice(0, 80)}" must be 1–63 lower-case letters, digits, "-" or "_", starting with a letter or digit.`,
    );
  return id;
}

export function checkRoleName(role: string): string {
  if (!ROLE_NAME.test(role) || role.startsWith('pg_') || role === 'ariadne_member') {
    throw new InvalidArgumentsError(
      `Member name "${role.slice(0, 80)}" must be 1–63 lower-case letters, digits or "_", not starting with a digit or "pg_".`,
    );
  }
  return role;
}

/** Workspace names are for people: 1–200 characters. */
const MAX_WORKSPACE_NAME = 200;

export async function createWorkspace(client: ClientBase, id: string, name: string): Promise<void> {
  if (name.trim().length === 0 || name.length > MAX_WORKSPACE_NAME) {
    throw new InvalidArgumentsError(`A workspace name has 1–${MAX_WORKSPACE_NAME} characters; "${name.slice(0, 40)}…" has ${name.length}.`);
  }
  await client.query('INSERT INTO ariadne.workspaces (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name', [
    checkWorkspaceId(id),
    name,
  ]);
}

/** Throws `not_found` (saying how to create it) when the workspace does not exist. */
export async function requireWorkspace(client: ClientBase, id: string): Promise<void> {
  const found = await client.query('SELECT 1 FROM ariadne.workspaces WHERE id = $1', [checkWorkspaceId(id)]);
  if ((found.rowCount ?? 0) === 0) {
    throw new NotFoundError(
      `No team workspace "${id}" in this database; create it first: npm run --silent team -- workspace <connection> ${id} "<name>". Nothing was changed.`,
    );
  }
}

export async function roleExists(client: ClientBase, role: string): Promise<boolean> {
  const found = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [checkRoleName(role)]);
  return (found.rowCount ?? 0) > 0;
}

/**
 * Creates the member's login role when it does not exist, sets its password when one is
 * given (none given keeps the current one), and adds it to the workspace. Adding twice
 * changes nothing.
 */
export async function addMember(client: ClientBase, workspaceId: string, role: string, password?: string): Promise<void> {
  const name = client.escapeIdentifier(checkRoleName(role));
  await requireWorkspace(client, workspaceId);
  const login = password === undefined ? 'LOGIN' : `LOGIN PASSWORD ${client.escapeLiteral(password)}`;
  await client.query((await roleExists(client, role)) ? `ALTER ROLE ${name} ${login}` : `CREATE ROLE ${name} ${login}`);
  await client.query(`GRANT ariadne_member TO ${name}`);
  await client.query('INSERT INTO ariadne.members (workspace_id, role_name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    checkWorkspaceId(workspaceId),
    role,
  ]);
}

/** Takes the role out of the workspace; `not_found` when the workspace does not exist or the role is not in it (a typo must not read as done). */
export async function removeMember(client: ClientBase, workspaceId: string, role: string): Promise<void> {
  await requireWorkspace(client, workspaceId);
  const removed = await client.query('DELETE FROM ariadne.members WHERE workspace_id = $1 AND role_name = $2', [
    workspaceId,
    checkRoleName(role),
  ]);
  if ((removed.rowCount ?? 0) === 0) {
    throw new NotFoundError(`"${role}" is not a member of team workspace "${workspaceId}"; nothing was changed.`);
  }
}
