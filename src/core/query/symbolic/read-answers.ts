/**
 * Answers read from stored page sentences when the graph lacks the fact, and the readings
 * given beside stored facts (`sentence-reading.ts` reads; this words and cites).
 */
import type { EntityId } from '../../graph/ids';
import { nameKey } from '../../text/normalize';
import { claimsOf, counted, listAll, readValue, uniqueValues } from '../answer-values';
import { CAPABILITY } from '../capabilities';
import type { SentenceView } from '../query-context';
import type { Answer, NeedsMoreInfo, QueryResponse } from '../query-response';
import type { Intent } from '../question';
import {
  besideValues,
  readAnswerText,
  readFromSentences,
  readingSpec,
  readLimit,
  readNameText,
  switchedSpec,
  TIGHT_READ_SCORE,
  type ReadAnswer,
  type ReadingSpec,
} from '../sentence-reading';
import { ruleReadings } from '../relation-readings';
import { isNeeds, type AlsoRead, type Turn } from './turn';

// Readings added to stored facts are held to closer words than an answer read alone: trigger to both names.
const MAX_ALSO_READ_SCORE = 8;
// Shorter names of an entity read with it (one request each).
const MAX_SHORT_NAMED = 2;
const POSSIBLY_MORE = 'your pages may name more than your graph stores as facts';
const PAGES_NOT_READ = 'your pages were not read for more than the stored facts';

/**
 * When the graph has no relation for the question: a stored page sentence that states
 * it, quoted with its page, at low confidence. Asks for the sentences first;
 * undefined when reading is off, not offered, or no sentence answers.
 */
export function fromSentences(t: Turn, id: EntityId, intent: Intent, noun?: string): QueryResponse | undefined {
  const all = readings(t, id, intent);
  if (all === undefined || !Array.isArray(all)) return all;
  const limit = readLimit(intent);
  const reads = all.slice(0, limit);
  // One more read than given: the list is cut, and the answer says so.
  return readAnswer(t, readAnswerText(reads), reads, id, noun, all.length > limit);
}

/**
 * An answer read from sentences, at low confidence: each entity read cites the page it was
 * read on, and the entity asked about (when it has one) every page read.
 */
