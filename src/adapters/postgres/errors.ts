/**
 * PostgreSQL and network failures as Ariadne errors: a database that cannot be reached
 * (refused, reset, shut down, starting) is `unavailable` — the caller keeps its queue and
 * retries later —, a refused right is `forbidden`, anything else `internal`.
 */
import { AriadneError, type ErrorCode } from '../../core/errors';

/** Node socket errors that mean "not reachable now". */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : '';
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}

/** SQLSTATE classes 08 (connection), 57P (shutdown, cannot connect now), 53 (resources). */
function isUnavailable(code: string, message: string): boolean {
  return (
    NETWORK_CODES.has(code) ||
    code.startsWith('08') ||
    code.startsWith('57P') ||
    code.startsWith('53') ||
    /^Connection terminated/.test(message)
  );
}

/** Login refused: a wrong password or an unknown role (PostgreSQL does not say which), or no pg_hba.conf line. */
const LOGIN_REFUSED = new Set(['28000', '28P01']);
/** A value the database's checks refused (a change's shape, a constraint). */
const REFUSED_VALUE = new Set(['22023', '23514', '23502', '22P02']);

type Kind = 'unreachable' | 'login' | 'not_allowed' | 'refused_value' | 'no_schema' | 'other';

function kindOf(code: string, message: string): Kind {
  if (isUnavailable(code, message)) return 'unreachable';
  if (LOGIN_REFUSED.has(code)) return 'login';
  if (code === '42501') return 'not_allowed';
  if (REFUSED_VALUE.has(code)) return 'refused_value';
  if (code === '42P01' || code === '3F000') return 'no_schema';
  return 'other';
}

const NO_SCHEMA = (message: string) =>
  `The team database has no Ariadne schema (${message}); run \`npm run --silent team -- init <connection>\` first.`;

/** Each kind of failure as an error, for one audience (a member syncing, or the administrator). */
type Wording = { readonly [K in Kind]: (action: string, message: string) => [ErrorCode, string, Record<string, string>?] };

function translate(error: unknown, action: string, wording: Wording): AriadneError {
  if (error instanceof AriadneError) return error;
  const code = codeOf(error);
  const message = messageOf(error);
  const [errorCode, text, extra] = wording[kindOf(code, message)](action, message);
  return new AriadneError(errorCode, text, { sqlstate: code, ...extra });
}

const MEMBER_WORDING: Wording = {
  unreachable: (action, message) => [
    'unavailable',
    `The team database cannot be reached (${action}): ${message}. Local changes stay queued; sync again later.`,
  ],
  login: (action, message) => [
    'forbidden',
    `The team database refused the login (${action}): ${message}. Check the member name and password in Settings → Team.`,
    { reason: 'login' },
  ],
  not_allowed: (action, message) => [
    'forbidden',
    `The login works but is not a member of this team workspace (${action}): ${message}. Check the team workspace id, or ask the team's administrator to add you (\`team member\`).`,
    { reason: 'not_member' },
  ],
  refused_value: (action, message) => ['invalid_arguments', `The team database refused ${action}: ${message}`],
  no_schema: (_action, message) => ['unavailable', NO_SCHEMA(message)],
  other: (action, message) => ['internal', `The team database failed (${action}): ${message}`],
};

const ADMIN_WORDING: Wording = {
  unreachable: (action, message) => [
    'unavailable',
    `The database cannot be reached (${action}): ${message}. Check the connection URL and that the server is running; nothing was changed.`,
  ],
  login: (action, message) => [
    'forbidden',
    `The database refused the login (${action}): ${message}. Check the user and password of the connection.`,
  ],
  not_allowed: (action, message) => [
    'forbidden',
    `The connection's role may not do this (${action}): ${message}. Run it as a role that owns the database and may create roles; nothing was changed.`,
  ],
  refused_value: (action, message) => ['invalid_arguments', `The database refused ${action}: ${message}; nothing was changed.`],
  no_schema: (_action, message) => ['unavailable', NO_SCHEMA(message)],
  other: (action, message) => ['internal', `The database failed (${action}): ${message}; nothing was changed.`],
};

/**
 * Why a member's request failed, said to the member. `forbidden` carries `details.reason`:
 * `login` (wrong member name or password: fix the form) or `not_member` (the login works, the
 * administrator has not added it to the team workspace).
 *
 * @example await pool.query(sql).catch((e) => { throw toTeamError(e, 'push'); })
 */
export function toTeamError(error: unknown, action: string): AriadneError {
  return translate(error, action, MEMBER_WORDING);
}

/**
 * Why an administrator's command (`npm run team`) failed, said to the administrator: nothing
 * is queued there, and the fix is the connection or the administrator's own rights.
 *
 * @example await withClient(url, fn).catch((e) => { throw toAdminError(e, 'team init'); })
 */
export function toAdminError(error: unknown, action: string): AriadneError {
  return translate(error, action, ADMIN_WORDING);
}
