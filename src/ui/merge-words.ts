/**
 * How the panel words a merge, wherever one is proposed or reported (the merge form, its
 * outcome, its history, and the chat's "merge it with the previous one"): the entity kept
 * and the one removed are each named with their type, since two entities may share a
 * name ("HackerRank" the company and "HackerRank" the person).
 *
 * @example
 *   mergeQuestion({ name: 'Stripe', type: 'company' }, { name: 'Stripe', type: 'person' })
 *   // 'Keep “Stripe” (company), and remove “Stripe” (person), folding it into the kept one? They have different types: …'
 */
import type { EntityType } from '../core/graph/types';

export interface Named {
  readonly name: string;
  /** Shown beside the name; left out when not known. */
  readonly type?: EntityType;
}

/** “Name” (type), as the merge form, its outcome and its history show an entity. */
export function namedWithType(entity: Named): string {
  return entity.type === undefined ? `“${entity.name}”` : `“${entity.name}” (${entity.type})`;
}

/** The warning when the two differ in type: merging a company into a person is rarely meant. */
export function typeWarning(kept: Named, removed: Named): string | undefined {
  if (kept.type === undefined || removed.type === undefined || kept.type === removed.type) return undefined;
  return `They have different types (${kept.type}, ${removed.type}): check that they are one thing.`;
}

/** The chat's proposal, before anything changes. */
export function mergeQuestion(kept: Named, removed: Named): string {
  const warning = typeWarning(kept, removed);
  return [
    `Keep ${namedWithType(kept)}, and remove ${namedWithType(removed)}, folding it into the kept one?`,
    ...(warning === undefined ? [] : [warning]),
    'Nothing changes until you confirm.',
  ].join(' ');
}

/** The outcome of a merge, as the form and the chat report it. */
export function mergeOutcome(kept: Named, removed: Named): string {
  return `Merged: kept ${namedWithType(kept)}, removed ${namedWithType(removed)} and folded it in.`;
}
