/**
 * Relations read from explicit textual patterns between two consecutive entity
 * mentions of one sentence ("X acquired Y", "X was founded by Y", "Y, CEO of X",
 * "X is written in Y", "X is headquartered in Y", "X competes with Y",
 * "X, a subsidiary of Y"). Only the text between the two names is matched, and
 * the entity types must fit the relation: precision over recall.
 */
import type { AnalyzedRelation, Mention } from '../core/capture';
import type { EntityType } from '../core/graph/types';
import { sentenceAt } from './snippet';

/** Text between two names longer than this is not one explicit statement. */
const MAX_GAP = 60;

type Resolve = (m: Mention) => { name: string; type: EntityType } | undefined;

interface Pattern {
  readonly re: RegExp;
  readonly label: string;
  /** True when the relation points from the second name to the first. */
  readonly reverse: boolean;
  readonly from: readonly EntityType[];
  readonly to: readonly EntityType[];
}

const ORGS: readonly EntityType[] = ['company'];
const PEOPLE: readonly EntityType[] = ['person'];
const ORG_OR_PRODUCT: readonly EntityType[] = ['company', 'product', 'technology'];
const TECH: readonly EntityType[] = ['technology', 'product'];
const PLACES: readonly EntityType[] = ['location'];

const PATTERNS: readonly Pattern[] = [
  { re: /^\s+(?:has\s+|had\s+)?(?:acquired|acquires|bought|buys|purchased|agreed\s+to\s+(?:buy|acquire)|completed\s+(?:its|the)\s+acquisition\s+of|to\s+acquire)\s+$/i, label: 'acquired', reverse: false, from: ORGS, to: ORG_OR_PRODUCT },
  { re: /^\s+(?:was|were|is|has\s+been)\s+(?:acquired|bought|purchased)\s+by\s+$/i, label: 'acquired', reverse: true, from: ORGS, to: ORG_OR_PRODUCT },
  { re: /^\s*,?\s+(?:which\s+was\s+|was\s+|is\s+)?(?:co-?)?founded\s+(?:in\s+\d{4}\s+)?by\s+$/i, label: 'founded_by', reverse: false, from: ORGS, to: PEOPLE },
  { re: /^\s+(?:co-?)?(?:founded|started|launched|created)\s+$/i, label: 'founded_by', reverse: true, from: ORGS, to: PEOPLE },
  { re: /^\s*,\s+(?:the\s+)?(?:co-?founder|founder)\s+(?:and\s+[\w\s]{1,30}\s+)?of\s+$/i, label: 'founded_by', reverse: true, from: ORGS, to: PEOPLE },
  { re: /^\s*(?:,\s+(?:the\s+|a\s+|its\s+)?|\s+(?:is|was|as)\s+(?:the\s+)?)(?:CEO|chief\s+executive(?:\s+officer)?)\s+(?:of|at)\s+$/i, label: 'ceo_of', reverse: false, from: PEOPLE, to: ORGS },
  { re: /^\s*['’]s\s+(?:CEO|chief\s+executive(?:\s+officer)?)\s*,?\s+$/i, label: 'ceo_of', reverse: true, from: PEOPLE, to: ORGS },
  { re: /^\s*(?:,\s+(?:the\s+|a\s+|an\s+)?|\s+(?:is|was|as)\s+(?:the\s+|a\s+|an\s+)?)(?:president|chairman|chairwoman|CTO|CFO|COO|chief\s+\w+\s+officer|engineer|director|head\s+of\s+\w+|vice\s+president|VP|partner|employee|researcher)\s+(?:of|at)\s+$/i, label: 'employs', reverse: true, from: ORGS, to: PEOPLE },
  { re: /^\s+(?:works|worked|working)\s+(?:at|for)\s+$/i, label: 'employs', reverse: true, from: ORGS, to: PEOPLE },
  { re: /^\s+(?:uses|used|is\s+using|relies\s+on|adopted|runs\s+on|switched\s+to|migrated\s+to)\s+$/i, label: 'uses', reverse: false, from: ORG_OR_PRODUCT, to: TECH },
  { re: /^\s+(?:is|was|are|were|has\s+been)\s+(?:built|written|developed|implemented|rewritten)\s+(?:with|in|using|on)\s+$/i, label: 'uses', reverse: false, from: ORG_OR_PRODUCT, to: TECH },
  { re: /^\s*,?\s+(?:which\s+is\s+|is\s+|was\s+|are\s+)?(?:headquartered|based|located)\s+in\s+$/i, label: 'located_in', reverse: false, from: ORGS, to: PLACES },
  { re: /^\s+(?:has\s+its\s+headquarters|is\s+headquartered)\s+in\s+$/i, label: 'located_in', reverse: false, from: ORGS, to: PLACES },
  { re: /^\s+(?:competes|competed|competing)\s+(?:directly\s+)?(?:with|against)\s+$/i, label: 'competes_with', reverse: false, from: ORG_OR_PRODUCT, to: ORG_OR_PRODUCT },
  { re: /^\s*['’]s\s+(?:main\s+|biggest\s+|chief\s+)?(?:rival|competitor)\s*,?\s+$/i, label: 'competes_with', reverse: false, from: ORG_OR_PRODUCT, to: ORG_OR_PRODUCT },
  { re: /^\s*,\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}(?:subsidiary|unit|division|arm)\s+of\s+$/i, label: 'subsidiary_of', reverse: false, from: ORGS, to: ORGS },
  { re: /^\s+(?:is|was|became)\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}(?:subsidiary|unit|division)\s+of\s+$/i, label: 'subsidiary_of', reverse: false, from: ORGS, to: ORGS },
  { re: /^\s+(?:is\s+)?owned\s+by\s+$/i, label: 'subsidiary_of', reverse: false, from: ORGS, to: ORGS },
  { re: /^\s+(?:makes|manufactures|released|launched|unveiled|announced|introduced)\s+(?:the\s+|its\s+|a\s+new\s+)?$/i, label: 'makes', reverse: false, from: ORGS, to: ['product'] },
];

/**
 * @example
 *   findTextRelations(text, mentions, resolve)
 *   // [{ from: 'Stripe', to: 'Paystack', label: 'acquired', snippet: 'Stripe acquired Paystack in 2020.', origin: 'text' }]
 */
export function findTextRelations(text: string, mentions: readonly Mention[], resolve: Resolve): AnalyzedRelation[] {
  const out: AnalyzedRelation[] = [];
  const sorted = [...mentions].sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 0; i + 1 < sorted.length; i += 1) {
    const a = sorted[i];
    const b = sorted[i + 1];
    if (a === undefined || b === undefined || b.start - a.end > MAX_GAP || b.start < a.end) continue;
    const between = text.slice(a.end, b.start);
    if (/[.!?\n;]/.test(between.replace(/\b(?:Inc|Corp|Co|Ltd|Jr|Sr|St)\./g, ''))) continue;
    const ra = resolve(a);
    const rb = resolve(b);
    if (ra === undefined || rb === undefined || ra.name === rb.name) continue;
    for (const p of PATTERNS) {
      if (!p.re.test(between)) continue;
      const [from, to] = p.reverse ? [rb, ra] : [ra, rb];
      if (!p.from.includes(from.type) || !p.to.includes(to.type)) continue;
      out.push({ from: from.name, to: to.name, label: p.label, snippet: sentenceAt(text, a.start, b.end), origin: 'text' });
      break;
    }
  }
  return out;
}
