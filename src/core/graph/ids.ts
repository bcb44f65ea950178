/**
 * Branded identifiers. An `EntityId` is not a string you can pass anywhere: it is
 * minted by an `IdSource` or parsed at a boundary with `asEntityId`.
 */
declare const brand: unique symbol;
export type Brand<T, B extends string> = T & { readonly [brand]: B };

export type EntityId = Brand<string, 'EntityId'>;
export type RelationshipId = Brand<string, 'RelationshipId'>;
export type EvidenceId = Brand<string, 'EvidenceId'>;
export type MergeId = Brand<string, 'MergeId'>;
export type ReviewId = Brand<string, 'ReviewId'>;

const ID_PATTERN = /^[a-z]{1,4}_[0-9a-z_-]{1,64}$/;

function check(raw: string, prefix: string): boolean {
  return ID_PATTERN.test(raw) && raw.startsWith(`${prefix}_`);
}

/** Boundary parsers: return undefined when `raw` is not an id of that kind. */
export function asEntityId(raw: string): EntityId | undefined {
  return check(raw, 'e') ? (raw as EntityId) : undefined;
}
export function asRelationshipId(raw: string): RelationshipId | undefined {
  return check(raw, 'r') ? (raw as RelationshipId) : undefined;
}
export function asMergeId(raw: string): MergeId | undefined {
  return check(raw, 'm') ? (raw as MergeId) : undefined;
}
export function asReviewId(raw: string): ReviewId | undefined {
  return check(raw, 'q') ? (raw as ReviewId) : undefined;
}
export function asEvidenceId(raw: string): EvidenceId | undefined {
  return check(raw, 'v') ? (raw as EvidenceId) : undefined;
}

/** Where ids come from. Deterministic in tests, random-ish and sortable in the browser. */
export interface IdSource {
  entity(): EntityId;
  relationship(): RelationshipId;
  evidence(): EvidenceId;
  merge(): MergeId;
  review(): ReviewId;
}

/** Where time comes from (epoch milliseconds). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to; for tests and reproducible evaluations. */
export function fixedClock(start = Date.UTC(2026, 0, 1)): Clock & { advance(ms: number): void } {
  let t = start;
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
  };
}

/** Sequential ids (`e_000001`, …): deterministic, for tests and evaluations. */
export function sequentialIds(): IdSource {
  let n = 0;
  const next = (p: string): string => `${p}_${(++n).toString(36).padStart(6, '0')}`;
  return {
    entity: () => next('e') as EntityId,
    relationship: () => next('r') as RelationshipId,
    evidence: () => next('v') as EvidenceId,
    merge: () => next('m') as MergeId,
    review: () => next('q') as ReviewId,
  };
}

/**
 * Time-ordered random ids (`e_<time36><random>`): unique across worker restarts and
 * sortable by creation time. Used by the extension.
 */
export function randomIds(clock: Clock = systemClock, random: () => number = Math.random): IdSource {
  let last = 0;
  let counter = 0;
  const next = (p: string): string => {
    const t = clock.now();
    counter = t === last ? counter + 1 : 0;
    last = t;
    const rand = Math.floor(random() * 36 ** 6)
      .toString(36)
      .padStart(6, '0');
    return `${p}_${t.toString(36)}${counter.toString(36).padStart(2, '0')}${rand}`;
  };
  return {
    entity: () => next('e') as EntityId,
    relationship: () => next('r') as RelationshipId,
    evidence: () => next('v') as EvidenceId,
    merge: () => next('m') as MergeId,
    review: () => next('q') as ReviewId,
  };
}
