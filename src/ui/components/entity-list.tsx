/**
 * The live entity list: the most recently updated entities, re-rendered whenever
 * the background writes. Read straight from IndexedDB (no message round trip).
 */
import type { Entity } from '../../core/graph/types';
import { panelDb } from '../database';
import { useLiveQuery } from '../live-query';

/** Rows shown at most; the search box reaches the rest. */
const MAX_ROWS = 200;

export function EntityList() {
  const { value: entities, error } = useLiveQuery(
    () => panelDb.entities.orderBy('updatedAt').reverse().limit(MAX_ROWS).toArray(),
    [],
  );
  const { value: total } = useLiveQuery(() => panelDb.entities.count(), []);
  if (error) return <p role="alert" className="error">Could not read the graph: {error.message}</p>;
  if (entities === undefined) return <p className="muted">Loading…</p>;
  if (entities.length === 0) {
    return <p className="muted" data-testid="entity-list-empty">Nothing captured yet. Visit a page and its entities appear here.</p>;
  }
  return (
    <section aria-labelledby="entities-heading">
      <h2 id="entities-heading">
        Entities <span className="count" data-testid="entity-count">{total ?? entities.length}</span>
      </h2>
      <ul className="entity-list" data-testid="entity-list">
        {entities.map((e: Entity) => (
          <li key={e.id} data-testid="entity-row" data-entity-type={e.type}>
            <span className="name">{e.name}</span>
            <span className={`type type-${e.type}`}>{e.type}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
