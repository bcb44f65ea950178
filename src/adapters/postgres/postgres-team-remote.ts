/**
 * `TeamRemote` on PostgreSQL (the `pg` driver): one workspace, one device. A push is one
 * call of `ariadne.push_batch` (one transaction: the whole batch or nothing); a pull reads
 * the change log after a position. The connecting role is the member: `push_batch`
 * checks its membership and records it as the contributor of every fact, whatever the
 * client claims; row-level security decides what it reads.
 *
 * Before its first push on a pool, it checks that the database's schema is at least
 * `TEAM_SCHEMA_VERSION` (`ariadne.schema_version()`, migration 003; an older database lacks
 * the function): an older one would refuse a change kind it does not know, so nothing is
 * sent, the queue stays, and the error tells the member to have `team init` run.
 *
 * @example
 *   const remote = new PostgresTeamRemote(pool, { workspaceId: 'acme', origin: deviceId });
 *   await remote.push(batchOf(changes)); // { batchId, applied: 3, duplicates: 0, head: 3 }
 */
import type { Pool } from 'pg';
import { z } from 'zod';
import { nameKey } from '../../core/text/normalize';
import type { TeamChange } from '../../core/team/changes';
import { teamChangeSchema } from '../../core/team/changes';
import type { ChangeBatch, PulledChange, PullPage, PushReceipt, TeamRemote } from '../../core/team/ports';
import { AriadneError } from '../../core/errors';
import { toTeamError } from './errors';

/**
 * The team schema (newest migration in `migrations/`) the changes this client pushes need:
 * 3 for `evidence.delete`. Raised when a migration adds a change kind or changes one.
 */
export const TEAM_SCHEMA_VERSION = 3;
/** Pools whose database was found recent enough: checked once per pool, not before every batch. */
const checkedPools = new WeakSet<Pool>();
const versionRow = z.object({ version: z.coerce.number().int() });

/** The schema version members can read; 2 on a database from before `ariadne.schema_version()` (migration 003). */
async function schemaVersion(pool: Pool): Promise<number> {
  try {
    const result = await pool.query('SELECT ariadne.schema_version() AS version');
    return versionRow.parse(result.rows[0]).version;
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
    // undefined_function: the schema is there (push_batch is checked by the push itself), from before migration 003.
    if (code === '42883') return 2;
    throw error;
  }
}

/** Throws `unavailable` (nothing sent, the queue stays) when the team database's schema is older than this client's changes. */
export async function checkSchemaVersion(pool: Pool): Promise<void> {
  if (checkedPools.has(pool)) return;
  const version = await schemaVersion(pool);
  if (version < TEAM_SCHEMA_VERSION) {
    throw new AriadneError(
      'unavailable',
      `The team database's schema is version ${version}; this version of Ariadne needs ${TEAM_SCHEMA_VERSION} ` +
        "(it sends evidence tombstones). Ask the team's administrator to run `npm run --silent team -- init <connection>`: " +
        'it applies the new migrations and keeps the data. Local changes stay queued until then.',
      { schemaVersion: version, required: TEAM_SCHEMA_VERSION },
    );
  }
  checkedPools.add(pool);
}

export interface TeamRemoteOptions {
  readonly workspaceId: string;
  /** This device's id: its own changes are not pulled back. */
  readonly origin: string;
}

const receiptSchema = z.object({ applied: z.number().int(), duplicates: z.number().int(), head: z.coerce.number().int() });
const logRowSchema = z.object({
  position: z.coerce.number().int().positive(),
  contributor: z.string(),
  origin: z.string(),
  /** null: the stored change is larger than `MAX_CHANGE_BYTES` and was not read. */
  payload: z.unknown(),
  size: z.coerce.number().int().nonnegative(),
});

/**
 * The largest change read, in bytes of JSON: the database refuses larger ones on push
 * (migration 004, `ariadne.max_change_bytes()`); a row stored before that is reported, not read.
 */
export const MAX_CHANGE_BYTES = 524_288;
/** A pull page stops after this many bytes of changes (at least one row): a page must not hold a gigabyte of rows. */
export const MAX_PULL_BYTES = 4 * 1024 * 1024;

