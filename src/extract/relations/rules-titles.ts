/**
 * Titles and appositions that tie a person to an organization (`rules.ts` asks these),
 * read by the phrase even where recognition typed a name otherwise ("Ada Quinn, head of
 * research at Kestrel" with Kestrel taken for a product), and roles that are over
 * ("Ada Quinn stepped down as CEO of Contoso": no `ceo_of` now). The phrase decides
 * the type only where it cannot mean anything else: a job's "at", a founder's or chief's
 * title between two names, "is a subsidiary of". Token lookups only: the tokens are
 * `tokenize`'s, lower-cased.
 */
import type { Span, Token } from './features';
import { PAST_WORDS } from './places';
import { decide, type RuleDecision } from './rules-shared';
import { NOT_A_JOB_WORDS, ROLE_TITLES, START_VERBS as START_VERB_WORDS } from '../../core/text/relation-vocabulary';

/** Job titles, founders' included ("head", "professor", "co-founder"). */
const TITLES: ReadonlySet<string> = new Set(ROLE_TITLES);
/** Words at most in a job apposition before its "at" ("executive vice president of design at"). */
const MAX_JOB_WORDS = 8;
/** Words that turn an apposition into a clause or a place ("Ada, who spoke at …", "Ada, in front of the shed at …"). */
const NOT_A_JOB = new Set([
  ...NOT_A_JOB_WORDS,
  'in',
  'on',
  'near',
  'outside',
  'from',
  'with',
  'during',
  'after',
  'before',
  'speaking',
  'visiting',
  'guest',
  'student',
]);

/**
 * ", head of research at", ", a professor of economics at the": an apposition right after
 * the person, holding a job title, ending in "at" (and an article); the name after "at" is
 * the employer whatever its type (a job is held at an organization). With `thing` (the
 * name was taken for a product), "on" too: ", software engineer on Contoso Maps".
 *
 * @example
 *   jobAt([',', 'head', 'of', 'research', 'at']) // true
 *   jobAt([',', 'in', 'front', 'of', 'the', 'shed', 'at']) // false
 */
export function jobAt(between: readonly string[], thing = false): boolean {
  const words = between.at(-1) === 'the' ? between.slice(0, -1) : between;
  // "Software Engineer on Contoso Maps": a team is "on" a product.
  if (words[0] !== ',' || (words.at(-1) !== 'at' && !(thing && words.at(-1) === 'on'))) return false;
  const inner = words.slice(1, -1);
  if (inner.length === 0 || inner.length > MAX_JOB_WORDS) return false;
  if (inner.some((w) => NOT_A_JOB.has(w) || PAST_WORDS.has(w) || !/^[\p{L}-]+$/u.test(w))) return false;
  return inner.some((w) => TITLES.has(w));
}

/** Founders' and chiefs' titles (with "co-", "and") that may stand alone between an organization and its person. */
const FOUNDER_OR_CHIEF = new Set(['co', '-', 'founder', 'cofounder', 'and', '&', 'ceo', 'chief', 'executive']);

/**
 * "Kestrel co-founder and CEO Ada Quinn": only a founder's or chief executive's title
 * between two names, the second a person; the first is the organization, whatever type
 * recognition gave it (a person has no co-founder). Other titles stay out ("Quinn adviser
 * Bo Rask" may be a person's aide).
 *
 * @example
 *   founderTitleBetween(['co', '-', 'founder', 'and', 'ceo']) // [founded_by (first → second), ceo_of (second → first)]
 */
export function founderTitleBetween(between: readonly string[]): RuleDecision[] {
  // A title opens and closes the words: "Ada Quinn and co-founder Bo Rask" are two founders, not one's company.
  if (!TITLE_OPENS.has(between[0] ?? '') || !TITLE_ENDS.has(between.at(-1) ?? '') || !between.every((w) => FOUNDER_OR_CHIEF.has(w)))
    return [];
  const out: RuleDecision[] = [];
  if (between.some((w) => w === 'founder' || w === 'cofounder')) out.push(decide('founded_by', true));
  if (between.includes('ceo') || between.join(' ').includes('chief executive')) out.push(decide('ceo_of', false));
  return out;
}
const TITLE_OPENS = new Set(['co', 'founder', 'cofounder', 'ceo', 'chief']);
const TITLE_ENDS = new Set(['founder', 'cofounder', 'ceo', 'executive']);

