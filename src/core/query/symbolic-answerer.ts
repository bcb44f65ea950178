/**
 * The symbolic answerer: the offline, deterministic default of the Answerer port.
 * It reads the question into an intent (question.ts), asks for what it lacks through
 * the same capabilities an LLM gets (NeedsMoreInfo), and answers from graph facts
 * only, with low confidence, never a guess, when the facts are not there.
 */
import type { EntityId } from '../graph/ids';
import type { EntityType } from '../graph/types';
import { ownValue } from '../records';
import { nameMatchScore, RELEVANT_SCORE } from '../search/name-index';
import { nameKey } from '../text/normalize';
import type { Answerer, AnswerInput, LoopStop } from './answerer.port';
import { allFacts, claimsOf, counted, listAll, readValue, uniqueValues, type AnswerValue } from './answer-values';
import { CAPABILITY, MAX_RESULTS_PER_REQUEST } from './capabilities';
import { RELATIONSHIPS_PER_ENTITY } from './fulfill';
import { getCapabilityById, requestKey, validateInfoRequest } from './info-capability';
import { entitiesNamedIn } from './prompt';
import type { PageScope, PageView, RelationshipView, SentenceView } from './query-context';
import {
  blocksText,
  type Answer,
  type AnswerBlock,
  type AnswerClaim,
  type Confidence,
  type InfoRequest,
  type NeedsMoreInfo,
  type QueryResponse,
} from './query-response';
import { askRange, parseQuestion, type Intent, type Role } from './question';
import {
  isCoMentionRelation,
  LOCATION_ATTRIBUTES,
  LOCATION_LABELS,
  neighboursOf,
  relatedBy,
  ROLE_LABELS,
  TITLE_ATTRIBUTES,
  UNTYPED_LABELS,
} from './relation-words';
import {
  alsoReadText,
  besideValues,
  readAnswerText,
  readFromSentences,
  readingSpec,
  readLimit,
  readNameText,
  TIGHT_READ_SCORE,
  type ReadAnswer,
  type ReadingSpec,
} from './sentence-reading';
import { describeEntity, pluralVerbPhrase, verbPhrase } from './sentences';
import { nameCoverage, queryTokens } from './token-name-search';

// Names listed in one sentence before "and N more".
const LIST_IN_SENTENCE = 8;
// Homonyms described for one name.
const MAX_HOMONYMS = 3;
// Connected people whose titles are checked for "who leads X".
const MAX_TITLE_CHECKS = 5;
// Co-mentioned entities listed in one answer: the list stays readable in a narrow panel.
const CO_MENTIONS_SHOWN = 10;
// Readings added to stored facts are held to closer words than an answer read alone: trigger to both names.
const MAX_ALSO_READ_SCORE = 8;
// Shorter names of an entity read with it (one request each).
const MAX_SHORT_NAMED = 2;
// Entities listed for "most connected".
const TOP_CONNECTED = 5;
/** What the people of a role are called, counted ("3 founders"). */
const ROLE_NOUN: Readonly<Record<Role, string>> = { founder: 'founders', leader: 'people', employee: 'people' };
/** The verb of a role's one value: "Acme was founded by Ada." */
const ROLE_VERB: Readonly<Record<Role, string>> = {
  founder: 'was founded by',
  leader: 'is led by',
  employee: 'has these people working there:',
};
/** How the answer says it may be incomplete (the eval reads answers without what follows it). */
export const INCOMPLETE_HEAD = 'This may be incomplete:';
// Why a list of stored facts may be incomplete.
const POSSIBLY_MORE = 'your pages may name more than your graph stores as facts';
const MORE_RELATIONSHIPS = 'it has more relationships than were read';
const PAGES_NOT_READ = 'your pages were not read for more than the stored facts';
// Location attributes as the verb phrase of a sentence ("Stripe is headquartered in San Francisco").
const LOCATION_PHRASES: ReadonlyMap<string, string> = new Map([
  ['headquarters', 'is headquartered in'],
  ['location', 'is based in'],
  ['address', 'is at'],
  ['city', 'is in'],
  ['country', 'is in'],
]);

/** The request for the rest of an entity's relationships (one key, asked and checked the same way). */
function moreRelationshipsRequest(id: EntityId): InfoRequest {
  return { capabilityId: CAPABILITY.GET_RELATIONSHIPS, parameters: { entityIds: [id], direction: 'both' } };
}

type Resolution = { readonly ids: EntityId[]; readonly exact: boolean } | NeedsMoreInfo | 'missing';

const TYPE_SINGULAR: Readonly<Record<EntityType, string>> = {
  company: 'company',
  person: 'person',
  technology: 'technology',
  product: 'product',
  location: 'location',
  other: 'other entity',
};
const TYPE_PLURAL: Readonly<Record<EntityType, string>> = {
  company: 'companies',
  person: 'people',
  technology: 'technologies',
  product: 'products',
  location: 'locations',
  other: 'other entities',
};

