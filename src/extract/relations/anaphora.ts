/**
 * The implicit argument of a sentence: "In 2019, she co-founded Tailspin" names its founder
 * one sentence before; "The company, based in Lakemont, …" and "we chose to adopt Kestrel"
 * speak of the organization the page is about; "It offers Gita" and "Its top products
 * include Lattice" of the name that opened the sentence before; "Milton Velez, the
 * agency's district supervisor" of the organization named just before. These words are
 * read as a mention of that entity, so the relation rules and the classifier can relate
 * it, and only when the antecedent is unambiguous:
 *   - "he" or "she" in a subject's place: the only person of the last sentence naming
 *     people (at most two sentences back), or of its people the one the page names far
 *     more often than the others (a caption's photographer beside the article's subject);
 *     a sentence that opens with "he" or "she" keeps that person for the next ones;
 *   - "I" before a word: the page's one author, a person its metadata names (a post's
 *     "I work at Voodoo"); never in a sentence that quotes or reports speech;
 *   - "we", "our": the page's publisher when the page names it (a company's own
 *     blog or site), else its dominant organization; never in a sentence that quotes or
 *     reports speech (there "we" is the speaker's organization);
 *   - a definite description ("the company", "the startup", "the agency", "the search
 *     giant"): the nearest organization named before it in the same sentence, else the
 *     page's organization when one of the last two sentences named it, else the only
 *     organization of the sentence before;
 *   - "It"/"Its" in a subject's place: the name that opened the previous sentence, else
 *     the page's organization when named lately; a sentence opened by "It" or "The
 *     company" that stood for that name or the page's organization passes it on as the
 *     next sentence's opener ("Acme makes robots. The company … It offers Gita");
 *   - "the service", "the app", "the platform": the nearest product or technology named
 *     before it in the sentence, else the one that opened the sentence before;
 *   - money with no recipient named: "it raised $9M from Khosla" ("it" right before a
 *     money verb) and "Northwind led the Series B round" ("round" after "the"): the page's
 *     organization, when the sentence does not name it.
 * Token lookups only, linear in the sentence.
 */
import type { EntityType } from '../../core/graph/types';
import type { Span, Token } from './features';
import { coarseType } from './labels';

export interface Antecedent {
  readonly name: string;
  readonly type: EntityType;
}

/** A word (or two) of the sentence read as a mention of `entity`. */
export interface Anaphor {
  readonly entity: Antecedent;
  readonly span: Span;
}

/** Who "we" and "the company" may stand for on this page. */
export interface PageReferents {
  /** The organization the page is about (`pageSubject`). */
  readonly subject?: Antecedent;
  /** The site's own organization, when the page's text names it ("Segment" on the Segment blog). */
  readonly publisher?: Antecedent;
  /** The page's one author, a person its metadata names ("I work at Voodoo" on the author's post). */
  readonly author?: Antecedent;
  /** How many times the page names each person (by name): who "he" is among several people of one sentence. */
  readonly personMentions?: ReadonlyMap<string, number>;
}

/** Sentences back at most from a "he" or "she" to the person it names… */
const MAX_PERSON_DISTANCE = 2;
/** …and from "the company" to the last naming of the page's organization (another may have come up since). */
const MAX_SUBJECT_DISTANCE = 2;
/** Mentions from which a person of several in a sentence is who "he" or "she" stands for… */
const MIN_SALIENT_PERSON = 3;
/** …and how many times more than each other person of that sentence the page must name them. */
const PERSON_LEAD = 2;
/** Mentions from which an organization is the page's subject… */
const MIN_SUBJECT_MENTIONS = 3;
/** …and how many times more than the next organization it must be named. */
const SUBJECT_LEAD = 1.5;
/**
 * Describing words at most between "the" and the noun of a definite description ("the
 * search giant", "the e-commerce giant" is four tokens): more is a phrase of its own.
 */
const MAX_DESCRIPTION_WORDS = 4;

