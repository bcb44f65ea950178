/**
 * Which part of the graph a diagram shows, within a node budget: the whole graph
 * (most connected entities first, from the store's persisted degrees when every label
 * counts), or the neighbourhood of one entity (breadth first, depth 1–2, or grown hop by
 * hop until the budget is full, then from further centres when the first one's part of the
 * graph is used up), optionally only
 * some entity types or relationship labels, without some labels, and with the
 * neighbours of some drawn entities added (expanded in place).
 * Says in a note what was left out.
 */
import { NotFoundError } from '../errors';
import type { EntityId } from '../graph/ids';
import type { DegreeRank, GraphReader } from '../graph/store';
import type { Entity, EntityType, Relationship } from '../graph/types';
import { ENTITY_TYPES } from '../graph/types';
import type { Diagram, DiagramEdge } from './render';

/** A readable diagram has about this many nodes: past it, boxes and labels no longer fit a side panel. */
export const DEFAULT_NODE_BUDGET = 60;
/** Beyond this a diagram is unreadable and slow to lay out. */
export const MAX_NODE_BUDGET = 300;
/** Edges drawn per node of budget at most (keeps the text bounded on dense graphs). */
const EDGES_PER_NODE = 4;
/** Relationships read per node when walking a neighbourhood (hubs are cut here). */
const EDGES_PER_HOP = 500;
/** Records read at most when ranking the whole graph: bounds the work on huge graphs. */
export const MAX_SCANNED = 200_000;
const PAGE = 2000;

/** Hops at most when a neighbourhood is grown until the budget is full (`depth: 'fill'`). */
export const MAX_GROW_DEPTH = 8;
/** Neighbours added per expanded entity at most (beyond the budget: the user asked for them). */
export const EXPAND_NEIGHBOURS = 25;
/**
 * Recently updated entities considered for the opening view's centres: about the last four
 * pages read (a page gives 20–40 entities). At 40 (one page) the corpus's opening view held
 * 22 entities of a budget of 60; at 120, 55 (`bench/diagram-opening.ts`). Reading all of
 * them would centre on the best-connected of everything, not of what was read last.
 */
const RECENT_CANDIDATES = 120;

export interface DiagramRequest {
  readonly around?: EntityId;
  /** 1 or 2 hops around `around`, or `fill`: hop after hop until the budget is full. */
  readonly depth?: number | 'fill';
  /**
   * With `depth: 'fill'`: further centres, in order. When what `around` reaches is used up
   * before the budget is full, filling goes on from the first of them not drawn yet, and so on.
   */
  readonly thenAround?: readonly EntityId[];
  readonly types?: readonly EntityType[];
  readonly relations?: readonly string[];
  /** Relationship labels never drawn (e.g. `mentioned_with`). */
  readonly withoutRelations?: readonly string[];
  /** Drawn entities whose neighbours are added to the diagram. */
  readonly expand?: readonly EntityId[];
  readonly budget?: number;
}

export interface SelectedDiagram {
  readonly diagram: Diagram;
  /** What was left out, when anything was. */
  readonly note?: string;
  readonly totalEntities: number;
  /** The centres grown from (`around`, then those of `thenAround` used), when drawn around one. */
  readonly centres?: readonly EntityId[];
}

const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

async function allRelationships(store: GraphReader, keep: (r: Relationship) => boolean): Promise<Relationship[]> {
  const out: Relationship[] = [];
  let after: string | undefined;
  for (let read = 0; read < MAX_SCANNED; read += PAGE) {
    const page = await store.listRelationships({ limit: PAGE, ...(after === undefined ? {} : { after }) });
    for (const r of page) if (keep(r)) out.push(r);
    const last = page[page.length - 1];
    if (!last || page.length < PAGE) break;
    after = last.id;
  }
  return out;
}

