/**
 * The relation classifier's classes and the entity types each accepts. The
 * labels are the graph's own (`founded_by`, `located_in`, `works_for`, …, read by
 * `src/core/query/relation-words.ts`); a relation reads "subject label object" in the
 * gold's direction: "Stripe founded_by Patrick Collison", "Ada works_for Stripe".
 */
import type { EntityType } from '../../core/graph/types';

/** Class 0 is "no relation"; the others are graph labels. Order is the model's output order. */
export const RELATION_CLASSES = [
  'none',
  'founded_by',
  'located_in',
  'works_for',
  'subsidiary_of',
  'develops',
  'uses',
  'spouse_of',
] as const;
export type RelationClass = (typeof RELATION_CLASSES)[number];

/** The coarse types the classifier sees (Re-DocRED's ORG, PER, LOC and MISC). */
export type CoarseType = 'org' | 'per' | 'loc' | 'misc';

export function coarseType(t: EntityType): CoarseType {
  switch (t) {
    case 'company':
      return 'org';
    case 'person':
      return 'per';
    case 'location':
      return 'loc';
    default:
      return 'misc';
  }
}

const ORG: readonly CoarseType[] = ['org'];
const PER: readonly CoarseType[] = ['per'];
const LOC: readonly CoarseType[] = ['loc'];
const THING: readonly CoarseType[] = ['misc'];

/**
 * Subject and object types a label may join. A prediction outside these is dropped:
 * the model has seen "Paris located_in France" but a person is never `located_in`
 * here, and an organization does not `develops` a city.
 */
export const LABEL_TYPES: ReadonlyMap<RelationClass, { readonly subject: readonly CoarseType[]; readonly object: readonly CoarseType[] }> =
  new Map([
    ['founded_by', { subject: ['org', 'misc'], object: PER }],
    ['located_in', { subject: ['org', 'loc'], object: LOC }],
    ['works_for', { subject: PER, object: ORG }],
    ['subsidiary_of', { subject: ORG, object: ORG }],
    ['develops', { subject: ['org', 'per'], object: THING }],
    ['uses', { subject: ['org', 'misc'], object: THING }],
    ['spouse_of', { subject: PER, object: PER }],
  ]);

export function typesFit(label: RelationClass, subject: CoarseType, object: CoarseType): boolean {
  const t = LABEL_TYPES.get(label);
  return t !== undefined && t.subject.includes(subject) && t.object.includes(object);
}
