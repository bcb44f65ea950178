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

/** Phase 3: each text-only group takes its best-supported type vote (ties: the first type by name). */
export function voteTypes(groups: readonly Group[]): void {
  for (const g of groups) {
    if (g.structured) {
      // Who signs the page and is no person is the organization publishing it, whatever its products are called.
      if (isOrganizationAuthor(g)) g.type = 'company';
      continue;
    }
    let best: EntityType = g.type;
    let bestVote = -1;
    for (const [t, v] of [...g.typeVotes].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      if (v > bestVote) {
        best = t;
        bestVote = v;
      }
    }
    g.type = best;
  }
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
  const sure = (g: Group) => g.structured || listed(g.name) || personShaped(g) || g.mentions.some((m) => m.score >= SURE_TYPE_SCORE);
  const ordered = groups.flatMap((g) => g.mentions.filter((m) => mentionGroup.get(m) === g)).sort((a, b) => a.start - b.start);
  const retype = new Map<Group, EntityType>();
  let run: Mention[] = [];
  const close = () => {
    if (run.length >= MIN_LIST_ITEMS) {
      const items = [...new Set(run.map((m) => mentionGroup.get(m)).filter((g): g is Group => g !== undefined))];
      for (const g of items) {
        if (sure(g)) continue;
        const weights = new Map<EntityType, number>();
        let total = 0;
        const agreeing = new Map<EntityType, number>();
        for (const o of items) {
          if (o === g) continue;
          const w = sure(o) ? 1 : 0.5;
          const c = typeClass(o.type);
          weights.set(c, (weights.get(c) ?? 0) + w);
          agreeing.set(c, (agreeing.get(c) ?? 0) + 1);
          total += w;
        }
        const [best, weight] = [...weights].sort((a, b) => b[1] - a[1])[0] ?? [g.type, 0];
        if (typeClass(g.type) === best || weight < LIST_MAJORITY * total || (agreeing.get(best) ?? 0) < 2) continue;
        // The list's kind, in the form its items use most (technology or product).
        const forms = items.filter((o) => o !== g && typeClass(o.type) === best).map((o) => o.type);
        const form = forms.filter((t) => t === 'product').length > forms.length / 2 ? 'product' : best;
        retype.set(g, form);
      }
    }
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