function words(label: string): string {
  return label.replace(/_/g, ' ');
}
function listNames(names: readonly string[]): string {
  const unique = [...new Set(names)];
  const shown = unique.slice(0, LIST_IN_SENTENCE);
  const more = unique.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  return shown.length <= 1 ? shown.join('') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1) ?? ''}`;
}
function entities(n: number): string {
  return `${n} entit${n === 1 ? 'y' : 'ies'}`;
}
function pagesWord(n: number): string {
  return `${n} page${n === 1 ? '' : 's'}`;
}
/** The sentence before a list of pages: how many there are in all, and which are shown (from the `start`-th newest). */
function pagesHeading(scope: PageScope, start: number, shown: number, total: number): string {
  const what = 'with what each gave your graph:';
  const all = scope === 'today' ? `You captured ${pagesWord(total)} today.` : `You have captured ${pagesWord(total)}.`;
  if (start > 1) return `${all} Here are numbers ${start} to ${start + shown - 1}, the newest first, ${what}`;
  if (total > shown) return `${all} Here are the ${shown} most recent, ${what}`;
  if (scope !== 'today') return `Your ${shown} most recently captured ${shown === 1 ? 'page' : 'pages'}, ${what}`;
  return `${all} Here is what ${total === 1 ? 'it' : 'each'} gave your graph:`;
}
/**
 * The question's verb agreeing with its subject: "work for" → "works for" for one subject,
 * "owns" → "own" for several (the question gave it in either form).
 */
function verbForm(relation: string, subject: 'singular' | 'plural'): string {
  const [verb = '', ...rest] = relation.split(' ');
  const base = /[^s]s$/.test(verb) ? verb.slice(0, -1) : verb;
  const form =
    subject === 'plural'
      ? base
      : /(?:s|sh|ch|x|z)$/.test(base)
        ? `${base}es`
        : /[^aeiou]y$/.test(base)
          ? `${base.slice(0, -1)}ies`
          : `${base}s`;
  return [form, ...rest].join(' ');
}
/** A page title in quotation marks. */
function quote(title: string): string {
  return `“${title}”`;
}
/** The titles of the pages cited, with how many more there are: “A”, “B” and 1 more. */
function titles(pages: readonly { readonly url: string; readonly title: string }[], total: number): string {
  const shown = pages.map((p) => quote(p.title.trim() || p.url));
  return listNames(total > shown.length ? [...shown, `${total - shown.length} more`] : shown);
}
function isNeeds<T extends object>(r: T | NeedsMoreInfo | 'missing' | undefined): r is NeedsMoreInfo {
  return typeof r === 'object' && 'type' in r && r.type === 'needs_more_info';
}

/**
 * Answers read beyond the stored facts: the readings given with the facts, and why the
 * facts may be incomplete when the pages hint at more than could be read surely.
 */
interface AlsoRead {
  readonly reads: readonly ReadAnswer[];
  readonly incomplete?: string;
}

/** One answerer turn over one context. */
class Turn {
  constructor(
    private readonly input: AnswerInput,
    private readonly readSentences: boolean,
  ) {}

  private get ctx() {
    return this.input.context;
  }

  /** A request, if the capability is offered, valid, and was not run before. */
  private ask(reason: string, requests: readonly InfoRequest[]): NeedsMoreInfo | undefined {
    if (this.input.forceAnswer) return undefined;
    const fresh = requests.filter((r) => {
      const cap = getCapabilityById(this.input.capabilities, r.capabilityId);
      return validateInfoRequest(r, cap).valid && !this.ctx.wasFulfilled(requestKey(r));
    });
    return fresh.length > 0 ? { type: 'needs_more_info', reason, requests: fresh } : undefined;
  }

  /** An answer from plain text, or from blocks (paragraphs and lists) whose text becomes the content. */
  private answer(
    body: string | readonly AnswerBlock[],
    confidence: Confidence,
    sourceIds: readonly EntityId[],
    followUps: readonly string[],
    claims: readonly AnswerClaim[] = [],
  ): Answer {
    const sources = [...new Set(sourceIds)].flatMap((id) => {
      const s = this.ctx.getSummary(id);
      return s ? [{ entityId: id, name: s.name, type: s.type, pages: [] }] : [];
    });
    const structure = typeof body === 'string' ? {} : { blocks: body };
    const content = typeof body === 'string' ? body : blocksText(body);
    return {
      type: 'answer',
      content,
      ...structure,
      confidence,
      sources,
      ...(claims.length > 0 ? { claims } : {}),
      suggestedFollowUps: followUps.slice(0, 3),
    };
  }

  /**
   * An answer giving values: the stored facts (`factText` says them), then what the pages
   * also state beyond them (quoted), then, when both are given, every value with its count.
   * High confidence only when every value is a stored fact, the names were matched exactly
   * and nothing suggests there is more (`incomplete`, said in the answer); medium otherwise.
   */
  private valuesAnswer(input: {
    readonly factText: string;
    readonly facts: readonly AnswerValue[];
    readonly also: AlsoRead;
    readonly exact: boolean;
    readonly noun?: string;
    readonly incomplete?: string;
    readonly sourceIds: readonly EntityId[];
    readonly followUps: readonly string[];
  }): Answer {
    const { facts, also } = input;
    const values = uniqueValues([...facts, ...also.reads.map(readValue)]);
    const read = values.length > facts.length;
    const incomplete = input.incomplete ?? also.incomplete;
    const text = [
      input.factText,
      ...(also.reads.length > 0 ? [alsoReadText(also.reads)] : []),
      ...(read && values.length > 1 ? [`In all, ${counted(values, input.noun)}: ${listAll(values.map((v) => v.name))}.`] : []),
      ...(incomplete === undefined ? [] : [`${INCOMPLETE_HEAD} ${incomplete}.`]),
    ].join(' ');
    const confidence: Confidence = input.exact && allFacts(values) && incomplete === undefined ? 'high' : 'medium';
    return this.answer(
      text,
      confidence,
      [...input.sourceIds, ...values.flatMap((v) => (v.id === undefined ? [] : [v.id]))],
      input.followUps,
      claimsOf(values),
    );
  }

  private name(id: EntityId): string {
    return this.ctx.getSummary(id)?.name ?? id;
  }

  /** Finds the entity a slot names: exact name or alias first, then by looking it up, then partial matches. */
  private resolve(slotText: string): Resolution {
    const key = nameKey(slotText);
    const slotWords = new Set(queryTokens(slotText));
    const exact: EntityId[] = [];
    const partial: EntityId[] = [];
    const lookedUp = this.ctx.getLookup(slotText) ?? [];
    for (const id of [...lookedUp, ...this.ctx.allEntityIds]) {
      if (exact.includes(id) || partial.includes(id)) continue;
      const s = this.ctx.getSummary(id);
      if (!s) continue;
      const aliases = this.ctx.getFull(id)?.entity.aliases ?? [];
      if (key.length > 0 && (nameKey(s.name) === key || aliases.some((a) => nameKey(a) === key))) exact.push(id);
      else if (slotWords.size > 0 && nameCoverage(s.name, slotWords) === 1) partial.push(id);
    }
    if (exact.length > 0) return { ids: exact.slice(0, MAX_HOMONYMS), exact: true };
    const lookup = this.ask(`find "${slotText}" in the graph`, [
      { capabilityId: CAPABILITY.GET_ENTITY_BY_NAME, parameters: { name: slotText } },
    ]);
    if (lookup) return lookup;
    const first = partial[0];
    if (first) return { ids: [first], exact: false };
    const near = this.nearest(slotText, lookedUp);
    return near.length > 0 ? { ids: near, exact: false } : 'missing';
  }

  /**
   * The looked-up entities whose name or alias is close enough to the slot to be what the
   * user typed ("hackerank" → HackerRank), scored as the search box scores them, with the
   * same floor; homonyms of the best one come along.
   */
  private nearest(slotText: string, lookedUp: readonly EntityId[]): EntityId[] {
    const scored = lookedUp.flatMap((id) => {
      const s = this.ctx.getSummary(id);
      if (!s) return [];
      const aliases = this.ctx.getFull(id)?.entity.aliases ?? [];
      const score = Math.max(nameMatchScore(slotText, s.name), ...aliases.map((a) => nameMatchScore(slotText, a)));
      return score >= RELEVANT_SCORE ? [{ id, key: nameKey(s.name), score }] : [];
    });
    const best = scored.reduce<(typeof scored)[number] | undefined>(
      (top, s) => (top === undefined || s.score > top.score ? s : top),
      undefined,
    );
    if (best === undefined) return [];
    return scored
      .filter((s) => s.key === best.key)
      .map((s) => s.id)
      .slice(0, MAX_HOMONYMS);
  }

  private expand(ids: readonly EntityId[]): NeedsMoreInfo | undefined {
    const todo = ids.filter((id) => !this.ctx.isExpanded(id) && this.ctx.expandableEntityIds.includes(id));
    const first = todo[0];
    if (!first) return undefined;
    return this.ask(
      `load ${todo.map((id) => this.name(id)).join(', ')} in full`,
      todo.length === 1
        ? [{ capabilityId: CAPABILITY.EXPAND_ENTITY, parameters: { entityId: first } }]
        : [{ capabilityId: CAPABILITY.EXPAND_ENTITIES, parameters: { entityIds: todo.slice(0, 5) } }],
    );
  }

  /**
   * When the graph has no relation for the question: a stored page sentence that states
   * it, quoted with its page, at low confidence. Asks for the sentences first;
   * undefined when reading is off, not offered, or no sentence answers.
   */
  private fromSentences(id: EntityId, intent: Intent, noun?: string): QueryResponse | undefined {
    const reads = this.readings(id, intent);
    if (reads === undefined || !Array.isArray(reads)) return reads;
    return this.readAnswer(readAnswerText(reads), reads, id, noun);
  }

  /**
   * An answer read from sentences, at low confidence: each entity read cites the page it was
   * read on, and the entity asked about (when it has one) every page read.
   */
  private readAnswer(text: string, reads: readonly ReadAnswer[], about?: EntityId, noun?: string): QueryResponse | undefined {
    const first = reads[0];
    if (first === undefined) return undefined;
    const pages = reads.map((r) => ({ url: r.sentence.pageUrl, title: r.sentence.pageTitle }));
    const summary = about === undefined ? undefined : this.ctx.getSummary(about);
    const values = uniqueValues(reads.map(readValue));
    // Several values read: all of them, counted ("In all, 3 founders read: …").
    const content = values.length > 1 ? `${text} In all, ${counted(values, noun)} read: ${listAll(values.map((v) => v.name))}.` : text;
    return {
      type: 'answer',
      content,
      // Read, not stored: a sentence may be misread, so never more than low.
      confidence: 'low',
      claims: claimsOf(values),
      sources: [
        ...reads.map((r, i) => ({ entityId: r.answer.id, name: r.answer.name, type: r.answer.type, pages: pages.slice(i, i + 1) })),
        ...(about !== undefined && summary ? [{ entityId: about, name: summary.name, type: summary.type, pages }] : []),
      ],
      suggestedFollowUps: [`What do we know about ${first.answer.name}?`],
    };
  }

  /**
   * What the stored sentences say to `intent` about `id`, at most `readLimit(intent)` answers
   * besides those in `known`; asks for the sentences first. Undefined when reading is off or
   * the question is not one sentences answer.
   */
  private readings(id: EntityId, intent: Intent, known: ReadonlySet<EntityId> = new Set()): ReadAnswer[] | NeedsMoreInfo | undefined {
    const about = this.sentencesAbout(id, intent);
    if (about === undefined || isNeeds(about)) return about;
    const limit = readLimit(intent);
    return readFromSentences(about.sentences, id, about.names, about.reading, limit + known.size)
      .filter((r) => !known.has(r.answer.id))
      .slice(0, limit);
  }

  /**
   * The stored sentences about `id` (and its shorter names), the names they call it by, and
   * the reading spec of `intent`; asks for the sentences first. Undefined when reading is off
   * or the question is not one sentences answer.
   */
  private sentencesAbout(
    id: EntityId,
    intent: Intent,
  ): { sentences: SentenceView[]; names: string[]; reading: ReadingSpec } | NeedsMoreInfo | undefined {
    if (!this.readSentences) return undefined;
    const reading = readingSpec(intent);
    if (reading === undefined) return undefined;
    // The pages' shorter name for it, when the graph holds that apart ("Whole Foods" of "Whole Foods Market").
    const ids = [id, ...this.shortNamed(id)];
    const unread = ids.filter((i) => this.ctx.sentencesOf(i) === undefined);
    if (unread.length > 0) {
      return this.ask(
        `read what the captured pages say about ${this.name(id)}`,
        unread.map((i) => ({ capabilityId: CAPABILITY.READ_PAGE_SENTENCES, parameters: { entityId: i } })),
      );
    }
    const seen = new Set<string>();
    const sentences = ids
      .flatMap((i) => this.ctx.sentencesOf(i) ?? [])
      .filter((s) => {
        const key = `${s.pageUrl}\u0000${s.text}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    const names = [...ids.map((i) => this.name(i)), ...(this.ctx.getFull(id)?.entity.aliases ?? [])];
    return { sentences, names, reading };
  }

  /**
   * Entities in the context named by the first words of `id`'s name, two words at least
   * ("Whole Foods" of "Whole Foods Market"): a page's short name for it that the graph keeps
   * apart. One word is not enough: "Piaggio" of "Piaggio Fast Forward" is its parent.
   */
  private shortNamed(id: EntityId): EntityId[] {
    const words = nameKey(this.name(id)).split(' ');
    const out: EntityId[] = [];
    for (const other of this.ctx.allEntityIds) {
      if (other === id || out.length >= MAX_SHORT_NAMED) continue;
      const short = nameKey(this.name(other)).split(' ');
      if (short.length >= 2 && short.length < words.length && short.every((w, i) => words[i] === w)) out.push(other);
    }
    return out;
  }

  /**
   * For a question with several answers ("What does Boston Dynamics develop?"): what the
   * stored sentences state beyond the stored facts `known`, quoted with their pages, after the
   * facts. Empty when none does; asks for the sentences first.
   */
  private alsoRead(id: EntityId, intent: Intent, known: ReadonlySet<EntityId>): AlsoRead | NeedsMoreInfo {
    const none: AlsoRead = { reads: [] };
    // Where an organization is may have several answers (a seat and a region), but only a tight phrase adds one.
    const tightOnly = intent.kind === 'where';
    if (readLimit(intent) <= 1 && !tightOnly) return none;
    // Optional: never at the cost of the answer (asking with no request left would force one); unread, the
    // pages may state more.
    if (this.ctx.sentencesOf(id) === undefined && (this.input.remainingRequests ?? 0) < 1) {
      return this.readSentences && readingSpec(intent) !== undefined ? { reads: [], incomplete: PAGES_NOT_READ } : none;
    }
    const all = this.readings(id, intent, known);
    if (all === undefined) return none;
    if (!Array.isArray(all)) return all;
    const reads = all.filter((r) => (r.score ?? 0) <= (tightOnly ? TIGHT_READ_SCORE : MAX_ALSO_READ_SCORE));
    // Readings too loose to give still say the pages may state more than the facts.
    if (all.length > reads.length) return { reads, incomplete: POSSIBLY_MORE };
    // A sentence stating a value that names another of the kind asked beside it ("its robots, Atlas, and …, Spot"),
    // for a question with several answers (a place named beside a seat is often another's).
    if (tightOnly) return { reads };
    const about = this.sentencesAbout(id, intent);
    const given = new Set<EntityId>([...known, ...reads.map((r) => r.answer.id)]);
    const beside = about === undefined || isNeeds(about) ? [] : besideValues(about.sentences, id, about.names, about.reading, given);
    return beside.length > 0
      ? { reads, incomplete: `a sentence of your pages that states this also names ${listAll(beside.map((b) => b.name))}` }
      : { reads };
  }

  /** Asks for the rest of an entity's relationships when the expansion was cut. */
  private moreRelationships(id: EntityId): NeedsMoreInfo | undefined {
    if (!this.ctx.getFull(id)?.relationshipsTruncated) return undefined;
    return this.ask(`load more relationships of ${this.name(id)}`, [moreRelationshipsRequest(id)]);
  }

  private relsOf(id: EntityId): RelationshipView[] {
    return this.ctx.relationships.filter((r) => r.from === id || r.to === id);
  }

  /**
   * For a name no entity has: a stored sentence of the newest pages that names it and answers
   * the question, quoted, at low confidence; asks for those sentences first. Undefined when
   * reading is off or nothing answers.
   */
  private fromNameSentences(name: string, intent: Intent): QueryResponse | undefined {
    if (!this.readSentences) return undefined;
    const reading = readingSpec(intent);
    if (reading === undefined) return undefined;
    const sentences = this.ctx.nameSentencesOf(name);
    if (sentences === undefined) {
      return this.ask(`read what the captured pages say about "${name}"`, [
        { capabilityId: CAPABILITY.READ_SENTENCES_NAMING, parameters: { name } },
      ]);
    }
    const reads = readFromSentences(sentences, undefined, [name], reading, readLimit(intent));
    return this.readAnswer(readNameText(name, reads), reads);
  }

  private notFound(slotText: string, intent?: Intent): QueryResponse {
    const read = intent === undefined ? undefined : this.fromNameSentences(slotText, intent);
    if (read) return read;
    return this.notFoundAnswer(slotText);
  }

  private notFoundAnswer(slotText: string): Answer {
    return this.answer(
      `I have nothing about "${slotText}" in your graph yet. It appears once a page you capture mentions it, or you can add it yourself.`,
      'low',
      [],
      ['Which entities are the most connected?'],
    );
  }

  run(intent: Intent): QueryResponse {
    switch (intent.kind) {
      case 'about':
        return this.about(intent.subject);
      case 'relation':
        return this.relation(intent.relation, intent.object, intent.direction, intent.entityType, intent.from ?? 1);
      case 'role':
        return this.role(intent.role, intent.subject);
      case 'where':
        return this.where(intent.subject);
      case 'path':
        return this.path(intent.from, intent.to);
      case 'list':
        return this.list(intent.entityType, intent.from ?? 1);
      case 'most_connected':
        return this.mostConnected();
      case 'captured':
        return this.captured(intent.scope, intent.from ?? 1);
      case 'unknown':
        return this.unknown();
    }
  }

  private about(subject: string): QueryResponse {
    const res = this.resolve(subject);
    if (isNeeds(res)) return res;
    if (res === 'missing') return this.notFound(subject);
    const need = this.expand(res.ids);
    if (need) return need;
    const parts = res.ids.map((id): AnswerBlock => ({ kind: 'paragraph', text: this.describe(id) }));
    const first = res.ids[0];
    const neighbour = first ? this.relsOf(first).map((r) => (r.from === first ? r.toName : r.fromName))[0] : undefined;
    const name = first ? this.name(first) : subject;
    const intro: AnswerBlock[] =
      res.ids.length > 1 ? [{ kind: 'paragraph', text: `Your graph has ${res.ids.length} entities named "${name}".` }] : [];
    return this.answer([...intro, ...parts], res.exact ? 'high' : 'medium', res.ids, [
      ...(neighbour ? [`How are ${name} and ${neighbour} connected?`] : []),
      `Which entities are related to ${name}?`,
    ]);
  }

  /**
   * "Which companies are mentioned with Google?": the entities (of the type asked) named on
   * the pages that name the anchor, the most shared pages first, each with page titles;
   * entities linked to it by a relationship (`mentioned_with` included) come after. It says
   * they were mentioned together, never that they are related in a particular way.
   */
  private coMentioned(anchor: EntityId, anchorName: string, type: EntityType | undefined, exact: boolean, from = 1): QueryResponse {
    const view = this.ctx.coMentionsOf(anchor, type);
    if (view === undefined) {
      // One turn for the full record and the shared pages: the loop allows few turns.
      const expand = this.ctx.isExpanded(anchor) ? [] : [{ capabilityId: CAPABILITY.EXPAND_ENTITY, parameters: { entityId: anchor } }];
      const need = this.ask(`find what is mentioned with ${anchorName}`, [
        ...expand,
        {
          capabilityId: CAPABILITY.FIND_CO_MENTIONED,
          parameters: { entityId: anchor, ...(type ? { definition: type } : {}), ...(from > 1 ? { from } : {}) },
        },
      ]);
      if (need) return need;
    }
    // A stated relation before a co-mention link, when a neighbour has both.
    const rels = [...this.relsOf(anchor)].sort((x, y) => Number(UNTYPED_LABELS.has(x.label)) - Number(UNTYPED_LABELS.has(y.label)));
    const inSentence = new Set<string>(
      neighboursOf(
        rels.filter((r) => UNTYPED_LABELS.has(r.label)),
        anchor,
      ).map((f) => f.id),
    );
    // Among entities on as many pages, those named in the same sentence as the anchor first.
    const entries = [...(view?.entries ?? [])]
      .sort((x, y) => y.sharedPages - x.sharedPages || Number(inSentence.has(y.id)) - Number(inSentence.has(x.id)))
      .slice(0, CO_MENTIONS_SHOWN);
    const total = view?.total ?? 0;
    const start = view?.from ?? 1;
    const onPages = new Set<string>(view?.entries.map((e) => e.id));
    // Linked entities the pages did not show, unless the page list was cut (they would only be the less shared).
    const linked =
      total > (view?.entries.length ?? 0) || start > 1
        ? []
        : neighboursOf(rels, anchor).filter((f) => (!type || f.type === type) && !onPages.has(f.id));
    const one = type ? TYPE_SINGULAR[type] : 'entity';
    if (entries.length === 0 && linked.length === 0) {
      return this.answer(
        start > 1 ? `Your graph has no more than ${total} to list.` : `No ${one} shares a page with ${anchorName} in your graph.`,
        view && exact ? 'medium' : 'low',
        [anchor],
        [`What do we know about ${anchorName}?`],
      );
    }
    const items = [
      ...entries.map((e) => `${e.name}, on ${pagesWord(e.sharedPages)}: ${titles(e.pages, e.sharedPages)}`),
      ...linked.map((f) =>
        UNTYPED_LABELS.has(f.via.label)
          ? `${f.name}, named with ${anchorName} in a sentence`
          : `${f.via.fromName} ${verbPhrase(f.via.label)} ${f.via.toName}`,
      ),
    ];
    // Each entity's claim cites the pages naming both, with a sentence of each naming it; a link, its relationship.
    const claims: AnswerClaim[] = [
      ...entries.map((e): AnswerClaim => ({ value: e.name, entityId: e.id, basis: 'sentence', pages: e.pages })),
      ...linked.map((f): AnswerClaim => ({
        value: f.name,
        entityId: f.id,
        basis: UNTYPED_LABELS.has(f.via.label) ? 'sentence' : 'fact',
        relationshipId: f.via.id,
        pages: [],
      })),
    ];
    const ids = [...entries.map((e) => e.id), ...linked.map((f) => f.id)];
    const first = entries[0];
    const confidence: Confidence = view ? (exact ? 'high' : 'medium') : 'low';
    const last = start + entries.length - 1;
    // A cut list offers the rest: the same question, from the next entity on.
    const rest = total > last ? [askRange(this.input.question, last + 1, Math.min(total, last + CO_MENTIONS_SHOWN), total)] : [];
    const followUps = [...rest, `How are ${this.name(ids[0] ?? anchor)} and ${anchorName} connected?`];
    if (ids.length === 1 && first && start === 1) {
      return this.answer(
        `${first.name} shares ${pagesWord(first.sharedPages)} with ${anchorName} in your graph: ${titles(first.pages, first.sharedPages)}.`,
        confidence,
        [first.id, anchor],
        followUps,
        claims,
      );
    }
    const what = type ? TYPE_PLURAL[type] : 'entities';
    const head =
      entries.length === 0
        ? `No ${one} shares a page with ${anchorName} in your graph, but these are linked to it:`
        : start > 1
          ? `${total} ${what} share a page with ${anchorName} in your graph. Numbers ${start} to ${last}, the most shared first:`
          : total > entries.length
            ? `${total} ${what} share a page with ${anchorName} in your graph. The ${entries.length} sharing the most:`
            : `${total} ${what} share a page with ${anchorName} in your graph, the most shared first:`;
    return this.answer(
      [
        { kind: 'paragraph', text: head },
        { kind: 'list', items },
      ],
      confidence,
      [...ids, anchor].slice(0, 8),
      followUps,
      claims,
    );
  }

  private describe(id: EntityId): string {
    const full = this.ctx.getFull(id);
    const summary = this.ctx.getSummary(id);
    if (!full) return summary ? `${summary.name} is a ${summary.type}${summary.summary ? ` (${summary.summary})` : ''}.` : id;
    const rels = this.relsOf(id);
    const typeOf = (otherId: EntityId): EntityType =>
      this.ctx.getFull(otherId)?.entity.type ?? this.ctx.getSummary(otherId)?.type ?? 'other';
    const outgoing = rels.filter((r) => r.from === id).map((r) => ({ label: r.label, otherName: r.toName, otherType: typeOf(r.to) }));
    const incoming = rels.filter((r) => r.to === id).map((r) => ({ label: r.label, otherName: r.fromName, otherType: typeOf(r.from) }));
    const text = describeEntity(full.entity, outgoing, incoming);
    return full.relationshipsTruncated ? `${text} It has more relationships than shown here.` : text;
  }

  private relation(relation: string, object: string, direction: 'in' | 'out', type: EntityType | undefined, from = 1): QueryResponse {
    const res = this.resolve(object);
    if (isNeeds(res)) return res;
    if (res === 'missing')
      return this.notFound(object, { kind: 'relation', relation, object, direction, ...(type ? { entityType: type } : {}) });
    const anchor = res.ids[0];
    if (!anchor) return this.notFound(object);
    if (isCoMentionRelation(relation)) return this.coMentioned(anchor, this.name(anchor), type, res.exact, from);
    const need = this.expand([anchor]) ?? this.moreRelationships(anchor);
    if (need) return need;
    const anchorName = this.name(anchor);
    const found = relatedBy(this.relsOf(anchor), anchor, relation, direction).filter((f) => !type || f.type === type);
    const what = type ? TYPE_PLURAL[type] : direction === 'in' ? 'entities' : 'things';
    if (found.length === 0) {
      const read = this.fromSentences(anchor, { kind: 'relation', relation, object, direction, ...(type ? { entityType: type } : {}) });
      if (read) return read;
      const text =
        direction === 'in'
          ? `Your graph has no ${what} that ${verbForm(relation, 'plural')} ${anchorName}.`
          : `Your graph does not say what ${anchorName} ${verbForm(relation, 'singular')}${type ? ` among ${what}` : ''}.`;
      return this.answer(
        `${text} (I looked at ${this.relsOf(anchor).length} of its relationships.)`,
        'low',
        [anchor],
        [`What do we know about ${anchorName}?`],
      );
    }
    const intent: Intent = { kind: 'relation', relation, object, direction, ...(type ? { entityType: type } : {}) };
    const also = this.alsoRead(anchor, intent, new Set(found.map((f) => f.id)));
    if (isNeeds(also)) return also;
    const facts = uniqueValues(
      found.map((f) => ({ name: f.name, id: f.id, type: f.type, basis: 'fact' as const, relationshipId: f.via.id, pages: [] })),
    );
    const noun = type ? TYPE_PLURAL[type] : undefined;
    // Grouped by label and by the side the anchor stands on, so each sentence states the stored
    // edge the way it points ("TikTok is a subsidiary of ByteDance" for "who owns TikTok?").
    const byEdge = new Map<string, { label: string; anchorFirst: boolean; names: string[] }>();
    for (const f of found) {
      const anchorFirst = f.via.from === anchor;
      const key = `${f.via.label}|${anchorFirst}`;
      const group = byEdge.get(key) ?? { label: f.via.label, anchorFirst, names: [] };
      if (!group.names.includes(f.name)) group.names.push(f.name);
      byEdge.set(key, group);
    }
    // Labels come from the data ("uses", "founded_by"), so the sentence quotes them rather than conjugating the user's verb.
    const groups = [...byEdge.values()];
    const [only] = groups;
    const sentence = (g: { label: string; anchorFirst: boolean; names: string[] }, count?: string): string => {
      const list = count === undefined ? listAll(g.names) : `${count}: ${listAll(g.names)}`;
      if (g.anchorFirst) return `${anchorName} ${verbPhrase(g.label)} ${list}.`;
      if (count !== undefined) return `${count} ${pluralVerbPhrase(g.label)} ${anchorName}: ${listAll(g.names)}.`;
      return `${list} ${g.names.length === 1 ? verbPhrase(g.label) : pluralVerbPhrase(g.label)} ${anchorName}.`;
    };
    // Several values: how many, then which ("Acme uses 3 technologies: …"); over several labels, the count after.
    const factText =
      groups.length === 1 && only
        ? sentence(only, facts.length > 1 ? counted(facts, noun) : undefined)
        : `${groups.map((g) => sentence(g)).join(' ')} That is ${counted(facts, noun)} in all.`;
    const firstName = facts[0]?.name ?? anchorName;
    // The answer's subjects first, then the entity asked about (entity_query lists them in this order).
    return this.valuesAnswer({
      factText,
      facts,
      also,
      exact: res.exact,
      ...(noun === undefined ? {} : { noun }),
      ...(this.truncatedRelationships(anchor) ? { incomplete: MORE_RELATIONSHIPS } : {}),
      sourceIds: [...found.map((f) => f.id), anchor],
      followUps: [`What do we know about ${firstName}?`, `How are ${firstName} and ${anchorName} connected?`],
    });
  }

  /** True when `id` has more relationships than the context read: the rest were not asked for, or fill what was asked. */
  private truncatedRelationships(id: EntityId): boolean {
    if (this.ctx.getFull(id)?.relationshipsTruncated !== true) return false;
    return !this.ctx.wasFulfilled(requestKey(moreRelationshipsRequest(id))) || this.relsOf(id).length >= RELATIONSHIPS_PER_ENTITY;
  }

  private role(role: Role, subject: string): QueryResponse {
    const res = this.resolve(subject);
    if (isNeeds(res)) return res;
    if (res === 'missing') return this.notFound(subject, { kind: 'role', role, subject });
    const id = res.ids[0];
    if (!id) return this.notFound(subject);
    const need = this.expand([id]) ?? this.moreRelationships(id);
    if (need) return need;
    const labels = ROLE_LABELS[role];
    const rels = this.relsOf(id);
    // Each person once, with the stored relationship that says so and, for a title, the title.
    const people = new Map<EntityId, { value: AnswerValue; title?: string }>();
    const fact = (person: EntityId, name: string, via: RelationshipView): AnswerValue => ({
      name,
      id: person,
      type: 'person',
      basis: 'fact',
      relationshipId: via.id,
      pages: [],
    });
    for (const r of rels) {
      if (r.to === id && labels.toSubject.includes(r.label) && !people.has(r.from))
        people.set(r.from, { value: fact(r.from, r.fromName, r) });
      if (r.from === id && labels.fromSubject.includes(r.label) && !people.has(r.to)) people.set(r.to, { value: fact(r.to, r.toName, r) });
    }
    const attributes: AnswerValue[] = Object.entries(this.ctx.getFull(id)?.entity.attributes ?? {})
      .filter(([k]) => labels.attributes.includes(k))
      .map(([key, v]) => ({ name: v, basis: 'fact', attribute: { entityId: id, key }, pages: [] }));
    if (labels.titles) {
      // People tied to the subject whose title names the role (e.g. `role: CEO` on an employee).
      const employees = rels.flatMap((r) =>
        r.to === id && r.fromType === 'person' ? [{ p: r.from, r }] : r.from === id && r.toType === 'person' ? [{ p: r.to, r }] : [],
      );
      const check = [...new Map(employees.map((e) => [e.p, e])).values()].slice(0, MAX_TITLE_CHECKS);
      const expandPeople = this.expand(check.map((e) => e.p));
      if (expandPeople) return expandPeople;
      for (const { p, r } of check) {
        const attrs = this.ctx.getFull(p)?.entity.attributes ?? {};
        const title = TITLE_ATTRIBUTES.map((k) => ownValue(attrs, k)).find((t) => t !== undefined && labels.titles?.test(t));
        if (title) people.set(p, { value: people.get(p)?.value ?? fact(p, this.name(p), r), title });
      }
    }
    const subjectName = this.name(id);
    const facts = uniqueValues([...[...people.values()].map((p) => p.value), ...attributes]);
    const noun = ROLE_NOUN[role];
    if (facts.length === 0) {
      const read = this.fromSentences(id, { kind: 'role', role, subject }, noun);
      if (read) return read;
      const what = role === 'founder' ? 'who founded it' : role === 'leader' ? 'who leads it' : 'who works there';
      return this.answer(
        `I know ${subjectName}, but your graph does not say ${what}.`,
        'low',
        [id],
        [`What do we know about ${subjectName}?`],
      );
    }
    const also = this.alsoRead(id, { kind: 'role', role, subject }, new Set(people.keys()));
    if (isNeeds(also)) return also;
    const shown = facts.map((v) => {
      const title = v.id === undefined ? undefined : people.get(v.id)?.title;
      return title === undefined ? v.name : `${v.name} (${title})`;
    });
    const factText =
      facts.length === 1
        ? `${subjectName} ${ROLE_VERB[role]} ${listAll(shown)}.`
        : role === 'founder'
          ? `${subjectName} was founded by ${counted(facts, 'people')}: ${listAll(shown)}.`
          : role === 'leader'
            ? `${subjectName} is led by ${counted(facts, noun)}: ${listAll(shown)}.`
            : `${counted(facts, noun)} work at ${subjectName}: ${listAll(shown)}.`;
    const firstId = [...people.keys()][0];
    return this.valuesAnswer({
      factText,
      facts,
      also,
      exact: res.exact,
      noun,
      ...(this.truncatedRelationships(id) ? { incomplete: MORE_RELATIONSHIPS } : {}),
      sourceIds: [id, ...people.keys()],
      followUps: [...(firstId ? [`What do we know about ${this.name(firstId)}?`] : []), `Where is ${subjectName}?`],
    });
  }

  private where(subject: string): QueryResponse {
    const res = this.resolve(subject);
    if (isNeeds(res)) return res;
    if (res === 'missing') return this.notFound(subject, { kind: 'where', subject });
    const id = res.ids[0];
    if (!id) return this.notFound(subject);
    const need = this.expand([id]);
    if (need) return need;
    const places = this.relsOf(id).filter((r) => r.from === id && LOCATION_LABELS.includes(r.label) && r.toType === 'location');
    const attrs = Object.entries(this.ctx.getFull(id)?.entity.attributes ?? {}).filter(([k]) => LOCATION_ATTRIBUTES.includes(k));
    const name = this.name(id);
    if (places.length === 0 && attrs.length === 0) {
      const read = this.fromSentences(id, { kind: 'where', subject });
      if (read) return read;
      return this.answer(`I know ${name}, but your graph has no location for it.`, 'low', [id], [`What do we know about ${name}?`]);
    }
    const also = this.alsoRead(id, { kind: 'where', subject }, new Set(places.map((r) => r.to)));
    if (isNeeds(also)) return also;
    const parts = [
      ...places.map((r) => `${verbPhrase(r.label)} ${r.toName}`),
      ...attrs.map(([k, v]) => `${LOCATION_PHRASES.get(k) ?? `has ${words(k)}`} ${v}`),
    ];
    const facts: AnswerValue[] = [
      ...places.map((r) => ({ name: r.toName, id: r.to, type: r.toType, basis: 'fact' as const, relationshipId: r.id, pages: [] })),
      ...attrs.map(([key, v]) => ({ name: v, basis: 'fact' as const, attribute: { entityId: id, key }, pages: [] })),
    ];
    return this.valuesAnswer({
      factText: `${name} ${listNames(parts)}.`,
      facts: uniqueValues(facts),
      also,
      exact: res.exact,
      noun: 'places',
      sourceIds: [id],
      followUps: [...places.slice(0, 1).map((r) => `What else is in ${r.toName}?`), `What do we know about ${name}?`],
    });
  }

  /**
   * "How are X and Y connected?": every stated relation between the two when they are
   * directly related, else a chain of stated relations (FIND_PATH looks for one of up to
   * STATED_PATH_DEPTH steps before any other); else the pages that name both, quoting a
   * sentence that names both; else a chain through co-mentions. Being named together is said
   * to be that, at a lower confidence than a stated relation. Each relation and page is a claim.
   */
  private path(fromText: string, toText: string): QueryResponse {
    const a = this.resolve(fromText);
    if (isNeeds(a)) return a;
    const b = this.resolve(toText);
    if (isNeeds(b)) return b;
    if (a === 'missing') return this.notFound(fromText);
    if (b === 'missing') return this.notFound(toText);
    const from = a.ids[0];
    const to = b.ids[0];
    if (!from || !to) return this.notFound(fromText);
    const fromName = this.name(from);
    const toName = this.name(to);
    // FIND_PATH brings the chain and the pages naming both; the full record of X, every relation it has with Y.
    const known = this.ctx.getPath(from, to);
    const shared = this.ctx.sharedPagesOf(from, to);
    if (!known) {
      const expand = this.ctx.isExpanded(from) ? [] : [{ capabilityId: CAPABILITY.EXPAND_ENTITY, parameters: { entityId: from } }];
      const need = this.ask(`find how ${fromName} and ${toName} are connected`, [
        { capabilityId: CAPABILITY.FIND_PATH, parameters: { fromId: from, toId: to } },
        ...expand,
      ]);
      if (need) return need;
    }
    const exact = a.exact && b.exact;
    const steps = known?.steps ?? [];
    const stated = steps.length > 0 && steps.every((s) => !UNTYPED_LABELS.has(s.label));
    const via = steps.flatMap((s) => [s.from, s.to]);
    const said = (s: RelationshipView): string => `${s.fromName} ${verbPhrase(s.label)} ${s.toName}`;
    const claim = (s: RelationshipView): AnswerClaim => ({
      value: said(s),
      basis: UNTYPED_LABELS.has(s.label) ? 'sentence' : 'fact',
      relationshipId: s.id,
      pages: [],
    });
    // Every stated relation the two have with each other, when they have one.
    const direct = this.relsOf(from).filter(
      (r) => !UNTYPED_LABELS.has(r.label) && ((r.from === from && r.to === to) || (r.from === to && r.to === from)),
    );
    if (stated && steps.length === 1 && direct.length > 1) {
      return this.answer(
        `${fromName} and ${toName} have ${direct.length} stated relations: ${direct.map(said).join('; ')}.`,
        exact ? 'high' : 'medium',
        [from, to],
        [`What do we know about ${toName}?`],
        direct.map(claim),
      );
    }
    const chain = (): string => {
      const n = steps.length;
      return `${fromName} and ${toName} are connected in ${n} step${n > 1 ? 's' : ''}: ${steps.map(said).join('; ')}.`;
    };
    if (stated)
      return this.answer(chain(), exact ? 'high' : 'medium', [from, to, ...via], [`What do we know about ${toName}?`], steps.map(claim));
    // Being named together says less than a stated relation: one step lower.
    const together: Confidence = exact ? 'medium' : 'low';
    const pages = shared?.pages ?? [];
    if (pages.length > 0) {
      const quoted = pages.find((p) => p.sentences.length > 0);
      const sentence = quoted ? ` “${quoted.sentences[0] ?? ''}” (${quote(quoted.title || quoted.url)})` : '';
      const n = pages.length;
      const text = `Your graph states no relation between ${fromName} and ${toName}, but they are mentioned together on ${pagesWord(n)} you captured: ${titles(pages, n)}.${sentence}`;
      const cited = pages.map((p) => ({
        url: p.url,
        title: p.title,
        ...(p.sentences[0] === undefined ? {} : { sentence: p.sentences[0] }),
      }));
      return this.answer(
        text,
        together,
        [from, to],
        [`What do we know about ${fromName}?`, `What do we know about ${toName}?`],
        [{ value: `${fromName} and ${toName}, named together`, basis: 'sentence', pages: cited }],
      );
    }
    if (steps.length > 0) {
      return this.answer(
        `${chain()} Part of this chain is only that they were named in the same sentence, not a stated relation.`,
        together,
        [from, to, ...via],
        [`What do we know about ${toName}?`],
        steps.map(claim),
      );
    }
    if (!known) return this.answer(`I could not look for a connection between ${fromName} and ${toName}.`, 'low', [from, to], []);
    return this.answer(
      `Your graph has no connection between ${fromName} and ${toName}: no stated relation within ${known.maxDepth} steps, and no page you captured names both.`,
      'low',
      [from, to],
      [`What do we know about ${fromName}?`],
    );
  }

  private list(type: EntityType, from = 1): QueryResponse {
    const need = this.ask(`list the ${TYPE_PLURAL[type]}`, [
      ...(this.ctx.definitions ? [] : [{ capabilityId: CAPABILITY.LIST_ENTITY_DEFINITIONS, parameters: {} }]),
      ...(this.ctx.getTypeListing(type)
        ? []
        : [
            {
              capabilityId: CAPABILITY.GET_ENTITIES_BY_DEFINITION,
              parameters: { definition: type, limit: MAX_RESULTS_PER_REQUEST, ...(from > 1 ? { from } : {}) },
            },
          ]),
    ]);
    if (need) return need;
    const count = this.ctx.definitions?.find((d) => d.type === type)?.count;
    const ids = [...(this.ctx.getTypeListing(type) ?? [])];
    const start = this.ctx.typeListingFrom(type);
    if (count === 0 || (count === undefined && ids.length === 0)) {
      return this.answer(
        `Your graph has no ${TYPE_PLURAL[type]} yet.`,
        count === 0 ? 'high' : 'low',
        [],
        ['Which entities are the most connected?'],
      );
    }
    const names = ids.map((id) => this.name(id));
    const what = count === 1 ? type : TYPE_PLURAL[type];
    const last = start + ids.length - 1;
    if (ids.length === 0) {
      return this.answer(`Your graph has ${count ?? 0} ${what}, fewer than ${start}.`, 'high', [], [`List the ${TYPE_PLURAL[type]}`]);
    }
    const head =
      count === undefined
        ? `Some ${TYPE_PLURAL[type]} in your graph, the most mentioned first:`
        : start > 1
          ? `Your graph has ${count} ${what}. Numbers ${start} to ${last} by mentions:`
          : count > ids.length
            ? `Your graph has ${count} ${what}. The ${ids.length} mentioned most often:`
            : `Your graph has ${count} ${what}:`;
    const first = names[0];
    // A cut list offers the rest: the same question, from the next entity on.
    const rest =
      count !== undefined && count > last
        ? [askRange(this.input.question, last + 1, Math.min(count, last + MAX_RESULTS_PER_REQUEST), count)]
        : [];
    return this.answer(
      [
        { kind: 'paragraph', text: head },
        { kind: 'list', items: names },
      ],
      count === undefined ? 'medium' : 'high',
      ids.slice(0, 8),
      [...rest, ...(first ? [`What do we know about ${first}?`] : [])],
    );
  }

  private mostConnected(): QueryResponse {
    const need = this.ask('find the most connected entities', [{ capabilityId: CAPABILITY.LIST_ENTITY_DEFINITIONS, parameters: {} }]);
    if (need) return need;
    const top = (this.ctx.mostConnected ?? []).slice(0, TOP_CONNECTED);
    if (top.length === 0)
      return this.answer('Your graph has no relationships yet, so nothing is connected.', this.ctx.mostConnected ? 'high' : 'low', [], []);
    const items = top.map((c) => `${this.name(c.id)}, with ${c.degree} relationship${c.degree === 1 ? '' : 's'}`);
    const first = top[0];
    const head: AnswerBlock = {
      kind: 'paragraph',
      text: `The ${top.length === 1 ? 'most connected entity' : `${top.length} most connected entities`} in your graph:`,
    };
    return this.answer(
      [head, { kind: 'list', items }],
      'high',
      top.map((c) => c.id),
      first ? [`What do we know about ${this.name(first.id)}?`] : [],
    );
  }

  private captured(scope: PageScope, from = 1): QueryResponse {
    if (scope === 'current_page' && this.input.pageUrl === undefined) {
      return this.answer(
        'I do not know which page you are on; ask from the side panel of that tab.',
        'low',
        [],
        ['What did I capture today?'],
      );
    }
    if (!this.ctx.hasPageScope(scope)) {
      const need = this.ask('load the captured pages', [
        { capabilityId: CAPABILITY.GET_CAPTURED_PAGES, parameters: { scope, ...(from > 1 ? { from } : {}) } },
      ]);
      if (need) return need;
      return this.answer('I could not load your captured pages.', 'low', [], []);
    }
    const pages = scope === 'current_page' ? this.ctx.pages.filter((p) => p.url === this.input.pageUrl) : this.ctx.pages;
    const when = scope === 'today' ? 'today' : scope === 'recent' ? 'recently' : 'from this page';
    const start = this.ctx.pageStart(scope);
    const total = Math.max(start - 1 + pages.length, this.ctx.pageTotal(scope) ?? 0);
    if (pages.length === 0) {
      return this.answer(
        scope === 'current_page'
          ? 'This page has not been captured yet.'
          : start > 1
            ? `You captured ${pagesWord(total)} ${scope === 'today' ? 'today' : 'in all'}, fewer than ${start}.`
            : `You have not captured any page ${when}.`,
        'high',
        [],
        ['Which entities are the most connected?'],
      );
    }
    const ids = pages.flatMap((p) => p.entityIds);
    const first = ids[0];
    const last = start + pages.length - 1;
    // A cut list offers the rest: the same question, from the next page on.
    const rest = total > last ? [askRange(this.input.question, last + 1, Math.min(total, last + pages.length), total)] : [];
    const followUps = [...rest, ...(first ? [`What do we know about ${this.name(first)}?`] : [])];
    const [only] = pages;
    if (scope === 'current_page' && only) {
      const names = this.pageNames(only);
      const text =
        only.entityCount === 0
          ? `This page (“${only.title || only.url}”) gave your graph no entities.`
          : `This page (“${only.title || only.url}”) gave your graph ${entities(only.entityCount)}: ${names}.`;
      return this.answer(text, 'high', ids.slice(0, 8), followUps);
    }
    const head = pagesHeading(scope, start, pages.length, total);
    const items = pages.map(
      (p) => `${p.title || p.url}: ${p.entityCount === 0 ? 'no entities' : `${entities(p.entityCount)} (${this.pageNames(p)})`}`,
    );
    return this.answer(
      [
        { kind: 'paragraph', text: head },
        { kind: 'list', items },
      ],
      'high',
      ids.slice(0, 8),
      followUps,
    );
  }

  /** The names of a page's first entities, with how many more it gave. */
  private pageNames(page: PageView): string {
    const names = [...new Set(page.entityIds.map((id) => this.name(id)))].slice(0, LIST_IN_SENTENCE);
    const more = page.entityCount - names.length;
    return more > 0 ? `${names.join(', ')} and ${more} more` : listNames(names);
  }

  private unknown(): QueryResponse {
    const named = entitiesNamedIn(this.input.question, this.ctx);
    const first = named[0];
    if (first) return this.about(this.name(first));
    const near = this.ctx.summaries.slice(0, 3).map((s) => s.name);
    return this.answer(
      `I could not read this question. I understand questions like "what do we know about X?", "which companies use X?", "who founded X?", "where is X?", "how are X and Y connected?", "list the companies", "what are the most connected entities?" and "what did I capture today?".${near.length > 0 ? ` Entities that look related: ${near.join(', ')}.` : ''}`,
      'low',
      [],
      near.map((n) => `What do we know about ${n}?`),
    );
  }
}

