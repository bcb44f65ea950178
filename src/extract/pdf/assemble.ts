/**
 * PDF text items → the page's text, in reading order: lines rebuilt from positioned
 * glyph runs, two-column pages read left column then right (full-width lines such as
 * titles split the page into bands), paragraphs from line spacing, words hyphenated
 * across lines joined, and running headers, footers and page numbers dropped (lines in
 * the top or bottom margin band that repeat across pages, digits ignored, or that are a
 * bare page number). Pure: the items come from any PDF reader (`adapters/pdf`).
 *
 * Everything here is untrusted input: item counts are bounded by the reader, each step
 * is linear or n·log n in the page's items, and no pattern backtracks.
 *
 * @example
 *   const { text, pageStarts } = assemblePdfText([{ width: 595, height: 842, items }]);
 *   text.slice(pageStarts[1]) // the second page's text
 */

/** One run of text as a PDF reader reports it (PDF coordinates: y grows upwards, baseline). */
export interface PdfTextItem {
  readonly str: string;
  readonly x: number;
  readonly y: number;
  /** Advance width of the run. */
  readonly width: number;
  /** Font size (the run's height). */
  readonly size: number;
}

export interface PdfPageText {
  readonly width: number;
  readonly height: number;
  readonly items: readonly PdfTextItem[];
}

export interface AssembledPdf {
  /** Paragraphs separated by a blank line, pages by a blank line too. */
  readonly text: string;
  /** Offset in `text` where each page's text starts (one per page, pages without text included). */
  readonly pageStarts: readonly number[];
  /** Lines set larger than the body text (section titles), in order, bounded. */
  readonly headings: readonly string[];
  /** Running headers, footers and page numbers dropped. */
  readonly droppedLines: number;
  /** The first page's lines in reading order with their size (for the title and author line). */
  readonly firstPageLines: readonly PdfLine[];
}

export interface PdfLine {
  readonly text: string;
  readonly x0: number;
  readonly x1: number;
  readonly y: number;
  readonly size: number;
}

/** Runs on one baseline within this share of the font size belong to one line. */
const SAME_LINE = 0.5;
/**
 * A horizontal gap wider than this many font sizes ends a line fragment: word spaces are
 * ~0.25 em, a column gutter is 2 em or more.
 */
const GUTTER_GAP = 1.2;
/** Header and footer bands: this share of the page height at the top and at the bottom. */
const MARGIN_BAND = 0.09;
/** A margin line repeated (digits ignored) on at least this share of pages is furniture. */
const REPEAT_SHARE = 0.5;
/** A gap between lines larger than this many typical line spacings starts a paragraph. */
const PARAGRAPH_GAP = 1.4;
/**
 * A line ending this share of its column's width short of the column's right edge ends its
 * block when the next line starts like a new one (a capital, a digit, a bullet): the last line
 * of a list item, a table row or a heading set at body size. Ragged-right text falls short of
 * the edge by at most a long word (~10% of a column), so a quarter is far from it.
 */
const SHORT_LINE = 0.25;
/**
 * The room a line leaves must exceed the next line's first word by this factor before the
 * line counts as ended on purpose: the word's width is estimated from the mean character
 * width, and capitals and wide letters run up to ~1.5 times it.
 */
const WORD_FIT_SLACK = 1.5;
/**
 * A line starting this many font sizes left of the previous one follows a table cell or a
 * second column's fragment: a paragraph's own lines move left by a first-line indent only
 * (1–2 em).
 */
