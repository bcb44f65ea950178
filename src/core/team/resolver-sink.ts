/**
 * Replays teammates' changes into the local graph through the resolver, as ingestion
 * does with a page: a teammate's entity the resolver matches joins the local one (its
 * other names become aliases, attributes the local one lacks are added), else it is
 * created. Relationships and evidence follow their entities; a merge is replayed as a
 * local merge (so the local merge history can undo it) and a teammate's undo undoes it.
 *
 * Teammates' ids are mapped to local ids in a `TeamIdMap` (persisted next to the graph),
 * so a replayed change finds what an earlier one created or joined, and a change seen
 * twice changes nothing. Tombstones remove only what a teammate's change created here:
 * an entity the user had already stays when a teammate deletes their copy, and an
 * evidence tombstone removes the row its `evidence.add` wrote (an evidence row has no
 * change log of its own: removing it is a store write in the replay's transaction).
 *
 * Writes through the graph service, never through the push queue: replayed changes are
 * not pushed back.
 *
 * @example
 *   const sink = resolverIngestSink({ graph, store, resolver, idMap });
 *   const sync = new TeamSync({ queue, cursor, remote, sink });
 */
import { AriadneError } from '../errors';
import { asEntityId, asEvidenceId, asMergeId, asRelationshipId } from '../graph/ids';
import type { EntityId } from '../graph/ids';
import type { GraphService } from '../graph/service';
import type { GraphStore } from '../graph/store';
import type { Entity } from '../graph/types';
import { hasOwnKey, recordFrom } from '../records';
import type { Resolver } from '../resolve/resolver';
import { DEFAULT_AUTO_ACCEPT } from '../resolve/schema';
import { fold } from '../text/normalize';
import type { EntitySnapshot, TeamChange } from './changes';
import type { IngestSink, PulledChange, TeamIdMap } from './ports';

export interface ResolverSinkDeps {
  readonly graph: GraphService;
  readonly store: GraphStore;
  readonly resolver: Resolver;
  readonly idMap: TeamIdMap;
  readonly autoAcceptThreshold?: number;
  /** Hears of each change that could not be placed (its entities are unknown here, a merge no longer applies). */
  readonly onSkip?: (change: PulledChange, reason: string) => void;
}

type Handlers = {
  readonly [K in TeamChange['kind']]: (change: Extract<TeamChange, { kind: K }>, pulled: PulledChange) => Promise<void>;
};

