/**
 * The capture's relation stage over one stored sentence, for questions: the question side's
 * `SentenceRelationReader` (`core/query/sentence-relations.port.ts`). The sentence's known
 * names (the page's entities it names, with their stored types) are placed as mentions, an
 * opener that goes on about an entity ("It", "The company") and a person's pronoun or
 * surname as that entity, and `classifyRelations` reads them with the same trigger rules,
 * lists, appositions, anaphora and gated classifier as at capture. Nothing here is a rule:
 * it only places names. Page text is data: names are found by plain whole-word search.
 */
import type { Mention } from '../../core/capture';
import type { EntityId } from '../../core/graph/ids';
import type { EntityType } from '../../core/graph/types';
import type { SentenceName, SentenceView } from '../../core/query/query-context';
import type { SentenceRelation, SentenceRelationReader } from '../../core/query/sentence-relations.port';
import { wholeWordsAt } from '../../nlp';
import { classifyRelations, type RelationReaders } from './extract';

/** Shortest surname placed alone: shorter words ("Li", "Ng") are too often something else. */
const MIN_SURNAME = 3;
/** Forms searched per sentence: a sentence names at most a few dozen of its page's entities. */
const MAX_FORMS = 400;

interface Placed {
  readonly start: number;
  readonly end: number;
  readonly name: SentenceName;
}

/**
 * `text` in lower case, one code unit for one: a letter whose lower case is longer ("İ") stays
 * as it is, so offsets in it are offsets in `text`.
 */
function lowerInPlace(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (const ch of text) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

/** The forms a sentence may call `n` by: its name, the aliases it was found by, a person's surname. */
function formsOf(n: SentenceName): string[] {
  const words = n.name.split(/\s+/);
  const surname = n.type === 'person' && words.length > 1 ? (words.at(-1) ?? '') : '';
  return [n.name, ...(n.aliases ?? []), ...(surname.length >= MIN_SURNAME ? [surname] : [])].map((f) => f.toLowerCase());
}

/**
 * Each known name where it stands in the sentence, the longest first where two overlap
 * ("Fabrikam" inside "Fabrikam Labs" is the longer name's); an opener the sentence goes on
 * about an entity with (`refersBy`) stands for it at its first place.
 */
export function placeNames(sentence: SentenceView, about?: EntityId): Placed[] {
  const lower = lowerInPlace(sentence.text);
  const found: Placed[] = [];
  let forms = 0;
  for (const name of sentence.names) {
    for (const form of formsOf(name)) {
      if (++forms > MAX_FORMS) break;
      for (const start of wholeWordsAt(lower, form)) found.push({ start, end: start + form.length, name });
    }
  }
  const refers = sentence.refersBy;
  const referred = refers === undefined ? undefined : sentence.names.find((n) => n.name === refers.name);
  if (refers !== undefined && referred !== undefined) {
    const [start] = wholeWordsAt(lower, refers.opener.toLowerCase());
    if (start !== undefined) found.push({ start, end: start + refers.opener.length, name: referred });
  }
  // Longest first; on one span, the entity asked about first ("Arduino" for an entity of that alias and another of that name).
  const asked = (p: Placed): number => (p.name.id === about ? 0 : 1);
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start || asked(a) - asked(b));
  const kept: Placed[] = [];
  for (const p of found) if (!kept.some((k) => k.start < p.end && p.start < k.end)) kept.push(p);
  return kept.sort((a, b) => a.start - b.start);
}

/**
 * The relations the capture's relation stage reads in one stored sentence, between its known
 * names (ids, not names: two entities of a sentence may not share a name here).
 *
 * @example
 *   readSentenceRelations({ text: 'Ada Quinn founded Fabrikam.', names: [ada, fabrikam], pageUrl, pageTitle })
 *   // [{ from: fabrikam.id, label: 'founded_by', to: ada.id, confidence: 0.9 }]
 */
export function readSentenceRelations(sentence: SentenceView, readers?: RelationReaders, about?: EntityId): SentenceRelation[] {
  const placed = placeNames(sentence, about);
  const byStart = new Map<number, SentenceName>(placed.map((p) => [p.start, p.name]));
  const idOf = new Map<string, EntityId>();
  for (const p of placed) if (!idOf.has(p.name.name)) idOf.set(p.name.name, p.name.id);
  const mentions: Mention[] = placed.map((p) => ({
    text: sentence.text.slice(p.start, p.end),
    type: p.name.type,
    start: p.start,
    end: p.end,
    score: 1,
  }));
  const resolve = (m: Mention): { name: string; type: EntityType } | undefined => {
    const n = byStart.get(m.start);
    return n === undefined ? undefined : { name: n.name, type: n.type };
  };
  const { relations } = classifyRelations(sentence.text, mentions, resolve, readers === undefined ? {} : { readers });
  return relations.flatMap((r) => {
    const from = idOf.get(r.from);
    const to = idOf.get(r.to);
    return from === undefined || to === undefined || from === to ? [] : [{ from, label: r.label, to, confidence: r.confidence }];
  });
}

/** The capture's relation stage as the question side's reader; `readers` switch its rules or classifier off (the ablation). */
export function captureSentenceReader(readers?: RelationReaders): SentenceRelationReader {
  return { read: (sentence, about) => readSentenceRelations(sentence, readers, about) };
}
