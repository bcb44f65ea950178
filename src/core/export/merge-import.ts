/**
 * The merge plan of an import into a graph that already holds data. Each entity of
 * the file is resolved against the graph as it is before the import: a confident
 * match keeps its own values and gains the aliases and attribute keys it lacked
 * (within the service's limits, else the file is refused), anything else becomes a
 * new entity. Relationships, evidence and pages follow through the id map; one that
 * is already there is counted unchanged, so importing a file twice writes it once.
 * Merge history and review items belong to the other graph and are skipped.
 *
 * The reads are batched (a part of a large import holds thousands of records): the
 * entities' blocking keys are read for the whole part before resolving them
 * (`PartReads`), and the relationships, evidence and pages already in the graph are
 * asked for together, each kind in one store transaction, not one per record.
 *
 * @example const plan = await planMerge(deps, checkRecords(records));
 */
import { AriadneError } from '../errors';
import type { EntityId, RelationshipId } from '../graph/ids';
import { asEntityId, asRelationshipId } from '../graph/ids';
import { checkAttributeCount, mergeAliases, withKeys } from '../graph/input';
import { MAX_EDGES_PER_OPERATION, relationshipKey } from '../graph/service';
import { recordFrom } from '../records';
import { createResolver } from '../resolve/resolver';
import type { Resolver } from '../resolve/resolver';
import type { GraphStore } from '../graph/store';
import type { Entity, Evidence, Page, Relationship } from '../graph/types';
import type { CheckedRecords } from './check-dump';
import { ProblemList } from './check-dump';
import type { ImportPlan } from './import-plan';
import { created, NO_WRITES } from './import-plan';
import type { ImportDeps } from './import';
import { IdFingerprints } from './id-fingerprints';
import { PackedIdMap } from './packed-id-map';
import { PartReads, together } from './part-reads';

/** Confidence from which an imported name joins an existing entity (the resolver's auto-accept). */
export const IMPORT_MATCH_CONFIDENCE = 0.85;

/** Hint aliases sent with an imported name. */
const MAX_HINT_ALIASES = 10;
/**
 * Entities whose reads are batched together: what one batch holds (up to 64 ids a key, ~10
 * keys an entity, and the candidates) is bounded, not a part's whole 5,000 entities
 * (measured: a worker heap peak of 171 MB for reads of whole parts, at 10k into an empty graph).
 */
const READ_BATCH = 500;

async function matchOf(resolver: Resolver, reads: PartReads, e: Entity): Promise<Entity | undefined> {
  const res = await resolver.resolve({
    subject: e.name,
    hints: { ...(e.type === 'other' ? {} : { expected_type: e.type }), aliases: e.aliases.slice(0, MAX_HINT_ALIASES) },
    strategy: { mode: 'ranked' },
    constraints: { deterministic: true, allowed_sources: ['local'] },
  });
  const id = res.status === 'resolved' && res.confidence >= IMPORT_MATCH_CONFIDENCE && res.entity ? asEntityId(res.entity.id) : undefined;
  return id === undefined ? undefined : reads.getEntity(id);
}

/** `into` with the aliases and the attribute keys of `e` it lacked; its own values win. */
function gain(into: Entity, e: Entity): Entity {
  const attributes = new Map(Object.entries(into.attributes));
  for (const [k, v] of Object.entries(e.attributes)) if (!attributes.has(k)) attributes.set(k, v);
  const merged = recordFrom(attributes);
  checkAttributeCount(merged);
  return withKeys({ ...into, aliases: mergeAliases(into.name, into.aliases, [e.name, ...e.aliases]), attributes: merged });
}

/** `gain` only adds: the same alias and attribute counts mean nothing was gained. */
function sameEntity(a: Entity, b: Entity): boolean {
  return (
    a.aliases.length === b.aliases.length &&
    a.aliases.every((x, i) => x === b.aliases[i]) &&
    Object.keys(a.attributes).length === Object.keys(b.attributes).length
  );
}

function evidenceSignature(ev: Evidence): string {
  return [ev.entityId ?? '', ev.relationshipId ?? '', ev.kind, ev.pageUrl, ev.snippet, ev.detail ?? ''].join('\u0000');
}

/**
 * The file's ids mapped to the graph's by the earlier parts of an import in parts
 * (import-session.ts): a part may refer to records of earlier parts. `planMerge` adds
 * the mappings of the part it plans. Held as bytes (packed-id-map.ts): it lasts the whole
 * import and holds every entity and relationship of the file (3M ids at 1M entities).
 */
export interface ImportCarry {
  /** Marked: the file's entity was created by this import (not matched). */
  readonly entities: PackedIdMap<EntityId>;
  readonly relationships: PackedIdMap<RelationshipId>;
  /** The graph's entities a file entity was matched to (fingerprints: a false "yes" only costs a look-up). */
  readonly matched: IdFingerprints;
}

/** An empty carry, for an import's first part. */
export function newImportCarry(): ImportCarry {
  return { entities: new PackedIdMap(asEntityId), relationships: new PackedIdMap(asRelationshipId), matched: new IdFingerprints() };
}

