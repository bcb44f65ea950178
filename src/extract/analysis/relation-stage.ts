/**
 * Stage 5, relations between kept entities: structured data first, then the trigger rules
 * and the trained classifier (`relations/extract.ts`), then `mentioned_with` for
 * co-mentioned pairs; both ends kept, deduplicated, capped.
 */
import type { AnalyzedRelation, Mention } from '../../core/capture';
import { nameKey } from '../../core/text/normalize';
import { mergeRelations } from '../relations/cooccurrence';
import { classifyRelations, type RelationReaders } from '../relations/extract';
import { authorRefs, publisherRefs, speaksAs } from '../relations/publisher';
import type { FoundMentions } from './mention-stage';
import type { Group, PageGroups, StageContext } from './stage';

const MAX_RELATIONS = 100;

/** What the relations stage reads: the page's groups, the mentions and which groups were kept. */
export interface RelationInput {
  readonly page: PageGroups;
  readonly found: FoundMentions;
  readonly mentionGroup: Map<Mention, Group>;
  readonly keptGroups: ReadonlySet<Group>;
}

/** The page's relations, the mentions of kept entities and where the read text ends. */
export interface FoundRelations {
  readonly relations: AnalyzedRelation[];
  readonly keptMentions: Mention[];
  readonly readEnd: number;
}

/**
 * Finds the relations among the kept entities.
 *
 * @example
 *   const { relations } = yield* findRelations(ctx, { page, found, mentionGroup, keptGroups });
 */
export function* findRelations(ctx: StageContext, input: RelationInput): Generator<void, FoundRelations, void> {
  const { capture, options, text, on, expired, stop } = ctx;
  const { groups, byRef } = input.page;
  const { mentions, readText } = input.found;
  const { mentionGroup, keptGroups } = input;
  const bylineKey = capture.byline === undefined ? undefined : nameKey(capture.byline);
  // 5. Relations: structured first, then the text's; both ends kept, deduplicated.
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
    push({
      from: from.name,
      to: to.name,
      label: r.label,
      snippet: `structured data: ${from.name} ${r.label} ${to.name}`,
      origin: 'structured',
    });
  }
  const keptMentions = mentions.filter((m) => {
    const g = mentionGroup.get(m);
    return g !== undefined && keptGroups.has(g);
  });
  // The trigger rules and the trained classifier over every sentence with two kept names, then
  // `mentioned_with` (co-occurrence); the structured relations above stand where both speak of one pair.
  yield;
  const readEnd = readText.at(-1)?.end ?? 0;
  // "We" on a company's own blog is the company: the site's organization, when the text names it (publisher.ts).
  const publisher = [...publisherRefs(capture)]
    .map((ref) => byRef.get(ref))
    .find((g) => g !== undefined && keptGroups.has(g) && g.type === 'company' && speaksAs(g.name, text));
  // "I" on a post is its author: the one person the page's metadata or byline names as author, when kept (relations/publisher.ts).
  const bylined = groups.filter((g) => bylineKey !== undefined && nameKey(g.name) === bylineKey);
  const authors = new Set(
    [...[...authorRefs(capture)].map((ref) => byRef.get(ref)), ...bylined].filter(
      (g) => g !== undefined && keptGroups.has(g) && g.type === 'person',
    ),
  );
  const author = authors.size === 1 ? [...authors][0] : undefined;
  // The trigger rules switched off (registry) read as the readers' `rules: false`.
  const readers: RelationReaders | undefined = on('relation-triggers')
    ? options.relationReaders
    : { ...options.relationReaders, rules: false };
  const classified = classifyRelations(
    text.slice(0, readEnd),
    keptMentions,
    (m) => {
      const g = mentionGroup.get(m);
      return g === undefined ? undefined : { name: g.name, type: g.type };
    },
    {
      expired,
      ...(publisher === undefined ? {} : { publisher: { name: publisher.name, type: publisher.type } }),
      ...(author === undefined ? {} : { author: { name: author.name, type: author.type } }),
      ...(readers === undefined ? {} : { readers }),
    },
  );
  if (expired()) stop('relations read in part of the text');
  for (const r of mergeRelations(
    relations,
    on('relation-classifier') ? classified.relations : classified.relations.filter((r) => r.by !== 'classifier'),
    classified.coMentions,
  ))
    push(r);
  return { relations, keptMentions, readEnd };
}