// The payload of an oversized row is not sent (its size is); a page ends once the bytes sent before a row reach $5.
const PULL_SQL = `
SELECT position, contributor, origin, CASE WHEN size <= $4 THEN payload END AS payload, size
  FROM (SELECT position, contributor, origin, payload, size,
               sum(CASE WHEN size <= $4 THEN size ELSE 0 END) OVER (ORDER BY position)
                 - CASE WHEN size <= $4 THEN size ELSE 0 END AS before
          FROM (SELECT position, contributor, origin, payload, octet_length(payload::text) AS size
                  FROM ariadne.change_log
                 WHERE workspace_id = $1 AND position > $2
                 ORDER BY position LIMIT $3) page) sized
 WHERE before < $5
 ORDER BY position`;

/** The change as the database stores it: names carry their normalized keys (for the name and trigram indexes). */
function toWire(change: TeamChange): unknown {
  if (change.kind !== 'entity.upsert') return change;
  const { entity } = change;
  const aliases = entity.aliases.map((alias) => ({ alias, key: nameKey(alias) })).filter((a) => a.key.length > 0);
  return {
    ...change,
    entity: { ...entity, nameKey: nameKey(entity.name), aliases: [...new Map(aliases.map((a) => [a.key, a])).values()] },
  };
}

const storedEntityUpsert = z
  .object({ kind: z.literal('entity.upsert'), entity: z.object({ aliases: z.array(z.object({ alias: z.string() })) }).loose() })
  .loose();

/** The stored change back in its wire form (keys dropped: they are derived). */
function fromWire(payload: unknown): unknown {
  // Checked by hand first: a failed zod parse builds an error, which costs more than the whole row (measured ~0.1 ms).
  const isEntityUpsert = typeof payload === 'object' && payload !== null && 'kind' in payload && payload.kind === 'entity.upsert';
  const parsed = isEntityUpsert ? storedEntityUpsert.safeParse(payload) : undefined;
  if (parsed?.success !== true) return payload;
  const { nameKey: _key, ...entity } = parsed.data.entity;
  return { ...parsed.data, entity: { ...entity, aliases: parsed.data.entity.aliases.map((a) => a.alias) } };
}

export class PostgresTeamRemote implements TeamRemote {
  private readonly pool: Pool;
  private readonly options: TeamRemoteOptions;

  constructor(pool: Pool, options: TeamRemoteOptions) {
    this.pool = pool;
    this.options = options;
  }

  async push(batch: ChangeBatch): Promise<PushReceipt> {
    const changes = JSON.stringify(batch.changes.map(toWire));
    try {
      await checkSchemaVersion(this.pool);
      const result = await this.pool.query<{ receipt: unknown }>('SELECT ariadne.push_batch($1, $2, $3, $4::jsonb) AS receipt', [
        this.options.workspaceId,
        batch.batchId,
        this.options.origin,
        changes,
      ]);
      return { batchId: batch.batchId, ...receiptSchema.parse(result.rows[0]?.receipt) };
    } catch (error) {
      throw toTeamError(error, 'push');
    }
  }

  async pull(after: number, limit: number): Promise<PullPage> {
    let rows: unknown[];
    try {
      const result = await this.pool.query(PULL_SQL, [this.options.workspaceId, after, limit, MAX_CHANGE_BYTES, MAX_PULL_BYTES]);
      rows = result.rows;
    } catch (error) {
      throw toTeamError(error, 'pull');
    }
    const changes: PulledChange[] = [];
    const rejected: { position: number; message: string }[] = [];
    let through = after;
    for (const raw of rows) {
      const row = logRowSchema.parse(raw);
      through = row.position;
      if (row.origin === this.options.origin) continue;
      if (row.payload === null) {
        rejected.push({
          position: row.position,
          message: `the change has ${row.size} bytes of JSON; at most ${MAX_CHANGE_BYTES} are read`,
        });
        continue;
      }
      // Rows come from other clients (other versions, a row the administrator edited): checked like any input.
      const change = teamChangeSchema.safeParse(fromWire(row.payload));
      if (change.success) changes.push({ position: row.position, contributor: row.contributor, change: change.data });
      else
        rejected.push({
          position: row.position,
          message: change.error.issues
            .map((i) => `${i.path.join('.')}: ${i.message}`)
            .join('; ')
            .slice(0, 300),
        });
    }
    return { changes, through, rejected };
  }
}
