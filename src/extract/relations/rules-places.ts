/**
 * The trigger rules for where a name is (`rules.ts` asks these): an organization's seat
 * ("Contoso's headquarters in Lakemont", "Fabrikam Trust, an Oslo-based charity
 * group") and a place inside another ("the Bardo National Museum in Tunis", "in Bushwick,
 * Brooklyn"), not a list of places. The words around a name are read by `places.ts`.
 */
import type { Span, Token } from './features';
import { seatPhrase } from './noun-phrases';
import { seatAfter } from './places';
import { decide, type RuleDecision } from './rules-shared';
import { seatApposition } from './rules-seats';

/**
 * An organization and a place: "Contoso's headquarters in Lakemont" (a possessive, a
 * seat noun, "in"), "Fabrikam Trust, an Oslo-based charity" (an apposition
 * whose place is glued to "-based").
 */
export function placeDecisions(tokens: readonly Token[], between: readonly string[], a: Span, b: Span): RuleDecision[] {
  if (seatPhrase(between) || seatAfter(tokens, between, a, b) || basedApposition(tokens, between, b) || seatApposition(tokens, a, b))
    return [decide('located_in', true)];
  return [];
}

/** ", a London-based …": an apposition whose place is glued to "-based". */
export function basedApposition(tokens: readonly Token[], between: readonly string[], b: Span): boolean {
  const phrase = between.join(' ');
  const based = tokens[b.end]?.text === '-' && tokens[b.end + 1]?.text === 'based';
  return based && (phrase === ', a' || phrase === ', an' || phrase === ', the');
}

/**
 * A list goes on after `b`: "in Paris and Rome", "in Paris, London and Rome" (a name after the comma, and another
 * separator after it); not "in Ivrea, Italy." (the place the first is in).
 */
export function listGoesOn(tokens: readonly Token[], b: Span, others: readonly Span[]): boolean {
  const next = tokens[b.end]?.text ?? '';
  if (next === 'and' || next === 'or') return true;
  const second = next === ',' ? others.find((o) => o.start === b.end + 1) : undefined;
  return second !== undefined && LIST_WORDS.has(tokens[second.end]?.text ?? '');
}

/** Words before a place that make "in Bushwick, Brooklyn" one place inside another, not a list. */
const PLACE_OPENERS = new Set(['in', 'at', 'near', 'outside', 'from', 'of', '(']);
/** Words after the second place that make "Paris, London and Rome" a list. */
const LIST_WORDS = new Set([',', 'and', 'or', '&']);

/**
 * A place inside another: "the Bardo National Museum in Tunis" ("in" alone between), "in
 * Bushwick, Brooklyn" (a comma between, after a preposition, and no list going on).
 */
export function placeInPlace(
  tokens: readonly Token[],
  between: readonly string[],
  a: Span,
  b: Span,
  others: readonly Span[],
): RuleDecision[] {
  // "in Paris, London and Rome", "Elm Square in Lakemont or Mill Lane in Eastvale": a list goes on, and
  // the names listed after would share the relation (`coordinatedAfter`); left alone.
  const next = tokens[b.end]?.text ?? '';
  if (between.length !== 1 || next === 'and' || next === 'or' || (LIST_WORDS.has(next) && others.some((o) => o.start > b.end))) return [];
  if (between[0] === 'in') return [decide('located_in', true)];
  // Not an opening phrase ("In Washington, White House officials said"): the comma closes it, the second name is another matter.
  if (between[0] !== ',' || a.start < 2 || !PLACE_OPENERS.has(tokens[a.start - 1]?.text ?? '')) return [];
  return [decide('located_in', true)];
}
