/**
 * Trigger-word rules for the labels Re-DocRED has no data for:
 * `ceo_of`, `works_for` by role words, `acquired`, `competes_with`, `invested_in`,
 * `partners_with`, `customer_of`. A rule reads the tokens between two names of one
 * sentence (a short window, no other person or organization between, no hedge or
 * reported speech between) and, for a few, the words right after the second name. Token
 * lookups only, linear in the sentence: no regular expression runs over page text.
 * The classifier (`extract.ts`) asks these first; a rule that fires decides the pair.
 * This module holds the entry points and the dispatch by the names' types; the decisions
 * live by family in `rules-people.ts`, `rules-titles.ts` (titles and appositions that
 * type a name, past roles), `rules-things.ts`, `rules-makers.ts`, `rules-money.ts`,
 * `rules-places.ts` and `rules-seats.ts`, over what they share in `rules-shared.ts`.
 */
import type { Span, Token } from './features';
import { isInstitution, unitOf } from './noun-phrases';
import { placesLeader, placesSpokesperson, seatAfter, sitedIn } from './places';
import {
  ACQUIRE,
  ACQUIRE_WORDS,
  FUND_WORDS,
  MAX_RIVAL_GAP,
  parentAfter,
  partBought,
  rivalTitled,
  ROUND_LEADS,
  trailing,
} from './rules-money';
import { hiredAs, JOB_TITLES, married, pastTitle, personDecisions, possessorOfNext, roleAfter, roleBefore } from './rules-people';
import { listGoesOn, placeInPlace } from './rules-places';
import { founderTitleBetween, jobAt, qualifiedApposition, subsidiaryOf } from './rules-titles';
import { officeBefore, officeOf } from './rules-seats';
import { makerAfter, makerOf } from './rules-makers';
import { decide, isPossessive, type RuleDecision } from './rules-shared';
import { hasStem } from '../../core/text/word-stems';
import {
  ARTICLES,
  makerVerb,
  openingUse,
  personMakes,
  personNamed,
  PRODUCT_NOUN_CONFIDENCE,
  productAfter,
  productApposition,
  thingDecisions,
} from './rules-things';
import { BREAKS, hedged } from './triggers';

export type { RuleDecision, RuleLabel } from './rules-shared';

/** Tokens between the names beyond which no rule reads them as related (one clause). */
const MAX_GAP = 12;
/** A person under an organization's possessive ("Contoso's Ada Quinn said"): mostly its employee, less sure than a title. */
const POSSESSED_PERSON_CONFIDENCE = 0.6;

/**
 * The rules that relate `a` and `b` (a before b in the sentence): none, or one label, or
 * two where one phrase states both ("CEO and co-founder of Tailspin").
 *
 * @example
 *   ruleDecisions(tokenize('Stripe acquired Paystack'), stripe, paystack, []) // [{ label: 'acquired', forward: true, confidence: 0.75 }]
 */
