/**
 * Stage 4, salience and keep: which groups are names of the article (the single-mention
 * bars, the prose gate and the keep model, `keep/`), ranked by salience (structured data,
 * title, frequency, headings, position) and capped (`entity-cap.ts`).
 */
import type { AnalyzedEntity, Mention } from '../../core/capture';
import { nameKey } from '../../core/text/normalize';
import { isDistinctiveName, isEverydayWord, isRareName } from '../words/common-words';
import { truncate } from '../page/sanitize';
import { CONFIDENT_TYPE_SCORE, keepRanked } from './entity-cap';
import { knownNames } from '../gazetteer/known-names';
import { keepFeatures, type CandidateView } from '../keep/features';
import { KEEP_MODEL, keepProbability } from '../keep/keep-model';
import { MAX_SNIPPET, sentenceAt } from '../page/snippet';
import type { FoundMentions } from './mention-stage';
import { classifyRelations } from '../relations/extract';
import { splitSentences } from '../../nlp';
import { inKey, inProse, MAX_ALIASES, MENTIONS_PER_STEP, type Group, type ObservedCandidate, type StageContext } from './stage';

/** Text-only names with one weak mention are too often noise to keep. */
const MIN_SINGLE_MENTION_SCORE = 0.6;
/**
 * A name of proper-name shape (`isDistinctiveName`: "Flutterwave", "Brookings Institution")
 * mentioned once is kept from this lower score: most single mentions on a page score 0.5–0.6
 * (the model's unfamiliar names, the rules' capitalized unknowns), and on the page gold the
 * ones between that are not capitalized phrases ("Small Business", "AI-focused") are mostly
 * real names.
 */
const MIN_DISTINCTIVE_SINGLE_SCORE = 0.5;
/**
 * …and a rare one (`isRareName`: no everyday English word either, "Fidessa", "Kestrel") from this
 * score: the model's unfamiliar single names score 0.25–0.5 ("The companies include …, Fidessa
 * and Elementum"), and on the page gold three in four of those are real names once everyday
 * words ("Funny", "Furthermore") are out.
 */
const MIN_RARE_SINGLE_SCORE = 0.25;
/** A mention this sure (rule recognizer: gazetteer or graph match) needs no prose around it. */
const SURE_MENTION_SCORE = 0.9;
/** Salience factor of a name whose every mention scored under 0.5: kept when there is room, never instead of a surer one. */
const UNSURE_SALIENCE = 0.5;
/**
 * Mentions of one name checked for running prose: a name none of whose first 50 mentions
 * is in prose is a label or a heading, and a page repeating one name 20k times would
 * otherwise cost half a second in one step.
 */
const MAX_PROSE_CHECKS = 50;
/** Salience weights: structured data and the title weigh most, then frequency, headings, position. */
const W_STRUCTURED = 0.3;
const W_TITLE = 0.25;
const W_FREQUENCY = 0.25;
const W_HEADING = 0.1;
const W_POSITION = 0.1;

/** What the salience stage reads: every group, the mentions and their groups, the cap. */
export interface SalienceInput {
  readonly groups: readonly Group[];
  readonly found: FoundMentions;
  readonly mentionGroup: Map<Mention, Group>;
  /** Entities kept at most (`pageEntityCap`). */
  readonly cap: number;
  /** Work done since the last yield (the grouping stage's count). */
  readonly work: number;
}

/** The kept entities, most salient first, and their groups. */
export interface KeptEntities {
  readonly entities: AnalyzedEntity[];
  readonly keptGroups: ReadonlySet<Group>;
}

/**
 * Judges, ranks and caps the groups.
 *
 * @example
 *   const { entities, keptGroups } = yield* rankEntities(ctx, { groups, found, mentionGroup, cap, work });
 */
