/**
 * Types the user fixed stick: when the user changed an entity's type
 * (`entity_update`, which marks it `typeSetByUser`), a later capture naming it (its name
 * or an alias) takes the user's type before resolution, so the resolver's typed matching
 * joins the user's entity instead of creating a second one of the recognizer's type.
 *
 * The memory is the entity itself: bounded by the graph, exported and imported with it,
 * kept by merges, gone when the user deletes the entity.
 *
 * @example
 *   const typed = await withUserTypes(entities, store); // "Pebble Core" person → product
 */
import type { AnalyzedEntity } from '../capture';
import { aliasIndexKey, nameIndexKey } from '../graph/keys';
import type { GraphStore } from '../graph/store';
import type { EntityType } from '../graph/types';

/**
 * Homonyms looked at per name: the user-typed one is found among them. A name shared by
 * more entities than this is not one the user fixed a type for in any useful way.
 */
const HOMONYMS_SCANNED = 20;

/** The type the user set for an entity called `name`, if any (name matches before alias matches, then by id). */
export async function userTypeOf(store: GraphStore, name: string): Promise<EntityType | undefined> {
  const byName = nameIndexKey(name);
  const found = await store.findEntitiesByKeys([byName, aliasIndexKey(name)], HOMONYMS_SCANNED);
  const fixed = found
    .filter((e) => e.typeSetByUser === true)
    .sort((a, b) => Number(!a.keys.includes(byName)) - Number(!b.keys.includes(byName)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return fixed[0]?.type;
}

/** The page's entities, each with the user's type where the user fixed one for its name. */
export async function withUserTypes(entities: readonly AnalyzedEntity[], store: GraphStore): Promise<AnalyzedEntity[]> {
  const out: AnalyzedEntity[] = [];
  for (const mention of entities) {
    const type = await userTypeOf(store, mention.name);
    out.push(type === undefined || type === mention.type ? mention : { ...mention, type });
  }
  return out;
}
