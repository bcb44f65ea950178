/**
 * The trigger rules about people (`rules.ts` asks these): a person's role at an
 * organization (CEO, founder, another title before or after the names, a job in
 * apposition, a who-clause, a quote's attribution, a hire "as" a role), two people
 * married, and the vetoes of a past title or of a possessive that qualifies the next
 * person. Token lookups only: the tokens are `tokenize`'s, lower-cased.
 */
import type { Span, Token } from './features';
import { PAST_WORDS } from './places';
import { FUND_WORDS, invest, moneyTaken } from './rules-money';
import { AUXILIARIES, decide, isPossessive, ROLE_AFTER, type RuleDecision } from './rules-shared';
import { startedOrg, titledOf } from './rules-titles';
import { hedged, ROLE_WORDS } from './triggers';
import { ROLE_TITLES } from '../../core/text/relation-vocabulary';

/** A person's job by apposition alone ("Ada, an astronomer at Harvard"), with no role word: surer than money, less than a title. */
const APPOSITION_CONFIDENCE = 0.6;
/** Words at most in a job apposition between the comma and "at" ("now a marine geologist at"). */
const MAX_APPOSITION_WORDS = 7;
/** Words that turn an apposition into a clause ("Ada, who spoke at Google"): not a job. */
const CLAUSE_WORDS = new Set([
  'who',
  'which',
  'that',
  'when',
  'where',
  'whose',
  'whom',
  'and',
  'or',
  'after',
  'before',
  'since',
  'during',
  'speaking',
  'said',
  'says',
]);
/** Words that open a place, not a job, after a person's comma ("Quinn, in front of the hall at the Institute"). */
const PLACE_PREPOSITIONS = new Set([
  'in',
  'on',
  'at',
  'near',
  'outside',
  'inside',
  'behind',
  'beside',
  'from',
  'with',
  'during',
  'after',
  'before',
]);

/** "married", "is married to", ", who married": auxiliaries and a marrying verb alone between two people. */
export function married(between: readonly string[]): boolean {
  const words = between[0] === ',' && between[1] === 'who' ? between.slice(2) : between;
  const verb = words.filter((w) => !AUXILIARIES.has(w)).join(' ');
  return verb === 'married' || verb === 'married to' || verb === 'wed';
}

/** A person and an organization: CEO, founder, any other role, an apposition, money. */
export function personDecisions(tokens: readonly Token[], between: readonly string[], a: Span, b: Span): RuleDecision[] {
  const [person, org] = a.type === 'per' ? [a, b] : [b, a];
  // "Tailspin co-founder Bo Lind", "Project Diane's founder Ada": the title right before the person founds the name before it, whatever its type.
  if (org === a && a.type === 'misc' && foundersTitle(between)) return [decide('founded_by', true)];
  // An organization, not a thing or a stray phrase ("head of AI", "led by first-time founders").
  if (org.type !== 'org') return [];
  if (person === a) {
    const clause = whoClause(between);
    if (clause !== undefined) return [clause];
    // "said Ada Quinn of Acme", "Professor Ada Quinn of the Acme Institute": a quote's attribution or a title before the person.
    if (attributed(tokens, between, a, b) || titledOf(tokens, between, a)) return [decide('works_for', true, APPOSITION_CONFIDENCE)];
  }
  const out: RuleDecision[] = [];
  if (between.some((w, i) => w === 'ceo' || (w === 'chief' && between[i + 1] === 'executive'))) out.push(decide('ceo_of', person === a));
  // "Lind co-founded Tailspin Studios", "Acme founder Ada": the organization founded_by the person.
  if (between.some((w) => w.startsWith('found') || w.startsWith('cofound'))) out.push(decide('founded_by', org === a));
  // "board chair, finance chief and co-founder of Fabrikam": a founder's other titles are a job there too (the
  // title "founder", not the verb: "she co-founded design consulting firm Fabrikam" names no job).
  if (out.length === 1 && out[0]?.label === 'founded_by' && between.some(founderTitle) && between.some((w) => JOB_TITLES.has(w)))
    out.push(decide('works_for', person === a));
  if (out.length > 0) return out;
  // "Lind went on to start Tailspin": the person started the organization (not "started Contoso's podcast").
  if (person === a && startedOrg(between) && !isPossessive(tokens, b.end)) return [decide('founded_by', false)];
  if (between.some((w) => ROLE_WORDS.has(w)) || workAt(between)) return [decide('works_for', person === a)];
  if (between.some((w) => FUND_WORDS.has(w)) || moneyTaken(between)) return invest(between, a, b);
  if (person === a && jobApposition(between)) return [decide('works_for', true, APPOSITION_CONFIDENCE)];
  return [];
}

