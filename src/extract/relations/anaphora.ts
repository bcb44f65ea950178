/**
 * The implicit argument of a sentence: "In 2014, he co-founded Andela" names its founder
 * one sentence before; "The company, based in Waltham, …" and "we decided to adopt NSQ"
 * speak of the organization the page is about; "It offers Gita" of the name that opened
 * the sentence before. These words are read as a mention of that entity, so the relation
 * rules and the classifier can relate it, and only when the antecedent is unambiguous:
 * for a "he" or "she" in a subject's place, the only person of the last sentence naming
 * people (at most two sentences back); for "we", the page's dominant organization, and for
 * "the company", the same when one of the last two sentences named it; for "It" opening a
 * sentence, the name that opened the previous one.
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

/** Sentences back at most from a "he" or "she" to the person it names… */
const MAX_PERSON_DISTANCE = 2;
/** …and from "the company" to the last naming of the page's organization (another may have come up since). */
const MAX_SUBJECT_DISTANCE = 2;
/** Mentions from which an organization is the page's subject… */
const MIN_SUBJECT_MENTIONS = 3;
/** …and how many times more than the next organization it must be named. */
const SUBJECT_LEAD = 1.5;

const PERSON_WORDS = new Set(['he', 'she']);
/** "the company" and its kin: the organization the page is about. */
const ORG_NOUNS = new Set(['company', 'startup', 'firm']);

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

/**
 * Follows the sentences of a page in order and reads their anaphors. Call `read` for
 * each sentence (its tokens and its named entities with their spans), in text order.
 */
export class AnaphorReader {
  private person: Antecedent | undefined;
  private personAge = Number.POSITIVE_INFINITY;
  private opener: Antecedent | undefined;
  private subjectAge = Number.POSITIVE_INFINITY;

  constructor(private readonly subject: Antecedent | undefined) {}

  /**
   * The anaphors of one sentence (none that overlap a name), then remembers its
   * antecedents for the next sentences.
   *
   * @example
   *   reader.read(tokenize('He co-founded Andela.'), [andela]) // [{ entity: { name: 'Iyinoluwa Aboyeji', type: 'person' }, span: { start: 0, end: 1, type: 'per' } }]
   */
  read(tokens: readonly Token[], named: ReadonlyArray<{ readonly entity: Antecedent; readonly span: Span }>): Anaphor[] {
    const out: Anaphor[] = [];
    const free = (start: number, end: number) => !named.some((n) => n.span.start < end && start < n.span.end);
    const add = (entity: Antecedent | undefined, start: number, end: number) => {
      if (entity !== undefined && free(start, end)) out.push({ entity, span: { start, end, type: coarseType(entity.type) } });
    };
    for (let i = 0; i < tokens.length; i++) {
      const w = tokens[i]?.text ?? '';
      // A subject: the sentence's first word or right after its opening phrase ("In 2014, he …").
      const subjectSlot = i === 0 || tokens[i - 1]?.text === ',';
      if (PERSON_WORDS.has(w) && subjectSlot && this.personAge <= MAX_PERSON_DISTANCE) add(this.person, i, i + 1);
      else if (w === 'we') add(this.subject, i, i + 1);
      else if (w === 'the' && ORG_NOUNS.has(tokens[i + 1]?.text ?? '') && this.subjectAge <= MAX_SUBJECT_DISTANCE)
        add(this.subject, i, i + 2);
      else if (w === 'it' && i === 0) add(this.opener, i, i + 1);
    }
    this.remember(named);
    return out;
  }

  /** The sentence's only person (several: none), and the name that opens it. */
  private remember(named: ReadonlyArray<{ readonly entity: Antecedent; readonly span: Span }>): void {
    const people = new Set(named.filter((n) => n.entity.type === 'person').map((n) => n.entity.name));
    this.personAge += 1;
    if (people.size > 0) {
      const only = named.find((n) => n.entity.type === 'person');
      this.person = people.size === 1 ? only?.entity : undefined;
      this.personAge = 1;
    }
    this.subjectAge = named.some((n) => n.entity.name === this.subject?.name) ? 1 : this.subjectAge + 1;
    const first = named.find((n) => n.span.start === 0);
    this.opener = first !== undefined && first.entity.type !== 'person' && first.entity.type !== 'location' ? first.entity : undefined;
  }
}