export function ruleDecisions(tokens: readonly Token[], a: Span, b: Span, others: readonly Span[]): RuleDecision[] {
  const gap = b.start - a.end;
  if (gap >= 0 && gap <= MAX_RIVAL_GAP && rivalTitled(tokens, a, b)) return [decide('competes_with', true)];
  if (gap < 0 || amountsAsOne(tokens, a.end, b.start, others) > MAX_GAP) return [];
  // "the Eastvale Design Institute (EDI) in Eastvale": a short bracket right after the first name (its acronym, a
  // ticker) is an aside; the words between are read after it, and a name inside it stands nowhere between.
  const aside = asideEnd(tokens, a, b);
  if (aside > a.end)
    return ruleDecisions(
      tokens,
      { ...a, end: aside },
      b,
      others.filter((o) => o.start < a.end || o.end > aside),
    );
  // "Acme hired former Contoso executive Ada Quinn as chief operating officer": the hiring verb governs whoever stands between.
  if (a.type === 'org' && b.type === 'per') {
    const hired = hiredAs(tokens, a, b);
    if (hired.length > 0) return hired;
  }
  // "Pegasystems (Waltham, Mass.)": a place in brackets right after the organization.
  if (a.type === 'org' && b.type === 'loc' && gap === 1 && tokens[a.end]?.text === '(' && seatAfter(tokens, ['('], a, b))
    return [decide('located_in', true)];
  // "Head of Data at Fabrikam", "a fellow at the Lind Center at Birch University": the unit does not stand between the person and the organization.
  const unit = (o: Span) => o.type === 'org' && unitOf(tokens, o, [...others, a, b]);
  // …and a unit that is no institution of its own ("Analytics", "AI") is no employer either; a center or institute is.
  if (a.type === 'per' && unit(b) && !isInstitution(tokens, b)) return [];
  // "co-director of MIT's Lorenz Center": the owner named by a possessive right before the organization is part of its name.
  const owner = (o: Span) => a.type === 'per' && b.type === 'org' && o.end + 2 === b.start && isPossessive(tokens, o.end);
  // "Tailspin Studios, a Contoso video channel network that was bought by …": a thing's name qualifying the noun of the first
  // name's apposition is no party of the clause.
  const modifier = (o: Span) =>
    o.type === 'misc' && o.start === a.end + 2 && tokens[a.end]?.text === ',' && ARTICLES.has(tokens[a.end + 1]?.text ?? '');
  // "Bo Lind, Vice President and Product Line Director at Fabrikam": a thing's name ending in a job title is the title.
  const title = (o: Span) => a.type === 'per' && o.type === 'misc' && JOB_TITLES.has(tokens[o.end - 1]?.text ?? '');
  // Another person or organization between: the pair is not the one the words speak of (places may stand between).
  const standsBetween = (o: Span) => o.type !== 'loc' && o.start >= a.end && o.end <= b.start;
  if (others.some((o) => standsBetween(o) && !unit(o) && !owner(o) && !modifier(o) && !title(o))) return [];
  // "charges at the Court against Sudan's president, Bashir": the role between is the place's, not the organization's.
  if (
    (a.type === 'per') !== (b.type === 'per') &&
    others.some((o) => o.start >= a.end && o.end <= b.start && isPossessive(tokens, o.end) && !owner(o))
  )
    return [];
  const between = tokens.slice(a.end, b.start).map((t) => t.text);
  // "Tailspin (a payments startup founded by Ada Quinn)": a bracket opened right after the first name and still
  // open is an apposition about it, not a break.
  const apposition = between[0] === '(' && !between.includes(')');
  if (hedged(between) || between.some((w, i) => BREAKS.has(w) && !(i === 0 && apposition))) return [];
  // "Kestrel (KL) is a subsidiary of Fabrikam": a part of the second, whatever type the first was given (a person is no subsidiary).
  if (b.type === 'org' && a.type !== 'loc' && subsidiaryOf(between)) return [decide('subsidiary_of', true)];
  // "Ada Quinn, a Contoso spokeswoman", "Kestrel, a Fabrikam unit": the second name qualifies the apposition's noun.
  const qualified = qualifiedApposition(tokens, a, b);
  if (qualified.length > 0) return qualified;
  // "Kestrel, developed by Contoso", "the Kestrel app from Contoso", "Kestrel maker Contoso": the thing first, its maker after.
  const madeBy = makerAfter(tokens, a, b);
  if (madeBy.length > 0) return madeBy;
  // "Contoso, the maker of Kestrel".
  if (a.type === 'org' && b.type === 'misc' && makerOf(between)) return [decide('develops', true)];
  // "Contoso's Ada Quinn said": the organization's possessive right before its person.
  if (a.type === 'org' && b.type === 'per' && between.length === 2 && isPossessive(tokens, a.end))
    return [decide('works_for', false, POSSESSED_PERSON_CONFIDENCE)];
  // "Northwind led the Series B round": the word "round" read as the page's organization (anaphora.ts) is what the first funded.
  if (
    ROUND_LEADS.has(between[0] ?? '') &&
    b.end - b.start === 1 &&
    tokens[b.start]?.text === 'round' &&
    b.type === 'org' &&
    a.type !== 'loc'
  )
    return a.type === 'org' || a.type === 'per' ? [decide('invested_in', true)] : [];
  if (a.type === 'loc' && b.type === 'loc') return placeInPlace(tokens, between, a, b, others);
  // "Using the Tern-9, Quinn found patterns": the clause's subject, right after the opening phrase, used the thing.
  if (a.type === 'misc' && b.type !== 'loc' && between.length === 1 && between[0] === ',' && openingUse(tokens, a))
    return [decide('uses', false)];
  // "the Northern Court of Appeal at Lakemont": an institution in its place, and no list of places going on.
  if (a.type === 'org' && b.type === 'loc' && sitedIn(tokens, between, a) && !listGoesOn(tokens, b, others))
    return [decide('located_in', true)];
  // "Sudan's president, Omar al-Bashir": the head of a state works for it.
  // "White House press secretary Josh Earnest": a spokesperson speaks for the office the place names.
  // "Oslo Mayor Ada Quinn": an office held for the place.
  if (
    a.type === 'loc' &&
    b.type === 'per' &&
    (placesLeader(between) || placesSpokesperson(tokens, a, between) || officeBefore(tokens, a, between))
  )
    return [decide('works_for', false)];
  // "Contoso's storage offering, Skyvault", "Fabrikam is known for its robot, Rover", "Ada Quinn's synthesis tool,
  // Yosys": the phrase calls the second name a made thing, whatever type recognition gave it.
  const maker = a.type === 'org' || a.type === 'per';
  // "Acme also offers Stretch, a robot for warehouses": a maker's verb, then a name an apposition calls a product.
  if (a.type === 'org' && b.type !== 'misc' && b.type !== 'org' && makerVerb(between) && productAfter(tokens, b))
    return [{ ...decide('develops', true, PRODUCT_NOUN_CONFIDENCE), thing: true }];
  if (
    maker &&
    (b.type !== 'misc' || a.type === 'per') &&
    !personNamed(between, b) &&
    productApposition(between, tokens[a.start]?.text ?? '', a.type)
  )
    return [{ ...decide('develops', true, PRODUCT_NOUN_CONFIDENCE), thing: true }];
  if (between.length === 1 && between[0] === ',' && (a.type === 'per') !== (b.type === 'per'))
    return a.type === 'per' ? roleAfter(tokens, a, b) : roleBefore(tokens, a, b);
  if (between.length > 0 && between.every((w) => w === ',' || w === 'and' || w === 'or' || w === '&')) {
    const listed = trailing(tokens, a, b, others);
    return listed.length > 0 ? listed : parentAfter(tokens, a, b);
  }
  // "MIT's Lorenz Center", "Harvard's Kennedy School": an institution named under its owner's possessive is part of it.
  if ((a.type === 'org' || a.type === 'misc') && b.type === 'org' && between.join(' ') === "' s" && isInstitution(tokens, b))
    return [decide('subsidiary_of', false)];
  if (a.type !== 'per' && b.type !== 'per') return thingDecisions(tokens, between, a, b);
  // "Ada Quinn had married Bo Lind": the verb alone between two people.
  if (a.type === 'per' && b.type === 'per' && married(between)) return [decide('spouse_of', true)];
  // "Kestrel co-founder and CEO Ada Quinn" with Kestrel taken for a person: the title says it is the organization.
  if (a.type === 'per' && b.type === 'per') return founderTitleBetween(between);
  // "Ada Quinn, head of research at Kestrel": a job is held at an organization, whatever type the name after "at" was given.
  if (a.type === 'per' && (b.type === 'misc' || b.type === 'loc') && jobAt(between, b.type === 'misc'))
    return personDecisions(tokens, between, a, { ...b, type: 'org' });
  if (a.type === 'per' && b.type === 'misc') return personMakes(between);
  // "Ada Quinn, the mayor of Oslo": an office held for the place.
  if (a.type === 'per' && b.type === 'loc') return officeOf(between);
  return personDecisions(tokens, between, a, b);
}

