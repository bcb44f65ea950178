/**
 * The diagram's view: a translation and a scale applied to the drawing inside its box, and
 * the moves on it (pan, zoom around a point, the opening view). Pure arithmetic, so the
 * panel's pointer, wheel and key handlers stay thin and the rules are tested here.
 *
 * @example
 *   const v = openingView({ width: 3000, height: 4000 }, { width: 376, height: 583 }, { x: 120, y: 900 }, 16);
 *   zoomAt(v, 1.25, { x: 188, y: 290 }); // zoomed in around the box's middle
 */

export interface View {
  /** Box pixels from the box's left and top edge to the drawing's origin. */
  readonly x: number;
  readonly y: number;
  /** Box pixels per drawing unit. */
  readonly k: number;
}
export interface Size {
  readonly width: number;
  readonly height: number;
}
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Smallest text, in CSS pixels, at the zoom the view opens with (below it labels are not read). */
export const MIN_TEXT_PX = 11;
/** Zoom limits: far enough out for an overview of 300 nodes, in for small print. */
export const MIN_SCALE = 0.05;
export const MAX_SCALE = 4;
/** One step of the +/− buttons and keys. */
export const ZOOM_STEP = 1.25;
/** One arrow key press, in box pixels. */
export const PAN_STEP = 48;

const clamp = (k: number): number => Math.min(MAX_SCALE, Math.max(MIN_SCALE, k));

/** The view zoomed by `factor`, the drawing point under `at` (box pixels) staying under it. */
export function zoomAt(view: View, factor: number, at: Point): View {
  const k = clamp(view.k * factor);
  const ratio = k / view.k;
  return { k, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio };
}

export function panBy(view: View, dx: number, dy: number): View {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/**
 * The view a diagram opens with: the whole drawing when it fits at a scale where its text is
 * at least `MIN_TEXT_PX` (never enlarged past its own size), else that scale, centred on
 * `focus` (the centre entity's node, in drawing units) or on the top of the drawing's middle.
 * `fontPx` is the drawing's text size at scale 1.
 */
export function openingView(drawing: Size, box: Size, focus: Point | undefined, fontPx: number): View {
  const fit = Math.min(box.width / Math.max(1, drawing.width), box.height / Math.max(1, drawing.height), 1);
  const readable = MIN_TEXT_PX / Math.max(1, fontPx);
  const k = clamp(Math.max(fit, readable));
  const w = drawing.width * k;
  const h = drawing.height * k;
  const at = focus ?? { x: drawing.width / 2, y: Math.min(drawing.height / 2, box.height / 2 / k) };
  // Each axis: centred when it fits, else the focus in the middle, kept from leaving an empty margin.
  const place = (size: number, room: number, f: number): number =>
    size <= room ? (room - size) / 2 : Math.min(0, Math.max(room - size, room / 2 - f * k));
  return { k, x: place(w, box.width, at.x), y: place(h, box.height, at.y) };
}

/** The CSS transform of the drawing for a view. */
export const transformOf = (view: View): string => `translate(${view.x}px, ${view.y}px) scale(${view.k})`;
