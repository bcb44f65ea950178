/**
 * Element traversal in document order through child/sibling links: linear on any
 * DOM (jsdom's live collections are quadratic when indexed on 50k-node pages) and
 * bounded by a visit limit.
 */

/**
 * Calls `visit` on each element under `root` (not `root` itself) in document
 * order, at most `limit` times; `visit` returning false stops the walk.
 *
 * @example
 *   walkElements(doc.documentElement, (el) => { if (el.tagName === 'H1') found.push(el); }, 50_000);
 */
export function walkElements(root: Element, visit: (el: Element) => boolean | void, limit: number): number {
  let count = 0;
  let node: Element | null = root.firstElementChild;
  while (node !== null && count < limit) {
    count += 1;
    if (visit(node) === false) break;
    if (node.firstElementChild !== null) {
      node = node.firstElementChild;
      continue;
    }
    while (node !== null && node !== root && node.nextElementSibling === null) node = node.parentElement;
    if (node === null || node === root) break;
    node = node.nextElementSibling;
  }
  return count;
}