/** Nouns of a part of an organization: "a subsidiary of", "a Fabrikam unit". */
const PART_NOUNS = new Set(['subsidiary', 'unit', 'division', 'affiliate', 'arm']);
/** Linking words before "a subsidiary of" ("is now a wholly owned subsidiary of"). */
const LINKS = new Set(['is', 'was', 'became', 'has', 'been', 'now', 'also', 'remains', 'the', 'a', 'an', ',']);
/** Describing words at most between the article and the part noun ("wholly owned", "Japanese"). */
const MAX_PART_WORDS = 3;

/**
 * "is a subsidiary of", ", a wholly owned unit of the": the first name is a part of the
 * second. A person is never a subsidiary, so the phrase types the first name.
 *
 * @example
 *   subsidiaryOf(['is', 'a', 'subsidiary', 'of']) // true
 */
export function subsidiaryOf(between: readonly string[]): boolean {
  const words = between.at(-1) === 'the' ? between.slice(0, -1) : between;
  if (words.at(-1) !== 'of' || !PART_NOUNS.has(words.at(-2) ?? '')) return false;
  const lead = words.slice(0, -2);
  const article = lead.findIndex((w) => w === 'a' || w === 'an');
  if (article < 0 || lead.length - article - 1 > MAX_PART_WORDS) return false;
  return lead.slice(0, article).every((w) => LINKS.has(w)) && lead.slice(article + 1).every((w) => /^[\p{Ll}-]+$/u.test(w));
}

/**
 * "Ada Quinn, a Contoso spokeswoman", "Kestrel, a Contoso subsidiary": an apposition whose
 * noun the second name qualifies; a job title makes the first its employee, a part noun
 * its part.
 *
 * @example
 *   qualifiedApposition(tokenize('Ada Quinn, a Contoso spokeswoman, said'), ada, contoso) // [works_for]
 */
export function qualifiedApposition(tokens: readonly Token[], a: Span, b: Span): RuleDecision[] {
  const between = tokens.slice(a.end, b.start).map((t) => t.text);
  // ", a Contoso spokeswoman" or "is a Contoso engineer".
  const link = between[0] === ',' || between[0] === 'is' || between[0] === 'was';
  if (between.length !== 2 || !link || (between[1] !== 'a' && between[1] !== 'an')) return [];
  const noun = tokens[b.end]?.text ?? '';
  // The noun ends the apposition: "a Contoso engineer," not "a Contoso engineer's badge".
  const after = tokens[b.end + 1]?.text ?? '';
  if (after === "'" || /^\p{L}/u.test(after)) return [];
  if (b.type !== 'org') return [];
  if (a.type === 'per' && TITLES.has(noun)) {
    if (noun === 'ceo') return [decide('ceo_of', true)];
    return noun === 'founder' || noun === 'cofounder' ? [decide('founded_by', false)] : [decide('works_for', true)];
  }
  if (a.type !== 'per' && a.type !== 'loc' && PART_NOUNS.has(noun)) return [decide('subsidiary_of', true)];
  return [];
}

/**
 * "Professor Ada Quinn of Kestrel University", "Administrator Ada Quinn of the Small
 * Business Administration": a title right before the person, "of" (and an article) right
 * after, then the organization.
 */
export function titledOf(tokens: readonly Token[], between: readonly string[], a: Span): boolean {
  const words = between.at(-1) === 'the' ? between.slice(0, -1) : between;
  return words.length === 1 && words[0] === 'of' && TITLES.has(tokens[a.start - 1]?.text ?? '');
}

/** Verbs of starting an organization ("moved on to start Fabrikam", "launched Contoso in 2010"). */
const START_VERBS: ReadonlySet<string> = new Set(START_VERB_WORDS);
/** Words that may lead to the verb ("moved on to start", "went on to launch", "had started"). */
const START_LEADS = new Set(['moved', 'went', 'on', 'to', 'later', 'then', 'also', 'had', 'has', 'have', 'eventually', 'soon', 'would']);

/**
 * "Ada Quinn started Contoso", "Ada Quinn moved on to start Contoso": a verb of starting
 * (after a few lead-in words) right before the organization, the person its subject. The
 * caller makes sure the organization is not a possessive ("started Contoso's podcast").
 *
 * @example
 *   startedOrg(['moved', 'on', 'to', 'start']) // true
 *   startedOrg(['started', 'at']) // false
 */
export function startedOrg(between: readonly string[]): boolean {
  const words = between.at(-1) === 'the' ? between.slice(0, -1) : between;
  const verb = words.at(-1) ?? '';
  return START_VERBS.has(verb) && words.slice(0, -1).every((w) => START_LEADS.has(w));
}