export function resolverIngestSink(deps: ResolverSinkDeps): IngestSink {
  const { graph, store, idMap } = deps;

  /** The local entity a teammate's id stands for: mapped, or the same id (a change from another device of ours). */
  async function localEntity(remoteId: EntityId): Promise<Entity | undefined> {
    const mapped = await idMap.get(remoteId);
    const id = asEntityId(mapped?.localId ?? remoteId);
    return id === undefined ? undefined : store.getEntity(id);
  }

  /** The local id of what a teammate's change created here; undefined for what the user had (joined) or an unknown id. */
  async function createdHere<T>(remoteId: string, as: (raw: string) => T | undefined): Promise<T | undefined> {
    const mapped = await idMap.get(remoteId);
    return mapped?.how === 'created' ? as(mapped.localId) : undefined;
  }

  async function resolveLocal(e: EntitySnapshot): Promise<EntityId | undefined> {
    const res = await deps.resolver.resolve(
      {
        subject: e.name,
        strategy: { mode: 'ranked', auto_accept_threshold: deps.autoAcceptThreshold ?? DEFAULT_AUTO_ACCEPT },
        constraints: { deterministic: true, allowed_sources: ['local'] },
        hints: { ...(e.type === 'other' ? {} : { expected_type: e.type }), aliases: e.aliases.slice(0, 20) },
      },
      { attributes: e.attributes },
    );
    return res.status === 'resolved' && res.entity?.source === 'local' ? asEntityId(res.entity.id) : undefined;
  }

  /** Adds the teammate's other names and the attributes the local entity lacks; writes nothing when nothing is new. */
  async function join(local: Entity, e: EntitySnapshot): Promise<void> {
    const known = new Set([local.name, ...local.aliases].map(fold));
    const names = [e.name, ...e.aliases].filter((n) => !known.has(fold(n)));
    if (names.length > 0) await graph.addAliases(local.id, names);
    const missing = recordFrom(Object.entries(e.attributes).filter(([k]) => !hasOwnKey(local.attributes, k)));
    if (Object.keys(missing).length > 0) await graph.mergeAttributes(local.id, missing);
  }

  const handlers: Handlers = {
    async 'entity.upsert'({ entity: e }) {
      const known = await localEntity(e.id);
      if (known) return join(known, e);
      const joinId = await resolveLocal(e);
      const target = joinId === undefined ? undefined : await store.getEntity(joinId);
      if (target) {
        await idMap.set(e.id, { localId: target.id, how: 'joined' });
        return join(target, e);
      }
      const created = await graph.createEntity({
        name: e.name,
        type: e.type,
        aliases: e.aliases,
        attributes: e.attributes,
        mentionCount: e.mentionCount,
        ...(e.description === undefined ? {} : { description: e.description }),
        ...(e.authorityId === undefined ? {} : { authorityId: e.authorityId }),
      });
      await idMap.set(e.id, { localId: created.id, how: 'created' });
    },
    async 'entity.delete'({ entityId }) {
      const local = await createdHere(entityId, asEntityId);
      if (local === undefined) return;
      if (await store.getEntity(local)) await graph.deleteEntity(local);
      await idMap.delete(entityId);
    },
    async 'relationship.upsert'({ relationship: r }) {
      const from = await localEntity(r.from);
      const to = await localEntity(r.to);
      if (!from || !to) throw new AriadneError('not_found', 'its entities are not in the local graph');
      if (from.id === to.id) return;
      const out = await graph.relate(from.id, r.label, to.id);
      if (!(await idMap.get(r.id))) await idMap.set(r.id, { localId: out.relationship.id, how: out.created ? 'created' : 'joined' });
    },
    async 'relationship.delete'({ relationshipId }) {
      const local = await createdHere(relationshipId, asRelationshipId);
      if (local === undefined) return;
      await graph.unrelate(local);
      await idMap.delete(relationshipId);
    },
    async 'evidence.add'({ evidence: v }, { contributor }) {
      if (await idMap.get(v.id)) return;
      const entity = v.entityId === undefined ? undefined : await localEntity(v.entityId);
      const relationship =
        v.relationshipId === undefined ? undefined : asRelationshipId((await idMap.get(v.relationshipId))?.localId ?? '');
      if (!entity && relationship === undefined) throw new AriadneError('not_found', 'what it is evidence for is not in the local graph');
      const { id: _id, entityId: _e, relationshipId: _r, ...source } = v;
      const target = entity ? { entityId: entity.id } : { relationshipId: relationship };
      // The teammate who brought it: the entity page shows "from <member>" on the row.
      const local = await graph.recordEvidence({ ...source, ...target, contributor });
      await idMap.set(v.id, { localId: local.id, how: 'created' });
    },
    async 'evidence.delete'({ evidenceId }) {
      // Only a row a teammate's `evidence.add` created here; the evidence read on this device is the user's own.
      const local = await createdHere(evidenceId, asEvidenceId);
      if (local === undefined) return;
      await store.deleteEvidence(local);
      await idMap.delete(evidenceId);
    },
    async 'merge.apply'({ mergeId, intoId, removedId }) {
      if (await idMap.get(mergeId)) return;
      const into = await localEntity(intoId);
      const removed = await localEntity(removedId);
      if (!into || !removed) throw new AriadneError('not_found', 'its entities are not in the local graph');
      if (into.id === removed.id) return idMap.set(mergeId, { localId: '', how: 'joined' });
      const previous = await idMap.get(removedId);
      const out = await graph.merge(into.id, removed.id);
      await idMap.set(removedId, { localId: into.id, how: 'joined' });
      await idMap.set(mergeId, {
        localId: out.record.id,
        how: 'created',
        restore: { remoteId: removedId, localId: removed.id, how: previous?.how ?? 'joined' },
      });
    },
    async 'merge.undo'({ mergeId }) {
      const mapped = await idMap.get(mergeId);
      const local = asMergeId(mapped?.localId ?? '');
      if (mapped?.how !== 'created' || local === undefined) return;
      await graph.unmerge(local);
      if (mapped.restore) await idMap.set(mapped.restore.remoteId, { localId: mapped.restore.localId, how: mapped.restore.how });
      await idMap.delete(mergeId);
    },
  };

  function handle<K extends TeamChange['kind']>(change: Extract<TeamChange, { kind: K }>, pulled: PulledChange): Promise<void> {
    const handler: (c: Extract<TeamChange, { kind: K }>, p: PulledChange) => Promise<void> = handlers[change.kind];
    return handler(change, pulled);
  }

  return {
    async apply(pulled) {
      try {
        await handle(pulled.change, pulled);
      } catch (error) {
        // A change that does not fit the local graph is skipped (and said so); a failing store is not: it stops the pull.
        if (!(error instanceof AriadneError) || error.code === 'internal' || error.code === 'quota_exceeded') throw error;
        deps.onSkip?.(pulled, `${error.code}: ${error.message}`);
      }
    },
  };
}

/**
 * The resolver replay with each change in one store transaction: the graph writes and the
 * id map's commit together when the id map lives in the graph's database (the Dexie one
 * does), so a crash between them cannot leave a replayed evidence row unmapped (which the
 * next pull would write a second time).
 *
 * @example
 *   const sink = atomicResolverSink({ graph, store, resolver, idMap: new DexieTeamIdMap(db) });
 */
export function atomicResolverSink(deps: ResolverSinkDeps): IngestSink {
  return {
    apply: (pulled) => deps.graph.exclusive((graph) => resolverIngestSink({ ...deps, graph }).apply(pulled), { atomic: true }),
  };
}
