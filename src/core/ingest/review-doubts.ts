/**
 * Doubts ingestion queues for review beside the resolver's own: after a page's entities
 * are written, two cases the resolver keeps apart on purpose, but a person should look at:
 *
 *   - a type clash: another entity has the same name with another type ("HackerRank" the
 *     company and "HackerRank" the person);
 *   - a part name: a one-word person name on the page is the first name or the surname of
 *     a person the same page names in full ("Bob" or "Dylan" beside "Bob Dylan").
 *
 * Each doubt is one pending review item: the weaker entity (the one seen less often; the
 * part name) to fold into the other, or to keep apart. A pair already reviewed, in any
 * state, is not queued again. Reads are bounded (reviews scanned, entities per name).
 *
 * @example
 *   queued += (await queueReviewDoubts(deps, page, pageEntityIds)).length;
 */
import type { Clock, EntityId, IdSource } from '../graph/ids';
import { nameIndexKey } from '../graph/keys';
import type { GraphStore } from '../graph/store';
import type { Entity, ReviewItem } from '../graph/types';
import { nameKey } from '../text/normalize';

/** Reviews of each status read to know which pairs were reviewed already. */
const REVIEW_SCAN = 500;
/** Entities read per name for a type clash: homonyms beyond these are rare and already in doubt. */
const SAME_NAME = 6;
/** Candidates offered on one item (a surname beside several people of that family). */
const MAX_CANDIDATES = 5;
/** Words of a full name a part name can belong to. */
const MAX_FULL_NAME_WORDS = 4;

export interface ReviewDoubtDeps {
  readonly store: GraphStore;
  readonly ids: IdSource;
  readonly clock: Clock;
}

interface Doubt {
  readonly weak: Entity;
  readonly strong: readonly Entity[];
  readonly reason: string;
}

function pairKey(a: EntityId, b: EntityId): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

async function reviewedPairs(store: GraphStore): Promise<Set<string>> {
  const pairs = new Set<string>();
  for (const status of ['pending', 'accepted', 'rejected'] as const) {
    for (const r of await store.listReviews(status, REVIEW_SCAN)) {
      if (r.provisionalId === undefined) continue;
      for (const c of r.candidates) pairs.add(pairKey(r.provisionalId, c.id));
    }
  }
  return pairs;
}

/** Same name, another type: the one seen less often is the doubt (ties: the newer). */
async function typeClashes(store: GraphStore, entities: readonly Entity[]): Promise<Doubt[]> {
  const out: Doubt[] = [];
  for (const e of entities) {
    const key = nameKey(e.name);
    const others = (await store.findEntitiesByKeys([nameIndexKey(e.name)], SAME_NAME)).filter(
      (o) => o.id !== e.id && o.type !== e.type && nameKey(o.name) === key,
    );
    for (const o of others) {
      const [weak, strong] = o.mentionCount < e.mentionCount || (o.mentionCount === e.mentionCount && o.id > e.id) ? [o, e] : [e, o];
      out.push({
        weak,
        strong: [strong],
        reason: `“${strong.name}” is stored both as ${article(strong.type)} ${strong.type} and as ${article(weak.type)} ${weak.type}: the same thing typed two ways, or two things with one name?`,
      });
    }
  }
  return out;
}

/** A one-word person name that begins or ends a full name of the same page. */
function partNames(entities: readonly Entity[]): Doubt[] {
  const people = entities.filter((e) => e.type === 'person');
  const words = people.map((p) => ({ p, words: nameKey(p.name).split(' ') }));
  const full = words.filter((w) => w.words.length >= 2 && w.words.length <= MAX_FULL_NAME_WORDS);
  return words.flatMap(({ p, words: [word, ...rest] }) => {
    if (word === undefined || rest.length > 0) return [];
    const strong = full
      .filter((f) => f.words[0] === word || f.words.at(-1) === word)
      .map((f) => f.p)
      .slice(0, MAX_CANDIDATES);
    if (strong.length === 0) return [];
    const names = strong.map((s) => `“${s.name}”`).join(' or ');
    return [{ weak: p, strong, reason: `“${p.name}” and ${names} are named on the same page: the same person, or someone else?` }];
  });
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}

/**
 * Queues the page's doubts (see the module comment) and returns the items written.
 * Call it inside the capture's transaction, after the page's entities are written.
 */
export async function queueReviewDoubts(
  deps: ReviewDoubtDeps,
  page: { readonly url: string; readonly title: string },
  entityIds: readonly EntityId[],
): Promise<ReviewItem[]> {
  const entities = await deps.store.getEntities([...new Set(entityIds)]);
  const doubts = [...(await typeClashes(deps.store, entities)), ...partNames(entities)];
  if (doubts.length === 0) return [];
  const reviewed = await reviewedPairs(deps.store);
  const items: ReviewItem[] = [];
  for (const d of doubts) {
    const strong = d.strong.filter((s) => !reviewed.has(pairKey(d.weak.id, s.id)));
    if (strong.length === 0) continue;
    for (const s of strong) reviewed.add(pairKey(d.weak.id, s.id));
    const snippet = (await deps.store.evidenceOfEntity(d.weak.id, REVIEW_SCAN)).find((ev) => ev.pageUrl === page.url)?.snippet ?? '';
    const item: ReviewItem = {
      id: deps.ids.review(),
      createdAt: deps.clock.now(),
      status: 'pending',
      mention: { name: d.weak.name, type: d.weak.type, pageUrl: page.url, pageTitle: page.title, snippet },
      provisionalId: d.weak.id,
      // A doubt, not a score: the resolver's confidence is not known here.
      candidates: strong.map((s) => ({ id: s.id, label: s.name, type: s.type, confidence: 0.5 })),
      reason: d.reason,
    };
    await deps.store.putReview(item);
    items.push(item);
  }
  return items;
}
