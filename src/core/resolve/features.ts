/**
 * Named features of a (subject, candidate) pair and the calibrated confidence built
 * from them: a logistic function whose weights are named constants below. Every
 * feature is in -1..1 so the weights read as "how much this evidence counts".
 */
import type { EntityType } from '../graph/types';
import { isEntityType } from '../graph/types';
import { initialsOfKey, nameKey, tokens, withoutHonorific } from '../text/normalize';
import { placeNames } from './demonyms';
import { jaccard, jaroWinkler } from './similarity';

export const FEATURE_NAMES = [
  'exact_name',
  'alias_match',
  'name_similarity',
  'token_overlap',
  'token_containment',
  'number_agreement',
  'number_conflict',
  'short_form',
  'page_short_form',
  'descriptor_variant',
  'acronym',
  'type_match',
  'type_conflict',
  'same_page',
  'co_mentions',
  'attribute_agreement',
  'authority_id',
  'preferred',
  'embedding',
  'popularity',
  'co_mentions_known',
  'surname_context',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type Features = Record<FeatureName, number>;

/**
 * Logistic weights. Fitted by `bench/eval-resolve.ts --fit` (AIDA dev mention pairs) and
 * `bench/eval-er.ts --fit` (Amazon-Google train pairs), then rounded; signs fixed by hand
 * where a feature must never help (a type conflict only hurts).
 */
export const WEIGHTS: Readonly<Features> = {
  // A normalized-name match is most of the evidence for an entity, but not all of it (homonyms).
  exact_name: 3,
  // A known alias counts as much as the name.
  alias_match: 3,
  // Jaro-Winkler of the closest names rescaled from JW_FLOOR..1 to 0..1.
  name_similarity: 7,
  token_overlap: 1.5,
  // Share of the shorter name's words found in the longer one: product titles ("visio standard
  // 2007 upgrade" ~ "microsoft visio standard 2007 version upgrade") match on it.
  token_containment: 2.5,
  // Numbers are versions and models: the same one is mild evidence, different ones are strong
  // evidence against ("Windows 10" vs "Windows 11", "Apollo 11" vs "Apollo 13").
  number_agreement: 0.5,
  number_conflict: -3,
  // "Simmons" for "Phil Simmons": plausible, never enough alone.
  short_form: 0.5,
  // …but on the same page a surname and the full name are the same person ("Alan Shearer" … "Shearer");
  // only the last word counts ("U.S." is not "U.S. Open").
  page_short_form: 6,
  // "Stripe Payments" for "Stripe": the extra words only say what kind of business it is.
  descriptor_variant: 4.5,
  acronym: 2.5,
  // Agreeing types help a little; a conflicting type sinks even an exact-name homonym
  // ("Mercury" the planet vs the bank) below any threshold.
  type_match: 1.5,
  type_conflict: -11,
  // The same name twice on one page is one entity far more often than two.
  same_page: 2.5,
  co_mentions: 3,
  attribute_agreement: 2.5,
  authority_id: 4,
  preferred: 3,
  embedding: 2,
  // Frequently seen entities are a little more likely referents (log-scaled, tie-breaker strength).
  popularity: 0.5,
  // Both sides have co-mentioned names: on its own a penalty, which shared names
  // (co_mentions) must outweigh. An entity only ever seen among baseball teams is less
  // likely the city of the same name in a story about its mayor. Chosen on AIDA dev half A
  // (B-cubed cross-doc F1 0.9207 / 0.9228 / 0.9251 / 0.9250 at 0 / -1 / -2 / -3), checked on half B.
  co_mentions_known: -2,
  // A full name and a lone surname on different pages ("Ian Healy" / "Healy") are one person
  // when the pages share other names (the team-mates, the opponents); alone it is no evidence.
  // AIDA dev cross-doc F1 0.9198 → 0.9220 (0.9220 at weights 4 to 6).
  surname_context: 5,
};
/** Jaro-Winkler at or below this is no evidence (AIDA dev: 0.70 → 0.869, 0.80 → 0.871, 0.85 → 0.864 cross-doc F1). */
const JW_FLOOR = 0.8;

/**
 * Similarity credited to a name written with initials for the other's words ("S. Waugh" /
 * "Steve Waugh"): likely the same name, not certainly ("J. Smith"). AIDA dev cross-doc F1
 * 0.9220 → 0.9242 (the same at 0.9 to 1).
 */
const INITIALS_SIMILARITY = 0.95;

/** Jaro-Winkler from which two differently written names on one page may be one entity ("Israeli"/"Israelis"). */
const SAME_PAGE_MIN_SIMILARITY = 0.9;

/** Co-mentioned names each side needs before their (dis)agreement counts as evidence. */
const MIN_CO_MENTIONS = 3;

/** Intercept: with no evidence at all a pair is almost surely different entities. */
export const BIAS = -6;

/**
 * Products are matched on titles ("adobe after effects professional 7.0"): long,
 * versioned, word-order free, where character similarity says little and shared words
 * say much. Weights fitted on Amazon-Google train pairs (`bench/eval-er.ts`, ER_DUMP +
 * logistic regression), rounded; character similarity is set to 0 rather than the fitted
 * slightly negative value so it can never count against a match.
 */
export const PRODUCT_WEIGHTS: Readonly<Features> = {
  ...WEIGHTS,
  // The whole normalized title is the same product ("Android", "Adobe Photoshop CS2"):
  // versions that differ are caught by number_conflict. Without this a one-word product
  // name never reached auto-accept (0.72) and every page made a new "Android".
  exact_name: 5,
  // Product names are rarely reused for unrelated things, so an exact title seen among
  // different names (a phone review, a browser's release notes) is still the same product.
  co_mentions_known: -1,
  name_similarity: 0,
  token_overlap: 2.4,
  token_containment: 2.4,
  number_agreement: 0,
  number_conflict: -1.2,
  short_form: 1.1,
};

/** The weight set for a pair whose (expected or candidate) type is `type`. */
export function weightsFor(type: EntityType | undefined): Readonly<Features> {
  return type === 'product' ? PRODUCT_WEIGHTS : WEIGHTS;
}

/** Everything about the subject the features need, computed once per request. */
export interface SubjectProfile {
  /** Normalized keys of the subject and its hint aliases / page expansions. */
  readonly keys: readonly string[];
  /** Tokens of each key, in the order of `keys`. */
  readonly keyTokens: readonly ReadonlySet<string>[];
  /** Keys of the subject's names that are written like acronyms ("IBM"). */
  readonly acronymKeys: ReadonlySet<string>;
  /** Initials of the subject's multi-word names ("international business machines" → "ibm"). */
  readonly initials: ReadonlySet<string>;
  readonly expectedType?: EntityType;
  readonly preferredId?: string;
  readonly authorityIds: ReadonlySet<string>;
  readonly pageEntityIds: ReadonlySet<string>;
  readonly coMentionKeys: ReadonlySet<string>;
  readonly domains: ReadonlySet<string>;
}

/** What the features need about a candidate, whatever its source. */
export interface CandidateProfile {
  readonly id: string;
  readonly name: string;
  /** `nameKey(name)`, read from the entity's index keys (no normalization at scoring time). */
  readonly nameKey: string;
  readonly aliases: readonly string[];
  readonly aliasKeys: readonly string[];
  /** The name is written like an acronym ("IBM"). */
  readonly nameIsAcronym: boolean;
  readonly type?: EntityType;
  readonly authorityId?: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly mentionCount: number;
  /** Normalized names of the candidate's neighbours in the graph (bounded). */
  readonly neighbourKeys: ReadonlySet<string>;
}

// A Map: the caller's type hint is looked up, and `constructor` must find nothing.
const TYPE_SYNONYMS: ReadonlyMap<string, EntityType> = new Map(
  Object.entries({
    organization: 'company',
    organisation: 'company',
    org: 'company',
    corporation: 'company',
    business: 'company',
    people: 'person',
    human: 'person',
    place: 'location',
    city: 'location',
    country: 'location',
    geography: 'location',
    software: 'technology',
    tech: 'technology',
    language: 'technology',
    framework: 'technology',
  } satisfies Record<string, EntityType>),
);

/**
 * Reads a free-form type hint ("Person", "organisation") as an entity type.
 *
 * @example
 *   parseEntityType('Organisation') // 'company'
 */
export function parseEntityType(raw: string | undefined): EntityType | undefined {
  if (raw === undefined) return undefined;
  const t = raw.trim().toLowerCase();
  if (isEntityType(t)) return t;
  return TYPE_SYNONYMS.get(t);
}

/** Host of a URL-like attribute value, without `www.`; undefined when it is not one. */
export function domainOf(value: string): string | undefined {
  const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?([^/\s:?#]+\.[a-z]{2,})(?:[:/?#]|$)/i.exec(value.trim());
  return m?.[1]?.toLowerCase().replace(/^www\./, '');
}

const DOMAIN_ATTRIBUTES = ['url', 'website', 'homepage', 'domain', 'sameas', 'official_website'];

export function domainsOf(attributes: Readonly<Record<string, string>>): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(attributes)) {
    if (!DOMAIN_ATTRIBUTES.includes(k.toLowerCase())) continue;
    const d = domainOf(v);
    if (d !== undefined) out.add(d);
  }
  return out;
}

/** The feature vector of one pair. `embedding` is filled by the caller when enabled. */
export function computeFeatures(subject: SubjectProfile, cand: CandidateProfile): Features {
  const nameK = cand.nameKey;
  const aliasKeys = cand.aliasKeys;
  const allKeys = [nameK, ...aliasKeys];
  const exact = subject.keys.includes(nameK) ? 1 : 0;
  const alias = exact === 0 && aliasKeys.some((k) => subject.keys.includes(k)) ? 1 : 0;
  let sim = 0;
  let overlap = 0;
  let shortForm = 0;
  let surname = 0;
  // The candidate is the lone surname and the subject the full name ("Smith" / "Chris Smith").
  let candidateIsSurname = false;
  let descriptor = 0;
  let containment = 0;
  const candTokens = allKeys.map((c) => new Set(c.split(' ')));
  subject.keys.forEach((s, i) => {
    const sTok = subject.keyTokens[i] ?? new Set<string>();
    allKeys.forEach((c, j) => {
      const cTok = candTokens[j] ?? new Set<string>();
      sim = Math.max(sim, nameSimilarity(s, c, sTok, cTok));
      overlap = Math.max(overlap, jaccard(sTok, cTok));
      containment = Math.max(containment, containmentOf(sTok, cTok));
      if (isShortForm(sTok, cTok) || isShortForm(cTok, sTok)) shortForm = 1;
      // "Shearer" for "Alan Shearer" either way round, but a place inside a longer name is
      // not its surname ("France" in "Air France", "Iraqi" in "Iraqi Kurds").
      if (isSurnameOf(withoutHonorific(s), c)) surname = 1;
      else if (isSurnameOf(withoutHonorific(c), s) && placeNames(c).length === 0) {
        surname = 1;
        candidateIsSurname = true;
      }
      if (isDescriptorVariant(sTok, cTok) || isDescriptorVariant(cTok, sTok)) descriptor = 1;
    });
  });
  const numbers = numberAgreement(subject.keyTokens, candTokens);
  const candInitials = initialsOfKey(nameK);
  const acronym =
    (candInitials !== undefined && subject.acronymKeys.has(candInitials)) || (cand.nameIsAcronym && subject.initials.has(nameK)) ? 1 : 0;
  let typeMatch = 0;
  let typeConflict = 0;
  if (subject.expectedType !== undefined && cand.type !== undefined && subject.expectedType !== 'other' && cand.type !== 'other') {
    if (subject.expectedType === cand.type) typeMatch = 1;
    else if (!areOverlappingTypes(subject.expectedType, cand.type)) typeConflict = 1;
  }
  let coMentions = 0;
  let coMentionsKnown = 0;
  if (subject.coMentionKeys.size > 0 && cand.neighbourKeys.size > 0) {
    // Both sides know enough names for sharing none of them to mean something.
    coMentionsKnown = subject.coMentionKeys.size >= MIN_CO_MENTIONS && cand.neighbourKeys.size >= MIN_CO_MENTIONS ? 1 : 0;
    let shared = 0;
    for (const k of cand.neighbourKeys) if (subject.coMentionKeys.has(k) && !subject.keys.includes(k)) shared++;
    // Two shared neighbours are already strong context; more adds nothing.
    coMentions = Math.min(1, shared / 2);
  }
  let attr = 0;
  const candDomains = domainsOf(cand.attributes);
  if (subject.domains.size > 0 && candDomains.size > 0) {
    attr = [...subject.domains].some((d) => candDomains.has(d)) ? 1 : -1;
  }
  const authority =
    cand.authorityId !== undefined && (subject.authorityIds.has(cand.authorityId) || subject.preferredId === cand.authorityId) ? 1 : 0;
  return {
    exact_name: exact,
    alias_match: alias,
    // Jaro-Winkler's prefix bonus lifts "israel"/"israelis" to 0.95; below 0.85 it is noise.
    // …and between two places only an exact name counts: place names are seldom misspelt,
    // and near-identical ones are different places ("Tunis"/"Tunisia", "Iran"/"Iraq").
    name_similarity:
      exact === 0 && alias === 0 && subject.expectedType === 'location' && cand.type === 'location'
        ? 0
        : Math.max(0, (sim - JW_FLOOR) / (1 - JW_FLOOR)),
    token_overlap: overlap,
    token_containment: containment,
    number_agreement: numbers === 1 ? 1 : 0,
    number_conflict: numbers === -1 ? 1 : 0,
    short_form: exact === 1 || alias === 1 ? 0 : shortForm,
    descriptor_variant: exact === 0 && alias === 0 ? descriptor : 0,
    // Surnames are people's: only when neither side is typed as something else.
    page_short_form:
      exact === 0 &&
      alias === 0 &&
      surname === 1 &&
      subject.pageEntityIds.has(cand.id) &&
      mayBePerson(subject.expectedType) &&
      mayBePerson(cand.type)
        ? 1
        : 0,
    acronym,
    type_match: typeMatch,
    type_conflict: typeConflict,
    // One page naming two things differently ("France", "Air France") names two things:
    // sharing the page counts only when the names agree.
    same_page:
      subject.pageEntityIds.has(cand.id) &&
      (exact === 1 || alias === 1 || surname === 1 || descriptor === 1 || acronym === 1 || sim >= SAME_PAGE_MIN_SIMILARITY)
        ? 1
        : 0,
    co_mentions: coMentions,
    co_mentions_known: coMentionsKnown,
    attribute_agreement: attr,
    authority_id: authority,
    preferred: subject.preferredId !== undefined && subject.preferredId === cand.id ? 1 : 0,
    embedding: 0,
    // log10(1 + count) / 3: 1 at a thousand mentions.
    popularity: Math.min(1, Math.log10(1 + Math.max(0, cand.mentionCount)) / 3),
    // …but a surname already known with another full name ("Smith" for "Pamela Colman Smith")
    // is that person, not "Chris Smith".
    surname_context:
      exact === 0 &&
      alias === 0 &&
      surname === 1 &&
      !subject.pageEntityIds.has(cand.id) &&
      !(candidateIsSurname && allKeys.some((k) => k.includes(' '))) &&
      mayBePerson(subject.expectedType) &&
      mayBePerson(cand.type) &&
      coMentions > 0
        ? 1
        : 0,
  };
}

/**
 * Character similarity of two names where it means something: Jaro-Winkler of the words
 * they do not share. A shared leading word says nothing about the rest, yet Jaro-Winkler's
 * prefix bonus would count it ("northwind labs" / "northwind research group" ≈ 0.85);
 * what differs ("labs" / "research group") is what must look alike for a variant spelling.
 *
 * @example
 *   nameSimilarity('northwind labs', 'northwind research group', …) // ≈ 0.38 ("labs" / "research group"), not 0.85
 */
function nameSimilarity(a: string, b: string, aTok: ReadonlySet<string>, bTok: ReadonlySet<string>): number {
  if (a === b) return 1;
  let shared = false;
  for (const t of aTok) if (bTok.has(t)) shared = true;
  if (!shared) return jaroWinkler(a, b);
  const restA = a
    .split(' ')
    .filter((t) => !bTok.has(t))
    .join(' ');
  const restB = b
    .split(' ')
    .filter((t) => !aTok.has(t))
    .join(' ');
  if (restA.length === 0 || restB.length === 0) {
    // One name inside the other: the same name when what the longer adds is only initials or
    // kind-of-business words ("Donald J. Trump", "Cisco Systems", "NPR.org"); otherwise the
    // extra words name something else ("Apple TV", "Tesla Hunt", "San Francisco Bay") and
    // whether it is a short form is for short_form, page_short_form and the context to say.
    const [short, long] = restA.length === 0 ? [aTok, bTok] : [bTok, aTok];
    return addsOnly(short, long, (t) => t.length === 1 || DESCRIPTORS.has(t)) ? 1 : 0;
  }
  // "S. Waugh" / "Steve Waugh": initials standing for the other name's words, in order.
  if (initialsFit(restA, restB) || initialsFit(restB, restA)) return INITIALS_SIMILARITY;
  return jaroWinkler(restA, restB);
}

/** `short`'s words are the initials of `full`'s words, in order ("s" / "steve", "j r" / "john ronald"). */
export function initialsFit(short: string, full: string): boolean {
  const a = short.split(' ');
  const b = full.split(' ');
  return a.length === b.length && a.every((t, i) => t.length === 1 && (b[i] ?? '').length > 1 && b[i]?.[0] === t);
}

/** Untyped, or typed as a person. */
function mayBePerson(type: EntityType | undefined): boolean {
  return type === undefined || type === 'other' || type === 'person';
}

/**
 * Types whose borders blur: "Android", "Kubernetes" or "PostgreSQL" are a technology on one
 * page and a product on the next, and recognizers disagree the same way. Such a pair
 * neither conflicts nor matches; the name and the context decide.
 */
function areOverlappingTypes(a: EntityType, b: EntityType): boolean {
  return (a === 'technology' && b === 'product') || (a === 'product' && b === 'technology');
}

/**
 * Whether `name` is a short form of `full`: all its words are words of `full`, which has more.
 *
 * @example
 *   isShortFormOf('Collison', 'Patrick Collison') // true
 */
export function isShortFormOf(name: string, full: string): boolean {
  return isShortForm(new Set(tokens(nameKey(name))), new Set(tokens(nameKey(full))));
}

// Words that say what kind of business a name is, not which one ("Stripe Payments", "Magna International").
const DESCRIPTORS = new Set([
  'international',
  'technologies',
  'technology',
  'tech',
  'software',
  'systems',
  'solutions',
  'labs',
  'payments',
  'services',
  'networks',
  'global',
  'worldwide',
  'enterprises',
  'industries',
  'online',
  'digital',
  'ventures',
  'hq',
  // A web address's ending names the same business ("NPR.org", "Stuff.co.nz").
  'com',
  'net',
  'org',
  'io',
  'co',
  'fr',
  'de',
  'uk',
  'nz',
  'au',
  'ca',
  'es',
  'it',
  'jp',
]);

/**
 * Whether one name key is the other plus words that only say what kind of business it is
 * or a middle initial ("cisco systems" / "cisco", "macrumors com" / "macrumors",
 * "donald j trump" / "donald trump"): the same name written longer. A digit is no initial
 * ("ryzen 3 pro" is not "ryzen pro").
 *
 * @example
 *   isWrittenLonger('dell technologies', 'dell') // true
 *   isWrittenLonger('apple music', 'apple') // false
 */
export function isWrittenLonger(a: string, b: string): boolean {
  const ta = new Set(a.split(' '));
  const tb = new Set(b.split(' '));
  const [short, long] = ta.size < tb.size ? [ta, tb] : [tb, ta];
  // An initial only between a first name and a surname: "J. Smith" is not written longer than "Smith".
  return addsOnly(short, long, (t) => DESCRIPTORS.has(t) || (short.size >= 2 && /^\p{L}$/u.test(t)));
}

/** `long` is `short` plus descriptor words only. */
function isDescriptorVariant(short: ReadonlySet<string>, long: ReadonlySet<string>): boolean {
  return addsOnly(short, long, (t) => DESCRIPTORS.has(t));
}

/** `long` is `short` plus words that all pass `extra`. */
function addsOnly(short: ReadonlySet<string>, long: ReadonlySet<string>, extra: (word: string) => boolean): boolean {
  if (!isShortForm(short, long)) return false;
  for (const t of long) if (!short.has(t) && !extra(t)) return false;
  return true;
}

/** A one-word key that is the last word of a two- or three-word key ("shearer", "alan shearer"). */
function isSurnameOf(short: string, full: string): boolean {
  if (short.includes(' ')) return false;
  const words = full.split(' ');
  return words.length >= 2 && words.length <= 3 && words[words.length - 1] === short;
}

/**
 * |a ∩ b| / min(|a|, |b|), when the smaller side has two words or more: one word inside a
 * longer name ("Madrid" in "Real Madrid") is the short-form feature's business.
 */
function containmentOf(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const min = Math.min(a.size, b.size);
  if (min < 2) return 0;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / min;
}

const HAS_DIGIT = /\d/;

/** 1 when both sides carry numbers and share one, -1 when both do and share none, else 0. */
function numberAgreement(subject: readonly ReadonlySet<string>[], cand: readonly ReadonlySet<string>[]): number {
  const numbersOf = (sets: readonly ReadonlySet<string>[]): Set<string> => {
    const out = new Set<string>();
    for (const set of sets) for (const t of set) if (HAS_DIGIT.test(t)) out.add(t);
    return out;
  };
  const a = numbersOf(subject);
  const b = numbersOf(cand);
  if (a.size === 0 || b.size === 0) return 0;
  for (const x of a) if (b.has(x)) return 1;
  return -1;
}

/** All tokens of `short` appear in `long`, which has more: "simmons" ⊂ "phil simmons". */
function isShortForm(short: ReadonlySet<string>, long: ReadonlySet<string>): boolean {
  if (short.size === 0 || short.size >= long.size) return false;
  for (const t of short) if (!long.has(t)) return false;
  return true;
}

/** The logit (log-odds) of a feature vector: bias plus weighted features. */
export function logitOf(features: Features, weights: Readonly<Features> = WEIGHTS, bias = BIAS): number {
  let z = bias;
  for (const name of FEATURE_NAMES) z += weights[name] * features[name];
  return z;
}

/** Logistic confidence of a feature vector, in 0..1. */
export function confidenceOf(features: Features, weights: Readonly<Features> = WEIGHTS, bias = BIAS): number {
  return 1 / (1 + Math.exp(-logitOf(features, weights, bias)));
}