export function* rankEntities(ctx: StageContext, input: SalienceInput): Generator<void, KeptEntities, void> {
  const { capture, options, text, on, notes, expired, stop } = ctx;
  const { groups, mentionGroup, cap } = input;
  const { mentions, lowerWords, readText } = input.found;
  let work = input.work;
  const titleKey = ` ${nameKey(capture.title)} `;
  const headingsKey = ` ${capture.headings.map((h) => nameKey(h)).join(' | ')} `;
  const maxCount = Math.max(1, ...groups.map((g) => g.mentions.length));
  // A name one explicit statement ties to another ("Tim Goetz, CEO of Aplos") is a name,
  // even when mentioned once with a weak score: the relation stage's trigger rules read the
  // statement (the classifier alone does not vouch for a name).
  const relationArguments = new Set<Group>();
  const allByName = new Map<string, Group>();
  const grouped = mentions.filter((m) => {
    const g = mentionGroup.get(m);
    if (g === undefined || g.mentions.length === 0) return false;
    if (!allByName.has(g.name)) allByName.set(g.name, g);
    return true;
  });
  yield;
  const tied = on('relation-triggers')
    ? classifyRelations(
        text.slice(0, readText.at(-1)?.end ?? 0),
        tieCandidates(text, grouped, mentionGroup),
        (m) => {
          const g = mentionGroup.get(m);
          return g === undefined ? undefined : { name: g.name, type: g.type };
        },
        { expired },
      ).relations
    : [];
  if (expired()) stop('relations read in part of the text');
  for (const r of tied) {
    if (r.by === 'classifier') continue;
    for (const name of [r.from, r.to]) {
      const g = allByName.get(name);
      if (g !== undefined) relationArguments.add(g);
    }
  }
  const candidates: Group[] = [];
  const keepModel = !on('keep-model') ? null : options.keepModel === undefined ? KEEP_MODEL : options.keepModel;
  const observed: ObservedCandidate[] = [];
  const nameRuns = innerRuns(groups.map((g) => g.name));
  // The page's runs of letters and digits, read once when a candidate needs them (`loneAcronymPlural`).
  let runs: Set<string> | undefined;
  const pageRuns = () => (runs ??= new Set(text.match(/[\p{L}\p{N}]+/gu) ?? []));
  for (const g of groups) {
    if ((work += Math.max(1, g.mentions.length)) >= MENTIONS_PER_STEP) {
      work = 0;
      yield;
    }
    // Only untyped mentions survived the filters: nothing says what it is.
    if (!g.structured && g.typeVotes.size === 0) continue;
    if (!(
      g.structured ||
      g.mentions.length > 1 ||
      (g.mentions[0]?.score ?? 0) >= MIN_SINGLE_MENTION_SCORE ||
      (on('single-mention-bars') &&
        (g.mentions[0]?.score ?? 0) >= MIN_DISTINCTIVE_SINGLE_SCORE &&
        isDistinctiveName(g.name, (w) => lowerWords.has(w))) ||
      (on('single-mention-bars') && (g.mentions[0]?.score ?? 0) >= MIN_RARE_SINGLE_SCORE && isRareName(g.name, (w) => lowerWords.has(w))) ||
      inKey(titleKey, g) ||
      relationArguments.has(g)
    ))
      continue;
    // Capitals in headings, menus and labels say nothing about names: a text-only name needs
    // a sure recognizer hit or one mention in running prose (measured with the whole gold
    // judged: without it, check precision 0.602 → 0.575 for recall 0.776 → 0.791).
    if (g.structured) candidates.push(g);
    else {
      const checked = g.mentions.slice(0, MAX_PROSE_CHECKS);
      const prose = checked.filter((m) => inProse(text, m)).length;
      if (on('prose-gate') && prose === 0 && !checked.some((m) => m.score >= SURE_MENTION_SCORE)) continue;
      if (on('capital-at-starts') && (capitalOnlyAtStarts(text, g) || loneAcronymPlural(g, pageRuns))) continue;
      // The keep stage (keep/): is this text-found name a real name of the article?
      const view = candidateView(text, g, {
        proseShare: prose / Math.max(1, checked.length),
        inTitle: inKey(titleKey, g),
        relationArgument: relationArguments.has(g),
        lowerWords,
        innerRuns: nameRuns,
      });
      const features = keepFeatures(view);
      const kept = keepModel === null || keepProbability(features, keepModel) >= keepModel.threshold;
      observed.push({ name: g.name, type: g.type, aliases: [...g.aliases], features, kept });
      if (kept) candidates.push(g);
    }
  }
  options.observeCandidates?.(observed);
  const scored = candidates
    .map((g) => {
      const first = g.mentions.reduce((min, m) => Math.min(min, m.start), Number.POSITIVE_INFINITY);
      const position = Number.isFinite(first) && text.length > 0 ? 1 - first / text.length : 0;
      const salience =
        W_STRUCTURED * (g.structured ? 1 : 0) +
        W_TITLE * (inKey(titleKey, g) ? 1 : 0) +
        W_FREQUENCY * (Math.log1p(g.mentions.length) / Math.log1p(maxCount)) +
        W_HEADING * (inKey(headingsKey, g) ? 1 : 0) +
        W_POSITION * position;
      // A name only the low bar let in (`MIN_RARE_SINGLE_SCORE`) ranks below the names the recognizers were sure of.
      const unsure = !g.structured && g.mentions.every((m) => m.score < MIN_DISTINCTIVE_SINGLE_SCORE) ? UNSURE_SALIENCE : 1;
      return { g, salience: Math.round(Math.min(1, salience * unsure) * 1000) / 1000, first };
    })
    .sort(
      (a, b) =>
        b.salience - a.salience ||
        b.g.mentions.length - a.g.mentions.length ||
        a.first - b.first ||
        (a.g.name < b.g.name ? -1 : a.g.name > b.g.name ? 1 : 0),
    );
  if (scored.length > cap) notes.push(`kept the ${cap} most salient of ${scored.length} entities`);
  const kept = keepRanked(scored, cap, (k) => !k.g.structured && k.g.mentions.some((m) => m.score >= CONFIDENT_TYPE_SCORE));
  const keptGroups = new Set(kept.map((k) => k.g));

  const entities: AnalyzedEntity[] = kept.map(({ g, salience }) => analyzedEntity(text, g, salience));
  return { entities, keptGroups };
}

