/**
 * Relations read from explicit textual patterns inside one sentence ("X acquired Y",
 * "X was founded by Y", "Y, CEO of X", "X is written in Y", "X is headquartered in
 * Y", "X competes with Y", "X, a subsidiary of Y", "Y joined X", "Stripe CEO
 * Patrick Collison", "Berlin-based X"). Each pattern phrase is an anchor: its
 * arguments are the nearest mentions of the right types on either side, within the
 * sentence, and the words between a name and the anchor must be harmless (an
 * appositive, a few adverbs, a determiner); negation, modality and clause changes
 * drop the pair. Precision over recall: both ends are kept entities, types must fit.
 */
import type { AnalyzedRelation, Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { sentenceAt } from '../page/snippet';
import { CALENDAR_WORDS } from '../words/calendar-words';

/** Characters between the left name and the anchor: an appositive and a few adverbs fit. */
const MAX_LEFT_GAP = 90;
/** Characters between the anchor and the right name: a determiner and two words fit. */
const MAX_RIGHT_GAP = 40;
/** Words allowed between the anchor and the right name ("the Nigerian startup"). */
const MAX_RIGHT_WORDS = 3;
/** Words allowed between the left name (or its appositive) and the anchor ("also quietly"). */
const MAX_LEFT_WORDS = 4;
/** Names joined to the right argument by "and" / commas ("founded by A, B and C"). */
const MAX_COORDINATED = 4;
/** Anchor matches read per pattern and page (bounded work on long pages). */
const MAX_MATCHES_PER_PATTERN = 500;
/** Characters between two coordinated names (", and " with a stray space or two); longer is not a list. */
const MAX_SEPARATOR = 12;
/** Relations returned per call (the analysis caps the page at 100 anyway). */
const MAX_RELATIONS = 200;

type Resolve = (m: Mention) => { name: string; type: EntityType } | undefined;

interface Pattern {
  /** The anchor phrase (global, case-insensitive; the subject and object are around it). */
  readonly re: RegExp;
  readonly label: string;
  /** True when the relation points from the right name to the left one. */
  readonly reverse: boolean;
  readonly from: readonly EntityType[];
  readonly to: readonly EntityType[];
  /** The left name must end exactly where the anchor starts ("Stripe, CEO of …", "Stripe's CEO"). */
  readonly attachedLeft?: boolean;
  /** The right name must start exactly where the anchor ends ("Stripe CEO Patrick Collison"). */
  readonly attachedRight?: boolean;
  /** The object is a department, not the organization, when followed by this ("Head of Data at Fabrikam"). */
  readonly notBefore?: RegExp;
  /**
   * After a comma the anchor speaks of the clause's subject: a left name that is the object
   * of a preposition ("the editor for NBC News, based in Hong Kong") is not its argument.
   */
  readonly clauseSubject?: boolean;
}

const ORGS: readonly EntityType[] = ['company'];
const PEOPLE: readonly EntityType[] = ['person'];
const ORG_OR_PRODUCT: readonly EntityType[] = ['company', 'product', 'technology'];
const TECH: readonly EntityType[] = ['technology'];
const PLACES: readonly EntityType[] = ['location'];
const PRODUCTS: readonly EntityType[] = ['product'];

const CEO = String.raw`(?:CEO|chief\s+executive(?:\s+officer)?)`;
const ROLE = String.raw`(?:president|chairman|chairwoman|CTO|CFO|COO|chief\s+\w+\s+officer|engineer|director|head\s+of\s+\w+|vice\s+president|VP|partner|employee|researcher)`;

/** "… of Analytics at Instacart": the name before this is a unit of the organization after it. */
const DEPARTMENT_OF = /^\s+(?:at|of)\b/;

/*
 * Every anchor runs over the whole page text, so each is written to be linear on any
 * input (regexp/no-super-linear-*): a pattern never starts with an unbounded run of
 * white space that a match could also start inside (`(?<!\s)` or `\s?` instead), and no
 * two quantifiers next to each other can take the same characters (`\s*,?\s+` is
 * `(?:\s?,\s+|\s+)`). The analysis folds white space to single spaces first; these
 * patterns do not rely on it.
 */
const PATTERNS: readonly Pattern[] = [
  {
    re: /\b(?:has\s+|had\s+)?(?:acquired|acquires|bought|buys|purchased|agreed\s+to\s+(?:buy|acquire)|completed\s+(?:its|the)\s+acquisition\s+of)\b/gi,
    label: 'acquired',
    reverse: false,
    from: ORGS,
    to: ORGS,
  },
  {
    re: /\b(?:was|were|is|has\s+been|had\s+been)\s+(?:acquired|bought|purchased)\s+by\b/gi,
    label: 'acquired',
    reverse: true,
    from: ORGS,
    to: ORGS,
  },
  {
    re: /(?<![\s,])(?:\s*,\s*|\s+)?\b(?:which\s+was\s+|was\s+|is\s+|were\s+)?(?:co-?)?founded\s+(?:in\s+\d{4}\s+)?by\b/gi,
    label: 'founded_by',
    reverse: false,
    from: ORGS,
    to: PEOPLE,
  },
  { re: /\b(?:co-?)?(?:founded|started)\b/gi, label: 'founded_by', reverse: true, from: ORGS, to: PEOPLE },
  {
    re: new RegExp(
      String.raw`\s?,\s+(?:the\s+|a\s+)?(?:${CEO}\s+(?:and|&)\s+)?(?:co-?founder|founder)\s+(?:(?:and|&)\s+(?:\w+\s+){1,4})?of\b`,
      'gi',
    ),
    label: 'founded_by',
    reverse: true,
    from: ORGS,
    to: PEOPLE,
    attachedLeft: true,
    notBefore: DEPARTMENT_OF,
  },
  {
    re: /(?<!\s)\s+(?:co-?founder|founder)\s+/gi,
    label: 'founded_by',
    reverse: false,
    from: ORGS,
    to: PEOPLE,
    attachedLeft: true,
    attachedRight: true,
  },
  {
    re: new RegExp(
      String.raw`(?:\s?,\s+(?:the\s+|a\s+|its\s+)?|(?<!\s)\s+(?:is|was|as)\s+(?:the\s+)?)(?:(?:co-?founder|founder)\s+(?:and|&)\s+)?${CEO}(?:\s+(?:and|&)\s+(?:co-?founder|founder))?\s+(?:of|at)\b`,
      'gi',
    ),
    label: 'ceo_of',
    reverse: false,
    from: PEOPLE,
    to: ORGS,
    attachedLeft: true,
    notBefore: DEPARTMENT_OF,
  },
  {
    re: new RegExp(String.raw`\s?['’]s\s+${CEO}(?:\s?,\s+|\s+)`, 'gi'),
    label: 'ceo_of',
    reverse: true,
    from: PEOPLE,
    to: ORGS,
    attachedLeft: true,
    attachedRight: true,
  },
  {
    re: new RegExp(String.raw`(?<!\s)\s+${CEO}\s+`, 'gi'),
    label: 'ceo_of',
    reverse: true,
    from: PEOPLE,
    to: ORGS,
    attachedLeft: true,
    attachedRight: true,
  },
  {
    re: new RegExp(
      String.raw`(?:\s?,\s+(?:the\s+|a\s+|an\s+)?|(?<!\s)\s+(?:is|was|as)\s+(?:the\s+|a\s+|an\s+)?)${ROLE}\s+(?:of|at)\b`,
      'gi',
    ),
    label: 'employs',
    reverse: true,
    from: ORGS,
    to: PEOPLE,
    attachedLeft: true,
    notBefore: DEPARTMENT_OF,
  },
  { re: /\b(?:works|worked|working)\s+(?:at|for)\b/gi, label: 'employs', reverse: true, from: ORGS, to: PEOPLE },
  { re: /\b(?:joined|joins|has\s+joined)\b/gi, label: 'employs', reverse: true, from: ORGS, to: PEOPLE },
  {
    re: /\b(?:uses|used|is\s+using|relies\s+on|adopted|runs\s+on|switched\s+to|migrated\s+to)\b/gi,
    label: 'uses',
    reverse: false,
    from: ORG_OR_PRODUCT,
    to: TECH,
  },
  {
    re: /\b(?:is|was|are|were|has\s+been)\s+(?:built|written|developed|implemented|rewritten)\s+(?:with|in|using|on)\b/gi,
    label: 'uses',
    reverse: false,
    from: ORG_OR_PRODUCT,
    to: TECH,
  },
  {
    re: /(?<![\s,])(?:\s*,\s*|\s+)?\b(?:which\s+is\s+|is\s+|was\s+|are\s+)?(?:headquartered|based|located)\s+in\b/gi,
    label: 'located_in',
    reverse: false,
    from: ORGS,
    to: PLACES,
    clauseSubject: true,
  },
  { re: /\b(?:has\s+its\s+headquarters|has\s+its\s+head\s+office)\s+in\b/gi, label: 'located_in', reverse: false, from: ORGS, to: PLACES },
  { re: /-based\s+/gi, label: 'located_in', reverse: true, from: ORGS, to: PLACES, attachedLeft: true },
  {
    re: /\b(?:competes|competed|competing)\s+(?:directly\s+)?(?:with|against)\b/gi,
    label: 'competes_with',
    reverse: false,
    from: ORGS,
    to: ORGS,
  },
  {
    re: /\s?['’]s\s+(?:main\s+|biggest\s+|chief\s+)?(?:rival|competitor)(?:\s?,\s+|\s+)/gi,
    label: 'competes_with',
    reverse: false,
    from: ORGS,
    to: ORGS,
    attachedLeft: true,
    attachedRight: true,
  },
  {
    re: /\s?,\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}(?:subsidiary|unit|division|arm)\s+of\b/gi,
    label: 'subsidiary_of',
    reverse: false,
    from: ORGS,
    to: ORGS,
    attachedLeft: true,
  },
  {
    re: /\b(?:is|was|became)\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}(?:subsidiary|unit|division)\s+of\b/gi,
    label: 'subsidiary_of',
    reverse: false,
    from: ORGS,
    to: ORGS,
  },
  { re: /\b(?:is\s+|was\s+)?(?:wholly\s+)?owned\s+by\b/gi, label: 'subsidiary_of', reverse: false, from: ORGS, to: ORGS },
  {
    re: /\b(?:makes|manufactures|released|launched|unveiled|introduced)\s+(?:the\s+|its\s+|a\s+new\s+)?/gi,
    label: 'makes',
    reverse: false,
    from: ORGS,
    to: PRODUCTS,
    attachedRight: true,
  },
];

