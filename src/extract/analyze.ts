/**
 * Capture → CaptureAnalysis: the page's central entities and relations. Structured
 * data first (most trusted), then recognizer mentions over the main text, grouped
 * by normalized name with short-name folding, boilerplate removed, ranked by
 * salience and capped; relations from structured data and from explicit textual
 * patterns whose two ends are both kept entities (precision over recall).
 */
import type { AnalyzedEntity, AnalyzedRelation, CaptureAnalysis, Mention, PageCapture } from '../core/capture';
import type { EntityType } from '../core/graph/types';
import { nameKey } from '../core/text/normalize';
import { isBoilerplateName, isImplausibleName } from './boilerplate';
import type { EntityRecognizer, Gazetteer } from './recognizer';
import { sanitizeLine, truncate } from './sanitize';
import { MAX_SNIPPET, sentenceAt } from './snippet';
import { withTeamSense } from './team-sense';
import { findTextRelations } from './text-relations';

/** Default cap on entities per page (issue 3: "about 25"). */
export const DEFAULT_MAX_ENTITIES = 25;
/** Hard ceiling on the cap, whatever the caller asks. */
const MAX_ENTITIES_CEILING = 200;
/** Text given to the recognizer; longer text is cut with a note (captures are ≤ 200k already). */
export const MAX_ANALYZE_CHARS = 200_000;
/** Mentions considered per page. */
const MAX_MENTIONS = 20_000;
/** Text-only names with one weak mention are too often noise to keep. */
const MIN_SINGLE_MENTION_SCORE = 0.7;
const MAX_RELATIONS = 100;
/** A mention this sure (rule recognizer: gazetteer or graph match) needs no prose around it. */
const SURE_MENTION_SCORE = 0.9;
/** A line with fewer words than this is a label, menu item or heading, not prose. */
const MIN_PROSE_WORDS = 4;
/** …and one with fewer lower-case words than this share is title-cased (a heading). */
const MIN_PROSE_LOWER_SHARE = 0.4;
/** On non-English pages a one-word text name needs a gazetteer or graph match (rule score 0.9)… */
const FOREIGN_MIN_SCORE = 0.9;
/** …and a multi-word one at least a cue (rule score 0.75). */
const FOREIGN_MIN_MULTIWORD_SCORE = 0.75;
/** Share of other languages' function words from which an unlabeled text is not English. */
const FOREIGN_STOPWORD_SHARE = 0.03;
/** Share of non-Latin words from which an unlabeled text is not English. */
const NON_LATIN_SHARE = 0.5;
/** Words sampled for the language guess. */
const LANGUAGE_SAMPLE_WORDS = 3_000;
const ENGLISH_STOPWORDS = new Set(['the', 'and', 'of', 'to', 'in', 'is', 'that', 'for', 'with', 'on', 'was', 'are', 'it', 'this', 'as', 'by', 'be', 'at', 'from', 'have', 'has']);
// German, French, Spanish, Italian, Portuguese and Dutch function words that are not English words.
const FOREIGN_STOPWORDS = new Set(['der', 'die', 'und', 'das', 'ist', 'nicht', 'mit', 'le', 'les', 'et', 'est', 'une', 'des', 'du', 'pour', 'dans', 'el', 'los', 'las', 'y', 'del', 'que', 'una', 'por', 'il', 'di', 'che', 'della', 'per', 'sono', 'não', 'em', 'um', 'uma', 'het', 'een', 'van', 'zijn']);
const MAX_ALIASES = 20;
/** Longest person name whose first or last word a lone surname folds into. */
const MAX_PERSON_NAME_WORDS = 4;
/** Salience weights: structured data and the title weigh most, then frequency, headings, position. */
const W_STRUCTURED = 0.3;
const W_TITLE = 0.25;
const W_FREQUENCY = 0.25;
const W_HEADING = 0.1;
const W_POSITION = 0.1;

export interface AnalyzeOptions {
  readonly recognizer: EntityRecognizer;
  readonly gazetteer?: Gazetteer;
  readonly maxEntities?: number;
  /** Monotonic ms for `analyzeMs`; defaults to `performance.now()`. */
  readonly timer?: () => number;
}

