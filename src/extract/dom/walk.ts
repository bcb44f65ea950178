/**
 * Element traversal in document order through child/sibling links: linear on any
 * DOM (jsdom's live collections are quadratic when indexed on 50k-node pages) and
 * bounded by a visit limit and, optionally, a deadline. The links are read through the
 * prototype (safe-dom.ts): a form whose control is named `parentElement` cannot send the
 * walk round in a circle.
 */
import { firstElementChildOf, nextElementSiblingOf, parentElementOf } from './safe-dom';

/** The deadline is checked once per this many visits (reading a clock per node costs too much). */
const DEADLINE_STRIDE = 256;

export interface WalkLimits {
  /** Elements visited at most. */
  readonly limit: number;
  /** Called every few hundred visits; true stops the walk (a time budget). */
  readonly expired?: () => boolean;
}

/**
 * Calls `visit` on each element under `root` (not `root` itself) in document
 * order, at most `limit` times; `visit` returning false stops the walk. Returns
 * the number of elements visited.
 *
 * @example
 *   walkElements(doc.documentElement, (el) => { if (el.tagName === 'H1') found.push(el); }, 50_000);
 */
export function walkElements(root: Element, visit: (el: Element) => boolean | void, limit: number | WalkLimits): number {
  const max = typeof limit === 'number' ? limit : limit.limit;
  const expired = typeof limit === 'number' ? undefined : limit.expired;
  let count = 0;
  let node: Element | null = firstElementChildOf(root);
  while (node !== null && count < max) {
    count += 1;
    if (visit(node) === false) break;
    if (expired !== undefined && count % DEADLINE_STRIDE === 0 && expired()) break;
    const child = firstElementChildOf(node);
    if (child !== null) {
      node = child;
      continue;
    }
    while (node !== null && node !== root && nextElementSiblingOf(node) === null) node = parentElementOf(node);
    if (node === null || node === root) break;
    node = nextElementSiblingOf(node);
  }
  return count;
}
