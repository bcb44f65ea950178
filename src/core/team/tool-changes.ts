/**
 * What a user's edit through a tool contributes to the team graph. The background calls
 * this after a writing tool succeeded (its writes committed), with the tool's input and
 * output, and queues the changes. Read from the store as it is now, so the pushed entity
 * is the one the edit left.
 *
 * Recorded: entity_add, entity_update, entity_relate, entity_unrelate, entity_merge,
 * entity_unmerge, entity_delete. Not recorded (no change shape, or not a user's fact):
 * page_delete, graph_clear, graph_import, review_decide, LLM reading's findings.
 *
 * @example
 *   const out = await registry.call('entity_merge', { name_a: 'Stripe', name_b: 'Stripe, Inc.' }, options);
 *   await sync.record(await changesOfToolCall('entity_merge', args, out, { store, ids, clock }));
 */
import { z } from 'zod';
import type { Clock } from '../graph/ids';
import { asEntityId, asMergeId, asRelationshipId } from '../graph/ids';
import { nameIndexKey } from '../graph/keys';
import type { GraphReader } from '../graph/store';
import { relationshipKey } from '../graph/service';
import type { Entity, Relationship } from '../graph/types';
import type { ChangeIds, TeamChange } from './changes';
import { entityDelete, entityUpsert, relationshipDelete, relationshipUpsert } from './changes';
import { changesOfMerge, changesOfUnmerge } from './local-changes';

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
 * The team changes of one successful tool call (none for a tool that is not recorded, or an output it cannot read).
 */
export async function changesOfToolCall(name: string, input: unknown, output: unknown, deps: ToolChangeDeps): Promise<TeamChange[]> {
  switch (name) {
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
    case 'entity_unmerge': {
      const id = asMergeId(withMerge.safeParse(output).data?.merge_id ?? '');
      const record = id === undefined ? undefined : await deps.store.getMerge(id);
      if (!record) return [];
      const into = await deps.store.getEntity(record.intoId);
      if (!into) return [];
      if (name === 'entity_merge') return changesOfMerge({ record, into }, deps.ids);
      const restored = await deps.store.getEntity(record.removedId);
      return restored ? changesOfUnmerge({ record, into, restored }, deps.ids, deps.clock.now()) : [];
    }
    default:
      return [];
  }
}
