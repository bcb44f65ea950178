/**
 * Schemas and helpers shared by the graph tools: entity types, names, and turning
 * a name (or an `e_…` id) into one entity, or an `ambiguous` / `not_found` error
 * that lists what the caller can do.
 */
import { z } from 'zod';
import { AmbiguousError, NotFoundError } from '../../errors';
import { asEntityId } from '../../graph/ids';
import type { Entity } from '../../graph/types';
import { ENTITY_TYPES, MAX_NAME_LENGTH } from '../../graph/types';
import { ownRecordSchema } from '../../records';
import { fold, nameKey } from '../../text/normalize';
import type { GraphToolDeps } from '../deps';

export const entityTypeSchema = z.enum(ENTITY_TYPES).describe('One of: "company", "person", "technology", "product", "location", "other"');

/** A name as callers give it: 1–200 characters (cleaned again by the service). */
export function nameSchema(description: string) {
  return z.string().min(1, 'must not be empty').max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`).describe(description);
}

/**
 * Attribute values as models send them (numbers and booleans become text). Keys are
 * the caller's strings: `__proto__` or `constructor` is a key like any other.
 */
export const attributesSchema = ownRecordSchema(
  z.string().min(1).max(80).describe('Attribute key, e.g. "founded"'),
  z
    .union([z.string().max(2000), z.number(), z.boolean()])
    .transform(String)
    .describe('Attribute value'),
  'Key-value pairs for additional metadata',
);

export const outputAttributesSchema = ownRecordSchema(z.string(), z.string(), 'Key-value metadata');

/** Candidates listed in an `ambiguous` error at most. */
const MAX_CANDIDATES_LISTED = 10;

/**
 * The entity a caller means by `ref`: an id (`e_…`), else the one entity whose
 * name is exactly `ref` (case-insensitive), else the one whose normalized name or
 * alias is. Several → `ambiguous` with the candidates; none → `not_found`.
 *
 * @example await resolveEntity(deps, 'Stripe, Inc.', 'name_b')
 */
export async function resolveEntity(deps: GraphToolDeps, ref: string, role: string): Promise<Entity> {
  const id = asEntityId(ref.trim());
  if (id) {
    const entity = await deps.store.getEntity(id);
    if (entity) return entity;
    throw new NotFoundError(`No entity has id "${id}" (${role}).`);
  }
  const matches = await deps.graph.findByName(ref);
  if (matches.length === 0) {
    throw new NotFoundError(
      `No entity named "${ref.slice(0, 100)}" (${role}); add it with entity_add first, or find the right name with entity_search.`,
    );
  }
  if (matches.length === 1 && matches[0]) return matches[0];
  const exact = matches.filter((e) => fold(e.name) === fold(ref));
  if (exact.length === 1 && exact[0]) return exact[0];
  const byName = matches.filter((e) => nameKey(e.name) === nameKey(ref));
  if (byName.length === 1 && byName[0]) return byName[0];
  const candidates = matches.slice(0, MAX_CANDIDATES_LISTED).map((e) => ({ id: e.id, name: e.name, entity_type: e.type }));
  throw new AmbiguousError(
    `"${ref.slice(0, 100)}" (${role}) names ${matches.length} entities: ${candidates.map((c) => `${c.name} (${c.entity_type}, ${c.id})`).join('; ')}. Pass the id instead.`,
    { candidates },
  );
}

/** An entity as the UI tools return it. */
export const entitySchema = z.object({
  id: z.string().describe('Entity id'),
  name: z.string().describe('Display name'),
  entity_type: entityTypeSchema,
  aliases: z.array(z.string()).describe('Other names'),
  attributes: outputAttributesSchema,
  description: z.string().optional().describe('Short description'),
  mention_count: z.number().int().describe('Times captures or the user mentioned it'),
  created_at: z.number().describe('Epoch milliseconds'),
  updated_at: z.number().describe('Epoch milliseconds'),
});
export type EntityView = z.infer<typeof entitySchema>;

export function toEntityView(e: Entity): EntityView {
  return {
    id: e.id,
    name: e.name,
    entity_type: e.type,
    aliases: [...e.aliases],
    attributes: { ...e.attributes },
    ...(e.description === undefined ? {} : { description: e.description }),
    mention_count: e.mentionCount,
    created_at: e.createdAt,
    updated_at: e.updatedAt,
  };
}