function describeLeftOut(
  shown: readonly Entity[],
  totalByType: ReadonlyMap<EntityType, number>,
  edgesShown: number,
  edgesTotal: number,
): string | undefined {
  const shownByType = new Map<EntityType, number>();
  for (const e of shown) shownByType.set(e.type, (shownByType.get(e.type) ?? 0) + 1);
  const parts: string[] = [];
  let total = 0;
  for (const type of ENTITY_TYPES) {
    const all = totalByType.get(type) ?? 0;
    total += all;
    const left = all - (shownByType.get(type) ?? 0);
    if (left > 0) parts.push(`${left} ${type}`);
  }
  const edgesLeft = edgesTotal - edgesShown;
  if (parts.length === 0 && edgesLeft <= 0) return undefined;
  const entities =
    parts.length > 0
      ? `Showing ${shown.length} of ${total} entities; left out: ${parts.join(', ')}.`
      : `Showing all ${shown.length} entities.`;
  const edges = edgesLeft > 0 ? ` ${edgesLeft} of ${edgesTotal} relationships not drawn.` : '';
  return `${entities}${edges} Narrow the diagram with around, types or relations, or raise the budget.`;
}

/**
 * The `budget` most connected entities of kept types by the store's ranking (highest degree
 * first, ties by id descending), reading at most `MAX_SCANNED` rows of it; undefined when the
 * ranking (degrees of `RANKED_MIN_DEGREE` or more) runs out first: then counting decides.
 */
async function byPersistedDegree(store: GraphReader, budget: number, keepEntity: (e: Entity) => boolean): Promise<Entity[] | undefined> {
  const chosen: Entity[] = [];
  let after: DegreeRank | undefined;
  for (let read = 0; read < MAX_SCANNED && chosen.length < budget; read += PAGE) {
    // The first page is just big enough when no type is filtered out.
    const limit = read === 0 ? budget : PAGE;
    const ranks = await store.mostConnected({ limit, ...(after === undefined ? {} : { after }) });
    for (const e of await store.getEntities(ranks.map((r) => r.id))) if (keepEntity(e) && chosen.length < budget) chosen.push(e);
    after = ranks.at(-1);
    if (chosen.length < budget && (after === undefined || ranks.length < limit)) return undefined;
  }
  return chosen;
}

/**
 * The relationships joining `chosen` entities, by id: each one's outgoing relationships
 * (`EDGES_PER_HOP` each at most) whose target is chosen. Outgoing, because in-degrees are
 * what grows on hubs (the diagram's nodes) while a relationship has one source.
 */
async function relationshipsAmong(store: GraphReader, chosen: readonly Entity[]): Promise<Relationship[]> {
  const ids = new Set(chosen.map((e) => e.id));
  const out: Relationship[] = [];
  for (const e of chosen) for (const r of await store.relationshipsOf(e.id, 'out', EDGES_PER_HOP)) if (ids.has(r.to)) out.push(r);
  return out.sort(byId);
}

