/**
 * Importing a graph export, all or nothing:
 *
 *   1. every record is checked with the graph service's rules and its derived fields
 *      recomputed (`checkRecords`); a bad record refuses the whole file;
 *   2. the records are planned against the graph, with no write yet:
 *      - `restore` (the graph is empty, or the caller asks for it): records go back
 *        as they were, ids included (export → clear → import gives the same graph);
 *        references may point at the file or at the graph, ids must be new;
 *      - `merge` (the graph already holds data): each entity goes through the
 *        resolver; a confident match gains the aliases and attributes it lacked,
 *        anything else becomes a new entity; relationships, evidence and pages
 *        follow; merge history and review items of another graph are skipped;
 *   3. the plan is written in one store transaction (Dexie: one IndexedDB
 *      transaction; nothing inside awaits anything but the store). The caller runs
 *      the whole import under the graph's single writer (`graph_import` is a writing
 *      tool), so no other write lands between planning and writing.
 *
 * The report says exactly what was written (created / updated / unchanged per kind)
 * and the graph's counts before and after.
 *
 * @example
 *   const report = await importGraph(deps, parseGraphDump(JSON.parse(text)), 'auto');
 *   report.entities // { created: 3, updated: 1, unchanged: 0 }
 */
import type { Clock, IdSource } from '../graph/ids';
import type { GraphStore } from '../graph/store';
import type { Entity } from '../graph/types';
import { checkRecords } from './check-dump';
import type { GraphChunk } from './dump';
import type { ImportMode, ImportReport } from './import-plan';
import { planMerge } from './merge-import';
import { planRestore } from './restore-import';

export type { ImportMode, ImportReport, WriteCounts } from './import-plan';

export interface ImportDeps {
  readonly store: GraphStore;
  /** Ids of the records a merge creates. */
  readonly ids: IdSource;
  readonly clock: Clock;
  /** Told about every entity written, once the transaction committed (e.g. the name index). */
  readonly onEntityWritten?: (entity: Entity) => void;
  /** Told what was written (entities, relationships, evidence as they now are), once the transaction committed. */
  readonly onWritten?: (written: Pick<GraphChunk, 'entities' | 'relationships' | 'evidence'>) => void;
}

/** True when the graph holds no record at all (then `auto` restores). */
export async function isEmpty(store: GraphStore): Promise<boolean> {
  const c = await store.counts();
  if (c.entities + c.relationships + c.evidence + c.pages + c.pendingReviews > 0) return false;
  if ((await store.listMerges(1)).length > 0) return false;
  return (await store.listReviews('accepted', 1)).length === 0 && (await store.listReviews('rejected', 1)).length === 0;
}

/**
 * Imports records (a whole export, or one part of one) all or nothing; see the module
 * comment. Throws `InvalidArgumentsError` (`details.problems`: the first bad records)
 * when a record breaks a rule or a reference leads nowhere; then nothing was written.
 */
export async function importGraph(deps: ImportDeps, chunk: GraphChunk, requested: ImportMode | 'auto'): Promise<ImportReport> {
  const checked = checkRecords(chunk);
  const { store } = deps;
  const before = await store.counts();
  const mode: ImportMode = requested === 'auto' ? ((await isEmpty(store)) ? 'restore' : 'merge') : requested;
  const plan = mode === 'restore' ? await planRestore(store, checked) : await planMerge(deps, checked);
  const { writes } = plan;
  await store.transaction(async () => {
    for (const e of writes.entities) await store.putEntity(e);
    for (const r of writes.relationships) await store.putRelationship(r);
    for (const ev of writes.evidence) await store.putEvidence(ev);
    for (const p of writes.pages) await store.putPage(p);
    for (const m of writes.merges) await store.putMerge(m);
    for (const q of writes.reviews) await store.putReview(q);
  });
  for (const e of writes.entities) deps.onEntityWritten?.(e);
  deps.onWritten?.(writes);
  return { mode, ...plan.counts, before, after: await store.counts() };
}
