/**
 * Takes the clobbering out of a detached copy of a page before a library that reads the DOM
 * directly (Readability) sees it: a form control or image whose `name` or `id` is a DOM member
 * (`parentNode`, `tagName`, `documentElement`…) shadows that member on its form or on the
 * document. Such attributes are removed from the copy (a reader needs neither); the live page
 * is never touched.
 *
 * @example
 *   const copy = callMember(document, 'cloneNode', true);
 *   declobber(documentElementOf(copy));
 */
import { attrOf, callMember, readMember, tagOf } from './safe-dom';
import { walkElements } from './walk';

/** Elements whose `name` (or `id`) becomes a property of their form or of the document. */
const CLOBBERING_TAGS = new Set(['input', 'button', 'select', 'textarea', 'fieldset', 'output', 'object', 'img', 'form', 'iframe', 'embed']);
/** Elements visited at most (capture skips Readability far below this). */
const MAX_ELEMENTS = 100_000;

/** Removes shadowing `name`/`id` attributes under `root` (a detached copy). Returns how many elements it changed. */
export function declobber(root: Element): number {
  const doc = readMember(root, 'ownerDocument');
  const docProto: unknown = typeof doc === 'object' && doc !== null ? Object.getPrototypeOf(doc) : null;
  const elementProto: unknown = Object.getPrototypeOf(root);
  const shadows = (value: string | null): boolean =>
    value !== null &&
    value.length > 0 &&
    ((typeof docProto === 'object' && docProto !== null && Reflect.has(docProto, value)) ||
      (typeof elementProto === 'object' && elementProto !== null && Reflect.has(elementProto, value)));
  let changed = 0;
  walkElements(
    root,
    (el) => {
      if (!CLOBBERING_TAGS.has(tagOf(el))) return;
      let hit = false;
      for (const attribute of ['name', 'id']) {
        if (!shadows(attrOf(el, attribute))) continue;
        callMember(el, 'removeAttribute', attribute);
        hit = true;
      }
      if (hit) changed += 1;
    },
    MAX_ELEMENTS,
  );
  return changed;
}