function readAnswer(
  t: Turn,
  text: string,
  reads: readonly ReadAnswer[],
  about?: EntityId,
  noun?: string,
  cut = false,
): QueryResponse | undefined {
  const first = reads[0];
  if (first === undefined) return undefined;
  const pages = reads.map((r) => ({ url: r.sentence.pageUrl, title: r.sentence.pageTitle }));
  const summary = about === undefined ? undefined : t.ctx.getSummary(about);
  const values = uniqueValues(reads.map(readValue));
  const names = listAll(values.map((v) => v.name));
  // Several values read: all of them, counted ("In all, 3 founders read: …"); a cut list says it is one.
  const content = cut
    ? `${text} Your pages name more than this: only the first ${values.length} read are given (${names}).`
    : values.length > 1
      ? `${text} In all, ${counted(values, noun)} read: ${names}.`
      : text;
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
function readings(
  t: Turn,
  id: EntityId,
  intent: Intent,
  known: ReadonlySet<EntityId> = new Set(),
): ReadAnswer[] | NeedsMoreInfo | undefined {
  const about = sentencesAbout(t, id, intent);
  if (about === undefined || isNeeds(about)) return about;
  const limit = readLimit(intent);
  // The capture's relation stage first (one engine for capture and questions), then the answer readers it does not cover.
  const reader = t.reading.relationReader;
  // One more than a question with several answers gives: the callers tell a cut list by it.
  const asked = limit > 1 ? limit + 1 : limit;
  const byRules = reader === undefined ? [] : ruleReadings(reader, about.sentences, about.ids, intent, asked + known.size);
  const byReaders = readFromSentences(about.sentences, id, about.names, about.reading, asked + known.size);
  const out: ReadAnswer[] = [];
  for (const r of [...byRules, ...byReaders]) if (!known.has(r.answer.id) && !out.some((o) => o.answer.id === r.answer.id)) out.push(r);
  return out.slice(0, asked);
}

/** The reading spec of `intent` with the turn's switched-off answer readers left out. */
function specOf(t: Turn, intent: Intent): ReadingSpec | undefined {
  const spec = readingSpec(intent);
  return spec === undefined ? undefined : switchedSpec(spec, t.reading.readersOff);
}

/**
 * The stored sentences about `id` (and its shorter names), the names they call it by, and
 * the reading spec of `intent`; asks for the sentences first. Undefined when reading is off
 * or the question is not one sentences answer.
 */
function sentencesAbout(
  t: Turn,
  id: EntityId,
  intent: Intent,
): { sentences: SentenceView[]; ids: EntityId[]; names: string[]; reading: ReadingSpec } | NeedsMoreInfo | undefined {
  if (!t.readSentences) return undefined;
  const reading = specOf(t, intent);
  if (reading === undefined) return undefined;
  // The pages' shorter name for it, when the graph holds that apart ("Whole Foods" of "Whole Foods Market").
  const ids = [id, ...shortNamed(t, id)];
  const unread = ids.filter((i) => t.ctx.sentencesOf(i) === undefined);
  if (unread.length > 0) {
    return t.ask(
      `read what the captured pages say about ${t.name(id)}`,
      unread.map((i) => ({ capabilityId: CAPABILITY.READ_PAGE_SENTENCES, parameters: { entityId: i } })),
    );
  }
  const seen = new Set<string>();
  const sentences = ids
    .flatMap((i) => t.ctx.sentencesOf(i) ?? [])
    .filter((s) => {
      const key = `${s.pageUrl}\u0000${s.text}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const names = [...ids.map((i) => t.name(i)), ...(t.ctx.getFull(id)?.entity.aliases ?? [])];
  return { sentences, ids, names, reading };
}

/**
 * Entities in the context named by the first words of `id`'s name, two words at least
 * ("Whole Foods" of "Whole Foods Market"): a page's short name for it that the graph keeps
 * apart. One word is not enough: "Piaggio" of "Piaggio Fast Forward" is its parent.
 */
function shortNamed(t: Turn, id: EntityId): EntityId[] {
  const words = nameKey(t.name(id)).split(' ');
  const out: EntityId[] = [];
  for (const other of t.ctx.allEntityIds) {
    if (other === id || out.length >= MAX_SHORT_NAMED) continue;
    const short = nameKey(t.name(other)).split(' ');
    if (short.length >= 2 && short.length < words.length && short.every((w, i) => words[i] === w)) out.push(other);
  }
  return out;
}

/**
 * For a question with several answers ("What does Boston Dynamics develop?"): what the
 * stored sentences state beyond the stored facts `known`, quoted with their pages, after the
 * facts. Empty when none does; asks for the sentences first.
 */
export function alsoRead(t: Turn, id: EntityId, intent: Intent, known: ReadonlySet<EntityId>): AlsoRead | NeedsMoreInfo {
  const none: AlsoRead = { reads: [] };
  // Where an organization is may have several answers (a seat and a region), but only a tight phrase adds one.
  const tightOnly = intent.kind === 'where';
  if (readLimit(intent) <= 1 && !tightOnly) return none;
  // Optional: never at the cost of the answer (asking with no request left would force one); unread, the
  // pages may state more.
  if (t.ctx.sentencesOf(id) === undefined && (t.input.remainingRequests ?? 0) < 1) {
    return t.readSentences && readingSpec(intent) !== undefined ? { reads: [], incomplete: PAGES_NOT_READ } : none;
  }
  const read = readings(t, id, intent, known);
  if (read === undefined) return none;
  if (!Array.isArray(read)) return read;
  const limit = readLimit(intent);
  const all = read.slice(0, limit);
  const reads = all.filter((r) => (r.score ?? 0) <= (tightOnly ? TIGHT_READ_SCORE : MAX_ALSO_READ_SCORE));
  // Readings too loose to give, or more than are given, still say the pages may state more than the facts.
  if (all.length > reads.length || read.length > limit) return { reads, incomplete: POSSIBLY_MORE };
  // A sentence stating a value that names another of the kind asked beside it ("its robots, Atlas, and …, Spot"),
  // for a question with several answers (a place named beside a seat is often another's).
  if (tightOnly) return { reads };
  const about = sentencesAbout(t, id, intent);
  const given = new Set<EntityId>([...known, ...reads.map((r) => r.answer.id)]);
  const beside =
    about === undefined || isNeeds(about) || t.reading.readersOff.has('answer-beside-values')
      ? []
      : besideValues(about.sentences, id, about.names, about.reading, given);
  return beside.length > 0
    ? { reads, incomplete: `a sentence of your pages that states this also names ${listAll(beside.map((b) => b.name))}` }
    : { reads };
}

/**
 * For a name no entity has: a stored sentence of the newest pages that names it and answers
 * the question, quoted, at low confidence; asks for those sentences first. Undefined when
 * reading is off or nothing answers.
 */
function fromNameSentences(t: Turn, name: string, intent: Intent): QueryResponse | undefined {
  if (!t.readSentences) return undefined;
  const reading = specOf(t, intent);
  if (reading === undefined) return undefined;
  const sentences = t.ctx.nameSentencesOf(name);
  if (sentences === undefined) {
    return t.ask(`read what the captured pages say about "${name}"`, [
      { capabilityId: CAPABILITY.READ_SENTENCES_NAMING, parameters: { name } },
    ]);
  }
  const reads = readFromSentences(sentences, undefined, [name], reading, readLimit(intent));
  return readAnswer(t, readNameText(name, reads), reads);
}

export function notFound(t: Turn, slotText: string, intent?: Intent): QueryResponse {
  const read = intent === undefined ? undefined : fromNameSentences(t, slotText, intent);
  if (read) return read;
  return notFoundAnswer(t, slotText);
}

function notFoundAnswer(t: Turn, slotText: string): Answer {
  return t.answer(
    `I have nothing about "${slotText}" in your graph yet. It appears once a page you capture mentions it, or you can add it yourself.`,
    'low',
    [],
    ['Which entities are the most connected?'],
  );
}
