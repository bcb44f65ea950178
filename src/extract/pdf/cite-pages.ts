/**
 * Page numbers for a PDF's evidence: each entity's and relation's snippet (the sentence
 * it was read from) is found in the capture's text and prefixed with the page it is on
 * ("p. 3 · …"), so the panel, the export and every copy of the evidence cite the page.
 * A snippet that cannot be found (cut, rewritten) is left as it was.
 *
 * @example
 *   citePdfPages(analysis, capture.text, capture.pdf.pageStarts).entities[0].snippet // 'p. 2 · Kestrel Bank was founded …'
 */
import type { CaptureAnalysis } from '../../core/capture';
import { citePage } from '../../core/text/pdf-page-cite';

/** Characters of a snippet looked up in the text: enough to be unique, short enough to survive a cut. */
const PROBE_CHARS = 60;

/** The 1-based page holding `offset`, from the offsets where pages start. */
export function pageAt(offset: number, pageStarts: readonly number[]): number {
  let page = 1;
  for (const [index, start] of pageStarts.entries()) if (start <= offset) page = index + 1;
  return page;
}

/** "p. N · " before each snippet found in `text`. */
export function citePdfPages(analysis: CaptureAnalysis, text: string, pageStarts: readonly number[]): CaptureAnalysis {
  const cite = (snippet: string): string => {
    const page = pageOf(snippet, text, pageStarts);
    return page === undefined ? snippet : citePage(page, snippet);
  };
  return {
    ...analysis,
    entities: analysis.entities.map((e) => ({ ...e, snippet: cite(e.snippet) })),
    relations: analysis.relations.map((r) => (r.origin === 'text' ? { ...r, snippet: cite(r.snippet) } : r)),
  };
}

function pageOf(snippet: string, text: string, pageStarts: readonly number[]): number | undefined {
  const core = trimEllipses(snippet);
  if (core.length === 0) return undefined;
  for (const probe of [core.slice(0, PROBE_CHARS), core.slice(-PROBE_CHARS)]) {
    const at = text.indexOf(probe);
    if (at >= 0) return pageAt(at, pageStarts);
  }
  return undefined;
}

/** The snippet without the spaces and ellipses a cut put around it (a loop: no backtracking pattern). */
function trimEllipses(snippet: string): string {
  const cut = (c: string | undefined) => c !== undefined && (c === '…' || c.trim() === '');
  let start = 0;
  let end = snippet.length;
  while (start < end && cut(snippet[start])) start++;
  while (end > start && cut(snippet[end - 1])) end--;
  return snippet.slice(start, end);
}