/** "co-founder", "'s founder": a founder's title and nothing else between a name and the person after it. */
function foundersTitle(between: readonly string[]): boolean {
  const words = between[0] === "'" && between[1] === 's' ? between.slice(2) : between;
  const title = words.join(' ');
  return title === 'founder' || title === 'cofounder' || title === 'co - founder';
}

const founderTitle = (w: string) => w === 'founder' || w === 'cofounder';

/** Job titles other than a founder's: held beside "co-founder", they are a job at the organization founded. */
export const JOB_TITLES: ReadonlySet<string> = new Set(ROLE_TITLES.filter((w) => !w.includes('found')));

/** Verbs of a relative clause that give a person's organization: "Ada, who runs Acme", "Ada, who co-founded Acme". */
const RUNS = new Set(['runs', 'ran', 'leads', 'led', 'heads', 'headed', 'manages', 'managed', 'chairs', 'chaired']);
const WORKS_AT = new Set(['works', 'worked', 'teaches', 'taught']);
/** Words a relative clause may hold before its verb ("who now runs", "who also co-founded"). */
const CLAUSE_ADVERBS = new Set(['now', 'also', 'currently', 'still', 'previously', 'once', 'later']);

/**
 * ", who runs Acme" (works_for), ", who co-founded Acme" (founded_by), ", who works at
 * Acme": a relative clause right after the person whose verb takes the organization as
 * its object, with nothing but an article between the verb and the name.
 */
function whoClause(between: readonly string[]): RuleDecision | undefined {
  if (between[0] !== ',' || between[1] !== 'who') return undefined;
  const rest = between.slice(2).filter((w) => !CLAUSE_ADVERBS.has(w));
  const words = rest.at(-1) === 'the' ? rest.slice(0, -1) : rest;
  const verb = words.join(' ');
  if (words.length === 1 && RUNS.has(verb)) return decide('works_for', true);
  if (verb === 'founded' || verb === 'co - founded' || verb === 'cofounded') return decide('founded_by', false);
  // "who works at", "who teaches economics at": the verb, at most two words of a subject taught or worked on, then "at".
  const last = words.at(-1);
  if (WORKS_AT.has(words[0] ?? '') && words.length <= 4 && (last === 'at' || (last === 'for' && words.length === 2)))
    return decide('works_for', true);
  return undefined;
}

/** Verbs of saying that mark an attribution ("said Ada Quinn of Acme", "Ada Quinn at Acme says"). */
const SAYING = new Set(['said', 'says', 'told', 'tells', 'explained', 'explains', 'added', 'adds', 'noted', 'notes', 'wrote', 'writes']);

/**
 * A quote's attribution: "said Ada Quinn of Acme", "Ada Quinn of the Acme Institute said",
 * "says Ada Quinn at Acme": the person and "of"/"at" (and an article) right before the
 * organization, with a verb of saying (or "by", a byline) right before the person or
 * right after the organization.
 */
function attributed(tokens: readonly Token[], between: readonly string[], a: Span, b: Span): boolean {
  const words = between.at(-1) === 'the' ? between.slice(0, -1) : between;
  if (words.length !== 1 || (words[0] !== 'of' && words[0] !== 'at')) return false;
  const before = tokens[a.start - 1]?.text ?? '';
  const after = tokens[b.end]?.text === ',' ? (tokens[b.end + 1]?.text ?? '') : (tokens[b.end]?.text ?? '');
  // "Ada Quinn of Contoso and Bo Rask of Fabrikam led the panel": "of" and the organization closing the person's phrase is
  // an affiliation ("at" is not: "met Ada Quinn at Contoso" says where).
  const closed = words[0] === 'of' && AFFILIATION_ENDS.has(tokens[b.end]?.text ?? '.');
  return SAYING.has(before) || before === 'by' || SAYING.has(after) || closed;
}
/** What may follow "Ada Quinn of Contoso" for the phrase to be an affiliation: its end, a list going on, a clause. */
const AFFILIATION_ENDS = new Set([',', '.', ';', ':', ')', 'and', 'who']);

