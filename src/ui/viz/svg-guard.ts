/**
 * A check of diagram SVG that comes from outside the panel's page (the layout frame)
 * before the panel inserts it. Mermaid's strict mode already sanitizes its output; this is
 * the panel not trusting another frame: nothing that runs script, embeds a document or
 * loads a resource may be in it. Mermaid's flowcharts with SVG text labels need none of
 * these; their links (markers, styles) point inside the drawing (`#…`).
 *
 * @example assertSafeSvg(answer) // throws AriadneError('forbidden') on `<script>`
 */
import { AriadneError } from '../../core/errors';

/** Elements that run script, embed other content, or link out (lower-cased local names). */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'object',
  'embed',
  'a',
  'image',
  'animate',
  'set',
  'animatemotion',
  'animatetransform',
  'discard',
  'handler',
  'listener',
]);
/** Attributes whose value is a link: only same-document fragments (`#id`) are kept. */
const LINK_ATTRIBUTES = new Set(['href', 'xlink:href', 'src']);

const reject = (what: string): never => {
  throw new AriadneError('forbidden', `the diagram's SVG was refused: it contains ${what}`);
};

/** Whether a text may hold a CSS link at all (most attribute values, like path data, do not). */
const MAY_LINK = /url\(|@import/i;

/** True when every `url(…)` in the text points inside the document (`url(#…)`), and nothing is imported. */
export function onlyLocalUrls(text: string): boolean {
  if (!MAY_LINK.test(text)) return true;
  const lower = text.toLowerCase();
  for (let at = lower.indexOf('url('); at !== -1; at = lower.indexOf('url(', at + 4)) {
    let i = at + 4;
    while (i < lower.length && (lower[i] === ' ' || lower[i] === '"' || lower[i] === "'")) i++;
    if (lower[i] !== '#') return false;
  }
  return !lower.includes('@import');
}

function checkElement(element: Element): void {
  if (FORBIDDEN_ELEMENTS.has(element.localName.toLowerCase())) reject(`a <${element.localName}> element`);
  for (const attribute of element.attributes) {
    const name = attribute.name.toLowerCase();
    if (name.startsWith('on')) reject(`an event handler (${attribute.name})`);
    if (LINK_ATTRIBUTES.has(name) && !attribute.value.trim().startsWith('#')) reject(`a link (${attribute.name})`);
    if (!onlyLocalUrls(attribute.value)) reject(`an outside url() in ${attribute.name}`);
  }
  if (element.localName === 'style' && !onlyLocalUrls(element.textContent ?? '')) reject('an outside url() or @import in a style');
}

/**
 * Throws `forbidden` unless `svg` is one `<svg>` element free of the above, parsed the way
 * the panel inserts it (`innerHTML`, the HTML parser) but in an inert template, so nothing in
 * it loads or runs while it is checked.
 */
export function assertSafeSvg(svg: string, doc: Document = document): void {
  const template = doc.createElement('template');
  template.innerHTML = svg;
  const content = template.content;
  const root = content.firstElementChild;
  if (content.childElementCount !== 1 || root === null || root.localName !== 'svg') reject('something other than one SVG element');
  for (const element of content.querySelectorAll('*')) checkElement(element);
}