/** Sentences read for statements tying a once-mentioned name to another (`tieCandidates`). */
const MAX_TIE_SENTENCES = 200;

/**
 * The mentions the tie check reads: every mention in the sentences of the page's
 * once-mentioned names (where a statement may vouch for a weak name), at most
 * `MAX_TIE_SENTENCES` sentences, so a page of thousands of names costs what a normal page does.
 */
function tieCandidates(text: string, grouped: readonly Mention[], mentionGroup: ReadonlyMap<Mention, Group>): Mention[] {
  const sentences = splitSentences(text);
  const sentenceOf = (at: number): number => {
    let lo = 0;
    let hi = sentences.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((sentences[mid]?.start ?? 0) <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const sentenceOfMention = grouped.map((m) => sentenceOf(m.start));
  const chosen = new Set<number>();
  grouped.forEach((m, i) => {
    const g = mentionGroup.get(m);
    if (chosen.size < MAX_TIE_SENTENCES && g !== undefined && !g.structured && g.mentions.length === 1)
      chosen.add(sentenceOfMention[i] ?? -1);
  });
  return grouped.filter((_, i) => chosen.has(sentenceOfMention[i] ?? -1));
}

/** What the keep stage reads of a text-found group (`keep/features.ts`). */
function candidateView(
  text: string,
  g: Group,
  page: {
    readonly proseShare: number;
    readonly inTitle: boolean;
    readonly relationArgument: boolean;
    readonly lowerWords: ReadonlySet<string>;
    /** Runs of words inside the page's longer names (`innerRuns`). */
    readonly innerRuns: ReadonlySet<string>;
  },
): CandidateView {
  const votes = [...g.typeVotes.values()];
  const total = votes.reduce((a, b) => a + b, 0);
  const starts = g.mentions.filter((m) => opensSentence(text, m.start)).length;
  const glued = g.mentions.filter((m) => gluedToCapital(text, m)).length;
  const afterArticle = g.mentions.filter((m) => ARTICLE_BEFORE.test(text.slice(Math.max(0, m.start - 5), m.start))).length;
  return {
    name: g.name,
    type: g.type,
    scores: g.mentions.map((m) => m.score),
    proseShare: page.proseShare,
    sentenceStartShare: starts / Math.max(1, g.mentions.length),
    inTitle: page.inTitle,
    relationArgument: page.relationArgument,
    voteShare: total <= 0 ? 0 : Math.max(...votes) / total,
    known: knownNames().has(g.name),
    pageWritesLower: (w) => page.lowerWords.has(w),
    gluedShare: glued / Math.max(1, g.mentions.length),
    insideLonger: page.innerRuns.has(g.name),
    articleShare: afterArticle / Math.max(1, g.mentions.length),
  };
}
/** A lower-case article right before a mention ("the Channel", "an App"). */
const ARTICLE_BEFORE = /(?:^|[^\p{L}])(?:the|an?) $/u;
/** Names of at most this many words give their inner runs of words (`innerRuns`); longer ones are headlines. */
const MAX_INNER_RUN_NAME_WORDS = 9;
/** Every run of words strictly inside a group's name ("Battery" and "Ventures" of "Battery Ventures"). */
function innerRuns(names: readonly string[]): Set<string> {
  const runs = new Set<string>();
  for (const name of names) {
    const words = name.split(' ');
    if (words.length < 2 || words.length > MAX_INNER_RUN_NAME_WORDS) continue;
    for (let i = 0; i < words.length; i++)
      for (let j = i + 1; j <= words.length; j++) if (j - i < words.length) runs.add(words.slice(i, j).join(' '));
  }
  return runs;
}
/** True when a capitalized word sits right before or after the mention in its sentence ("Warner Bros." + "Pictures"). */
function gluedToCapital(text: string, m: Mention): boolean {
  const after = /^ (\p{Lu})/u.exec(text.slice(m.end, m.end + 2));
  if (after !== null) return true;
  // The word before: back over one space, then over letters and digits (a bounded scan, no pattern).
  if (text[m.start - 1] !== ' ') return false;
  let i = m.start - 2;
  const stop = Math.max(0, m.start - MAX_GLUED_WORD);
  while (i >= stop && /[\p{L}\p{N}]/u.test(text[i] ?? '')) i -= 1;
  const word = text.slice(i + 1, m.start - 1);
  return /^\p{Lu}/u.test(word) && !opensSentence(text, i + 1);
}
/** Characters of the word before a mention looked at. */
const MAX_GLUED_WORD = 40;
/** Characters looked back over for what precedes a mention (spaces, quotes, brackets). */
const MAX_LOOKBACK = 8;
/** The first character before `start` that is not a space, a quote or an opening bracket, within `MAX_LOOKBACK`. */
function charBefore(text: string, start: number): string | undefined {
  for (let i = start - 1; i >= Math.max(0, start - MAX_LOOKBACK); i--) {
    const c = text[i] ?? '';
    if (c === ' ' || c === '"' || c === '“' || c === "'" || c === '‘' || c === '(' || c === '[') continue;
    return c;
  }
  return undefined;
}
/** True when the mention at `start` opens a sentence or a line (its capital says nothing). */
function opensSentence(text: string, start: number): boolean {
  const c = charBefore(text, start);
  return c === undefined ? start < MAX_LOOKBACK : c === '.' || c === '!' || c === '?' || c === '\n' || c === ':';
}
/**
 * An everyday word no list knows ("Buttons", "Requires") whose capital only ever stands where
 * any word takes one (a sentence's or a list item's start, after a bullet, a number or a
 * semicolon): nothing says it is a name. A name is written capitalized mid-sentence somewhere
 * ("… with Fennel", "at Fennel,").
 */
function capitalOnlyAtStarts(text: string, g: Group): boolean {
  if (g.name.includes(' ') || !/^\p{Lu}\p{Ll}+$/u.test(g.name) || !isEverydayWord(g.name.toLowerCase())) return false;
  if (knownNames().has(g.name)) return false;
  return !g.mentions.some((m) => followsLowerWord(text, m.start));
}
/**
 * "CEOs", "APIs", "PhDs": the plural of an acronym is a kind of thing, not a name, unless the
 * page also writes the acronym alone (then the plural is that thing's other form: "APK").
 * Ending a longer name ("Quillmoor X CPUs"), it names the kind of a line's models: no name either.
 */
function loneAcronymPlural(g: Group, pageRuns: () => ReadonlySet<string>): boolean {
  if (knownNames().has(g.name)) return false;
  const words = g.name.split(' ');
  const m = /^(\p{Lu}\p{L}{0,5}\p{Lu})e?s$/u.exec(words.at(-1) ?? '');
  if (m === null) return false;
  const singular = m[1] ?? '';
  // An acronym: capitals with at most one small letter ("PhD", "PSoC"), not a word in camel case ("ClinicJs").
  if ((singular.match(/\p{Ll}/gu) ?? []).length > 1) return false;
  if (words.length > 1) return true;
  // Written alone: a whole run of letters and digits somewhere on the page (one set, not a scan per candidate).
  return !pageRuns().has(singular);
}
/** True when a lower-case letter or a comma precedes `start` (over spaces, quotes and brackets): mid-sentence. */
function followsLowerWord(text: string, start: number): boolean {
  const c = charBefore(text, start);
  return c !== undefined && (c === ',' || /\p{Ll}/u.test(c));
}
/** A kept group as the analysis reports it, with the sentence of its first mention as snippet. */
function analyzedEntity(text: string, g: Group, salience: number): AnalyzedEntity {
  const firstMention = [...g.mentions].sort((a, b) => a.start - b.start)[0];
  const snippet =
    firstMention !== undefined
      ? sentenceAt(text, firstMention.start, firstMention.end)
      : (g.description ?? `From the page's structured data (${g.type})`);
  return {
    name: g.name,
    type: g.type,
    aliases: [...g.aliases].filter((a) => a !== g.name).slice(0, MAX_ALIASES),
    attributes: g.attributes,
    ...(g.description === undefined ? {} : { description: g.description }),
    salience,
    mentions: g.mentions.length,
    snippet: truncate(snippet, MAX_SNIPPET),
    origin: g.structured ? (g.mentions.length > 0 ? 'both' : 'structured') : 'text',
    ...(g.ref === undefined ? {} : { ref: g.ref }),
  };
}
