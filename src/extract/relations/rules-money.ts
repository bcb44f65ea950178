/**
 * The trigger rules between two organizations' dealings (`rules.ts` asks these): one
 * buys another ("Stripe acquired Paystack", not "a stake in Fabrikam"), owns it
 * ("Amazon-owned Whole Foods", "TikTok's parent company ByteDance"), invests in it
 * ("Khosla invested in Acme", "Acme raised $3M from Khosla"), competes with it, partners
 * with it, or is its customer. Token lookups only: the tokens are `tokenize`'s, lower-cased.
 */
import type { Span, Token } from './features';
import { decide, isPossessive, ROLE_AFTER, type RuleDecision } from './rules-shared';
import { hasStem } from '../../core/text/word-stems';
import { BREAKS, hedged } from './triggers';
import {
  ACQUIRE_PREFIXES,
  ACQUIRE_WORDS as ACQUIRE_VOCABULARY,
  COMPETE_PREFIXES,
  COMPETE_WORDS as COMPETE_VOCABULARY,
  CUSTOMER_WORDS as CUSTOMER_VOCABULARY,
  FUND_WORDS as FUND_VOCABULARY,
  PARTNER_PREFIXES,
} from '../../core/text/relation-vocabulary';

/** Tokens after the second name read for "X and Y are working together". */
const TRAILING = 4;
export const ACQUIRE = ACQUIRE_PREFIXES;
export const ACQUIRE_WORDS = new Set(ACQUIRE_VOCABULARY);
export const COMPETE = COMPETE_PREFIXES;
export const COMPETE_WORDS = new Set(COMPETE_VOCABULARY);
export const FUND_WORDS = new Set(FUND_VOCABULARY);
/** With these, the money goes from the second name to the first ("Acme raised $3M from Khosla"). */
const RAISED_FROM = new Set(['raised', 'raises', 'raising', 'from', 'by', 'investors', 'investor', 'including']);
/** Verbs of selling: the stake or shares they name leave the investor. */
const SELL_WORDS = new Set(['sold', 'sells', 'sell', 'selling', 'divested', 'divests', 'offloaded']);
/** A first name that leads or joins a round is an investor, never its target. */
export const ROUND_LEADS = new Set(['led', 'leads', 'co', 'participated', 'joined', 'joins']);
/** Money taken from someone without a funding word: "it got $3 million from Northwind" (a verb, an amount, "from"). */
const MONEY_TAKEN = new Set(['got', 'gets', 'secured', 'secures', 'received', 'receives', 'landed']);
const AMOUNT_WORDS = new Set(['$', '€', '£', 'million', 'billion']);
const PARTNER = [...PARTNER_PREFIXES, 'teamed', 'alliance'];

/** A partnership verb or noun; "partner(s)" only as "partners with" ("the firm's five partners" are people). */
export function partnering(words: readonly string[]): boolean {
  return words.some((w, i) => hasStem(w, PARTNER) || ((w === 'partner' || w === 'partners') && words[i + 1] === 'with'));
}
export const CUSTOMER_WORDS = new Set(CUSTOMER_VOCABULARY);

/** Tokens at most between a sentence's opening organization and "competitors Google" later in the same clause. */
export const MAX_RIVAL_GAP = 20;
const RIVAL_TITLES = new Set(['competitor', 'competitors', 'rival', 'rivals']);

/**
 * "Contoso's plan … is unlike those of rivals Fabrikam and Tailspin": the
 * organization that opens the sentence and one titled its rival, with no other
 * organization, no break and no hedge between.
 */
export function rivalTitled(tokens: readonly Token[], a: Span, b: Span): boolean {
  if (a.type !== 'org' || b.type !== 'org' || a.start !== 0 || !RIVAL_TITLES.has(tokens[b.start - 1]?.text ?? '')) return false;
  const between = tokens.slice(a.end, b.start).map((t) => t.text);
  return !hedged(between) && !between.some((w) => BREAKS.has(w) || w === ',' || w === '.');
}

/** Words after a buying verb that make its object a part of the second name ("a stake in", "the assets of", "20% of"). */
const PART_WORDS = new Set(['of', 'in', 'stake', '%']);

/**
 * What was bought is a part of `b`, not `b`: a part word after the buying verb ("acquired a stake in Fabrikam"), `b`'s
 * possessive after it ("bought Fabrikam's chip unit"), or the first name's before it ("Acme's unit was bought by …").
 */
export function partBought(tokens: readonly Token[], between: readonly string[], b: Span): boolean {
  if (between.at(-1) === 'by' || between.at(-2) === 'by') return between[0] === "'" && between[1] === 's';
  const buying = between.findIndex((w) => hasStem(w, ACQUIRE) || ACQUIRE_WORDS.has(w));
  // Not the noun's own "of" ("Acme's acquisition of Fabrikam").
  return buying >= 0 && (between.slice(buying + 2).some((w) => PART_WORDS.has(w)) || isPossessive(tokens, b.end));
}

