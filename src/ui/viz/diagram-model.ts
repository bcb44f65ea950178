/**
 * The diagram's model: the core's budgeted selection (`selectDiagram`) rendered to
 * Mermaid text, plus the map from generated node ids (`n0`, `n1`, …) to entity ids,
 * so a click on a node in the SVG opens that entity. No Mermaid `click` directive
 * ever comes from data; clicks are bound on the rendered SVG.
 *
 * Stated facts first: co-mentions (`mentioned_with`) are left out unless asked for, and
 * then drawn as light dotted lines without label or arrow; a co-mention beside a stated
 * fact between the same two is not drawn; parallel facts between two entities are one
 * edge whose label joins their phrases as read from its source ("founded · CEO of").
 * Without a centre the diagram opens on the best-connected of the entities read last,
 * grown hop by hop until the budget is full; when that part of the graph is used up, on the
 * next best-connected not drawn yet, and so on (`openingCentres`, `depth: 'fill'`, `thenAround`).
 *
 * @example
 *   const model = await diagramModel(panelGraph(), { around: 'e_1', depth: 1 });
 *   model.nodes.n0 // 'e_1'
 */
import { asEntityId } from '../../core/graph/ids';
import type { EntityId } from '../../core/graph/ids';
import { relationPhrase } from '../../core/graph/relation-phrases';
import type { GraphReader } from '../../core/graph/store';
import type { EntityType } from '../../core/graph/types';
import type { DiagramEdge } from '../../core/mermaid/render';
import { PART_MAX_NODES, renderMermaid, renderMermaidParts } from '../../core/mermaid/render';
import { openingCentres, selectDiagram } from '../../core/mermaid/select';
import { normalizeLabel } from '../../core/text/normalize';

/** The label of co-mentions: two entities named together on a page, nothing stated. */
export const CO_MENTION = 'mentioned_with';
/**
 * Separates the phrases of parallel facts merged into one edge label. A comma: characters
 * outside the label's safe set are written as entity codes, which Mermaid's SVG text labels
 * show as typed (a middle dot came out as "#183;").
 */
const PHRASE_JOIN = ', ';

export interface DiagramFilters {
  readonly around?: string;
  readonly depth?: 1 | 2;
  readonly types?: readonly EntityType[];
  readonly relations?: readonly string[];
  readonly budget?: number;
  /** Draw co-mentions (light, undirected, unlabelled); off by default. */
  readonly coMentions?: boolean;
  /** Drawn entities whose neighbours were added in place. */
  readonly expanded?: readonly string[];
  /** Why `around` is the centre, for the breadcrumb. */
  readonly reason?: string;
}

export interface DiagramLook {
  readonly palette?: 'light' | 'dark';
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
  /** The entity the diagram is centred on, with its name and why it was chosen. */
  readonly centre?: { readonly id: string; readonly name: string; readonly reason: string };
  /** The opening view's further centres drawn (after `centre`), best-connected first. */
  readonly moreCentres?: readonly { readonly id: string; readonly name: string }[];
  /** Edges drawn: stated facts and co-mentions. */
  readonly facts: number;
  readonly coMentions: number;
  /** The edges drawn, between entity ids (merged: one per pair), for `shownBy`. */
  readonly edges: readonly DiagramEdge[];
  readonly palette: 'light' | 'dark';
}

/**
 * Share of a drawing's entities that may be hidden to show a narrower selection in place. Past
 * it the picture is mostly holes (a budget cut from 150 to 30 would leave 30 boxes spread over
 * a 150-box layout): a new layout is drawn instead.
 */
export const MAX_HIDDEN_SHARE = 0.5;

const edgeKey = (e: DiagramEdge): string => `${e.from}\u0000${e.to}\u0000${e.kind ?? 'fact'}\u0000${e.label}`;

/**
 * Whether `next` can be shown by hiding parts of the drawing laid out for `drawn`, without a
 * new layout (the slow part): same palette, and every entity and every edge (ends, kind and
 * label) of `next` is in `drawn`, and at most `MAX_HIDDEN_SHARE` of its entities would be
 * hidden. A filter that takes entities or edges away then redraws at once, in place, and keeps
 * the view (nothing moves).
 *
 * @example if (shownBy(onScreen, model)) hideOutside(svg, onScreen, model);
 */
export function shownBy(drawn: DiagramModel, next: DiagramModel): boolean {
  if (drawn.palette !== next.palette) return false;
  const entities = new Set(Object.values(drawn.nodes));
  const kept = Object.values(next.nodes);
  if (kept.length < entities.size * (1 - MAX_HIDDEN_SHARE)) return false;
  if (!kept.every((id) => entities.has(id))) return false;
  const edges = new Set(drawn.edges.map(edgeKey));
  return next.edges.every((e) => edges.has(edgeKey(e)));
}

/**
 * What of a drawing laid out for `drawn` is not part of `next`: its generated node ids, and
 * its edges as Mermaid names them (`L_n0_n3_0`, also the invisible links of the grid).
 */
