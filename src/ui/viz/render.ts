/**
 * Mermaid rendering for the diagram, run in the layout frame (`layout-host.ts`; in Firefox,
 * in the panel itself): loaded on first use (the panel opens fast),
 * `securityLevel: 'strict'` (sanitized SVG, no click handlers from text), plain SVG
 * text labels (no `foreignObject`, so the SVG can be drawn to a canvas for PNG).
 *
 * Mermaid 11 reads the root-level `htmlLabels`; `flowchart.htmlLabels` is deprecated
 * and the root setting (default on) wins over it, so with only the flowchart flag the
 * edge labels were still HTML in a `foreignObject` (e2e/journeys/first-journey checks).
 */
let renderCount = 0;
const SVG_NS = 'http://www.w3.org/2000/svg';
/** Vertical space between two parts of a diagram drawn one under the other (SVG units). */
const PART_GAP = 24;

/** Lets the page handle input and paint between two layouts (each one long task). */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Renders Mermaid text to SVG text. Given several parts (`renderMermaidParts`), lays
 * them out one per task, yielding in between, so the longest main-thread task is one
 * part's layout rather than the whole diagram's, and stacks them in one SVG. `scheme` is
 * the panel's (its Settings choice); without it, the system's.
 */
export async function renderSvg(text: string | readonly string[], scheme?: 'light' | 'dark'): Promise<string> {
  const parts = typeof text === 'string' ? [text] : text;
  const { default: mermaid } = await import('mermaid');
  const dark = scheme === undefined ? (globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false) : scheme === 'dark';
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: dark ? 'dark' : 'default', htmlLabels: false });
  const svgs: string[] = [];
  for (const [i, part] of parts.entries()) {
    if (i > 0) await nextTask();
    const { svg } = await mermaid.render(`ariadne-diagram-${++renderCount}`, part);
    svgs.push(svg);
  }
  return svgs.length === 1 ? (svgs[0] ?? '') : stack(svgs);
}

/**
 * One SVG holding the parts one under the other, left-aligned. Each part's root `<svg>`
 * becomes a `<g>` with the same id (Mermaid's styles are scoped by that id) moved into
 * place; nothing is added but the wrapper, so the sanitized content stays as Mermaid made it.
 */
function stack(svgs: readonly string[]): string {
  const root = document.createElementNS(SVG_NS, 'svg');
  let y = 0;
  let width = 0;
  for (const text of svgs) {
    const part = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    if (!(part instanceof SVGSVGElement)) continue;
    const [x0 = 0, y0 = 0, w = 0, h = 0] = (part.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
    const group = document.createElementNS(SVG_NS, 'g');
    group.setAttribute('id', part.id);
    for (const name of ['class', 'aria-roledescription']) {
      const value = part.getAttribute(name);
      if (value !== null) group.setAttribute(name, value);
    }
    group.setAttribute('transform', `translate(${-x0} ${y - y0})`);
    group.append(...part.childNodes);
    root.append(group);
    y += h + PART_GAP;
    width = Math.max(width, w);
  }
  const height = Math.max(0, y - PART_GAP);
  root.setAttribute('viewBox', `0 0 ${width} ${height}`);
  root.setAttribute('width', '100%');
  root.setAttribute('style', `max-width: ${width}px;`);
  root.setAttribute('role', 'graphics-document document');
  root.setAttribute('aria-roledescription', 'flowchart-v2');
  return new XMLSerializer().serializeToString(root);
}

/** Scale of the PNG export relative to the SVG's size (sharper on high-density screens). */
const PNG_SCALE = 2;

/** The SVG element as a PNG blob (drawn on a canvas). */
export async function svgToPng(svg: SVGSVGElement): Promise<Blob> {
  const box = svg.viewBox.baseVal;
  const width = Math.max(1, Math.ceil(box?.width || svg.clientWidth || 800));
  const height = Math.max(1, Math.ceil(box?.height || svg.clientHeight || 600));
  const clone = svg.cloneNode(true);
  if (!(clone instanceof SVGSVGElement)) throw new Error('not an SVG');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(clone))}`;
  const image = new Image();
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('The diagram could not be drawn as an image.'));
    image.src = url;
  });
  const canvas = document.createElement('canvas');
  canvas.width = width * PNG_SCALE;
  canvas.height = height * PNG_SCALE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No canvas available.');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG export failed.'))), 'image/png'));
}
