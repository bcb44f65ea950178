/**
 * Persisted entity degrees (the `degrees` table, schema v5): per entity of degree
 * `RANKED_MIN_DEGREE` or more, how many relationship ends touch it (a self-loop counts
 * twice), kept by the graph-counts middleware in the same IndexedDB transaction as every
 * relationship write (capture, merge, delete, import, undo: they all write through Dexie).
 * Less connected entities have no row. The `[n+id]` index lists the most connected
 * entities without reading a relationship: the whole-graph diagram ranks from it.
 *
 * @example
 *   const top = await mostConnected(db.degrees, { limit: 60 });
 */
import type { DBCoreTable, DBCoreTransaction, EntityTable, Transaction } from 'dexie';
import { Dexie } from 'dexie';
import type { EntityId } from '../../core/graph/ids';
import type { DegreeRank } from '../../core/graph/store';
import { RANKED_MIN_DEGREE } from '../../core/graph/store';

/** The table holding the degrees. */
export const DEGREES_TABLE = 'degrees';

/** One entity's degree (only rows with n ≥ RANKED_MIN_DEGREE exist). */
export interface DegreeRow {
  readonly id: EntityId;
  readonly n: number;
}

/** Rows written per batch when the degrees are rebuilt from the relationships. */
const REBUILD_BATCH = 5000;

function endsOf(row: unknown): string[] {
  if (typeof row !== 'object' || row === null) return [];
  const from: unknown = Reflect.get(row, 'from');
  const to: unknown = Reflect.get(row, 'to');
  return [from, to].filter((end): end is string => typeof end === 'string');
}

/** Adds to `delta` the change of replacing relationship `before` by `after` (either may be undefined). */
export function addDegreeDelta(delta: Map<string, number>, before: unknown, after: unknown): void {
  for (const id of endsOf(before)) delta.set(id, (delta.get(id) ?? 0) - 1);
  for (const id of endsOf(after)) delta.set(id, (delta.get(id) ?? 0) + 1);
}

/** How many relationship ends touch `id` now (two index counts, in `trans`). */
async function countEnds(relationships: DBCoreTable, trans: DBCoreTransaction, id: string): Promise<number> {
  let n = 0;
  for (const end of ['from', 'to']) {
    const index = relationships.schema.getIndexByKeyPath(end);
    if (index === undefined) continue;
    n += await relationships.count({
      trans,
      query: { index, range: { type: 1 /* DBCoreRangeType.Equal */, lower: id, upper: id, lowerOpen: false, upperOpen: false } },
    });
  }
  return n;
}

/**
 * Applies `delta` to the degree rows in transaction `trans`, after the relationship write:
 * a row below `RANKED_MIN_DEGREE` is deleted; an entity without a row whose degree rose is
 * counted from the relationship indexes and gets a row if it reached the bound.
 */
export async function applyDegreeDelta(
  relationships: DBCoreTable,
  degrees: DBCoreTable,
  trans: DBCoreTransaction,
  delta: ReadonlyMap<string, number>,
): Promise<void> {
  const keys = [...delta.entries()].filter(([, d]) => d !== 0).map(([k]) => k);
  if (keys.length === 0) return;
  const rows: unknown[] = await degrees.getMany({ trans, keys });
  const put: DegreeRow[] = [];
  const gone: string[] = [];
  for (const [i, key] of keys.entries()) {
    const row = rows[i];
    const d = delta.get(key) ?? 0;
    if (typeof row === 'object' && row !== null) {
      const n = (Number(Reflect.get(row, 'n')) || 0) + d;
      if (n >= RANKED_MIN_DEGREE) put.push({ id: key as EntityId, n });
      else gone.push(key);
    } else if (d > 0) {
      const n = await countEnds(relationships, trans, key);
      if (n >= RANKED_MIN_DEGREE) put.push({ id: key as EntityId, n });
    }
  }
  if (put.length > 0) await degrees.mutate({ trans, type: 'put', values: put });
  if (gone.length > 0) await degrees.mutate({ trans, type: 'delete', keys: gone });
}

/**
 * Rebuilds every degree from the relationships, in `tx` (the v4 → v5 upgrade, or a repair):
 * relationships are read in pages of `batch` by id (one bulk read each; an index cursor
 * costs a round trip per key in Chromium), and one number per connected entity is held in
 * memory while it counts.
 */
export async function rebuildDegrees(tx: Pick<Transaction, 'table'>, batch = REBUILD_BATCH): Promise<void> {
  const n = new Map<string, number>();
  const relationships = tx.table('relationships');
  for (let after: unknown = undefined; ;) {
    const page: unknown[] = await (after === undefined ? relationships.orderBy(':id') : relationships.where(':id').above(after))
      .limit(batch)
      .toArray();
    for (const row of page) for (const end of endsOf(row)) n.set(end, (n.get(end) ?? 0) + 1);
    const last = page.at(-1);
    if (page.length < batch || typeof last !== 'object' || last === null) break;
    after = Reflect.get(last, 'id');
  }
  const degrees = tx.table(DEGREES_TABLE);
  await degrees.clear();
  let rows: DegreeRow[] = [];
  for (const [id, degree] of n) {
    if (degree < RANKED_MIN_DEGREE) continue;
    rows.push({ id: id as EntityId, n: degree });
    if (rows.length === batch) {
      await degrees.bulkPut(rows);
      rows = [];
    }
  }
  if (rows.length > 0) await degrees.bulkPut(rows);
}

/**
 * The most connected entities: highest degree first, ties by id descending (the `[n+id]`
 * index read backwards), after `after` when given. Reads `limit` small rows at most.
 */
export async function mostConnected(
  degrees: EntityTable<DegreeRow, 'id'>,
  options: { readonly limit: number; readonly after?: DegreeRank },
): Promise<DegreeRank[]> {
  if (options.limit <= 0) return [];
  const { after } = options;
  const rows = await degrees
    .where('[n+id]')
    .between(
      [RANKED_MIN_DEGREE, Dexie.minKey],
      after === undefined ? [Infinity, Dexie.maxKey] : [after.degree, after.id],
      true,
      after === undefined,
    )
    .reverse()
    .limit(options.limit)
    .toArray();
  return rows.map((r) => ({ id: r.id, degree: r.n }));
}
