/**
 * The IndexedDB database `ariadne` (Dexie): its tables, indexes and numbered
 * schema versions. The background writes it; extension pages read it live
 * (`liveQuery`). Every schema change is a new `version(n)` step with an upgrade
 * test from the previous version's data (schema-upgrade.test.ts).
 *
 * @example
 *   const db = new AriadneDatabase();          // opens `ariadne`
 *   const n = await db.entities.count();
 */
import { Dexie, type EntityTable, type Transaction } from 'dexie';
import type { PageCapture } from '../../core/capture';
import { indexKeys } from '../../core/graph/keys';
import type { Entity, Evidence, MergeRecord, Page, Relationship, ReviewItem } from '../../core/graph/types';
import type { TeamChange } from '../../core/team/changes';
import { graphCountsMiddleware, recount } from './graph-counts';
import type { CountRow } from './graph-counts';
import { rebuildDegrees } from './graph-degrees';
import type { DegreeRow } from './graph-degrees';
import type { IdMapping } from '../../core/team/ports';

/** The database's name, shared by the background, the side panel and `npm start`. */
export const DATABASE_NAME = 'ariadne';

/** A capture waiting to be ingested: the persisted queue between `page.captured` and ingest. */
export interface InboxRow {
  /** Hash of url + capturedAt, so a re-sent capture lands on the same row. */
  readonly id: string;
  readonly capture: PageCapture;
  /** When the background received it, or requeued last after a worker stop cut it short (epoch ms): the queue's order. */
  readonly receivedAt: number;
  /** Processing attempts so far (counted when each starts); rows that keep failing are parked, not retried forever. */
  readonly attempts: number;
  readonly lastError?: string;
  /** When the running attempt started; left set only by a worker that stopped during it. */
  readonly startedAt?: number;
  /** Attempts cut short by a worker stop and a quick restart (not counted in `attempts`). */
  readonly shortStops?: number;
  /** The workspace the capture goes to, chosen when it arrived (absent: rows from before workspaces, which go to the active one). */
  readonly target?: string;
}

/** A local change waiting to be pushed to the team database (`seq` is assigned on insert). */
export interface TeamQueueRow {
  readonly seq?: number;
  readonly change: TeamChange;
}

/** A teammate's id and the local record it stands for. */
export interface TeamIdRow {
  readonly remoteId: string;
  readonly mapping: IdMapping;
}

/** Small key → value records: settings, last-processed markers, figures. */
export interface SettingRow {
  readonly key: string;
  readonly value: unknown;
}

/**
 * How hard Chromium flushes a committed transaction to disk. `strict` waits for the
 * OS to confirm; `relaxed` lets it flush a moment later (nothing is lost when the
 * browser crashes, only on a power cut or OS crash within that moment).
 */
export type Durability = 'strict' | 'relaxed' | 'default';

export interface DatabaseOptions {
  /**
   * Default `relaxed`: graph writes come in bursts (one transaction per operation) and
   * a flush each costs about a third of the throughput (measured: ~134 → ~200
   * entity_add/s in Chromium). The capture inbox opens its own `strict` connection,
   * so an acknowledged capture is on disk, and its delete after ingestion flushes the
   * graph writes before it.
   */
  readonly durability?: Durability;
}

/**
 * Version 1 (the first release). Kept verbatim: Dexie needs every earlier version's
 * stores to upgrade from it, and the upgrade test writes its fixture with it.
 */
export const SCHEMA_V1 = {
  // [type+id]: one type's entities in id order with keyset pagination.
  entities: 'id, type, updatedAt, mentionCount, *keys, [type+id]',
  // &key: a relation (from, label, to) exists once.
  relationships: 'id, &key, from, to',
  // Compound indexes give "oldest first, then id" per entity, relationship and page.
  evidence: 'id, entityId, relationshipId, pageUrl, [entityId+capturedAt], [relationshipId+capturedAt], [pageUrl+capturedAt]',
  pages: 'url, site, capturedAt, *entityIds',
  merges: 'id, at',
  reviews: 'id, status, [status+createdAt]',
  inbox: 'id, receivedAt',
  settings: 'key',
} as const;

/**
 * Version 2: the inbox indexes `attempts`, so parked captures (attempts at the limit)
 * are counted and retried from an index instead of a scan of every waiting capture.
 * Its upgrade recomputes every entity's `keys` with the current `indexKeys`: data
 * written before the resolver's MinHash `m:` signature keys existed could not be
 * found by a misspelt name until the entity was written again.
 */
export const SCHEMA_V2 = { ...SCHEMA_V1, inbox: 'id, receivedAt, attempts' } as const;

/**
 * Version 3: team sync (issue 19). `teamQueue` holds local changes waiting to be pushed
 * (`seq` grows with each append, so the queue is read oldest first); `teamIds` maps
 * teammates' ids to local ones. Both are per workspace, in its own database; `teamIds` is
 * written in the same transaction as the graph writes of a replayed change (it is one of
 * `graphTables`), so a crash cannot leave a replayed evidence row without its mapping.
 * New tables only: nothing to upgrade (team-ports.test.ts opens a v2 database with it).
 */
export const SCHEMA_V3 = { ...SCHEMA_V2, teamQueue: '++seq', teamIds: 'remoteId' } as const;

