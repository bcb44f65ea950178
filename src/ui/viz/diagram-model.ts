/**
 * The diagram's model: the core's budgeted selection (`selectDiagram`) rendered to
 * Mermaid text, plus the map from generated node ids (`n0`, `n1`, …) to entity ids,
 * so a click on a node in the SVG opens that entity. No Mermaid `click` directive
 * ever comes from data; clicks are bound on the rendered SVG.
 *
 * @example
 *   const model = await diagramModel(panelGraph(), { around: 'e_1', depth: 1 });
 *   model.nodes.n0 // 'e_1'
 */
import { asEntityId } from '../../core/graph/ids';
import { relationPhrase } from '../../core/graph/relation-phrases';
import type { GraphReader } from '../../core/graph/store';
import type { EntityType } from '../../core/graph/types';
import { renderMermaid, renderMermaidParts } from '../../core/mermaid/render';
import { selectDiagram } from '../../core/mermaid/select';
import { normalizeLabel } from '../../core/text/normalize';

export interface DiagramFilters {
  readonly around?: string;
  readonly depth?: 1 | 2;
  readonly types?: readonly EntityType[];
  readonly relations?: readonly string[];
  readonly budget?: number;
}

export interface DiagramModel {
  readonly mermaid: string;
  /** The same diagram cut into parts laid out one task at a time (`renderMermaidParts`). */
  readonly parts: readonly string[];
  readonly note?: string;
  /** Generated node id → entity id. */
  readonly nodes: Readonly<Record<string, string>>;
  readonly shown: number;
  readonly total: number;
}

export async function diagramModel(store: GraphReader, filters: DiagramFilters): Promise<DiagramModel> {
  const around = filters.around === undefined ? undefined : asEntityId(filters.around);
  const { diagram, note, totalEntities } = await selectDiagram(store, {
    ...(around === undefined ? {} : { around, depth: filters.depth ?? 1 }),
    ...(filters.types && filters.types.length > 0 ? { types: filters.types } : {}),
    ...(filters.relations && filters.relations.length > 0 ? { relations: filters.relations.map((r) => normalizeLabel(r)) } : {}),
    ...(filters.budget === undefined ? {} : { budget: filters.budget }),
  });
  // The same numbering as renderMermaid: a node's index, first occurrence wins.
  const nodes: Record<string, string> = {};
  const seen = new Set<string>();
  diagram.nodes.forEach((node, i) => {
    if (seen.has(node.key)) return;
    seen.add(node.key);
    nodes[`n${i}`] = node.key;
  });
  // A person reads the panel's diagram: edges say "CEO of", "mentioned with", as the entity page
  // does. The `entity_visualize` tool keeps the stored labels (its output is the seed's contract).
  const readable = { ...diagram, edges: diagram.edges.map((edge) => ({ ...edge, label: relationPhrase(edge.label, true) })) };
  return {
    mermaid: renderMermaid(readable),
    parts: renderMermaidParts(readable),
    ...(note === undefined ? {} : { note }),
    nodes,
    shown: seen.size,
    total: totalEntities,
  };
}

/**
 * The generated node id of a rendered Mermaid node element: Mermaid writes
 * `data-id="n3"` and ids like `<diagram>-flowchart-n3-12`.
 */
export function nodeIdOf(element: { getAttribute(name: string): string | null; readonly id: string }): string | undefined {
  const data = element.getAttribute('data-id');
  if (data !== null && /^n\d+$/.test(data)) return data;
  return /flowchart-(n\d+)-\d+$/.exec(element.id)?.[1];
}
