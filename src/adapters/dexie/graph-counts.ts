/**
 * Persisted graph counts (the `counts` table, schema v4): entities in all and per type,
 * relationships, evidence, pages and pending reviews, kept by a Dexie DBCore middleware in
 * the same IndexedDB transaction as every write to those tables; with schema v5 it keeps
 * each entity's degree too (`degrees`, graph-degrees.ts) from the relationship writes. `graph_stats` then reads
 * a handful of rows instead of counting (IndexedDB's `count()` walks the whole index in
 * Chromium: ~7 s at 100k entities), and a write whose transaction aborts takes its count
 * change with it.
 *
 * How: every read-write transaction that spans a counted table also spans `counts` (the
 * middleware adds it), and each write to a counted table reads the rows it replaces or
 * removes, writes, then adds the difference to the counters. Writes of one transaction are
 * applied one after another (a second write waits for the first's count update), so two
 * writes of one transaction never read the same counter. Version-change (upgrade)
 * transactions are not followed: an upgrade that touches counted tables recounts
 * (`recount`).
 *
 * @example
 *   db.use(graphCountsMiddleware);
 *   const n = await readCount(db.counts, 'entities');
 */
import type {
  DBCore,
  DBCoreMutateRequest,
  DBCoreMutateResponse,
  DBCoreTable,
  DBCoreTransaction,
  EntityTable,
  Middleware,
  Table,
} from 'dexie';
import { Dexie } from 'dexie';
import { ENTITY_TYPES } from '../../core/graph/types';
import type { EntityType } from '../../core/graph/types';
import { addDegreeDelta, applyDegreeDelta, DEGREES_TABLE, tallyOf } from './graph-degrees';

/** The table holding the counters. */
export const COUNTS_TABLE = 'counts';

/** One counter. */
export interface CountRow {
  readonly key: CountKey;
  readonly n: number;
}

export type CountKey = 'entities' | `type:${EntityType}` | 'relationships' | 'evidence' | 'pages' | 'reviews:pending';

/** The counters a row of `table` contributes to (undefined: absent row). */
const contributions: Readonly<Record<string, (row: unknown) => readonly CountKey[]>> = {
  entities: (row) => (isRecord(row) ? ['entities', `type:${entityType(row.type)}`] : []),
  relationships: (row) => (isRecord(row) ? ['relationships'] : []),
  evidence: (row) => (isRecord(row) ? ['evidence'] : []),
  pages: (row) => (isRecord(row) ? ['pages'] : []),
  reviews: (row) => (isRecord(row) && row.status === 'pending' ? ['reviews:pending'] : []),
};

/** The tables whose rows are counted. */
export const COUNTED_TABLES: readonly string[] = Object.keys(contributions);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function entityType(value: unknown): EntityType {
  return ENTITY_TYPES.find((t) => t === value) ?? 'other';
}

/** The delta of replacing `before` by `after` (either may be undefined) in `table`. */
function addDelta(delta: Map<CountKey, number>, table: string, before: unknown, after: unknown): void {
  const of = contributions[table];
  if (of === undefined) return;
  for (const key of of(before)) delta.set(key, (delta.get(key) ?? 0) - 1);
  for (const key of of(after)) delta.set(key, (delta.get(key) ?? 0) + 1);
}

/** Adds `delta` to the counters, in transaction `trans`. */
async function applyDelta(counts: DBCoreTable, trans: DBCoreTransaction, delta: ReadonlyMap<CountKey, number>): Promise<void> {
  const keys = [...delta.entries()].filter(([, d]) => d !== 0).map(([k]) => k);
  if (keys.length === 0) return;
  const rows: unknown[] = await counts.getMany({ trans, keys });
  const values = keys.map((key, i) => {
    const row = rows[i];
    const n = isRecord(row) && typeof row.n === 'number' ? row.n : 0;
    return { key, n: n + (delta.get(key) ?? 0) };
  });
  await counts.mutate({ trans, type: 'put', values });
}

/** Every counter a table feeds (what a clear of the table resets to zero). */
function countersOf(table: string): CountKey[] {
  if (table === 'entities') return ['entities', ...ENTITY_TYPES.map((t): CountKey => `type:${t}`)];
  return [...(contributions[table]?.({ status: 'pending' }) ?? [])];
}

const chains = new WeakMap<object, Promise<unknown>>();

/** Runs `fn` after the previous counted write of the same transaction. */
function serialized<T>(trans: DBCoreTransaction, fn: () => Promise<T>): Promise<T> {
  const previous = chains.get(trans) ?? Promise.resolve();
  const next = previous.then(fn, fn);
  chains.set(
    trans,
    next.catch(() => undefined),
  );
  return next;
}

function isVersionChange(trans: DBCoreTransaction): boolean {
  return Reflect.get(trans, 'mode') === 'versionchange';
}