/** Tokens of an amount of money or a number ("$", "42", "million"). */
const AMOUNT_WORDS = new Set(['million', 'billion', 'trillion', 'bn', 'm', 'k', 'per', 'cent', '%']);
const DIGITS = /^\d+$/u;
/** The token at `i` is part of an amount: a currency sign, digits, a scale word, or a point between digits ("42.5"). */
function amountAt(tokens: readonly Token[], i: number): boolean {
  const w = tokens[i]?.text ?? '';
  if (/^[$€£¥]$/u.test(w) || DIGITS.test(w) || AMOUNT_WORDS.has(w)) return true;
  return (w === '.' || w === ',') && DIGITS.test(tokens[i - 1]?.text ?? '') && DIGITS.test(tokens[i + 1]?.text ?? '');
}

/**
 * Tokens from `start` to `end`, an amount counting as one word ("raised almost $42.5 million in all
 * from" is five words and an amount), and so does each name of `names` lying wholly between
 * ("co-chair of the Ethics Task Force at" is six): a clause is measured in phrases, and an
 * amount or a name is one.
 *
 * @example
 *   amountsAsOne(tokenize('raised $42 million from'), 0, 5) // 3
 */
export function amountsAsOne(tokens: readonly Token[], start: number, end: number, names: readonly Span[] = []): number {
  let n = 0;
  for (let i = start; i < end; i++) if (!(i > start && amountAt(tokens, i) && amountAt(tokens, i - 1))) n += 1;
  for (const s of names) if (s.start >= start && s.end <= end) n -= s.end - s.start - 1;
  return n;
}

