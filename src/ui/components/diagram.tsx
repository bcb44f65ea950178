/**
 * The diagram view: a breadcrumb saying what is drawn and why (the centre and its reason,
 * what was left out), the drawing in a box that pans and zooms (`DiagramCanvas`), the
 * co-mention switch, what a click on a node does (open its entity or expand its
 * neighbours in place), progress with Cancel while a drawing is laid out, and exports of
 * the current view as SVG, PNG and Mermaid text.
 */
import { useCallback, useEffect } from 'react';
import { usePanelStore } from '../store';
import { download, stamp } from '../download';
import { useLiveQuery } from '../live-query';
import { panelGraph } from '../panel-ports';
import { hiddenParts, nodeIdOf } from '../viz/diagram-model';
import { onSchemeChange } from '../theme';
import { svgToPng } from '../viz/render';
import { DiagramCanvas } from './diagram-canvas';
import { DiagramFilters } from './diagram-filters';

/** Further centres of the opening view named in the breadcrumb (the rest are counted). */
const NAMED_CENTRES = 3;
/** Least time between two automatic redraws while the graph changes. */
const DIAGRAM_REDRAW_MS = 5_000;

export function Diagram() {
  const viz = usePanelStore((s) => s.viz);
  const drawDiagram = usePanelStore((s) => s.drawDiagram);
  const cancelDiagram = usePanelStore((s) => s.cancelDiagram);
  const setFilters = usePanelStore((s) => s.setDiagramFilters);
  const openEntity = usePanelStore((s) => s.openEntity);
  const expand = usePanelStore((s) => s.expandInDiagram);
  const clickExpands = usePanelStore((s) => s.viz.clickExpands);
  const setClickExpands = usePanelStore((s) => s.setClickExpands);
  // Redraw when the graph changes size, at most once per DIAGRAM_REDRAW_MS while captures
  // stream in (a layout takes a moment at the full budget).
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

  // The palette follows the panel's scheme: its Settings choice, else the system's.
  useEffect(() => onSchemeChange(() => void drawDiagram()), [drawDiagram]);

  const { model, svgModel, svg: svgText } = viz;
  const bindNodes = useCallback(
    (el: HTMLDivElement) => {
      if (!model || !svgModel) return;
      // The drawing may hold more than the model (laid out before a filter took some away).
      const { isHidden } = hiddenParts(svgModel, model);
      for (const part of el.querySelectorAll<SVGElement>('g.node, path[data-id], g.edgeLabel')) {
        const id = part.matches('g.edgeLabel')
          ? part.querySelector('[data-id]')?.getAttribute('data-id')
          : (nodeIdOf(part) ?? part.getAttribute('data-id'));
        part.style.display = id && isHidden(id) ? 'none' : '';
      }
      for (const node of el.querySelectorAll('g.node')) {
        const entityId = svgModel.nodes[nodeIdOf(node) ?? ''];
        if (entityId === undefined) continue;
        if (node instanceof SVGElement && node.style.display === 'none') {
          for (const name of ['tabindex', 'role', 'data-entity-id', 'aria-label']) node.removeAttribute(name);
          continue;
        }
        const name = node.textContent?.replace(/\(\w+\)$/, '').trim() ?? 'entity';
        node.setAttribute('tabindex', '0');
        node.setAttribute('role', 'button');
        node.setAttribute('data-entity-id', entityId);
        node.setAttribute('aria-label', clickExpands ? `Expand ${name}` : `Open ${name}`);
      }
    },
    [model, svgModel, clickExpands],
  );

  const activate = (target: EventTarget) => {
    const node = target instanceof Element ? target.closest('[data-entity-id]') : null;
    const id = node?.getAttribute('data-entity-id');
    if (!id) return;
    if (clickExpands) expand(id);
    else openEntity(id);
  };
  const svg = () => document.querySelector<SVGSVGElement>('[data-testid="diagram"] svg');
  const exportSvg = () => {
    const el = svg();
    if (el) download(`ariadne-diagram-${stamp()}.svg`, new XMLSerializer().serializeToString(el), 'image/svg+xml');
  };
  const exportPng = async () => {
    const el = svg();
    if (el) download(`ariadne-diagram-${stamp()}.png`, await svgToPng(el));
  };
  const exportMermaid = () => {
    if (model) download(`ariadne-diagram-${stamp()}.mmd`, model.mermaid, 'text/plain');
  };
  const coMentions = viz.filters.coMentions === true;
  const moreCentres = model?.moreCentres ?? [];
  const budget = viz.filters.budget ?? 60;

  return (
    <section aria-labelledby="diagram-heading" className="stack">
      <h2 id="diagram-heading">Diagram</h2>
      {model?.centre && (
        <p className="breadcrumb" data-testid="diagram-breadcrumb">
          Around <strong>{model.centre.name}</strong>, {model.centre.reason}
          {moreCentres.length > 0 &&
            `, and ${moreCentres.length} more ${moreCentres.length === 1 ? 'centre' : 'centres'} (${moreCentres
              .slice(0, NAMED_CENTRES)
              .map((c) => c.name)
              .join(', ')}${moreCentres.length > NAMED_CENTRES ? ', …' : ''})`}
          : {model.shown} of {model.total} entities
          {(viz.filters.expanded?.length ?? 0) > 0 ? `, ${viz.filters.expanded?.length} expanded` : ''}, {model.facts} stated{' '}
          {model.facts === 1 ? 'fact' : 'facts'}
          {coMentions ? `, ${model.coMentions} co-mentions (dotted)` : '; co-mentions hidden'}.
        </p>
      )}
      <DiagramFilters />
      <div className="actions">
        <label className="inline">
          <input
            type="checkbox"
            checked={coMentions}
            onChange={() => setFilters({ coMentions: !coMentions })}
            data-testid="diagram-co-mentions"
          />{' '}
          Show co-mentions
        </label>
        <span role="radiogroup" aria-label="A click on a node" className="inline">
          <label className="inline">
            <input type="radio" name="diagram-click" checked={!clickExpands} onChange={() => setClickExpands(false)} /> Click opens
          </label>{' '}
          <label className="inline">
            <input type="radio" name="diagram-click" checked={clickExpands} onChange={() => setClickExpands(true)} /> Click expands
          </label>
        </span>
      </div>
      {viz.status === 'loading' && (
        <p role="status" className="muted" data-testid="diagram-progress">
          {viz.stage === 'laying out' ? `Laying out ${budget} entities at most…` : 'Choosing what to draw…'}{' '}
          <button type="button" className="small" onClick={cancelDiagram}>
            Cancel
          </button>
        </p>
      )}
      {viz.cancelled && viz.status !== 'loading' && (
        <p role="status" className="muted">
          Drawing cancelled; the diagram on screen is kept.
        </p>
      )}
      {viz.status === 'error' && (
        <p role="alert" className="error">
          The diagram could not be drawn: {viz.error}
        </p>
      )}
      {model && model.total === 0 && <p className="muted">The diagram draws your graph once pages have been captured.</p>}
      {model?.note && (
        <p className="muted" data-testid="diagram-note">
          {model.note}
        </p>
      )}
      <DiagramCanvas
        svg={svgText}
        focusId={model?.centre?.id}
        onInserted={bindNodes}
        onActivate={activate}
        renderMs={viz.renderMs}
        drawCount={viz.drawCount}
      />
      <div className="actions">
        <button type="button" onClick={exportSvg} disabled={!model}>
          Export SVG
        </button>
        <button type="button" onClick={() => void exportPng()} disabled={!model}>
          Export PNG
        </button>
        <button type="button" onClick={exportMermaid} disabled={!model}>
          Export Mermaid
        </button>
      </div>
    </section>
  );
}
