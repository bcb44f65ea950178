/**
 * Trigger-word rules for the labels Re-DocRED has no data for:
 * `ceo_of`, `works_for` by role words, `acquired`, `competes_with`, `invested_in`,
 * `partners_with`, `customer_of`. A rule reads the tokens between two names of one
 * sentence (a short window, no other person or organization between, no hedge or
 * reported speech between) and, for a few, the words right after the second name. Token
 * lookups only, linear in the sentence: no regular expression runs over page text.
 * The classifier (`extract.ts`) asks these first; a rule that fires decides the pair.
 */
import type { Span, Token } from './features';
import { builtOn, isInstitution, LINE_WORDS, makersProduct, productFrom, productNamed, seatPhrase, unitOf } from './noun-phrases';
import { PAST_WORDS, placesLeader, placesSpokesperson, seatAfter, sitedIn } from './places';
import { BREAKS, hedged, ROLE_WORDS } from './triggers';
import {
  ACQUIRE_PREFIXES,
  ACQUIRE_WORDS as ACQUIRE_VOCABULARY,
  COMPETE_PREFIXES,
  COMPETE_WORDS as COMPETE_VOCABULARY,
  CUSTOMER_WORDS as CUSTOMER_VOCABULARY,
  FUND_WORDS as FUND_VOCABULARY,
  MAKER_PREFIXES,
  MAKER_VERBS,
  PARTNER_PREFIXES,
  PRODUCT_NOUNS,
  ROLE_TITLES,
  USE_WORDS,
} from '../../core/text/relation-vocabulary';

/** A label a rule stated, its direction (`forward`: first name → second), and its confidence. */
export interface RuleDecision {
  readonly label: RuleLabel;
  readonly forward: boolean;
  readonly confidence: number;
  /** The phrase itself calls the second name a made thing ("another product, CodePair"), whatever its type. */
  readonly thing?: boolean;
}
export type RuleLabel =
  | 'develops'
  | 'uses'
  | 'founded_by'
  | 'ceo_of'
  | 'works_for'
  | 'acquired'
  | 'competes_with'
  | 'invested_in'
  | 'partners_with'
  | 'customer_of'
  | 'subsidiary_of'
  | 'located_in'
  | 'spouse_of';

/** Tokens between the names beyond which no rule reads them as related (one clause). */
const MAX_GAP = 12;
/** Tokens after the second name read for "X and Y are working together". */
const TRAILING = 4;
/**
 * Confidences of rule relations: under the hand-written patterns' (which are exact
 * phrases) and above the classifier's bar; role words are the surest, money the least.
 */
const CONFIDENCE: Readonly<Record<RuleLabel, number>> = {
  develops: 0.65,
  uses: 0.65,
  founded_by: 0.75,
  ceo_of: 0.8,
  works_for: 0.7,
  acquired: 0.75,
  competes_with: 0.7,
  invested_in: 0.65,
  partners_with: 0.65,
  customer_of: 0.65,
  subsidiary_of: 0.7,
  located_in: 0.7,
  spouse_of: 0.7,
};
/** A person's job by apposition alone ("Ada, an astronomer at Harvard"), with no role word: surer than money, less than a title. */
const APPOSITION_CONFIDENCE = 0.6;
/** A maker's possessive right before its product ("Sony's PlayStation VR"): often but not always the maker. */
const POSSESSIVE_MAKER_CONFIDENCE = 0.6;
/** Words at most in a job apposition between the comma and "at" ("now a physical oceanographer at"). */
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
/** Words that open a place, not a job, after a person's comma ("Parata, in front of the shed at the Centre"). */
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
/** Tokens after the second name read for its possessive and a role ("Dell's head of channel"). */
const ROLE_AFTER = 3;

const ACQUIRE = ACQUIRE_PREFIXES;
const ACQUIRE_WORDS = new Set(ACQUIRE_VOCABULARY);
const COMPETE = COMPETE_PREFIXES;
const COMPETE_WORDS = new Set(COMPETE_VOCABULARY);
const FUND_WORDS = new Set(FUND_VOCABULARY);
/** With these, the money goes from the second name to the first ("Acme raised $3M from Khosla"). */
const RAISED_FROM = new Set(['raised', 'raises', 'raising', 'from', 'by', 'investors', 'investor', 'including']);
/** A first name that leads or joins a round is an investor, never its target. */
const ROUND_LEADS = new Set(['led', 'leads', 'co', 'participated', 'joined', 'joins']);
/** Money taken from someone without a funding word: "it got $7.5 million from Recruit" (a verb, an amount, "from"). */
const MONEY_TAKEN = new Set(['got', 'gets', 'secured', 'secures', 'received', 'receives', 'landed']);
const AMOUNT_WORDS = new Set(['$', '€', '£', 'million', 'billion']);
const PARTNER = [...PARTNER_PREFIXES, 'teamed', 'alliance'];

const starts = (w: string, prefixes: readonly string[]) => prefixes.some((p) => w.startsWith(p));