const CELL_INDENT = 3;
/** A line that starts like a new block: a capital, a digit, a bullet or an opening quote. */
const BLOCK_START = /^[\p{Lu}\p{N}•◦▪‣·–—*"“‘(]/u;
/** Lines at least this much larger than the body size are headings. */
const HEADING_SCALE = 1.25;
const MAX_HEADINGS = 200;
const MAX_HEADING_CHARS = 300;
/** A bare page number, "Page 3", "3 of 12", "- 3 -", "iv". */
const PAGE_NUMBER = /^(?:page\s{0,3})?[-–—]?\s{0,3}(?:\d{1,5}|[ivxlc]{1,7})(?:\s{0,3}(?:of|\/)\s{0,3}\d{1,5})?\s{0,3}[-–—]?$/i;

export function assemblePdfText(pages: readonly PdfPageText[]): AssembledPdf {
  const lined = pages.map((page) => ({ page, lines: linesOf(page.items) }));
  const furniture = repeatedMarginLines(lined);
  const bodySize = typicalSize(lined.flatMap((p) => p.lines));
  let text = '';
  let droppedLines = 0;
  const pageStarts: number[] = [];
  const headings: string[] = [];
  let firstPageLines: PdfLine[] = [];
  for (const [index, { page, lines }] of lined.entries()) {
    const kept = lines.filter((line) => {
      const margin = inMargin(line, page);
      const drop = margin && (PAGE_NUMBER.test(line.text) || furniture.has(furnitureKey(line.text)));
      if (drop) droppedLines++;
      return !drop;
    });
    const gutter = findGutter(kept, page.width);
    const ordered = readingOrder(kept, page.width, gutter);
    if (index === 0) firstPageLines = ordered;
    for (const line of ordered)
      if (line.size >= bodySize * HEADING_SCALE && headings.length < MAX_HEADINGS) headings.push(line.text.slice(0, MAX_HEADING_CHARS));
    const paragraphs = paragraphsOf(ordered, bodySize, columnEdges(kept, gutter, page.width));
    if (paragraphs.length === 0) {
      pageStarts.push(text.length);
      continue;
    }
    const [first = '', ...rest] = paragraphs;
    // A paragraph that runs on from the previous page (no closing punctuation there, lower case here) is joined.
    if (text.length > 0 && !/[.!?:;"”’)]$/.test(text) && /^[a-z]/.test(first)) {
      pageStarts.push(text.length);
      text = joinLines(text, first);
    } else {
      if (text.length > 0) text += '\n\n';
      pageStarts.push(text.length);
      text += first;
    }
    for (const paragraph of rest) text += `\n\n${paragraph}`;
  }
  return { text, pageStarts, headings, droppedLines, firstPageLines };
}

/** The page's runs grouped into line fragments (a wide gap splits a baseline into two fragments). */
export function linesOf(items: readonly PdfTextItem[]): PdfLine[] {
  const runs = items.filter((item) => item.str.trim().length > 0 && Number.isFinite(item.x) && Number.isFinite(item.y));
  // Top to bottom, then left to right; ties by x keep the order stable.
  const sorted = [...runs].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: PdfTextItem[][] = [];
  for (const run of sorted) {
    const row = rows.at(-1);
    const head = row?.[0];
    if (row !== undefined && head !== undefined && Math.abs(head.y - run.y) <= Math.max(head.size, run.size, 1) * SAME_LINE) row.push(run);
    else rows.push([run]);
  }
  const lines: PdfLine[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x - b.x);
    let current: { parts: string[]; x0: number; x1: number; y: number; size: number } | undefined;
    for (const run of row) {
      const size = Math.max(run.size, 1);
      const gap = current === undefined ? 0 : run.x - current.x1;
      if (current !== undefined && gap > size * GUTTER_GAP) {
        lines.push(finishLine(current));
        current = undefined;
      }
      if (current === undefined) current = { parts: [run.str], x0: run.x, x1: run.x + run.width, y: run.y, size };
      else {
        // A visible gap between runs is a space the PDF did not spell out.
        const prev = current.parts.at(-1) ?? '';
        const space = gap > size * 0.15 && !/\s$/.test(prev) && !/^\s/.test(run.str) ? ' ' : '';
        current.parts.push(space + run.str);
        current.x1 = Math.max(current.x1, run.x + run.width);
        current.size = Math.max(current.size, size);
      }
    }
    if (current !== undefined) lines.push(finishLine(current));
  }
  return lines;
}

function finishLine(line: { parts: string[]; x0: number; x1: number; y: number; size: number }): PdfLine {
  return { text: line.parts.join('').replace(/\s+/g, ' ').trim(), x0: line.x0, x1: line.x1, y: line.y, size: line.size };
}

function inMargin(line: PdfLine, page: PdfPageText): boolean {
  return line.y > page.height * (1 - MARGIN_BAND) || line.y < page.height * MARGIN_BAND;
}

/** Margin lines with digits folded, so "Page 3 of 9" and "Page 4 of 9" are one line. */
function furnitureKey(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#');
}

function repeatedMarginLines(lined: readonly { page: PdfPageText; lines: readonly PdfLine[] }[]): Set<string> {
  const counts = new Map<string, number>();
  for (const { page, lines } of lined) {
    const seen = new Set(lines.filter((line) => inMargin(line, page)).map((line) => furnitureKey(line.text)));
    for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  // One page has no running header to tell apart from its title: at least two pages must repeat it.
  const needed = Math.max(2, Math.ceil(lined.length * REPEAT_SHARE));
  return new Set([...counts].filter(([, n]) => n >= needed).map(([key]) => key));
}

/** The font size most characters are set in. */
function typicalSize(lines: readonly PdfLine[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) {
    const size = Math.round(line.size * 2) / 2;
    weight.set(size, (weight.get(size) ?? 0) + line.text.length);
  }
  let best = 10;
  let bestWeight = -1;
  for (const [size, w] of weight) if (w > bestWeight || (w === bestWeight && size < best)) [best, bestWeight] = [size, w];
  return best;
}

/**
 * Lines in reading order. A page whose fragments leave a vertical gutter near the middle
 * is read as two columns, band by band: a fragment crossing the gutter (a title, a wide
 * figure caption) ends a band; inside a band the left column is read before the right.
 */
export function readingOrder(lines: readonly PdfLine[], pageWidth: number, gutter = findGutter(lines, pageWidth)): PdfLine[] {
  if (gutter === undefined) return [...lines];
  const out: PdfLine[] = [];
  let left: PdfLine[] = [];
  let right: PdfLine[] = [];
  const flush = () => {
    out.push(...left, ...right);
    left = [];
    right = [];
  };
  for (const line of lines) {
    if (line.x1 <= gutter) left.push(line);
    else if (line.x0 >= gutter) right.push(line);
    else {
      flush();
      out.push(line);
    }
  }
  flush();
  return out;
}

/** The x of a gutter between two columns, or undefined for a single-column page. */
function findGutter(lines: readonly PdfLine[], pageWidth: number): number | undefined {
  if (lines.length < 6 || pageWidth <= 0) return undefined;
  let best: { x: number; crossing: number } | undefined;
  // Candidates in the middle 40% of the page, every 2 points: linear in lines for each of ~120 candidates.
  for (let x = pageWidth * 0.3; x <= pageWidth * 0.7; x += 2) {
    let crossing = 0;
    let leftOf = 0;
    let rightOf = 0;
    for (const line of lines) {
      if (line.x1 <= x) leftOf++;
      else if (line.x0 >= x) rightOf++;
      else crossing++;
    }
    // Each side must hold a real column (a third of the lines at least), not one stray label.
    const columns = leftOf >= lines.length / 4 && rightOf >= lines.length / 4;
    if (columns && (best === undefined || crossing < best.crossing)) best = { x, crossing };
  }
  // Full-width lines are a few titles and captions; more than a tenth is one column with short lines.
  return best !== undefined && best.crossing <= lines.length * 0.1 ? best.x : undefined;
}

/** A column's left and right edges: where its lines start and (nearly all) end. */
interface ColumnEdge {
  readonly left: number;
  readonly right: number;
}

/**
 * The edges of the page's columns (one, or two either side of the gutter): left = the
 * leftmost start, right = the furthest end inside the page (a line running off the page
 * does not set it). A column's widest line is its measure: a page of short lines (a table,
 * a list) has few lines near it, so a percentile would sit among the short ones.
 */
function columnEdges(lines: readonly PdfLine[], gutter: number | undefined, pageWidth: number): (line: PdfLine) => ColumnEdge | undefined {
  const edgeOf = (group: readonly PdfLine[]): ColumnEdge | undefined => {
    if (group.length < 3) return undefined;
    let right = 0;
    let left = Number.POSITIVE_INFINITY;
    for (const line of group) {
      if (line.x1 <= pageWidth || pageWidth <= 0) right = Math.max(right, line.x1);
      left = Math.min(left, line.x0);
    }
    return right > left ? { left, right } : undefined;
  };
  if (gutter === undefined) {
    const whole = edgeOf(lines);
    return () => whole;
  }
  const left = edgeOf(lines.filter((l) => l.x1 <= gutter));
  const right = edgeOf(lines.filter((l) => l.x0 >= gutter));
  return (line) => (line.x1 <= gutter ? left : line.x0 >= gutter ? right : undefined);
}

/**
 * The previous line was ended on purpose and this one starts like a new block: the previous
 * line stops well short of its column's edge, or the room it leaves would have held this
 * line's first word (text that wraps breaks a line only when the next word does not fit, so
 * a line that left room for it ended there: a list item or headline of a list whose items
 * are all of about the same length, a table row).
 */
function endsBlock(prev: PdfLine, line: PdfLine, edgeOf: (line: PdfLine) => ColumnEdge | undefined): boolean {
  const edge = edgeOf(prev);
  if (edge === undefined || !BLOCK_START.test(line.text)) return false;
  const room = edge.right - prev.x1;
  return room > (edge.right - edge.left) * SHORT_LINE || room > firstWordWidth(line) * WORD_FIT_SLACK;
}

/** The width of a line's first word and the space before it, from the line's mean character width. */
function firstWordWidth(line: PdfLine): number {
  const space = line.text.indexOf(' ');
  const chars = (space < 0 ? line.text.length : space) + 1;
  return ((line.x1 - line.x0) / Math.max(1, line.text.length)) * chars;
}

/**
 * Lines → paragraphs. A new paragraph starts at a larger vertical gap, a jump back up (the
 * next column), a change of size, another fragment of the same baseline (the next cell of
 * a table row), a start far left of the previous line's (the row after a cell), or after a line that stops well short of its column's edge when the next
 * line starts like a new block (a list item, a table row, a heading set at body size).
 */
function paragraphsOf(lines: readonly PdfLine[], bodySize: number, edgeOf: (line: PdfLine) => ColumnEdge | undefined): string[] {
  const paragraphs: string[] = [];
  let current = '';
  let prev: PdfLine | undefined;
  for (const line of lines) {
    const spacing = Math.max(prev?.size ?? bodySize, line.size) * 1.2;
    const sameRow = prev !== undefined && Math.abs(prev.y - line.y) <= Math.max(prev.size, line.size) * SAME_LINE;
    const breaks =
      prev === undefined ||
      prev.y - line.y > spacing * PARAGRAPH_GAP ||
      line.y >= prev.y ||
      sameRow ||
      Math.abs(line.size - prev.size) > Math.max(1, bodySize * 0.15) ||
      // Far left of where the previous line started: that line was a later cell of a table row.
      prev.x0 - line.x0 > line.size * CELL_INDENT ||
      endsBlock(prev, line, edgeOf);
    if (breaks && current.length > 0) {
      // A column ends mid-sentence and the next one continues it in lower case: one paragraph.
      const runsOn = prev !== undefined && !sameRow && line.y >= prev.y && !/[.!?:;"”’)]$/.test(current) && /^[a-z]/.test(line.text);
      if (!runsOn) {
        paragraphs.push(current);
        current = '';
      }
    }
    current = current.length === 0 ? line.text : joinLines(current, line.text);
    prev = line;
  }
  if (current.length > 0) paragraphs.push(current);
  return paragraphs;
}

/**
 * Two lines of one paragraph: a word hyphenated at the line end ("com-" + "pany") is
 * joined without its hyphen; a hyphen before a capital or a digit ("Jean-" + "Paul",
 * "COVID-" + "19") or ending a compound ("state-of-the-" + "art") is kept and joined;
 * otherwise the lines are joined by a space.
 */
export function joinLines(before: string, after: string): string {
  if (/\p{Ll}-$/u.test(before)) {
    // A compound already hyphenated ("state-of-the-" + "art") keeps its hyphen.
    const compound = /-[^\s-]+-$/u.test(before);
    if (/^\p{Ll}/u.test(after) && !compound) return before.slice(0, -1) + after;
    return before + after;
  }
  return `${before} ${after}`;
}
