/**
 * RelationshipProvider over the GraphStore: relationships, neighbours, shortest paths
 * (breadth-first, undirected, bounded), shared-neighbour relatedness and label/degree
 * statistics. Orders are deterministic (relationship id, then entity id).
 */
import type { EntityId } from '../graph/ids';
import type { GraphStore } from '../graph/store';
import type { Relationship } from '../graph/types';
import { normalizeLabel } from '../text/normalize';
import { summarize, type PathView } from './query-context';
import type {
  ConnectedEntityView,
  RelationshipProvider,
  RelationshipQueryOptions,
  RelationshipStats,
  SharedConnection,
} from './relationship.port';
import { viewRelationships } from './graph-views';
import { UNTYPED_LABELS } from './relation-words';

// Neighbours read per node during path search: hubs beyond this are sampled, not exhausted.
export const PATH_NEIGHBOUR_LIMIT = 200;
// Nodes a path search may visit before giving up (keeps the worst case in milliseconds).
export const PATH_VISIT_LIMIT = 5000;
// Relationships scanned for statistics; beyond this the figures are marked partial.
export const STATS_SCAN_LIMIT = 100_000;
const STATS_PAGE = 10_000;
/**
 * Above this many relationships the statistics read no relationship beyond one page: the
 * total comes from the persisted counters and the hubs from the persisted degrees (both
 * O(top)), and labels are counted on the first page only (marked partial). A scan of
 * 100k relationships cost ~1 s of worker CPU per question at 300k (bench:scale).
 */
export const STATS_EXACT_UP_TO = 20_000;
// When filtering by label the store cannot, read this many times the limit first.
const LABEL_OVERFETCH = 10;
const MAX_LABEL_SCAN = 2000;

const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * @example
 *   const rels = new GraphRelationships(store);
 *   const path = await rels.findPath(paystack.id, patrick.id, { maxDepth: 4 });
 *   path.steps.map((s) => s.label) // ['acquired', 'founded_by']
 */
export class GraphRelationships implements RelationshipProvider {
  constructor(
    private readonly store: GraphStore,
    private readonly exactUpTo = STATS_EXACT_UP_TO,
  ) {}

  private async rawRelationships(id: EntityId, options: RelationshipQueryOptions): Promise<Relationship[]> {
    const direction = options.direction ?? 'both';
    if (options.label === undefined) return this.store.relationshipsOf(id, direction, options.limit);
    const label = normalizeLabel(options.label);
    const scan = Math.min(MAX_LABEL_SCAN, options.limit * LABEL_OVERFETCH);
    return (await this.store.relationshipsOf(id, direction, scan)).filter((r) => r.label === label).slice(0, options.limit);
  }

  async getRelationships(entityIds: readonly EntityId[], options: RelationshipQueryOptions) {
    const seen = new Map<string, Relationship>();
    for (const id of entityIds) for (const r of await this.rawRelationships(id, options)) seen.set(r.id, r);
    return viewRelationships(this.store, [...seen.values()]);
  }

  async getConnectedEntities(entityId: EntityId, options: RelationshipQueryOptions): Promise<ConnectedEntityView[]> {
    const rels = await this.rawRelationships(entityId, options);
    const others = await this.store.getEntities(rels.map((r) => (r.from === entityId ? r.to : r.from)));
    const byEntity = new Map(others.map((e) => [e.id, e]));
    const out: ConnectedEntityView[] = [];
    for (const r of rels) {
      const outgoing = r.from === entityId;
      const other = byEntity.get(outgoing ? r.to : r.from);
      if (other) out.push({ entity: summarize(other), label: r.label, direction: outgoing ? 'outgoing' : 'incoming' });
    }
    return out;
  }

