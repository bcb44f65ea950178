/**
 * After a page is ingested, the type of each entity it names is decided again from all
 * that is known (`src/core/graph/type-evidence.ts`): one vote per page that named it (this
 * page's included), the role votes of its relationships, and a bonus for the type it has.
 * A later page can so correct an earlier page's type; the change is written with
 * `retypeByEvidence`, which records it as evidence of this page. The user's type
 * (`typeSetByUser`) is never reconsidered.
 *
 * Reads are bounded: at most `MAX_TYPE_EVIDENCE` evidence rows and `MAX_ROLE_RELATIONSHIPS`
 * relationships per entity, and an entity this page created has no other page to read.
 *
 * @example
 *   const changed = await decideTypes(graph, store, votes, { pageUrl, pageTitle, capturedAt }, known, deadline, clock);
 */
import type { Clock, EntityId } from '../graph/ids';
import type { GraphService } from '../graph/service';
import type { GraphStore } from '../graph/store';
import type { TypeVote } from '../graph/type-evidence';
import {
  decideType,
  describeTally,
  MAX_ROLE_RELATIONSHIPS,
  MAX_TYPE_EVIDENCE,
  pageVotes,
  roleVotes,
  tallyTypes,
  voteWeight,
} from '../graph/type-evidence';

/** What this page said of one entity it names. */
export interface PageTypeVote {
  readonly id: EntityId;
  readonly vote: TypeVote;
  /** The sentence of the mention, for the change record. */
  readonly snippet: string;
  /** The entity was created by this ingestion: no other page has voted yet. */
  readonly created: boolean;
}

export interface PageSource {
  readonly pageUrl: string;
  readonly pageTitle: string;
  readonly capturedAt: number;
}

/** Key of the vote of an entity that no page typed (added by hand or imported). */
const UNSOURCED = '';

/**
 * Decides the type of each entity of `votes` and retypes those whose evidence points
 * elsewhere. `known` holds the entities this page listed before this ingestion (a re-capture,
 * a re-reading): their type came from this page, not from a person. Returns how many changed.
 */
export async function decideTypes(
  graph: GraphService,
  store: GraphStore,
  votes: readonly PageTypeVote[],
  source: PageSource,
  known: ReadonlySet<EntityId>,
  deadline: number,
  clock: Clock,
): Promise<number> {
  // Two names of this page may have joined one entity: the page's vote is the weightier.
  const byEntity = new Map<EntityId, PageTypeVote>();
  for (const v of votes) {
    const seen = byEntity.get(v.id);
    if (seen === undefined || voteWeight(v.vote) > voteWeight(seen.vote))
      byEntity.set(v.id, { ...v, created: v.created || seen?.created === true });
  }
  let changed = 0;
  for (const v of byEntity.values()) {
    // Past the budget the types stay as they are: the next page naming them decides again.
    if (clock.now() > deadline) break;
    const entity = await store.getEntity(v.id);
    if (entity === undefined || entity.typeSetByUser === true) continue;
    const evidence = v.created ? [] : await store.evidenceOfEntity(v.id, MAX_TYPE_EVIDENCE);
    const pages = pageVotes(evidence, entity.type);
    pages.set(source.pageUrl, v.vote);
    // An entity no other page typed and this page did not list before was typed by a person
    // (entity_add) or an import: that counts as one page's word for its type.
    if (!v.created && !known.has(v.id) && pages.size === 1) pages.set(UNSOURCED, { type: entity.type, source: 'text' });
    const roles = roleVotes(v.id, await store.relationshipsOf(v.id, 'both', MAX_ROLE_RELATIONSHIPS));
    const tally = tallyTypes(entity.type, pages.values(), roles);
    const type = decideType(entity.type, tally);
    if (type === entity.type) continue;
    await graph.retypeByEvidence(v.id, type, { ...source, snippet: v.snippet, detail: describeTally(tally) });
    changed++;
  }
  return changed;
}
