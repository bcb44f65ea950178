/**
 * The trigger rules about made and used things (`rules.ts` asks these): a maker and its
 * product ("HackerRank developed CodePair", "Sony's PlayStation VR", "its robot, Atlas"),
 * a person and what they made ("Ada Quinn built Kestrel"), a user and what it runs on
 * ("Contoso adopted Kestrel", "Loom is built on Qt", "Using the Tern-9, Quinn …"); and, for
 * two organizations or things, the dispatch to the money and place rules. Token lookups
 * only: the tokens are `tokenize`'s, lower-cased.
 */
import type { Span, Token } from './features';
import { builtOn, LINE_WORDS, makersProduct, productFrom, productNamed, seatPhrase } from './noun-phrases';
import {
  ACQUIRE,
  ACQUIRE_WORDS,
  COMPETE,
  COMPETE_WORDS,
  CUSTOMER_WORDS,
  FUND_WORDS,
  invest,
  moneyTaken,
  ownedBy,
  partBought,
  partnering,
  partnersInclude,
} from './rules-money';
import { basedApposition, placeDecisions } from './rules-places';
import { seatApposition, seatBefore } from './rules-seats';
import { AUXILIARIES, decide, type RuleDecision } from './rules-shared';
import { hasStem } from '../../core/text/word-stems';
import { MAKER_PREFIXES, MAKER_VERBS, PRODUCT_NOUNS, USE_WORDS } from '../../core/text/relation-vocabulary';

/** A maker's possessive right before its product ("Sony's PlayStation VR"): often but not always the maker. */
const POSSESSIVE_MAKER_CONFIDENCE = 0.6;
/** A maker and its product, maker first ("HackerRank developed CodePair", "Apple unveiled the iPhone"). */
const MAKES = MAKER_PREFIXES;
const MAKES_WORDS = new Set(MAKER_VERBS);
/** A user and what it runs on, user first ("Segment adopted NSQ", "QGIS is built on Qt"). */
const USES_WORDS = new Set(USE_WORDS);
/** Tokens at most between a maker or user and the thing: a verb and an article or two. */
const MAX_THING_GAP = 5;
/** A product named through a product noun after its maker's possessive: less sure than a bare possessive. */
export const PRODUCT_NOUN_CONFIDENCE = 0.6;

/** Words at most between the apposition's article and its product noun ("a four-legged robot"). */
const MAX_APPOSITION_PRODUCT = 3;

/**
 * The name at `b` is followed by ", a <product noun>" ("Stretch, a robot that …", "Gita, an autonomous robot") or by a
 * made thing's relative clause (", which is made for parcel sorting").
 */
export function productAfter(tokens: readonly Token[], b: Span): boolean {
  if (tokens[b.end]?.text === ',' && madeFor(tokens.slice(b.end + 1, b.end + 5).map((t) => t.text))) return true;
  if (tokens[b.end]?.text !== ',' || !ARTICLES.has(tokens[b.end + 1]?.text ?? '')) return false;
  for (let i = b.end + 2; i <= b.end + 2 + MAX_APPOSITION_PRODUCT && i < tokens.length; i++) {
    const w = tokens[i]?.text ?? '';
    if (PRODUCT_NOUN_SET.has(w)) return true;
    if (!/^[\p{Ll}-]+$/u.test(w)) return false;
  }
  return false;
}
export const ARTICLES = new Set(['a', 'an']);
const MADE = new Set(['built', 'designed', 'made', 'engineered']);

/** "which is made for parcel sorting", "which was designed to …": a made thing's relative clause. */
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
export function productApposition(between: readonly string[], first: string, type: Span['type']): boolean {
  if (!makersProduct(between, first)) return false;
  const lead = between.at(-1) === 'the' ? between.at(-2) : between.at(-1);
  // The noun and the name side by side ("Dell's Zen microarchitecture" reads otherwise): a comma, "include" or "called" between.
  if (lead !== ',' && lead !== 'include' && lead !== 'includes' && lead !== 'called' && lead !== 'named') return false;
  return type === 'org' || (between[0] === "'" && between[1] === 's');
}

