/**
 * Team-scale reads in the team database, for graphs too large for one browser:
 * `entity_search` (trigram similarity over normalized names and aliases, pg_trgm's GIN
 * indexes) and `entity_find_related` (one recursive query: the entity with everything
 * merged into it, its live relationships, and each neighbour followed up its merges to
 * the entity that survives), both SQL functions of migration 002. Inputs and results are
 * the local tools' own zod schemas, so a caller cannot tell which graph answered. A
 * member reads only their workspaces; anyone else gets `forbidden`.
 *
 * @example
 *   const reads = new PostgresTeamReads(pool, 'acme');
 *   await reads.search({ query: 'stri' });          // { results: [{ name: 'Stripe', entity_type: 'company', score: 0.8, id: 'e_…' }] }
 *   await reads.findRelated({ name: 'Stripe' });     // { entity: 'Stripe', related: [{ name: 'Patrick Collison', relationship: 'founded_by', direction: 'outgoing' }] }
 */
import type { Pool } from 'pg';
import { z } from 'zod';
import { AmbiguousError, NotFoundError } from '../../core/errors';
import { asEntityId } from '../../core/graph/ids';
import { ENTITY_TYPES } from '../../core/graph/types';
import { fold, nameKey, normalizeLabel } from '../../core/text/normalize';
import { entityFindRelated } from '../../core/tools/definitions/entity-find-related';
import { entitySearch } from '../../core/tools/definitions/entity-search';
import { toTeamError } from './errors';

export type SearchInput = z.input<typeof entitySearch.inputSchema>;
export type SearchOutput = z.output<typeof entitySearch.outputSchema>;
export type FindRelatedInput = z.input<typeof entityFindRelated.inputSchema>;
export type FindRelatedOutput = z.output<typeof entityFindRelated.outputSchema>;

/** Relationships listed at most, as the local tool does. */
const MAX_RELATED = 500;
/** Homonyms listed in an `ambiguous` error. */
const MAX_CANDIDATES = 10;

// Both run in the database as functions (migration 002): pg_trgm's operators cannot use
// their indexes under row-level security, so the functions check membership themselves.
const SEARCH_SQL = 'SELECT id, name, type, score FROM ariadne.search_entities($1, $2, $3, $4) ORDER BY score DESC, name, id';
const RELATED_SQL = `SELECT name, relationship, direction FROM ariadne.find_related($1, $2, $3, $4, $5)
 ORDER BY direction = 'outgoing', created_at, rid COLLATE "C"`;

/**
 * An entity by normalized name, alias or id, live and not merged away (equality only: indexed under
 * row-level security), each read as its group's head (migration 004: members' copies of one thing are one).
 */
const MATCH_SQL = `
WITH matched AS (
  SELECT id FROM ariadne.entities
   WHERE workspace_id = $1 AND name_key = $2 AND deleted_at IS NULL AND merged_into IS NULL
  UNION
  SELECT e.id FROM ariadne.aliases a
    JOIN ariadne.entities e ON e.workspace_id = a.workspace_id AND e.id = a.entity_id
   WHERE a.workspace_id = $1 AND a.alias_key = $2 AND e.deleted_at IS NULL AND e.merged_into IS NULL
  UNION
  SELECT id FROM ariadne.entities
   WHERE workspace_id = $1 AND id = $3 AND deleted_at IS NULL AND merged_into IS NULL
),
-- Materialized: each match's head is computed once, then joined by id.
heads AS MATERIALIZED (SELECT DISTINCT coalesce(ariadne.group_head($1, id), id) AS id FROM matched)
SELECT e.id, e.name, e.type FROM heads h
  JOIN ariadne.entities e ON e.workspace_id = $1 AND e.id = h.id
ORDER BY e.id LIMIT ${MAX_CANDIDATES * 2}`;

const hitRow = z.object({ id: z.string(), name: z.string(), type: z.enum(ENTITY_TYPES), score: z.number() });
const relatedRow = z.object({
  name: z.string(),
  relationship: z.string(),
  direction: z.enum(['incoming', 'outgoing']),
});

export class PostgresTeamReads {
  private readonly pool: Pool;
  private readonly workspaceId: string;

  constructor(pool: Pool, workspaceId: string) {
    this.pool = pool;
    this.workspaceId = workspaceId;
  }

  /** `entity_search` over the team graph: same input checks, same result shape. */
  async search(raw: SearchInput): Promise<SearchOutput> {
    const input = entitySearch.inputSchema.parse(raw);
    const key = nameKey(input.query);
    if (key.length === 0) return { results: [] };
    const rows = await this.query('search', SEARCH_SQL, [this.workspaceId, key, input.types ?? null, input.limit ?? 10]);
    const results = rows
      .map((r) => hitRow.parse(r))
      .map((h) => ({ name: h.name, entity_type: h.type, score: Math.min(1, Math.round(h.score * 1000) / 1000), id: h.id }));
    return entitySearch.outputSchema.parse({ results });
  }

  /** `entity_find_related` over the team graph: incoming first, then outgoing, oldest first. */
  async findRelated(raw: FindRelatedInput): Promise<FindRelatedOutput> {
    const input = entityFindRelated.inputSchema.parse(raw);
    const entity = await this.resolve(input.name);
    const direction = input.direction === undefined || input.direction === 'both' ? null : input.direction;
    const label = input.relationship === undefined ? null : normalizeLabel(input.relationship);
    const rows = (await this.query('find related', RELATED_SQL, [this.workspaceId, entity.id, label, direction, MAX_RELATED])).map((r) =>
      relatedRow.parse(r),
    );
    const related = rows.map((r) => ({ name: r.name, relationship: r.relationship, direction: r.direction }));
    return entityFindRelated.outputSchema.parse({ entity: entity.name, related });
  }

  /** A name or id → one live entity, as the local tools resolve it (exact name first), or a clear error. */
  private async resolve(ref: string): Promise<{ id: string; name: string }> {
    const id = asEntityId(ref.trim()) ?? null;
    const matches = (await this.query('find the entity', MATCH_SQL, [this.workspaceId, nameKey(ref), id])).map((r) =>
      hitRow.omit({ score: true }).parse(r),
    );
    const byId = matches.find((m) => m.id === id);
    if (byId) return byId;
    if (matches.length === 1 && matches[0]) return matches[0];
    const exact = matches.filter((m) => fold(m.name) === fold(ref));
    if (exact.length === 1 && exact[0]) return exact[0];
    if (matches.length === 0) {
      // Row-level security shows a non-member nothing: say why rather than "no such entity".
      await this.query('find the entity', 'SELECT ariadne.check_member($1)', [this.workspaceId]);
      throw new NotFoundError(
        `No entity named "${ref.slice(0, 100)}" in the team workspace "${this.workspaceId}"; find the right name with entity_search.`,
      );
    }
    const candidates = matches.slice(0, MAX_CANDIDATES).map((m) => ({ id: m.id, name: m.name, entity_type: m.type }));
    throw new AmbiguousError(
      `"${ref.slice(0, 100)}" names ${matches.length} entities: ${candidates.map((c) => `${c.name} (${c.entity_type}, ${c.id})`).join('; ')}. Pass the id instead.`,
      { candidates },
    );
  }

  private async query(action: string, sql: string, params: unknown[]): Promise<unknown[]> {
    try {
      return (await this.pool.query(sql, params)).rows;
    } catch (error) {
      throw toTeamError(error, action);
    }
  }
}
