/**
 * The right name, once: on one page a lone first name or surname is the
 * full name it belongs to ("Collison" after "Patrick Collison", "Dylan" and "Bob" on a
 * page about Bob Dylan). A one-word text name whose word is the first or last word of
 * one multi-word person name, or of one that the page uses far more than the others
 * ("Bob Dylan" against "Sara Dylan"), is folded into it: its mentions move and the
 * short form becomes an alias, so the name shown is the fullest form. A company's short form
 * cut inside its one-word name ("Pega" for "Pegasystems") joins it the same way.
 */
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { nameKey } from '../../core/text/normalize';
import { LEGAL_SUFFIXES } from '../rules/lexicon/cues';

/** Longest person name whose first or last word a lone name folds into. */
const MAX_PERSON_NAME_WORDS = 4;
/**
 * A full name this many times more mentioned than every other one sharing the word
 * takes the lone word: the page's subject ("Bob Dylan", 263 mentions) against his
 * relatives ("Sara Dylan", 5); two names used alike stay ambiguous.
 */
const DOMINANCE = 4;

/** A mention this sure of a non-person type was typed by a list or a cue (web-names.ts). */
const SURE_OTHER_TYPE = 0.85;

export interface FoldableGroup {
  name: string;
  type: EntityType;
  readonly structured: boolean;
  mentions: Mention[];
}

/**
 * @example
 *   foldShortNames(groups, mentionGroup, addAlias); // "Collison" joins "Patrick Collison"
 */
export function foldShortNames<G extends FoldableGroup>(
  groups: G[],
  mentionGroup: Map<Mention, G>,
  addAlias: (g: G, alias: string) => void,
  listed: (name: string) => boolean = () => false,
): void {
  foldCompanyShortForms(groups, mentionGroup, addAlias, listed);
  const fullsByPart = new Map<string, G[]>();
  for (const g of groups) {
    if (g.type !== 'person') continue;
    const words = g.name.split(/\s+/);
    // Person names have two to four words; a longer "name" is a sentence someone typed as one.
    if (words.length < 2 || words.length > MAX_PERSON_NAME_WORDS) continue;
    for (const part of new Set([words[0], words[words.length - 1]])) {
      if (part === undefined) continue;
      const key = nameKey(part);
      const list = fullsByPart.get(key) ?? [];
      if (!list.includes(g)) list.push(g);
      fullsByPart.set(key, list);
    }
  }
  for (const g of [...groups]) {
    // Any one-word text group may be a surname the recognizer typed otherwise ("Collison" as a company).
    if (g.structured || g.name.includes(' ')) continue;
    // …unless a list or a cue typed it otherwise: "Coursera" is not the first name of "Coursera genAI".
    if (g.mentions.some((m) => m.type !== 'person' && m.score >= SURE_OTHER_TYPE)) continue;
    const full = dominant(fullsByPart.get(nameKey(g.name)) ?? []);
    if (full === undefined || full === g) continue;
    foldInto(full, g, groups, mentionGroup, addAlias);
  }
}

/** Shortest short form of a company's one-word name that is folded into it ("Pega" for "Pegasystems"). */
const MIN_SHORT_FORM = 3;

/**
 * "Pega" on a page about "Pegasystems": a capitalized word (no capitals after its first
 * letter) that is the start of exactly one one-word company name of the page (legal form
 * aside: "Pegasystems Inc."), cut inside a word ("Pega|systems", not "Java|Script" nor
 * "PRO|models"), is the company's short form: its mentions move to the company and it
 * becomes an alias. Never a listed name ("Meta" is its own), nor one the page uses as a
 * place or as a word of a person's full name.
 */
function foldCompanyShortForms<G extends FoldableGroup>(
  groups: G[],
  mentionGroup: Map<Mention, G>,
  addAlias: (g: G, alias: string) => void,
  listed: (name: string) => boolean,
): void {
  // A company's one word: its whole name, or its first word before a legal form ("Pegasystems Inc.").
  const wordOf = (g: G): string | undefined => {
    const [first, ...rest] = g.name.split(' ');
    return first !== undefined && /^\p{Lu}\p{Ll}+$/u.test(first) && rest.every((w) => LEGAL_SUFFIXES.has(w.replace(/,$/u, '')))
      ? first
      : undefined;
  };
  const personWords = new Set(
    groups.flatMap((g) => {
      const words = g.type === 'person' ? g.name.split(/\s+/) : [];
      return words.length >= 2 ? words.map((w) => nameKey(w)) : [];
    }),
  );
  const companies = groups.flatMap((g) => {
    const word = g.type === 'company' ? wordOf(g) : undefined;
    return word === undefined ? [] : [{ g, word }];
  });
  for (const g of [...groups]) {
    if (g.structured || g.name.length < MIN_SHORT_FORM || !/^\p{Lu}\p{Ll}+$/u.test(g.name) || listed(g.name)) continue;
    // A place is never a short form. A person is only when the page names someone with that
    // word ("Mark" beside "Mark Okafor"); a lone word the recognizer calls a person while it is
    // cut from the page's company ("Quin" for "Quintronics") is the company's short form.
    if (g.mentions.some((m) => m.type === 'location')) continue;
    if (g.mentions.some((m) => m.type === 'person') && personWords.has(nameKey(g.name))) continue;
    const longer = companies.filter(
      (c) => c.g !== g && c.word.length > g.name.length + 1 && c.word.startsWith(g.name) && /\p{Ll}/u.test(c.word.charAt(g.name.length)),
    );
    const full = longer.length === 1 ? longer[0]?.g : undefined;
    if (full === undefined) continue;
    foldInto(full, g, groups, mentionGroup, addAlias);
  }
}

/** `g`'s mentions move to `full`, its name becomes an alias of `full`, and `g` leaves `groups`. */
function foldInto<G extends FoldableGroup>(
  full: G,
  g: G,
  groups: G[],
  mentionGroup: Map<Mention, G>,
  addAlias: (g: G, alias: string) => void,
): void {
  for (const m of g.mentions) {
    full.mentions.push(m);
    mentionGroup.set(m, full);
  }
  addAlias(full, g.name);
  g.mentions = [];
  groups.splice(groups.indexOf(g), 1);
}

function dominant<G extends FoldableGroup>(fulls: readonly G[]): G | undefined {
  if (fulls.length <= 1) return fulls[0];
  const sorted = [...fulls].sort((a, b) => b.mentions.length - a.mentions.length);
  const [first, second] = sorted;
  if (first === undefined || second === undefined) return first;
  return first.mentions.length >= DOMINANCE * Math.max(1, second.mentions.length) ? first : undefined;
}