/** Verbs of taking someone on ("Acme hired Ada Quinn as its CTO"). */
const HIRING = new Set(['hired', 'hires', 'appointed', 'appoints', 'named', 'names', 'tapped', 'taps', 'recruited', 'promoted']);
/** Verbs that announce a hire by its noun ("announced the appointment of Ada Quinn as CFO"). */
const ANNOUNCING = new Set(['announced', 'announces', 'confirmed', 'confirms']);
/** Nouns of taking someone on, and those of them that take "to" before the role ("the promotion of Ada Quinn to CTO"). */
const HIRING_NOUNS = new Set(['appointment', 'hiring', 'promotion']);
const PROMOTING = new Set(['promoted', 'promotes', 'promotion']);

/** "the appointment of", "the promotion of": the words between an announcing verb and the person. */
function hiringNoun(words: readonly string[]): boolean {
  return words.length === 3 && words[0] === 'the' && HIRING_NOUNS.has(words[1] ?? '') && words[2] === 'of';
}

/** Tokens at most after "as" before the role word ("as its new chief operating officer"). */
const MAX_AS_ROLE = 4;

/**
 * "Acme hired former Contoso executive Ada Quinn as chief operating officer", "Acme
 * named Ada Quinn as its CEO": a hiring verb right after the organization, the person,
 * then "as" and a role. Other names may stand between (the person's past employers).
 */
export function hiredAs(tokens: readonly Token[], a: Span, b: Span): RuleDecision[] {
  const words = tokens.slice(a.end, b.start).map((t) => t.text);
  const verb = words.findIndex((w) => !AUXILIARIES.has(w));
  const word = words[verb] ?? '';
  // The word that takes the role: the verb ("promoted Ada Quinn to"), or the noun after an announcing verb ("announced
  // the appointment of Ada Quinn as").
  const taker = HIRING.has(word) ? word : ANNOUNCING.has(word) && hiringNoun(words.slice(verb + 1)) ? words[verb + 2] : undefined;
  const link = tokens[b.end]?.text;
  if (taker === undefined || (link !== 'as' && !(link === 'to' && PROMOTING.has(taker)))) return [];
  const role = tokens.slice(b.end + 1, b.end + 1 + MAX_AS_ROLE).map((t) => t.text);
  if (role.some((w, i) => w === 'ceo' || (w === 'chief' && role[i + 1] === 'executive'))) return [decide('ceo_of', false)];
  return role.some((w) => ROLE_WORDS.has(w)) ? [decide('works_for', false)] : [];
}

/** Tokens at most of a title between an organization and its person ("ad sales executive", "( PDI ) leader"). */
const MAX_TITLE = 5;

/** "former Acme CEO Ada", "ex-Acme executive Ada", "ousted Acme ( ACM ) leader Ada": a past word before the name, a short title after it, no founder. */
export function pastTitle(tokens: readonly Token[], a: Span, b: Span): boolean {
  const before = tokens[a.start - 1]?.text === '-' ? tokens[a.start - 2]?.text : tokens[a.start - 1]?.text;
  if (!PAST_WORDS.has(before ?? '')) return false;
  const title = tokens.slice(a.end, b.start).map((t) => t.text);
  return title.length <= MAX_TITLE && !title.includes(',') && !title.some((w) => w.includes('found'));
}

/** Tokens at most between an organization's possessive and the person it qualifies ("Contoso's longtime data engineer Bo Lind"). */
const MAX_POSSESSED_ROLE = 5;

