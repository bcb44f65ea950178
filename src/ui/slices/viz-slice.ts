/**
 * The diagram: its filters (a centre at depth 1–2, or the opening view grown around the
 * best-connected entity read last; types, relations, co-mentions, expanded nodes, budget)
 * and the last model drawn. The selection runs on the panel's read-only store, so the
 * node → entity map is known without a Mermaid click directive; Mermaid then renders the
 * SVG text off the panel's thread (`renderDiagramSvg`). The layout is the slow part, so a
 * Mermaid source laid out before is drawn from `LayoutCache`, and a selection the drawing on
 * screen already holds (a filter took entities or edges away) is shown by hiding the rest
 * (`shownBy`, `hiddenParts`); a drawing can be cancelled, which keeps the one on screen and
 * its filters.
 *
 * Opened from elsewhere, the diagram centres on what the user is looking at: the entity
 * page open, else the top search hit, else the first entity of the last answer
 * (`contextCentre`).
 */
import type { StateCreator } from 'zustand';
import { DEFAULT_NODE_BUDGET } from '../../core/mermaid/select';
import { panelGraph } from '../panel-ports';
import type { PanelState } from '../store';
import { panelIsDark } from '../theme';
import { userError } from '../user-error';
import { diagramModel, shownBy } from '../viz/diagram-model';
import { LayoutCache } from '../viz/layout-cache';
import { cancelLayout, prepareLayoutFrame, renderDiagramSvg } from '../viz/layout-frame';
import type { DiagramFilters, DiagramModel } from '../viz/diagram-model';

/** Why a centre was chosen, as the breadcrumb says it. */
export const REASON = {
  entityPage: 'the entity you had open',
  picked: 'the entity you picked',
} as const;

export interface VizSlice {
  viz: {
    filters: DiagramFilters;
    status: 'idle' | 'loading' | 'done' | 'error';
    /** While loading: what is being done, for the progress line. */
    stage?: 'selecting' | 'laying out';
    model?: DiagramModel;
    /** The filters `model` was drawn with (restored when a drawing is cancelled). */
    drawnFilters?: DiagramFilters;
    svg?: string;
    /** The model `svg` was laid out for: its node ids; `model` may show a part of it. */
    svgModel?: DiagramModel;
    error?: string;
    cancelled?: boolean;
    /** A click on a node adds its neighbours instead of opening its entity. */
    clickExpands: boolean;
    selectMs?: number;
    renderMs?: number;
    /** Drawings completed (laid out or reused), for tests and the bench to tell one from the next. */
    drawCount?: number;
  };
  setDiagramFilters(patch: Partial<DiagramFilters>): void;
  setClickExpands(on: boolean): void;
  /** Opens the Diagram tab centred on one entity. */
  showInDiagram(entityId: string, reason: string): void;
  /** Adds a drawn entity's neighbours to the diagram. */
  expandInDiagram(entityId: string): void;
  /** Centres the diagram on `contextCentre`, when that changed since it was last applied. */
  centreFromContext(): void;
  drawDiagram(): Promise<void>;
  cancelDiagram(): void;
}

/** The centre the panel's other views suggest, with why; undefined when none does. */
export function contextCentre(s: PanelState): { id: string; reason: string } | undefined {
  if (s.nav.entityId !== undefined) return { id: s.nav.entityId, reason: REASON.entityPage };
  const hit = s.search.query.trim() === '' ? undefined : s.search.results[0];
  if (hit !== undefined) return { id: hit.id, reason: `the top search hit for “${s.search.query.trim()}”` };
  const answer = [...s.qa.messages].reverse().find((m) => m.role === 'assistant' && (m.sources?.length ?? 0) > 0);
  const source = answer?.sources?.[0];
  return source === undefined ? undefined : { id: source.entityId, reason: 'named first in the last answer' };
}

let drawSeq = 0;
const layouts = new LayoutCache();
/** The context centre applied last (`id|reason`): going back to the tab does not undo the user's own choice. */
let appliedContext: string | undefined;

export const createVizSlice: StateCreator<PanelState, [], [], VizSlice> = (set, get) => ({
  viz: { filters: { budget: DEFAULT_NODE_BUDGET, depth: 1 }, status: 'idle', clickExpands: false },
  setClickExpands(on) {
    set((s) => ({ viz: { ...s.viz, clickExpands: on } }));
  },
  setDiagramFilters(patch) {
    set((s) => ({ viz: { ...s.viz, filters: { ...s.viz.filters, ...patch } } }));
    void get().drawDiagram();
  },
  showInDiagram(entityId, reason) {
    set((s) => ({ viz: { ...s.viz, filters: { ...s.viz.filters, around: entityId, reason, expanded: [] } } }));
    get().show('diagram');
  },
  centreFromContext() {
    const centre = contextCentre(get());
    const key = centre === undefined ? undefined : `${centre.id}|${centre.reason}`;
    if (centre === undefined || key === appliedContext) return;
    appliedContext = key;
    set((s) => ({ viz: { ...s.viz, filters: { ...s.viz.filters, around: centre.id, reason: centre.reason, expanded: [] } } }));
  },
  expandInDiagram(entityId) {
    const expanded = get().viz.filters.expanded ?? [];
    if (!expanded.includes(entityId)) get().setDiagramFilters({ expanded: [...expanded, entityId] });
  },
  async drawDiagram() {
    const seq = ++drawSeq;
    set((s) => ({ viz: { ...s.viz, status: 'loading', stage: 'selecting', cancelled: false } }));
    const started = performance.now();
    prepareLayoutFrame();
    try {
      const filters = get().viz.filters;
      // The panel's scheme (Settings → Appearance, else the system's) for the nodes and Mermaid.
      const scheme = panelIsDark() ? 'dark' : 'light';
      const model = await diagramModel(panelGraph(), filters, { palette: scheme });
      const selected = performance.now();
      if (seq !== drawSeq) return;
      // Laid out before (the same text), or the drawing on screen holds all of it (a filter
      // took something away): no new layout. Otherwise Mermaid lays it out.
      const { svg: onHand, svgModel: onScreen } = get().viz;
      let laidOut = layouts.get(model.mermaid);
      if (laidOut === undefined && onHand !== undefined && onScreen !== undefined && shownBy(onScreen, model))
        laidOut = { svg: onHand, model: onScreen };
      if (laidOut === undefined) {
        set((s) => ({ viz: { ...s.viz, stage: 'laying out' } }));
        laidOut = { svg: await renderDiagramSvg(model.parts, scheme), model };
        layouts.set(model.mermaid, laidOut);
      }
      const { svg, model: svgModel } = laidOut;
      if (seq === drawSeq)
        set((s) => ({
          viz: {
            ...s.viz,
            status: 'done',
            stage: undefined,
            model,
            drawnFilters: filters,
            svg,
            svgModel,
            drawCount: (s.viz.drawCount ?? 0) + 1,
            error: undefined,
            selectMs: selected - started,
            renderMs: performance.now() - selected,
          },
        }));
    } catch (error) {
      if (seq === drawSeq) set((s) => ({ viz: { ...s.viz, status: 'error', stage: undefined, error: userError(error) } }));
    }
  },
  cancelDiagram() {
    if (get().viz.status !== 'loading') return;
    drawSeq++;
    cancelLayout();
    set((s) => ({
      viz: {
        ...s.viz,
        status: s.viz.model ? 'done' : 'idle',
        stage: undefined,
        cancelled: true,
        filters: s.viz.drawnFilters ?? s.viz.filters,
      },
    }));
  },
});
