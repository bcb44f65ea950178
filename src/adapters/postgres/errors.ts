/**
 * PostgreSQL and network failures as Ariadne errors: a database that cannot be reached
 * (refused, reset, shut down, starting) is `unavailable` — the caller keeps its queue and
 * retries later —, a refused right is `forbidden`, anything else `internal`.
 */
import { AriadneError } from '../../core/errors';

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

/** @example await pool.query(sql).catch((e) => { throw toTeamError(e, 'push'); }) */
export function toTeamError(error: unknown, action: string): AriadneError {
  if (error instanceof AriadneError) return error;
  const code = codeOf(error);
  const message = messageOf(error);
  if (isUnavailable(code, message)) {
    return new AriadneError(
      'unavailable',
      `The team database cannot be reached (${action}): ${message}. Local changes stay queued; sync again later.`,
      { sqlstate: code },
    );
  }
  if (code === '42501' || code === '28000' || code === '28P01') {
    return new AriadneError(
      'forbidden',
      `The team database refused ${action}: ${message}. Ask the team's administrator to add you to the workspace.`,
      { sqlstate: code },
    );
  }
  if (code === '42P01' || code === '3F000') {
    return new AriadneError(
      'unavailable',
      `The team database has no Ariadne schema (${message}); run \`npm run --silent team -- init <connection>\` first.`,
      { sqlstate: code },
    );
  }
  return new AriadneError('internal', `The team database failed (${action}): ${message}`, { sqlstate: code });
}
