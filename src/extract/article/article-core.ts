/**
 * The core of an extracted article: the element that holds most of its paragraph text,
 * and the page's own article element around it (`<article>` or `itemprop="articleBody"`),
 * when there is one. The furniture pass never drops a block that holds the core, and
 * reads "comes after the page's article element" as a sign of furniture.
 */
import type { BlockSize } from './block-sizes';

/** Paragraphs shorter than this are captions, datelines or buttons, not the article's prose. */
const MIN_PARAGRAPH_CHARS = 60;
/**
 * Without an article element, the prose ends after the last paragraph of the smallest block
 * around the core that holds this share of all the prose: bodies split into several
 * containers (between ads, say) keep their later parts out of "after the prose".
 */
const PROSE_SCOPE_SHARE = 0.8;

export interface ArticleCore {
  /** The element most paragraph text votes for (parent, half for grandparent), if any paragraph was long enough. */
  readonly paragraphs?: Element;
  /** The innermost `<article>` / `[itemprop=articleBody]` element around `paragraphs`. */
  readonly article?: Element;
  /** The last long paragraph inside `paragraphs`: where the article's prose ends. */
  readonly lastParagraph?: Element;
  /** True when `el` is or contains the core: it must not be dropped. */
  holdsCore(el: Element): boolean;
  /** True when `el` is one of the core's own long paragraphs: a section never runs over it. */
  isCoreProse(el: Element): boolean;
}

/**
 * @example
 *   const core = articleCore(root, measureBlocks(root));
 *   core.holdsCore(root) // true
 */
export function articleCore(root: Element, sizes: ReadonlyMap<Element, BlockSize>): ArticleCore {
  // Readability's own vote: each long paragraph counts for its parent, half for its grandparent,
  // so a body of many short lists still outweighs one long comment.
  const votes = new Map<Element, number>();
  const prose: Element[] = [];
  for (const block of proseBlocks(root, sizes)) {
    prose.push(block);
    const chars = sizes.get(block)?.chars ?? 0;
    const parent = block.parentElement;
    if (parent === null) continue;
    votes.set(parent, (votes.get(parent) ?? 0) + chars);
    const grandparent = parent === root ? null : parent.parentElement;
    if (grandparent !== null) votes.set(grandparent, (votes.get(grandparent) ?? 0) + chars / 2);
  }
  let paragraphs: Element | undefined;
  let best = 0;
  // Map order is the document order of first votes: ties go to the earlier element.
  for (const [el, vote] of votes) {
    if (vote > best) {
      best = vote;
      paragraphs = el;
    }
  }
  let article: Element | undefined;
  for (let cur = paragraphs ?? null; cur !== null && cur !== root; cur = cur.parentElement) {
    if (cur.tagName.toLowerCase() === 'article' || cur.getAttribute('itemprop') === 'articleBody') {
      article = cur;
      break;
    }
  }
  const core = paragraphs;
  const scope = article ?? (core === undefined ? undefined : proseScope(core, root, prose, sizes));
  const lastParagraph = scope === undefined ? undefined : prose.findLast((block) => scope.contains(block));
  return {
    ...(paragraphs === undefined ? {} : { paragraphs }),
    ...(article === undefined ? {} : { article }),
    ...(lastParagraph === undefined ? {} : { lastParagraph }),
    holdsCore: (el) => core !== undefined && el.contains(core),
    isCoreProse: (el) => core !== undefined && el.parentElement === core && (sizes.get(el)?.chars ?? 0) >= MIN_PARAGRAPH_CHARS,
  };
}

/** The smallest ancestor-or-self of `core` (up to `root`) holding `PROSE_SCOPE_SHARE` of the prose. */
function proseScope(core: Element, root: Element, prose: readonly Element[], sizes: ReadonlyMap<Element, BlockSize>): Element {
  const chars = (block: Element) => sizes.get(block)?.chars ?? 0;
  const total = prose.reduce((sum, block) => sum + chars(block), 0);
  for (let cur: Element | null = core; cur !== null && cur !== root; cur = cur.parentElement) {
    const scope = cur;
    const inside = prose.reduce((sum, block) => sum + (scope.contains(block) ? chars(block) : 0), 0);
    if (inside >= PROSE_SCOPE_SHARE * total) return scope;
  }
  return root;
}

/** Paragraphs, list items and preformatted blocks long enough to be prose, in document order. */
function proseBlocks(root: Element, sizes: ReadonlyMap<Element, BlockSize>): Element[] {
  const out: Element[] = [];
  for (const block of root.querySelectorAll('p, li, pre')) if ((sizes.get(block)?.chars ?? 0) >= MIN_PARAGRAPH_CHARS) out.push(block);
  return out;
}

/** DOCUMENT_POSITION_FOLLOWING: the other node comes after the reference node. */
const FOLLOWING = 4;

/**
 * True when `el` comes after the article's prose: after its last long paragraph, or after
 * the page's own article element, outside both.
 */
export function followsProse(core: ArticleCore, el: Element): boolean {
  return follows(core.article, el) || follows(core.lastParagraph, el);
}

function follows(anchor: Element | undefined, el: Element): boolean {
  if (anchor === undefined || anchor.contains(el) || el.contains(anchor)) return false;
  return (anchor.compareDocumentPosition(el) & FOLLOWING) !== 0;
}
