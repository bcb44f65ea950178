/**
 * Sizes of every element of an article subtree, measured in one iterative post-order
 * pass: visible characters (white space left out), characters inside links, words and
 * links. The furniture scorer reads link density, item lengths and shares of the article
 * from these without walking a subtree twice.
 */

export interface BlockSize {
  /** Non-space characters of the element's text. */
  readonly chars: number;
  /** Of those, the characters inside `<a>` elements. */
  readonly linkChars: number;
  readonly words: number;
  /** `<a>` elements inside (text or not: an empty overlay link still links the block). */
  readonly links: number;
}

/** Elements whose content is never text a reader sees. */
const NO_TEXT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'canvas', 'object', 'button', 'select']);

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const SPACE = /\s/gu;

interface Open {
  readonly el: Element;
  chars: number;
  linkChars: number;
  words: number;
  links: number;
}

function textSize(value: string): { chars: number; words: number } {
  const spaces = value.match(SPACE)?.length ?? 0;
  let words = 0;
  let inWord = false;
  for (let i = 0; i < value.length; i++) {
    const space = value.charCodeAt(i) <= 32 || value.charCodeAt(i) === 0xa0;
    if (!space && !inWord) words += 1;
    inWord = !space;
  }
  return { chars: value.length - spaces, words };
}

/**
 * @example
 *   const sizes = measureBlocks(article);
 *   sizes.get(list)?.linkChars // characters of the list that sit in links
 */
export function measureBlocks(root: Element, maxElements = 100_000): Map<Element, BlockSize> {
  const sizes = new Map<Element, BlockSize>();
  // Depth-first with an explicit stack of open elements: an element is closed (its size
  // final and added to its parent's) once every child was visited.
  const open: Open[] = [{ el: root, chars: 0, linkChars: 0, words: 0, links: 0 }];
  const stack: (Node | Open)[] = [];
  const pushChildren = (el: Element) => {
    for (let child = el.lastChild; child !== null; child = child.previousSibling) stack.push(child);
  };
  stack.push(open[0] as Open);
  pushChildren(root);
  let visited = 0;
  while (stack.length > 0 && visited < maxElements) {
    const item = stack.pop();
    if (item === undefined) break;
    if ('el' in item) {
      // Closing marker: the element's children are all measured.
      const done = open.pop();
      if (done === undefined) break;
      const isLink = done.el.tagName.toLowerCase() === 'a';
      const size: BlockSize = {
        chars: done.chars,
        linkChars: isLink ? done.chars : done.linkChars,
        words: done.words,
        links: done.links + (isLink ? 1 : 0),
      };
      sizes.set(done.el, size);
      const parent = open[open.length - 1];
      if (parent !== undefined) {
        parent.chars += size.chars;
        parent.linkChars += size.linkChars;
        parent.words += size.words;
        parent.links += size.links;
      }
      continue;
    }
    const parent = open[open.length - 1];
    if (parent === undefined) break;
    if (item.nodeType === TEXT_NODE) {
      const { chars, words } = textSize(item.nodeValue ?? '');
      parent.chars += chars;
      parent.words += words;
      continue;
    }
    if (item.nodeType !== ELEMENT_NODE || !isElement(item)) continue;
    visited += 1;
    if (NO_TEXT.has(item.tagName.toLowerCase())) {
      sizes.set(item, { chars: 0, linkChars: 0, words: 0, links: 0 });
      continue;
    }
    const entry: Open = { el: item, chars: 0, linkChars: 0, words: 0, links: 0 };
    open.push(entry);
    stack.push(entry);
    pushChildren(item);
  }
  return sizes;
}

function isElement(node: Node): node is Element {
  return node.nodeType === ELEMENT_NODE;
}

export const EMPTY_SIZE: BlockSize = { chars: 0, linkChars: 0, words: 0, links: 0 };
