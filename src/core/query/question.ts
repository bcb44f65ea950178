/**
 * Reads a question into an intent for the symbolic answerer: a small, deterministic
 * grammar of the questions the README lists ("which companies use Rust?", "who founded
 * Stripe?", "how are X and Y connected?", …). Slots keep the user's own spelling.
 */
import type { EntityType } from '../graph/types';
import type { PageScope } from './query-context';

export type Role = 'founder' | 'leader' | 'employee';

export type Intent =
  | { readonly kind: 'about'; readonly subject: string }
  /** `in`: who <relation> object ("which companies use Rust"); `out`: what object <relation> ("what does Stripe use"). */
  | {
      readonly kind: 'relation';
      readonly relation: string;
      readonly object: string;
      readonly direction: 'in' | 'out';
      readonly entityType?: EntityType;
      /** The 1-based rank of the first entity to list, for the rest of a cut list ("mentioned with"). */
      readonly from?: number;
    }
  | { readonly kind: 'role'; readonly role: Role; readonly subject: string }
  | { readonly kind: 'where'; readonly subject: string }
  | { readonly kind: 'path'; readonly from: string; readonly to: string }
  | { readonly kind: 'list'; readonly entityType: EntityType; readonly from?: number }
  | { readonly kind: 'most_connected' }
  | { readonly kind: 'captured'; readonly scope: PageScope; readonly from?: number }
  | { readonly kind: 'unknown' };

const TYPE_WORDS: ReadonlyArray<[RegExp, EntityType]> = [
  [/^(compan(y|ies)|firms?|organi[sz]ations?|orgs?|businesses|business|startups?|corporations?)$/, 'company'],
  [/^(people|persons?|individuals?|founders?|humans?)$/, 'person'],
  [/^(technolog(y|ies)|tech|languages?|frameworks?|librar(y|ies)|tools?)$/, 'technology'],
  [/^(products?|services?|apps?)$/, 'product'],
  [/^(locations?|places?|cit(y|ies)|countr(y|ies)|regions?)$/, 'location'],
  [/^(others?|things?)$/, 'other'],
];

export function typeFromWord(word: string): EntityType | undefined {
  const w = word.toLowerCase();
  return TYPE_WORDS.find(([re]) => re.test(w))?.[1];
}

const PREPS = '(?:in|at|by|with|of|to|for|on|from|into)';
const AUX = /^(?:are|is|was|were|have|has|had|do|does|did)\s+/i;