  async findPath(
    fromId: EntityId,
    toId: EntityId,
    options: { readonly maxDepth: number; readonly statedOnly?: boolean },
  ): Promise<PathView> {
    const none: PathView = { fromId, toId, steps: [], maxDepth: options.maxDepth };
    if (fromId === toId) return none;
    // Breadth-first from `fromId`; `via` remembers the relationship each node was reached by.
    const via = new Map<EntityId, Relationship | null>([[fromId, null]]);
    let frontier: EntityId[] = [fromId];
    for (let depth = 0; depth < options.maxDepth && frontier.length > 0; depth++) {
      const next: EntityId[] = [];
      for (const node of frontier) {
        // A stated relation before a co-mention: of two links between the same pair, the path says what the page stated.
        const links = (await this.store.relationshipsOf(node, 'both', PATH_NEIGHBOUR_LIMIT))
          .filter((r) => !options.statedOnly || !UNTYPED_LABELS.has(r.label))
          .sort((a, b) => Number(UNTYPED_LABELS.has(a.label)) - Number(UNTYPED_LABELS.has(b.label)));
        for (const r of links) {
          const other = r.from === node ? r.to : r.from;
          if (via.has(other)) continue;
          via.set(other, r);
          if (other === toId) return { ...none, steps: await viewRelationships(this.store, unwind(via, toId)) };
          next.push(other);
          if (via.size >= PATH_VISIT_LIMIT) return none;
        }
      }
      frontier = next;
    }
    return none;
  }

  async findRelatedBySharedConnections(entityId: EntityId, options: { readonly limit: number }): Promise<SharedConnection[]> {
    const neighbours = await this.neighbourIds(entityId);
    const counts = new Map<EntityId, number>();
    for (const n of neighbours) {
      for (const m of await this.neighbourIds(n)) {
        if (m !== entityId) counts.set(m, (counts.get(m) ?? 0) + 1);
      }
    }
    const top = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, options.limit);
    const entities = new Map((await this.store.getEntities(top.map(([id]) => id))).map((e) => [e.id, e]));
    return top.flatMap(([id, shared]) => {
      const e = entities.get(id);
      return e ? [{ entity: summarize(e), shared }] : [];
    });
  }

  async getRelationshipStats(options: { readonly top: number }): Promise<RelationshipStats> {
    const { relationships } = await this.store.counts();
    if (relationships > this.exactUpTo) return this.persistedStats(relationships, options.top);
    const labels = new Map<string, number>();
    const degree = new Map<EntityId, number>();
    let total = 0;
    let after: string | undefined;
    let partial = false;
    for (;;) {
      const page = await this.store.listRelationships({ limit: STATS_PAGE, ...(after === undefined ? {} : { after }) });
      for (const r of page) {
        total++;
        labels.set(r.label, (labels.get(r.label) ?? 0) + 1);
        degree.set(r.from, (degree.get(r.from) ?? 0) + 1);
        degree.set(r.to, (degree.get(r.to) ?? 0) + 1);
      }
      const last = page.at(-1);
      if (page.length < STATS_PAGE || !last) break;
      if (total >= STATS_SCAN_LIMIT) {
        partial = true;
        break;
      }
      after = last.id;
    }
    return {
      relationships: total,
      labels: [...labels.entries()]
        .map(([label, count]) => ({ label, count }))
        .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : 1))
        .slice(0, options.top),
      mostConnected: [...degree.entries()]
        .map(([id, d]) => ({ id, degree: d }))
        .sort((a, b) => b.degree - a.degree || byId(a, b))
        .slice(0, options.top),
      partial,
    };
  }

  /** Large graphs: counters and degrees as persisted, labels of the first page of relationships (partial). */
  private async persistedStats(relationships: number, top: number): Promise<RelationshipStats> {
    const labels = new Map<string, number>();
    for (const r of await this.store.listRelationships({ limit: Math.min(STATS_PAGE, this.exactUpTo) }))
      labels.set(r.label, (labels.get(r.label) ?? 0) + 1);
    return {
      relationships,
      labels: [...labels.entries()]
        .map(([label, count]) => ({ label, count }))
        .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : 1))
        .slice(0, top),
      mostConnected: await this.store.mostConnected({ limit: top }),
      partial: true,
    };
  }

  private async neighbourIds(id: EntityId): Promise<EntityId[]> {
    const rels = await this.store.relationshipsOf(id, 'both', PATH_NEIGHBOUR_LIMIT);
    return [...new Set(rels.map((r) => (r.from === id ? r.to : r.from)))].filter((n) => n !== id);
  }
}

function unwind(via: ReadonlyMap<EntityId, Relationship | null>, target: EntityId): Relationship[] {
  const steps: Relationship[] = [];
  let node = target;
  for (let r = via.get(node); r; r = via.get(node)) {
    steps.push(r);
    node = r.from === node ? r.to : r.from;
  }
  return steps.reverse();
}
