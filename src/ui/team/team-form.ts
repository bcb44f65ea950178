/**
 * Settings → Team in words: the link form checked against the protocol's own
 * `team.link` schema (so the panel's bounds are the contract's, not a copy), what a
 * failed link means for the user, and the sync status as plain sentences.
 *
 * @example
 *   const checked = checkTeamForm(form);
 *   if (checked.ok) await sendMessage({ type: 'team.link', ...checked.args });
 *   else checked.errors.get('port'); // 'The port is a whole number from 1 to 65535 …'
 *   describeTeamStatus(status, Date.now()).queue; // '3 changes waiting to be sent.'
 */
import { AriadneError } from '../../core/errors';
import { forbiddenDetailsSchema, teamLogKey } from '../../core/team/host-wire';
import type { Request, TeamConnection, TeamStatus, TeamSyncCounts } from '../../messaging/protocol';
import { teamLinkRequestSchema } from '../../messaging/protocol';
import { userError } from '../user-error';

export type TeamField = 'host' | 'port' | 'database' | 'user' | 'password' | 'teamWorkspace';

/** The form as typed: every field a string (the port too, until it is checked). */
export type TeamForm = Readonly<Record<TeamField, string>>;

export type TeamLinkArgs = Omit<Request<'team.link'>, 'type'>;

/** The command that installs the native host (both its roles: the MCP bridge and team sync). */
export const INSTALL_COMMAND = 'npm run --silent mcp -- install';

/** PostgreSQL's usual port, offered in an empty form. */
const DEFAULT_PORT = '5432';

const FIELD_HINTS: Readonly<Record<TeamField, string>> = {
  host: 'Enter the database server’s host name or address (at most 255 characters).',
  port: 'The port is a whole number from 1 to 65535 (PostgreSQL’s usual one is 5432).',
  database: 'Enter the database name (1 to 63 characters).',
  user: 'Enter your member name, as your administrator created it (1 to 63 characters).',
  password: 'The password is at most 1,024 characters.',
  teamWorkspace: 'A team workspace id is 1 to 63 lower-case letters, digits, - or _.',
};

/** The form's fields, in the order it shows them. */
export const TEAM_FIELDS: readonly TeamField[] = ['host', 'port', 'database', 'user', 'password', 'teamWorkspace'];

function isField(key: unknown): key is TeamField {
  return TEAM_FIELDS.some((f) => f === key);
}

/** The form for a workspace: its saved connection (never a password: the host keeps it), or an empty one. */
export function formOf(connection: TeamConnection | null): TeamForm {
  if (connection === null) return { host: '', port: DEFAULT_PORT, database: '', user: '', password: '', teamWorkspace: '' };
  return { ...connection, port: String(connection.port), password: '' };
}

/**
 * Checks the form with `team.link`'s schema. Names are trimmed, the password is not
 * (spaces may be part of it); an empty password is left out, which tells the host to
 * keep the secret it already has (or to use its ~/.pgpass).
 */
export function checkTeamForm(form: TeamForm): { ok: true; args: TeamLinkArgs } | { ok: false; errors: ReadonlyMap<TeamField, string> } {
  const port = form.port.trim();
  const parsed = teamLinkRequestSchema.safeParse({
    type: 'team.link',
    host: form.host.trim(),
    // Digits only: Number('') is 0 and Number('1e3') is 1000, neither of which the user typed as a port.
    port: /^\d{1,5}$/.test(port) ? Number(port) : Number.NaN,
    database: form.database.trim(),
    user: form.user.trim(),
    password: form.password === '' ? undefined : form.password,
    teamWorkspace: form.teamWorkspace.trim(),
  });
  if (parsed.success) {
    const { type: _type, ...args } = parsed.data;
    return { ok: true, args };
  }
  const errors = new Map<TeamField, string>();
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field)) errors.set(field, FIELD_HINTS[field]);
  }
  return { ok: false, errors };
}

/** Why a link (or a sync) failed, in words; `team.link`'s errors mean something else than a silent background. */
export function teamErrorText(error: unknown): string {
  if (!(error instanceof AriadneError)) return userError(error);
  const reason = forbiddenDetailsSchema.safeParse(error.details).data?.reason;
  if (error.code === 'forbidden' && reason !== undefined) return FORBIDDEN_WORDS[reason](error.message);
  return errorSentence(error.code, error.message);
}

/** A refused link, by the reason the host gives: the two need different fixes (the form, or the administrator). */
const FORBIDDEN_WORDS = {
  login: (message: string) =>
    `The team database refused the login: check the member name and the password (leave it empty only if ~/.pgpass holds it). (${message})`,
  not_member: (message: string) =>
    `The login works, but this member is not in that team workspace: check the team workspace id, or ask your administrator to add you (team member). (${message})`,
} as const;