/** Corporate titles that may stand bare before a person ("CEO Ada Quinn said"), and what each states. */
const BARE_TITLES: ReadonlyMap<string, 'ceo_of' | 'founded_by' | 'works_for'> = new Map([
  ['ceo', 'ceo_of'],
  ['executive', 'ceo_of'],
  ['founder', 'founded_by'],
  ['cofounder', 'founded_by'],
  ['cto', 'works_for'],
  ['cfo', 'works_for'],
  ['coo', 'works_for'],
]);
/** Words that may stand right before a bare title: a clause's edge, a verb of saying, a preposition ("talking with CEO Ada"). */
const BEFORE_BARE_TITLE = new Set([',', '"', 'with', 'by', 'and', 'said', 'says', 'told', 'to', 'from', 'according', 'as']);

/**
 * The label a bare corporate title right before the person at `p` states ("CEO Ada Quinn
 * said", "talking with CEO Ada Quinn", "co-founder Ada Quinn says"): no name, possessive
 * or past word before the title, so whose title it is the sentence does not say (the
 * caller asks the page: its organization, named lately). Presidents and chairs are left
 * out: a bare "President" is a state's.
 *
 * @example
 *   bareTitle(tokenize('CEO Ada Quinn said so'), ada) // 'ceo_of'
 *   bareTitle(tokenize('Contoso CEO Ada Quinn said so'), ada) // undefined (the organization is named)
 */
export function bareTitle(tokens: readonly Token[], p: Span): 'ceo_of' | 'founded_by' | 'works_for' | undefined {
  const at = (i: number) => tokens[i]?.text ?? '';
  const title = at(p.start - 1);
  // The title's first word: "chief executive", "co - founder", "founding partner" (a founder's title at a firm).
  let first = p.start - 1;
  let label = BARE_TITLES.get(title);
  if (title === 'executive') first = at(p.start - 2) === 'chief' ? p.start - 2 : -1;
  else if (title === 'founder' && at(p.start - 2) === '-' && at(p.start - 3) === 'co') first = p.start - 3;
  else if (title === 'partner' && at(p.start - 2) === 'founding') [first, label] = [p.start - 2, 'founded_by'];
  if (label === undefined || first < 0) return undefined;
  return first === 0 || BEFORE_BARE_TITLE.has(at(first - 1)) ? label : undefined;
}

/** Words that end a role: "stepped down as", "resigned as", "who left Contoso", "once ran". */
const ENDED = new Set(['stepped', 'resigned', 'retired', 'departed', 'quit', 'ousted', 'fired', 'once', 'until', 'till']);

/**
 * The role between a person and an organization is over: an ending verb or "once",
 * "until" between them ("stepped down as CEO of", "who until 2019 led"), "left" right
 * before the organization, a past word before the title ("then CEO", "Contoso's then-CEO"),
 * or "until 2019" / "from 2001 to 2009" right after the second name. A founder stays one;
 * the caller drops only the present roles (`ceo_of`, `works_for`).
 *
 * @example
 *   pastRole(tokenize('Ada Quinn stepped down as CEO of Contoso'), ada, contoso) // true
 *   pastRole(tokenize('Ada Quinn, CEO of Contoso'), ada, contoso) // false
 */
export function pastRole(tokens: readonly Token[], a: Span, b: Span): boolean {
  const between = tokens.slice(a.end, b.start).map((t) => t.text);
  if (between.some((w, i) => ENDED.has(w) || (PAST_WORDS.has(w) && titleNext(between, i)))) return true;
  const last = between.at(-1) === 'the' ? between.at(-2) : between.at(-1);
  if (last === 'left') return true;
  const after = tokens.slice(b.end, b.end + 4).map((t) => t.text);
  const first = after[0] === ',' ? 1 : 0;
  const w = after[first];
  if (w === 'until' || w === 'till') return true;
  // "from 2001 to 2009" (digits are folded to zeros).
  return w === 'from' && /^0{4}$/.test(after[first + 1] ?? '') && (after[first + 2] === 'to' || after[first + 2] === '-');
}

/** A past word right before a title ("then CEO", "then - CEO", "late founder" reads as a past word only before a title). */
function titleNext(words: readonly string[], i: number): boolean {
  const next = words[i + 1] === '-' ? words[i + 2] : words[i + 1];
  return TITLES.has(next ?? '');
}