/** A partnership verb or noun; "partner(s)" only as "partners with" ("the firm's five partners" are people). */
function partnering(words: readonly string[]): boolean {
  return words.some((w, i) => starts(w, PARTNER) || ((w === 'partner' || w === 'partners') && words[i + 1] === 'with'));
}
const CUSTOMER_WORDS = new Set(CUSTOMER_VOCABULARY);
/** A maker and its product, maker first ("HackerRank developed CodePair", "Apple unveiled the iPhone"). */
const MAKES = MAKER_PREFIXES;
const MAKES_WORDS = new Set(MAKER_VERBS);
/** A user and what it runs on, user first ("Segment adopted NSQ", "QGIS is built on Qt"). */
const USES_WORDS = new Set(USE_WORDS);
/** Words that may stand between a subject and its verb, and verbs that lead in to it ("we decided to adopt", "started using"). */
const AUXILIARIES = new Set([
  'has',
  'have',
  'had',
  'also',
  'recently',
  'now',
  'today',
  'just',
  'first',
  'then',
  'later',
  'is',
  'was',
  'will',
  'decided',
  'chose',
  'began',
  'started',
  'continues',
  'continued',
  'to',
  // "we're currently deployed on AWS", "we've been running on Kafka".
  "'",
  're',
  've',
  'are',
  'were',
  'been',
  'currently',
  'still',
  'already',
]);
/** Tokens at most between a maker or user and the thing: a verb and an article or two. */
const MAX_THING_GAP = 5;
/** A product named through a product noun after its maker's possessive: less sure than a bare possessive. */
const PRODUCT_NOUN_CONFIDENCE = 0.6;

/**
 * The rules that relate `a` and `b` (a before b in the sentence): none, or one label, or
 * two where one phrase states both ("CEO and co-founder of Segment").
 *
 * @example
 *   ruleDecisions(tokenize('Stripe acquired Paystack'), stripe, paystack, []) // [{ label: 'acquired', forward: true, confidence: 0.75 }]
 */
export function ruleDecisions(tokens: readonly Token[], a: Span, b: Span, others: readonly Span[]): RuleDecision[] {
  const gap = b.start - a.end;
  if (gap >= 0 && gap <= MAX_RIVAL_GAP && rivalTitled(tokens, a, b)) return [decide('competes_with', true)];
  if (gap < 0 || gap > MAX_GAP) return [];
  // "the Interaction Design Institute Ivrea (IDII) in Ivrea": a short bracket right after the first name (its acronym, a
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
  // "Director of Analytics at Instacart", "a fellow at the Bagnoud Center at Harvard": the unit does not stand between the person and the organization.
  const unit = (o: Span) => o.type === 'org' && unitOf(tokens, o, [...others, a, b]);
  // …and a unit that is no institution of its own ("Analytics", "AI") is no employer either; a center or institute is.
  if (a.type === 'per' && unit(b) && !isInstitution(tokens, b)) return [];
  // "co-director of MIT's Lorenz Center": the owner named by a possessive right before the organization is part of its name.
  const owner = (o: Span) => a.type === 'per' && b.type === 'org' && o.end + 2 === b.start && isPossessive(tokens, o.end);
  // "Maker Studios, a YouTube multichannel network that was bought by …": a thing's name qualifying the noun of the first
  // name's apposition is no party of the clause.
  const modifier = (o: Span) =>
    o.type === 'misc' && o.start === a.end + 2 && tokens[a.end]?.text === ',' && ARTICLES.has(tokens[a.end + 1]?.text ?? '');
  // "Adam Davidson, Vice President and Portfolio General Manager at CTEC": a thing's name ending in a job title is the title.
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
  // "Fattmerchant (a fintech company founded by Suneera Madhani)": a bracket opened right after the first name and still
  // open is an apposition about it, not a break.
  const apposition = between[0] === '(' && !between.includes(')');
  if (hedged(between) || between.some((w, i) => BREAKS.has(w) && !(i === 0 && apposition))) return [];
  // "Norwest led the Series D round": the word "round" read as the page's organization (anaphora.ts) is what the first funded.
  if (
    ROUND_LEADS.has(between[0] ?? '') &&
    b.end - b.start === 1 &&
    tokens[b.start]?.text === 'round' &&
    b.type === 'org' &&
    a.type !== 'loc'
  )
    return a.type === 'org' || a.type === 'per' ? [decide('invested_in', true)] : [];
  if (a.type === 'loc' && b.type === 'loc') return placeInPlace(tokens, between, a, b, others);
  // "Using the LGP-30, Lorenz made discoveries": the clause's subject, right after the opening phrase, used the thing.
  if (a.type === 'misc' && b.type !== 'loc' && between.length === 1 && between[0] === ',' && openingUse(tokens, a))
    return [decide('uses', false)];
  // "the International Criminal Court at The Hague": an institution in its place, and no list of places going on.
  if (a.type === 'org' && b.type === 'loc' && sitedIn(tokens, between, a) && !listGoesOn(tokens, b, others))
    return [decide('located_in', true)];
  // "Sudan's president, Omar al-Bashir": the head of a state works for it.
  // "White House press secretary Josh Earnest": a spokesperson speaks for the office the place names.
  if (a.type === 'loc' && b.type === 'per' && (placesLeader(between) || placesSpokesperson(tokens, a, between)))
    return [decide('works_for', false)];
  // "Dell's infrastructure offering, PowerFlex", "Boston Dynamics is known for its robot, Atlas", "Ada Quinn's synthesis tool,
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
  if (a.type !== 'per' && b.type !== 'per') return thingDecisions(tokens, between, a, b);
  // "Ellen Fetter had married John Gille": the verb alone between two people.
  if (a.type === 'per' && b.type === 'per') return married(between) ? [decide('spouse_of', true)] : [];
  if (a.type === 'per' && b.type === 'misc') return personMakes(between);
  return personDecisions(tokens, between, a, b);
}

