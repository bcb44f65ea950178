/**
 * Stage 3, typing: each text-only group takes the best-supported type its mentions voted
 * for; a structured one-word "person" the text names as an organization is the company
 * signing its page; an item of a written list whose type was only guessed takes the type
 * the list's other items agree on.
 */
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import type { Group } from './stage';
import { FIRST_NAMES } from '../rules/lexicon/cues';
import { isEverydayWord } from '../words/common-words';
import { titleType } from '../mentions/web-names';

/** Phase 3: each text-only group takes its best-supported type vote (ties: the first type by name). */
export function voteTypes(groups: readonly Group[]): void {
  for (const g of groups) {
    if (g.structured) {
      // Who signs the page and is no person is the organization publishing it, whatever its products are called.
      if (isOrganizationAuthor(g)) g.type = 'company';
      continue;
    }
    g.type = topVote(g.typeVotes, g.type);
  }
}

/** Words that name a publication: a newspaper or magazine is set in italics too, and is a company. */
const PUBLICATION_WORD =
  /\b(?:Magazine|Times|Post|Journal|Review|News|Tribune|Gazette|Herald|Weekly|Daily|Monthly|Quarterly|Press|Chronicle|Observer|Telegraph|Independent|Economist|Company|Report|Digest|Bulletin|Letters|Science|Nature)\b|\.(?:com|org|net)$/u;

/** Words before a news organization: "according to", "told", "reported by", "writing in", "…, reports" (after a quote). */
const BEFORE_NEWS =
  /(?:according to|told|reported by|wrote in|writing in|published in|speaking to|in an interview with|, reports|, reported|, writes|, wrote)(?: the)? $/iu;