/** "got $3 million from": a verb of taking, an amount and "from" (the money's giver follows). */
export function moneyTaken(between: readonly string[]): boolean {
  return between.some((w) => MONEY_TAKEN.has(w)) && between.some((w) => AMOUNT_WORDS.has(w)) && between.includes('from');
}

/**
 * Ownership stated right between the names: "Amazon-owned Whole Foods", "Facebook owns
 * Instagram" (the second is the first's), "TikTok's parent company ByteDance" (the first
 * is the second's). The owner is an organization; what it owns an organization or a thing.
 */
export function ownedBy(between: readonly string[], a: Span, b: Span): RuleDecision[] {
  const phrase = between.join(' ');
  if (a.type === 'org' && (phrase === '- owned' || phrase === 'owns' || phrase === 'also owns')) return [decide('subsidiary_of', false)];
  if (b.type === 'org' && between[0] === "'" && between[1] === 's' && between.length <= 5 && between.includes('parent'))
    return [decide('subsidiary_of', true)];
  return [];
}

/** "ByteDance, TikTok's Chinese parent company": the second name belongs to the first. */
export function parentAfter(tokens: readonly Token[], a: Span, b: Span): RuleDecision[] {
  if (a.type !== 'org' || b.type === 'per' || b.type === 'loc') return [];
  const after = tokens.slice(b.end, b.end + ROLE_AFTER + 2).map((t) => t.text);
  if (after[0] !== "'" || after[1] !== 's' || !after.slice(2).includes('parent')) return [];
  return [decide('subsidiary_of', false)];
}

/** "Khosla invested in Acme" (first → second) or "Acme raised $3M from Khosla" (second → first). */
export function invest(between: readonly string[], a: Span, b: Span): RuleDecision[] {
  // "Norwest led the round with … investors including Alloy": both invested, in someone else.
  if (ROUND_LEADS.has(between[0] ?? '')) return [];
  // "Quinn sold her whole stake in Fabrikam": a stake sold is no investment.
  if (between.some((w) => SELL_WORDS.has(w))) return [];
  const reversed = between.some((w) => RAISED_FROM.has(w));
  const investor = reversed ? b : a;
  const target = reversed ? a : b;
  if (target.type !== 'org' || (investor.type !== 'org' && investor.type !== 'per')) return [];
  return [decide('invested_in', !reversed)];
}

/** Tokens at most between the noun "partners" and the organization whose partners they are ("partners providing courses on"). */
const MAX_PARTNERS_LEAD = 6;
const INCLUDE = new Set(['include', 'includes', 'including']);
const PARTNERS_OF = new Set(['on', 'of', 'with', 'at', 'for']);

/**
 * "Acme's partners include Contoso", "industry partners providing courses on Acme include
 * Contoso": "include(s)" alone between the names, and the noun "partners" the first's
 * (its possessive) or right before it through a preposition, in one clause.
 */
export function partnersInclude(tokens: readonly Token[], between: readonly string[], a: Span): boolean {
  const verb = between.at(-1) === 'the' ? between.at(-2) : between.at(-1);
  if (!INCLUDE.has(verb ?? '')) return false;
  const head = between.slice(0, between.lastIndexOf(verb ?? '')).filter((w) => w !== ',');
  if (head.length > 0) return head.join(' ') === "' s partners";
  if (!PARTNERS_OF.has(tokens[a.start - 1]?.text ?? '')) return false;
  for (let i = a.start - 2; i >= Math.max(0, a.start - 1 - MAX_PARTNERS_LEAD); i--) {
    const w = tokens[i]?.text ?? '';
    if (w === 'partners') return true;
    if (BREAKS.has(w) || w === ',' || !/^\p{Ll}+$/u.test(w)) return false;
  }
  return false;
}

/** "Contoso and Tailspin are teaming up", "Acme and Contoso compete": a verb after both names. */
export function trailing(tokens: readonly Token[], a: Span, b: Span, others: readonly Span[]): RuleDecision[] {
  if (a.type !== 'org' || b.type !== 'org') return [];
  // The words of the next name are not a verb ("…, Northwind Capital, Harbor Ventures").
  const stop = Math.min(b.end + TRAILING, ...others.filter((o) => o.start >= b.end).map((o) => o.start));
  const after = tokens.slice(b.end, stop).map((t) => t.text);
  if (hedged(after)) return [];
  if (partnering(after) || after.includes('together')) return [decide('partners_with', true)];
  if (after.some((w) => hasStem(w, COMPETE))) return [decide('competes_with', true)];
  return [];
}
