/**
 * What the analysis stages share: the page's groups of mentions (`Group`), the context
 * every stage reads (`StageContext`: the capture, the options, the folded text, rule
 * switches, the budget), and small helpers more than one stage uses.
 */
import type { Mention, PageCapture } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { nameKey } from '../../core/text/normalize';
import { isImplausibleName } from '../mentions/boilerplate';
import type { EntityRecognizer, Gazetteer } from '../mentions/recognizer';
import type { KeepModel } from '../keep/keep-model';
import type { RuleId, RulesOff } from '../rules/registry';
import type { RelationReaders } from '../relations/extract';
import { sentenceAt } from '../page/snippet';

export const MAX_ALIASES = 20;
/** Mentions grouped, filtered or scored between two checks of the budget. */
export const MENTIONS_PER_STEP = 2_000;
/** Lower-case words of a line that starts in lower case from which it is the rest of a wrapped sentence. */
const MIN_CONTINUED_LOWER = 2;
/** A line with fewer words than this is a label, menu item or heading, not prose. */
const MIN_PROSE_WORDS = 4;
/** …and one with fewer lower-case words than this share is title-cased (a heading)… */
const MIN_PROSE_LOWER_SHARE = 0.4;
/** …unless it ends as a sentence with at least this many lower-case words (a sentence listing names). */
const MIN_LIST_SENTENCE_LOWER = 8;
/** …or, when it lists names with commas, at least this many ("The companies include A, B and C."). */
const MIN_SHORT_LIST_LOWER = 3;

export interface AnalyzeOptions {
  readonly recognizer: EntityRecognizer;
  readonly gazetteer?: Gazetteer;
  readonly maxEntities?: number;
  /** Monotonic ms for `analyzeMs`; defaults to `performance.now()`. */
  readonly timer?: () => number;
  /** Rule families switched off (`rules/registry.ts`; `npm run eval:ablate`); none in the extension. */
  readonly rulesOff?: RulesOff;
  /** The keep stage's model (`keep/keep-model.ts`); `null` keeps every candidate (ablation, training). */
  readonly keepModel?: KeepModel | null;
  /** Sees every text-found candidate the keep stage judged, with its features (training, `npm run train:keep`). */
  readonly observeCandidates?: (candidates: readonly ObservedCandidate[]) => void;
  /** Which relation readers decide (`eval:relations --readers` measures the classifier alone). */
  readonly relationReaders?: RelationReaders;
}

/** A candidate the keep stage judged, as `observeCandidates` receives it. */
export interface ObservedCandidate {
  readonly name: string;
  readonly type: EntityType;
  readonly aliases: readonly string[];
  readonly features: readonly number[];
  readonly kept: boolean;
}

export interface Group {
  name: string;
  type: EntityType;
  readonly keys: Set<string>;
  readonly aliases: Set<string>;
  attributes: Record<string, string>;
  description?: string;
  ref?: string;
  structured: boolean;
  mentions: Mention[];
  typeVotes: Map<EntityType, number>;
}

/** A piece of the text read in one step: `[start, end)` of the analysed text. */
export interface Slice {
  readonly start: number;
  readonly end: number;
}

/** What every stage reads: the page, the options, the text analysed and the run's switches and budget. */
export interface StageContext {
  readonly capture: PageCapture;
  readonly options: AnalyzeOptions;
  /** The text analysed: the capture's, cut to `MAX_ANALYZE_CHARS` and folded again. */
  readonly text: string;
  /** False for a rule family switched off (`rules/registry.ts`). */
  readonly on: (rule: RuleId) => boolean;
  /** The analysis's own notes, appended to by the stages. */
  readonly notes: string[];
  /** True once the time budget is spent. */
  readonly expired: () => boolean;
  /** Records, once, that the budget stopped the analysis and what was read. */
  readonly stop: (what: string) => void;
}

/** The page's groups so far, by name key (first group wins) and by structured-data ref. */
export interface PageGroups {
  readonly groups: Group[];
  readonly byKey: Map<string, Group>;
  readonly byRef: Map<string, Group>;
}

/** Records `name`'s key on `g`, and `g` as the group of that key unless another has it. */
export function indexName(byKey: Map<string, Group>, g: Group, name: string): void {
  const key = nameKey(name);
  if (key.length === 0) return;
  g.keys.add(key);
  if (!byKey.has(key)) byKey.set(key, g);
}

/** Adds another name of the group, unless it is no name at all ("/author/jane-doe", a URL). */
export function addAlias(g: Group, alias: string): void {
  if (alias !== g.name && g.aliases.size < MAX_ALIASES && !isImplausibleName(alias, g.type)) g.aliases.add(alias);
}

export function inKey(haystack: string, g: Group): boolean {
  for (const key of g.keys) if (key.length > 1 && haystack.includes(` ${key} `)) return true;
  return false;
}

/**
 * True when the mention sits in running prose: its sentence (within its line)
 * has a few words and is not title-cased.
 */
export function inProse(text: string, m: Mention): boolean {
  const sentence = sentenceAt(text, m.start, m.end);
  const words = sentence.match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? [];
  // A hard-wrapped paragraph's line ("the CORS protocol." after "… adhere to") goes on a sentence:
  // headings, menus and labels do not start with a lower-case word.
  if (/^\p{Ll}/u.test(sentence) && words.filter((w) => /^\p{Ll}/u.test(w)).length >= MIN_CONTINUED_LOWER) return true;
  if (words.length < MIN_PROSE_WORDS) return false;
  let lower = 0;
  for (const w of words) if (/^\p{Ll}/u.test(w)) lower += 1;
  // A finished sentence listing names ("… backers including Marlow Partners, Tessel Capital and …")
  // is prose although most of its words are capitalized; a heading has no such run of small words.
  if (lower / words.length >= MIN_PROSE_LOWER_SHARE) return true;
  if (!/[.!?]["”’)]?$/u.test(sentence)) return false;
  // A short finished sentence that lists names with commas ("The firms include Contoso,
  // Fabrikam, Initech Systems, Globex and Umbrella.") is prose too: headings and menus
  // do not end with a full stop after a comma-separated run.
  return lower >= MIN_LIST_SENTENCE_LOWER || (lower >= MIN_SHORT_LIST_LOWER && sentence.includes(', '));
}
