/**
 * One turn of the symbolic answerer over one context: what every intent module shares.
 * It asks for what the context lacks through the capabilities an LLM gets (NeedsMoreInfo),
 * finds the entity a question names (exact name or alias, then a look-up, then a near
 * match), and words answers with their sources, claims and confidence.
 */
import type { EntityId } from '../../graph/ids';
import { nameMatchScore, RELEVANT_SCORE } from '../../search/name-index';
import { nameKey } from '../../text/normalize';
import type { AnswerInput } from '../answerer.port';
import { allFacts, claimsOf, counted, listAll, readValue, uniqueValues, type AnswerValue } from '../answer-values';
import { CAPABILITY } from '../capabilities';
import { RELATIONSHIPS_PER_ENTITY } from '../fulfill';
import { getCapabilityById, requestKey, validateInfoRequest } from '../info-capability';
import type { RelationshipView } from '../query-context';
import {
  blocksText,
  type Answer,
  type AnswerBlock,
  type AnswerClaim,
  type Confidence,
  type InfoRequest,
  type NeedsMoreInfo,
} from '../query-response';
import { alsoReadText, type ReadAnswer } from '../sentence-reading';
import type { SentenceRelationReader } from '../sentence-relations.port';
import { nameCoverage, queryTokens } from '../token-name-search';

// Homonyms described for one name.
const MAX_HOMONYMS = 3;
/** How the answer says it may be incomplete (the eval reads answers without what follows it). */
export const INCOMPLETE_HEAD = 'This may be incomplete:';
// Why a list of stored facts may be incomplete.
export const MORE_RELATIONSHIPS = 'it has more relationships than were read';

/** The request for the rest of an entity's relationships (one key, asked and checked the same way). */
function moreRelationshipsRequest(id: EntityId): InfoRequest {
  return { capabilityId: CAPABILITY.GET_RELATIONSHIPS, parameters: { entityIds: [id], direction: 'both' } };
}

export type Resolution = { readonly ids: EntityId[]; readonly exact: boolean } | NeedsMoreInfo | 'missing';

export function isNeeds<T extends object>(r: T | NeedsMoreInfo | 'missing' | undefined): r is NeedsMoreInfo {
  return typeof r === 'object' && 'type' in r && r.type === 'needs_more_info';
}

/**
 * Answers read beyond the stored facts: the readings given with the facts, and why the
 * facts may be incomplete when the pages hint at more than could be read surely.
 */
export interface AlsoRead {
  readonly reads: readonly ReadAnswer[];
  readonly incomplete?: string;
}

/** One answerer turn over one context. */
/** How a turn reads stored sentences: the capture's relation stage, and the answer readers switched off. */
export interface SentenceReading {
  readonly relationReader?: SentenceRelationReader;
  readonly readersOff: ReadonlySet<string>;
}

export class Turn {
  constructor(
    readonly input: AnswerInput,
    readonly readSentences: boolean,
    readonly reading: SentenceReading = { readersOff: new Set() },
  ) {}

  get ctx() {
    return this.input.context;
  }

  /** A request, if the capability is offered, valid, and was not run before. */
  ask(reason: string, requests: readonly InfoRequest[]): NeedsMoreInfo | undefined {
    if (this.input.forceAnswer) return undefined;
    const fresh = requests.filter((r) => {
      const cap = getCapabilityById(this.input.capabilities, r.capabilityId);
      return validateInfoRequest(r, cap).valid && !this.ctx.wasFulfilled(requestKey(r));
    });
    return fresh.length > 0 ? { type: 'needs_more_info', reason, requests: fresh } : undefined;
  }

  /** An answer from plain text, or from blocks (paragraphs and lists) whose text becomes the content. */
  answer(
    body: string | readonly AnswerBlock[],
    confidence: Confidence,
    sourceIds: readonly EntityId[],
    followUps: readonly string[],
    claims: readonly AnswerClaim[] = [],
  ): Answer {
    const sources = [...new Set(sourceIds)].flatMap((id) => {
      const s = this.ctx.getSummary(id);
      return s ? [{ entityId: id, name: s.name, type: s.type, pages: [] }] : [];
    });
    const structure = typeof body === 'string' ? {} : { blocks: body };
    const content = typeof body === 'string' ? body : blocksText(body);
    return {
      type: 'answer',
      content,
      ...structure,
      confidence,
      sources,
      ...(claims.length > 0 ? { claims } : {}),
      suggestedFollowUps: followUps.slice(0, 3),
    };
  }

