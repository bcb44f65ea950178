/**
 * The native host's team role: the extension's way to its team database. Chromium starts
 * it for `connectNative('com.ariadne.team')` (its own host name, so team sync and the MCP
 * bridge never depend on each other); each request names the connection, and the host
 * logs in as that member with the password it keeps (team-secrets.ts) or the user's
 * `~/.pgpass`, then pushes or pulls through `PostgresTeamRemote`, or reads the team graph
 * (`search`, `related`: the team tools) through `PostgresTeamReads`. Every message is parsed
 * (team host wire, core/team/host-wire.ts); errors keep their codes (`unavailable`,
 * `forbidden`, …) and no reply carries a password.
 *
 * @example
 *   const channel = framedChannel(process.stdin, process.stdout, { maxOutBytes: MAX_TO_BROWSER_BYTES });
 *   await startTeamHost({ channel, secrets: fileTeamSecrets(teamSecretsPath(where)), log }).done;
 */
import pg from 'pg';
import { AriadneError, toErrorShape } from '../core/errors';
import type { TeamConnection, TeamHostReply, TeamHostRequest } from '../core/team/host-wire';
import { ambiguousDetailsSchema, forbiddenDetailsSchema, teamHostRequestSchema } from '../core/team/host-wire';
import { toTeamError } from '../adapters/postgres/errors';
import { PostgresTeamReads } from '../adapters/postgres/postgres-team-reads';
import { PostgresTeamRemote } from '../adapters/postgres/postgres-team-remote';
import type { FramedChannel } from './channel';
import { MAX_TO_BROWSER_BYTES } from './framing';
import type { TeamSecrets } from './team-secrets';

/** A database that does not answer a login within this is reported `unavailable` (the worker's own timeout is longer). */
const CONNECT_TIMEOUT_MS = 10_000;
/** A statement running longer is cancelled: a push of 2000 changes takes well under a second on a healthy server. */
const QUERY_TIMEOUT_MS = 60_000;
/** Replies are kept under this share of Chromium's 1 MiB limit (the envelope and ids need room too). */
const REPLY_BUDGET = Math.floor(MAX_TO_BROWSER_BYTES * 0.9);

export interface TeamHostOptions {
  readonly channel: FramedChannel;
  readonly secrets: TeamSecrets;
  readonly log: (line: string) => void;
  /** Largest reply in bytes (tests lower it). */
  readonly replyBudget?: number;
}

function keyOf(c: TeamConnection): string {
  return JSON.stringify([c.host, c.port, c.database, c.user]);
}

function configOf(c: TeamConnection, password: string | undefined): pg.PoolConfig {
  return {
    host: c.host,
    port: c.port,
    database: c.database,
    user: c.user,
    // Undefined: the driver reads the user's ~/.pgpass (or $PGPASSFILE).
    ...(password === undefined ? {} : { password }),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    application_name: 'ariadne-team',
  };
}

/** Login failures the driver reports without a SQLSTATE: no password was known for a role that needs one. */
function loginError(error: unknown, c: TeamConnection, action: string): AriadneError {
  const message = error instanceof Error ? error.message : String(error);
  if (/password must be a string|no password supplied/i.test(message)) {
    return new AriadneError(
      'forbidden',
      `The team database asks for a password for "${c.user}" and none is kept: enter it in Settings → Team (it is kept by the native host only).`,
      { reason: 'login' },
    );
  }
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (code === '42883') {
    return new AriadneError(
      'unavailable',
      `The team database has no Ariadne schema (${message.slice(0, 200)}); run \`npm run --silent team -- init <connection>\` first.`,
    );
  }
  return toTeamError(error, action);
}

/**
 * Answers the extension's team requests on `channel` until it closes; then closes the pools.
 */