export function hiddenParts(drawn: DiagramModel, next: DiagramModel): { readonly isHidden: (mermaidId: string) => boolean } {
  const entities = new Set(Object.values(next.nodes));
  const pairs = new Set(next.edges.map((e) => `${e.from}\u0000${e.to}`));
  const entityOf = (nodeId: string): string | undefined => (Object.hasOwn(drawn.nodes, nodeId) ? drawn.nodes[nodeId] : undefined);
  return {
    isHidden(mermaidId) {
      const edge = /^L_(n\d+)_(n\d+)_\d+$/.exec(mermaidId);
      if (edge) return !pairs.has(`${entityOf(edge[1] ?? '') ?? ''}\u0000${entityOf(edge[2] ?? '') ?? ''}`);
      const entity = entityOf(mermaidId);
      return entity === undefined || !entities.has(entity);
    },
  };
}

/**
 * One edge per pair of entities: stated facts merged into one label of phrases read from the
 * first fact's source; a co-mention only where no fact joins the pair (then unlabelled).
 */
export function mergeEdges(edges: readonly DiagramEdge[]): DiagramEdge[] {
  const pairs = new Map<string, { readonly from: string; readonly to: string; readonly phrases: string[]; readonly facts: boolean }>();
  for (const edge of edges) {
    const key = edge.from < edge.to ? `${edge.from}\u0000${edge.to}` : `${edge.to}\u0000${edge.from}`;
    const fact = edge.label !== CO_MENTION;
    const known = pairs.get(key);
    // The first fact gives the edge its direction (a co-mention seen before it gives none).
    const pair = known !== undefined && (known.facts || !fact) ? known : { from: edge.from, to: edge.to, phrases: [], facts: fact };
    pairs.set(key, pair);
    if (!fact) continue;
    const phrase = relationPhrase(edge.label, edge.from === pair.from);
    if (!pair.phrases.includes(phrase)) pair.phrases.push(phrase);
  }
  return [...pairs.values()].map((p) =>
    p.facts ? { from: p.from, to: p.to, label: p.phrases.join(PHRASE_JOIN) } : { from: p.from, to: p.to, label: '', kind: 'co-mention' },
  );
}

/** The centre and why: the filter's, else the best-connected of what was read last. */
async function centreOf(store: GraphReader, filters: DiagramFilters) {
  const asked = filters.around === undefined ? undefined : asEntityId(filters.around);
  if (asked !== undefined) {
    const entity = await store.getEntity(asked);
    return entity && { entity, reason: filters.reason ?? 'chosen', fill: false, more: [] };
  }
  if (filters.relations && filters.relations.length > 0) return undefined;
  const without = filters.coMentions === true ? [] : [CO_MENTION];
  // Choosing reads the relationships of 40 entities: done again only when the graph changed.
  const { entities, relationships } = await store.counts();
  const key = `${entities}/${relationships}/${without.join(',')}`;
  if (lastOpening?.store !== store || lastOpening.key !== key) {
    lastOpening = { store, key, centres: (await openingCentres(store, without)).map((e) => e.id) };
  }
  const [first, ...more] = lastOpening.centres;
  const entity = first === undefined ? undefined : await store.getEntity(first);
  return entity && { entity, reason: 'the best-connected of what you read last', fill: true, more };
}

/** The opening centres last chosen, for which store and graph size. */
let lastOpening: { readonly store: GraphReader; readonly key: string; readonly centres: readonly EntityId[] } | undefined;

export async function diagramModel(store: GraphReader, filters: DiagramFilters, look: DiagramLook = {}): Promise<DiagramModel> {
  const centre = await centreOf(store, filters);
  const expand = (filters.expanded ?? []).flatMap((id) => asEntityId(id) ?? []);
  const { diagram, note, totalEntities, centres } = await selectDiagram(store, {
    ...(centre === undefined ? {} : { around: centre.entity.id, depth: centre.fill ? 'fill' : (filters.depth ?? 1) }),
    ...(centre !== undefined && centre.more.length > 0 ? { thenAround: centre.more } : {}),
    ...(filters.types && filters.types.length > 0 ? { types: filters.types } : {}),
    ...(filters.relations && filters.relations.length > 0 ? { relations: filters.relations.map((r) => normalizeLabel(r)) } : {}),
    ...(filters.coMentions === true ? {} : { withoutRelations: [CO_MENTION] }),
    ...(expand.length > 0 ? { expand } : {}),
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
  // A person reads the panel's diagram: edges say "CEO of", as the entity page does. The
  // `entity_visualize` tool keeps the stored labels (its output is the seed's contract).
  const edges = mergeEdges(diagram.edges);
  const readable = { ...diagram, edges };
  const options = { palette: look.palette ?? 'light' } as const;
  const coMentions = edges.filter((e) => e.kind === 'co-mention').length;
  const names = new Map(diagram.nodes.map((n) => [n.key, n.name]));
  const moreCentres = (centres ?? []).slice(1).map((id) => ({ id, name: names.get(id) ?? id }));
  return {
    mermaid: renderMermaid(readable, options),
    parts: renderMermaidParts(readable, PART_MAX_NODES, options),
    ...(note === undefined ? {} : { note }),
    nodes,
    shown: seen.size,
    // Around an entity the total is its neighbourhood; entities expanded in place come on top.
    total: Math.max(totalEntities, seen.size),
    ...(centre === undefined ? {} : { centre: { id: centre.entity.id, name: centre.entity.name, reason: centre.reason } }),
    ...(moreCentres.length > 0 ? { moreCentres } : {}),
    facts: edges.length - coMentions,
    coMentions,
    edges,
    palette: options.palette,
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