  /**
   * An answer giving values: the stored facts (`factText` says them), then what the pages
   * also state beyond them (quoted), then, when both are given, every value with its count.
   * High confidence only when every value is a stored fact, the names were matched exactly
   * and nothing suggests there is more (`incomplete`, said in the answer); medium otherwise.
   */
  valuesAnswer(input: {
    readonly factText: string;
    readonly facts: readonly AnswerValue[];
    readonly also: AlsoRead;
    readonly exact: boolean;
    readonly noun?: string;
    readonly incomplete?: string;
    readonly sourceIds: readonly EntityId[];
    readonly followUps: readonly string[];
  }): Answer {
    const { facts, also } = input;
    const values = uniqueValues([...facts, ...also.reads.map(readValue)]);
    const read = values.length > facts.length;
    const incomplete = input.incomplete ?? also.incomplete;
    const text = [
      input.factText,
      ...(also.reads.length > 0 ? [alsoReadText(also.reads)] : []),
      ...(read && values.length > 1 ? [`In all, ${counted(values, input.noun)}: ${listAll(values.map((v) => v.name))}.`] : []),
      ...(incomplete === undefined ? [] : [`${INCOMPLETE_HEAD} ${incomplete}.`]),
    ].join(' ');
    const confidence: Confidence = input.exact && allFacts(values) && incomplete === undefined ? 'high' : 'medium';
    return this.answer(
      text,
      confidence,
      [...input.sourceIds, ...values.flatMap((v) => (v.id === undefined ? [] : [v.id]))],
      input.followUps,
      claimsOf(values),
    );
  }

  name(id: EntityId): string {
    return this.ctx.getSummary(id)?.name ?? id;
  }

  /** Finds the entity a slot names: exact name or alias first, then by looking it up, then partial matches. */
  resolve(slotText: string): Resolution {
    const key = nameKey(slotText);
    const slotWords = new Set(queryTokens(slotText));
    const exact: EntityId[] = [];
    const partial: EntityId[] = [];
    const lookedUp = this.ctx.getLookup(slotText) ?? [];
    for (const id of [...lookedUp, ...this.ctx.allEntityIds]) {
      if (exact.includes(id) || partial.includes(id)) continue;
      const s = this.ctx.getSummary(id);
      if (!s) continue;
      const aliases = this.ctx.getFull(id)?.entity.aliases ?? [];
      if (key.length > 0 && (nameKey(s.name) === key || aliases.some((a) => nameKey(a) === key))) exact.push(id);
      else if (slotWords.size > 0 && nameCoverage(s.name, slotWords) === 1) partial.push(id);
    }
    if (exact.length > 0) return { ids: exact.slice(0, MAX_HOMONYMS), exact: true };
    const lookup = this.ask(`find "${slotText}" in the graph`, [
      { capabilityId: CAPABILITY.GET_ENTITY_BY_NAME, parameters: { name: slotText } },
    ]);
    if (lookup) return lookup;
    const first = partial[0];
    if (first) return { ids: [first], exact: false };
    const near = this.nearest(slotText, lookedUp);
    return near.length > 0 ? { ids: near, exact: false } : 'missing';
  }

  /**
   * The looked-up entities whose name or alias is close enough to the slot to be what the
   * user typed ("hackerank" → HackerRank), scored as the search box scores them, with the
   * same floor; homonyms of the best one come along.
   */
  nearest(slotText: string, lookedUp: readonly EntityId[]): EntityId[] {
    const scored = lookedUp.flatMap((id) => {
      const s = this.ctx.getSummary(id);
      if (!s) return [];
      const aliases = this.ctx.getFull(id)?.entity.aliases ?? [];
      const score = Math.max(nameMatchScore(slotText, s.name), ...aliases.map((a) => nameMatchScore(slotText, a)));
      return score >= RELEVANT_SCORE ? [{ id, key: nameKey(s.name), score }] : [];
    });
    const best = scored.reduce<(typeof scored)[number] | undefined>(
      (top, s) => (top === undefined || s.score > top.score ? s : top),
      undefined,
    );
    if (best === undefined) return [];
    return scored
      .filter((s) => s.key === best.key)
      .map((s) => s.id)
      .slice(0, MAX_HOMONYMS);
  }

  expand(ids: readonly EntityId[]): NeedsMoreInfo | undefined {
    const todo = ids.filter((id) => !this.ctx.isExpanded(id) && this.ctx.expandableEntityIds.includes(id));
    const first = todo[0];
    if (!first) return undefined;
    return this.ask(
      `load ${todo.map((id) => this.name(id)).join(', ')} in full`,
      todo.length === 1
        ? [{ capabilityId: CAPABILITY.EXPAND_ENTITY, parameters: { entityId: first } }]
        : [{ capabilityId: CAPABILITY.EXPAND_ENTITIES, parameters: { entityIds: todo.slice(0, 5) } }],
    );
  }

  /** Asks for the rest of an entity's relationships when the expansion was cut. */
  moreRelationships(id: EntityId): NeedsMoreInfo | undefined {
    if (!this.ctx.getFull(id)?.relationshipsTruncated) return undefined;
    return this.ask(`load more relationships of ${this.name(id)}`, [moreRelationshipsRequest(id)]);
  }

  relsOf(id: EntityId): RelationshipView[] {
    return this.ctx.relationships.filter((r) => r.from === id || r.to === id);
  }

  /** True when `id` has more relationships than the context read: the rest were not asked for, or fill what was asked. */
  truncatedRelationships(id: EntityId): boolean {
    if (this.ctx.getFull(id)?.relationshipsTruncated !== true) return false;
    return !this.ctx.wasFulfilled(requestKey(moreRelationshipsRequest(id))) || this.relsOf(id).length >= RELATIONSHIPS_PER_ENTITY;
  }
}
