/**
 * How a PDF's evidence cites its page: the snippet starts with "p. N · ". Written by the
 * capture (`extract/pdf/cite-pages.ts`), read by links to the evidence (`#page=N` opens
 * the browser's PDF viewer at that page; text fragments do not reach into a PDF).
 *
 * @example
 *   citePage(3, 'Kestrel Bank was founded …') // 'p. 3 · Kestrel Bank was founded …'
 *   citedPage('p. 3 · Kestrel Bank …')         // 3
 */
const CITED = /^p\. (\d{1,6}) · /;

export function citePage(page: number, snippet: string): string {
  return `p. ${page} · ${snippet}`;
}

/** The page a snippet cites, or undefined for a snippet without the prefix. */
export function citedPage(snippet: string): number | undefined {
  const match = CITED.exec(snippet);
  return match === null ? undefined : Number(match[1]);
}