function countedTable(down: DBCore, table: DBCoreTable, hasDegrees: boolean): DBCoreTable {
  const keyOf = (value: unknown): unknown => table.schema.primaryKey.extractKey?.(value);
  const mutate = async (req: DBCoreMutateRequest): Promise<DBCoreMutateResponse> => {
    const { trans } = req;
    const counts = down.table(COUNTS_TABLE);
    const delta = new Map<CountKey, number>();
    // An import's transactions hold degree changes back in a tally (graph-degrees.ts), applied at its commit.
    const tally = hasDegrees ? tallyOf(trans) : undefined;
    // Relationship writes move the degrees of their ends (schema v5; absent in a v4 test database).
    const degrees = table.name === 'relationships' && hasDegrees && tally === undefined ? down.table(DEGREES_TABLE) : undefined;
    const degreeDelta = new Map<string, number>();
    const change = (key: unknown, before: unknown, after: unknown): void => {
      addDelta(delta, table.name, before, after);
      if (degrees) addDegreeDelta(degreeDelta, before, after);
      else if (tally && table.name === 'relationships') addDegreeDelta(tally.delta, before, after);
      else if (tally && table.name === 'entities' && before === undefined && after !== undefined && typeof key === 'string')
        tally.fresh.add(key);
    };
    const apply = async (): Promise<void> => {
      await applyDelta(counts, trans, delta);
      if (degrees) await applyDegreeDelta(table, degrees, trans, degreeDelta);
    };
    if (req.type === 'deleteRange') {
      // A whole-table clear zeroes the counters (and every degree); another range is read first.
      if (req.range.type === 3 /* DBCoreRangeType.Any */) {
        const res = await table.mutate(req);
        await counts.mutate({ trans, type: 'put', values: countersOf(table.name).map((key) => ({ key, n: 0 })) });
        if (degrees) await degrees.mutate({ trans, type: 'deleteRange', range: req.range });
        return res;
      }
      const gone = await table.query({ trans, query: { index: table.schema.primaryKey, range: req.range }, values: true });
      for (const row of gone.result) change(keyOf(row), row, undefined);
      const res = await table.mutate(req);
      await apply();
      return res;
    }
    const keys: unknown[] = req.type === 'delete' ? req.keys : (req.keys ?? req.values.map(keyOf));
    // Rows before the write; a key written twice in one request sees its own first write.
    // An `add` replaces nothing (a taken key fails instead): nothing to read.
    const current = new Map<unknown, unknown>();
    const before: unknown[] = req.type === 'add' ? [] : await table.getMany({ trans, keys });
    keys.forEach((key, i) => {
      if (!current.has(key)) current.set(key, before[i]);
    });
    const res = await table.mutate(req);
    keys.forEach((key, i) => {
      if (Object.hasOwn(res.failures, i)) return;
      const after = req.type === 'delete' ? undefined : req.values[i];
      // `add` never replaces: a failed add is in `failures`.
      change(key, current.get(key), after);
      current.set(key, after);
    });
    await apply();
    return res;
  };
  return {
    ...table,
    mutate: (req) => (isVersionChange(req.trans) ? table.mutate(req) : serialized(req.trans, () => mutate(req))),
  };
}

/** The middleware: `db.use(graphCountsMiddleware)` on a database with a `counts` table. */
export const graphCountsMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'graph-counts',
  // Below Dexie's own middlewares (hooks, cache, observability: levels -1 to 2), next to IndexedDB.
  level: -5,
  create: (down) => {
    // Opened by a schema without counters (a test of an older version): nothing to follow.
    if (!down.schema.tables.some((t) => t.name === COUNTS_TABLE)) return down;
    const hasDegrees = down.schema.tables.some((t) => t.name === DEGREES_TABLE);
    const derived = hasDegrees ? [COUNTS_TABLE, DEGREES_TABLE] : [COUNTS_TABLE];
    return {
      ...down,
      transaction: (stores, mode, options) =>
        down.transaction(
          mode === 'readwrite' && stores.some((s) => COUNTED_TABLES.includes(s))
            ? [...stores, ...derived.filter((t) => !stores.includes(t))]
            : stores,
          mode,
          options,
        ),
      table: (name) => (COUNTED_TABLES.includes(name) ? countedTable(down, down.table(name), hasDegrees) : down.table(name)),
    };
  },
};

/** A counter's value (0 when never written). */
export async function readCount(counts: EntityTable<CountRow, 'key'>, key: CountKey): Promise<number> {
  return (await counts.get(key))?.n ?? 0;
}

/**
 * Recounts every counter from the tables (one index count each), in `tables`' transaction:
 * the v4 upgrade, and a repair when counters are suspected wrong.
 */
export async function recount(tables: { table(name: string): Table }): Promise<void> {
  const count = (name: string) => tables.table(name).count();
  const rows: CountRow[] = [
    { key: 'entities', n: await count('entities') },
    { key: 'relationships', n: await count('relationships') },
    { key: 'evidence', n: await count('evidence') },
    { key: 'pages', n: await count('pages') },
    { key: 'reviews:pending', n: await tables.table('reviews').where('status').equals('pending').count() },
  ];
  // `[type+id]` (in every schema version; v6 dropped the `type` index it duplicated): one type's range.
  const ofType = (type: string) =>
    tables.table('entities').where('[type+id]').between([type, Dexie.minKey], [type, Dexie.maxKey], true, true).count();
  for (const type of ENTITY_TYPES) rows.push({ key: `type:${type}`, n: await ofType(type) });
  await tables.table(COUNTS_TABLE).bulkPut(rows);
}