/** Occurrences of a name looked at for a news use. */
const MAX_NEWS_LOOKS = 50;
/** Words after a news organization: "… reported", "… reports that". */
const AFTER_NEWS =
  /^(?:'s? )?(?:first )?(?:reported|reports|reporting|wrote|writes|has learned|learned|published|revealed|broke the news)\b/u;

/**
 * True when the page uses `name` as a news organization somewhere ("according to The
 * Information", "Aftonbladet reported"): a newspaper is set in italics as a work is, and is a company.
 */
function reportsNews(text: string, name: string): boolean {
  let looked = 0;
  for (let at = text.indexOf(name); at >= 0 && looked < MAX_NEWS_LOOKS; at = text.indexOf(name, at + name.length), looked++) {
    if (BEFORE_NEWS.test(text.slice(Math.max(0, at - 40), at)) || AFTER_NEWS.test(text.slice(at + name.length + 1, at + name.length + 40)))
      return true;
  }
  return false;
}

/**
 * Names the page sets in italics as titles (rule family `italic-works`): a work (a film, a show,
 * a book, a song; "other"), or a product on a page about games. Names the lists know, names of
 * publications (a newspaper is italic too, and a company), a person by a first name and names
 * from structured data keep their type; a name the page quotes as news ("according to X",
 * "X reported") is a company.
 */
export function italicWorks(text: string, groups: readonly Group[], titles: ReadonlySet<string>, known: (name: string) => boolean): void {
  if (titles.size === 0) return;
  const type = titleType(text);
  for (const g of groups) {
    if (g.structured || ![g.name, ...g.aliases].some((n) => titles.has(n))) continue;
    if (known(g.name) || PUBLICATION_WORD.test(g.name)) continue;
    // A newspaper the page quotes is set in italics too: it is the company that publishes it.
    if (reportsNews(text, g.name)) {
      g.type = 'company';
      continue;
    }
    // A person by a first name in italics is a caption's or an emphasis, rarely a work named after them.
    if (g.type === 'person' && FIRST_NAMES.has(g.name.split(' ')[0] ?? '')) continue;
    g.type = type;
  }
}

/**
 * The type with the largest vote above `above` (ties: the first type by name), leaving out
 * `except`; `fallback` when none is.
 */
function topVote(
  votes: ReadonlyMap<EntityType, number>,
  fallback: EntityType,
  options: { readonly above?: number; readonly except?: EntityType } = {},
): EntityType {
  let best = fallback;
  let bestVote = options.above ?? -1;
  for (const [t, v] of [...votes].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (t !== options.except && v > bestVote) {
      best = t;
      bestVote = v;
    }
  }
  return best;
}

/** Summed confidence of the text's non-person mentions that outweighs a meta tag's "author" ("HackerRank", about two sure mentions). */
const AUTHOR_RETYPE_VOTE = 1.5;
/**
 * A one-word structured "person" (a meta tag's or JSON-LD's author) that the page's text
 * never calls a person but names as an organization or a product with confidence: a press
 * release or a company blog signed by the company ("HackerRank"): a company. A person's
 * byline has a first and a last name; a one-word one is a brand far more often.
 */
function isOrganizationAuthor(g: Group): boolean {
  if (g.type !== 'person' || g.typeVotes.has('person') || g.name.includes(' ')) return false;
  let other = 0;
  for (const v of g.typeVotes.values()) other += v;
  return other >= AUTHOR_RETYPE_VOTE;
}

/** A mention at least this sure was typed by a list, a cue or structured data: its type is evidence, not a guess. */
const SURE_TYPE_SCORE = 0.85;
/** What may sit between two items of one list: a comma, "and", "or", "&" (with an Oxford comma or not). */
const LIST_GLUE = /^(?:, |,? and |,? or |,? & )$/u;
/** Items a list needs before it says what its weak items are. */
const MIN_LIST_ITEMS = 3;
/** Share of the other items' weight the majority type needs. */
const LIST_MAJORITY = 2 / 3;

/** Technology and product blur (the gold accepts either); a list moves no item between them. */
function typeClass(t: EntityType): EntityType {
  return t === 'product' ? 'technology' : t;
}

/**
 * The items of one written list are things of one kind ("Acme, Globex, Initech and Hooli";
 * "Rust, Go or Zig"): an item whose type only the recognizer guessed (no structured data, no
 * listed name, no sure mention) takes the type the list's other items agree on, when at least
 * two of them and two thirds of their weight (sure items weigh 1, guessed ones ½) agree.
 * Technology and product count as one kind. Runs after `voteTypes`; `on('list-types')`.
 *
 * @example
 *   listTypes(text, groups, mentionGroup, (name) => known.has(name)); // "Hollis" in "Acme, Globex, Hollis and Initech" → company
 */
export function listTypes(
  text: string,
  groups: readonly Group[],
  mentionGroup: ReadonlyMap<Mention, Group>,
  listed: (name: string) => boolean,
): void {
  // A person's full name ("Rohan Iyer": a listed first name and more) is a person in any list (a speakers' list names firms too).
  const personShaped = (g: Group) => g.type === 'person' && g.name.includes(' ') && FIRST_NAMES.has(g.name.split(' ')[0] ?? '');
  const sureOf = new Map<Group, boolean>();
  const sure = (g: Group) => {
    let v = sureOf.get(g);
    if (v === undefined) {
      v = g.structured || listed(g.name) || personShaped(g) || g.mentions.some((m) => m.score >= SURE_TYPE_SCORE);
      sureOf.set(g, v);
    }
    return v;
  };
  const ordered = groups.flatMap((g) => g.mentions.filter((m) => mentionGroup.get(m) === g)).sort((a, b) => a.start - b.start);
  const retype = new Map<Group, EntityType>();
  let run: Mention[] = [];
  const close = () => {
    if (run.length >= MIN_LIST_ITEMS) typeListItems(run, mentionGroup, sure, retype);
    run = [];
  };
  for (const m of ordered) {
    const prev = run.at(-1);
    if (prev !== undefined && !(m.start > prev.end && LIST_GLUE.test(text.slice(prev.end, m.start)))) close();
    run.push(m);
  }
  close();
  for (const [g, t] of retype) g.type = t;
}

/** One kind's share of a list: its weight, its items, how many are products, where it first and next appears. */
interface KindTally {
  weight: number;
  items: number;
  products: number;
  first: number;
  second: number;
}

/**
 * `listTypes` for one list: each guessed item against the other items' tallies, which are the
 * list's tallies less the item's own share (one pass over the list, however long: a page of a
 * thousand names in one list costs a thousand steps, not a million). Ties between kinds go to
 * the kind the other items name first.
 */
function typeListItems(
  run: readonly Mention[],
  mentionGroup: ReadonlyMap<Mention, Group>,
  sure: (g: Group) => boolean,
  retype: Map<Group, EntityType>,
): void {
  const items = [...new Set(run.map((m) => mentionGroup.get(m)).filter((g): g is Group => g !== undefined))];
  const tallies = new Map<EntityType, KindTally>();
  let total = 0;
  items.forEach((o, at) => {
    const kind = typeClass(o.type);
    const w = sure(o) ? 1 : 0.5;
    const t = tallies.get(kind) ?? { weight: 0, items: 0, products: 0, first: at, second: Number.POSITIVE_INFINITY };
    if (t.items === 1) t.second = at;
    t.weight += w;
    t.items += 1;
    if (o.type === 'product') t.products += 1;
    tallies.set(kind, t);
    total += w;
  });
  items.forEach((g, at) => {
    if (sure(g)) return;
    const own = typeClass(g.type);
    let best: EntityType | undefined;
    let bestWeight = 0;
    let bestOrder = Number.POSITIVE_INFINITY;
    for (const [kind, t] of tallies) {
      const mine = kind === own;
      const items = t.items - (mine ? 1 : 0);
      if (items === 0) continue;
      const weight = t.weight - (mine ? 0.5 : 0);
      const order = mine && t.first === at ? t.second : t.first;
      if (weight > bestWeight || (weight === bestWeight && order < bestOrder)) {
        best = kind;
        bestWeight = weight;
        bestOrder = order;
      }
    }
    const t = best === undefined ? undefined : tallies.get(best);
    if (best === undefined || t === undefined || best === own || bestWeight < LIST_MAJORITY * (total - 0.5) || t.items < 2) return;
    // The list's kind, in the form its items use most (technology or product).
    retype.set(g, t.products > t.items / 2 ? 'product' : best);
  });
}

/**
 * A person's name has a first name or a word that is no everyday English word: "Secure
 * Boot", "Silver Garden" or "Quiet Hours" typed a person (two capitalized words and a guess)
 * is a feature, a work or a heading. Such a text-only group takes its best other type vote,
 * else `other`. A listed first name ("Will Carter", "Grace Park") keeps the person.
 * Runs after `voteTypes`; `on('phrase-persons')`.
 *
 * @example
 *   phrasePersons(groups); // "Quiet Hours" (person) → its next vote, or other
 */
export function phrasePersons(groups: readonly Group[]): void {
  for (const g of groups) {
    if (g.structured || g.type !== 'person') continue;
    const words = g.name.split(' ');
    if (words.length < 2 || FIRST_NAMES.has(words[0] ?? '')) continue;
    if (!words.every((w) => /^\p{Lu}\p{Ll}+$/u.test(w) && isEverydayWord(w.toLowerCase()))) continue;
    g.type = topVote(g.typeVotes, 'other', { above: 0, except: 'person' });
  }
}