/** Tokens at most inside a bracket read as an aside ("(IDII)", "(NYSE: ACME)"). */
const MAX_ASIDE = 4;

/** The token after the ")" of a short bracket opened right after `a` and closed before `b`, or `a.end` when there is none. */
function asideEnd(tokens: readonly Token[], a: Span, b: Span): number {
  if (tokens[a.end]?.text !== '(') return a.end;
  for (let i = a.end + 2; i <= a.end + 1 + MAX_ASIDE && i < b.start; i++) {
    const w = tokens[i]?.text;
    if (w === ')') return i + 1;
    if (w === '(') return a.end;
  }
  return a.end;
}

/**
 * True when no relation may join the pair, by rule or by the classifier: a person before
 * an organization whose possessive qualifies the next person ("Grady Burnett as chief
 * operating officer and Contoso's longtime data engineer Bo Lind"), or that opens the
 * next conjunct with a possessive ("… and Google's …": the roles before "and" are the first
 * person's, even when the next person is not a recognized name); a past title before a
 * person ("former Fabrikam retail sales manager Bo Lind": no job there now; a founder
 * stays one); a title closed by ", and" before a person ("Ada Quinn, Contoso's CEO, and Bo
 * Lind": the CEO is Ada).
 */
export function vetoed(tokens: readonly Token[], a: Span, b: Span, others: readonly Span[]): boolean {
  // "Ada Quinn, Kestrel's CEO, and Bo Lind, its CTO": the title closed by ", and" is the apposition of the person before.
  if (
    a.type !== 'per' &&
    b.type === 'per' &&
    tokens[b.start - 1]?.text === 'and' &&
    tokens[b.start - 2]?.text === ',' &&
    b.start - 2 > a.end
  )
    return true;
  if (a.type !== 'per' && b.type === 'per') return pastTitle(tokens, a, b);
  // "Contoso acquired a subsidiary of Fabrikam", "bought Fabrikam's chip unit": neither owns the other (a stake is money, read by the rules).
  if (a.type !== 'per' && a.type !== 'loc' && b.type === 'org' && b.start >= a.end) {
    const between = tokens.slice(a.end, b.start).map((t) => t.text);
    const buying = between.some((w) => hasStem(w, ACQUIRE) || ACQUIRE_WORDS.has(w));
    if (buying && between.length <= MAX_GAP && partBought(tokens, between, b) && !between.some((w) => FUND_WORDS.has(w))) return true;
  }
  if (a.type !== 'per' || b.type !== 'org') return false;
  return possessorOfNext(tokens, b, others) || (tokens[b.start - 1]?.text === 'and' && isPossessive(tokens, b.end));
}

