/**
 * Doubts ingestion queues for review beside the resolver's own: after a page's entities
 * are written, two cases the resolver keeps apart on purpose, but a person should look at:
 *
 *   - a type clash: another entity has the same name with another type ("HackerRank" the
 *     company and "HackerRank" the person);
 *   - a part name: a one-word person name on the page is the first name or the surname of
 *     a person the same page names in full ("Bob" or "Dylan" beside "Bob Dylan");
 *   - another form of a name (`src/core/resolve/name-forms.ts`): an acronym beside its
 *     expansion, or a short form beside the full form, the one on this page and the other
 *     on it or on a recent page of the same site ("QLN" beside "Quillon Labs Network").
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
import { siteOf } from '../graph/service';
import { looksLikeAcronym, proposedForm } from '../resolve/name-forms';
import { nameKey } from '../text/normalize';

/** Reviews of each status read to know which pairs were reviewed already. */
const REVIEW_SCAN = 500;
/** Entities read per name for a type clash: homonyms beyond these are rare and already in doubt. */
const SAME_NAME = 6;
/** Candidates offered on one item (a surname beside several people of that family). */
const MAX_CANDIDATES = 5;
/** Words of a full name a part name can belong to. */
const MAX_FULL_NAME_WORDS = 4;
/** Recent pages of the same site whose entities a name form is looked for among: the site's current reading, bounded. */
const SITE_PAGES = 10;
/** Entities of those pages considered at most (pages list many; the first ones are the most mentioned). */
const MAX_SITE_ENTITIES = 1_000;
/** Types a name form may join (`proposedForm` decides per pair): places' short forms are other places ("York"). */
const NAME_FORM_TYPES = new Set<Entity['type']>(['company', 'product', 'technology', 'other', 'person']);

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

/** The first and last name-key words of a name (where a short form of it must sit), and the initials of its first two words (where an acronym must start). */
function anchors(e: Entity): string[] {
  const words = nameKey(e.name).split(' ');
  return [`w:${words[0] ?? ''}`, `w:${words.at(-1) ?? ''}`, `i:${words[0]?.[0] ?? ''}`, `i:${words[1]?.[0] ?? ''}`];
}

/**
 * Acronyms and short forms beside their full names (see the module comment): each pair
 * has at least one entity of this page; the short one is the doubt. Longer names are
 * indexed by their first and last words and initials, so each short name is compared
 * with the few that could match, not with all.
 */
function nameForms(page: readonly Entity[], site: readonly Entity[]): Doubt[] {
  const onPage = new Set(page.map((e) => e.id));
  const all = [...page, ...site.filter((e) => !onPage.has(e.id))].filter((e) => NAME_FORM_TYPES.has(e.type));
  const index = new Map<string, Entity[]>();
  for (const e of all) {
    if (nameKey(e.name).split(' ').length < 2) continue;
    for (const key of new Set(anchors(e))) index.set(key, [...(index.get(key) ?? []), e]);
  }
  const out: Doubt[] = [];
  for (const short of all) {
    const words = nameKey(short.name).split(' ');
    const keys = looksLikeAcronym(short.name) ? [`i:${words[0]?.[0] ?? ''}`] : [`w:${words[0] ?? ''}`, `w:${words.at(-1) ?? ''}`];
    const seen = new Set<string>();
    const strong: Entity[] = [];
    let kind: string | undefined;
    for (const long of keys.flatMap((k) => index.get(k) ?? [])) {
      if (seen.has(long.id) || long.id === short.id || (!onPage.has(short.id) && !onPage.has(long.id))) continue;
      seen.add(long.id);
      const form = proposedForm(short, long);
      if (form === undefined) continue;
      kind ??= form;
      if (strong.length < MAX_CANDIDATES) strong.push(long);
    }
    if (strong.length === 0) continue;
    const names = strong.map((s) => `“${s.name}”`).join(' or ');
    const what = kind === 'acronym' ? 'the acronym of' : 'a short form of';
    out.push({
      weak: short,
      strong,
      reason: `“${short.name}” may be ${what} ${names}, named on the same page or site: one thing, or two?`,
    });
  }
  return out;
}

/** Entities of the site's recent pages (before this capture's page record is written). */
async function siteEntities(store: GraphStore, url: string): Promise<Entity[]> {
  const site = siteOf(url);
  if (site.length === 0) return [];
  const ids = new Set<EntityId>();
  for (const p of await store.listPages({ limit: SITE_PAGES, site })) {
    for (const id of p.entityIds) {
      if (ids.size >= MAX_SITE_ENTITIES) break;
      ids.add(id);
    }
  }
  return store.getEntities([...ids]);
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
  const doubts = [
    ...(await typeClashes(deps.store, entities)),
    ...partNames(entities),
    ...nameForms(entities, await siteEntities(deps.store, page.url)),
  ];
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