/** Product nouns that also name people: "Ada's assistant, Bo Rask" is a person, whatever "a voice assistant" is. */
const PERSON_NOUNS = new Set(['assistant']);

/** The product noun between may name the person `b` is: no made thing then. */
export function personNamed(between: readonly string[], b: Span): boolean {
  return b.type === 'per' && between.some((w) => PERSON_NOUNS.has(w));
}

/** Two organizations or things: makers, users, buyers, owners, rivals, customers, partners, money. */
export function thingDecisions(tokens: readonly Token[], between: readonly string[], a: Span, b: Span): RuleDecision[] {
  const orgLike = (s: Span) => s.type === 'org' || s.type === 'misc';
  const has = (set: ReadonlySet<string>) => between.some((w) => set.has(w));
  const hasPrefix = (prefixes: readonly string[]) => between.some((w) => hasStem(w, prefixes));
  const phrase = between.join(' ');
  // "Sony's PlayStation VR", "Intel's mainstream vPro offerings".
  const line = between.length === 3 && LINE_WORDS.has(between[2] ?? '') ? between.slice(0, 2) : between;
  if (a.type === 'org' && b.type === 'misc' && line.join(' ') === "' s") return [decide('develops', true, POSSESSIVE_MAKER_CONFIDENCE)];
  if (a.type === 'org' && b.type === 'misc' && makersProduct(between, tokens[a.start]?.text ?? ''))
    return [decide('develops', true, PRODUCT_NOUN_CONFIDENCE)];
  if (a.type === 'misc' && b.type === 'org' && productFrom(between)) return [decide('develops', false, PRODUCT_NOUN_CONFIDENCE)];
  // "Tailspin developed a second product, Loom": a maker's verb, a product noun, the product (typed as it may be).
  if (a.type === 'org' && b.type !== 'loc' && productNamed(between) && makerVerb(between))
    return [{ ...decide('develops', true, PRODUCT_NOUN_CONFIDENCE), thing: true }];
  // "the service ran on an in-house job scheduler called Taskline": what it stands on, named.
  if (orgLike(a) && b.type !== 'loc' && builtOnNamed(between)) return [{ ...decide('uses', true), thing: true }];
  // "Acme Cloud is powered by Kestrel": what it runs on, after the passive's "by".
  if (orgLike(a) && b.type === 'misc' && poweredBy(between)) return [decide('uses', true)];
  // "Loom is a Qt application", "Kestrel is a Rust library": what the thing is written with.
  if (orgLike(a) && b.type === 'misc' && (phrase === 'is a' || phrase === 'is an') && WRITTEN_WITH.has(tokens[b.end]?.text ?? ''))
    return [decide('uses', true)];
  if (orgLike(a) && b.type === 'misc' && between.length <= MAX_THING_GAP && !between.includes('by')) {
    // The verb right after the subject ("Apple released iOS", "Segment has adopted NSQ"): not "… to help launch
    // the PSVR" nor "… that are used in HTTP"; "by" would make it passive, left to the classifier and patterns.
    const at = between.findIndex((w) => !AUXILIARIES.has(w));
    const verb = between[at] ?? '';
    // "QGIS is built on Qt", "Chrome is based on Chromium", "Acme is written in Rust": what it stands on, not what it makes.
    if (builtOn(verb, between[at + 1] ?? '')) return [decide('uses', true)];
    // "we began with RabbitMQ", "Acme switched to Kafka" ("started" is read as a lead-in verb above).
    if (startedWith(between, at)) return [decide('uses', true)];
    if (a.type === 'org' && (hasStem(verb, MAKES) || MAKES_WORDS.has(verb))) return [decide('develops', true)];
    // "Acme adopted NSQ", and of a product: "the Kestrel X boards handle the Tern protocol".
    if (USES_WORDS.has(verb) && (a.type === 'org' || subjectOfClause(tokens, a, verb))) return [decide('uses', true)];
  }
  if (a.type === 'org' && b.type === 'loc') return placeDecisions(tokens, between, a, b);
  // "Contoso's headquarters in Lakemont", "Fabrikam, an Oslo-based holding group": a name with a seat is an organization,
  // whatever type it was given.
  if (a.type === 'misc' && b.type === 'loc' && (seatPhrase(between) || basedApposition(tokens, between, b) || seatApposition(tokens, a, b)))
    return [decide('located_in', true)];
  // "Lakemont-based Harbor Ventures", "the Eastvale-based startup".
  // "the Oslo company Contoso": the place qualifies the organization's noun.
  if (a.type === 'loc' && b.type === 'org' && (phrase === '- based' || seatBefore(tokens, a, b))) return [decide('located_in', false)];
  if (a.type !== 'org' || !orgLike(b)) return ownedBy(between, a, b);
  // "Y was acquired by X", "… by the Northwind Media Group": the buyer is the second name; a part of one is not the whole
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
 * and no preposition before it ("guard files in RAM using Tern" is not RAM's doing).
 */
function subjectOfClause(tokens: readonly Token[], a: Span, verb: string): boolean {
  return verb !== 'using' && verb !== 'used' && !SUBJECT_PREPOSITIONS.has(tokens[a.start - 1]?.text ?? '');
}
const SUBJECT_PREPOSITIONS = new Set(['in', 'on', 'at', 'of', 'for', 'with', 'from', 'by', 'to', 'into', 'onto']);

/** Nouns of what a thing is built on, before "called" ("a system called Workqueue"): the product nouns and "system". */
const BASE_NOUNS: ReadonlySet<string> = new Set([...PRODUCT_NOUNS, 'system']);
/** Words at most between "built on" and the name ("an in-house legacy job scheduling service called"). */
const MAX_BASE_PHRASE = 8;

/** "was built on a … system called", "runs on a … platform named": a built-on verb after the subject, then a base noun and "called"/"named". */
function builtOnNamed(between: readonly string[]): boolean {
  const at = between.findIndex((w) => !AUXILIARIES.has(w));
  // Hyphens join a compound modifier's words ("in-house"): they lengthen no phrase.
  const words = between.slice(at).filter((w) => w !== '-').length;
  if (at < 0 || !builtOn(between[at] ?? '', between[at + 1] ?? '') || words > MAX_BASE_PHRASE + 2) return false;
  const last = between.at(-1);
  return (last === 'called' || last === 'named') && BASE_NOUNS.has(between.at(-2) ?? '') && !between.includes(',');
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
export function makerVerb(between: readonly string[]): boolean {
  const at = between.findIndex((w) => !AUXILIARIES.has(w));
  const verb = between[at] ?? '';
  return at >= 0 && between.length - at <= MAX_MAKER_PHRASE && (hasStem(verb, MAKES) || MAKES_WORDS.has(verb));
}

/** "is powered by", "runs on" said with "by": a participle of running and "by" right before the thing. */
function poweredBy(between: readonly string[]): boolean {
  // ", which is powered by": a relative clause about the thing.
  const clause = between[0] === ',' && (between[1] === 'which' || between[1] === 'that') ? between.slice(2) : between;
  const words = clause.filter((w) => w !== 'the');
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
export function personMakes(between: readonly string[]): RuleDecision[] {
  const words = between[0] === 'for' ? between.slice(1) : between;
  if (words.length > MAX_THING_GAP) return [];
  const at = words.findIndex((w) => !AUXILIARIES.has(w));
  const verb = words[at] ?? '';
  if (PERSON_MAKES.has(verb) || hasStem(verb, ['develop'])) return [decide('develops', true)];
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

/** Tokens that may open a sentence's phrase before "using": its start, or a colon ("… told like this: Using X, …"). */
const PHRASE_OPENERS = new Set([':', '—', '–']);

/** "Using X," / "Using the X," opens the sentence (or follows a colon), X being `a`. */
export function openingUse(tokens: readonly Token[], a: Span): boolean {
  const at = tokens[a.start - 1]?.text === 'the' ? a.start - 2 : a.start - 1;
  if (tokens[at]?.text !== 'using') return false;
  return at === 0 || PHRASE_OPENERS.has(tokens[at - 1]?.text ?? '');
}
