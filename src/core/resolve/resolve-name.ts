/**
 * Name-addressed tools (`entity_add`, `entity_relate`, `entity_merge`, …) turn a
 * name into one entity id through the resolver: resolved → the id; in doubt → an
 * `AmbiguousError` listing the candidates; unknown → a `NotFoundError`.
 */
import { AmbiguousError, AriadneError, NotFoundError } from '../errors';
import type { ErrorCode } from '../errors';
import { ERROR_CODES } from '../errors';
import type { EntityId } from '../graph/ids';
import { asEntityId } from '../graph/ids';
import type { EntityType } from '../graph/types';
import type { Resolver } from './resolver';

/**
 * @example
 *   const id = await resolveName(resolver, 'Stripe, Inc.', 'company'); // e_…
 *   await resolveName(resolver, 'Mercury'); // throws AmbiguousError (planet or bank?)
 */
export async function resolveName(resolver: Resolver, name: string, expectedType?: EntityType): Promise<EntityId> {
  const res = await resolver.resolve({
    subject: name,
    ...(expectedType === undefined || expectedType === 'other' ? {} : { hints: { expected_type: expectedType } }),
    strategy: { mode: 'ranked', interactive_below_threshold: true },
    constraints: { deterministic: true, allowed_sources: ['local'] },
  });
  if (res.status === 'resolved') {
    const id = res.entity ? asEntityId(res.entity.id) : undefined;
    if (id !== undefined) return id;
  }
  if (res.status === 'ambiguous') {
    const list = res.candidates.map((c) => `${c.label} (${c.type}, ${c.id})`).join('; ');
    throw new AmbiguousError(`"${name}" could be ${res.candidates.length} entities: ${list}. Pass the entity id instead of the name.`, {
      candidates: res.candidates,
      reason: res.ambiguity?.reason,
    });
  }
  if (res.status === 'error') {
    const code: ErrorCode = ERROR_CODES.find((c) => c === res.error?.code) ?? 'internal';
    throw new AriadneError(code, res.error?.message ?? 'The resolver failed.');
  }
  throw new NotFoundError(
    `No entity is called "${name}"${expectedType ? ` (type ${expectedType})` : ''}; add it first with entity_add, or check the spelling.`,
  );
}