/** The `budget` most connected entities of kept types counted over `rels` (ties by id). */
async function byScannedDegree(
  store: GraphReader,
  rels: readonly Relationship[],
  budget: number,
  keepEntity: (e: Entity) => boolean,
): Promise<Entity[]> {
  const degree = new Map<EntityId, number>();
  for (const r of rels) {
    degree.set(r.from, (degree.get(r.from) ?? 0) + 1);
    degree.set(r.to, (degree.get(r.to) ?? 0) + 1);
  }
  // Most connected first (they carry the structure), ties by id.
  const ranked = [...degree.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const chosen: Entity[] = [];
  for (let i = 0; i < ranked.length && chosen.length < budget; i += PAGE) {
    const ids = ranked.slice(i, i + PAGE).map(([id]) => id);
    for (const e of await store.getEntities(ids)) if (keepEntity(e) && chosen.length < budget) chosen.push(e);
  }
  return chosen;
}

/**
 * The neighbours of the expanded entities that are drawn (`EXPAND_NEIGHBOURS` each at most,
 * by relationship id), and the relationships that join them.
 */
async function expandInPlace(
  store: GraphReader,
  chosen: readonly Entity[],
  expand: readonly EntityId[],
  keepRel: (r: Relationship) => boolean,
  keepEntity: (e: Entity) => boolean,
): Promise<{ entities: Entity[]; relationships: Relationship[] }> {
  const drawn = new Set(chosen.map((e) => e.id));
  const entities: Entity[] = [];
  const relationships: Relationship[] = [];
  for (const id of new Set(expand)) {
    if (!drawn.has(id)) continue;
    const rels = (await store.relationshipsOf(id, 'both', EDGES_PER_HOP)).filter(keepRel).sort(byId);
    const wanted: EntityId[] = [];
    for (const r of rels) {
      const other = r.from === id ? r.to : r.from;
      if (!drawn.has(other) && !wanted.includes(other) && wanted.length < EXPAND_NEIGHBOURS) wanted.push(other);
      relationships.push(r);
    }
    for (const e of await store.getEntities(wanted)) {
      if (!keepEntity(e) || drawn.has(e.id)) continue;
      drawn.add(e.id);
      entities.push(e);
    }
  }
  return { entities, relationships };
}

/**
 * The centres of a diagram opened without one: the `RECENT_CANDIDATES` most recently updated
 * entities (what was read last), best-connected first, counting relationships whose label is
 * not in `withoutRelations` (ties: the more recent). Those without such a relationship come
 * last (a graph of loose entities still has a centre). Empty for an empty graph.
 *
 * @example const [first, ...more] = await openingCentres(store, ['mentioned_with']);
 */
export async function openingCentres(store: GraphReader, withoutRelations: readonly string[] = []): Promise<Entity[]> {
  const without = new Set(withoutRelations);
  const ranked: { entity: Entity; degree: number; recency: number }[] = [];
  for (const [recency, entity] of (await store.recentEntities({ limit: RECENT_CANDIDATES })).entries()) {
    const degree = (await store.relationshipsOf(entity.id, 'both', EDGES_PER_HOP)).filter((r) => !without.has(r.label)).length;
    ranked.push({ entity, degree, recency });
  }
  ranked.sort((a, b) => b.degree - a.degree || a.recency - b.recency);
  // Loose entities only as the first centre of a graph without any relationship.
  const linked = ranked.filter((r) => r.degree > 0);
  return (linked.length > 0 ? linked : ranked.slice(0, 1)).map((r) => r.entity);
}

/**
 * The centre of a diagram opened without one: the first of `openingCentres`. Undefined for
 * an empty graph.
 *
 * @example const centre = await openingCentre(store, ['mentioned_with']);
 */
export async function openingCentre(store: GraphReader, withoutRelations: readonly string[] = []): Promise<Entity | undefined> {
  return (await openingCentres(store, withoutRelations))[0];
}

/**
 * Picks the nodes and edges of a diagram from the store.
 *
 * @example
 *   const { diagram, note } = await selectDiagram(store, { around: rust.id, depth: 1 });
 */
export async function selectDiagram(store: GraphReader, request: DiagramRequest = {}): Promise<SelectedDiagram> {
  const budget = Math.max(1, Math.min(MAX_NODE_BUDGET, Math.floor(request.budget ?? DEFAULT_NODE_BUDGET)));
  const types = request.types && request.types.length > 0 ? new Set(request.types) : undefined;
  const labels = request.relations && request.relations.length > 0 ? new Set(request.relations) : undefined;
  const without = new Set(request.withoutRelations ?? []);
  const keepRel = (r: Relationship): boolean => (labels === undefined || labels.has(r.label)) && !without.has(r.label);
  const keepEntity = (e: Entity): boolean => types === undefined || types.has(e.type);

  let chosen: Entity[];
  let candidateRels: Relationship[];
  let centres: EntityId[] | undefined;
  /** Entities an edge may join to count as left out; undefined = any. */
  let eligible: Set<EntityId> | undefined;
  /** All relationships that could be drawn, when known without listing them. */
  let relationshipsTotal: number | undefined;
  const totalByType = new Map<EntityType, number>();

  if (request.around !== undefined) {
    const center = await store.getEntity(request.around);
    if (!center) throw new NotFoundError(`No entity has id "${request.around}" to draw around.`);
    const fill = request.depth === 'fill';
    const depth = request.depth === 'fill' ? MAX_GROW_DEPTH : Math.max(1, Math.min(2, Math.floor(request.depth ?? 1)));
    const seen = new Map<EntityId, number>();
    const rels = new Map<string, Relationship>();
    centres = [];
    // Filling goes on from the next centre not reached yet while the budget has room.
    for (const start of fill ? [center.id, ...(request.thenAround ?? [])] : [center.id]) {
      if (seen.has(start) || (centres.length > 0 && seen.size >= budget)) continue;
      centres.push(start);
      seen.set(start, 0);
      let frontier: EntityId[] = [start];
      // Filling stops at the hop that reached the budget: the nearest entities are the ones drawn.
      for (let hop = 1; hop <= depth && frontier.length > 0 && !(fill && seen.size >= budget); hop++) {
        const next: EntityId[] = [];
        for (const id of frontier) {
          for (const r of await store.relationshipsOf(id, 'both', EDGES_PER_HOP)) {
            if (!keepRel(r)) continue;
            rels.set(r.id, r);
            const other = r.from === id ? r.to : r.from;
            if (!seen.has(other)) {
              seen.set(other, hop);
              next.push(other);
            }
          }
        }
        frontier = next;
      }
    }
    // Breadth-first order: the center, then hop 1, then hop 2 (each in discovery order); then
    // the next centre's, in the same order.
    const starts = new Set(centres);
    const reached = (await store.getEntities([...seen.keys()])).filter((e) => starts.has(e.id) || keepEntity(e));
    // A filled neighbourhood stands for the graph: what it leaves out is counted against all of it.
    if (fill) {
      for (const type of ENTITY_TYPES) if (!types || types.has(type)) totalByType.set(type, await store.countEntities(type));
    } else {
      for (const e of reached) totalByType.set(e.type, (totalByType.get(e.type) ?? 0) + 1);
    }
    chosen = reached.slice(0, budget);
    eligible = new Set(reached.map((e) => e.id));
    candidateRels = [...rels.values()].sort(byId);
  } else {
    for (const type of ENTITY_TYPES) if (!types || types.has(type)) totalByType.set(type, await store.countEntities(type));
    // Every label counts: the store's ranking (persisted degrees) fills the budget without reading the graph.
    const ranked = labels === undefined && without.size === 0 ? await byPersistedDegree(store, budget, keepEntity) : undefined;
    if (ranked !== undefined) {
      chosen = ranked;
      candidateRels = await relationshipsAmong(store, chosen);
      relationshipsTotal = (await store.counts()).relationships;
    } else {
      candidateRels = await allRelationships(store, keepRel);
      chosen = await byScannedDegree(store, candidateRels, budget, keepEntity);
    }
    // Fill the rest of the budget with unconnected entities, oldest first (only without a relation filter).
    // Every connected entity of a kept type is chosen by now, so what is not taken is unconnected.
    if (chosen.length < budget && labels === undefined) {
      const taken = new Set(chosen.map((e) => e.id));
      let after: string | undefined;
      for (let read = 0; read < MAX_SCANNED && chosen.length < budget; read += PAGE) {
        const page = await store.listEntities({ limit: PAGE, ...(after === undefined ? {} : { after }) });
        for (const e of page) if (!taken.has(e.id) && keepEntity(e) && chosen.length < budget) chosen.push(e);
        const last = page[page.length - 1];
        if (!last || page.length < PAGE) break;
        after = last.id;
      }
    }
  }

  if (request.expand !== undefined && request.expand.length > 0) {
    const added = await expandInPlace(store, chosen, request.expand, keepRel, keepEntity);
    chosen = [...chosen, ...added.entities];
    const known = new Set(candidateRels.map((r) => r.id));
    for (const r of added.relationships) if (!known.has(r.id)) candidateRels.push(r);
  }
  const shown = new Set(chosen.map((e) => e.id));
  // With a type filter, edges to other types are not "left out": they were never asked for.
  if (eligible === undefined && types !== undefined) eligible = shown;
  const inside = candidateRels.filter((r) => shown.has(r.from) && shown.has(r.to));
  const edges: DiagramEdge[] = inside
    .slice(0, Math.max(budget, chosen.length) * EDGES_PER_NODE)
    .map((r) => ({ from: r.from, to: r.to, label: r.label }));
  // Relationships that could have been drawn: both ends eligible for this diagram.
  const edgesTotal =
    eligible === undefined
      ? (relationshipsTotal ?? candidateRels.length)
      : candidateRels.filter((r) => eligible.has(r.from) && eligible.has(r.to)).length;
  const note = describeLeftOut(chosen, totalByType, edges.length, edgesTotal);
  let totalEntities = 0;
  for (const n of totalByType.values()) totalEntities += n;
  return {
    diagram: { nodes: chosen.map((e) => ({ key: e.id, name: e.name, type: e.type })), edges },
    ...(note === undefined ? {} : { note }),
    totalEntities,
    ...(centres === undefined ? {} : { centres: centres.filter((id) => shown.has(id)) }),
  };
}
