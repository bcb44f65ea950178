/**
 * The messages between the extension and the native host's team role (`com.ariadne.team`):
 * the extension asks, the host answers with the same `id`. Both ends parse what they
 * receive with these schemas (the host's stdin and the extension's port are process
 * boundaries). The password crosses once, in `test`, towards the host, which keeps it in
 * its own `.pgpass`-style file; no reply ever carries it. `search` and `related` are the
 * team reads (`team_search`, `team_find_related`): the local tools' arguments and results.
 *
 *   extension → host  { id, request: { op: 'test' | 'push' | 'pull' | 'forget' | 'search' | 'related', connection, … } }
 *   host → extension  { id, outcome: { ok: true, result } | { ok: false, error: { code, message, details? } } }
 *
 * An error's `details` cross only in one known shape: the candidates of an `ambiguous` name
 * (the team reads' homonyms), so a caller can pick one by id as it would locally.
 *
 * @example
 *   const message: TeamHostRequest = { id: 1, request: { op: 'pull', connection, origin, after: 0, limit: 200 } };
 */
import { z } from 'zod';
import { ERROR_CODES } from '../errors';
import { ENTITY_TYPES, MAX_NAME_LENGTH } from '../graph/types';
import { entityFindRelated } from '../tools/definitions/entity-find-related';
import { entitySearch } from '../tools/definitions/entity-search';
import { teamChangeSchema } from './changes';

/** The native host name of the team role (its manifest is `<name>.json`), apart from the MCP bridge's. */
export const TEAM_HOST_NAME = 'com.ariadne.team';

/** A team workspace id: what `ariadne team workspace` names (lower case, digits, `_`, `-`). */
export const TEAM_WORKSPACE_ID = /^[a-z0-9_-]{1,63}$/;

/** Where the team database is; the password is never part of it. */
export const teamConnectionSchema = z.object({
  // PostgreSQL's own limits: a host name fits DNS (255), identifiers are at most 63 bytes.
  host: z.string().min(1).max(255),
  port: z.number().int().min(1).max(65535),
  database: z.string().min(1).max(63),
  user: z.string().min(1).max(63),
  teamWorkspace: z.string().regex(TEAM_WORKSPACE_ID, 'team workspace ids are 1 to 63 of a-z, 0-9, _ and -'),
});
export type TeamConnection = z.infer<typeof teamConnectionSchema>;

/**
 * The team log a connection reads and writes: one database's team workspace, whoever logs in.
 *
 * @example teamLogKey({ host: 'db', port: 5432, database: 'team', teamWorkspace: 'acme' }) // 'db:5432/team#acme'
 */
export function teamLogKey(c: Pick<TeamConnection, 'host' | 'port' | 'database' | 'teamWorkspace'>): string {
  return `${c.host}:${c.port}/${c.database}#${c.teamWorkspace}`;
}

/** A device id (one per local workspace): its own changes are not pulled back. */
export const ORIGIN_ID = /^[a-z0-9_-]{8,64}$/;
/** Changes per pushed batch at most (`DEFAULT_BATCH_SIZE` is 500; a message to the host may be 64 MiB). */
export const MAX_HOST_BATCH = 2000;
/** Changes per pulled page at most: a reply to the browser must stay under 1 MiB, the host halves pages that do not. */
export const MAX_HOST_PULL = 1000;

const origin = z.string().regex(ORIGIN_ID);
const count = z.number().int().nonnegative();

export const teamHostRequestSchema = z.object({
  id: z.number().int().nonnegative(),
  request: z.discriminatedUnion('op', [
    /** Log in (with `password`, else the kept secret or ~/.pgpass) and check membership; a password that works is kept. */
    z.object({ op: z.literal('test'), connection: teamConnectionSchema, password: z.string().min(1).max(1024).optional() }),
    z.object({
      op: z.literal('push'),
      connection: teamConnectionSchema,
      origin,
      batch: z.object({ batchId: z.string().min(1).max(100), changes: z.array(teamChangeSchema).max(MAX_HOST_BATCH) }),
    }),
    z.object({
      op: z.literal('pull'),
      connection: teamConnectionSchema,
      origin,
      after: count,
      limit: z.number().int().min(1).max(MAX_HOST_PULL),
    }),
    /** Drop the kept secret of this connection (unlinked everywhere). */
    z.object({ op: z.literal('forget'), connection: teamConnectionSchema }),
    /** `entity_search` in the team workspace (its bounds: at most `MAX_SEARCH_RESULTS` hits). */
    z.object({ op: z.literal('search'), connection: teamConnectionSchema, input: entitySearch.inputSchema }),
    /** `entity_find_related` in the team workspace (at most 500 relationships, as locally). */
    z.object({ op: z.literal('related'), connection: teamConnectionSchema, input: entityFindRelated.inputSchema }),
  ]),
});
export type TeamHostRequest = z.infer<typeof teamHostRequestSchema>;
export type TeamHostOp = TeamHostRequest['request']['op'];

/** Candidates an `ambiguous` error carries at most (the team reads list 10). */
export const MAX_WIRE_CANDIDATES = 20;

/** The `details` of an `ambiguous` error: the entities the name could mean. */
export const ambiguousDetailsSchema = z.object({
  candidates: z
    .array(z.object({ id: z.string().min(1).max(100), name: z.string().max(MAX_NAME_LENGTH), entity_type: z.enum(ENTITY_TYPES) }))
    .max(MAX_WIRE_CANDIDATES),
});
export type AmbiguousDetails = z.infer<typeof ambiguousDetailsSchema>;

/** Why the team database said `forbidden`: the login failed (name or password), or the login is not a member of the team workspace. */
export const forbiddenDetailsSchema = z.object({ reason: z.enum(['login', 'not_member']) });

export const teamHostReplySchema = z.object({
  id: z.number().int().nonnegative(),
  outcome: z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), result: z.unknown() }),
    z.object({
      ok: z.literal(false),
      error: z.object({
        code: z.enum(ERROR_CODES),
        message: z.string().max(2000),
        // Details in another shape are dropped, not the whole reply (its code and message still arrive).
        details: z.union([ambiguousDetailsSchema, forbiddenDetailsSchema]).optional().catch(undefined),
      }),
    }),
  ]),
});
export type TeamHostReply = z.infer<typeof teamHostReplySchema>;

/** The result of each operation, parsed by the extension. */
export const teamHostResultSchemas = {
  /** `member`: the role the host logged in as (the contributor name teammates see). */
  test: z.object({ member: z.string() }),
  push: z.object({ batchId: z.string(), applied: count, duplicates: count, head: count }),
  pull: z.object({
    changes: z.array(z.object({ position: z.number().int().positive(), contributor: z.string().max(63), change: teamChangeSchema })),
    through: count,
    rejected: z.array(z.object({ position: z.number().int().positive(), message: z.string() })),
  }),
  forget: z.object({ forgotten: z.boolean() }),
  search: entitySearch.outputSchema,
  related: entityFindRelated.outputSchema,
} as const satisfies Record<TeamHostOp, z.ZodType>;
