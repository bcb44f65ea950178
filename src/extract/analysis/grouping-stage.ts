/**
 * Stage 2, grouping: the structured data's entities first (trusted names, types, aliases),
 * then each text mention that passes the filters (boilerplate, implausible and generic
 * names, headings, byline) joins the group of its normalized name or opens one; short
 * names are then folded into the fuller names they stand for (`mentions/name-folding.ts`).
 */
import type { Mention, PageCapture } from '../../core/capture';
import { nameKey } from '../../core/text/normalize';
import { isBoilerplateName, isImplausibleName } from '../mentions/boilerplate';
import { foldShortNames } from '../mentions/name-folding';
import { personNameParts } from '../mentions/web-names';
import { sanitizeLine } from '../page/sanitize';
import { knownNames } from '../gazetteer/known-names';
import { isGenericTerm } from '../rules/lexicon/generic-terms';
import { isGroupWord } from '../rules/lexicon/group-words';
import type { FoundMentions } from './mention-stage';
import { addAlias, indexName, inProse, MENTIONS_PER_STEP, type Group, type PageGroups, type StageContext } from './stage';

/** Words of a text name; longer runs of capitals are titles and headings. */
const MAX_NAME_WORDS = 6;
/** Words of an institution's name joined by "of", "for" or "and" ("Northland Bureau of Weights and Measures"). */
const MAX_LINKED_NAME_WORDS = 9;
/** On non-English pages a one-word text name needs a gazetteer or graph match (rule score 0.9)… */
const FOREIGN_MIN_SCORE = 0.9;
/** …and a multi-word one at least a cue (rule score 0.75). */
const FOREIGN_MIN_MULTIWORD_SCORE = 0.75;

/** Which group each grouped mention joined, and the work done since the last yield. */
export interface MentionGroups {
  readonly mentionGroup: Map<Mention, Group>;
  /** Mentions handled since the last step ended (the salience stage goes on counting). */
  readonly work: number;
}

/** Phase 1: one group per structured entity name (trusted names, types, aliases, attributes). */
export function structuredGroups(entities: PageCapture['entities']): PageGroups {
  const page: PageGroups = { groups: [], byKey: new Map(), byRef: new Map() };
  for (const e of entities) {
    if (isBoilerplateName(e.name) || isImplausibleName(e.name, e.type)) continue;
    const existing = page.byKey.get(nameKey(e.name));
    // One entity per name on a page: the first structured description decides the type.
    if (existing !== undefined) {
      // A name described both as a person and as an organization ("Segment" as a press release's
      // JSON-LD author and as its Organization) is the organization signing its own page.
      if (existing.type === 'person' && e.type === 'company') existing.type = 'company';
      page.byRef.set(e.ref, existing);
      for (const a of e.aliases) addAlias(existing, a);
      existing.attributes = { ...e.attributes, ...existing.attributes };
      continue;
    }
    const g: Group = {
      name: e.name,
      type: e.type,
      keys: new Set(),
      aliases: new Set(),
      attributes: { ...e.attributes },
      description: e.description,
      ref: e.ref,
      structured: true,
      mentions: [],
      typeVotes: new Map(),
    };
    page.groups.push(g);
    page.byRef.set(e.ref, g);
    indexName(page.byKey, g, e.name);
    for (const a of e.aliases) {
      addAlias(g, a);
      indexName(page.byKey, g, a);
    }
  }
  return page;
}

/**
 * Puts each mention that passes the filters into `page`'s groups (new text groups are
 * added to `page.groups`), yielding every `MENTIONS_PER_STEP` mentions.
 *
 * @example
 *   const { mentionGroup } = yield* groupMentions(ctx, found, page);
 */
export function* groupMentions(ctx: StageContext, found: FoundMentions, page: PageGroups): Generator<void, MentionGroups, void> {
  const { capture, text, on } = ctx;
  const { mentions, english, typedKeys, named } = found;
  const { groups, byKey } = page;
  const index = (g: Group, name: string) => indexName(byKey, g, name);
  const headingKeys = new Set(capture.headings.map((h) => nameKey(h)));
  const textGroups: Group[] = [];
  const mentionGroup = new Map<Mention, Group>();
  let work = 0;
  const personParts = on('group-words') ? personNameParts(mentions) : new Set<string>();
  // The page's places: "New Yorkers" beside "New York" are its people (group-words).
  const places = on('group-words') ? new Set(mentions.filter((m) => m.type === 'location').map((m) => m.text)) : new Set<string>();
  for (const m of mentions) {
    if ((work += 1) % MENTIONS_PER_STEP === 0) yield;
    if (
      (m.type === 'other' && !typedKeys.has(nameKey(m.text)) && !named.has(m.text)) ||
      m.text.length > 120 ||
      (on('boilerplate-names') && isBoilerplateName(m.text)) ||
      (on('implausible-names') && isImplausibleName(m.text, m.type)) ||
      // "the CPU", "SKUs": a common noun in capitals names no one thing (rules/lexicon/generic-terms.ts).
      (on('generic-terms') && isGenericTerm(m.text)) ||
      // "Americans", "Catholic", "God", "the Whitfields": a group or a belief, no one entity (rules/lexicon/group-words.ts).
      (on('group-words') && isGroupWord(m.text, personParts, (stem) => places.has(stem)))
    )
      continue;
    const key = nameKey(m.text);
    if (key.length < 2 || m.text.split(/\s+/).length > (/ (?:of|for|and) /.test(m.text) ? MAX_LINKED_NAME_WORDS : MAX_NAME_WORDS)) continue;
    const known = byKey.get(key);
    // The recognizer reads English: elsewhere only gazetteer/graph hits and cued multi-word names count.
    if (known === undefined && !english && !(m.score >= FOREIGN_MIN_SCORE || (m.score >= FOREIGN_MIN_MULTIWORD_SCORE && key.includes(' '))))
      continue;
    // A section heading is not an entity unless structured data or the rest of the text says so.
    // Its mentions in running prose say so ("Bob Dylan" is the article's heading and its subject).
    if (on('heading-names') && known === undefined && headingKeys.has(key) && key.includes(' ') && !inProse(text, m)) continue;
    let g = known;
    if (g === undefined) {
      g = {
        name: sanitizeLine(m.text, 200) ?? m.text,
        type: m.type,
        keys: new Set(),
        aliases: new Set(),
        attributes: {},
        structured: false,
        mentions: [],
        typeVotes: new Map(),
      };
      groups.push(g);
      textGroups.push(g);
      index(g, m.text);
    }
    g.mentions.push(m);
    const vote = m.type === 'other' ? named.get(m.text) : m.type;
    if (vote !== undefined) g.typeVotes.set(vote, (g.typeVotes.get(vote) ?? 0) + m.score);
    mentionGroup.set(m, g);
  }
  if (on('short-name-folding')) foldShortNames(groups, mentionGroup, addAlias, (name) => knownNames().has(name));
  return { mentionGroup, work };
}