const PERSON_WORDS = new Set(['he', 'she']);
// Not "us": tokens are case-folded, and "US" is a country.
const FIRST_PERSON = new Set(['we', 'our']);
/** The author's "I", followed by a word or an apostrophe ("I work at …", "I’m"): "World War I." ends a sentence. */
const AUTHOR_WORD = 'i';
const IT_WORDS = new Set(['it', 'its']);
/** Verbs of money coming in: "it raised", "it got $3 million from …". */
const MONEY_VERBS = new Set([
  'raised',
  'raises',
  'got',
  'gets',
  'secured',
  'secures',
  'received',
  'receives',
  'closed',
  'closes',
  'landed',
]);
/** Words right after "the … round" that name whose round it is ("the round in Acme"): then it is not the page's. */
const ROUND_OWNER = new Set(['in', 'for', 'of', 'into']);
/** "the company" and its kin: nouns that only ever name an organization. */
export const ORG_NOUNS: ReadonlySet<string> = new Set([
  'company',
  'startup',
  'firm',
  'agency',
  'organization',
  'organisation',
  'giant',
  'retailer',
  'automaker',
  'carmaker',
  'chipmaker',
  'conglomerate',
  'nonprofit',
  'lender',
  'insurer',
  'airline',
]);
/** "the service" and its kin: nouns that name a made thing, read as the product or technology named just before. */
const THING_NOUNS = new Set([
  'service',
  'app',
  'platform',
  'site',
  'software',
  'browser',
  'device',
  'protocol',
  'library',
  'framework',
  'language',
]);
/** "the Series D round", "the funding round": a round of money, the page's organization's. */
const ROUND_NOUNS = new Set(['round']);
/**
 * Words that cannot describe the organization inside "the … company" ("the company's",
 * "the other company", "the two companies" are not the one named before).
 */
const NOT_DESCRIBING = new Set([
  'other',
  'another',
  'same',
  'new',
  'first',
  'second',
  'former',
  'rival',
  'parent',
  'of',
  'and',
  'or',
  'a',
  'an',
]);
/** Quote marks and speech verbs: a "we" in this sentence is a speaker's, not the page's. */
const SPEECH = new Set(['"', '“', '”', 'said', 'says', 'say', 'told', 'tells', 'explains', 'explained', 'added', 'adds', 'according']);

/**
 * The organization a page is about: the most mentioned one, when it is mentioned at
 * least `MIN_SUBJECT_MENTIONS` times and `SUBJECT_LEAD` times more than any other.
 *
 * @example
 *   pageSubject([{ name: 'Pega', type: 'company' } ×5, { name: 'AWS', type: 'company' } ×2]) // { name: 'Pega', type: 'company' }
 */
export function pageSubject(mentioned: readonly Antecedent[]): Antecedent | undefined {
  const counts = new Map<string, { entity: Antecedent; n: number }>();
  for (const e of mentioned) {
    if (e.type !== 'company') continue;
    const c = counts.get(e.name);
    counts.set(e.name, { entity: e, n: (c?.n ?? 0) + 1 });
  }
  const ranked = [...counts.values()].sort((a, b) => b.n - a.n);
  const [first, second] = ranked;
  if (first === undefined || first.n < MIN_SUBJECT_MENTIONS || first.n < SUBJECT_LEAD * (second?.n ?? 0)) return undefined;
  return first.entity;
}

type Named = ReadonlyArray<{ readonly entity: Antecedent; readonly span: Span }>;

/**
 * Follows the sentences of a page in order and reads their anaphors. Call `read` for
 * each sentence (its tokens and its named entities with their spans), in text order.
 */
export class AnaphorReader {
  private person: Antecedent | undefined;
  private personAge = Number.POSITIVE_INFINITY;
  private opener: Antecedent | undefined;
  private subjectAge = Number.POSITIVE_INFINITY;
  /** The only organization the sentence before named (several or none: undefined). */
  private lastOrg: Antecedent | undefined;
  private readonly subject: Antecedent | undefined;
  private readonly firstPerson: Antecedent | undefined;
  private readonly author: Antecedent | undefined;
  private readonly personMentions: ReadonlyMap<string, number>;

  constructor(referents: PageReferents = {}) {
    this.subject = referents.subject;
    this.firstPerson = referents.publisher ?? referents.subject;
    this.author = referents.author;
    this.personMentions = referents.personMentions ?? new Map();
  }

