/**
 * Plain text of a DOM subtree with block boundaries kept as new lines (jsdom has
 * no `innerText`, and `textContent` glues "Heading" and "Paragraph" together).
 * Iterative, bounded in characters and in nodes visited.
 */
import { foldWhitespace } from '../page/sanitize';
import { attrOf, callMember, hasAttr, lastChildOf, nodeTypeOf, parentElementOf, previousSiblingOf, readMember, tagOf } from './safe-dom';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Elements whose content is never text a reader sees. */
const NEVER_TEXT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'canvas',
  'object',
  'embed',
  'select',
  'option',
  'textarea',
  'button',
  'input',
  'head',
  'title',
  'meta',
  'link',
]);
const BLOCK = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'nav',
  'aside',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'blockquote',
  'pre',
  'figure',
  'figcaption',
  'hr',
  'br',
  'form',
  'fieldset',
  'address',
  'details',
  'summary',
  'caption',
  'body',
]);
const CELL = new Set(['td', 'th']);
/** What closes a table cell's text. */
const CELL_END = '; ';

export interface BlockTextOptions {
  readonly maxChars: number;
  /** Nodes visited before giving up (50k-node pages stay cheap). */
  readonly maxNodes?: number;
  /** Extra elements to leave out (boilerplate in the fallback path). */
  readonly skip?: (el: Element) => boolean;
  /** Checked every few hundred nodes; true stops the walk with `truncated` (a time budget). */
  readonly expired?: () => boolean;
}

/** The deadline is checked once per this many nodes (a clock read per node costs too much). */
const DEADLINE_STRIDE = 256;

export interface BlockText {
  readonly text: string;
  /** Cut by a size limit (`maxChars`, `maxNodes`): reading again would be cut again. */
  readonly truncated: boolean;
  /** Cut because `expired()` said the time was up: the rest is unread, and more time would read it. */
  readonly timeUp: boolean;
}

/** Source line breaks (with the carriage returns of CRLF files); one character class, linear. */
const SOURCE_LINE_BREAKS = /[\r\n]+/g;
/** Elements whose text keeps its line breaks as rendered. */
const PREFORMATTED = 'pre, textarea, listing, plaintext, xmp';

function isPreformatted(text: Node): boolean {
  const parent = parentElementOf(text);
  return parent !== null && callMember(parent, 'closest', PREFORMATTED) != null;
}

function isElement(node: Node): node is Element {
  return nodeTypeOf(node) === ELEMENT_NODE;
}

/**
 * @example
 *   blockText(article, { maxChars: 200_000 }).text // 'Title\nFirst paragraph.\nSecond paragraph.'
 */
export function blockText(root: Node, options: BlockTextOptions): BlockText {
  const maxNodes = options.maxNodes ?? 200_000;
  const parts: string[] = [];
  let length = 0;
  let visited = 0;
  let truncated = false;
  let timeUp = false;
  // Stack entries: a node to visit, or a marker string to emit after an element's children.
  const stack: (Node | '\n' | ' ' | typeof CELL_END)[] = [root];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === undefined) break;
    if (item === '\n' || item === ' ' || item === CELL_END) {
      parts.push(item);
      continue;
    }
    visited += 1;
    if (visited > maxNodes || length >= options.maxChars) {
      truncated = true;
      break;
    }
    if (visited % DEADLINE_STRIDE === 0 && options.expired?.() === true) {
      timeUp = true;
      break;
    }
    if (nodeTypeOf(item) === TEXT_NODE) {
      const nodeValue = readMember(item, 'nodeValue');
      const raw = typeof nodeValue === 'string' ? nodeValue : '';
      // A line break in the HTML source is a space on screen ("Alex\nLazarow" is one name),
      // except in preformatted text, where it is a line.
      const value = raw.includes('\n') && !isPreformatted(item) ? raw.replace(SOURCE_LINE_BREAKS, ' ') : raw;
      if (value.length > 0) {
        parts.push(value);
        length += value.length;
      }
      continue;
    }
    if (!isElement(item) && item !== root) continue;
    if (isElement(item)) {
      const tag = tagOf(item);
      if (NEVER_TEXT.has(tag)) continue;
      if (hasAttr(item, 'hidden') || attrOf(item, 'aria-hidden') === 'true') continue;
      if (item !== root && options.skip?.(item) === true) continue;
      const marker = BLOCK.has(tag) ? '\n' : CELL.has(tag) ? ' ' : undefined;
      if (marker !== undefined) {
        parts.push(marker);
        // A table cell ends with a separator: two cells' names never read as one ("Red Hat" then "8417").
        stack.push(CELL.has(tag) ? CELL_END : marker);
      }
    }
    // Sibling links, not `childNodes[i]`: indexing jsdom's live lists is slow on big trees.
    for (let child = lastChildOf(item); child !== null; child = previousSiblingOf(child)) stack.push(child);
  }
  // Every Unicode space folded to one: page text never reaches a pattern with a run of white space.
  const joined = foldWhitespace(parts.join(''));
  const text = joined.length > options.maxChars ? joined.slice(0, options.maxChars) : joined;
  return { text, truncated: truncated || joined.length > options.maxChars, timeUp };
}
