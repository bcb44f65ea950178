/**
 * Keeps only what the page says. A model's findings are claims: an entity is kept
 * when its name occurs in the page text, an alias when it does too, and a relation
 * when its quote lies inside one sentence of the page (not across two; sentences as the
 * language engine splits them for capture, `src/nlp/sentences.ts`) and both of
 * its ends occur in the quote and are kept entities; the evidence stored is that whole
 * page sentence. Text is compared normalized (NFKC, case, diacritics,
 * punctuation and spacing folded: `tokens`), so a quote that differs from the page
 * only in typography still matches, and a paraphrase does not. Everything dropped
 * is counted by reason. The evidence kept is the page's own sentence, never the
 * model's wording.
 *
 * @example
 *   const out = verifyFindings(extractions, capture.text);
 *   out.dropped.relationsNotInPage // relations whose sentence the page does not contain
 */
import type { EntityType } from '../graph/types';
import { nameKey, tokens } from '../text/normalize';
import { sentencePieces } from './chunk';
import type { Extraction, LlmRelationLabel } from './schema';
import { MAX_SENTENCE_CHARS } from './schema';

export interface VerifiedEntity {
  readonly name: string;
  readonly type: EntityType;
  readonly aliases: readonly string[];
  /** The first page sentence naming it. */
  readonly snippet: string;
}

export interface VerifiedRelation {
  readonly from: string;
  readonly label: LlmRelationLabel;
  readonly to: string;
  /** The page's sentence that states it. */
  readonly sentence: string;
}

export interface DroppedCounts {
  /** Entities whose name the page does not contain. */
  readonly entitiesNotInPage: number;
  /** Aliases the page does not contain. */
  readonly aliasesNotInPage: number;
  /** Relations whose quote is not inside one sentence of the page. */
  readonly relationsNotInPage: number;
  /** Relations whose sentence is in the page but does not name both ends. */
  readonly relationsEndsNotInSentence: number;
  /** Relations whose ends are not among the kept entities, or are one entity. */
  readonly relationsEndsNotEntities: number;
}

export interface VerifiedFindings {
  readonly entities: readonly VerifiedEntity[];
  readonly relations: readonly VerifiedRelation[];
  readonly dropped: DroppedCounts;
}

/** A dot between two letters: "U.S" and "U.S." are both "US" (`tokens` alone reads the first as "u s"). */
const INNER_DOT = /(?<=\p{L})\.(?=\p{L})/gu;

/**
 * A text's normalized form, padded so that a search matches whole words only: a name or
 * quote is in a text when its normalized form is a substring of the text's.
 *
 * @example
 *   normalized('“Stripe, Inc.” — U.S') // ' stripe inc us '
 */
export function normalized(text: string): string {
  return ` ${tokens(text.replace(INNER_DOT, '')).join(' ')} `;
}

/** Whether `needle` occurs in `haystack` (both normalized); an empty needle never does. */
function occursIn(needle: string, haystack: string): boolean {
  return needle.trim().length > 0 && haystack.includes(needle);
}

interface PageText {
  readonly whole: string;
  readonly sentences: readonly { readonly text: string; readonly norm: string }[];
}

function pageText(text: string): PageText {
  return { whole: normalized(text), sentences: sentencePieces(text, MAX_SENTENCE_CHARS).map((s) => ({ text: s, norm: normalized(s) })) };
}

/** Verifies the findings of every chunk of one page against the page's text. */
export function verifyFindings(extractions: readonly Extraction[], text: string): VerifiedFindings {
  const page = pageText(text);
  const { entities, entitiesNotInPage, aliasesNotInPage } = verifyEntities(extractions, page);
  const keys = new Map<string, string>();
  for (const e of entities) for (const n of [e.name, ...e.aliases]) if (!keys.has(nameKey(n))) keys.set(nameKey(n), e.name);
  const counts = { relationsNotInPage: 0, relationsEndsNotInSentence: 0, relationsEndsNotEntities: 0 };
  const relations = new Map<string, VerifiedRelation>();
  for (const r of extractions.flatMap((x) => x.relations)) {
    const quote = normalized(r.sentence);
    // Inside one sentence of the page: a quote running from the end of one sentence into
    // the next ("… lives in Tartu. Globex Paper") is in the page text, but states nothing.
    const sentence = occursIn(quote, page.whole) ? page.sentences.find((s) => occursIn(quote, s.norm))?.text : undefined;
    if (sentence === undefined) {
      counts.relationsNotInPage++;
      continue;
    }
    if (!occursIn(normalized(r.from), quote) || !occursIn(normalized(r.to), quote)) {
      counts.relationsEndsNotInSentence++;
      continue;
    }
    const from = keys.get(nameKey(r.from));
    const to = keys.get(nameKey(r.to));
    if (from === undefined || to === undefined || from === to) {
      counts.relationsEndsNotEntities++;
      continue;
    }
    const key = `${nameKey(from)}|${r.label}|${nameKey(to)}`;
    if (!relations.has(key)) relations.set(key, { from, label: r.label, to, sentence });
  }
  return { entities, relations: [...relations.values()], dropped: { entitiesNotInPage, aliasesNotInPage, ...counts } };
}

function verifyEntities(
  extractions: readonly Extraction[],
  page: PageText,
): { entities: VerifiedEntity[]; entitiesNotInPage: number; aliasesNotInPage: number } {
  const byKey = new Map<string, VerifiedEntity>();
  let entitiesNotInPage = 0;
  let aliasesNotInPage = 0;
  for (const e of extractions.flatMap((x) => x.entities)) {
    const norm = normalized(e.name);
    if (!occursIn(norm, page.whole)) {
      entitiesNotInPage++;
      continue;
    }
    const aliases = e.aliases.filter((a) => nameKey(a) !== nameKey(e.name));
    const kept = aliases.filter((a) => occursIn(normalized(a), page.whole));
    aliasesNotInPage += aliases.length - kept.length;
    const key = nameKey(e.name);
    const known = byKey.get(key);
    if (known !== undefined) {
      byKey.set(key, { ...known, aliases: unique([...known.aliases, ...kept]) });
      continue;
    }
    const snippet = page.sentences.find((s) => s.norm.includes(norm))?.text ?? e.name;
    byKey.set(key, { name: e.name, type: e.type, aliases: unique(kept), snippet });
  }
  return { entities: [...byKey.values()], entitiesNotInPage, aliasesNotInPage };
}

function unique(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.filter((n) => {
    const k = nameKey(n);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** All dropped findings of a page, one number (for the status line and the figures). */
export function droppedTotal(d: DroppedCounts): number {
  return d.entitiesNotInPage + d.aliasesNotInPage + d.relationsNotInPage + d.relationsEndsNotInSentence + d.relationsEndsNotEntities;
}
