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
 * Degree changes held back from the rows (an import in parts): relationship writes of a
 * transaction registered with `deferDegrees` add their change here instead of reading and
 * writing `degrees` per part (a row look-up and two index counts for every new end were
 * most of an import's reads). `fresh`: entities created in those transactions, whose
 * degree is exactly their tally (no relationship touched them before).
 * `applyTally` writes the rows once, at the import's commit.
 */
export class DegreeTally {
  readonly delta = new Map<string, number>();
  readonly fresh = new Set<string>();
}

const deferred = new WeakMap<object, DegreeTally>();

/** From now on, degree changes of the IndexedDB transaction `trans` go to `tally` instead of the rows. */
export function deferDegrees(trans: object, tally: DegreeTally): void {
  deferred.set(trans, tally);
}

/** The tally `trans` defers its degree changes to, if any. */
export function tallyOf(trans: object): DegreeTally | undefined {
  return deferred.get(trans);
}

/** Index counts sent together at most (each is one request to IndexedDB). */
const COUNT_BATCH = 500;

/**
 * Writes `tally` into the degree rows, in `tx` (the import's commit): a fresh entity's degree
 * is its tally; another's is its row plus the tally, or counted from the relationship indexes
 * when it had no row (it had fewer than RANKED_MIN_DEGREE links before). Rows below the bound
 * are removed. Reads no row for a fresh entity: a restore into an empty graph reads nothing.
 */
export async function applyTally(tx: Pick<Transaction, 'table'>, tally: DegreeTally): Promise<void> {
  const degrees = tx.table<DegreeRow, string>(DEGREES_TABLE);
  const relationships = tx.table('relationships');
  const put: DegreeRow[] = [];
  const gone: string[] = [];
  const known: string[] = [];
  for (const [id, d] of tally.delta) {
    if (!tally.fresh.has(id)) known.push(id);
    else if (d >= RANKED_MIN_DEGREE) put.push({ id: id as EntityId, n: d });
  }
  const rows = await degrees.bulkGet(known);
  const toCount: string[] = [];
  for (const [i, id] of known.entries()) {
    const d = tally.delta.get(id) ?? 0;
    const row = rows[i];
    if (row !== undefined) {
      if (row.n + d >= RANKED_MIN_DEGREE) put.push({ id: row.id, n: row.n + d });
      else gone.push(id);
    } else if (d > 0) toCount.push(id);
  }
  for (let i = 0; i < toCount.length; i += COUNT_BATCH) {
    const ids = toCount.slice(i, i + COUNT_BATCH);
    const counted = await Promise.all(
      ids.map(async (id) => (await relationships.where('from').equals(id).count()) + (await relationships.where('to').equals(id).count())),
    );
    for (const [j, id] of ids.entries()) {
      const n = counted[j] ?? 0;
      if (n >= RANKED_MIN_DEGREE) put.push({ id: id as EntityId, n });
    }
  }
  for (let i = 0; i < put.length; i += REBUILD_BATCH) await degrees.bulkPut(put.slice(i, i + REBUILD_BATCH));
  if (gone.length > 0) await degrees.bulkDelete(gone);
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
