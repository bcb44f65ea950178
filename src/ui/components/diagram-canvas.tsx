/**
 * The diagram's box: the SVG drawn at its own size and moved inside the box — drag to pan,
 * wheel or pinch to zoom around the pointer, arrow keys to pan, + and − to zoom, 0 to go back
 * to the opening view (also as buttons). It opens with text no smaller than 11 px, on the
 * centre entity when the whole drawing would be smaller than that (`openingView`). A drag is
 * not a click: a node opens (or expands) only on a click that did not move.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { MIN_TEXT_PX, openingView, PAN_STEP, panBy, transformOf, ZOOM_STEP, zoomAt } from '../viz/viewport';
import type { View } from '../viz/viewport';

/** Pointer travel (px) past which a press is a drag, not a click. */
const DRAG_PX = 4;
/** Mermaid's flowchart text size at scale 1, when it cannot be read from the drawing. */
const DEFAULT_FONT_PX = 16;

interface Props {
  /** The SVG markup (checked before it gets here). */
  readonly svg: string | undefined;
  /** Entity id of the node to open on. */
  readonly focusId?: string;
  /** Called after the SVG is inserted, to bind its nodes. */
  readonly onInserted: (host: HTMLDivElement) => void;
  readonly onActivate: (target: EventTarget) => void;
  /** Layout time of the drawing, for the bench (`data-render-ms`). */
  readonly renderMs?: number;
  /** Drawings completed so far (`data-draw`): changes also when a drawing is shown again without a layout. */
  readonly drawCount?: number;
}

function fontPxOf(svg: SVGSVGElement): number {
  const text = svg.querySelector('g.node text');
  const px = text ? Number.parseFloat(getComputedStyle(text).fontSize) : NaN;
  return Number.isFinite(px) && px > 0 ? px : DEFAULT_FONT_PX;
}