/** What may separate coordinated names: ", ", ", and ", " and ". */
const COORDINATION = /^(?:\s?,\s*(?:and\s+)?|\s+and\s+)$/;
/** Ends a sentence between two names (abbreviations inside names do not). */
const SENTENCE_BREAK = /[.!?\n;:]/;
const ABBREVIATIONS = /\b(?:Inc|Corp|Co|Ltd|Jr|Sr|St|Mr|Mrs|Ms|Dr)\./g;
/** Words that may stand between the subject and the anchor without changing who does what. */
const LEFT_WORDS = new Set([
  'also',
  'has',
  'have',
  'had',
  'recently',
  'quietly',
  'officially',
  'finally',
  'eventually',
  'since',
  'then',
  'later',
  'subsequently',
  'already',
  'formally',
  'publicly',
  'last',
  'this',
  'year',
  'week',
  'month',
  'on',
  'in',
  'earlier',
  'ultimately',
  'successfully',
  'now',
  'today',
  'yesterday',
  'originally',
  'first',
  'once',
  'itself',
  'largely',
  'heavily',
  'mostly',
  'primarily',
  'directly',
  'still',
  'currently',
  'initially',
  'reportedly',
  ...CALENDAR_WORDS,
]);
/** Words between the anchor and the object that make it something else ("a stake in", "the assets of", "and"). */
const RIGHT_STOP_WORDS = new Set([
  'of',
  'in',
  'on',
  'at',
  'for',
  'from',
  'with',
  'to',
  'by',
  'into',
  'and',
  'or',
  'but',
  'not',
  'no',
  'stake',
  'stakes',
  'share',
  'shares',
  'assets',
  'part',
  'majority',
  'minority',
  'interest',
  'rights',
  'some',
  'parts',
  'control',
  'that',
  'which',
  'who',
  'it',
  'them',
  'him',
  'her',
  'products',
  'technology',
  'team',
  'talent',
  'patents',
]);
/** Negation or modality anywhere between subject and object: the sentence does not assert the relation. */
const HEDGE =
  /\b(?:not|never|no|n['’]t|would|could|should|might|may\s+(?:have|be|acquire|buy)|will|shall|reportedly\s+(?:in\s+talks|considering)|rumou?red|denied|denies|plans?\s+to|planned|planning|considering|talks|attempted|tried|failed|bid|offer(?:ed)?\s+to|if|whether)\b/i;
/** Labels of a role held now: "once worked at", "CEO of Acme until 2019" state none. */
const ROLE_LABELS: ReadonlySet<string> = new Set(['ceo_of', 'employs']);
/** Words between the names that put a role in the past ("Ada Quinn once worked at Acme"). */
const ROLE_OVER_BETWEEN = /\b(?:once|formerly|previously)\b/i;
/** Words right after the second name that end the role ("… of Acme until 2019", "… from 2001 to 2009"). */
const ROLE_OVER_AFTER = /^(?:until|till)\b|^from \d{4} (?:to|-|–) /i;
/** Characters read after the second name for `ROLE_OVER_AFTER`. */
const ROLE_OVER_WINDOW = 24;

/** The role the two names hold is over: a past word between them, or "until …" right after the second. */
function roleOver(text: string, left: Mention, right: Mention): boolean {
  if (ROLE_OVER_BETWEEN.test(text.slice(left.end, right.start))) return true;
  const after = text
    .slice(right.end, right.end + ROLE_OVER_WINDOW)
    .replace(/^,/, '')
    .trimStart();
  return ROLE_OVER_AFTER.test(after);
}

/** A preposition right before a name ("for NBC News"): the name is a phrase's object. */
const PREPOSITION_BEFORE = /\b(?:for|at|with|of|from|by|to|on)\s$/i;
const LEGAL_SUFFIX = /^(?:Inc|Corp|Co|Ltd|LLC|LLP|GmbH|AG|SA|PLC|NV|BV)\.?$/i;
const WORD = /^[\p{L}\p{N}][\p{L}\p{N}'’-]*$/u;

/** Every pattern this module runs on page text (the adversarial tests run each on hostile input). */
export const PAGE_TEXT_PATTERNS: readonly RegExp[] = [
  ...PATTERNS.map((p) => p.re),
  DEPARTMENT_OF,
  COORDINATION,
  SENTENCE_BREAK,
  ABBREVIATIONS,
  HEDGE,
  ROLE_OVER_BETWEEN,
  ROLE_OVER_AFTER,
  PREPOSITION_BEFORE,
  LEGAL_SUFFIX,
  WORD,
];

/**
 * @example
 *   findTextRelations(text, mentions, resolve)
 *   // [{ from: 'Stripe', to: 'Paystack', label: 'acquired', snippet: 'Stripe acquired Paystack in 2020.', origin: 'text' }]
 */
export function findTextRelations(text: string, mentions: readonly Mention[], resolve: Resolve): AnalyzedRelation[] {
  const out: AnalyzedRelation[] = [];
  const seen = new Set<string>();
  const sorted = [...mentions].sort((a, b) => a.start - b.start || a.end - b.end);
  const byEnd = [...sorted].sort((a, b) => a.end - b.end || a.start - b.start);
  for (const p of PATTERNS) {
    p.re.lastIndex = 0;
    let matches = 0;
    for (let match = p.re.exec(text); match !== null && matches < MAX_MATCHES_PER_PATTERN; match = p.re.exec(text)) {
      matches += 1;
      if (match[0].length === 0) p.re.lastIndex += 1;
      const anchorStart = match.index;
      const anchorEnd = match.index + match[0].length;
      const left = leftArgument(text, byEnd, anchorStart, p, resolve);
      if (left === undefined) continue;
      if (
        p.clauseSubject === true &&
        match[0].includes(',') &&
        PREPOSITION_BEFORE.test(text.slice(Math.max(0, left.mention.start - 8), left.mention.start))
      )
        continue;
      const rights = rightArguments(text, sorted, anchorEnd, p, resolve);
      if (rights.length === 0) continue;
      if (HEDGE.test(text.slice(left.mention.end, anchorEnd))) continue;
      for (const right of rights) {
        if (ROLE_LABELS.has(p.label) && roleOver(text, left.mention, right.mention)) continue;
        const [from, to] = p.reverse ? [right.entity, left.entity] : [left.entity, right.entity];
        if (from.name === to.name) continue;
        const key = `${from.name}\u0000${p.label}\u0000${to.name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({
          from: from.name,
          to: to.name,
          label: p.label,
          snippet: sentenceAt(text, left.mention.start, right.mention.end),
          origin: 'text',
        });
        if (out.length >= MAX_RELATIONS) return out;
      }
    }
  }
  return out;
}

interface Argument {
  readonly mention: Mention;
  readonly entity: { name: string; type: EntityType };
}

function types(p: Pattern, side: 'left' | 'right'): readonly EntityType[] {
  return (side === 'left') !== p.reverse ? p.from : p.to;
}

function crossesSentence(gap: string): boolean {
  return SENTENCE_BREAK.test(gap.replace(ABBREVIATIONS, ''));
}

/** The nearest mention of a fitting type ending before the anchor, if the words between are harmless. */
function leftArgument(text: string, byEnd: readonly Mention[], anchorStart: number, p: Pattern, resolve: Resolve): Argument | undefined {
  const wanted = types(p, 'left');
  for (let i = lastEndingBefore(byEnd, anchorStart); i >= 0; i -= 1) {
    const m = byEnd[i];
    if (m === undefined) break;
    const gap = text.slice(m.end, anchorStart);
    if (gap.length > MAX_LEFT_GAP || crossesSentence(gap)) return undefined;
    // An attached anchor takes only the name right before it.
    if (p.attachedLeft === true && gap.length > 0) return undefined;
    const entity = resolve(m);
    if (entity === undefined || !wanted.includes(entity.type)) continue;
    return leftGapOk(gap) && plausible(entity) ? { mention: m, entity } : undefined;
  }
  return undefined;
}

/**
 * Between subject and anchor: optionally one appositive (", the payments company,"),
 * then at most a few known adverbs, auxiliaries or date words ("in 2020", "also").
 */
function leftGapOk(gap: string): boolean {
  let rest = gap;
  const appositive = /^\s*,[^,;:()"“”]{1,80},/.exec(rest);
  if (appositive !== null) rest = rest.slice(appositive[0].length);
  if (/[,;:()"“”]/.test(rest)) return false;
  const words = rest.split(/\s+/).filter((w) => w.length > 0);
  return words.length <= MAX_LEFT_WORDS && words.every((w) => LEFT_WORDS.has(w.toLowerCase()) || /^\d{1,4}$/.test(w));
}

/** The nearest mention of a fitting type after the anchor, and names coordinated with it. */
function rightArguments(text: string, sorted: readonly Mention[], anchorEnd: number, p: Pattern, resolve: Resolve): Argument[] {
  const wanted = types(p, 'right');
  let first: Argument | undefined;
  let index = firstStartingAfter(sorted, anchorEnd);
  for (; index < sorted.length; index += 1) {
    const m = sorted[index];
    if (m === undefined) break;
    const gap = text.slice(anchorEnd, m.start);
    if (gap.length > MAX_RIGHT_GAP || crossesSentence(gap)) return [];
    if (p.attachedRight === true && gap.length > 0) return [];
    const entity = resolve(m);
    if (entity === undefined || !wanted.includes(entity.type)) continue;
    if (!rightGapOk(gap) || possessive(text, m) || !plausible(entity)) return [];
    if (p.notBefore !== undefined && p.notBefore.test(text.slice(m.end, m.end + 8))) return [];
    first = { mention: m, entity };
    break;
  }
  if (first === undefined) return [];
  const out: Argument[] = [first];
  // "founded by A, B and C": names joined by commas ending in "and" share the relation
  // (a bare comma list without "and" is an apposition: "Acme, Inc." or "Acme, Berlin").
  const joined: Argument[] = [];
  let previous = first.mention;
  let closedByAnd = false;
  for (index += 1; index < sorted.length && joined.length < MAX_COORDINATED; index += 1) {
    const m = sorted[index];
    if (m === undefined) break;
    const entity = resolve(m);
    const separator = text.slice(previous.end, m.start);
    if (separator.length > MAX_SEPARATOR || !COORDINATION.test(separator)) break;
    if (entity === undefined || !wanted.includes(entity.type) || possessive(text, m) || !plausible(entity)) break;
    joined.push({ mention: m, entity });
    previous = m;
    if (/\band\s+$/.test(separator)) {
      closedByAnd = true;
      break;
    }
  }
  return closedByAnd ? [...out, ...joined] : out;
}

/** Between anchor and object: at most a determiner and a couple of describing words, no preposition. */
function rightGapOk(gap: string): boolean {
  if (/[,;:()"“”%$€£]/.test(gap)) return false;
  const words = gap.split(/\s+/).filter((w) => w.length > 0);
  return words.length <= MAX_RIGHT_WORDS && words.every((w) => WORD.test(w) && !RIGHT_STOP_WORDS.has(w.toLowerCase()));
}

/**
 * Names that are recognizer slips rather than arguments: a bare legal suffix ("Inc."),
 * a place adjective ("San Mateo-based"), or an all-capitals "person" ("MD", "CEO").
 */
function plausible(entity: { name: string; type: EntityType }): boolean {
  if (LEGAL_SUFFIX.test(entity.name) || /-based$/i.test(entity.name)) return false;
  return entity.type !== 'person' || /\p{Ll}/u.test(entity.name);
}

/** "Google's Waze": the name owns what follows, it is not the object itself. */
function possessive(text: string, m: Mention): boolean {
  return /^['’]s\b/.test(text.slice(m.end, m.end + 3));
}

/** Index of the last mention (by end) ending at or before `offset`, or -1. */
function lastEndingBefore(byEnd: readonly Mention[], offset: number): number {
  let lo = 0;
  let hi = byEnd.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((byEnd[mid]?.end ?? Number.POSITIVE_INFINITY) <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Index of the first mention (by start) starting at or after `offset`. */
function firstStartingAfter(sorted: readonly Mention[], offset: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid]?.start ?? Number.POSITIVE_INFINITY) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