/** Plans a merge (see the module comment); throws the refusal listing the bad records. */
export async function planMerge(deps: ImportDeps, checked: CheckedRecords, carry: ImportCarry = newImportCarry()): Promise<ImportPlan> {
  const { store, ids, clock } = deps;
  const { records } = checked;
  const problems = new ProblemList();
  // The file's ids mean nothing here: every reference must be to a record of the file (or of its earlier parts).
  for (const [id, site] of checked.missingEntities)
    if (!carry.entities.has(id)) problems.add(site, `refers to "${id}", which is not in the file`);
  for (const [id, site] of checked.missingRelationships)
    if (!carry.relationships.has(id)) problems.add(site, `refers to "${id}", which is not in the file`);
  problems.throwIfAny();
  const now = clock.now();

  // Entities: matched ones gain what they lacked, the others are created.
  const entityMap = carry.entities;
  const touched = new Map<EntityId, { before: Entity; after: Entity }>();
  const createdEntities: Entity[] = [];
  const reads = new PartReads(store);
  // Imports resolve against the local graph only, never the network.
  // Each name's fuzzy keys (MinHash signatures) are computed once, by the batch read, and reused by the resolver.
  const resolver = createResolver({ store: reads, clock, settings: { networkLookups: false }, fuzzyKeys: reads.fuzzyKeys });
  for (const [index, e] of records.entities.entries()) {
    if (index % READ_BATCH === 0)
      await reads.prefetch(records.entities.slice(index, index + READ_BATCH).map((b) => [b.name, ...b.aliases.slice(0, MAX_HINT_ALIASES)]));
    const match = await matchOf(resolver, reads, e);
    if (match === undefined) {
      // Its keys are the checked record's (`cleanEntity` computed them from the same name, aliases and authority id).
      const entity: Entity = { ...e, id: ids.entity(), createdAt: now, updatedAt: now };
      createdEntities.push(entity);
      // Marked: created by this import (its relationships need no look-up, below).
      entityMap.set(e.id, entity.id, true);
      continue;
    }
    const current = touched.get(match.id) ?? { before: match, after: match };
    try {
      touched.set(match.id, { before: current.before, after: gain(current.after, e) });
    } catch (error) {
      if (!(error instanceof AriadneError)) throw error;
      problems.add(
        { kind: 'entity', index, name: e.name },
        `it matches "${match.name}" already in the graph, and together: ${error.message}`,
      );
    }
    entityMap.set(e.id, match.id);
    carry.matched.add(match.id);
  }
  problems.throwIfAny();
  const changed = [...touched.values()].filter((t) => !sameEntity(t.before, t.after));
  const updatedEntities = changed.map((t) => ({ ...t.after, updatedAt: now }));

  // Relationships: one per (from, label, to); an existing one is reused.
  const relMap = carry.relationships;
  const planned = new Map<string, Relationship>();
  const relCounts = { created: 0, unchanged: 0 };
  let skipped = records.merges.length + records.reviews.length;
  // Each relationship's ends here and its key, once (undefined: not written).
  const ends = records.relationships.map((r) => {
    const from = entityMap.get(r.from);
    const to = entityMap.get(r.to);
    // Both ends joined the same entity here: a self-loop the service refuses, so it is not written.
    if (from === undefined || to === undefined || from === to) return undefined;
    const alone = (fileId: EntityId, id: EntityId): boolean => entityMap.marked(fileId) && !carry.matched.has(id);
    return { from, to, key: relationshipKey(from, r.label, to), bothNew: alone(r.from, from) && alone(r.to, to) };
  });
  // Between two entities this import created and no other file entity was matched to, only a
  // relationship of the same two file entities can be in the graph, and a file holds each
  // (from, label, to) once (its check refuses a repeat within a part, the store's unique key one
  // across parts, as in a restore): so those keys are not looked up (into a new graph, nearly
  // every relationship: 2M look-ups at 1M entities). A later match to either end is looked up
  // from its own side.
  const keys = ends.flatMap((end) => (end === undefined || end.bothNew ? [] : [end.key]));
  const there = new Map((await store.transaction(() => store.findRelationshipsByKeys(keys))).map((r) => [r.key, r]));
  for (const [i, r] of records.relationships.entries()) {
    const end = ends[i];
    if (end === undefined) {
      skipped++;
      continue;
    }
    const { from, to, key } = end;
    const existing = planned.get(key) ?? there.get(key);
    if (existing) {
      relMap.set(r.id, existing.id);
      relCounts.unchanged++;
      continue;
    }
    const relationship: Relationship = { id: ids.relationship(), from, to, label: r.label, key, createdAt: now, updatedAt: now };
    planned.set(key, relationship);
    relMap.set(r.id, relationship.id);
    relCounts.created++;
  }

  // Evidence: re-pointed; a row the owner already has (same page, snippet, kind) is not repeated.
  const seen = new Set<string>();
  const evidence: Evidence[] = [];
  let evidenceUnchanged = 0;
  // What the owners already have, asked together (an owner entity first, as each row names it).
  const ownerEntities = new Set<EntityId>();
  const ownerRelationships = new Set<RelationshipId>();
  for (const ev of records.evidence) {
    const entityId = ev.entityId === undefined ? undefined : entityMap.get(ev.entityId);
    const relationshipId = ev.relationshipId === undefined ? undefined : relMap.get(ev.relationshipId);
    if (entityId !== undefined) ownerEntities.add(entityId);
    else if (relationshipId !== undefined) ownerRelationships.add(relationshipId);
  }
  const have = await together(store, () => [
    ...[...ownerEntities].map((id) => store.evidenceOfEntity(id, MAX_EDGES_PER_OPERATION)),
    ...[...ownerRelationships].map((id) => store.evidenceOfRelationship(id, MAX_EDGES_PER_OPERATION)),
  ]);
  for (const rows of have) for (const h of rows) seen.add(evidenceSignature(h));
  for (const ev of records.evidence) {
    const entityId = ev.entityId === undefined ? undefined : entityMap.get(ev.entityId);
    const relationshipId = ev.relationshipId === undefined ? undefined : relMap.get(ev.relationshipId);
    if (entityId === undefined && relationshipId === undefined) {
      skipped++; // its relationship was a self-loop here
      continue;
    }
    const { entityId: _e, relationshipId: _r, ...rest } = ev;
    const row: Evidence = {
      ...rest,
      id: ids.evidence(),
      ...(entityId === undefined ? {} : { entityId }),
      ...(relationshipId === undefined ? {} : { relationshipId }),
    };
    const signature = evidenceSignature(row);
    if (seen.has(signature)) {
      evidenceUnchanged++;
      continue;
    }
    seen.add(signature);
    evidence.push(row);
  }

  // Pages: a page already here keeps its values and gains the entities and relationships it lacked.
  const pages: Page[] = [];
  // A relationship of this part or mapped by an earlier one (not a set of the whole file's ids: 2M at 1M entities).
  const partRels = new Set<string>(records.relationships.map((r) => r.id));
  const pageCounts = { ...NO_WRITES };
  const pagesBefore: Page[] = [];
  let pruned = 0;
  const pagesThere = await together(store, () => records.pages.map((p) => store.getPage(p.url)));
  for (const [i, p] of records.pages.entries()) {
    const entityIds = p.entityIds.flatMap((id) => entityMap.get(id) ?? []);
    const relationshipIds = p.relationshipIds.flatMap((id) => relMap.get(id) ?? []);
    pruned += p.relationshipIds.filter((id) => !partRels.has(id) && !relMap.has(id)).length;
    const before = pagesThere[i];
    if (before === undefined) {
      pages.push({ ...p, entityIds: [...new Set(entityIds)], relationshipIds: [...new Set(relationshipIds)] });
      pageCounts.created++;
      continue;
    }
    const page: Page = {
      ...before,
      entityIds: [...new Set([...before.entityIds, ...entityIds])],
      relationshipIds: [...new Set([...before.relationshipIds, ...relationshipIds])],
    };
    if (page.entityIds.length === before.entityIds.length && page.relationshipIds.length === before.relationshipIds.length)
      pageCounts.unchanged++;
    else {
      pages.push(page);
      pagesBefore.push(before);
      pageCounts.updated++;
    }
  }

  const updatedUrls = new Set(pagesBefore.map((p) => p.url));
  return {
    created: { entities: createdEntities.map((e) => e.id), pages: pages.filter((p) => !updatedUrls.has(p.url)).map((p) => p.url) },
    before: { entities: changed.map((t) => t.before), pages: pagesBefore },
    writes: {
      entities: [...createdEntities, ...updatedEntities],
      relationships: [...planned.values()],
      evidence,
      pages,
      merges: [],
      reviews: [],
    },
    counts: {
      entities: { created: createdEntities.length, updated: updatedEntities.length, unchanged: touched.size - updatedEntities.length },
      relationships: { ...NO_WRITES, ...relCounts },
      evidence: { ...created(evidence.length), unchanged: evidenceUnchanged },
      pages: pageCounts,
      merges: NO_WRITES,
      reviews: NO_WRITES,
      skipped,
      pruned,
    },
  };
}

/**
 * Writes a merge plan (inside the caller's transaction): what it creates in one bulk add
 * per kind (its ids are new, its relationship keys and page URLs were looked up: nothing is
 * read before writing), what it updates replaced.
 *
 * @example await journal.append(entry, () => writeMergePlan(store, plan));
 */
export async function writeMergePlan(store: Pick<GraphStore, 'putBatch'>, plan: ImportPlan): Promise<void> {
  const { writes } = plan;
  const newEntities = new Set(plan.created?.entities ?? []);
  const newPages = new Set(plan.created?.pages ?? []);
  await store.putBatch(
    {
      entities: writes.entities.filter((e) => newEntities.has(e.id)),
      relationships: writes.relationships,
      evidence: writes.evidence,
      pages: writes.pages.filter((p) => newPages.has(p.url)),
    },
    { onlyNew: true },
  );
  await store.putBatch({
    entities: writes.entities.filter((e) => !newEntities.has(e.id)),
    relationships: [],
    evidence: [],
    pages: writes.pages.filter((p) => !newPages.has(p.url)),
  });
}
