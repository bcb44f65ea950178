/**
 * Reads schema.org microdata (`itemscope` / `itemtype` / `itemprop`) into plain
 * objects shaped like JSON-LD, so one builder handles both. Items have no prototype:
 * an `itemprop` is the page's string, and `constructor` or `__proto__` is a property
 * like any other.
 */
import { emptyRecord, ownValue, setOwn } from '../../core/records';

/** Top-level items read per page. */
const MAX_ITEMS = 200;
/** Properties read per item. */
const MAX_PROPS_PER_ITEM = 100;
/** Nested item depth followed. */
const MAX_DEPTH = 8;
const MAX_VALUE_CHARS = 2_000;

type Item = Record<string, unknown>;

function propertyValue(el: Element, depth: number, budget: { left: number }): unknown {
  if (el.hasAttribute('itemscope')) return depth < MAX_DEPTH ? readItem(el, depth + 1, budget) : undefined;
  const tag = el.tagName.toLowerCase();
  if (tag === 'meta') return el.getAttribute('content') ?? '';
  if (tag === 'a' || tag === 'link' || tag === 'area') return el.getAttribute('href') ?? '';
  if (tag === 'img' || tag === 'audio' || tag === 'video' || tag === 'source' || tag === 'iframe' || tag === 'embed')
    return el.getAttribute('src') ?? '';
  if (tag === 'object') return el.getAttribute('data') ?? '';
  if (tag === 'time') return el.getAttribute('datetime') ?? (el.textContent ?? '').slice(0, MAX_VALUE_CHARS);
  if (tag === 'data' || tag === 'meter') return el.getAttribute('value') ?? '';
  return (el.textContent ?? '').slice(0, MAX_VALUE_CHARS);
}

/** The properties of `scope`: descendants with itemprop whose nearest itemscope is `scope`. */
function readItem(scope: Element, depth: number, budget: { left: number }): Item {
  const item: Item = emptyRecord();
  const type = scope.getAttribute('itemtype');
  if (type !== null)
    item['@type'] = type
      .split(/\s+/)
      .filter((t) => t.length > 0)
      .slice(0, 5);
  const id = scope.getAttribute('itemid');
  if (id !== null) item['@id'] = id;
  let count = 0;
  const walker: Element[] = Array.from(scope.children).reverse();
  while (walker.length > 0 && count < MAX_PROPS_PER_ITEM && budget.left > 0) {
    const el = walker.pop();
    if (el === undefined) break;
    budget.left -= 1;
    const prop = el.getAttribute('itemprop');
    if (prop !== null) {
      for (const name of prop
        .split(/\s+/)
        .filter((p) => p.length > 0)
        .slice(0, 5)) {
        const key = name.includes('/') ? name.slice(name.lastIndexOf('/') + 1) : name;
        const value = propertyValue(el, depth, budget);
        if (value === undefined) continue;
        const prev = ownValue(item, key);
        setOwn(item, key, prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value]);
        count += 1;
      }
    }
    // A nested itemscope owns its own descendants.
    if (!el.hasAttribute('itemscope')) {
      for (let i = el.children.length - 1; i >= 0; i -= 1) {
        const child = el.children[i];
        if (child !== undefined) walker.push(child);
      }
    }
  }
  return item;
}

/**
 * The microdata items rooted at `scopes` (top-level `itemscope` elements, as
 * collected by `scanDocument`), reading at most `elementBudget` elements in all.
 *
 * @example
 *   readMicrodata(scanDocument(doc).itemScopes) // [{ '@type': ['http://schema.org/Person'], name: 'Jane Doe', worksFor: {…} }]
 */
export function readMicrodata(scopes: readonly Element[], elementBudget = 50_000): Item[] {
  const items: Item[] = [];
  const budget = { left: elementBudget };
  for (const scope of scopes) {
    if (items.length >= MAX_ITEMS || budget.left <= 0) break;
    items.push(readItem(scope, 0, budget));
  }
  return items;
}
