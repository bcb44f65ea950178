/**
 * The restore plan of an import: checked records go back with their ids. Before
 * anything is written, references that the file does not satisfy are looked up in the
 * graph (a part of an export may point at records an earlier part restored), and
 * every id, relationship key and page URL must be new to the graph, so a restore can
 * never overwrite a record already there.
 *
 * @example const plan = await planRestore(store, checkRecords(records));
 */
import type { EntityId, RelationshipId } from '../graph/ids';
import type { GraphStore } from '../graph/store';
import type { CheckedRecords } from './check-dump';
import { ProblemList, pruneReferences } from './check-dump';
import type { IdFingerprints } from './id-fingerprints';
import type { ImportPlan } from './import-plan';
import { created } from './import-plan';

/** Ids looked up per store call (a bounded argument list). */
const LOOKUP_BATCH = 1000;

async function existingEntities(store: GraphStore, ids: Iterable<EntityId>): Promise<Set<string>> {
  const all = [...ids];
  const found = new Set<string>();
  for (let i = 0; i < all.length; i += LOOKUP_BATCH)
    for (const e of await store.getEntities(all.slice(i, i + LOOKUP_BATCH))) found.add(e.id);
  return found;
}

async function existingRelationships(store: GraphStore, ids: Iterable<RelationshipId>): Promise<Set<string>> {
  const all = [...ids];
  const found = new Set<string>();
  for (let i = 0; i < all.length; i += LOOKUP_BATCH)
    for (const r of await store.getRelationships(all.slice(i, i + LOOKUP_BATCH))) found.add(r.id);
  return found;
}

/** Keys of `keys` that a relationship already has, looked up a batch at a time. */
async function takenKeys(store: GraphStore, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += LOOKUP_BATCH)
    for (const r of await store.findRelationshipsByKeys(keys.slice(i, i + LOOKUP_BATCH))) found.add(r.key);
  return found;
}

export interface RestoreOptions {
  /**
   * Default true: read the graph for every id, relationship key and page URL of the file
   * (each must be new). False when the caller writes with `putBatch({ onlyNew: true })`,
   * whose unique keys refuse a taken record without those reads (an import in parts; on
   * a refusal it plans again with the check, to list the records).
   */
  readonly checkTaken?: boolean;
  /** Ids earlier parts of the same import wrote: references to them need no store read. */
  readonly written?: { readonly entities: IdFingerprints; readonly relationships: IdFingerprints };
}

/** The ids of `ids` that `written` does not hold (those are read from the store). */
function unwritten<T extends string>(ids: Iterable<T>, written: IdFingerprints | undefined): T[] {
  return written === undefined ? [...ids] : [...ids].filter((id) => !written.has(id));
}

/**
 * Plans a restore (see the module comment); throws the refusal listing the bad records.
 * `history`: entity ids that merge history of earlier parts names (an import in parts
 * sends merges and reviews apart), known to reviews as the file's own merges are.
 */
export async function planRestore(
  store: GraphStore,
  checked: CheckedRecords,
  history: ReadonlySet<string> = new Set(),
  options: RestoreOptions = {},
): Promise<ImportPlan> {
  const { records } = checked;
  const problems = new ProblemList();
  const counts = await store.counts();

  // References outside the file must lead to the graph.
  const written = options.written;
  const inGraph = await existingEntities(store, unwritten(checked.missingEntities.keys(), written?.entities));
  for (const [id, site] of checked.missingEntities) {
    if (!inGraph.has(id) && written?.entities.has(id) !== true)
      problems.add(site, `refers to entity "${id}", which is neither in the file nor in the graph`);
  }
  const relsInGraph = await existingRelationships(store, unwritten(checked.missingRelationships.keys(), written?.relationships));
  for (const [id, site] of checked.missingRelationships) {
    if (!relsInGraph.has(id) && written?.relationships.has(id) !== true)
      problems.add(site, `refers to relationship "${id}", which is neither in the file nor in the graph`);
  }

  // Nothing already in the graph is overwritten (each table is read only when it holds records).
  const taken = (
    kind: 'entity' | 'relationship' | 'evidence' | 'page' | 'merge' | 'review',
    index: number,
    name: string,
    what: string,
  ): void => problems.add({ kind, index, name }, `${what} is already in the graph`);
  const checkTaken = options.checkTaken ?? true;
  if (checkTaken && counts.entities > 0) {
    const clash = await existingEntities(
      store,
      records.entities.map((e) => e.id),
    );
    for (const [i, e] of records.entities.entries()) if (clash.has(e.id)) taken('entity', i, e.name, `its id "${e.id}"`);
  }
  if (checkTaken && counts.relationships > 0) {
    // Batched reads: an import in parts checks every part against the parts before it.
    const ids = await existingRelationships(
      store,
      records.relationships.map((r) => r.id),
    );
    const keys = await takenKeys(
      store,
      records.relationships.map((r) => r.key),
    );
    for (const [i, r] of records.relationships.entries()) {
      if (ids.has(r.id)) taken('relationship', i, r.label, `its id "${r.id}"`);
      else if (keys.has(r.key)) taken('relationship', i, r.label, 'the same relationship');
    }
  }
  if (checkTaken && counts.pages > 0)
    for (const [i, p] of records.pages.entries()) if (await store.getPage(p.url)) taken('page', i, p.url, 'a page with this URL');
  for (const [i, m] of records.merges.entries()) if (await store.getMerge(m.id)) taken('merge', i, m.removed.name, `its id "${m.id}"`);
  for (const [i, q] of records.reviews.entries()) if (await store.getReview(q.id)) taken('review', i, q.mention.name, `its id "${q.id}"`);
  problems.throwIfAny();

  // Soft references (page relationship lists, review entities) that lead nowhere are dropped.
  const fileEntities = new Set<string>(records.entities.map((e) => e.id));
  const fileRels = new Set<string>(records.relationships.map((r) => r.id));
  const softEntities = records.reviews
    .flatMap((q) => [q.provisionalId, q.decision?.entityId, ...q.candidates.map((c) => c.id)])
    .flatMap((id) => (id === undefined || fileEntities.has(id) ? [] : [id]));
  const softRels = records.pages.flatMap((p) => p.relationshipIds.filter((id) => !fileRels.has(id)));
  const knownEntities = await existingEntities(store, unwritten(new Set(softEntities), written?.entities));
  const knownRels = await existingRelationships(store, unwritten(new Set(softRels), written?.relationships));
  const { records: writes, pruned } = pruneReferences(records, {
    entity: (id) => fileEntities.has(id) || knownEntities.has(id) || history.has(id) || written?.entities.has(id) === true,
    relationship: (id) => fileRels.has(id) || knownRels.has(id) || written?.relationships.has(id) === true,
  });
  return {
    writes,
    counts: {
      entities: created(writes.entities.length),
      relationships: created(writes.relationships.length),
      evidence: created(writes.evidence.length),
      pages: created(writes.pages.length),
      merges: created(writes.merges.length),
      reviews: created(writes.reviews.length),
      skipped: 0,
      pruned,
    },
  };
}