export function DiagramCanvas({ svg, focusId, onInserted, onActivate, renderMs, drawCount }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ x: 0, y: 0, k: 1 });
  const opening = useRef<View>({ x: 0, y: 0, k: 1 });
  const [fontPx, setFontPx] = useState(DEFAULT_FONT_PX);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const drag = useRef<{ moved: boolean; start: { x: number; y: number } } | undefined>(undefined);
  const pinch = useRef<number | undefined>(undefined);
  const bind = useRef(onInserted);

  // Nodes are bound again when what a click does changes, without resetting the view.
  useEffect(() => {
    bind.current = onInserted;
    if (host.current?.querySelector('svg')) onInserted(host.current);
  }, [onInserted]);

  // Insert the SVG, size it to its own units, and open the view.
  useEffect(() => {
    const el = host.current;
    const frame = box.current;
    if (!el || !frame || svg === undefined) return;
    // Mermaid's strict mode has sanitized the SVG (DOMPurify), the panel checked the layout
    // frame's answer (assertSafeSvg), and the page CSP forbids inline script.
    el.innerHTML = svg;
    bind.current(el);
    const drawing = el.querySelector('svg');
    if (!drawing) return;
    const vb = drawing.viewBox.baseVal;
    const size = { width: vb?.width || 1, height: vb?.height || 1 };
    drawing.style.maxWidth = 'none';
    drawing.setAttribute('width', String(size.width));
    drawing.setAttribute('height', String(size.height));
    const px = fontPxOf(drawing);
    setFontPx(px);
    let focus: { x: number; y: number } | undefined;
    const node = focusId === undefined ? null : el.querySelector(`g.node[data-entity-id="${CSS.escape(focusId)}"]`);
    if (node) {
      const n = node.getBoundingClientRect();
      const d = drawing.getBoundingClientRect();
      const scale = d.width / size.width || 1;
      focus = { x: (n.left + n.width / 2 - d.left) / scale, y: (n.top + n.height / 2 - d.top) / scale };
    }
    const start = openingView(size, { width: frame.clientWidth, height: frame.clientHeight }, focus, px);
    opening.current = start;
    setView(start);
  }, [svg, focusId]);

  useEffect(() => {
    if (host.current) host.current.style.transform = transformOf(view);
  }, [view]);

  const local = (clientX: number, clientY: number) => {
    const r = box.current?.getBoundingClientRect();
    return { x: clientX - (r?.left ?? 0), y: clientY - (r?.top ?? 0) };
  };
  const middle = () => ({ x: (box.current?.clientWidth ?? 0) / 2, y: (box.current?.clientHeight ?? 0) / 2 });
  const zoom = useCallback((factor: number, at?: { x: number; y: number }) => setView((v) => zoomAt(v, factor, at ?? middle())), []);

  // Wheel (and a trackpad's pinch, which arrives as a wheel with ctrlKey): zoom around the pointer.
  useEffect(() => {
    const frame = box.current;
    if (!frame) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = frame.getBoundingClientRect();
      const delta = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
      setView((v) => zoomAt(v, Math.exp(-delta * (e.ctrlKey ? 0.01 : 0.0015)), { x: e.clientX - r.left, y: e.clientY - r.top }));
    };
    frame.addEventListener('wheel', onWheel, { passive: false });
    return () => frame.removeEventListener('wheel', onWheel);
  }, []);

  const onPointerDown = (e: PointerEvent) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1) drag.current = { moved: false, start: { x: e.clientX, y: e.clientY } };
    pinch.current = undefined;
  };
  const onPointerMove = (e: PointerEvent) => {
    const last = pointers.current.get(e.pointerId);
    if (!last) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (pinch.current !== undefined && pinch.current > 0) {
        const factor = distance / pinch.current;
        zoom(factor, local((a.x + b.x) / 2, (a.y + b.y) / 2));
      }
      pinch.current = distance;
      if (drag.current) drag.current.moved = true;
      return;
    }
    const d = drag.current;
    if (!d) return;
    if (!d.moved && Math.hypot(e.clientX - d.start.x, e.clientY - d.start.y) < DRAG_PX) return;
    if (!d.moved) box.current?.setPointerCapture(e.pointerId);
    d.moved = true;
    setView((v) => panBy(v, e.clientX - last.x, e.clientY - last.y));
  };
  const onPointerUp = (e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = undefined;
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    };
    const move = Object.hasOwn(moves, e.key) ? moves[e.key] : undefined;
    if (move) setView((v) => panBy(v, move[0], move[1]));
    else if (e.key === '+' || e.key === '=') zoom(ZOOM_STEP);
    else if (e.key === '-' || e.key === '_') zoom(1 / ZOOM_STEP);
    else if (e.key === '0') setView(opening.current);
    else if (e.key === 'Enter' || e.key === ' ') {
      onActivate(e.target);
      return;
    } else return;
    e.preventDefault();
  };

  const textPx = Math.round(fontPx * view.k * 10) / 10;
  return (
    <div className="diagram-view">
      <div
        ref={box}
        className="diagram"
        data-testid="diagram-box"
        data-scale={view.k.toFixed(3)}
        data-text-px={textPx}
        tabIndex={0}
        role="group"
        aria-roledescription="diagram"
        aria-label="Diagram: drag or arrow keys to pan, wheel or + and − to zoom, 0 to reset"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onClickCapture={(e) => {
          // A drag ends in a click on whatever is under the pointer: not an activation.
          if (drag.current?.moved) e.stopPropagation();
          drag.current = undefined;
        }}
        onClick={(e) => onActivate(e.target)}
        onKeyDown={onKeyDown}
      >
        <div
          ref={host}
          className="diagram-drawing"
          data-testid="diagram"
          data-render-ms={renderMs === undefined ? undefined : Math.round(renderMs)}
          data-draw={drawCount}
        />
      </div>
      <div className="diagram-zoom" role="toolbar" aria-label="Zoom">
        <button type="button" aria-label="Zoom in" onClick={() => zoom(ZOOM_STEP)}>
          +
        </button>
        <button type="button" aria-label="Zoom out" onClick={() => zoom(1 / ZOOM_STEP)}>
          −
        </button>
        <button type="button" onClick={() => setView(opening.current)} data-testid="diagram-reset">
          Reset view
        </button>
        <span className="muted" data-testid="diagram-zoom-level">
          {Math.round(view.k * 100)} %{textPx < MIN_TEXT_PX ? ' (zoomed out)' : ''}
        </span>
      </div>
    </div>
  );
}
