/**
 * Test support: an entity record with every required field, for export tests that build
 * their graphs by hand.
 *
 * @example testEntity('e_1', 'Stripe', Date.UTC(2026, 0, 1), { type: 'company' })
 */
import { asEntityId } from '../../graph/ids';
import type { Entity } from '../../graph/types';

export function testEntity(id: string, name: string, at: number, extra: Partial<Entity> = {}): Entity {
  const entityId = asEntityId(id);
  if (entityId === undefined) throw new Error(`not an entity id: ${id}`);
  return {
    id: entityId,
    name,
    type: 'company',
    aliases: [],
    attributes: {},
    createdAt: at,
    updatedAt: at,
    mentionCount: 1,
    keys: [],
    ...extra,
  };
}
