/**
 * DOM reads a page cannot clobber. A form's named controls and a document's named images,
 * forms and frames shadow the DOM's own members on the object itself: with
 * `<input name="parentElement">` in a form, `form.parentElement` is that input (a walk that
 * climbs through it never ends), with `name="hasAttribute"` the call throws, with
 * `<img name="documentElement">` the document's root is an image. These helpers call the
 * member found on the node's prototype chain, never the node's own (named) property, so a
 * clobbered node reads like any other. Prototype methods the page overrides are not a concern
 * in the browser: the content script runs in an isolated world with its own prototypes.
 *
 * @example
 *   // <form><input name="tagName"></form>: form.tagName is the input; tagOf(form) is 'form'.
 *   tagOf(form)
 */

/** A getter or method as found on a prototype: called with the node as `this`. */
type Member = (...args: unknown[]) => unknown;
/** What a prototype holds under a key: a getter, a method, a plain value (test doubles), or nothing. */
type Found = { readonly kind: 'call'; readonly fn: Member } | { readonly kind: 'value'; readonly value: unknown } | null;

/** Per prototype, what was found for each key, for reads and for calls. */
const getters = new WeakMap<object, Map<string, Found>>();
const methods = new WeakMap<object, Map<string, Found>>();

function isMember(value: unknown): value is Member {
  return typeof value === 'function';
}

function memberOf(target: object, key: string, kind: 'get' | 'call'): Found {
  const proto: unknown = Object.getPrototypeOf(target);
  if (typeof proto !== 'object' || proto === null) return null;
  const cache = kind === 'get' ? getters : methods;
  let byKey = cache.get(proto);
  if (byKey === undefined) {
    byKey = new Map();
    cache.set(proto, byKey);
  }
  const cached = byKey.get(key);
  if (cached !== undefined) return cached;
  let found: Found = null;
  for (let p: unknown = proto; typeof p === 'object' && p !== null; p = Object.getPrototypeOf(p)) {
    const descriptor = Object.getOwnPropertyDescriptor(p, key);
    if (descriptor === undefined) continue;
    if (kind === 'get')
      found = isMember(descriptor.get) ? { kind: 'call', fn: descriptor.get } : { kind: 'value', value: descriptor.value };
    else if (isMember(descriptor.value)) found = { kind: 'call', fn: descriptor.value };
    break;
  }
  byKey.set(key, found);
  return found;
}

/** `target[key]` as the prototype defines it; the object's own property only when no prototype has the key (plain test doubles). */
export function readMember(target: object, key: string): unknown {
  const found = memberOf(target, key, 'get');
  if (found === null) return Object.hasOwn(target, key) ? Reflect.get(target, key) : undefined;
  return found.kind === 'call' ? Reflect.apply(found.fn, target, []) : found.value;
}

/** `target[key](...args)` with the prototype's method; throws a TypeError naming the member when there is none. */
export function callMember(target: object, key: string, ...args: unknown[]): unknown {
  const found = memberOf(target, key, 'call');
  if (found === null || found.kind !== 'call') throw new TypeError(`the node has no ${key} method`);
  return Reflect.apply(found.fn, target, args);
}

function asElement(value: unknown): Element | null {
  return typeof value === 'object' && value !== null && readMember(value, 'nodeType') === 1 ? (value as Element) : null;
}

function asNode(value: unknown): Node | null {
  return typeof value === 'object' && value !== null && typeof readMember(value, 'nodeType') === 'number' ? (value as Node) : null;
}

/** Lower-case tag name ('' when the page made it unreadable). */
export function tagOf(el: Element): string {
  const tag = readMember(el, 'tagName');
  return typeof tag === 'string' ? tag.toLowerCase() : '';
}

export function attrOf(el: Element, name: string): string | null {
  const value = callMember(el, 'getAttribute', name);
  return typeof value === 'string' ? value : null;
}

export function hasAttr(el: Element, name: string): boolean {
  return callMember(el, 'hasAttribute', name) === true;
}

export const firstElementChildOf = (el: Element): Element | null => asElement(readMember(el, 'firstElementChild'));
export const nextElementSiblingOf = (el: Element): Element | null => asElement(readMember(el, 'nextElementSibling'));
export const parentElementOf = (node: Node): Element | null => asElement(readMember(node, 'parentElement'));
export const lastChildOf = (node: Node): Node | null => asNode(readMember(node, 'lastChild'));
export const previousSiblingOf = (node: Node): Node | null => asNode(readMember(node, 'previousSibling'));

export function nodeTypeOf(node: Node): number {
  const type = readMember(node, 'nodeType');
  return typeof type === 'number' ? type : 0;
}

export function textContentOf(node: Node): string {
  const text = readMember(node, 'textContent');
  return typeof text === 'string' ? text : '';
}

export const documentElementOf = (doc: Document): Element | null => asElement(readMember(doc, 'documentElement'));
export const bodyOf = (doc: Document): Element | null => asElement(readMember(doc, 'body'));

/** The document's title as a string ('' when the page shadowed it with a named element). */
export function titleOf(doc: Document): string {
  const title = readMember(doc, 'title');
  return typeof title === 'string' ? title : '';
}

export function readyStateOf(doc: { readonly readyState: DocumentReadyState }): string {
  const state = readMember(doc, 'readyState');
  return typeof state === 'string' ? state : 'loading';
}
