/**
 * The values of a many-valued answer ("who founded X?", "what does X use?"): each value
 * once, with what backs it (a stored fact or a page sentence read at question time) and the
 * pages stating it, so the answer can give all of them with their count, cite each on its
 * own, and rate its confidence by the weakest. Pure functions over plain data.
 */
import type { EntityId, RelationshipId } from '../graph/ids';
import type { EntityType } from '../graph/types';
import type { AnswerClaim, ClaimBasis, SourcePage } from './query-response';
import type { ReadAnswer } from './sentence-reading';

/** One value an answer gives. */
export interface AnswerValue {
  readonly name: string;
  readonly id?: EntityId;
  readonly type?: EntityType;
  readonly basis: ClaimBasis;
  readonly relationshipId?: RelationshipId;
  readonly attribute?: { readonly entityId: EntityId; readonly key: string };
  /** Pages stating it: a read value's sentence; empty for a fact (the loop cites its evidence). */
  readonly pages: readonly SourcePage[];
}

// Names written out in one answer sentence; a longer list says how many more there are
// (the answer's claims still carry every value).
export const MAX_VALUES_WRITTEN = 30;

const PLURAL: Readonly<Record<EntityType, string>> = {
  company: 'companies',
  person: 'people',
  technology: 'technologies',
  product: 'products',
  location: 'places',
  other: 'entities',
};

/** A value read from a stored sentence, citing that sentence's page. */
export function readValue(read: ReadAnswer): AnswerValue {
  return {
    name: read.answer.name,
    id: read.answer.id,
    type: read.answer.type,
    basis: 'sentence',
    pages: [{ url: read.sentence.pageUrl, title: read.sentence.pageTitle, sentence: read.sentence.text }],
  };
}

/**
 * The values once each (by entity id, else by name), in order; a value both stored and read
 * is a fact, citing the read sentence's page too.
 */
export function uniqueValues(values: readonly AnswerValue[]): AnswerValue[] {
  const out: AnswerValue[] = [];
  for (const v of values) {
    const at = out.findIndex((o) => (v.id !== undefined && o.id === v.id) || o.name === v.name);
    const seen = out[at];
    if (seen === undefined) out.push(v);
    else out[at] = { ...seen, pages: [...seen.pages, ...v.pages.filter((p) => !seen.pages.some((s) => s.url === p.url))] };
  }
  return out;
}

/** The answer's claims: one per value. */
export function claimsOf(values: readonly AnswerValue[]): AnswerClaim[] {
  return values.map((v) => ({
    value: v.name,
    ...(v.id === undefined ? {} : { entityId: v.id }),
    basis: v.basis,
    ...(v.relationshipId === undefined ? {} : { relationshipId: v.relationshipId }),
    ...(v.attribute === undefined ? {} : { attribute: v.attribute }),
    pages: v.pages,
  }));
}

/**
 * Names as one list ("A", "A and B", "A, B and C"), each once; past `max` (`MAX_VALUES_WRITTEN`
 * unless given) it says how many more.
 *
 * @example
 *   listAll(['Ada', 'Bo', 'Cy']) // 'Ada, Bo and Cy'
 */
export function listAll(names: readonly string[], max = MAX_VALUES_WRITTEN): string {
  const unique = [...new Set(names)];
  const shown = unique.slice(0, max);
  const more = unique.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  return shown.length <= 1 ? shown.join('') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1) ?? ''}`;
}

/**
 * How many values, with a noun for them: `noun` when the question names what they are
 * ("founders"), else the plural of their common type ("3 products"), else "things".
 *
 * @example
 *   counted([{ name: 'Ada', type: 'person', basis: 'fact', pages: [] }, …], undefined) // '2 people'
 */
export function counted(values: readonly AnswerValue[], noun?: string): string {
  const n = values.length;
  if (noun !== undefined) return `${n} ${noun}`;
  const types = new Set(values.map((v) => v.type));
  const [only] = types;
  return `${n} ${types.size === 1 && only !== undefined ? PLURAL[only] : 'things'}`;
}

/** True when every value is a stored fact (the only answers that may be rated high). */
export function allFacts(values: readonly AnswerValue[]): boolean {
  return values.length > 0 && values.every((v) => v.basis === 'fact');
}