  /**
   * The anaphors of one sentence (none that overlap a name), then remembers its
   * antecedents for the next sentences.
   *
   * @example
   *   reader.read(tokenize('He co-founded Andela.'), [andela]) // [{ entity: { name: 'Iyinoluwa Aboyeji', type: 'person' }, span: { start: 0, end: 1, type: 'per' } }]
   */
  read(tokens: readonly Token[], named: Named): Anaphor[] {
    const out: Anaphor[] = [];
    const free = (start: number, end: number) => !named.some((n) => n.span.start < end && start < n.span.end);
    const add = (entity: Antecedent | undefined, start: number, end: number) => {
      if (entity !== undefined && free(start, end)) out.push({ entity, span: { start, end, type: coarseType(entity.type) } });
    };
    const reported = tokens.some((t) => SPEECH.has(t.text));
    // What the sentence's own subject stands for, when an anaphor opens it: the next sentence's opener or person.
    let carried: Antecedent | undefined;
    let personCarried = false;
    // The sentence's subject: its first word, or the first after its opening phrase ("In 2014, he …").
    const opening = tokens.findIndex((t) => t.text === ',');
    const leads = (i: number) => i === 0 || i === opening + 1;
    for (let i = 0; i < tokens.length; i++) {
      const w = tokens[i]?.text ?? '';
      // A subject: the sentence's first word, right after its opening phrase ("In 2014, he …") or a short opening
      // adverb ("Today she runs …", "In 2014 he …").
      // (Not "its" there: "In its report, Fabrikam said" speaks of what comes after.)
      const subjectSlot = i === 0 || tokens[i - 1]?.text === ',' || (w !== 'its' && openedBy(tokens, i));
      if (PERSON_WORDS.has(w) && subjectSlot && this.personAge <= MAX_PERSON_DISTANCE) {
        add(this.person, i, i + 1);
        personCarried ||= leads(i) && this.person !== undefined;
      } else if (FIRST_PERSON.has(w) && !reported) add(this.firstPerson, i, i + 1);
      else if (w === AUTHOR_WORD && !reported && /^[\p{Ll}'’]/u.test(tokens[i + 1]?.text ?? '')) add(this.author, i, i + 1);
      else if (IT_WORDS.has(w) && subjectSlot) {
        const strong = this.opener ?? this.recentSubject();
        add(strong ?? this.moneyTaker(tokens, i, named), i, i + 1);
        if (leads(i) && w === 'it') carried ??= strong;
      } else if (w === 'the') {
        const org = descriptionEnd(tokens, i, ORG_NOUNS);
        const thing = org > 0 ? 0 : descriptionEnd(tokens, i, THING_NOUNS);
        const round = org > 0 || thing > 0 ? 0 : descriptionEnd(tokens, i, ROUND_NOUNS);
        // The round is the page's organization's ("Northwind led the Series B round"); only the word "round" stands for it.
        if (round > 0 && !ROUND_OWNER.has(tokens[round]?.text ?? '')) add(this.unnamedSubject(named), round - 1, round);
        // A place may describe it ("the Lakemont-based startup"): then the anaphor is the noun alone.
        const end = org > 0 ? org : thing;
        const start = named.some((n) => n.span.start > i && n.span.end < end) ? end - 1 : i;
        // "acquired the startup Lumora": a description right before a name is that name's, not an anaphor.
        const describesNext = (e: number) => named.some((n) => n.span.start === e);
        if (org > 0) {
          if (!describesNext(org)) {
            add(this.described(named, i), start, org);
            // "The company specializes in …" passes on what it surely stands for: the last opener or the page's organization.
            if (leads(i) && tokens[org]?.text !== "'") carried ??= this.described(named, i, false);
          }
        } else if (thing > 0 && !describesNext(thing)) add(this.describedThing(named, i), start, thing);
      }
    }
    this.remember(named, carried, personCarried);
    return out;
  }

  /**
   * Whose a bare title is ("CEO Ada Quinn said"): the page's organization when one of the
   * last sentences named it. Asked before `read` of the sentence holding the title.
   */
  titleHolder(): Antecedent | undefined {
    return this.recentSubject();
  }

  /** The page's organization when one of the last sentences named it. */
  private recentSubject(): Antecedent | undefined {
    return this.subjectAge <= MAX_SUBJECT_DISTANCE ? this.subject : undefined;
  }

  /** The page's organization when the sentence does not name it (a round or money with no recipient named). */
  private unnamedSubject(named: Named): Antecedent | undefined {
    return named.some((n) => n.entity.name === this.subject?.name) ? undefined : this.subject;
  }

  /** "it raised $9M from …": "it" right before a money verb is the page's organization, however long ago it was named. */
  private moneyTaker(tokens: readonly Token[], at: number, named: Named): Antecedent | undefined {
    return tokens[at]?.text === 'it' && MONEY_VERBS.has(tokens[at + 1]?.text ?? '') ? this.unnamedSubject(named) : undefined;
  }

  /**
   * The organization a definite description at token `at` stands for (see the header);
   * without `weak`, only the nearest one before it, the page's organization or the last opener.
   */
  private described(named: Named, at: number, weak = true): Antecedent | undefined {
    let nearest: Antecedent | undefined;
    for (const n of named) if (n.span.end <= at && n.entity.type === 'company') nearest = n.entity;
    const opener = this.opener?.type === 'company' ? this.opener : undefined;
    return nearest ?? this.recentSubject() ?? (weak ? this.lastOrg : opener);
  }

  /** The thing "the service" stands for: the nearest product or technology named before it in the sentence, else the previous sentence's opener. */
  private describedThing(named: Named, at: number): Antecedent | undefined {
    const isThing = (e: Antecedent) => e.type === 'product' || e.type === 'technology';
    let nearest: Antecedent | undefined;
    for (const n of named) if (n.span.end <= at && isThing(n.entity)) nearest = n.entity;
    return nearest ?? (this.opener !== undefined && isThing(this.opener) ? this.opener : undefined);
  }

  /**
   * The sentence's only person (several: the one the page names far more often, else none), its only organization, and
   * the name that opens it (or what an anaphor opening it carried).
   */
  private remember(named: Named, carried: Antecedent | undefined, personCarried: boolean): void {
    const people = new Map(named.filter((n) => n.entity.type === 'person').map((n) => [n.entity.name, n.entity]));
    this.personAge += 1;
    if (people.size > 0) {
      this.person = people.size === 1 ? [...people.values()][0] : this.salientPerson([...people.values()]);
      this.personAge = 1;
    } else if (personCarried) this.personAge = 1;
    const orgs = new Set(named.filter((n) => n.entity.type === 'company').map((n) => n.entity.name));
    this.lastOrg = orgs.size === 1 ? named.find((n) => n.entity.type === 'company')?.entity : undefined;
    this.subjectAge = named.some((n) => n.entity.name === this.subject?.name) ? 1 : this.subjectAge + 1;
    const first = named.find((n) => n.span.start === 0);
    this.opener =
      first !== undefined ? (first.entity.type !== 'person' && first.entity.type !== 'location' ? first.entity : undefined) : carried;
  }

  /** Of several people, the one the page names at least `PERSON_LEAD` times as often as each other, if any. */
  private salientPerson(people: readonly Antecedent[]): Antecedent | undefined {
    const ranked = people
      .map((p) => ({ p, n: this.personMentions.get(p.name) ?? 0 }))
      .sort((x, y) => y.n - x.n || (x.p.name < y.p.name ? -1 : 1));
    const [first, second] = ranked;
    if (first === undefined || first.n < MIN_SALIENT_PERSON || first.n < PERSON_LEAD * (second?.n ?? 0)) return undefined;
    return first.p;
  }
}

/** Words of a short opening before a subject with no comma ("Today she", "Later he", "In 2014 he", "And it"). */
const OPENING_WORDS = new Set(['today', 'now', 'later', 'then', 'and', 'but', 'so', 'yet', 'also', 'meanwhile', 'since', 'in', 'soon']);
/** Tokens at most of such an opening. */
const MAX_OPENING = 2;

/** The tokens before `i` are a short opening: a few opening words and a year at most ("In 2014"). */
function openedBy(tokens: readonly Token[], i: number): boolean {
  if (i > MAX_OPENING) return false;
  return tokens.slice(0, i).every((t) => OPENING_WORDS.has(t.text) || /^0{4}$/.test(t.text));
}

/**
 * The end (exclusive) of a definite description starting with "the" at `at` ("the
 * company", "the search giant"), or 0: a few lower-case describing words, then one of
 * `nouns`.
 */
function descriptionEnd(tokens: readonly Token[], at: number, nouns: ReadonlySet<string>): number {
  for (let j = at + 1; j <= at + 1 + MAX_DESCRIPTION_WORDS && j < tokens.length; j++) {
    const w = tokens[j]?.text ?? '';
    if (nouns.has(w)) return j + 1;
    if (NOT_DESCRIBING.has(w) || !/^[\p{Ll}-]+$/u.test(w)) return 0;
  }
  return 0;
}