/**
 * Version 4: persisted graph counts (issue 39). `counts` holds one counter per key
 * (entities, per type, relationships, evidence, pages, pending reviews), kept in the same
 * transaction as every write by `graphCountsMiddleware`, so `graph_stats` reads a few rows
 * instead of walking every index (O(1) in the graph's size). Its upgrade counts once.
 */
export const SCHEMA_V4 = { ...SCHEMA_V3, counts: 'key' } as const;

/**
 * Version 5: persisted entity degrees (issue 39). `degrees` holds one row per connected
 * entity (`n`: relationship ends touching it), kept in the same transaction as every
 * relationship write by the graph-counts middleware; `[n+id]` lists the most connected
 * entities without reading a relationship (the whole-graph diagram). Its upgrade counts
 * the relationships once, in pages.
 */
export const SCHEMA_V5 = { ...SCHEMA_V4, degrees: 'id, [n+id]' } as const;

/**
 * Version 6: fewer index entries per record (issue 39: a restore's browser-side cost is
 * IndexedDB's work per index entry, ~25 per entity at v5). Dropped, because another index
 * answers every query they served or none uses them:
 *   - evidence's `entityId`, `relationshipId`, `pageUrl`: each is the prefix of a compound
 *     index (`[entityId+capturedAt]`, …), and a range `[v, minKey]..[v, maxKey]` on the
 *     compound finds the same rows (one entry less per evidence row and reference);
 *   - entities' `type`: `[type+id]` answers "the entities of a type" (listing and the recount);
 *   - entities' `mentionCount`: no query reads it.
 * No record changes: IndexedDB drops the index entries with the indexes, in the
 * version-change transaction (schema-upgrade-v6.test.ts compares a populated v5 database
 * record by record and query by query).
 */
export const SCHEMA_V6 = {
  ...SCHEMA_V5,
  entities: 'id, updatedAt, *keys, [type+id]',
  evidence: 'id, [entityId+capturedAt], [relationshipId+capturedAt], [pageUrl+capturedAt]',
} as const;

/** The schema version this build opens (the upgrade test checks it is the last one). */
export const SCHEMA_VERSION = 6;

/**
 * v1 → v2: recompute `Entity.keys`. Runs inside Dexie's version-change transaction,
 * so a failure leaves the database at v1 with every record as it was.
 */
async function upgradeToV2(tx: Transaction): Promise<void> {
  await tx
    .table<Entity, string>('entities')
    .toCollection()
    .modify((entity, ctx) => {
      ctx.value = { ...entity, keys: indexKeys(entity) };
    });
}

/** v3 → v4: the counters, counted once from the tables (index counts, no record read). */
async function upgradeToV4(tx: Transaction): Promise<void> {
  await recount(tx);
}

/** v4 → v5: every entity's degree, counted over the relationships read in pages. */
async function upgradeToV5(tx: Transaction): Promise<void> {
  await rebuildDegrees(tx);
}

export class AriadneDatabase extends Dexie {
  entities!: EntityTable<Entity, 'id'>;
  relationships!: EntityTable<Relationship, 'id'>;
  evidence!: EntityTable<Evidence, 'id'>;
  pages!: EntityTable<Page, 'url'>;
  merges!: EntityTable<MergeRecord, 'id'>;
  reviews!: EntityTable<ReviewItem, 'id'>;
  inbox!: EntityTable<InboxRow, 'id'>;
  settings!: EntityTable<SettingRow, 'key'>;
  teamQueue!: EntityTable<TeamQueueRow, 'seq'>;
  teamIds!: EntityTable<TeamIdRow, 'remoteId'>;
  counts!: EntityTable<CountRow, 'key'>;
  degrees!: EntityTable<DegreeRow, 'id'>;

  constructor(name: string = DATABASE_NAME, options: DatabaseOptions = {}) {
    super(name, { chromeTransactionDurability: options.durability ?? 'relaxed' });
    this.version(1).stores(SCHEMA_V1);
    this.version(2).stores(SCHEMA_V2).upgrade(upgradeToV2);
    this.version(3).stores(SCHEMA_V3);
    this.version(4).stores(SCHEMA_V4).upgrade(upgradeToV4);
    this.version(5).stores(SCHEMA_V5).upgrade(upgradeToV5);
    this.version(6).stores(SCHEMA_V6);
    this.use(graphCountsMiddleware);
  }

  /**
   * The tables of the graph itself (what `GraphStore.clear` empties, and what a graph
   * transaction spans): with the team id map, which describes the graph's records.
   */
  graphTables(): Dexie.Table[] {
    return [this.entities, this.relationships, this.evidence, this.pages, this.merges, this.reviews, this.teamIds];
  }

  /**
   * What a graph transaction spans: the graph's tables and the team push queue, so a tool
   * edit and its queued team changes commit together (`CallOptions.afterWrite`). The queue
   * is not a graph table: clearing the graph leaves what waits to be sent.
   */
  transactionTables(): Dexie.Table[] {
    // The counters and degrees too, so the store reads them inside its transactions (the middleware adds them to any write anyway).
    return [...this.graphTables(), this.teamQueue, this.counts, this.degrees];
  }
}
