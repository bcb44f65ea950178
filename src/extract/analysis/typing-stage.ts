/**
 * Stage 3, typing: each text-only group takes the best-supported type its mentions voted
 * for; a structured one-word "person" the text names as an organization is the company
 * signing its page.
 */
import type { EntityType } from '../../core/graph/types';
import type { Group } from './stage';

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