function errorSentence(code: string, message: string): string {
  if (code === 'unavailable') return `The team database or the local helper program did not answer: ${message}`;
  if (code === 'forbidden')
    return `The team database refused: the login failed, or this user is not a member of that team workspace. Check them with your administrator. (${message})`;
  if (code === 'invalid_arguments') return message;
  return userError(new AriadneError('internal', message));
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * How many unsent changes a link with `args` would drop: those recorded for another team log (another database or
 * team workspace; another member name on the same one keeps them). The background drops them on such a link.
 *
 * @example changesDroppedBy({ …status, queued: 3, queuedFor: 'db:5432/team#acme' }, { …args, teamWorkspace: 'other' }) // 3
 */
export function changesDroppedBy(status: Pick<TeamStatus, 'queued' | 'queuedFor'>, args: TeamLinkArgs): number {
  return status.queuedFor !== null && status.queuedFor !== teamLogKey(args) ? status.queued : 0;
}

/** The confirmation asked before such a link. */
export function relinkWarning(dropped: number, args: TeamLinkArgs): string {
  return (
    `Linking to team workspace “${args.teamWorkspace}” (database ${args.database} on ${args.host}:${args.port}) drops the ` +
    `${plural(dropped, 'change')} not sent yet: they were recorded for the team workspace this one was linked to, and are not ` +
    'sent to another. To send them first, cancel, link to that one again and press “Sync now”.'
  );
}

/** What a link that worked says, with the changes it dropped. */
export function linkedText(dropped: number): string {
  const lost =
    dropped === 0
      ? ''
      : ` ${plural(dropped, 'unsent change')} recorded for the previous team workspace ${dropped === 1 ? 'was' : 'were'} dropped.`;
  return `Connection tested and saved.${lost} Changes sync in the background; “Sync now” sends and receives at once.`;
}

/** "just now", "5 min ago", "3 h ago", or the day it was. */
export function ago(at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  // Under a minute the exact seconds say nothing useful.
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `on ${new Date(at).toLocaleDateString()}`;
}

/** One sync's counts: what went out (and what the database already had), what came in. */
export function syncCountsText(counts: TeamSyncCounts): string {
  const { applied, duplicates } = counts.pushed;
  const sent = applied + duplicates === 0 ? 'Nothing to send' : `Sent ${plural(applied, 'change')}`;
  const already = duplicates === 0 ? '' : ` (${plural(duplicates, 'was', 'were')} already there)`;
  return `${sent}${already}; received ${plural(counts.pulled.changes, 'change')} from teammates.`;
}

export interface TeamStatusWords {
  /** Linked to what, or not linked. */
  readonly link: string;
  readonly queue: string;
  readonly lastSync: string;
  /** The last sync's counts, once there was one. */
  readonly lastResult?: string;
  /** The last error the background reported, in words. */
  readonly error?: string;
  /** How to install the native host, when it is missing. */
  readonly install?: string;
  /** Teammates' changes skipped because this version refuses them, once there were some. */
  readonly refused?: string;
}

/** The status as the panel says it. */
export function describeTeamStatus(status: TeamStatus, now: number): TeamStatusWords {
  const c = status.connection;
  const link =
    status.linked && c !== null
      ? `Linked to team workspace “${c.teamWorkspace}” on ${c.host}:${c.port}, database ${c.database}, as ${c.user}.`
      : 'Not linked: this workspace’s graph stays in this browser only.';
  const waiting = status.queued === 1 ? '1 change waiting' : `${status.queued} changes waiting`;
  const queue =
    status.queued === 0
      ? 'Nothing waiting to be sent.'
      : status.linked
        ? `${waiting} to be sent.`
        : `${waiting}; they are sent once you link again.`;
  const lastSync = status.lastSyncAt === null ? 'Never synced yet.' : `Last synced ${ago(status.lastSyncAt, now)}.`;
  const words: TeamStatusWords = { link, queue, lastSync };
  return {
    ...words,
    ...(status.lastResult === null ? {} : { lastResult: syncCountsText(status.lastResult) }),
    ...(status.lastError === null ? {} : { error: errorSentence(status.lastError.code, status.lastError.message) }),
    ...(status.refused === undefined
      ? {}
      : {
          refused: `${plural(status.refused.count, 'change')} from teammates skipped: this version of Ariadne refuses ${status.refused.count === 1 ? 'it' : 'them'} (the last, at team log position ${status.refused.lastPosition}: ${status.refused.lastMessage}). Ask the teammate or the administrator; updating Ariadne may help.`,
        }),
    ...(status.host === 'missing'
      ? {
          install: `The local helper program (Ariadne’s native host) is not installed for this browser. In the Ariadne folder, run ${INSTALL_COMMAND}, then try again.`,
        }
      : {}),
  };
}
