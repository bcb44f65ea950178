/**
 * Trigger-word rules for the labels Re-DocRED has no data for (issue 16, item 1):
 * `ceo_of`, `works_for` by role words, `acquired`, `competes_with`, `invested_in`,
 * `partners_with`, `customer_of`. A rule reads the tokens between two names of one
 * sentence (a short window, no other person or organization between, no hedge or
 * reported speech between) and, for a few, the words right after the second name. Token
 * lookups only, linear in the sentence: no regular expression runs over page text.
 * The classifier (`extract.ts`) asks these first; a rule that fires decides the pair.
 */
import type { Span, Token } from './features';
import { BREAKS, HEDGES, ROLE_WORDS } from './triggers';

/** A label a rule stated, its direction (`forward`: first name → second), and its confidence. */
export interface RuleDecision {
  readonly label: RuleLabel;
  readonly forward: boolean;
  readonly confidence: number;
}
export type RuleLabel = 'develops' | 'uses' | 'founded_by' | 'ceo_of' | 'works_for' | 'acquired' | 'competes_with' | 'invested_in' | 'partners_with' | 'customer_of';

/** Tokens between the names beyond which no rule reads them as related (one clause). */
const MAX_GAP = 12;
/** Tokens after the second name read for "X and Y are working together". */
const TRAILING = 4;
/**
 * Confidences of rule relations: under the hand-written patterns' (which are exact
 * phrases) and above the classifier's bar; role words are the surest, money the least.
 */
const CONFIDENCE: Readonly<Record<RuleLabel, number>> = {
  develops: 0.65, uses: 0.65, founded_by: 0.75, ceo_of: 0.8, works_for: 0.7, acquired: 0.75, competes_with: 0.7, invested_in: 0.65, partners_with: 0.65, customer_of: 0.65,
};

const ACQUIRE = ['acquir', 'purchas', 'takeover'];
const ACQUIRE_WORDS = new Set(['bought', 'buys', 'buy', 'buying']);
const COMPETE = ['compet', 'rival'];
const COMPETE_WORDS = new Set(['vs', 'versus']);
const FUND_WORDS = new Set(['invested', 'invests', 'invest', 'investing', 'investment', 'investments', 'stake', 'backed', 'backs', 'funded', 'funds', 'funding', 'raised', 'raises', 'raising', 'round', 'investors', 'investor', 'financing']);
/** With these, the money goes from the second name to the first ("Acme raised $3M from Khosla"). */
const RAISED_FROM = new Set(['raised', 'raises', 'raising', 'from', 'by', 'investors', 'investor', 'including']);
const PARTNER = ['partner', 'collaborat', 'teamed', 'alliance'];
const CUSTOMER_WORDS = new Set(['customer', 'customers', 'client', 'clients']);
/** A maker and its product, maker first ("HackerRank developed CodePair", "Apple unveiled the iPhone"). */
const MAKES = ['develop', 'launch', 'releas', 'introduc', 'unveil', 'announc', 'manufactur', 'design'];
const MAKES_WORDS = new Set(['built', 'builds', 'created', 'creates', 'makes', 'made', 'offers', 'ships']);
/** A user and what it runs on, user first ("Segment adopted NSQ", "QGIS is built on Qt"). */
const USES_WORDS = new Set(['use', 'uses', 'used', 'using', 'adopt', 'adopted', 'adopts', 'runs', 'relies', 'rely', 'migrated', 'switched', 'deployed', 'deploys', 'supports', 'support', 'powered']);
/** Words that may stand between a subject and its verb. */
const AUXILIARIES = new Set(['has', 'have', 'had', 'also', 'recently', 'now', 'today', 'just', 'first', 'then', 'later', 'is', 'was', 'will']);
/** Tokens at most between a maker or user and the thing: a verb and an article or two. */
const MAX_THING_GAP = 5;

const starts = (w: string, prefixes: readonly string[]) => prefixes.some((p) => w.startsWith(p));

/**
 * The rule that relates `a` and `b` (a before b in the sentence), if any.
 *
 * @example
 *   ruleDecision(tokenize('Stripe acquired Paystack'), stripe, paystack, []) // { label: 'acquired', forward: true, confidence: 0.75 }
 */