/** An outgoing label as a verb phrase: `uses`, `was founded by`, `is located in`. */

/**
 * @example
 *   const engine = new QueryEngine({ …, answerer: new SymbolicAnswerer() });
 *   (await engine.executeQuery('who founded Stripe?')).answer.content // 'Stripe was founded by Patrick Collison.'
 */
export class SymbolicAnswerer implements Answerer {
  readonly name = 'symbolic';
  private readonly readSentences: boolean;

  /** `readSentences: false` answers from graph facts only (the eval's comparison; default true). */
  constructor(options: { readonly readSentences?: boolean } = {}) {
    this.readSentences = options.readSentences ?? true;
  }

  async answer(input: AnswerInput): Promise<QueryResponse> {
    const response = new Turn(input, this.readSentences).run(parseQuestion(input.question));
    if (response.type === 'answer') input.onToken?.(response.content);
    return response;
  }

  /**
   * The offline answerer's own words for an early stop: it looks things up in the graph in
   * a few steps, it has no model or request budget to speak of.
   */
  stopNotice(stop: LoopStop): string {
    if (stop.kind === 'limit') {
      return `This answer may be incomplete: it was made from ${stop.limit === 1 ? 'one look-up' : `${stop.limit} look-ups`} in your graph, and the question needed more. Ask about one entity at a time for a fuller answer.`;
    }
    return 'This answer may be incomplete: not everything the question needed could be looked up in your graph.';
  }
}