export function startTeamHost(options: TeamHostOptions): { readonly done: Promise<void> } {
  const { channel, secrets, log } = options;
  const budget = options.replyBudget ?? REPLY_BUDGET;
  const pools = new Map<string, pg.Pool>();

  const poolFor = async (c: TeamConnection): Promise<pg.Pool> => {
    const key = keyOf(c);
    const known = pools.get(key);
    if (known) return known;
    const pool = new pg.Pool({ ...configOf(c, await secrets.find(c)), max: 2 });
    // A server that goes away drops idle connections: the next query reports it; the host must not crash.
    pool.on('error', (error) => log(`pool error: ${error.message}`));
    pools.set(key, pool);
    return pool;
  };
  const dropPool = async (c: TeamConnection): Promise<void> => {
    const pool = pools.get(keyOf(c));
    pools.delete(keyOf(c));
    await pool?.end().catch(() => undefined);
  };

  const test = async (c: TeamConnection, password: string | undefined): Promise<{ member: string }> => {
    const client = new pg.Client(configOf(c, password ?? (await secrets.find(c))));
    client.on('error', () => undefined);
    try {
      await client.connect();
      const result = await client.query<{ member: unknown }>('SELECT session_user AS member, ariadne.check_member($1)', [c.teamWorkspace]);
      const member = result.rows[0]?.member;
      if (password !== undefined) {
        await secrets.save(c, password);
        await dropPool(c); // the next push logs in with the new password
      }
      return { member: typeof member === 'string' ? member : c.user };
    } catch (error) {
      throw loginError(error, c, 'the login');
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  const remoteOf = async (c: TeamConnection, origin: string) =>
    new PostgresTeamRemote(await poolFor(c), { workspaceId: c.teamWorkspace, origin });

  const answer = async (request: TeamHostRequest['request']): Promise<unknown> => {
    switch (request.op) {
      case 'test':
        return test(request.connection, request.password);
      case 'push':
        try {
          return await (await remoteOf(request.connection, request.origin)).push(request.batch);
        } catch (error) {
          throw loginError(error, request.connection, 'push');
        }
      case 'pull': {
        const remote = await remoteOf(request.connection, request.origin);
        // Halved until the page fits in one message to the browser (a change is at most a few KiB).
        for (let limit = request.limit; ; limit = Math.max(1, Math.floor(limit / 2))) {
          const page = await remote.pull(request.after, limit).catch((error: unknown) => {
            throw loginError(error, request.connection, 'pull');
          });
          if (Buffer.byteLength(JSON.stringify(page)) <= budget || limit === 1) return page;
        }
      }
      case 'search':
      case 'related': {
        const reads = new PostgresTeamReads(await poolFor(request.connection), request.connection.teamWorkspace);
        try {
          // Bounded by the tools' limits (100 hits, 500 relationships): far under the reply budget; `send` reports one that is not.
          return request.op === 'search' ? await reads.search(request.input) : await reads.findRelated(request.input);
        } catch (error) {
          throw loginError(error, request.connection, request.op === 'search' ? 'the team search' : 'find related');
        }
      }
      case 'forget': {
        await dropPool(request.connection);
        return { forgotten: await secrets.forget(request.connection) };
      }
    }
  };

  const send = (reply: TeamHostReply): void => {
    try {
      channel.send(reply);
    } catch (error) {
      channel.send({ id: reply.id, outcome: { ok: false, error: toErrorShape(error) } });
    }
  };

  channel.onMessage((raw) => {
    const parsed = teamHostRequestSchema.safeParse(raw);
    if (!parsed.success) {
      const id = typeof raw === 'object' && raw !== null && 'id' in raw && typeof raw.id === 'number' ? raw.id : undefined;
      // Paths and messages only: a request's values may hold a password.
      const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`);
      log(`dropping a malformed request (${issues.join('; ')})`);
      if (id !== undefined && Number.isInteger(id) && id >= 0) {
        send({ id, outcome: { ok: false, error: { code: 'invalid_arguments', message: 'Malformed team request.' } } });
      }
      return;
    }
    const { id, request } = parsed.data;
    answer(request).then(
      (result) => send({ id, outcome: { ok: true, result } }),
      (error: unknown) => {
        const shape = toErrorShape(error);
        log(`${request.op} failed: ${shape.code}: ${shape.message}`);
        // An ambiguous name's candidates and a refusal's reason go along (only them: other details may hold what the browser must not see).
        const details =
          shape.code === 'ambiguous'
            ? ambiguousDetailsSchema.safeParse(shape.details).data
            : shape.code === 'forbidden'
              ? forbiddenDetailsSchema.safeParse(shape.details).data
              : undefined;
        const message = shape.message.slice(0, 2000);
        send({ id, outcome: { ok: false, error: { code: shape.code, message, ...(details === undefined ? {} : { details }) } } });
      },
    );
  });

  const done = new Promise<void>((resolve) => {
    channel.onClose((error) => {
      log(error ? `channel failed: ${error.message}` : 'browser closed the team channel');
      void Promise.all([...pools.values()].map((p) => p.end().catch(() => undefined))).then(() => resolve());
    });
  });
  return { done };
}