interface Group {
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

/**
 * @example
 *   const analysis = analyzeCapture(capture, { recognizer: createRuleRecognizer() });
 *   analysis.entities[0] // { name: 'Stripe', type: 'company', salience: 1, origin: 'both', … }
 */
export function analyzeCapture(capture: PageCapture, options: AnalyzeOptions): CaptureAnalysis {
  const timer = options.timer ?? (() => performance.now());
  const started = timer();
  const notes: string[] = [];
  const cap = Math.max(0, Math.min(Math.floor(options.maxEntities ?? DEFAULT_MAX_ENTITIES), MAX_ENTITIES_CEILING));
  const text = capture.text.length > MAX_ANALYZE_CHARS ? truncate(capture.text, MAX_ANALYZE_CHARS) : capture.text;
  if (text.length < capture.text.length) notes.push(`analysis read the first ${MAX_ANALYZE_CHARS} characters of the text`);

  const groups: Group[] = [];
  const byKey = new Map<string, Group>();
  const byRef = new Map<string, Group>();
  const index = (g: Group, name: string) => {
    const key = nameKey(name);
    if (key.length === 0) return;
    g.keys.add(key);
    if (!byKey.has(key)) byKey.set(key, g);
  };

  // 1. Structured data: trusted names, types, aliases and attributes.
  for (const e of capture.entities) {
    if (isBoilerplateName(e.name) || isImplausibleName(e.name, e.type)) continue;
    const key = nameKey(e.name);
    const existing = byKey.get(key);
    // One entity per name on a page: the first structured description decides the type.
    if (existing !== undefined) {
      byRef.set(e.ref, existing);
      for (const a of e.aliases) addAlias(existing, a);
      existing.attributes = { ...e.attributes, ...existing.attributes };
      continue;
    }
    const g: Group = {
      name: e.name, type: e.type, keys: new Set(), aliases: new Set(), attributes: { ...e.attributes },
      description: e.description, ref: e.ref, structured: true, mentions: [], typeVotes: new Map(),
    };
    groups.push(g);
    byRef.set(e.ref, g);
    index(g, e.name);
    for (const a of e.aliases) {
      addAlias(g, a);
      index(g, a);
    }
  }

  // 2. Text mentions.
  const headingKeys = new Set(capture.headings.map((h) => nameKey(h)));
  const bylineKey = capture.byline === undefined ? undefined : nameKey(capture.byline);
  let mentions = options.recognizer.recognize(text, options.gazetteer === undefined ? undefined : { gazetteer: options.gazetteer });
  if (mentions.length > MAX_MENTIONS) {
    notes.push(`only the first ${MAX_MENTIONS} mentions were read`);
    mentions = mentions.slice(0, MAX_MENTIONS);
  }
  const textGroups: Group[] = [];
  const mentionGroup = new Map<Mention, Group>();
  const english = isEnglish(capture.lang, text);
  // On a sports page "England" beating "Pakistan" are teams, not countries.
  if (english) mentions = [...withTeamSense(mentions, text, capture.title)];
  if (!english) notes.push('not English: text names kept only when known or strongly cued');
  for (const m of mentions) {
    if (m.type === 'other' || isBoilerplateName(m.text) || isImplausibleName(m.text, m.type) || m.text.length > 120) continue;
    const key = nameKey(m.text);
    if (key.length < 2 || m.text.split(/\s+/).length > 6) continue;
    const known = byKey.get(key);
    // The recognizer reads English: elsewhere only gazetteer/graph hits and cued multi-word names count.
    if (known === undefined && !english && !(m.score >= FOREIGN_MIN_SCORE || (m.score >= FOREIGN_MIN_MULTIWORD_SCORE && key.includes(' ')))) continue;
    // A section heading is not an entity unless structured data or the rest of the text says so.
    if (known === undefined && headingKeys.has(key) && key.includes(' ')) continue;
    if (known === undefined && bylineKey !== undefined && key === bylineKey) continue;
    let g = known;
    if (g === undefined) {
      g = {
        name: sanitizeLine(m.text, 200) ?? m.text, type: m.type, keys: new Set(), aliases: new Set(), attributes: {},
        structured: false, mentions: [], typeVotes: new Map(),
      };
      groups.push(g);
      textGroups.push(g);
      index(g, m.text);
    }
    g.mentions.push(m);
    g.typeVotes.set(m.type, (g.typeVotes.get(m.type) ?? 0) + m.score);
    mentionGroup.set(m, g);
  }
  foldShortNames(groups, mentionGroup);

  // 3. Types for text-only groups: the best-supported vote.
  for (const g of groups) {
    if (g.structured) continue;
    let best: EntityType = g.type;
    let bestVote = -1;
    for (const [t, v] of [...g.typeVotes].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      if (v > bestVote) {
        best = t;
        bestVote = v;
      }
    }
    g.type = best;
  }

  // 4. Salience, filter, cap.
  const titleKey = ` ${nameKey(capture.title)} `;
  const headingsKey = ` ${capture.headings.map((h) => nameKey(h)).join(' | ')} `;
  const maxCount = Math.max(1, ...groups.map((g) => g.mentions.length));
  // A name one explicit statement ties to another ("Tim Goetz, CEO of Aplos") is a name,
  // even when mentioned once with a weak score.
  const relationArguments = textRelationArguments(text, mentions, mentionGroup);
  const scored = groups
    .filter((g) => g.structured || g.mentions.length > 1 || (g.mentions[0]?.score ?? 0) >= MIN_SINGLE_MENTION_SCORE || inKey(titleKey, g) || relationArguments.has(g))
    // Capitals in headings, menus and labels say nothing about names: a text-only name needs
    // a sure recognizer hit or one mention in running prose.
    .filter((g) => g.structured || g.mentions.some((m) => m.score >= SURE_MENTION_SCORE || inProse(text, m)))
    .map((g) => {
      const first = g.mentions.reduce((min, m) => Math.min(min, m.start), Number.POSITIVE_INFINITY);
      const position = Number.isFinite(first) && text.length > 0 ? 1 - first / text.length : 0;
      const salience = W_STRUCTURED * (g.structured ? 1 : 0)
        + W_TITLE * (inKey(titleKey, g) ? 1 : 0)
        + W_FREQUENCY * (Math.log1p(g.mentions.length) / Math.log1p(maxCount))
        + W_HEADING * (inKey(headingsKey, g) ? 1 : 0)
        + W_POSITION * position;
      return { g, salience: Math.round(Math.min(1, salience) * 1000) / 1000, first };
    })
    .sort((a, b) => b.salience - a.salience || b.g.mentions.length - a.g.mentions.length || a.first - b.first || (a.g.name < b.g.name ? -1 : a.g.name > b.g.name ? 1 : 0));
  if (scored.length > cap) notes.push(`kept the ${cap} most salient of ${scored.length} entities`);
  const kept = scored.slice(0, cap);
  const keptGroups = new Set(kept.map((k) => k.g));

  const entities: AnalyzedEntity[] = kept.map(({ g, salience }) => {
    const firstMention = [...g.mentions].sort((a, b) => a.start - b.start)[0];
    const snippet = firstMention !== undefined ? sentenceAt(text, firstMention.start, firstMention.end) : g.description ?? `From the page's structured data (${g.type})`;
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
  });

  // 5. Relations: structured first, then textual patterns; both ends kept, deduplicated.
  const relations: AnalyzedRelation[] = [];
  const seen = new Set<string>();
  const push = (r: AnalyzedRelation) => {
    const key = `${nameKey(r.from)}|${r.label}|${nameKey(r.to)}`;
    if (seen.has(key) || r.from === r.to || relations.length >= MAX_RELATIONS) return;
    seen.add(key);
    relations.push(r);
  };
  for (const r of capture.relations) {
    const from = byRef.get(r.from);
    const to = byRef.get(r.to);
    if (from === undefined || to === undefined || !keptGroups.has(from) || !keptGroups.has(to)) continue;
    push({ from: from.name, to: to.name, label: r.label, snippet: `structured data: ${from.name} ${r.label} ${to.name}`, origin: 'structured' });
  }
  const keptMentions = mentions.filter((m) => {
    const g = mentionGroup.get(m);
    return g !== undefined && keptGroups.has(g);
  });
  for (const r of findTextRelations(text, keptMentions, (m) => {
    const g = mentionGroup.get(m);
    return g === undefined ? undefined : { name: g.name, type: g.type };
  })) push(r);

  return {
    url: capture.url,
    title: capture.title,
    ...(capture.lang === undefined ? {} : { lang: capture.lang }),
    entities,
    relations,
    notes: [...capture.notes, ...notes].slice(0, 20),
    analyzeMs: Math.max(0, timer() - started),
  };
}

/** Groups that are an end of an explicit textual relation among all of the page's text mentions. */
function textRelationArguments(text: string, mentions: readonly Mention[], mentionGroup: Map<Mention, Group>): Set<Group> {
  const byName = new Map<string, Group>();
  const grouped = mentions.filter((m) => {
    const g = mentionGroup.get(m);
    if (g === undefined || g.mentions.length === 0) return false;
    if (!byName.has(g.name)) byName.set(g.name, g);
    return true;
  });
  const out = new Set<Group>();
  for (const r of findTextRelations(text, grouped, (m) => {
    const g = mentionGroup.get(m);
    return g === undefined ? undefined : { name: g.name, type: g.type };
  })) {
    for (const name of [r.from, r.to]) {
      const g = byName.get(name);
      if (g !== undefined) out.add(g);
    }
  }
  return out;
}

/** Adds another name of the group, unless it is no name at all ("/author/jane-doe", a URL). */
function addAlias(g: Group, alias: string): void {
  if (alias !== g.name && g.aliases.size < MAX_ALIASES && !isImplausibleName(alias, g.type)) g.aliases.add(alias);
}

function inKey(haystack: string, g: Group): boolean {
  for (const key of g.keys) if (key.length > 1 && haystack.includes(` ${key} `)) return true;
  return false;
}

/**
 * "Collison" after "Patrick Collison" on the same page is that person: a one-word
 * person group whose word is the last or first word of exactly one multi-word
 * person group is folded into it (its mentions move, the short form becomes an alias).
 */
function foldShortNames(groups: Group[], mentionGroup: Map<Mention, Group>): void {
  const fullByPart = new Map<string, Group | null>();
  for (const g of groups) {
    if (g.type !== 'person') continue;
    const words = g.name.split(/\s+/);
    // Person names have two to four words; a longer "name" is a sentence someone typed as one.
    if (words.length < 2 || words.length > MAX_PERSON_NAME_WORDS) continue;
    for (const part of [words[0], words[words.length - 1]]) {
      if (part === undefined) continue;
      const key = nameKey(part);
      const prev = fullByPart.get(key);
      fullByPart.set(key, prev === undefined || prev === g ? g : null);
    }
  }
  for (const g of [...groups]) {
    // Any one-word text group may be a surname the recognizer typed otherwise ("Collison" as a company).
    if (g.structured || g.name.includes(' ')) continue;
    const full = fullByPart.get(nameKey(g.name));
    if (full === undefined || full === null || full === g) continue;
    for (const m of g.mentions) {
      full.mentions.push(m);
      mentionGroup.set(m, full);
    }
    addAlias(full, g.name);
    g.mentions = [];
    groups.splice(groups.indexOf(g), 1);
  }
}

/**
 * English unless the page says otherwise (`lang`) or, when it says nothing, its
 * text shows it: mostly non-Latin letters, or more function words of other
 * European languages than of English.
 */
export function isEnglish(lang: string | undefined, text: string): boolean {
  if (lang !== undefined) return /^en\b/i.test(lang);
  const words = text.slice(0, LANGUAGE_SAMPLE_WORDS * 8).toLowerCase().match(/\p{L}+/gu)?.slice(0, LANGUAGE_SAMPLE_WORDS) ?? [];
  // Too little text to judge: assume English.
  if (words.length < 50) return true;
  let english = 0;
  let foreign = 0;
  let nonLatin = 0;
  for (const w of words) {
    if (ENGLISH_STOPWORDS.has(w)) english += 1;
    else if (FOREIGN_STOPWORDS.has(w)) foreign += 1;
    if (!/^[a-z\u00c0-\u024f]+$/.test(w)) nonLatin += 1;
  }
  if (nonLatin / words.length > NON_LATIN_SHARE) return false;
  return !(foreign > english && foreign / words.length >= FOREIGN_STOPWORD_SHARE);
}

/**
 * True when the mention sits in running prose: its sentence (within its line)
 * has a few words and is not title-cased.
 */
function inProse(text: string, m: Mention): boolean {
  const sentence = sentenceAt(text, m.start, m.end);
  const words = sentence.match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? [];
  if (words.length < MIN_PROSE_WORDS) return false;
  let lower = 0;
  for (const w of words) if (/^\p{Ll}/u.test(w)) lower += 1;
  return lower / words.length >= MIN_PROSE_LOWER_SHARE;
}
