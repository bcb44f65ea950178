/**
 * What did I read: "what did I capture today?", "what did this page give?".
 */
import { CAPABILITY } from '../capabilities';
import type { PageScope, PageView } from '../query-context';
import type { QueryResponse } from '../query-response';
import { askRange } from '../question';
import { entities, listNames, LIST_IN_SENTENCE, pagesHeading, pagesWord } from './phrasing';
import type { Turn } from './turn';

/** "What did I capture today?": the pages of a scope, newest first, with what each gave. */
export function captured(t: Turn, scope: PageScope, from = 1): QueryResponse {
  if (scope === 'current_page' && t.input.pageUrl === undefined) {
    return t.answer('I do not know which page you are on; ask from the side panel of that tab.', 'low', [], ['What did I capture today?']);
  }
  if (!t.ctx.hasPageScope(scope)) {
    const need = t.ask('load the captured pages', [
      { capabilityId: CAPABILITY.GET_CAPTURED_PAGES, parameters: { scope, ...(from > 1 ? { from } : {}) } },
    ]);
    if (need) return need;
    return t.answer('I could not load your captured pages.', 'low', [], []);
  }
  const pages = scope === 'current_page' ? t.ctx.pages.filter((p) => p.url === t.input.pageUrl) : t.ctx.pages;
  const when = scope === 'today' ? 'today' : scope === 'recent' ? 'recently' : 'from this page';
  const start = t.ctx.pageStart(scope);
  const total = Math.max(start - 1 + pages.length, t.ctx.pageTotal(scope) ?? 0);
  if (pages.length === 0) {
    return t.answer(
      scope === 'current_page'
        ? 'This page has not been captured yet.'
        : start > 1
          ? `You captured ${pagesWord(total)} ${scope === 'today' ? 'today' : 'in all'}, fewer than ${start}.`
          : `You have not captured any page ${when}.`,
      'high',
      [],
      ['Which entities are the most connected?'],
    );
  }
  const ids = pages.flatMap((p) => p.entityIds);
  const first = ids[0];
  const last = start + pages.length - 1;
  // A cut list offers the rest: the same question, from the next page on.
  const rest = total > last ? [askRange(t.input.question, last + 1, Math.min(total, last + pages.length), total)] : [];
  const followUps = [...rest, ...(first ? [`What do we know about ${t.name(first)}?`] : [])];
  const [only] = pages;
  if (scope === 'current_page' && only) {
    const names = pageNames(t, only);
    const text =
      only.entityCount === 0
        ? `This page (“${only.title || only.url}”) gave your graph no entities.`
        : `This page (“${only.title || only.url}”) gave your graph ${entities(only.entityCount)}: ${names}.`;
    return t.answer(text, 'high', ids.slice(0, 8), followUps);
  }
  const head = pagesHeading(scope, start, pages.length, total);
  const items = pages.map(
    (p) => `${p.title || p.url}: ${p.entityCount === 0 ? 'no entities' : `${entities(p.entityCount)} (${pageNames(t, p)})`}`,
  );
  return t.answer(
    [
      { kind: 'paragraph', text: head },
      { kind: 'list', items },
    ],
    'high',
    ids.slice(0, 8),
    followUps,
  );
}

/** The names of a page's first entities, with how many more it gave. */
function pageNames(t: Turn, page: PageView): string {
  const names = [...new Set(page.entityIds.map((id) => t.name(id)))].slice(0, LIST_IN_SENTENCE);
  const more = page.entityCount - names.length;
  return more > 0 ? `${names.join(', ')} and ${more} more` : listNames(names);
}