export function ruleDecision(tokens: readonly Token[], a: Span, b: Span, others: readonly Span[]): RuleDecision | undefined {
  const gap = b.start - a.end;
  if (gap < 0 || gap > MAX_GAP) return undefined;
  // Another person or organization between: the pair is not the one the words speak of (places may stand between).
  if (others.some((o) => o.type !== 'loc' && o.start >= a.end && o.end <= b.start)) return undefined;
  const between = tokens.slice(a.end, b.start).map((t) => t.text);
  if (between.some((w) => HEDGES.has(w) || BREAKS.has(w))) return undefined;
  if (between.length > 0 && between.every((w) => w === ',' || w === 'and' || w === 'or' || w === '&')) {
    return trailing(tokens, a, b);
  }
  const decide = (label: RuleLabel, forward: boolean): RuleDecision => ({ label, forward, confidence: CONFIDENCE[label] });
  const per = (s: Span) => s.type === 'per';
  const orgLike = (s: Span) => s.type === 'org' || s.type === 'misc';
  const has = (set: ReadonlySet<string>) => between.some((w) => set.has(w));
  const hasPrefix = (prefixes: readonly string[]) => between.some((w) => starts(w, prefixes));

  if (per(a) !== per(b)) {
    const [person, org] = per(a) ? [a, b] : [b, a];
    // An organization, not a thing or a stray phrase ("head of AI", "led by African-American women").
    if (org.type !== 'org') return undefined;
    const ceo = between.some((w, i) => w === 'ceo' || (w === 'chief' && between[i + 1] === 'executive'));
    if (ceo) return decide('ceo_of', person === a);
    // "Donovan co-founded Maker Studios", "Acme founder Ada": the organization founded_by the person.
    if (between.some((w) => w.startsWith('found') || w.startsWith('cofound'))) return decide('founded_by', org === a);
    if (has(ROLE_WORDS)) return decide('works_for', person === a);
    if (has(FUND_WORDS) && org.type === 'org') return invest(between, a, b);
    return undefined;
  }
  if (a.type === 'org' && b.type === 'misc' && gap <= MAX_THING_GAP && !between.includes('by')) {
    // The verb right after the subject ("Apple released iOS", "Segment has adopted NSQ"): not "… to help launch
    // the PSVR" nor "… that are used in HTTP"; "by" would make it passive, left to the classifier and patterns.
    const verb = between.find((w) => !AUXILIARIES.has(w)) ?? '';
    if (starts(verb, MAKES) || MAKES_WORDS.has(verb)) return decide('develops', true);
    if (USES_WORDS.has(verb)) return decide('uses', true);
  }
  if (a.type !== 'org' || !orgLike(b)) return undefined;
  if (hasPrefix(ACQUIRE) || has(ACQUIRE_WORDS)) {
    // "Y was acquired by X": the buyer is the second name.
    const passive = between.at(-1) === 'by';
    return decide('acquired', !passive);
  }
  if (b.type !== 'org') return undefined;
  if (hasPrefix(COMPETE) || has(COMPETE_WORDS)) return decide('competes_with', true);
  if (has(CUSTOMER_WORDS)) {
    // "Segment's customers, including Instacart": the second buys from the first; "X, a client of Y": the first from the second.
    const ofAfter = between.some((w, i) => CUSTOMER_WORDS.has(w) && between[i + 1] === 'of');
    return decide('customer_of', ofAfter);
  }
  if (hasPrefix(PARTNER)) return decide('partners_with', true);
  if (has(FUND_WORDS)) return invest(between, a, b);
  return undefined;
}

/** "Khosla invested in Acme" (first → second) or "Acme raised $3M from Khosla" (second → first). */
function invest(between: readonly string[], a: Span, b: Span): RuleDecision | undefined {
  const reversed = between.some((w) => RAISED_FROM.has(w));
  const investor = reversed ? b : a;
  const target = reversed ? a : b;
  if (target.type !== 'org' || (investor.type !== 'org' && investor.type !== 'per')) return undefined;
  return { label: 'invested_in', forward: !reversed, confidence: CONFIDENCE.invested_in };
}

/** "CTEC and HackerRank are working together", "Acme and Contoso compete": a verb after both names. */
function trailing(tokens: readonly Token[], a: Span, b: Span): RuleDecision | undefined {
  if (a.type !== 'org' || b.type !== 'org') return undefined;
  const after = tokens.slice(b.end, b.end + TRAILING).map((t) => t.text);
  if (after.some((w) => HEDGES.has(w))) return undefined;
  if (after.some((w) => starts(w, PARTNER) || w === 'together')) return { label: 'partners_with', forward: true, confidence: CONFIDENCE.partners_with };
  if (after.some((w) => starts(w, COMPETE))) return { label: 'competes_with', forward: true, confidence: CONFIDENCE.competes_with };
  return undefined;
}

/**
 * Names coordinated after `b` ("customers including Instacart, Trunk Club, and Udacity"):
 * the indices in `spans` (sorted by start) of the names joined to it by commas, "and" or
 * "or" only, of the same type, up to the sentence's end of the list.
 */
export function coordinatedAfter(tokens: readonly Token[], spans: readonly Span[], b: Span): number[] {
  const out: number[] = [];
  let previous = b;
  for (let i = 0; i < spans.length; i++) {
    const s = spans[i];
    if (s === undefined || s.start < previous.end) continue;
    const sep = tokens.slice(previous.end, s.start).map((t) => t.text);
    if (sep.length === 0 || sep.length > 3 || !sep.every((w) => w === ',' || w === 'and' || w === 'or' || w === '-')) break;
    if (s.type !== b.type) break;
    out.push(i);
    previous = s;
  }
  return out;
}
