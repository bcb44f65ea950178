/**
 * Connections between two entities: "how are X and Y connected?".
 */
import { CAPABILITY } from '../capabilities';
import type { RelationshipView } from '../query-context';
import type { AnswerClaim, Confidence, QueryResponse } from '../query-response';
import { UNTYPED_LABELS } from '../relation-words';
import { verbPhrase } from '../sentences';
import { pagesWord, quote, titles } from './phrasing';
import { notFound } from './read-answers';
import { isNeeds, type Turn } from './turn';

/**
 * "How are X and Y connected?": every stated relation between the two when they are
 * directly related, else a chain of stated relations (FIND_PATH looks for one of up to
 * STATED_PATH_DEPTH steps before any other); else the pages that name both, quoting a
 * sentence that names both; else a chain through co-mentions. Being named together is said
 * to be that, at a lower confidence than a stated relation. Each relation and page is a claim.
 */
export function path(t: Turn, fromText: string, toText: string): QueryResponse {
  const a = t.resolve(fromText);
  if (isNeeds(a)) return a;
  const b = t.resolve(toText);
  if (isNeeds(b)) return b;
  if (a === 'missing') return notFound(t, fromText);
  if (b === 'missing') return notFound(t, toText);
  const from = a.ids[0];
  const to = b.ids[0];
  if (!from || !to) return notFound(t, fromText);
  const fromName = t.name(from);
  const toName = t.name(to);
  // FIND_PATH brings the chain and the pages naming both; the full record of X, every relation it has with Y.
  const known = t.ctx.getPath(from, to);
  const shared = t.ctx.sharedPagesOf(from, to);
  if (!known) {
    const expand = t.ctx.isExpanded(from) ? [] : [{ capabilityId: CAPABILITY.EXPAND_ENTITY, parameters: { entityId: from } }];
    const need = t.ask(`find how ${fromName} and ${toName} are connected`, [
      { capabilityId: CAPABILITY.FIND_PATH, parameters: { fromId: from, toId: to } },
      ...expand,
    ]);
    if (need) return need;
  }
  const exact = a.exact && b.exact;
  const steps = known?.steps ?? [];
  const stated = steps.length > 0 && steps.every((s) => !UNTYPED_LABELS.has(s.label));
  const via = steps.flatMap((s) => [s.from, s.to]);
  const said = (s: RelationshipView): string => `${s.fromName} ${verbPhrase(s.label)} ${s.toName}`;
  const claim = (s: RelationshipView): AnswerClaim => ({
    value: said(s),
    basis: UNTYPED_LABELS.has(s.label) ? 'sentence' : 'fact',
    relationshipId: s.id,
    pages: [],
  });
  // Every stated relation the two have with each other, when they have one.
  const direct = t
    .relsOf(from)
    .filter((r) => !UNTYPED_LABELS.has(r.label) && ((r.from === from && r.to === to) || (r.from === to && r.to === from)));
  if (stated && steps.length === 1 && direct.length > 1) {
    return t.answer(
      `${fromName} and ${toName} have ${direct.length} stated relations: ${direct.map(said).join('; ')}.`,
      exact ? 'high' : 'medium',
      [from, to],
      [`What do we know about ${toName}?`],
      direct.map(claim),
    );
  }
  const chain = (): string => {
    const n = steps.length;
    return `${fromName} and ${toName} are connected in ${n} step${n > 1 ? 's' : ''}: ${steps.map(said).join('; ')}.`;
  };
  if (stated)
    return t.answer(chain(), exact ? 'high' : 'medium', [from, to, ...via], [`What do we know about ${toName}?`], steps.map(claim));
  // Being named together says less than a stated relation: one step lower.
  const together: Confidence = exact ? 'medium' : 'low';
  const pages = shared?.pages ?? [];
  if (pages.length > 0) {
    const quoted = pages.find((p) => p.sentences.length > 0);
    const sentence = quoted ? ` “${quoted.sentences[0] ?? ''}” (${quote(quoted.title || quoted.url)})` : '';
    const n = pages.length;
    const text = `Your graph states no relation between ${fromName} and ${toName}, but they are mentioned together on ${pagesWord(n)} you captured: ${titles(pages, n)}.${sentence}`;
    const cited = pages.map((p) => ({
      url: p.url,
      title: p.title,
      ...(p.sentences[0] === undefined ? {} : { sentence: p.sentences[0] }),
    }));
    return t.answer(
      text,
      together,
      [from, to],
      [`What do we know about ${fromName}?`, `What do we know about ${toName}?`],
      [{ value: `${fromName} and ${toName}, named together`, basis: 'sentence', pages: cited }],
    );
  }
  if (steps.length > 0) {
    return t.answer(
      `${chain()} Part of this chain is only that they were named in the same sentence, not a stated relation.`,
      together,
      [from, to, ...via],
      [`What do we know about ${toName}?`],
      steps.map(claim),
    );
  }
  if (!known) return t.answer(`I could not look for a connection between ${fromName} and ${toName}.`, 'low', [from, to], []);
  return t.answer(
    `Your graph has no connection between ${fromName} and ${toName}: no stated relation within ${known.maxDepth} steps, and no page you captured names both.`,
    'low',
    [from, to],
    [`What do we know about ${fromName}?`],
  );
}
