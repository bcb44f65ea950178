/**
 * What a user's edit through a tool contributes to the team graph. The background hands
 * this to the registry as the call's `afterWrite`: it runs inside the tool's own store
 * transaction, after the tool succeeded, with its input, output and reports, and the
 * changes are queued in that same transaction (a crash keeps both or neither). Read from
 * the store as it is now, so the pushed entity is the one the edit left.
 *
 * Recorded: entity_add, entity_update, entity_relate, entity_unrelate, entity_merge,
 * entity_unmerge, entity_delete; review_decide (a merge decision as a merge, "keep
 * separate" changes no graph record and sends nothing); page_delete (tombstones of the
 * entities and relationships it removed, and of the page's evidence on those that stay);
 * graph_import (what it wrote: entities, relationships, evidence). Not recorded:
 * graph_clear (a local clear must not empty the team's graph).
 *
 * @example
 *   await registry.call('entity_merge', args, { ...options, afterWrite: async (call) =>
 *     queue.append(await changesOfToolCall(call.name, call.input, call.output, { store, ids, clock }, call.reports)) });
 */
import { z } from 'zod';
import type { Clock } from '../graph/ids';
import { asEntityId, asMergeId, asRelationshipId } from '../graph/ids';
import { nameIndexKey } from '../graph/keys';
import type { GraphReader } from '../graph/store';
import { relationshipKey } from '../graph/service';
import type { Entity, Relationship } from '../graph/types';
import type { WriteReport } from '../tools/write-report';
import type { ChangeIds, TeamChange } from './changes';
import { entityDelete, entityUpsert, relationshipDelete, relationshipUpsert } from './changes';
import { changesOfMerge, changesOfReports, changesOfUnmerge } from './local-changes';

export interface ToolChangeDeps {
  readonly store: Pick<GraphReader, 'getEntity' | 'getMerge' | 'findEntitiesByKeys' | 'findRelationshipByKey'>;
  readonly ids: ChangeIds;
  readonly clock: Clock;
}

/** Entities sharing a name looked at, at most: homonyms differ by type, a handful at most; 20 bounds the reads. */
const MAX_SAME_NAME = 20;

const withId = z.object({ id: z.string() });
const withEntity = z.object({ entity: withId });
const withMerge = z.object({ merge_id: z.string() });
const relateOutput = z.object({ from: z.string(), to: z.string(), relationship: z.string(), created: z.boolean() });
const unrelateInput = z.object({ relationship_id: z.string() });
const unrelateOutput = z.object({ removed: z.boolean() });

/** The tools whose successful calls change the team graph. */
export const RECORDED_TOOLS: ReadonlySet<string> = new Set([
  'entity_add',
  'entity_update',
  'entity_relate',
  'entity_unrelate',
  'entity_merge',
  'entity_unmerge',
  'entity_delete',
  'review_decide',
  'page_delete',
  'graph_import',
]);

async function upsertOf(deps: ToolChangeDeps, rawId: string | undefined): Promise<TeamChange[]> {
  const id = asEntityId(rawId ?? '');
  const entity = id === undefined ? undefined : await deps.store.getEntity(id);
  return entity ? [entityUpsert(deps.ids.next(), entity)] : [];
}

/** The relationship `entity_relate` drew: from an entity of that name, with that label, to one of the other name (by its unique key). */
async function relatedOf(deps: ToolChangeDeps, out: z.infer<typeof relateOutput>): Promise<TeamChange[]> {
  const named = async (name: string): Promise<Entity[]> =>
    (await deps.store.findEntitiesByKeys([nameIndexKey(name)], MAX_SAME_NAME)).filter((e) => e.name === name);
  const found: Relationship[] = [];
  const targets = await named(out.to);
  for (const from of await named(out.from)) {
    for (const to of targets) {
      const relationship = await deps.store.findRelationshipByKey(relationshipKey(from.id, out.relationship, to.id));
      if (relationship) found.push(relationship);
    }
  }
  // The newest one: when a name is shared by two entities, the relation just written is the last updated.
  const newest = found.sort((a, b) => b.updatedAt - a.updatedAt)[0];
  return newest ? [relationshipUpsert(deps.ids.next(), newest)] : [];
}

/**
 * The team changes of one successful tool call (none for a tool that is not recorded, or an output it cannot read);
 * `reports` are what the tool said beyond its output (`ToolExecutionContext.report`).
 */
export async function changesOfToolCall(
  name: string,
  input: unknown,
  output: unknown,
  deps: ToolChangeDeps,
  reports: readonly WriteReport[] = [],
): Promise<TeamChange[]> {
  switch (name) {
    case 'page_delete':
    case 'graph_import':
      return changesOfReports(reports, deps.ids, deps.clock.now());
    case 'entity_add':
      return upsertOf(deps, withId.safeParse(output).data?.id);
    case 'entity_update':
      return upsertOf(deps, withEntity.safeParse(output).data?.entity.id);
    case 'entity_relate': {
      const out = relateOutput.safeParse(output);
      return out.success ? relatedOf(deps, out.data) : [];
    }
    case 'entity_unrelate': {
      const id = asRelationshipId(unrelateInput.safeParse(input).data?.relationship_id.trim() ?? '');
      const removed = unrelateOutput.safeParse(output).data?.removed === true;
      return id !== undefined && removed ? [relationshipDelete(deps.ids.next(), id, deps.clock.now())] : [];
    }
    case 'entity_delete': {
      const id = asEntityId(withId.safeParse(output).data?.id ?? '');
      return id === undefined ? [] : [entityDelete(deps.ids.next(), id, deps.clock.now())];
    }
    case 'entity_merge':
    case 'review_decide': // a merge decision carries its merge_id; "keep separate" has none and sends nothing
    case 'entity_unmerge': {
      const id = asMergeId(withMerge.safeParse(output).data?.merge_id ?? '');
      const record = id === undefined ? undefined : await deps.store.getMerge(id);
      if (!record) return [];
      const into = await deps.store.getEntity(record.intoId);
      if (!into) return [];
      if (name !== 'entity_unmerge') return changesOfMerge({ record, into }, deps.ids);
      const restored = await deps.store.getEntity(record.removedId);
      return restored ? changesOfUnmerge({ record, into, restored }, deps.ids, deps.clock.now()) : [];
    }
    default:
      return [];
  }
}