/** Removes a leading article and surrounding quotes from a slot. */
function slot(text: string | undefined): string {
  return (
    (text ?? '')
      .trim()
      .replace(/^["'“‘]+/, '')
      // The lookbehind starts the match at the first quote of the trailing run only (linear).
      .replace(/(?<!["'”’])["'”’]+$/, '')
      .replace(/^(?:the|a|an)\s+/i, '')
      .trim()
  );
}

type Rule = (q: string) => Intent | undefined;

const RULES: readonly Rule[] = [
  (q) => {
    if (
      /\b(this|current) (page|tab|site|article)\b/i.test(q) &&
      /\b(captur|sav|collect|clip|read|got|learn|extract|found|on|from)/i.test(q)
    ) {
      return { kind: 'captured', scope: 'current_page' };
    }
    if (/\b(captur\w*|sav\w*|collect\w*|clipp?\w*|read|visit\w*|browse\w*)\b/i.test(q) && /\btoday\b/i.test(q))
      return { kind: 'captured', scope: 'today' };
    if (/\b(captur\w*|sav\w*|collect\w*|visit\w*|browse\w*)\b/i.test(q) && /\b(recent(ly)?|lately|last)\b/i.test(q))
      return { kind: 'captured', scope: 'recent' };
    return undefined;
  },
  (q) => {
    const m =
      /^how (?:is|are|was|were) (.+?) (?:and|connected to|related to|linked to|tied to) (.+?)(?: (?:connected|related|linked|tied))?(?: to each other)?$/i.exec(
        q,
      ) ??
      /^what (?:connects|links) (.+?) (?:and|to|with) (.+)$/i.exec(q) ??
      /^(?:what is |what's )?(?:the )?(?:connection|relationship|relation|link|path) between (.+?) and (.+)$/i.exec(q);
    return m ? { kind: 'path', from: slot(m[1]), to: slot(m[2]) } : undefined;
  },
  (q) =>
    /\bmost (connected|linked|central|important|related)\b|\b(top|biggest|main) (hubs|entities|nodes)\b/i.test(q)
      ? { kind: 'most_connected' }
      : undefined,
  (q) => {
    const founder =
      /^who (?:founded|co-?founded|started|created|established) (.+)$/i.exec(q) ??
      /^who (?:is|are|was|were) (?:the )?(?:co-?)?(?:founders?|creators?) of (.+)$/i.exec(q);
    if (founder) return { kind: 'role', role: 'founder', subject: slot(founder[1]) };
    const leader =
      /^who (?:leads|led|runs|ran|heads|headed|manages|managed|is in charge of) (.+)$/i.exec(q) ??
      /^who (?:is|was) (?:the )?(?:ceo|head|leader|boss|president|chief executive|chair(?:man|woman|person)?|director) (?:of|at) (.+)$/i.exec(
        q,
      );
    if (leader) return { kind: 'role', role: 'leader', subject: slot(leader[1]) };
    const employee =
      /^who (?:works|worked|is working|are working) (?:at|for|in) (.+)$/i.exec(q) ?? /^who (?:does|did) (.+?) (?:employ|hire)$/i.exec(q);
    if (employee) return { kind: 'role', role: 'employee', subject: slot(employee[1]) };
    return undefined;
  },
  (q) => {
    const m =
      /^where (?:is|are|was|were) (.+?)(?: (?:based|located|headquartered|from|situated))?$/i.exec(q) ??
      /^where (?:does|do|did) (.+?) (?:live|work|operate|come from|sit)$/i.exec(q);
    return m ? { kind: 'where', subject: slot(m[1]) } : undefined;
  },
  (q) => {
    const m =
      /^(?:list|show|show me|give me|name|enumerate)(?: all| the| me| of| my)* (\w+)(?: (?:in (?:the|my) graph|we have|i have|you have|do we know|we know|there are))?$/i.exec(
        q,
      ) ??
      /^(?:which|what) (\w+) (?:do|did) (?:we|i|you) (?:have|know(?: about)?|capture|save|collect)$/i.exec(q) ??
      /^(?:which|what) (\w+) (?:are|is) (?:there|in (?:the|my) graph|known)$/i.exec(q) ??
      /^(?:how many) (\w+)(?: (?:are there|do we have|do i have|in (?:the|my) graph))?$/i.exec(q);
    const type = m ? typeFromWord(m[1] ?? '') : undefined;
    return type ? { kind: 'list', entityType: type } : undefined;
  },
  (q) => {
    const m =
      /^(?:what do (?:we|i|you) know about|what (?:do|does) (?:the graph|my graph) (?:say|know) about|tell me (?:more )?about|who (?:is|was|are|were)|what (?:is|was|are|were)|what's|describe|summari[sz]e|info(?:rmation)? (?:on|about)|facts about)\s+(\S.*)$/i.exec(
        q,
      );
    return m ? { kind: 'about', subject: slot(m[1]) } : undefined;
  },
  (q) => {
    // "what does Stripe use?" / "which companies did Stripe acquire?"
    // The particle stays with the verb ("work for"), so the answer can say it back.
    const m = new RegExp(`^(?:what|which|who|whom)(?: (\\w+))? (?:does|do|did) (.+?) (\\w+)( ${PREPS})?$`, 'i').exec(q);
    if (!m) return undefined;
    const type = m[1] ? typeFromWord(m[1]) : undefined;
    if (m[1] && !type) return undefined;
    const relation = `${m[3] ?? ''}${m[4] ?? ''}`;
    return { kind: 'relation', relation, object: slot(m[2]), direction: 'out', ...(type ? { entityType: type } : {}) };
  },
  (q) => {
    // "which companies share a page with Google?" / "what appears together with Google?": co-mentions.
    const m =
      /^(?:which|what)(?: (\w+))? (?:shares?|appears?|occurs?|co-occurs?)(?: (?:a|any) pages?)? (?:together )?(?:with|alongside) (.+)$/i.exec(
        q,
      );
    const type = m?.[1] ? typeFromWord(m[1]) : undefined;
    if (!m || (m[1] && !type)) return undefined;
    return { kind: 'relation', relation: 'mentioned with', object: slot(m[2]), direction: 'in', ...(type ? { entityType: type } : {}) };
  },
  (q) => {
    // "which companies use Rust?" / "who uses Rust?" / "which people work at Stripe?"
    const m = /^(?:which|what|who)(?: (\w+))? (.+)$/i.exec(q);
    if (!m) return undefined;
    let type = m[1] ? typeFromWord(m[1]) : undefined;
    let rest = m[2] ?? '';
    if (m[1] && !type) rest = `${m[1]} ${rest}`;
    if (/^who\b/i.test(q)) type = undefined;
    rest = rest.replace(AUX, '');
    const parts = new RegExp(`^(\\w+(?:ed|s)?)((?: ${PREPS})*) (.+)$`, 'i').exec(rest);
    if (!parts || /^(is|are|was|were|the|a|an)$/i.test(parts[1] ?? '')) return undefined;
    return {
      kind: 'relation',
      relation: `${parts[1] ?? ''}${parts[2] ?? ''}`.trim(),
      object: slot(parts[3]),
      direction: 'in',
      ...(type ? { entityType: type } : {}),
    };
  },
];

/**
 * True for a question about the whole graph or the reading history ("list the companies",
 * "what did I read today?", "what did I capture from this page?"): it names no earlier
 * referent, so "the companies" in it is a category, not something said before.
 *
 * @example isGraphWideQuestion('list the companies') // true
 */
export function isGraphWideQuestion(question: string): boolean {
  const kind = parseQuestion(question).kind;
  return kind === 'list' || kind === 'most_connected' || kind === 'captured';
}

/** The range a "show the rest" follow-up ends with: "What did I read today? (11–20 of 23)". */
const RANGE = /\((\d{1,5}) ?[–-] ?\d{1,5} of \d{1,6}\)$/;

/**
 * The question asking for items `from`–`to` of `total` of the list `question` gave: the same
 * words with the range after them (any range it had replaced).
 *
 * @example
 *   askRange('What did I read today?', 11, 20, 23) // 'What did I read today? (11–20 of 23)'
 */
export function askRange(question: string, from: number, to: number, total: number): string {
  return `${question.trim().replace(RANGE, '').trim()} (${from}–${to} of ${total})`;
}

/**
 * @example
 *   parseQuestion('Which companies use Rust?')
 *   // { kind: 'relation', relation: 'use', object: 'Rust', direction: 'in', entityType: 'company' }
 */
export function parseQuestion(question: string): Intent {
  const trimmed = question.trim();
  const range = RANGE.exec(trimmed);
  const from = range ? Number(range[1]) : 1;
  const intent = parseWords(range ? trimmed.slice(0, range.index) : trimmed);
  if (from <= 1) return intent;
  switch (intent.kind) {
    case 'list':
    case 'captured':
    case 'relation':
      return { ...intent, from };
    default:
      return intent;
  }
}

function parseWords(question: string): Intent {
  const q = question
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/(?<![?.!])[?.!]+$/, '')
    .trim();
  for (const rule of RULES) {
    const intent = rule(q);
    if (intent) return intent;
  }
  return { kind: 'unknown' };
}
