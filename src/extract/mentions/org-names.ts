/**
 * Long organization names the recognizers read in pieces (rule family `org-names`, issue 32
 * item 5, "no fragments"): an institution's name often goes on past a small word, "Center for
 * Strategic and International Studies", "Center for a New Maritime Security", "Brandt Center
 * for the Performing Arts", and the model stops at the small word, storing two fragments
 * ("Center for Strategic", "International Studies") that are no names of their own. Two
 * mentions join into one organization when the first holds an institution's head noun and:
 *
 * - the first ends in the head noun and "for", "for the", "for a", "for an", "of the" or "on" leads
 *   to the second ("Center" + "for a" + "New Maritime Security");
 * - or the head noun, then "for" or "of", already stand in the first and "and" or "&" leads to the
 *   second ("Institute of Electrical" + "and" + "Electronics Engineers"), and the second is no
 *   name of its own: no list knows it and the page never writes it outside such a join ("the
 *   Department of Justice and Microsoft" stay two).
 */
import type { Mention } from '../../core/capture';
import { wholeWordsAt } from '../../nlp/occurrences';

/** Head nouns of institutions whose names go on past a small word. */
const INSTITUTION_HEADS = new Set([
  'Center',
  'Centre',
  'Institute',
  'Institution',
  'Foundation',
  'Council',
  'Committee',
  'Society',
  'Association',
  'Museum',
  'School',
  'College',
  'University',
  'Department',
  'Ministry',
  'Office',
  'Bureau',
  'Agency',
  'Commission',
  'Alliance',
  'Coalition',
  'Fund',
  'Academy',
  'Federation',
  'League',
  'Trust',
  'Laboratory',
  'Library',
  'Hospital',
  'Network',
  'Project',
  'Initiative',
]);
/** Small words after a head noun that lead on to the rest of the name. */
const AFTER_HEAD = /^ (?:for|for the|for a|for an|of the|on) $/u;
/** A coordination inside a name already led on by "for" or "of". */
const COORDINATION = /^ (?:and|&) $/u;
/** Words of the second part at most. */
const MAX_TAIL_WORDS = 5;

/**
 * `mentions` (in text order) with each pair of pieces of one organization name joined.
 *
 * @example
 *   joinOrganizationNames('the Center for a New Maritime Security said', [center, maritime], () => false)
 *   // [{ text: 'Center for a New Maritime Security', type: 'company', … }]
 */
export function joinOrganizationNames(text: string, mentions: readonly Mention[], known: (name: string) => boolean): Mention[] {
  if (mentions.length < 2) return [...mentions];
  const sorted = [...mentions].sort((a, b) => a.start - b.start);
  const out: Mention[] = [];
  // Each coordination check may scan the text for the second piece: a page gets a bounded number of them.
  const budget = { scans: MAX_COORDINATION_SCANS };
  for (let i = 0; i < sorted.length; i++) {
    const first = sorted[i];
    const second = sorted[i + 1];
    if (first === undefined) continue;
    if (second === undefined || !joins(text, first, second, known, budget)) {
      out.push(first);
      continue;
    }
    out.push({
      text: text.slice(first.start, second.end),
      type: 'company',
      start: first.start,
      end: second.end,
      score: Math.max(first.score, second.score),
      ...(first.fallback === true && second.fallback === true ? { fallback: true as const } : {}),
    });
    i += 1;
  }
  return out;
}

function joins(text: string, first: Mention, second: Mention, known: (name: string) => boolean, budget: { scans: number }): boolean {
  if (second.start <= first.end || second.type === 'person' || known(second.text)) return false;
  const tail = second.text.split(' ');
  if (tail.length > MAX_TAIL_WORDS || !tail.every((w) => /^[\p{Lu}\p{N}]/u.test(w))) return false;
  const words = first.text.split(' ');
  const gap = text.slice(first.end, second.start);
  if (AFTER_HEAD.test(gap)) return INSTITUTION_HEADS.has(words.at(-1) ?? '');
  if (!COORDINATION.test(gap)) return false;
  const head = words.findIndex((w, i) => INSTITUTION_HEADS.has(w) && (words[i + 1] === 'for' || words[i + 1] === 'of'));
  if (head < 0 || head + 2 >= words.length || budget.scans <= 0) return false;
  budget.scans -= 1;
  return !standsAlone(text, second.text);
}

/** Occurrences of a second piece looked at. */
const MAX_LOOKS = 50;
/** Coordinations checked on one page at most (each may scan the text once): a page of thousands is a list, not prose. */
const MAX_COORDINATION_SCANS = 200;

/** True when the page writes `name` somewhere not after "and" or "&": a name of its own, not a name's second half. */
function standsAlone(text: string, name: string): boolean {
  return wholeWordsAt(text, name, { looked: MAX_LOOKS }).some((at) => !/(?:and|&) $/u.test(text.slice(Math.max(0, at - 4), at)));
}
