/**
 * An entity's type by evidence: every page that names it casts one vote (kept on the
 * mention evidence row it leaves, as its `detail`), the relationships it takes part in
 * cast role votes, and the type with the most weight wins. The user's correction
 * (`typeSetByUser`) is not a vote: it is the type, and nothing here overrides it.
 *
 * The votes live on the evidence rows, not in a counter on the entity, so whatever
 * removes a page's evidence (deleting the page, re-reading it, forgetting an LLM reading)
 * removes its vote too, and a merge or an export carries the votes with the evidence.
 * Pure: the reads are the caller's (`src/core/ingest/type-decision.ts`, the resolver).
 *
 * @example
 *   const detail = typeVoteDetail({ type: 'company', source: 'structured' }); // 'type: company (structured data)'
 *   parseTypeVote(detail); // { type: 'company', source: 'structured' }
 *   decideType('person', tallyTypes('person', [{ type: 'company', source: 'structured' }], [])); // 'company'
 */
import type { EntityId } from './ids';
import type { EntityType, Evidence, Relationship } from './types';
import { ENTITY_TYPES, isEntityType } from './types';

/** Where a page's word on the type came from: its structured data, the offline reader of its text, or an LLM's reading of it. */
export type TypeVoteSource = 'structured' | 'text' | 'llm';

export interface TypeVote {
  readonly type: EntityType;
  readonly source: TypeVoteSource;
}

/**
 * Weight of one page's vote. Structured data (JSON-LD, microdata) is the page's own
 * statement of what the thing is; a recognizer's type from the text is a guess that is
 * wrong on one stored name in ten (eval:pages wrong-type share). Three pages' guesses
 * weigh as much as one statement; against a stated type the entity has, it takes four.
 */
export const STRUCTURED_VOTE = 3;
export const TEXT_VOTE = 1;
/**
 * An LLM's reading of a page: a second reader's guess from the same text, worth as much
 * as the offline one's. Alone it does not flip a type one page gave (the incumbent's
 * bonus); it tells the decision where the two readers disagree, and is forgotten with
 * the reading.
 */
export const LLM_VOTE = 1;
/**
 * A recognizer's "other" says it could not type the name, not that it is of no type: it
 * counts for little against any typed vote.
 */
export const TEXT_OTHER_VOTE = 0.25;
/**
 * Kept by the type the entity has, so a lone page of another opinion does not flip it
 * back and forth: a challenger must outweigh it, a tie keeps it.
 */
export const INCUMBENT_BONUS = 0.5;
/**
 * One relationship's role vote (see `ROLE_TYPES`): more than one text guess, so "X
 * acquired Y" makes a company of an X the recognizer called a person on one page.
 */
export const ROLE_VOTE = 2;
/**
 * Role votes count at most this much per type: as much as one page's structured data,
 * which with the incumbent's bonus they do not overturn.
 */
export const MAX_ROLE_WEIGHT = 3;

/**
 * Evidence rows of an entity read for its votes (the store gives the oldest first; the page
 * being ingested always votes): a hundred pages' votes settle a type, and a capture naming
 * twenty-five much-seen entities reads a few thousand rows, not tens of thousands.
 */
export const MAX_TYPE_EVIDENCE = 100;
/** Relationships of an entity read for role votes. */
export const MAX_ROLE_RELATIONSHIPS = 50;

/** The role a relationship gives each side: the types it admits there (each gets the vote). */
interface Role {
  readonly from?: readonly EntityType[];
  readonly to?: readonly EntityType[];
}

/**
 * What taking part in a relationship says of a side's type. Only roles that decide a
 * type are listed: both of "located_in"'s subjects (a company, a town) are common, so
 * only its object votes. A role admitting two types votes for both, so between those it
 * is neutral and only speaks against the others ("invested_in": a fund or a person).
 * A Map: labels are the extractor's strings.
 */
export const ROLE_TYPES: ReadonlyMap<string, Role> = new Map<string, Role>([
  ['acquired', { from: ['company'] }],
  ['invested_in', { from: ['company', 'person'], to: ['company'] }],
  ['subsidiary_of', { to: ['company'] }],
  ['located_in', { to: ['location'] }],
  ['headquartered_in', { from: ['company'], to: ['location'] }],
  ['founded_in', { to: ['location'] }],
  ['founded_by', { from: ['company'], to: ['person'] }],
  ['ceo_of', { from: ['person'], to: ['company'] }],
  ['works_for', { from: ['person'] }],
  ['employs', { to: ['person'] }],
  ['spouse_of', { from: ['person'], to: ['person'] }],
]);

const VOTE_SOURCES: ReadonlyMap<string, TypeVoteSource> = new Map([
  ['structured data', 'structured'],
  ['text', 'text'],
  ['llm', 'llm'],
]);
const VOTE_RE = /^type: ([a-z]+) \((structured data|text|llm)\)$/;

/**
 * The `detail` of the mention evidence a page leaves: its vote, readable as it is.
 *
 * @example typeVoteDetail({ type: 'person', source: 'text' }) // 'type: person (text)'
 */