/**
 * Names coordinated after `b` ("customers including Contoso, Fabrikam, and Tailspin",
 * "the Gizmo, the Widget and the Doohickey"): the indices in `spans` (sorted by start) of
 * the names joined to it by commas, "and" or "or" (and an article) only, of the same type,
 * up to the sentence's end of the list. With `people`, persons and organizations mix in a
 * list that has a comma ("investors include Fabrikam, Northwind and Ada Quinn"); a bare
 * "and" before the other kind may open a clause ("… Contoso and Ada Quinn said").
 */
export function coordinatedAfter(tokens: readonly Token[], spans: readonly Span[], b: Span, people = false): number[] {
  const out: number[] = [];
  let previous = b;
  let comma = false;
  for (let i = 0; i < spans.length; i++) {
    const s = spans[i];
    if (s === undefined || s.start < previous.end) continue;
    const sep = tokens.slice(previous.end, s.start).map((t) => t.text);
    if (sep.length === 0 || sep.length > 3 || !sep.every((w, k) => LIST_JOINTS.has(w) || (w === 'the' && k === sep.length - 1))) break;
    comma ||= sep.includes(',');
    const party = (x: Span) => x.type === 'per' || x.type === 'org';
    // "owns Instagram, Atlas, WhatsApp": a name typed otherwise stays in the list when the list resumes with b's type after it.
    const resumed = s.type !== 'per' && b.type !== 'per' && resumes(tokens, spans, i, b.type);
    if (s.type !== b.type && !resumed && !(people && comma && party(s) && party(b))) break;
    out.push(i);
    previous = s;
  }
  return out;
}

/** What may join two names of a list. */
const LIST_JOINTS = new Set([',', 'and', 'or', '-']);

/** The name after `spans[i]` follows it with a list separator only and has `type`. */
function resumes(tokens: readonly Token[], spans: readonly Span[], i: number, type: Span['type']): boolean {
  const s = spans[i];
  const next = spans[i + 1];
  if (s === undefined || next === undefined || next.type !== type) return false;
  const sep = tokens.slice(s.end, next.start).map((t) => t.text);
  return sep.length > 0 && sep.length <= 3 && sep.every((w) => w === ',' || w === 'and' || w === 'or');
}

/**
 * Names coordinated before `a` that share its part in the clause ("Jehiah Czebotar and
 * Bo Lind for building Kestrel", "Lakemont and Eastvale-based Harbor Ventures"): the
 * indices in `spans` (sorted by start) of names of a's type joined to it by commas and a
 * last "and"/"or" ("Unlike Apple, Google bought…" is no list). Appositions and
 * possessives after `a` bind `a` alone; the caller does not ask then.
 */
export function coordinatedBefore(tokens: readonly Token[], spans: readonly Span[], a: Span): number[] {
  const out: number[] = [];
  let next = a;
  for (let i = spans.findIndex((s) => s.start === a.start) - 1; i >= 0; i--) {
    const s = spans[i];
    if (s === undefined || s.end > next.start) continue;
    const sep = tokens.slice(s.end, next.start).map((t) => t.text);
    if (sep.length === 0 || sep.length > 2 || !sep.every((w) => w === ',' || w === 'and' || w === 'or' || w === '&')) break;
    // The list's last joint (next to a) is "and"/"or"; earlier ones may be commas.
    if (next === a && !sep.some((w) => w === 'and' || w === 'or' || w === '&')) break;
    if (s.type !== a.type) break;
    out.push(i);
    next = s;
  }
  return out;
}
