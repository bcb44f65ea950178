/**
 * The diagram view: the graph (within a node budget) or one entity's neighbourhood,
 * filtered by type and relation, coloured by type; click a node to open its entity;
 * export SVG or PNG. A note says what the budget left out. Drawn at its own size and
 * scrolled inside its box, or fitted to the panel's width as an overview.
 */
import { useEffect, useRef, useState } from 'react';
import { usePanelStore } from '../store';
import { download, stamp } from '../download';
import { useLiveQuery } from '../live-query';
import { panelGraph } from '../panel-ports';
import { nodeIdOf } from '../viz/diagram-model';
import { svgToPng } from '../viz/render';
import { DiagramFilters } from './diagram-filters';

/** Least time between two automatic redraws while the graph changes. */
const DIAGRAM_REDRAW_MS = 5_000;

export function Diagram() {
  const viz = usePanelStore((s) => s.viz);
  const drawDiagram = usePanelStore((s) => s.drawDiagram);
  const openEntity = usePanelStore((s) => s.openEntity);
  const host = useRef<HTMLDivElement>(null);
  // Redraw when the graph changes size, at most once per DIAGRAM_REDRAW_MS while captures
  // stream in (a layout blocks the panel for a second or more at the full budget).
  const { value: version } = useLiveQuery(
    async () => {
      const { entities, relationships } = await panelGraph().counts();
      return `${entities}/${relationships}`;
    },
    [],
    { minIntervalMs: DIAGRAM_REDRAW_MS },
  );

  useEffect(() => {
    if (version !== undefined) void drawDiagram();
  }, [version, drawDiagram]);

  const { model, svg: svgText } = viz;
  useEffect(() => {
    const el = host.current;
    if (!el || !model || svgText === undefined) return;
    // Mermaid's strict mode has sanitized the SVG (DOMPurify), the panel checked the layout
    // frame's answer (assertSafeSvg), and the page CSP forbids inline script.
    el.innerHTML = svgText;
    for (const node of el.querySelectorAll('g.node')) {
      const entityId = model.nodes[nodeIdOf(node) ?? ''];
      if (entityId === undefined) continue;
      node.setAttribute('tabindex', '0');
      node.setAttribute('role', 'button');
      node.setAttribute('data-entity-id', entityId);
      node.setAttribute('aria-label', `Open ${node.textContent?.trim() ?? 'entity'}`);
    }
  }, [model, svgText]);

  // Mermaid sizes the drawing to the box's width (`width="100%"`): in a 320 px panel a wide graph
  // shrinks to unreadable 3 px text. By default it keeps its own size and the box scrolls.
  const [fit, setFit] = useState(false);
  useEffect(() => {
    const el = host.current?.querySelector('svg');
    if (!el) return;
    const natural = el.viewBox.baseVal?.width ?? 0;
    const shrink = fit || natural <= 0;
    el.style.maxWidth = shrink ? '100%' : 'none';
    el.style.width = shrink ? '100%' : `${Math.ceil(natural)}px`;
  }, [fit, model, svgText]);

  const activate = (target: EventTarget) => {
    const node = target instanceof Element ? target.closest('[data-entity-id]') : null;
    const id = node?.getAttribute('data-entity-id');
    if (id) openEntity(id);
  };
  const svg = () => host.current?.querySelector('svg') ?? null;
  const exportSvg = () => {
    const el = svg();
    if (el) download(`ariadne-diagram-${stamp()}.svg`, new XMLSerializer().serializeToString(el), 'image/svg+xml');
  };
  const exportPng = async () => {
    const el = svg();
    if (el) download(`ariadne-diagram-${stamp()}.png`, await svgToPng(el));
  };

  return (
    <section aria-labelledby="diagram-heading" className="stack">
      <h2 id="diagram-heading">Diagram</h2>
      <DiagramFilters />
      {viz.status === 'loading' && (
        <p role="status" className="muted">
          Drawing the diagram…
        </p>
      )}
      {viz.status === 'error' && (
        <p role="alert" className="error">
          The diagram could not be drawn: {viz.error}
        </p>
      )}
      {model && model.total === 0 && <p className="muted">The diagram draws your graph once pages have been captured.</p>}
      {viz.model?.note && (
        <p className="muted" data-testid="diagram-note">
          {viz.model.note}
        </p>
      )}
      <div
        className="diagram"
        ref={host}
        data-testid="diagram"
        data-render-ms={viz.renderMs === undefined ? undefined : Math.round(viz.renderMs)}
        onClick={(e) => activate(e.target)}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && activate(e.target)}
      />
      <div className="actions">
        <button type="button" aria-pressed={fit} onClick={() => setFit((f) => !f)} disabled={!model} data-testid="diagram-fit">
          Fit to panel
        </button>
        <button type="button" onClick={exportSvg} disabled={!model}>
          Export SVG
        </button>
        <button type="button" onClick={() => void exportPng()} disabled={!model}>
          Export PNG
        </button>
      </div>
    </section>
  );
}