export function typeVoteDetail(vote: TypeVote): string {
  return `type: ${vote.type} (${vote.source === 'structured' ? 'structured data' : vote.source})`;
}

/** The vote a mention evidence row's `detail` carries, if any. */
export function parseTypeVote(detail: string | undefined): TypeVote | undefined {
  const m = detail === undefined ? null : VOTE_RE.exec(detail);
  const type = m?.[1];
  const source = m?.[2] === undefined ? undefined : VOTE_SOURCES.get(m[2]);
  return type !== undefined && isEntityType(type) && source !== undefined ? { type, source } : undefined;
}

export function voteWeight(vote: TypeVote): number {
  if (vote.source === 'structured') return STRUCTURED_VOTE;
  if (vote.type === 'other') return TEXT_OTHER_VOTE;
  return vote.source === 'llm' ? LLM_VOTE : TEXT_VOTE;
}

/**
 * One vote per page from an entity's evidence: the mention rows of the offline extractor,
 * the newest capture of each page, and of its rows the weightiest (two names of one page
 * may join one entity). A mention row without a vote (recorded before votes were kept)
 * vouches for the type the entity has. An LLM's reading of a page is a second reader: its
 * rows that carry a vote count as one more vote for that page (rows without one, from
 * before LLM votes were kept, count for nothing).
 */
export function pageVotes(evidence: readonly Evidence[], current: EntityType): Map<string, TypeVote> {
  const newest = new Map<string, { at: number; vote: TypeVote }>();
  for (const ev of evidence) {
    if (ev.kind !== 'mention') continue;
    const stated = parseTypeVote(ev.detail);
    if (ev.extractor !== undefined && stated?.source !== 'llm') continue;
    const vote = stated ?? { type: current, source: 'text' };
    // "\u0000" cannot be in a URL: the LLM's vote on a page never displaces the page's own.
    const key = vote.source === 'llm' ? `${ev.pageUrl}\u0000llm` : ev.pageUrl;
    const seen = newest.get(key);
    if (seen === undefined || ev.capturedAt > seen.at || (ev.capturedAt === seen.at && voteWeight(vote) > voteWeight(seen.vote)))
      newest.set(key, { at: ev.capturedAt, vote });
  }
  return new Map([...newest].map(([url, v]) => [url, v.vote]));
}

/** The role votes of an entity's relationships: per type, `ROLE_VOTE` per relationship, at most `MAX_ROLE_WEIGHT`. */
export function roleVotes(id: EntityId, relationships: readonly Relationship[]): Map<EntityType, number> {
  const out = new Map<EntityType, number>();
  for (const r of relationships) {
    const role = ROLE_TYPES.get(r.label);
    if (role === undefined) continue;
    const admitted = [...(r.from === id ? (role.from ?? []) : []), ...(r.to === id ? (role.to ?? []) : [])];
    for (const t of new Set(admitted)) out.set(t, Math.min(MAX_ROLE_WEIGHT, (out.get(t) ?? 0) + ROLE_VOTE));
  }
  return out;
}

/** The weight of each type: the pages' votes, the role votes, and the incumbent's bonus. */
export function tallyTypes(
  current: EntityType,
  votes: Iterable<TypeVote>,
  roles: ReadonlyMap<EntityType, number> = new Map(),
): Map<EntityType, number> {
  const tally = new Map<EntityType, number>([[current, INCUMBENT_BONUS]]);
  for (const v of votes) tally.set(v.type, (tally.get(v.type) ?? 0) + voteWeight(v));
  for (const [t, w] of roles) tally.set(t, (tally.get(t) ?? 0) + w);
  return tally;
}

/** The type the tally decides: the heaviest; a tie keeps `current`, then the first in `ENTITY_TYPES` order. */
export function decideType(current: EntityType, tally: ReadonlyMap<EntityType, number>): EntityType {
  let best = current;
  let bestWeight = tally.get(current) ?? 0;
  for (const t of ENTITY_TYPES) {
    const w = tally.get(t) ?? 0;
    if (w > bestWeight) {
      best = t;
      bestWeight = w;
    }
  }
  return best;
}

/** "company 4, person 1.5": a tally as the change record shows it, heaviest first. */
export function describeTally(tally: ReadonlyMap<EntityType, number>): string {
  return [...tally]
    .filter(([, w]) => w > 0)
    .sort((a, b) => b[1] - a[1] || ENTITY_TYPES.indexOf(a[0]) - ENTITY_TYPES.indexOf(b[0]))
    .map(([t, w]) => `${t} ${Math.round(w * 100) / 100}`)
    .join(', ');
}

/**
 * Whether the entity's type is stated (by structured data on some page), not only guessed
 * from text: a statement outweighs guesses (`typeStated` of the resolver's context).
 */
export function typeIsStated(evidence: readonly Evidence[], type: EntityType): boolean {
  return evidence.some((ev) => {
    if (ev.kind !== 'mention' || ev.extractor !== undefined) return false;
    const vote = parseTypeVote(ev.detail);
    return vote !== undefined && vote.source === 'structured' && vote.type === type;
  });
}
