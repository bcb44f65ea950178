/**
 * The diagram: its filters (around an entity at depth 1–2, types, relations,
 * budget) and the last model drawn. The selection runs on the panel's read-only
 * store, so the node → entity map is known without a Mermaid click directive;
 * Mermaid then renders the SVG text off the panel's thread (`renderDiagramSvg`). The
 * layout is the slow part (a second or more at the full budget), so when the selection gives the same
 * Mermaid source as the SVG on hand (the tab reopened, the graph changed elsewhere),
 * that SVG is kept.
 */
import type { StateCreator } from 'zustand';
import { DEFAULT_NODE_BUDGET } from '../../core/mermaid/select';
import { panelGraph } from '../panel-ports';
import type { PanelState } from '../store';
import { userError } from '../user-error';
import { diagramModel } from '../viz/diagram-model';
import { prepareLayoutFrame, renderDiagramSvg } from '../viz/layout-frame';
import type { DiagramFilters, DiagramModel } from '../viz/diagram-model';

export interface VizSlice {
  viz: {
    filters: DiagramFilters;
    status: 'idle' | 'loading' | 'done' | 'error';
    model?: DiagramModel;
    svg?: string;
    error?: string;
    selectMs?: number;
    renderMs?: number;
  };
  setDiagramFilters(patch: Partial<DiagramFilters>): void;
  drawDiagram(): Promise<void>;
}

let drawSeq = 0;

export const createVizSlice: StateCreator<PanelState, [], [], VizSlice> = (set, get) => ({
  viz: { filters: { budget: DEFAULT_NODE_BUDGET, depth: 1 }, status: 'idle' },
  setDiagramFilters(patch) {
    set((s) => ({ viz: { ...s.viz, filters: { ...s.viz.filters, ...patch } } }));
    void get().drawDiagram();
  },
  async drawDiagram() {
    const seq = ++drawSeq;
    set((s) => ({ viz: { ...s.viz, status: 'loading' } }));
    const started = performance.now();
    prepareLayoutFrame();
    try {
      const model = await diagramModel(panelGraph(), get().viz.filters);
      const selected = performance.now();
      if (seq !== drawSeq) return;
      const { model: drawn, svg: onHand } = get().viz;
      const svg = onHand !== undefined && drawn?.mermaid === model.mermaid ? onHand : await renderDiagramSvg(model.parts);
      if (seq === drawSeq)
        set((s) => ({
          viz: {
            ...s.viz,
            status: 'done',
            model,
            svg,
            error: undefined,
            selectMs: selected - started,
            renderMs: performance.now() - selected,
          },
        }));
    } catch (error) {
      if (seq === drawSeq) set((s) => ({ viz: { ...s.viz, status: 'error', error: userError(error) } }));
    }
  },
});