/** The organization `b` is a possessive whose role words qualify a person named right after ("Google's veteran engineer Ahmed Aly"). */
export function possessorOfNext(tokens: readonly Token[], b: Span, others: readonly Span[]): boolean {
  if (!isPossessive(tokens, b.end)) return false;
  const from = b.end + 2;
  return others.some(
    (o) =>
      o.type === 'per' &&
      o.start >= from &&
      o.start - from <= MAX_POSSESSED_ROLE &&
      tokens.slice(from, o.start).every((t) => /^[\p{Ll}-]+$/u.test(t.text)),
  );
}

/**
 * ", an astronomer at" / ", now a marine geologist at": a comma, a short noun
 * phrase and "at" (or "for" after a short one), nothing that opens a clause.
 */
function jobApposition(words: readonly string[]): boolean {
  // "… a geologist at the University of X": the article before the name is not part of the job.
  const between = words.at(-1) === 'the' ? words.slice(0, -1) : words;
  const last = between.at(-1);
  const inner = between.slice(1, -1);
  if (between[0] !== ',' || inner.length === 0 || inner.length > MAX_APPOSITION_WORDS) return false;
  if (inner.some((w) => CLAUSE_WORDS.has(w) || !/^\p{L}+$/u.test(w))) return false;
  if (PLACE_PREPOSITIONS.has(inner[0] ?? '')) return false;
  return last === 'at' || (last === 'for' && inner.length <= 3);
}

/**
 * "Bo Lind, Contoso VP of data products", "Ada Quinn, Fabrikam's head of
 * channel", "Acme's founder, Ada": a person and an organization side by side, and a role
 * word right after the second name (after its possessive).
 */
export function roleAfter(tokens: readonly Token[], a: Span, b: Span): RuleDecision[] {
  if (a.type !== 'per' || b.type !== 'org') return [];
  let i = b.end;
  if (tokens[i]?.text === "'" && tokens[i + 1]?.text === 's') i += 2;
  const words = tokens.slice(i, i + ROLE_AFTER).map((t) => t.text);
  const role = words.findIndex((w) => ROLE_WORDS.has(w) || w.startsWith('cofound'));
  // Only adjectives may stand before the role ("Dell's senior vice president"): at most two words.
  if (role < 0 || hedged(words.slice(0, role + 1))) return [];
  const w = words[role] ?? '';
  if (w === 'ceo' || (w === 'chief' && words[role + 1] === 'executive')) return [decide('ceo_of', true)];
  if (w.startsWith('found') || w.startsWith('cofound')) return [decide('founded_by', false)];
  return [decide('works_for', true)];
}

/**
 * "The leader of the Green League, Bo Lind", "the CEO of Acme, Ada Quinn": a role and
 * "of" right before the organization, the person in apposition after it.
 */
export function roleBefore(tokens: readonly Token[], a: Span, b: Span): RuleDecision[] {
  // "the director of the Northern Institute of Metrology, Ada Quinn": the article does not part role and name.
  const of = tokens[a.start - 1]?.text === 'the' ? a.start - 2 : a.start - 1;
  if (a.type !== 'org' || b.type !== 'per' || tokens[of]?.text !== 'of') return [];
  const w = tokens[of - 1]?.text ?? '';
  if (w === 'ceo' || (w === 'executive' && tokens[of - 2]?.text === 'chief')) return [decide('ceo_of', false)];
  if (w.startsWith('found') || w.startsWith('cofound')) return [decide('founded_by', true)];
  return ROLE_WORDS.has(w) ? [decide('works_for', false)] : [];
}

/** Adverbs that may stand between a subject and its verb ("I currently work at"). */
const WORK_ADVERBS = new Set(['now', 'currently', 'also', 'still', 'actually', 'then']);

/**
 * "I work at Voodoo", "I currently work for Acme": the verb "work" (the first person's, as the
 * third person's "works" is a role word already) right after the person, adverbs aside, then
 * "at" or "for"; not the noun ("the work at") nor another subject's verb ("…, and work for").
 */
function workAt(between: readonly string[]): boolean {
  const at = between.indexOf('work');
  return at >= 0 && (between[at + 1] === 'at' || between[at + 1] === 'for') && between.slice(0, at).every((w) => WORK_ADVERBS.has(w));
}
