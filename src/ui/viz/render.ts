/**
 * Mermaid rendering for the panel: loaded on first use (the panel opens fast),
 * `securityLevel: 'strict'` (sanitized SVG, no click handlers from text), plain SVG
 * text labels (no `foreignObject`, so the SVG can be drawn to a canvas for PNG).
 *
 * Mermaid 11 reads the root-level `htmlLabels`; `flowchart.htmlLabels` is deprecated
 * and the root setting (default on) wins over it, so with only the flowchart flag the
 * edge labels were still HTML in a `foreignObject` (e2e/journeys/first-journey checks).
 */
let renderCount = 0;

export async function renderSvg(text: string): Promise<string> {
  const { default: mermaid } = await import('mermaid');
  const dark = globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: dark ? 'dark' : 'default', htmlLabels: false });
  const { svg } = await mermaid.render(`ariadne-diagram-${++renderCount}`, text);
  return svg;
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