/** "married", "is married to", ", who married": auxiliaries and a marrying verb alone between two people. */
function married(between: readonly string[]): boolean {
  const words = between[0] === ',' && between[1] === 'who' ? between.slice(2) : between;
  const verb = words.filter((w) => !AUXILIARIES.has(w)).join(' ');
  return verb === 'married' || verb === 'married to' || verb === 'wed';
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

/** Tokens at most between a sentence's opening organization and "competitors Google" later in the same clause. */
const MAX_RIVAL_GAP = 20;
const RIVAL_TITLES = new Set(['competitor', 'competitors', 'rival', 'rivals']);

/**
 * "Microsoft's approach … is different from those of competitors Google and Facebook": the
 * organization that opens the sentence and one titled its rival, with no other
 * organization, no break and no hedge between.
 */
function rivalTitled(tokens: readonly Token[], a: Span, b: Span): boolean {
  if (a.type !== 'org' || b.type !== 'org' || a.start !== 0 || !RIVAL_TITLES.has(tokens[b.start - 1]?.text ?? '')) return false;
  const between = tokens.slice(a.end, b.start).map((t) => t.text);
  return !hedged(between) && !between.some((w) => BREAKS.has(w) || w === ',' || w === '.');
}

const decide = (label: RuleLabel, forward: boolean, confidence = CONFIDENCE[label]): RuleDecision => ({ label, forward, confidence });

/** Words at most between the apposition's article and its product noun ("a four-legged robot"). */
const MAX_APPOSITION_PRODUCT = 3;

/**
 * The name at `b` is followed by ", a <product noun>" ("Stretch, a robot that …", "Gita, an autonomous robot") or by a
 * made thing's relative clause (", which is built for warehouse automation").
 */
function productAfter(tokens: readonly Token[], b: Span): boolean {
  if (tokens[b.end]?.text === ',' && madeFor(tokens.slice(b.end + 1, b.end + 5).map((t) => t.text))) return true;
  if (tokens[b.end]?.text !== ',' || !ARTICLES.has(tokens[b.end + 1]?.text ?? '')) return false;
  for (let i = b.end + 2; i <= b.end + 2 + MAX_APPOSITION_PRODUCT && i < tokens.length; i++) {
    const w = tokens[i]?.text ?? '';
    if (PRODUCT_NOUN_SET.has(w)) return true;
    if (!/^[\p{Ll}-]+$/u.test(w)) return false;
  }
  return false;
}
const ARTICLES = new Set(['a', 'an']);
const MADE = new Set(['built', 'designed', 'made', 'engineered']);

/** "which is built for warehouse automation", "which was designed to …": a made thing's relative clause. */
function madeFor(words: readonly string[]): boolean {
  const [which, is, made, purpose] = words;
  return (
    which === 'which' && (is === 'is' || is === 'was' || is === 'are') && MADE.has(made ?? '') && (purpose === 'for' || purpose === 'to')
  );
}
const PRODUCT_NOUN_SET: ReadonlySet<string> = new Set(PRODUCT_NOUNS);

/**
 * A maker's product noun, then a comma or "include"/"called", then the name: an
 * organization's ("Dell's offering, PowerFlex", "its robot, Atlas") or a person's by the
 * possessive alone ("Ada Quinn's synthesis tool, Yosys").
 */
function productApposition(between: readonly string[], first: string, type: Span['type']): boolean {
  if (!makersProduct(between, first)) return false;
  const lead = between.at(-1) === 'the' ? between.at(-2) : between.at(-1);
  // The noun and the name side by side ("Dell's Zen microarchitecture" reads otherwise): a comma, "include" or "called" between.
  if (lead !== ',' && lead !== 'include' && lead !== 'includes' && lead !== 'called' && lead !== 'named') return false;
  return type === 'org' || (between[0] === "'" && between[1] === 's');
}

/** Product nouns that also name people: "Ada's assistant, Bo Rask" is a person, whatever "a voice assistant" is. */
const PERSON_NOUNS = new Set(['assistant']);

/** The product noun between may name the person `b` is: no made thing then. */
function personNamed(between: readonly string[], b: Span): boolean {
  return b.type === 'per' && between.some((w) => PERSON_NOUNS.has(w));
}

/** A person and an organization: CEO, founder, any other role, an apposition, money. */
function personDecisions(tokens: readonly Token[], between: readonly string[], a: Span, b: Span): RuleDecision[] {
  const [person, org] = a.type === 'per' ? [a, b] : [b, a];
  // "YouTube co-founder Jawed Karim", "Project Diane's founder Ada": the title right before the person founds the name before it, whatever its type.
  if (org === a && a.type === 'misc' && foundersTitle(between)) return [decide('founded_by', true)];
  // An organization, not a thing or a stray phrase ("head of AI", "led by African-American women").
  if (org.type !== 'org') return [];
  if (person === a) {
    const clause = whoClause(between);
    if (clause !== undefined) return [clause];
    if (attributed(tokens, between, a, b)) return [decide('works_for', true, APPOSITION_CONFIDENCE)];
  }
  const out: RuleDecision[] = [];
  if (between.some((w, i) => w === 'ceo' || (w === 'chief' && between[i + 1] === 'executive'))) out.push(decide('ceo_of', person === a));
  // "Donovan co-founded Maker Studios", "Acme founder Ada": the organization founded_by the person.
  if (between.some((w) => w.startsWith('found') || w.startsWith('cofound'))) out.push(decide('founded_by', org === a));
  // "president, chief operating officer and co-founder of Cardlytics": a founder's other titles are a job there too (the
  // title "founder", not the verb: "he co-founded developer outsourcing firm Fabrikam" names no job).
  if (out.length === 1 && out[0]?.label === 'founded_by' && between.some(founderTitle) && between.some((w) => JOB_TITLES.has(w)))
    out.push(decide('works_for', person === a));
  if (out.length > 0) return out;
  if (between.some((w) => ROLE_WORDS.has(w))) return [decide('works_for', person === a)];
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
const JOB_TITLES: ReadonlySet<string> = new Set(ROLE_TITLES.filter((w) => !w.includes('found')));

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
  if (words.length === 2 && WORKS_AT.has(words[0] ?? '') && (words[1] === 'at' || words[1] === 'for')) return decide('works_for', true);
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
  return SAYING.has(before) || before === 'by' || SAYING.has(after);
}

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
function hiredAs(tokens: readonly Token[], a: Span, b: Span): RuleDecision[] {
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

/**
 * True when no relation may join the pair, by rule or by the classifier: a person before
 * an organization whose possessive qualifies the next person ("Grady Burnett as chief
 * operating officer and Google's veteran software engineer Ahmed Aly"), or that opens the
 * next conjunct with a possessive ("… and Google's …": the roles before "and" are the first
 * person's, even when the next person is not a recognized name); a past title before a
 * person ("former Facebook ad sales executive Grady Burnett": no job there now; a founder
 * stays one).
 */
export function vetoed(tokens: readonly Token[], a: Span, b: Span, others: readonly Span[]): boolean {
  if (a.type !== 'per' && b.type === 'per') return pastTitle(tokens, a, b);
  // "Contoso acquired a subsidiary of Fabrikam", "bought Fabrikam's chip unit": neither owns the other (a stake is money, read by the rules).
  if (a.type !== 'per' && a.type !== 'loc' && b.type === 'org' && b.start >= a.end) {
    const between = tokens.slice(a.end, b.start).map((t) => t.text);
    const buying = between.some((w) => starts(w, ACQUIRE) || ACQUIRE_WORDS.has(w));
    if (buying && between.length <= MAX_GAP && partBought(tokens, between, b) && !between.some((w) => FUND_WORDS.has(w))) return true;
  }
  if (a.type !== 'per' || b.type !== 'org') return false;
  return possessorOfNext(tokens, b, others) || (tokens[b.start - 1]?.text === 'and' && isPossessive(tokens, b.end));
}

/** Tokens at most of a title between an organization and its person ("ad sales executive", "( PDI ) leader"). */
const MAX_TITLE = 5;

/** "former Acme CEO Ada", "ex-Acme executive Ada", "ousted Acme ( ACM ) leader Ada": a past word before the name, a short title after it, no founder. */
function pastTitle(tokens: readonly Token[], a: Span, b: Span): boolean {
  const before = tokens[a.start - 1]?.text === '-' ? tokens[a.start - 2]?.text : tokens[a.start - 1]?.text;
  if (!PAST_WORDS.has(before ?? '')) return false;
  const title = tokens.slice(a.end, b.start).map((t) => t.text);
  return title.length <= MAX_TITLE && !title.includes(',') && !title.some((w) => w.includes('found'));
}

/** A possessive "'s" at token `i` (the tokenizer splits "Google's" into "google", "'", "s"). */
function isPossessive(tokens: readonly Token[], i: number): boolean {
  return tokens[i]?.text === "'" && tokens[i + 1]?.text === 's';
}

/** Tokens at most between an organization's possessive and the person it qualifies ("Google's veteran software engineer Ahmed Aly"). */
const MAX_POSSESSED_ROLE = 5;

/** The organization `b` is a possessive whose role words qualify a person named right after ("Google's veteran engineer Ahmed Aly"). */
function possessorOfNext(tokens: readonly Token[], b: Span, others: readonly Span[]): boolean {
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
 * ", an astronomer at" / ", now a physical oceanographer at": a comma, a short noun
 * phrase and "at" (or "for" after a short one), nothing that opens a clause.
 */
function jobApposition(words: readonly string[]): boolean {
  // "… an oceanographer at the University of X": the article before the name is not part of the job.
  const between = words.at(-1) === 'the' ? words.slice(0, -1) : words;
  const last = between.at(-1);
  const inner = between.slice(1, -1);
  if (between[0] !== ',' || inner.length === 0 || inner.length > MAX_APPOSITION_WORDS) return false;
  if (inner.some((w) => CLAUSE_WORDS.has(w) || !/^\p{L}+$/u.test(w))) return false;
  if (PLACE_PREPOSITIONS.has(inner[0] ?? '')) return false;
  return last === 'at' || (last === 'for' && inner.length <= 3);
}

/** Two organizations or things: makers, users, buyers, owners, rivals, customers, partners, money. */
function thingDecisions(tokens: readonly Token[], between: readonly string[], a: Span, b: Span): RuleDecision[] {
  const orgLike = (s: Span) => s.type === 'org' || s.type === 'misc';
  const has = (set: ReadonlySet<string>) => between.some((w) => set.has(w));
  const hasPrefix = (prefixes: readonly string[]) => between.some((w) => starts(w, prefixes));
  const phrase = between.join(' ');
  // "Sony's PlayStation VR", "Intel's mainstream vPro offerings".
  const line = between.length === 3 && LINE_WORDS.has(between[2] ?? '') ? between.slice(0, 2) : between;
  if (a.type === 'org' && b.type === 'misc' && line.join(' ') === "' s") return [decide('develops', true, POSSESSIVE_MAKER_CONFIDENCE)];
  if (a.type === 'org' && b.type === 'misc' && makersProduct(between, tokens[a.start]?.text ?? ''))
    return [decide('develops', true, PRODUCT_NOUN_CONFIDENCE)];
  if (a.type === 'misc' && b.type === 'org' && productFrom(between)) return [decide('develops', false, PRODUCT_NOUN_CONFIDENCE)];
  // "HackerRank developed another product, CodePair": a maker's verb, a product noun, the product (typed as it may be).
  if (a.type === 'org' && b.type !== 'loc' && productNamed(between) && makerVerb(between))
    return [{ ...decide('develops', true, PRODUCT_NOUN_CONFIDENCE), thing: true }];
  // "the service was built on a distributed process management system called Workqueue": what it stands on, named.
  if (orgLike(a) && b.type !== 'loc' && builtOnNamed(between)) return [{ ...decide('uses', true), thing: true }];
  // "Acme Cloud is powered by Kestrel": what it runs on, after the passive's "by".
  if (orgLike(a) && b.type === 'misc' && poweredBy(between)) return [decide('uses', true)];
  // "QGIS is a Qt application", "Kestrel is a Rust library": what the thing is written with.
  if (orgLike(a) && b.type === 'misc' && (phrase === 'is a' || phrase === 'is an') && WRITTEN_WITH.has(tokens[b.end]?.text ?? ''))
    return [decide('uses', true)];
  if (orgLike(a) && b.type === 'misc' && between.length <= MAX_THING_GAP && !between.includes('by')) {
    // The verb right after the subject ("Apple released iOS", "Segment has adopted NSQ"): not "… to help launch
    // the PSVR" nor "… that are used in HTTP"; "by" would make it passive, left to the classifier and patterns.
    const at = between.findIndex((w) => !AUXILIARIES.has(w));
    const verb = between[at] ?? '';
    // "QGIS is built on Qt", "Chrome is based on Chromium", "Acme is written in Rust": what it stands on, not what it makes.
    if (builtOn(verb, between[at + 1] ?? '')) return [decide('uses', true)];
    // "we first started out with RabbitMQ", "Acme switched to Kafka" ("started" is read as a lead-in verb above).
    if (startedWith(between, at)) return [decide('uses', true)];
    if (a.type === 'org' && (starts(verb, MAKES) || MAKES_WORDS.has(verb))) return [decide('develops', true)];
    // "Acme adopted NSQ", and of a product: "the Ryzen PRO platforms support the DASH protocol".
    if (USES_WORDS.has(verb) && (a.type === 'org' || subjectOfClause(tokens, a, verb))) return [decide('uses', true)];
  }
  if (a.type === 'org' && b.type === 'loc') return placeDecisions(tokens, between, a, b);
  // "Pebble's headquarters in Redwood City", "NEQSOL, an Amsterdam-based conglomerate": a name with a seat is an organization,
  // whatever type it was given.
  if (a.type === 'misc' && b.type === 'loc' && (seatPhrase(between) || basedApposition(tokens, between, b)))
    return [decide('located_in', true)];
  // "Foster City-based Scale Venture Partners", "the San Mateo-based startup".
  if (a.type === 'loc' && b.type === 'org' && phrase === '- based') return [decide('located_in', false)];
  if (a.type !== 'org' || !orgLike(b)) return ownedBy(between, a, b);
  // "Y was acquired by X", "… by the Walt Disney Company": the buyer is the second name; a part of one is not the whole
  // ("acquired a 20% stake in Fabrikam" is read as money below; `vetoed` keeps the classifier off the others).
  if ((hasPrefix(ACQUIRE) || has(ACQUIRE_WORDS)) && !partBought(tokens, between, b)) {
    const last = between.at(-1) === 'the' ? between.at(-2) : between.at(-1);
    return [decide('acquired', last !== 'by')];
  }
  const owned = ownedBy(between, a, b);
  if (owned.length > 0) return owned;
  if (b.type !== 'org') return [];
  if (hasPrefix(COMPETE) || has(COMPETE_WORDS)) return [decide('competes_with', true)];
  if (has(CUSTOMER_WORDS)) {
    // "Segment's customers, including Instacart": the second buys from the first; "X, a client of Y": the first from the second.
    const ofAfter = between.some((w, i) => CUSTOMER_WORDS.has(w) && between[i + 1] === 'of');
    return [decide('customer_of', ofAfter)];
  }
  if (partnering(between) || partnersInclude(tokens, between, a)) return [decide('partners_with', true)];
  if (has(FUND_WORDS) || moneyTaken(between)) return invest(between, a, b);
  return [];
}

/**
 * A thing that is its clause's subject: a finite verb ("supports", not "using" or "used")
 * and no preposition before it ("protect data in DRAM using AES" is not DRAM's doing).
 */
function subjectOfClause(tokens: readonly Token[], a: Span, verb: string): boolean {
  return verb !== 'using' && verb !== 'used' && !SUBJECT_PREPOSITIONS.has(tokens[a.start - 1]?.text ?? '');
}
const SUBJECT_PREPOSITIONS = new Set(['in', 'on', 'at', 'of', 'for', 'with', 'from', 'by', 'to', 'into', 'onto']);

/** Nouns of what a thing is built on, before "called" ("a system called Workqueue"): the product nouns and "system". */
const BASE_NOUNS: ReadonlySet<string> = new Set([...PRODUCT_NOUNS, 'system']);
/** Words at most between "built on" and the name ("a retrofitted distributed process management system called"). */
const MAX_BASE_PHRASE = 8;

/** "was built on a … system called", "runs on a … platform named": a built-on verb after the subject, then a base noun and "called"/"named". */
function builtOnNamed(between: readonly string[]): boolean {
  const at = between.findIndex((w) => !AUXILIARIES.has(w));
  if (at < 0 || !builtOn(between[at] ?? '', between[at + 1] ?? '') || between.length - at > MAX_BASE_PHRASE + 2) return false;
  const last = between.at(-1);
  return (last === 'called' || last === 'named') && BASE_NOUNS.has(between.at(-2) ?? '') && !between.includes(',');
}

/** Words after a buying verb that make its object a part of the second name ("a stake in", "the assets of", "20% of"). */
const PART_WORDS = new Set(['of', 'in', 'stake', '%']);

/**
 * What was bought is a part of `b`, not `b`: a part word after the buying verb ("acquired a stake in Fabrikam"), `b`'s
 * possessive after it ("bought Fabrikam's chip unit"), or the first name's before it ("Acme's unit was bought by …").
 */
function partBought(tokens: readonly Token[], between: readonly string[], b: Span): boolean {
  if (between.at(-1) === 'by' || between.at(-2) === 'by') return between[0] === "'" && between[1] === 's';
  const buying = between.findIndex((w) => starts(w, ACQUIRE) || ACQUIRE_WORDS.has(w));
  // Not the noun's own "of" ("Acme's acquisition of Fabrikam").
  return buying >= 0 && (between.slice(buying + 2).some((w) => PART_WORDS.has(w)) || isPossessive(tokens, b.end));
}

/** Verbs of moving onto a technology, with their preposition ("switched to Kafka"). */
const MOVED_TO = new Set(['switched', 'moved', 'migrated', 'transitioned']);

/** "started out with X", "started with X", "switched to X": the words after the subject, `at` its first non-auxiliary. */
function startedWith(between: readonly string[], at: number): boolean {
  const rest = between.slice(at).filter((w) => w !== 'the');
  if (MOVED_TO.has(rest[0] ?? '') && rest[1] === 'to' && rest.length === 2) return true;
  if (!between.slice(0, at).includes('started')) return false;
  return (rest[0] === 'with' && rest.length === 1) || (rest[0] === 'out' && rest[1] === 'with' && rest.length === 2);
}

/** Nouns after "is a <name>" that make the name what the subject is written with ("a Qt application"), not its maker. */
const WRITTEN_WITH = new Set(['application', 'app', 'library', 'framework', 'program', 'plugin', 'extension', 'module', 'package']);

/** Words at most between a maker's verb and its product noun ("developed another new product"). */
const MAX_MAKER_PHRASE = 6;

/** The first word after the subject's auxiliaries is a maker's verb, within a short phrase. */
function makerVerb(between: readonly string[]): boolean {
  const at = between.findIndex((w) => !AUXILIARIES.has(w));
  const verb = between[at] ?? '';
  return at >= 0 && between.length - at <= MAX_MAKER_PHRASE && (starts(verb, MAKES) || MAKES_WORDS.has(verb));
}

/** "is powered by", "runs on" said with "by": a participle of running and "by" right before the thing. */
function poweredBy(between: readonly string[]): boolean {
  const words = between.filter((w) => w !== 'the');
  return (
    words.length <= 4 &&
    words.at(-1) === 'by' &&
    words.at(-2) === 'powered' &&
    words.slice(0, -2).every((w) => AUXILIARIES.has(w) || w === 'are' || w === 'were')
  );
}

/**
 * A person and a thing they made: "Ada Quinn built Kestrel", "Ada Quinn for creating
 * kestrel.js" (thanks), "Ada Quinn, the creator of Kestrel". The verb right after the
 * person, or after "for"; the noun "creator"/"author" in an apposition.
 */
function personMakes(between: readonly string[]): RuleDecision[] {
  const words = between[0] === 'for' ? between.slice(1) : between;
  if (words.length > MAX_THING_GAP) return [];
  const at = words.findIndex((w) => !AUXILIARIES.has(w));
  const verb = words[at] ?? '';
  if (PERSON_MAKES.has(verb) || starts(verb, ['develop'])) return [decide('develops', true)];
  if (between[0] === ',' && between.at(-1) === 'of' && between.some((w) => CREATOR_NOUNS.has(w)) && between.length <= 5)
    return [decide('develops', true)];
  return [];
}
const PERSON_MAKES = new Set([
  'built',
  'builds',
  'building',
  'created',
  'creates',
  'creating',
  'wrote',
  'writes',
  'writing',
  'designed',
  'designing',
  'invented',
]);
const CREATOR_NOUNS = new Set(['creator', 'author', 'inventor', 'developer', 'designer', 'maintainer']);

/** "got $7.5 million from": a verb of taking, an amount and "from" (the money's giver follows). */
function moneyTaken(between: readonly string[]): boolean {
  return between.some((w) => MONEY_TAKEN.has(w)) && between.some((w) => AMOUNT_WORDS.has(w)) && between.includes('from');
}

/**
 * An organization and a place: "Pebble's headquarters in Redwood City" (a possessive, a
 * seat noun, "in"), "Amnesty International, a London-based rights group" (an apposition
 * whose place is glued to "-based").
 */
function placeDecisions(tokens: readonly Token[], between: readonly string[], a: Span, b: Span): RuleDecision[] {
  if (seatPhrase(between) || seatAfter(tokens, between, a, b) || basedApposition(tokens, between, b)) return [decide('located_in', true)];
  return [];
}

/** ", a London-based …": an apposition whose place is glued to "-based". */
function basedApposition(tokens: readonly Token[], between: readonly string[], b: Span): boolean {
  const phrase = between.join(' ');
  const based = tokens[b.end]?.text === '-' && tokens[b.end + 1]?.text === 'based';
  return based && (phrase === ', a' || phrase === ', an' || phrase === ', the');
}

/** Tokens that may open a sentence's phrase before "using": its start, or a colon ("… told like this: Using X, …"). */
const PHRASE_OPENERS = new Set([':', '—', '–']);

/** "Using X," / "Using the X," opens the sentence (or follows a colon), X being `a`. */
function openingUse(tokens: readonly Token[], a: Span): boolean {
  const at = tokens[a.start - 1]?.text === 'the' ? a.start - 2 : a.start - 1;
  if (tokens[at]?.text !== 'using') return false;
  return at === 0 || PHRASE_OPENERS.has(tokens[at - 1]?.text ?? '');
}

/**
 * A list goes on after `b`: "in Paris and Rome", "in Paris, London and Rome" (a name after the comma, and another
 * separator after it); not "in Ivrea, Italy." (the place the first is in).
 */
function listGoesOn(tokens: readonly Token[], b: Span, others: readonly Span[]): boolean {
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
function placeInPlace(tokens: readonly Token[], between: readonly string[], a: Span, b: Span, others: readonly Span[]): RuleDecision[] {
  // "in Paris, London and Rome", "Central Park in New York or Hollywood Boulevard in Los Angeles": a list goes on, and
  // the names listed after would share the relation (`coordinatedAfter`); left alone.
  const next = tokens[b.end]?.text ?? '';
  if (between.length !== 1 || next === 'and' || next === 'or' || (LIST_WORDS.has(next) && others.some((o) => o.start > b.end))) return [];
  if (between[0] === 'in') return [decide('located_in', true)];
  // Not an opening phrase ("In Washington, White House officials said"): the comma closes it, the second name is another matter.
  if (between[0] !== ',' || a.start < 2 || !PLACE_OPENERS.has(tokens[a.start - 1]?.text ?? '')) return [];
  return [decide('located_in', true)];
}

/**
 * Ownership stated right between the names: "Amazon-owned Whole Foods", "Facebook owns
 * Instagram" (the second is the first's), "TikTok's parent company ByteDance" (the first
 * is the second's). The owner is an organization; what it owns an organization or a thing.
 */
function ownedBy(between: readonly string[], a: Span, b: Span): RuleDecision[] {
  const phrase = between.join(' ');
  if (a.type === 'org' && (phrase === '- owned' || phrase === 'owns' || phrase === 'also owns')) return [decide('subsidiary_of', false)];
  if (b.type === 'org' && between[0] === "'" && between[1] === 's' && between.length <= 5 && between.includes('parent'))
    return [decide('subsidiary_of', true)];
  return [];
}

/** "ByteDance, TikTok's Chinese parent company": the second name belongs to the first. */
function parentAfter(tokens: readonly Token[], a: Span, b: Span): RuleDecision[] {
  if (a.type !== 'org' || b.type === 'per' || b.type === 'loc') return [];
  const after = tokens.slice(b.end, b.end + ROLE_AFTER + 2).map((t) => t.text);
  if (after[0] !== "'" || after[1] !== 's' || !after.slice(2).includes('parent')) return [];
  return [decide('subsidiary_of', false)];
}

/**
 * "Ramzi Souri, Pega VP of cloud technologies", "Alexandre Brousse, Dell's head of
 * channel", "Acme's founder, Ada": a person and an organization side by side, and a role
 * word right after the second name (after its possessive).
 */
function roleAfter(tokens: readonly Token[], a: Span, b: Span): RuleDecision[] {
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
 * "The leader of Ennahda, Rachid Ghannouchi", "the CEO of Acme, Ada Quinn": a role and
 * "of" right before the organization, the person in apposition after it.
 */
function roleBefore(tokens: readonly Token[], a: Span, b: Span): RuleDecision[] {
  // "the director of the US National Institute of Standards, Laurie Locascio": the article does not part role and name.
  const of = tokens[a.start - 1]?.text === 'the' ? a.start - 2 : a.start - 1;
  if (a.type !== 'org' || b.type !== 'per' || tokens[of]?.text !== 'of') return [];
  const w = tokens[of - 1]?.text ?? '';
  if (w === 'ceo' || (w === 'executive' && tokens[of - 2]?.text === 'chief')) return [decide('ceo_of', false)];
  if (w.startsWith('found') || w.startsWith('cofound')) return [decide('founded_by', true)];
  return ROLE_WORDS.has(w) ? [decide('works_for', false)] : [];
}

/** "Khosla invested in Acme" (first → second) or "Acme raised $3M from Khosla" (second → first). */
function invest(between: readonly string[], a: Span, b: Span): RuleDecision[] {
  // "Norwest led the round with … investors including Alloy": both invested, in someone else.
  if (ROUND_LEADS.has(between[0] ?? '')) return [];
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
function partnersInclude(tokens: readonly Token[], between: readonly string[], a: Span): boolean {
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

/** "CTEC and HackerRank are working together", "Acme and Contoso compete": a verb after both names. */
function trailing(tokens: readonly Token[], a: Span, b: Span, others: readonly Span[]): RuleDecision[] {
  if (a.type !== 'org' || b.type !== 'org') return [];
  // The words of the next name are not a verb ("…, First Round Capital, Greylock Partners").
  const stop = Math.min(b.end + TRAILING, ...others.filter((o) => o.start >= b.end).map((o) => o.start));
  const after = tokens.slice(b.end, stop).map((t) => t.text);
  if (hedged(after)) return [];
  if (partnering(after) || after.includes('together')) return [decide('partners_with', true)];
  if (after.some((w) => starts(w, COMPETE))) return [decide('competes_with', true)];
  return [];
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
    // "owns Instagram, Atlas, WhatsApp": a name typed otherwise stays in the list when the list resumes with b's type after it.
    if (s.type !== b.type && !(s.type !== 'per' && b.type !== 'per' && resumes(tokens, spans, i, b.type))) break;
    out.push(i);
    previous = s;
  }
  return out;
}

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
 * Matt Reiferson for building NSQ", "New York and Los Angeles-based Greycroft"): the
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
