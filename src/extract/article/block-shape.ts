/**
 * The shape of a block of an article, read from its measured sizes: its first line, whether
 * it is mostly long paragraphs, and whether it is a list of links or of other pages'
 * headlines (a rail). Pure reads of the DOM; nothing is changed.
 */
import { blockText } from '../dom/block-text';
import type { BlockSize } from './block-sizes';
import { wordCount } from './furniture-cues';

/** Fewer items than this is not a list of other pages. */
const MIN_ITEMS = 3;
/** Items read per list (a rail has a handful; a long list is judged by its first ones). */
const MAX_ITEMS_READ = 30;
/** Link text share above which a block is a link list (Readability's own cut is 0.5 for divs). */
const LINK_LIST_SHARE = 0.6;
/** A link list's items are short: longer items are annotated links, i.e. prose. */
const MAX_LINK_ITEM_WORDS = 25;
/** Share of items that must link, and read as headlines, for a headline list. */
const HEADLINE_ITEM_SHARE = 0.8;
/** A headline has a few words: fewer is a name or a tag, more is a sentence. */
const MIN_HEADLINE_WORDS = 3;
const MAX_HEADLINE_WORDS = 20;
/** Characters of a block's start read for its leading line. */
const LEAD_CHARS = 300;
/** A paragraph this long is prose (the article core uses the same bar). */
const LONG_PARAGRAPH_CHARS = 60;
/** Share of a block's text in long paragraphs above which it reads as prose. */
const PROSE_RICH_SHARE = 0.5;

/** The first line of a block's text (a heading, when it has one). */
export function leadLine(el: Element): string {
  const text = blockText(el, { maxChars: LEAD_CHARS }).text;
  const end = text.indexOf('\n');
  return end < 0 ? text : text.slice(0, end);
}

/** True when long paragraphs make up most of a block's text (two at least). */
export function isProseRich(el: Element, size: BlockSize, sizes: ReadonlyMap<Element, BlockSize>): boolean {
  let chars = 0;
  let count = 0;
  for (const p of el.getElementsByTagName('p')) {
    const n = sizes.get(p)?.chars ?? 0;
    if (n < LONG_PARAGRAPH_CHARS) continue;
    chars += n;
    count += 1;
  }
  return count >= 2 && chars >= PROSE_RICH_SHARE * size.chars;
}

export interface ListShape {
  readonly links: boolean;
  readonly headlines: boolean;
}

/** Whether a block is a list of links, and whether its items read as other pages' headlines. */
export function listShape(el: Element, size: BlockSize, sizes: Map<Element, BlockSize>): ListShape {
  const items: Element[] = [];
  for (let child = el.firstElementChild; child !== null && items.length < MAX_ITEMS_READ; child = child.nextElementSibling)
    if ((sizes.get(child)?.chars ?? 0) > 0) items.push(child);
  if (items.length < MIN_ITEMS) return { links: false, headlines: false };
  const itemWords = items.reduce((n, item) => n + (sizes.get(item)?.words ?? 0), 0) / items.length;
  const links = size.linkChars >= LINK_LIST_SHARE * size.chars && itemWords <= MAX_LINK_ITEM_WORDS;
  let linked = 0;
  let headlines = 0;
  for (const item of items) {
    if ((sizes.get(item)?.links ?? 0) > 0) linked += 1;
    if (isHeadline(leadLine(item))) headlines += 1;
  }
  const enough = HEADLINE_ITEM_SHARE * items.length;
  return { links, headlines: linked >= enough && headlines >= enough };
}

const CLOSERS = new Set(['"', "'", '”', '’', '»', ')', ']']);
const SENTENCE_END = new Set(['.', '!', '?', ':', ';']);

/** A line shaped like a headline: a few words, no sentence end. */
function isHeadline(line: string): boolean {
  const n = wordCount(line);
  if (n < MIN_HEADLINE_WORDS || n > MAX_HEADLINE_WORDS) return false;
  // The last character that is not a closing quote or bracket.
  for (let i = line.length - 1; i >= 0; i--) {
    const ch = line.charAt(i);
    if (CLOSERS.has(ch) || ch.trim() === '') continue;
    return !SENTENCE_END.has(ch);
  }
  return false;
}
