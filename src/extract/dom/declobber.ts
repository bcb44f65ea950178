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
import { attrOf, callMember, readMember } from './safe-dom';

/** Elements whose `name` (or `id`) becomes a property of their form or of the document, that carry one. */
const CLOBBERING = 'input, button, select, textarea, fieldset, output, object, img, form, iframe, embed'
  .split(', ')
  .map((tag) => `${tag}[name], ${tag}[id]`)
  .join(', ');
/** Elements looked at most (capture skips Readability far below this). */
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
  // The selector engine finds the few candidates; a walk over every element cost as much as the rest of the reading.
  const found = callMember(root, 'querySelectorAll', CLOBBERING);
  const length = typeof found === 'object' && found !== null ? Number(Reflect.get(found, 'length')) : 0;
  for (let i = 0; i < Math.min(length, MAX_ELEMENTS); i++) {
    const el: unknown = Reflect.get(found as object, i);
    if (typeof el !== 'object' || el === null) continue;
    let hit = false;
    for (const attribute of ['name', 'id']) {
      if (!shadows(attrOf(el as Element, attribute))) continue;
      callMember(el, 'removeAttribute', attribute);
      hit = true;
    }
    if (hit) changed += 1;
  }
  return changed;
}
